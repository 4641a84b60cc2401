"""A tournament (cup) as the Upper Austrian cups run one (ooe-2023.md §11):
players drawn to tables of four (or five) every round, repeatably from the
cup's seed and how often each pair has met; rounds of a fixed number of
hands; cup points per placement over a season (the ranking is the ledger's
view).
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Iterable
from math import comb

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
DRAW_METHODS = ("plan", "spread", "shuffles")  # rule cup_draw (plan: domain/cup_plan.py)
SEARCH_STARTS = 6  # the spread draw: the shuffles' draw searched on, then fresh starts
SEARCH_STEPS = 100  # a start ends after this many swaps tried per player without a cheaper draw
WORSE_KEPT = 0.02  # how often a swap that seats pairs again is kept anyway (divided by how many more)
THIRD_KEPT = 0.025  # how often one that seats a pair a third time is kept anyway


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


def draw_tables(
    players: Iterable[str], round_no: int, seed: int, earlier: Iterable[Iterable[str]] = (), method: str = "spread"
) -> list[tuple[str, ...]]:
    """The tables of one round, each in seating order (the first deals first,
    ooe-2023.md §14 O-14), drawn at random, repeatably from the cup's seed and
    the round, so that one meets new opponents each round (§11.1). ``earlier``
    are the tables of the rounds before.

    ``shuffles`` (rule ``cup_draw``; every cup drew so before the rule): of
    several shuffles the one where the fewest pairs meet again. ``spread``:
    that draw, then searched on (``spread_round``) for one where no pair meets a
    third time where the field allows it and as few pairs as can be meet
    again.
    Random only by ``random.Random`` seeded with a text (which it hashes with
    SHA-512, not ``hash()``): the same tables on every machine and run."""
    names = sorted(players)
    sizes = table_sizes(len(names))
    groups = [tuple(t) for t in earlier]
    met = meetings(groups)
    drawn = _best_of_shuffles(names, sizes, random.Random(f"schreiber-cup:{seed}:{round_no}"), set(met))
    if method == "shuffles" or not met:
        return drawn
    return spread_round(drawn, met, groups, random.Random(f"schreiber-cup-spread:{seed}:{round_no}"))


def _best_of_shuffles(
    names: list[str], sizes: list[int], rnd: random.Random, met: set[frozenset[str]]
) -> list[tuple[str, ...]]:
    """Of several shuffles (each seated by ``_seat``) the one where the fewest
    pairs meet again: whether they met, not how often."""
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


def spread_round(
    drawn: list[tuple[str, ...]],
    met: Counter[frozenset[str]],
    groups: list[tuple[str, ...]],
    rnd: random.Random,
    starts: int = SEARCH_STARTS,
) -> list[tuple[str, ...]]:
    """The draw searched on by swapping players between tables (a seeded
    local search with restarts, a fixed number of steps: the same tables on
    every machine) for the least cost, where a pair meeting again costs 1 and
    a third meeting more than every second meeting of the round together
    (a fourth more than every third ...). It stops early at a lower bound no
    draw can beat; a player swapped in takes the other's seat."""
    order = [p for t in drawn for p in t]
    n = len(order)
    third = sum(len(t) * (len(t) - 1) // 2 for t in drawn) + 1
    seat_of = {p: i for i, p in enumerate(order)}
    weight = [[0] * n for _x in order]
    for pair, times in met.items():
        if pair <= seat_of.keys():  # (both in the field)
            a, b = (seat_of[p] for p in pair)
            weight[a][b] = weight[b][a] = _weight(times, third)
    seats, k = [], 0
    for t in drawn:
        seats.append(list(range(k, k + len(t))))
        k += len(t)
    bound = max(_lower_bound(weight, [len(t) for t in drawn]), _split_bound(groups, set(order), len(drawn)))
    best, best_cost = seats, _cost(seats, weight)
    for start in range(starts):
        if best_cost <= bound:
            break
        if start:
            shuffled = list(range(n))
            rnd.shuffle(shuffled)
            seats = [[shuffled[i] for i in t] for t in seats]
        found, cost = _search(seats, weight, rnd, SEARCH_STEPS * n, bound, third)
        if cost < best_cost:
            best, best_cost = found, cost
    return [tuple(order[i] for i in t) for t in best]


def _weight(times: int, third: int) -> int:
    """What seating a pair that met ``times`` before costs."""
    return 0 if times == 0 else third ** (times - 1)


def _cost(seats: list[list[int]], weight: list[list[int]]) -> int:
    return sum(weight[a][b] for t in seats for a, b in itertools.combinations(t, 2))


def _lower_bound(weight: list[list[int]], sizes: list[int]) -> int:
    """No draw costs less: each player's cheapest tablemates (at a table of the
    smaller size; the players at the larger tables the cheapest extra ones),
    every pair counted by both its players."""
    small, extra_seats = min(sizes), sum(s - min(sizes) for s in sizes)
    total, extras = 0, []
    for row_no, row in enumerate(weight):
        cheapest = sorted(w for col, w in enumerate(row) if col != row_no)
        total += sum(cheapest[: small - 1])
        extras.append(sum(cheapest[small - 1 : small]))
    total += sum(sorted(extras)[:extra_seats])
    return (total + 1) // 2


def _split_bound(groups: list[tuple[str, ...]], field: set[str], tables: int) -> int:
    """No draw costs less than every earlier table's players split as evenly
    as can be over this round's ``tables``: a pair that sat together at k of
    them and is seated together again is counted k times, and costs at least
    as much (1 for a second meeting, ``third`` for a third ...)."""
    return sum(even_pairs(sum(1 for p in group if p in field), tables) for group in groups)


def even_pairs(things: int, among: int) -> int:
    """The pairs of ``things`` spread as evenly as can be ``among`` so many
    (meetings over pairs, a table's players over tables): at least so many
    pairs of them fall together."""
    few, more = divmod(things, among)
    return more * comb(few + 1, 2) + (among - more) * comb(few, 2)


def _search(
    start: list[list[int]], weight: list[list[int]], rnd: random.Random, steps: int, bound: int, third: int
) -> tuple[list[list[int]], int]:
    """Swap a player who meets someone again with one of another table: kept
    when it costs no more, and now and then when it costs more (to leave a
    dead end); the cheapest tables seen are the result. Ends at the bound,
    after ``steps`` swaps tried without a cheaper draw, or at four times as many."""
    seats = [t[:] for t in start]
    table_of = {p: i for i, t in enumerate(seats) for p in t}
    n = len(table_of)
    at_table = [_cost([t], weight) for t in seats]
    cost = sum(at_table)
    best, best_cost, since_best = [t[:] for t in seats], cost, 0
    for _x in range(4 * steps):
        if since_best >= steps or best_cost <= bound:
            break
        since_best += 1
        costly = [i for i, c in enumerate(at_table) if c]
        ta = costly[int(rnd.random() * len(costly))]
        a, b = seats[ta][int(rnd.random() * len(seats[ta]))], int(rnd.random() * n)
        tb = table_of[b]
        if ta == tb:
            continue
        wa, wb = weight[a], weight[b]
        delta = sum(wb[x] - wa[x] for x in seats[ta]) + sum(wa[y] - wb[y] for y in seats[tb]) - 2 * wa[b]
        if delta > 0 and rnd.random() >= (WORSE_KEPT / delta if delta < third else THIRD_KEPT):
            continue
        seats[ta][seats[ta].index(a)], seats[tb][seats[tb].index(b)] = b, a
        table_of[a], table_of[b] = tb, ta
        at_table[ta], at_table[tb] = _cost([seats[ta]], weight), _cost([seats[tb]], weight)
        cost += delta
        if cost < best_cost:
            best, best_cost, since_best = [t[:] for t in seats], cost, 0
    return best, best_cost


def meetings(tables: Iterable[Iterable[str]]) -> Counter[frozenset[str]]:
    """How often each pair of players sat at one table."""
    return Counter(frozenset(pair) for t in tables for pair in itertools.combinations(list(t), 2))


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


def paper_totals(words: list[str], players: tuple[str, ...]) -> dict[str, int]:
    """A round's totals as a table wrote them on paper (``cup score``): one
    ``NAME=+N`` for every player of the table (names as anywhere, case aside),
    N the player's Schrift of the round in whole points, adding up to zero.
    Returned in the seating's order, as the totals entry keeps them."""
    from .names import match_players

    given: dict[str, int] = {}
    for word in words:
        name, eq, value = word.partition("=")
        match = match_players(name, players) if eq else []
        if not eq:
            raise SchreiberError(
                _("'{word}' is not NAME=+N; give each player's Schrift of the round, e.g. {name}=+12"),
                word=word,
                name=players[0],
            )
        if not match:
            raise SchreiberError(
                _("{name} does not sit at this table; its players: {players}"),
                name=name.strip(),
                players=", ".join(players),
            )
        if match[0] in given:
            raise SchreiberError(_("{name} is given twice; give every player of the table once"), name=match[0])
        figure = value.strip()
        if not re.fullmatch(r"[+-]?[0-9]{1,9}", figure):
            raise SchreiberError(
                _("'{word}': the Schrift is whole points, e.g. {name}=+12 or {name}=-7"), word=word, name=match[0]
            )
        given[match[0]] = int(figure)
    missing = [p for p in players if p not in given]
    if missing:
        raise SchreiberError(
            _("{missing} missing; give every player of the table once ({players})"),
            missing=", ".join(missing),
            players=", ".join(players),
        )
    total = sum(given.values())
    if total:
        raise SchreiberError(
            _("the totals add up to {total}, not 0; check the paper's figures and give them again"),
            total=f"{total:+d}",
        )
    return {p: given[p] for p in players}
