"""Date ranges as players say them: --season 2026/27, --period "last month",
--since and --until."""

from __future__ import annotations

import datetime as _dt
import re
from typing import TYPE_CHECKING, NamedTuple

from ..errors import SchreiberError
from ..i18n import _, german

if TYPE_CHECKING:
    from ..ledger.stored import DateRange

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
# The same as German players say them (accepted in either language; a German screen names these).
PERIODS_DE = (
    "heute",
    "gestern",
    "diese Woche",
    "vorige Woche",
    "dieser Monat",
    "voriger Monat",
    "dieses Jahr",
    "voriges Jahr",
    "letzte N Tage",
    "alles",
)
_TODAY = {"today": 0, "heute": 0, "yesterday": 1, "gestern": 1}
_ALL = ("all", "alles", "alle")
_THIS = ("this", "dieser", "diese", "dieses", "diesen")
_LAST = ("last", "past", "voriger", "vorige", "voriges", "vorigen", "letzter", "letzte", "letztes", "letzten")
_UNITS = {"week": "week", "woche": "week", "month": "month", "monat": "month", "year": "year", "jahr": "year"}
_DAYS = ("days", "day", "tage", "tag", "tagen")


DATE_MIN = _dt.date(1900, 1, 1)  # every date from outside lies within these (a typo like 0226 or 20266 is said)
DATE_MAX = _dt.date(2199, 12, 31)
_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})", re.ASCII)  # 2026-11-21
_DOTTED = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", re.ASCII)  # 21.11.2026, as written in Austria
_SEASON = re.compile(r"(\d{4})(?:[/-](\d{2}|\d{4}))?", re.ASCII)  # 2026, 2026/27, 2026-27, 2026/2027


def shown(text: str) -> str:
    """What the user gave, as a message quotes it: a very long text cut short."""
    return text if len(text) <= 40 else text[:37] + "..."


class Season(NamedTuple):
    """A season as given: its name as kept (2026, 2026/27) and its first and last day."""

    name: str
    first: str
    last: str


def read_date(text: str, what: str) -> str:
    """A date from outside (YYYY-MM-DD, or D.M.YYYY) as YYYY-MM-DD, from
    DATE_MIN to DATE_MAX; ``what`` names the option in the message."""
    t = text.strip()
    iso, dotted = _ISO.fullmatch(t), _DOTTED.fullmatch(t)
    try:
        if iso:
            day = _dt.date(int(iso[1]), int(iso[2]), int(iso[3]))
        elif dotted:
            day = _dt.date(int(dotted[3]), int(dotted[2]), int(dotted[1]))
        else:
            raise ValueError(t)
    except ValueError:
        raise SchreiberError(
            _("{what} '{text}' is not a date; write it as YYYY-MM-DD, e.g. 2026-09-01"), what=what, text=shown(text)
        ) from None
    if not DATE_MIN <= day <= DATE_MAX:
        raise SchreiberError(
            _("{what} '{text}' is out of range; give a date from {first} to {last}").format(
                what=what, text=shown(text), first=DATE_MIN.isoformat(), last=DATE_MAX.isoformat()
            )
        )
    return day.isoformat()


def read_season(text: str) -> Season:
    """'2026' -> the calendar year; '2026/27', '2026-27' or '2026/2027' -> the
    club season from 1 Sept 2026 to 31 Aug 2027 (named 2026/27; 1999/00 is
    1999/2000); within DATE_MIN to DATE_MAX."""
    m = _SEASON.fullmatch(text.strip())
    start = int(m[1]) if m else 0
    tail = m[2] if m else None
    if m and tail is None:
        season = Season(f"{start}", f"{start}-01-01", f"{start}-12-31")
    elif m and tail is not None and (int(tail) == start + 1 if len(tail) == 4 else int(tail) == (start + 1) % 100):
        season = Season(f"{start}/{(start + 1) % 100:02d}", f"{start}-09-01", f"{start + 1}-08-31")
    else:
        raise SchreiberError(
            _("season '{text}' is not a season; write a year (2026) or a club season (2026/27)"), text=shown(text)
        )
    if not DATE_MIN.isoformat() <= season.first <= season.last <= DATE_MAX.isoformat():
        raise SchreiberError(
            _(
                "season '{text}' is out of range; give a year from {first} to {last} or a club season from {first}/{second:02d} to {before}/{end:02d}"
            ).format(
                text=shown(text),
                first=DATE_MIN.year,
                last=DATE_MAX.year,
                second=(DATE_MIN.year + 1) % 100,
                before=DATE_MAX.year - 1,
                end=DATE_MAX.year % 100,
            )
        )
    return season


def period_range(text: str) -> tuple[str | None, str | None]:
    """A period as players say it, in English or German (``PERIODS``, ``PERIODS_DE``): its first and last day."""
    import pendulum

    t = " ".join(text.strip().lower().split())
    words = t.split()
    today = pendulum.today()
    if t in _ALL:
        return None, None
    if t in _TODAY:
        day = today.subtract(days=_TODAY[t])
        return day.to_date_string(), day.to_date_string()
    if len(words) == 2 and words[1] in _UNITS and words[0] in _THIS + _LAST:
        unit = _UNITS[words[1]]
        when = today if words[0] in _THIS else today.subtract(**{unit + "s": 1})
        return when.start_of(unit).to_date_string(), when.end_of(unit).to_date_string()
    if len(words) == 3 and words[0] in _LAST and words[2] in _DAYS:
        return _last_days(text, words[1], _dt.date.today())
    raise SchreiberError(_("period '{text}' is not known; valid: {PERIODS}"), text=shown(text), PERIODS=periods())


def periods() -> str:
    """The periods a user can give, as the screen's language says them."""
    return ", ".join(PERIODS_DE if german() else PERIODS)


def _last_days(text: str, count: str, today: _dt.date) -> tuple[str, str]:
    """'last N days': today and the N - 1 days before, back to DATE_MIN at most."""
    most = (today - DATE_MIN).days + 1
    if not (count.isascii() and count.isdigit()):
        raise SchreiberError(_("period '{text}' is not known; valid: {PERIODS}"), text=shown(text), PERIODS=periods())
    n = int(count) if len(count) <= len(str(most)) else most + 1  # thousands of digits are not read
    if not 1 <= n <= most:
        raise SchreiberError(
            _("period '{text}' is out of range; give last N days with N from 1 to {most} (back to {first})").format(
                text=shown(text), most=most, first=DATE_MIN.isoformat()
            )
        )
    return (today - _dt.timedelta(days=n - 1)).isoformat(), today.isoformat()


def ranged(*options: str | None) -> bool:
    """Whether any of --since, --until, --season, --period is given (an empty one too: it is said to be wrong)."""
    return any(o is not None for o in options)


def parse_range(since: str | None, until: str | None, season: str | None, period: str | None) -> DateRange:
    """The date range of --since/--until/--season/--period; --since and
    --until narrow a season or period further."""
    from ..ledger.stored import DateRange

    if season is not None and period is not None:
        raise SchreiberError(_("give either --season or --period, not both"))
    lo = hi = None
    if season is not None:
        _name, lo, hi = read_season(season)
    elif period is not None:
        lo, hi = period_range(period)
    if since is not None:
        s = read_date(since, "--since")
        lo = max(lo, s) if lo else s
    if until is not None:
        u = read_date(until, "--until")
        hi = min(hi, u) if hi else u
    if lo and hi and lo > hi:
        raise SchreiberError(_("the range {lo} .. {hi} is empty: --since must not be after --until"), lo=lo, hi=hi)
    return DateRange(lo, hi)


def range_text(rng: DateRange) -> str:
    if not rng.since and not rng.until:
        return _("all evenings")
    since, until = rng.since or _("the beginning"), rng.until or _("today")
    return f"{since} .. {until}"
