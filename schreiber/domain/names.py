"""Game terms as players say them: ids, German names and their aliases."""

from __future__ import annotations

import difflib
import unicodedata
from functools import cached_property, lru_cache
from typing import TypeVar

from ..errors import SchreiberError
from ..i18n import _

T = TypeVar("T")
KONTRA_LEVELS = ("kontra", "re", "sub", "hirsch", "mord")  # the doublings, lowest first
# The premiums in the order players announce them: the birds from the Pagat up, Trull, Könige, König
# ultimo, Valat; then the catches and the premiums of single presets. Every premium of every preset (and
# of the example rules files) is here; another rules file's own follow them, by id.
SPOKEN_PREMIUMS = (
    "pagat",
    "uhu",
    "kakadu",
    "quapil",
    "trull",
    "koenige",
    "koenig-ultimo",
    "valat",
    "koenigfang",
    "mondfang",
    "skuesfang",
    "sack",  # a circle's own (examples/rules/stammtisch.toml), beside tirol's two
    "sack1",
    "sack2",
    "grammaboy",
    "rossputin",
)
_SPOKEN_RANK = {pid: i for i, pid in enumerate(SPOKEN_PREMIUMS)}


def spoken_order(premium_ids) -> list[str]:
    """Premium ids in the order players say them (``SPOKEN_PREMIUMS``), the
    same whichever order a preset file or the stored rules (sorted by id) give."""
    return sorted(premium_ids, key=lambda pid: (_SPOKEN_RANK.get(pid, len(_SPOKEN_RANK)), pid))


_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "é": "e", "è": "e"})


@lru_cache(maxsize=4096)
def fold(word: str) -> str:
    """Lower case, umlauts spelled out, no spaces, dashes, dots or underscores
    (kept per word: the same few contract and premium names come at every hand)."""
    w = unicodedata.normalize("NFC", word).strip().lower().translate(_FOLD)
    return "".join(ch for ch in w if ch not in " -_.'’")


def term_index(entries: dict) -> dict[str, str]:
    """Map every folded id, name and alias of contracts or premiums to the id."""
    index: dict[str, str] = {}
    for eid, e in entries.items():
        for word in (eid, e.name, *e.aliases):
            index.setdefault(fold(word), eid)
    for eid in entries:  # an id always wins over another entry's alias
        index[fold(eid)] = eid
    return index


class Terms(dict[str, T]):
    """A table of contracts or premiums by id, never changed once read: the
    words that name each entry and the enabled entries, each worked out the
    first time a hand asks (shared: not to be changed)."""

    @cached_property
    def index(self) -> dict[str, str]:
        return term_index(self)

    @cached_property
    def active(self) -> dict[str, T]:
        return {k: v for k, v in self.items() if v.enabled}  # type: ignore[attr-defined]


def lookup(word: str, entries: Terms) -> str | None:
    """The id a word names in these entries."""
    return entries.index.get(fold(word))


def closest(word: str, choices, n: int = 3) -> list[str]:
    folded = {fold(c): c for c in choices}
    return [folded[m] for m in difflib.get_close_matches(fold(word), list(folded), n=n, cutoff=0.5)]


def said_near(near: list[str]) -> str:
    """ " (did you mean A or B?)" for the words ``near``; nothing where there are none."""
    return _(" (did you mean {words}?)").format(words=_(" or ").join(near)) if near else ""


def did_you_mean(word: str, choices) -> str:
    return said_near(closest(word, choices) if word else [])


def listing(names) -> str:
    return ", ".join(names)


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """What makes two names one player: the name in NFC, case folded (and in
    NFC again, as folding may decompose), without the spaces around it.
    "anna", "Anna" and "ANNA" are one player, "Ju\u0308rgen" is "Jürgen";
    the name is kept as first written."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).strip().casefold())


def match_players(word: str, players: tuple[str, ...] | list[str], prefix: bool = False) -> list[str]:
    """The players a typed name can mean: the name itself, else the players
    of its ``name_key``; with ``prefix``, else every player whose name begins so."""
    w = unicodedata.normalize("NFC", word).strip()
    if w in players:
        return [w]
    key = name_key(w)
    found = [p for p in players if name_key(p) == key]
    if found or not prefix:
        return found
    return [p for p in players if name_key(p).startswith(key)]


def known_player(word: str, known: list[str] | tuple[str, ...]) -> str | None:
    """The kept name (of ``known``) a typed name means: itself, else the one of
    its ``name_key``; None for a new player. Two kept names of one key, neither
    as typed: an error asking for the name as kept."""
    found = match_players(word, known)
    if len(found) > 1:
        raise SchreiberError(
            _("'{word}' could be {players} (the ledger keeps them as two players); type the name as it is kept").format(
                word=word, players=_(" or ").join(found)
            )
        )
    return found[0] if found else None


NAME_MAX = 60  # characters of a name as it fits on a sheet


def check_name(raw: str, what: str | None = None) -> str:
    """A name as it is kept: trimmed and in one Unicode form (NFC), so that
    the same name typed two ways is one; empty, overlong or control
    characters are refused. ``what``: the name's kind in the screen's
    language (a player's name where not given)."""
    what = what if what is not None else _("a player's name")
    name = unicodedata.normalize("NFC", raw).strip()
    if not name:
        raise SchreiberError(_("{what} is empty").format(what=what))
    bad = next((ch for ch in name if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp")), None)
    if bad is not None:
        shown = name.encode("unicode_escape").decode("ascii")
        if unicodedata.category(bad) == "Cf":
            text = _(
                "{what} '{name}' holds an invisible (zero-width or format) character (U+{code:04X}); type it plainly"
            )
        else:
            text = _("{what} '{name}' holds a control character (U+{code:04X}); type it plainly")
        raise SchreiberError(text.format(what=what, name=shown, code=ord(bad)))
    if len(name) > NAME_MAX:
        raise SchreiberError(_("{what} is longer than {NAME_MAX} characters").format(what=what, NAME_MAX=NAME_MAX))
    return name
