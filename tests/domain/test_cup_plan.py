"""The draw that plans all of a cup's rounds (rule ``cup_draw = plan``,
domain/cup_plan.py): sixteen players over four rounds, and twenty over
five, meet nobody twice for every seed (the spread draw, one round ahead,
seated four pairs twice in round 4 of sixteen for three seeds of five);
the plan drawn round by round is the plan made at once, from the seed
alone; it never seats more repeats than no plan can avoid (``repeat_bound``,
checked against every schedule of the smallest fields); a round left after
the field changed is planned on the rounds drawn. The figures over seeds
1-20 for 8-60 players are in docs/cup.md (bench/draw_figures.py)."""

from __future__ import annotations

import itertools
from collections import Counter
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schreiber.domain.cup_plan import (
    affine_rounds,
    draw_round,
    figures,
    plan_bound,
    plan_cost,
    plan_round,
    plan_schedule,
    repeat_bound,
)
from schreiber.domain.tournament import draw_tables, meetings, table_sizes

FIELDS = [n for n in range(8, 61) if n - 5 * (n % 4) >= 0]  # 8-10 and 12-60 (11 cannot be seated)


def field(count: int) -> list[str]:
    return [f"P{n:02d}" for n in range(1, count + 1)]


def drawn_round_by_round(count: int, rounds: int, seed: int, method: str = "plan") -> list[list[tuple[str, ...]]]:
    """The cup's rounds as ``cup draw`` draws them, one after the other."""
    earlier: list[list[tuple[str, ...]]] = []
    for _round in range(rounds):
        earlier.append(draw_round(field(count), seed, rounds, earlier, method))
    return earlier


@pytest.mark.parametrize(("count", "rounds"), [(16, 4), (16, 5), (20, 5), (21, 5), (22, 5), (23, 5)])
def test_sixteen_over_four_rounds_and_twenty_over_five_meet_nobody_twice(count, rounds):
    """An affine plane of order 4 has five repeat-free rounds of sixteen, one
    of order 5 without a line's points five of twenty to twenty-three: every
    seed 1-20 is drawn with no pair together twice, at the tables of
    ooe-2023.md §14 O-18 (N mod 4 of five, fours first)."""
    for seed in range(1, 21):
        drawn = drawn_round_by_round(count, rounds, seed)
        assert figures(drawn) == (0, 0, 0), (count, seed)
        for tables in drawn:
            assert [len(t) for t in tables] == table_sizes(count)
            assert sorted(p for t in tables for p in t) == field(count)


def test_the_spread_draw_met_pairs_again_where_the_plan_meets_none():
    """What the plan mends: one round ahead, sixteen players over four rounds
    meet four pairs twice for seeds 3, 4 and 5 (of 1-5)."""
    again = [figures(drawn_round_by_round(16, 4, seed, "spread"))[1] for seed in range(1, 6)]
    assert again == [0, 0, 4, 4, 4]
    assert [figures(drawn_round_by_round(16, 4, seed))[1] for seed in range(1, 6)] == [0] * 5


@pytest.mark.parametrize("count", [16, 20, 21, 22, 23])
def test_the_designs_seat_no_pair_twice(count):
    rounds = affine_rounds(count)
    assert len(rounds) == 5
    for tables in rounds:
        assert [len(t) for t in tables] == table_sizes(count)
        assert sorted(p for t in tables for p in t) == list(range(count))
    assert max(meetings([tuple(t) for r in rounds for t in r]).values()) == 1
    assert affine_rounds(24) == affine_rounds(17) == []


def test_six_rounds_of_sixteen_meet_the_least_pairs_twice():
    """Five rounds meet every pair of sixteen once (120 pairs, 5 x 24 seats
    of pairs): a sixth round seats 24 pairs again whatever it is, and no
    pair a third time."""
    for seed in range(1, 6):
        assert figures(drawn_round_by_round(16, 6, seed)) == (24, 24, 0) == (repeat_bound(16, 6), 24, 0)


def every_schedule(count: int, rounds: int) -> int:
    """The fewest repeats of any schedule of ``rounds`` rounds (the first
    fixed: the players' names do not matter), by trying every one."""
    points, sizes = list(range(count)), table_sizes(count)
    splits: list[list[tuple[int, ...]]] = []

    def split(left: list[int], sizes_left: list[int], tables: list[tuple[int, ...]]) -> None:
        if not left:
            splits.append(tables)
            return
        for size in sorted(set(sizes_left)):
            rest = list(sizes_left)
            rest.remove(size)
            for others in itertools.combinations(left[1:], size - 1):
                split([p for p in left[1:] if p not in others], rest, [*tables, (left[0], *others)])

    split(points, sizes, [])
    pairs = [[frozenset(p) for t in s for p in itertools.combinations(t, 2)] for s in splits]
    best = None
    for chosen in itertools.product(pairs, repeat=rounds - 1):
        times = Counter(pairs[0])
        for more in chosen:
            times.update(more)
        repeats = sum(comb(n, 2) for n in times.values())
        best = repeats if best is None else min(best, repeats)
    assert best is not None
    return best


@pytest.mark.parametrize(("count", "rounds"), [(8, 3), (9, 3)])
def test_the_bound_is_the_least_of_every_schedule_and_the_plan_draws_it(count, rounds):
    """Eight players over three rounds: every schedule tried (35 x 35), none
    has fewer than 12 repeats (each round splits each table of another 2 + 2:
    4 pairs again for every two rounds); nine: 18."""
    least = every_schedule(count, rounds)
    assert least == repeat_bound(count, rounds) == {8: 12, 9: 18}[count]
    for seed in range(1, 6):
        assert figures(plan_schedule(field(count), seed, rounds, []))[0] == least


@given(
    count=st.sampled_from([n for n in FIELDS if n <= 32]),
    rounds=st.integers(3, 6),
    seed=st.integers(0, 2**31 - 1),
    taken=st.integers(0, 5),
)
def test_the_plan_drawn_round_by_round_is_the_plan_made_at_once(count, rounds, seed, taken):
    """Each round seats the field once at its tables (fours first), the
    figures never below the bound; the round after any rounds drawn from
    the plan is the plan's (whatever order the players come in); the plan
    costs no more than the spread draw's rounds it starts from (where no
    design starts it)."""
    names = field(count)
    plan = plan_schedule(names, seed, rounds, [])
    assert len(plan) == rounds
    for tables in plan:
        assert [len(t) for t in tables] == table_sizes(count)
        assert sorted(p for t in tables for p in t) == names
    assert figures(plan)[0] >= repeat_bound(count, rounds)
    k = taken % rounds
    assert plan_round(list(reversed(names)), seed, rounds, plan[:k]) == plan[k]
    if not affine_rounds(count):
        spread: list[tuple[str, ...]] = []
        for round_no in range(1, rounds + 1):
            spread += draw_tables(names, round_no, seed, spread)
        weight = rounds * sum(comb(s, 2) for s in table_sizes(count)) + 1
        assert plan_cost([t for r in plan for t in r], weight) <= plan_cost(spread, weight)


def test_a_round_after_the_field_changed_is_planned_on_the_rounds_drawn():
    """Seventeen players drew two rounds; one withdrew: rounds 3 and 4 seat
    the sixteen left, repeatably, and meet no pair of them a third time."""
    earlier = drawn_round_by_round(17, 2, 4)
    sixteen = [p for p in field(17) if p != "P05"]
    third = plan_round(sixteen, 4, 4, earlier)
    assert third == plan_round(sixteen, 4, 4, earlier)
    assert [len(t) for t in third] == [4, 4, 4, 4]
    fourth = plan_round(sixteen, 4, 4, [*earlier, third])
    assert sorted(p for t in fourth for p in t) == sixteen
    times = meetings([t for r in [*earlier, third, fourth] for t in r])
    assert max(n for pair, n in times.items() if "P05" not in pair) <= 2


def test_the_plan_is_the_same_on_every_machine():
    """Drawn from the seed alone: these are the first tables of each round
    ``cup draw`` gives sixteen and seventeen players with seed 3 over four
    rounds, on every machine and run (sixteen from the affine plane; of
    seventeen, one round ahead met eight pairs twice, the plan six, the
    least there is)."""
    sixteen, seventeen = drawn_round_by_round(16, 4, 3), drawn_round_by_round(17, 4, 3)
    assert [r[0] for r in sixteen] == [
        ("P12", "P02", "P14", "P05"),
        ("P03", "P04", "P12", "P09"),
        ("P11", "P12", "P08", "P15"),
        ("P12", "P16", "P06", "P07"),
    ]
    assert [r[0] for r in seventeen] == [
        ("P10", "P11", "P16", "P15"),
        ("P02", "P05", "P16", "P14"),
        ("P04", "P02", "P11", "P17"),
        ("P13", "P15", "P02", "P07"),
    ]
    assert figures(seventeen)[0] == repeat_bound(17, 4) == 6
    assert figures(drawn_round_by_round(17, 4, 3, "spread"))[0] == 8


def test_six_rounds_of_sixty_meet_nobody_again():
    """Bounded by its passes, not by a clock (its time: docs/benchmarks.md)."""
    plan = plan_schedule(field(60), 1, 6, [])
    assert figures(plan) == (0, 0, 0)
    assert plan_bound(60, 6) == 0
