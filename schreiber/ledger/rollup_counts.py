"""An evening's new derived rows counted as each rollup's ``select``
(``rollups.ROLLUPS``) groups them, NULLs and all, in Python: a hand or an
import's batch moves the rollups by its counts (``rollups.replace_rows``)
without asking SQLite for them again.
"""

from __future__ import annotations

from collections import Counter
from operator import itemgetter

from .hand_rows import COLUMNS, Rows

Groups = dict[tuple, list]  # a rollup's groups (its keys after the evening or year) with their sums


def _at(table: str, *cols: str) -> itemgetter:
    """The cells ``cols`` of a row of ``table`` as ``derived.COLUMNS`` orders it."""
    return itemgetter(*(COLUMNS[table].index(c) for c in cols))


_PAY = _at("payments", "player_id", "points_x2520", "schrift_x2520")
_ROLE = _at("hand_players", "player_id", "role", "won")
_SEVERAL = _at("hand_players", "entry_id", "player_id", "role", "won", "contract")
_FACT = _at("hand_facts", "entry_id", "several", "d_side", "o_side")
_DECLARER = _at("hand_facts", "declarer_id", "contract", "won")
_CONTRACT = _at("hand_facts", "contract", "won")
_SIDES = _at("hand_facts", "d_side", "o_side", "won")
_PREMIUM = _at("hand_premiums", "entry_id", "premium", "party", "announced", "made", "kontra")
_KONTRA = _at("hand_kontras", "player_id", "role", "won")


def counted(rows: Rows) -> dict[str, Groups]:
    """Each rollup's groups with their sums over one evening's new rows: what
    its ``select`` gives for them, NULLs and all (a NULL key cell made -1)."""
    points: Groups = {}
    for player, x, w in map(_PAY, rows["payments"]):
        s = points.setdefault((player,), [0, 0])
        s[0] += x
        s[1] += w
    hp, facts = rows["hand_players"], rows["hand_facts"]
    declarers = {k + (0,): n for k, n in _folded(Counter(map(_DECLARER, facts)), 2).items() if k[0] is not None}
    several = {f[0] for f in map(_FACT, facts) if f[1] == 1}
    if several:
        side_by_side = Counter(
            (p, c, w) for e, p, role, w, c in map(_SEVERAL, hp) if role == "declarer" and e in several
        )
        declarers.update({k + (1,): n for k, n in _folded(side_by_side, 2).items()})
    sides = {e: ("" if d is None else d, "" if o is None else o) for e, _s, d, o in map(_FACT, facts)}
    premiums: Groups = {}
    for e, premium, party, announced, made, kontra in map(_PREMIUM, rows["hand_premiums"]):
        s = premiums.setdefault((premium, party, *sides[e]), [0, 0, 0, 0, 0])
        for i, v in enumerate((1, announced, announced and made, not announced and made, kontra is not None), 0):
            s[i] += int(v)
    kontras: Groups = {}
    for player, role, won in map(_KONTRA, rows["hand_kontras"]):
        s = kontras.setdefault((player, role), [0, None])
        s[0] += 1
        if won is not None:
            s[1] = (s[1] or 0) + (won == 1)
    return {
        "roll_points": points,
        "roll_roles": _folded(Counter(map(_ROLE, hp)), 2),
        "roll_declarers": declarers,
        "roll_contracts": _folded(Counter(map(_CONTRACT, facts)), 1),
        "roll_premiums": premiums,
        "roll_kontras": kontras,
        "roll_sides": {k: [n] for k, n in Counter(map(_SIDES, facts)).items() if None not in k},
    }


def _folded(counts: Counter, at: int) -> Groups:
    """Counts by group, the key cell ``at`` (a ``won``: 1, 0 or NULL) stored as -1 where NULL."""
    return {(k[:at] + (-1,) + k[at + 1 :] if k[at] is None else k): [n] for k, n in counts.items()}
