"""Options several commands share, declared once."""

from __future__ import annotations

from typing import Annotated

import typer

from ..i18n import _

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
EveningNumber = Annotated[
    int | None,
    typer.Option(
        "--evening",
        metavar="N",
        help=_("The evening by its number (schreiber evening list); may be left out while only one is open."),
    ),
]
