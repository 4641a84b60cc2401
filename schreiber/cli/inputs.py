"""Reading what the user hands over: a hand record as JSON, a file of lines."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..domain import json_text
from ..domain.names import match_players
from ..domain.vocabulary import YES_WORDS
from ..errors import SchreiberError
from ..i18n import _

if TYPE_CHECKING:
    from ..service import PastTheEnd


def read_record(text: str) -> dict:
    """A hand record from JSON text ('-' = standard input)."""
    if text == "-":
        text = sys.stdin.read()
    try:
        data = json_text.loads(text)
    except json_text.DuplicateKey as exc:
        raise SchreiberError(_('the hand gives "{key}" twice in one object; give each key once'), key=exc.key) from None
    except json.JSONDecodeError as exc:
        raise SchreiberError(
            _(
                "the hand is not valid JSON ({msg} at line {lineno} column {colno}); see the hand record in the README"
            ).format(msg=exc.msg, lineno=exc.lineno, colno=exc.colno)
        ) from None
    except (ValueError, RecursionError):  # json.loads: a number of thousands of digits, or nesting thousands deep
        raise SchreiberError(
            _(
                "the hand is not a hand record (a number too long or lists nested too deep); see the hand record in the README"
            )
        ) from None
    if not isinstance(data, dict):
        raise SchreiberError(_('the hand must be a JSON object like {"contract": "rufer", ...}'))
    return data


def read_lines(path: str) -> list[str]:
    """The lines of a file (or stdin for '-'), as one clear error if
    unreadable; a UTF-8 byte-order mark at its start is skipped."""
    if path == "-":
        return sys.stdin.read().removeprefix("\ufeff").splitlines()
    try:
        with open(path, encoding="utf-8-sig") as f:
            return f.read().splitlines()
    except FileNotFoundError:
        raise SchreiberError(_("there is no file {path}; check the path").format(path=path)) from None
    except IsADirectoryError:
        raise SchreiberError(_("{path} is a folder; give a JSON Lines file").format(path=path)) from None
    except UnicodeDecodeError:
        raise SchreiberError(_("{path} is not UTF-8 text; save it as UTF-8 JSON Lines").format(path=path)) from None
    except OSError as exc:
        raise SchreiberError(_("cannot read {path}: {strerror}").format(path=path, strerror=exc.strerror)) from None


def pick_player(names: tuple[str, ...], word: str) -> str:
    """A player by name or unique prefix, case-insensitive."""
    match = match_players(word, names, prefix=True)
    if len(match) != 1:
        which = (
            _("'{word}' could be {players}").format(word=word, players=", ".join(match))
            if match
            else _("unknown player '{word}'").format(word=word)
        )
        raise SchreiberError(_("{which}; the evening's players are {names}"), which=which, names=", ".join(names))
    return match[0]


def parse_tarif(text: str) -> int:
    """'0.10', '10c', '10 ct' -> cents."""
    from decimal import Decimal, InvalidOperation

    from ..domain.rules import TARIF_MAX_CENTS  # here: a correction at the table never reads the rules module

    t = text.strip().lower().replace("€", "").replace("eur", "").replace(",", ".").strip()
    unit = next((u for u in ("cent", "ct", "c") if t.endswith(u)), "")
    cents = bool(unit)
    t = t.removesuffix(unit).strip()
    try:
        d = Decimal(t)
    except InvalidOperation:
        raise SchreiberError(_("tarif '{text}' is not an amount; write e.g. 0.10 (euro) or 10c"), text=text) from None
    if not d.is_finite() or not 0 <= d <= (TARIF_MAX_CENTS if cents else TARIF_MAX_CENTS // 100):
        raise SchreiberError(
            _("tarif '{text}' is out of range; give 0 to {x}.00 (euro) a point, e.g. 0.10 or 10c").format(
                text=text, x=TARIF_MAX_CENTS // 100
            )
        )
    value = d if cents else d * 100
    if value != value.to_integral_value():
        raise SchreiberError(_("tarif '{text}' must be a whole number of cents, e.g. 0.10 or 10c").format(text=text))
    return int(value)


def parse_date(text: str | None) -> str:
    """An evening's or a tournament's date as YYYY-MM-DD (today when not given)."""
    import datetime as _dt

    from .dates import read_date

    return _dt.date.today().isoformat() if text is None else read_date(text, "--date")


def typed(question: str, err: bool = False) -> str:
    """The question, and the line typed after it on standard input (a terminal)."""
    from .root import echo

    echo(question, err=err, nl=False, whole=True)  # typed after on its line
    return sys.stdin.readline()


def ask_yes(question: str, err: bool = False, ask: Callable[[str], str | None] | None = None) -> bool:
    """The question, ``[y/N]``, and the answer: a line from standard input
    (``ask``: the line the table session reads): whether it said yes (j,
    ja, y, yes; anything else, or nothing, is no)."""
    asked = f"{question} [{_('y/N')}] "
    answer = typed(asked, err) if ask is None else ask(asked)
    return (answer or "").strip().lower() in YES_WORDS


def plays_on(exc: PastTheEnd, ask: Callable[[str], str | None] | None, say: Callable[[str], Any]) -> bool:
    """Whether a hand after the evening's end (the Sküsradl played) is
    entered: the table is asked (``ask``); where nobody is asked (a script,
    a file replayed) it is, with a note (``say``)."""
    if ask is None:
        say(_("note: {what}; entered all the same").format(what=exc))
        return True
    return ask_yes(
        _("The evening is over (Sküsradl played). Enter hand {n} all the same?").format(n=exc.number), ask=ask
    )
