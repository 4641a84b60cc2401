"""The command line: thin commands over the ledger and the engine.

Each command opens the ledger, calls one method, and prints. Errors the user
can fix become one line on stderr and exit status 1; nothing is written.
Heavy imports (tabulate, pendulum) happen inside the commands that need them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

app = typer.Typer(
    help="schreiber: the scorekeeper (Schreiber) for Tarock Königrufen.\n\n"
    "Start an evening, enter hands, read the sheet, settle in cash.",
    no_args_is_help=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    add_completion=False,
)


class _Opts:
    db: Optional[str] = None


OPTS = _Opts()


def db_path() -> Path:
    if OPTS.db:
        return Path(OPTS.db).expanduser()
    from ..ledger.store import default_path

    return default_path()


def ledger():
    from ..ledger.store import Ledger

    return Ledger(db_path())


def print_json(data) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    db: Annotated[
        Optional[str],
        typer.Option("--db", envvar="SCHREIBER_DB", help="Ledger file (default: in the user's app directory)."),
    ] = None,
    version: Annotated[bool, typer.Option("--version", help="Show the version and exit.")] = False,
) -> None:
    OPTS.db = db
    if version:
        from .. import __version__

        typer.echo(f"schreiber {__version__}")
        raise typer.Exit()
    if ctx.invoked_subcommand is None:
        from .report import show_default

        show_default()


from . import evening as _evening  # noqa: E402,F401  (registers commands)
from . import hand as _hand  # noqa: E402,F401
from . import report as _report  # noqa: E402,F401
from . import rules as _rules  # noqa: E402,F401
from . import tisch as _tisch  # noqa: E402,F401
from . import money as _money  # noqa: E402,F401
from . import stats as _stats  # noqa: E402,F401
from . import exchange as _exchange  # noqa: E402,F401
from . import backup as _backup  # noqa: E402,F401


def main() -> None:
    """Console entry point (see schreiber.cli.entry): every error is one clear line."""
    from .entry import main as entry_main

    entry_main()
