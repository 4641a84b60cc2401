"""The errors the short notation raises, and the small readers the parser
and the writer share (its words: ``domain/vocabulary.py``)."""

from __future__ import annotations

import re
import shlex

from ...errors import SchreiberError
from ...i18n import _
from ..names import closest


class NotationError(SchreiberError, ValueError):
    """The notation of a hand cannot be read; the message says why and how to fix it."""


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
