"""A tournament (cup) as the Upper Austrian cups run one (ooe-2023.md §11):
players drawn to tables of four (or five) every round, repeatably from the
cup's seed and who has met whom; rounds of a fixed number of hands; cup
points per placement over a season (the ranking is the ledger's view).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable

from ..errors import SchreiberError
from ..i18n import _

# ooe-2023.md §11.2: fixed cup points for places 1-50, nothing below.
FIXED_POINTS = (
    223, 198, 180, 168, 156, 147, 138, 131, 124, 117, 110, 105, 100, 95, 90, 85, 80, 76, 72, 68,
    64, 60, 56, 52, 49, 46, 43, 40, 37, 34, 31, 28, 26, 24, 22, 20, 18, 16, 14, 12,
    10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
)  # fmt: skip

ROUNDS_MAX = 6  # the ledger's standings carry up to six rounds
DRAW_TRIES = 50  # shuffles tried per round, the one with the fewest repeated pairings kept


def table_sizes(count: int) -> list[int]:
    """Tables for ``count`` players: N mod 4 tables of five, the rest of four
    (ooe-2023.md §11.1, §14 O-18), fours first."""
    fives = count % 4
    fours = (count - 5 * fives) // 4
    if count < 4 or fours < 0:
        possible = ", ".join(str(n) for n in range(max(4, count - 3), count + 5) if _seatable(n))
        raise SchreiberError(
            _(
                "{count} players cannot sit at tables of four and five; register a field that can (e.g. {possible})"
            ).format(count=count, possible=possible)
        )
    return [4] * fours + [5] * fives


def _seatable(n: int) -> bool:
    return n >= 4 and n - 5 * (n % 4) >= 0


def hands_per_round(table_size: int, hands: int, hands_five: int) -> int:
    """A round's hands at a table (ooe-2023.md §11.1: 16 at four, 20 at five)."""
    return hands_five if table_size == 5 else hands


def draw_tables(players: Iterable[str], round_no: int, seed: int, met: set[frozenset[str]]) -> list[tuple[str, ...]]:
    """The tables of one round, each in seating order (the first deals first,
    ooe-2023.md §14 O-14). Drawn at random, repeatably from the cup's seed and
    the round; of several shuffles the one where the fewest pairs meet again
    is taken, so one meets new opponents each round (§11.1)."""
    names = sorted(players)
    sizes = table_sizes(len(names))
    rnd = random.Random(f"schreiber-cup:{seed}:{round_no}")
    best: list[tuple[str, ...]] = []
    best_repeats = -1
    for _x in range(DRAW_TRIES if met else 1):
        order = names[:]
        rnd.shuffle(order)
        tables = _seat(order, sizes, met)
        repeats = sum(1 for t in tables for pair in itertools.combinations(t, 2) if frozenset(pair) in met)
        if best_repeats < 0 or repeats < best_repeats:
            best, best_repeats = tables, repeats
        if repeats == 0:
            break
    return best


def _seat(order: list[str], sizes: list[int], met: set[frozenset[str]]) -> list[tuple[str, ...]]:
    """Fill the tables in the shuffled order, each seat with the next player
    who has met the fewest of those already at the table (so without
    earlier meetings nothing changes: the shuffle is the draw)."""
    left = order[:]
    out = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            pick = min(range(len(left)), key=lambda i: sum(frozenset((left[i], p)) in met for p in table))
            table.append(left.pop(pick))
        out.append(tuple(table))
    return out


def pairs_met(tables: Iterable[Iterable[str]]) -> set[frozenset[str]]:
    """Every pair of players who sat at one table."""
    return {frozenset(pair) for t in tables for pair in itertools.combinations(list(t), 2)}


def draw_lots(players: Iterable[str], seed: int) -> dict[str, int]:
    """The lot that decides a tie after the best rounds (ooe-2023.md §11.1
    "dann das Los"): drawn once per cup, repeatably from its seed."""
    names = sorted(players)
    rnd = random.Random(f"schreiber-cup-lot:{seed}")
    rnd.shuffle(names)
    return {name: i + 1 for i, name in enumerate(names)}


def season_of(date: str) -> str:
    """The club season a date falls in, from September: 2026-11-24 -> 2026/27."""
    year, month = int(date[:4]), int(date[5:7])
    start = year if month >= 9 else year - 1
    return f"{start}/{(start + 1) % 100:02d}"
