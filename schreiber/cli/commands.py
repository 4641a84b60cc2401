"""The full command line: the app with its global options and every command
group registered."""

from __future__ import annotations

from typing import Annotated

import typer

from . import backup, cup, evening, exchange, hand, merge, money, publish, report, rules, stats, tisch  # noqa: F401  (register)
from .root import OPTS, app

__all__ = ["app"]


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    db: Annotated[
        str | None,
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
        report.show_default()
