"""`schreiber stats` and `schreiber chart`: the season in figures and lines."""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from ..errors import SchreiberError
from . import app, ledger, print_json

PERIODS = ("today", "yesterday", "this week", "last week", "this month", "last month",
           "this year", "last year", "last N days", "all")

Since = Annotated[Optional[str], typer.Option("--since", help="First date, YYYY-MM-DD (inclusive).")]
Until = Annotated[Optional[str], typer.Option("--until", help="Last date, YYYY-MM-DD (inclusive).")]
Season = Annotated[Optional[str], typer.Option(
    "--season", help="A calendar year (2026) or a club season from September (2026/27).")]
Period = Annotated[Optional[str], typer.Option(
    "--period", help="'this month', 'last month', 'this year', 'last year', 'this week', 'last week', "
                     "'today', 'yesterday', 'last 30 days', 'all'.")]


def _date(text: str, what: str) -> str:
    import datetime as _dt

    try:
        return _dt.date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise SchreiberError(f"{what} '{text}' is not a date; write it as YYYY-MM-DD, e.g. 2026-09-01") from None


def season_range(text: str) -> tuple[str, str]:
    """'2026' -> the calendar year; '2026/27' or '2026-27' -> 1 Sept 2026 to 31 Aug 2027."""
    t = text.strip()
    if t.isdigit() and len(t) == 4:
        return f"{t}-01-01", f"{t}-12-31"
    for sep in ("/", "-"):
        head, s, tail = t.partition(sep)
        if s and head.isdigit() and len(head) == 4 and tail.isdigit() and len(tail) in (2, 4):
            start = int(head)
            end = int(tail) if len(tail) == 4 else start // 100 * 100 + int(tail)
            if end == start + 1:
                return f"{start}-09-01", f"{end}-08-31"
    raise SchreiberError(f"season '{text}' is not a season; write a year (2026) or a club season (2026/27)")


def period_range(text: str) -> tuple[str | None, str | None]:
    import pendulum

    t = " ".join(text.strip().lower().split())
    today = pendulum.today()
    if t == "all":
        return None, None
    if t == "today":
        return today.to_date_string(), today.to_date_string()
    if t == "yesterday":
        y = today.subtract(days=1)
        return y.to_date_string(), y.to_date_string()
    for unit in ("week", "month", "year"):
        if t == f"this {unit}":
            return today.start_of(unit).to_date_string(), today.end_of(unit).to_date_string()
        if t == f"last {unit}":
            last = today.subtract(**{unit + "s": 1})
            return last.start_of(unit).to_date_string(), last.end_of(unit).to_date_string()
    words = t.split()
    if len(words) == 3 and words[0] in ("last", "past") and words[1].isdigit() and words[2] in ("days", "day"):
        n = int(words[1])
        if n >= 1:
            return today.subtract(days=n - 1).to_date_string(), today.to_date_string()
    raise SchreiberError(f"period '{text}' is not known; valid: {', '.join(PERIODS)}")


def parse_range(since: Optional[str], until: Optional[str], season: Optional[str], period: Optional[str]):
    """The date range of --since/--until/--season/--period; --since and
    --until narrow a season or period further."""
    from ..ledger.values import DateRange as Range

    if season and period:
        raise SchreiberError("give either --season or --period, not both")
    lo = hi = None
    if season:
        lo, hi = season_range(season)
    elif period:
        lo, hi = period_range(period)
    if since:
        s = _date(since, "--since")
        lo = max(lo, s) if lo else s
    if until:
        u = _date(until, "--until")
        hi = min(hi, u) if hi else u
    if lo and hi and lo > hi:
        raise SchreiberError(f"the range {lo} .. {hi} is empty: --since must not be after --until")
    return Range(lo, hi)


def _range_text(rng) -> str:
    if not rng.since and not rng.until:
        return "all evenings"
    return f"{rng.since or 'the beginning'} .. {rng.until or 'today'}"


TABLES = ("leaderboard", "players", "declarer", "contracts", "premiums", "partners", "opponents")


@app.command("stats")
def stats(
    json_out: Annotated[bool, typer.Option("--json", help="Print every figure as one JSON document.")] = False,
    csv_out: Annotated[bool, typer.Option("--csv", help="Print one table as CSV (see --table).")] = False,
    fmt: Annotated[str, typer.Option("--fmt", help="Table format: any tabulate format (simple, github, grid, html, latex, ...).")] = "simple",
    table: Annotated[Optional[str], typer.Option("--table", help=f"Only this table: {', '.join(TABLES)} (--csv: default leaderboard).")] = None,
    since: Since = None,
    until: Until = None,
    season: Season = None,
    period: Period = None,
) -> None:
    """Statistics over the ledger's evenings: points, money, contracts, premiums, partners.

    Voided hands never count; a sitting-out dealer did not play the hand.

    Example: schreiber stats --season 2026/27 --table contracts --fmt github
    """
    from ..reports.stats import TABLE_TITLES, compute, tables, to_json

    rng = parse_range(since, until, season, period)
    if table is not None and table not in TABLES:
        raise SchreiberError(f"unknown table '{table}'; valid: {', '.join(TABLES)}")
    led = ledger()
    data = compute(led.db, rng)
    if json_out:
        print_json(to_json(data, rng))
        return
    all_tables = tables(data)
    from ..render import csv_text
    from ..render import table as render_table

    if csv_out:
        headers, rows = all_tables[table or "leaderboard"]
        sys.stdout.write(csv_text(headers, rows))
        return
    render_table([], [], fmt)  # an unknown format fails before any output
    if not data["players"]:
        typer.echo(f"No hands in {_range_text(rng)}. Enter some with: schreiber hand add")
        return
    if table is None:
        typer.echo(f"Statistics for {_range_text(rng)}: {data['evenings']} evenings, {data['hands']} hands\n")
    for name in ([table] if table else TABLES):
        headers, rows = all_tables[name]
        if not table:
            typer.echo(TABLE_TITLES[name])
        typer.echo(render_table(headers, rows, fmt))
        if not table:
            typer.echo("")


@app.command("chart")
def chart(
    evening_id: Annotated[Optional[int], typer.Option("--evening", help="One evening, hand by hand (default: the open or last one).")] = None,
    since: Since = None,
    until: Until = None,
    season: Season = None,
    period: Period = None,
    width: Annotated[int, typer.Option("--width", help="Columns to use (default 80).")] = 80,
    height: Annotated[int, typer.Option("--height", help="Rows of the chart (default 12).")] = 12,
    player: Annotated[Optional[list[str]], typer.Option("--player", help="Only these players (repeat the option).")] = None,
) -> None:
    """Each player's running balance as a line chart with sparklines.

    Without a range: one evening, hand by hand. With --season, --period,
    --since or --until: the running total after each evening of the range.

    Example: schreiber chart --season 2026
    """
    from ..reports.chart import evening_series, render, season_series

    if width < 40 or height < 4:
        raise SchreiberError("the chart needs --width 40 or more and --height 4 or more")
    led = ledger()
    if any((since, until, season, period)):
        if evening_id is not None:
            raise SchreiberError("give either --evening or a date range, not both")
        rng = parse_range(since, until, season, period)
        title, xlabel, series = season_series(led, rng)
    else:
        title, xlabel, series = evening_series(led, evening_id)
    if player:
        wanted = {p.strip().casefold() for p in player}
        unknown = wanted - {p.casefold() for p in series}
        if unknown:
            raise SchreiberError(f"no player {', '.join(sorted(unknown))} in this chart; players: {', '.join(series)}")
        series = {p: v for p, v in series.items() if p.casefold() in wanted}
    unicode = (sys.stdout.encoding or "").lower().replace("-", "").startswith("utf")
    typer.echo(render(title, xlabel, series, width=width, height=height, unicode=unicode))
