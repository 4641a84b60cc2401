"""Date ranges as players say them: --season 2026/27, --period "last month",
--since and --until."""

from __future__ import annotations

import datetime as _dt
from typing import TYPE_CHECKING

from ..errors import SchreiberError
from ..i18n import _

if TYPE_CHECKING:
    from ..ledger.values import DateRange

PERIODS = (
    "today",
    "yesterday",
    "this week",
    "last week",
    "this month",
    "last month",
    "this year",
    "last year",
    "last N days",
    "all",
)


def _date(text: str, what: str) -> str:
    try:
        return _dt.date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise SchreiberError(
            _("{what} '{text}' is not a date; write it as YYYY-MM-DD, e.g. 2026-09-01").format(what=what, text=text)
        ) from None


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
    raise SchreiberError(
        _("season '{text}' is not a season; write a year (2026) or a club season (2026/27)").format(text=text)
    )


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
    raise SchreiberError(
        _("period '{text}' is not known; valid: {PERIODS}").format(text=text, PERIODS=", ".join(PERIODS))
    )


def parse_range(since: str | None, until: str | None, season: str | None, period: str | None) -> DateRange:
    """The date range of --since/--until/--season/--period; --since and
    --until narrow a season or period further."""
    from ..ledger.values import DateRange

    if season and period:
        raise SchreiberError(_("give either --season or --period, not both"))
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
        raise SchreiberError(
            _("the range {lo} .. {hi} is empty: --since must not be after --until").format(lo=lo, hi=hi)
        )
    return DateRange(lo, hi)


def range_text(rng: DateRange) -> str:
    if not rng.since and not rng.until:
        return _("all evenings")
    since, until = rng.since or _("the beginning"), rng.until or _("today")
    return f"{since} .. {until}"
