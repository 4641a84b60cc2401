"""Options several commands share, each declared once: its name, its kind
and its default; a command that says in its help what the option gives
there passes those words (``json_option(_("Print the sheet as JSON."))``).
Imported by the command modules only, after the screen's language is
chosen: the help texts are read in it."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ..i18n import _


def json_option(help_text: str | None = None) -> Any:
    """``--json``: the command's output as one JSON document (never translated)."""
    return typer.Option("--json", help=help_text or _("Print JSON."))


def csv_option(help_text: str | None = None) -> Any:
    """``--csv``: the command's table as CSV."""
    return typer.Option("--csv", help=help_text or _("Print CSV."))


def fmt_option(help_text: str | None = None) -> Any:
    """``--fmt``: the tabulate format of the command's table."""
    return typer.Option("--fmt", help=help_text or _("Table format: any tabulate format (simple, github, html, ...)."))


def evening_option(help_text: str | None = None) -> Any:
    """``--evening N``: an evening by its number."""
    return typer.Option(
        "--evening",
        metavar="N",
        help=help_text
        or _("The evening by its number (schreiber evening list); may be left out while only one is open."),
    )


JsonOut = Annotated[bool, json_option()]
CsvOut = Annotated[bool, csv_option()]
Fmt = Annotated[str, fmt_option()]
EveningNumber = Annotated[int | None, evening_option()]

Since = Annotated[str | None, typer.Option("--since", help=_("First date, YYYY-MM-DD (inclusive)."))]
Until = Annotated[str | None, typer.Option("--until", help=_("Last date, YYYY-MM-DD (inclusive)."))]
Season = Annotated[
    str | None, typer.Option("--season", help=_("A calendar year (2026) or a club season from September (2026/27)."))
]
Period = Annotated[
    str | None,
    typer.Option(
        "--period",
        help=_(
            "'this month', 'last month', 'this year', 'last year', 'this week', 'last week', 'today', 'yesterday', 'last 30 days', 'all'."
        ),
    ),
]
