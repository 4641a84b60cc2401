"""A tournament's rounds planned at once (rule ``cup_draw = plan``): the
draw of one round cannot see that the tables it picks leave the later
rounds no way but to seat pairs together again (sixteen players meet four
pairs again in round 4 where five rounds are possible with none). So the
first draw plans every round of the cup, and each draw takes its round of
the plan; the rounds already drawn stay as they are.

The plan starts from known repeat-free rounds where the field fits them
(the affine planes of order 4 and 5: sixteen players, and twenty to
twenty-three, at the cup's tables of four and five), else from the rounds
the draw of one round at a time would draw (``tournament.draw_tables``),
and then draws each round again on all the others (before and after it)
while that seats fewer pairs together again: the cost of a plan is that of
the spread draw (a pair's second meeting costs 1, a third more than every
second meeting together). It stops at a figure no plan can beat
(``plan_bound``) or after a fixed number of passes: random only by
``random.Random`` seeded with a text, so the same seed gives the same plan
on every machine, and a plan is made anew from the seed at each draw.
"""

from __future__ import annotations

import itertools
import random
from math import comb

from .tournament import draw_tables, even_pairs, meetings, spread_round, table_sizes

PASSES = 2  # how often every round of the plan is drawn again on the others, at most
STARTS = 2  # the starts of each such draw (the spread draw's search makes six)

# GF(4) = {0, 1, a, a + 1} as 0-3 (bits): addition is XOR, multiplication this table (a * a = a + 1).
GF4_TIMES = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))

Round = list[tuple[str, ...]]


def affine_rounds(count: int) -> list[list[list[int]]]:
    """Repeat-free rounds for ``count`` players (numbered 0 to count - 1) at
    the tables ``table_sizes`` gives, where a design is known: the five
    parallel classes of the affine plane of order 4 (sixteen players), or
    of order 5 without ``25 - count`` points of one line (twenty to
    twenty-three: each line of the five classes not parallel to it loses
    at most one point, so the tables are of four and five, as many of four
    as points are taken). Two lines meet in one point at most: no pair
    sits together twice. [] for any other field."""
    if count == 16:
        slopes = [[[x * 4 + (GF4_TIMES[m][x] ^ c) for x in range(4)] for c in range(4)] for m in range(4)]
        return slopes + [[[c * 4 + y for y in range(4)] for c in range(4)]]
    if not 20 <= count <= 23:
        return []
    gone = 25 - count  # the points (0, 0) ... (0, gone - 1) of the line x = 0
    kept = [(x, y) for x, y in itertools.product(range(5), repeat=2) if x or y >= gone]
    number = {point: i for i, point in enumerate(kept)}
    rounds = []
    for m in range(5):
        lines = [[number[x, (m * x + c) % 5] for x in range(5) if (x, (m * x + c) % 5) in number] for c in range(5)]
        rounds.append(sorted(lines, key=len))  # fours first, as table_sizes seats them
    return rounds


def draw_round(players: list[str], seed: int, rounds: int, earlier: list[Round], method: str = "plan") -> Round:
    """The tables of the round after ``earlier`` as the cup's rule
    ``cup_draw`` draws them: ``plan`` from the plan of all ``rounds``,
    ``spread`` and ``shuffles`` one round at a time (``draw_tables``)."""
    if method == "plan":
        return plan_round(players, seed, rounds, earlier)
    return draw_tables(players, len(earlier) + 1, seed, [t for r in earlier for t in r], method)


def plan_round(players: list[str], seed: int, rounds: int, earlier: list[Round]) -> Round:
    """The tables of the round after ``earlier`` (the rounds drawn, each its
    tables in seating order): that round of the cup's plan where the rounds
    drawn are the plan's, else of a plan of the rounds left made on them
    (the field changed, or they were drawn otherwise)."""
    names = sorted(players)
    total = max(rounds, len(earlier) + 1)
    fresh = plan_schedule(names, seed, total, [])
    if fresh[: len(earlier)] == [list(r) for r in earlier]:
        return fresh[len(earlier)]
    return plan_schedule(names, seed, total, earlier)[0]


def plan_schedule(names: list[str], seed: int, rounds: int, earlier: list[Round]) -> list[Round]:
    """The rounds after ``earlier`` up to ``rounds``, planned together."""
    rnd = random.Random(f"schreiber-cup-plan:{seed}:{len(earlier)}")
    planned = _start(names, seed, rounds, earlier, rnd)
    fixed = [t for r in earlier for t in r]
    bound = plan_bound(len(names), rounds) if all(_seats(r) == sorted(names) for r in earlier) else 0
    weight = _weight(len(names), rounds)
    cost = plan_cost(fixed + [t for r in planned for t in r], weight)
    for _pass in range(PASSES):
        better = False
        order = list(range(len(planned)))
        rnd.shuffle(order)
        for r in order:
            if cost <= bound:
                return planned
            others = fixed + [t for i, other in enumerate(planned) if i != r for t in other]
            drawn = spread_round(planned[r], meetings(others), others, rnd, STARTS)
            drawn_cost = plan_cost(others + drawn, weight)
            if drawn_cost < cost:
                planned[r], cost, better = drawn, drawn_cost, True
        if not better:
            break
    return planned


def _start(names: list[str], seed: int, rounds: int, earlier: list[Round], rnd: random.Random) -> list[Round]:
    """The plan to search on: a design's rounds where one fits (players
    placed on its points at random, its rounds in a random order, each
    table's seats shuffled: the first deals first), then each round drawn
    as the spread draw draws it on the rounds before."""
    design = [] if earlier else affine_rounds(len(names))
    order = names[:]
    rnd.shuffle(order)
    rnd.shuffle(design)
    planned: list[Round] = []
    for tables in design[:rounds]:
        seated = []
        for table in tables:
            seats = [order[p] for p in table]
            rnd.shuffle(seats)
            seated.append(tuple(seats))
        planned.append(seated)
    flat = [t for r in earlier for t in r]
    for round_no in range(len(earlier) + len(planned) + 1, rounds + 1):
        drawn = draw_tables(names, round_no, seed, flat + [t for r in planned for t in r])
        planned.append(drawn)
    return planned


def _seats(tables: Round) -> list[str]:
    return sorted(p for t in tables for p in t)


def _weight(count: int, rounds: int) -> int:
    """What a third meeting costs: more than every second meeting of the plan together."""
    return rounds * sum(comb(s, 2) for s in table_sizes(count)) + 1


def plan_cost(tables: list[tuple[str, ...]], weight: int) -> int:
    """A pair's second meeting costs 1, its third ``weight``, its fourth ``weight`` squared ..."""
    return sum((weight ** (times - 1) - 1) // (weight - 1) for times in meetings(tables).values() if times > 1)


def plan_bound(count: int, rounds: int) -> int:
    """No plan of ``rounds`` rounds for ``count`` players costs less (see
    ``repeat_bound``; a plan's cost is at least its repeats, and at least
    its meetings again plus ``weight - 1`` for each beyond the second)."""
    again, beyond = again_bound(count, rounds)
    return max(repeat_bound(count, rounds), again + (_weight(count, rounds) - 1) * beyond)


def repeat_bound(count: int, rounds: int) -> int:
    """No plan seats fewer repeats, the pairs that sit together in two
    rounds summed over every two rounds (a pair that meets twice counts 1,
    three times 3). The most of three reasons:

    - the pair seats: ``rounds`` rounds seat ``slots`` pairs among the
      ``count * (count - 1) / 2`` pairs; spread as evenly as can be (each
      pair's repeats grow faster than its meetings) they seat at least so
      many repeats;
    - each player: he meets 3 (at a table of five 4) others a round, among
      ``count - 1``; the seats at tables of five spread as evenly as can
      be, and his meetings as evenly over the others, each pair counted by
      both its players;
    - every two rounds: the players of a table of one round sit at the
      other round's tables; at least so many of its pairs sit together
      again as when they are split as evenly as can be."""
    sizes = table_sizes(count)
    pairs = comb(count, 2)
    slots = rounds * sum(comb(s, 2) for s in sizes)
    by_slots = even_pairs(slots, pairs)
    by_player = (sum(even_pairs(d, count - 1) for d in _degrees(count, rounds)) + 1) // 2
    split = sum(even_pairs(s, len(sizes)) for s in sizes)  # a table's players over the tables of another round
    return max(by_slots, by_player, comb(rounds, 2) * split)


def again_bound(count: int, rounds: int) -> tuple[int, int]:
    """No plan has fewer meetings again (every meeting of a pair after its
    first), nor fewer beyond the second (after its second): by the pair
    seats and by each player's meetings, as ``repeat_bound``."""
    pairs = comb(count, 2)
    slots = rounds * sum(comb(s, 2) for s in table_sizes(count))
    degrees = _degrees(count, rounds)
    again = max(slots - pairs, (sum(max(0, d - (count - 1)) for d in degrees) + 1) // 2, 0)
    beyond = max(slots - 2 * pairs, (sum(max(0, d - 2 * (count - 1)) for d in degrees) + 1) // 2, 0)
    return again, beyond


def _degrees(count: int, rounds: int) -> list[int]:
    """Each player's meetings over the rounds, the seats at tables of five spread as evenly as can be."""
    fives = sum(5 for s in table_sizes(count) if s == 5) * rounds
    few, more = divmod(fives, count)
    return [3 * rounds + few + (1 if i < more else 0) for i in range(count)]


def figures(rounds: list[Round]) -> tuple[int, int, int]:
    """(repeats, pairs meeting more than once, pairs meeting three times or
    more) of a plan: what the tests and docs/cup.md count."""
    times = meetings([t for r in rounds for t in r])
    return (
        sum(comb(n, 2) for n in times.values()),
        sum(1 for n in times.values() if n > 1),
        sum(1 for n in times.values() if n > 2),
    )
