"""The words of the short notation (folded, see ``names.fold``), the errors
it raises, and the small readers the parser and the writer share."""

from __future__ import annotations

import re
import shlex

from ...errors import SchreiberError
from ...i18n import _
from ..names import closest


class NotationError(SchreiberError, ValueError):
    """The notation of a hand cannot be read; the message says why and how to fix it."""


# Words of the notation, folded (names.fold). The first of each group is the
# one format_notation writes.
RESULT_WORDS = {
    "+": "won",
    "-": "lost",
    "g": "won",
    "gew": "won",
    "gewonnen": "won",
    "gwonnen": "won",
    "won": "won",
    "win": "won",
    "v": "lost",
    "verl": "lost",
    "verloren": "lost",
    "lost": "lost",
    "loss": "lost",
}
KONTRA_WORDS = {
    "kontra": "kontra",
    "contra": "kontra",
    "spritzen": "kontra",
    "gspritzt": "kontra",
    "re": "re",
    "rekontra": "re",
    "retour": "re",
    "sub": "sub",
    "subkontra": "sub",
    "superkontra": "sub",
    "hirsch": "hirsch",
    "hirschkontra": "hirsch",
    "mord": "mord",
    "mordkontra": "mord",
}
TALON_WORDS = ("talon", "stock")
OWN_WORDS = ("selbst", "selber", "allein", "sich")
CONCEDE_WORDS = ("schleifen", "geschleift", "schleift", "aufgegeben", "aufgeben", "conceded")
PARTY_KEYS = ("geg", "gegner", "gegen", "opp", "opponents")
DEALER_KEYS = ("geber", "gibt", "teiler", "dealer")
RENONCE_KEYS = ("renonce", "ren")
MIT_KEYS = ("mit",)
KEYWORDS = set(RESULT_WORDS) | set(KONTRA_WORDS) | set(TALON_WORDS) | set(OWN_WORDS) | set(CONCEDE_WORDS)
KV_KEYS = PARTY_KEYS + DEALER_KEYS + RENONCE_KEYS + MIT_KEYS + tuple(KONTRA_WORDS)

NUMBER = re.compile(r"([0-9]{1,4})(?:/([0-9]{1,4}))?(?:#([0-9]{1,4}))?")
PREMIUM = re.compile(r"(!?)([^!@+\-]+(?:-[^!@+\-]+)*)([+\-!]*)(?:@([^!@+\-]*))?([+\-!]*)")
NAME_TRICKS = re.compile(r"(.+)#([0-9]{1,4})")
QUOTE_NEEDED = re.compile(r"[\s'\"\\]")


def err(msg: str, **values: object) -> NotationError:
    return NotationError(" ".join((msg.format(**values) if values else msg).split()))


def listing(names) -> str:
    return ", ".join(names)


def did_you_mean(word: str, choices) -> str:
    near = closest(word, choices) if word else []
    return _(" (did you mean {words}?)").format(words=_(" or ").join(near)) if near else ""


def tokens(text) -> list[str]:
    if isinstance(text, str):
        parts = [text]
    elif isinstance(text, (list, tuple)) and all(isinstance(t, str) for t in text):
        parts = list(text)
    else:
        raise err(_("the notation must be text or a list of words, not {name}").format(name=type(text).__name__))
    out: list[str] = []
    for part in parts:
        if isinstance(text, str) or re.search(r"\s", part):
            try:
                out.extend(shlex.split(part))
            except ValueError as exc:
                if "quotation" in str(exc):
                    raise err(_("cannot read '{part}': no closing quotation; close the quote"), part=part) from None
                raise err(
                    _("cannot read '{part}': no escaped character; remove the backslash at the end"), part=part
                ) from None
        elif part:
            out.append(part)
    return out


def number_value(head: str, rest: str | None):
    """Card points as the record writes them: an int, or Blatt text "35/2"."""
    return int(head) if rest is None else f"{int(head)}/{int(rest)}"
