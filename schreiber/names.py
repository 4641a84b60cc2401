"""Game terms as players say them: ids, German names and their aliases."""

from __future__ import annotations

import difflib

_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "é": "e", "è": "e"})


def fold(word: str) -> str:
    """Lower case, umlauts spelled out, no spaces, dashes, dots or underscores."""
    w = word.strip().lower().translate(_FOLD)
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


def lookup(word: str, entries: dict) -> str | None:
    return term_index(entries).get(fold(word))


def closest(word: str, choices, n: int = 3) -> list[str]:
    folded = {fold(c): c for c in choices}
    return [folded[m] for m in difflib.get_close_matches(fold(word), list(folded), n=n, cutoff=0.5)]
