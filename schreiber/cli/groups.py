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

import copy
import importlib
import os
from typing import Annotated

import typer
from typer.main import get_command_name
from typer.models import CommandInfo

from ..i18n import _, choose, german
from .root import OPTS, app, echo, translate_help

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
    """The typer app with the commands ``argv`` needs registered: of a
    command line that names a command (``hand void``), that command alone."""
    name = None if os.environ.get("_SCHREIBER_COMPLETE") else command_name(argv)  # completion: every command
    needed = () if name == "" else MODULES.get(name or "", ("commands",))
    for module in needed:
        importlib.import_module(f"{__package__}.{module}")
    if german():
        translate_help(app)  # the infos the lean copy shares, and typer's own words
    return only(app, command_path(argv)) if name else app


def command_path(argv: list[str]) -> list[str]:
    """The words that name the command (``["hand", "void", "3"]``): after the
    global options, up to the first option."""
    i = 0
    while i < len(argv) and argv[i].startswith(("--db", "--lang")):
        i += 2 if argv[i] in ("--db", "--lang") else 1
    path = []
    for a in argv[i:]:
        if a.startswith("-"):
            break
        path.append(a)
    return path


def only(group: typer.Typer, path: list[str]) -> typer.Typer:
    """A copy of ``group`` with only the command or subgroup ``path[0]``
    registered (and within a subgroup, only ``path[1]``), so typer builds
    just the command that runs, defined where it is; ``group`` itself where
    ``path`` names none of its commands (typer then says what there is)."""
    commands = [c for c in group.registered_commands if _name(c) == path[:1] and c.callback is not None]
    groups = [g for g in group.registered_groups if [g.name] == path[:1]]
    if not commands and not groups:
        return group
    lean = copy.copy(group)
    lean.registered_commands = commands
    lean.registered_groups = []
    for g in groups:
        sub = copy.copy(g)
        if g.typer_instance is not None and len(path) > 1:
            sub.typer_instance = only(g.typer_instance, path[1:])
        lean.registered_groups.append(sub)
    return lean


def _name(command: CommandInfo) -> list[str]:
    """The command's name as typer gives it (``[]`` for none)."""
    if command.name:
        return [command.name]
    return [get_command_name(command.callback.__name__)] if command.callback else []


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

        echo(f"schreiber {__version__}")
        raise typer.Exit()
    if ctx.invoked_subcommand is None:
        from .report import show_default

        show_default()
