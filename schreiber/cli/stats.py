"""`schreiber stats` and `schreiber chart`: the season in figures and lines."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import SchreiberError
from ..i18n import _, german, ngettext
from ..render import fit
from .dates import parse_range, range_text, ranged
from .options import EveningNumber, Period, Season, Since, Until, csv_option, fmt_option, json_option
from .report import screen_width
from .root import echo, ledger, print_json, service

if TYPE_CHECKING:
    from ..ledger.store import Ledger
    from ..ledger.stored import DateRange
    from ..reports.stats_screen import Part

TABLES = ("leaderboard", "players", "declarer", "contracts", "premiums", "partners", "opponents")
# Each table as German players call it (accepted in either language; a German screen names these).
TABLES_DE = {
    "rangliste": "leaderboard",
    "spieler": "players",
    "gespielt": "declarer",
    "spiele": "contracts",
    "prämien": "premiums",
    "partner": "partners",
    "gegner": "opponents",
}
_SPELT = {"praemien": "premiums"} | TABLES_DE | {t: t for t in TABLES}


def table_words() -> list[str]:
    """The tables' names in the screen's language."""
    return list(TABLES_DE) if german() else list(TABLES)


def read_table(text: str) -> str:
    """A table as given (English or German, in any case) -> its name in ``TABLES``."""
    found = _SPELT.get(text.strip().casefold())
    if found is None:
        raise SchreiberError(_("unknown table '{table}'; valid: {TABLES}"), table=text, TABLES=", ".join(table_words()))
    return found


def stats(
    json_out: Annotated[bool, json_option(_("Print every figure as one JSON document."))] = False,
    csv_out: Annotated[bool, csv_option(_("Print one table as CSV (see --table)."))] = False,
    fmt: Annotated[
        str, fmt_option(_("Table format: any tabulate format (simple, github, grid, html, latex, ...)."))
    ] = "simple",
    table: Annotated[
        str | None,
        typer.Option(
            "--table",
            help=_("Only this table: {TABLES} (--csv: default {first}).").format(
                TABLES=", ".join(table_words()), first=table_words()[0]
            ),
        ),
    ] = None,
    since: Since = None,
    until: Until = None,
    season: Season = None,
    period: Period = None,
    schrift: Annotated[
        bool,
        typer.Option("--schrift", help=_("Points and ranking by the written score (Schrift) instead of the money.")),
    ] = False,
) -> None:
    """Statistics over the ledger's evenings: points, money, contracts, premiums, partners.

    Voided hands never count; a sitting-out dealer did not play the hand.

    Example: schreiber stats --season 2026/27 --table contracts --fmt github
    """
    from ..render import as_data, csv_text
    from ..render import table as render_table
    from ..reports.stats import compute, tables, to_json

    rng = parse_range(since, until, season, period)
    name = read_table(table) if table is not None else None
    led = ledger()
    data = compute(led.statistics(rng, schrift))
    if json_out:
        print_json(to_json(data, rng))
        return
    if csv_out:
        with as_data():
            sys.stdout.write(csv_text(*tables(data)[name or "leaderboard"]))
        return
    render_table([], [], fmt)  # an unknown format fails before any output
    _print_stats(data, rng, name, fmt, led)


def _print_stats(data: dict, rng: DateRange, table: str | None, fmt: str, led: Ledger) -> None:
    """The statistics as text: every table with its title, or the one asked for
    (contracts and premiums by the names of the rules of ``led``'s evenings)."""
    from ..reports.stats_screen import TITLES, Names, screen

    if not data["players"]:
        echo(_("No hands in {range_text}. Enter some with: schreiber hand add").format(range_text=range_text(rng)))
        return
    if table is None:
        echo(
            fit(
                _("Statistics for {range_text}: {evenings}, {hands}\n").format(
                    range_text=range_text(rng),
                    evenings=ngettext("{n} evening", "{n} evenings", data["evenings"]).format(n=data["evenings"]),
                    hands=ngettext("{n} hand", "{n} hands", data["hands"]).format(n=data["hands"]),
                ),
                screen_width(),
            )
        )
    shown = screen(data, Names(*led.game_names(rng)))
    for name in [table] if table else TABLES:
        if not table:
            echo(fit(_(TITLES[name]), screen_width()))
        echo("\n\n".join(_part(part, fmt) for part in shown[name]), whole=True)  # laid out for the width
        if not table:
            echo("")


def _part(part: Part, fmt: str) -> str:
    """One part of a table, with its caption above and its note below (each in lines of 80 columns)."""
    from ..render import fitted_table

    text = fitted_table(part.headers, part.rows, part.right, fmt, part.keep, screen_width() or 80)
    if part.caption:
        text = "\n".join([*_lines(part.caption), text])
    if part.note:
        text = "\n".join([text, *_lines(part.note)])
    return text


def _lines(text: str) -> list[str]:
    """A caption or note in lines of 80 columns at most (a wide character taking two)."""
    from ..render import columns

    width = screen_width() or 80
    wide = columns(text) - len(text)
    if len(text) + wide <= width:
        return [text]
    import textwrap

    return textwrap.wrap(text, max(width - wide, 20), break_long_words=False)


def chart(
    evening_id: EveningNumber = None,
    since: Since = None,
    until: Until = None,
    season: Season = None,
    period: Period = None,
    width: Annotated[
        int | None, typer.Option("--width", help=_("Columns to use (default: the terminal's, at most 80)."))
    ] = None,
    height: Annotated[int, typer.Option("--height", help=_("Rows of the chart (default 12)."))] = 12,
    player: Annotated[
        list[str] | None, typer.Option("--player", help=_("Only these players (repeat the option)."))
    ] = None,
) -> None:
    """Each player's running balance as a line chart with sparklines.

    Without a range: one evening, hand by hand (--evening N; default: the
    open one, or while none is open the last one). With --season, --period,
    --since or --until: the running total after each evening of the range.

    Example: schreiber chart --season 2026
    """
    from ..reports.chart import render

    width = width or max(40, min(screen_width() or 80, 80))
    if width < 40 or height < 4:
        raise SchreiberError(_("the chart needs --width 40 or more and --height 4 or more"))
    if ranged(since, until, season, period) and evening_id is not None:
        raise SchreiberError(_("give either --evening or a date range, not both"))
    title, xlabel, series = _series(evening_id, since, until, season, period)
    if player:
        series = _chosen(series, player)
    unicode = (sys.stdout.encoding or "").lower().replace("-", "").startswith("utf")
    echo(render(title, xlabel, series, width=width, height=height, unicode=unicode), whole=True)


def _chosen(series: dict[str, list[float]], wanted: list[str]) -> dict[str, list[float]]:
    """The lines of the players asked for, each name as ``match_players`` reads it."""
    from ..domain.names import match_players

    found = {w: match_players(w, list(series)) for w in wanted}
    unknown = [w.strip() for w, m in found.items() if not m]
    if unknown:
        raise SchreiberError(
            _("no player {unknown} in this chart; players: {series}").format(
                unknown=", ".join(unknown), series=", ".join(series)
            )
        )
    chosen = {p for m in found.values() for p in m}
    return {p: v for p, v in series.items() if p in chosen}


def _series(
    evening_id: int | None, since: str | None, until: str | None, season: str | None, period: str | None
) -> tuple[str, str, dict[str, list[float]]]:
    from ..reports.chart import evening_series, season_series

    svc = service()
    led = svc.ledger
    if ranged(since, until, season, period):
        found = season_series(led.evening_totals(parse_range(since, until, season, period)))
        if found is None:
            raise SchreiberError(_("no hands in this range; try another --season, --period or --since/--until"))
        return found
    ev = svc.evening(evening_id, or_latest=True)
    return evening_series(ev, led.entry_totals(ev))
