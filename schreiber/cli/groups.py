"""The global options (``--db``, ``--lang``, ``--version``), and which command modules a
command line needs: only those are imported, so typer builds the part of the
command tree that runs.

Each command is defined once, in its module, with its typer decorators;
``MODULES`` only says which module registers each top-level command or group
(``tests/cli/test_groups.py`` checks it against the full command line of
``commands.py``, and that each command is the same when only its modules are
loaded). ``--help`` at the top, an unknown command or none of these loads
every module (``commands.py``), so help and errors read as with the full command line.
"""

from __future__ import annotations

import importlib
import os
from typing import Annotated

import typer

from ..i18n import _, choose, german
from .root import OPTS, app, translate_help

MODULES: dict[str, tuple[str, ...]] = {
    "backup": ("backup",),
    "balance": ("report",),
    "check": ("backup",),
    "chart": ("stats",),
    "cup": ("cup",),
    "entry": ("hand",),
    "evening": ("evening", "money"),
    "export": ("exchange",),
    "hand": ("hand", "exchange"),
    "merge": ("merge",),
    "publish": ("publish",),
    "player": ("hand",),
    "radl": ("hand",),
    "redeal": ("hand",),
    "rules": ("rules",),
    "settle": ("money",),
    "sheet": ("report",),
    "stats": ("stats",),
    "strafpunkt": ("hand",),
    "tisch": ("tisch",),
    "undo": ("hand",),
}


def command_name(argv: list[str]) -> str | None:
    """The top-level command of a command line ("" for none), or None when
    the whole command line is needed (``--help`` before any command)."""
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--db", "--lang"):
            i += 2
        elif a.startswith(("--db=", "--lang=")) or a == "--version":
            i += 1
        elif a.startswith("-"):
            return None
        else:
            return a
    return ""


def app_for(argv: list[str]) -> typer.Typer:
    """The typer app with the commands ``argv`` needs registered."""
    name = None if os.environ.get("_SCHREIBER_COMPLETE") else command_name(argv)  # completion: every command
    needed = () if name == "" else MODULES.get(name or "", ("commands",))
    for module in needed:
        importlib.import_module(f"{__package__}.{module}")
    if german():
        translate_help(app)
    return app


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    db: Annotated[
        str | None,
        typer.Option("--db", envvar="SCHREIBER_DB", help=_("Ledger file (default: in the user's app directory).")),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            envvar="SCHREIBER_LANG",
            metavar="de|en",
            help=_("Language of the screens: de or en (default: the locale's, German for de_AT, de_DE, ...)."),
        ),
    ] = None,
    version: Annotated[bool, typer.Option("--version", help=_("Show the version and exit."))] = False,
) -> None:
    OPTS.db = db
    choose(lang)
    if version:
        from .. import __version__

        typer.echo(f"schreiber {__version__}")
        raise typer.Exit()
    if ctx.invoked_subcommand is None:
        from .report import show_default

        show_default()
