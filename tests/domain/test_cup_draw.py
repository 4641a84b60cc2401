"""The cup's draw spreads the meetings (ooe-2023.md §11.1: "so one meets new
opponents each round"): from round 2 on no pair meets a third time where the
field allows it, and then as few pairs as can be meet again; repeatable from
the seed; quick for a large field.

Measured on the grid below (every field of 8 to 60 players that can be
seated, tables of four and five; seeds 1-50, rounds 2 and 3, and round 4 for
seeds 1-10: 5,720 draws, each on the meetings of the spread draw's rounds
before it), the draw by shuffles (``cup_draw=shuffles``, as before the rule)
against the spread draw:

- pairs meeting a third time: 2,350 -> 240; all 240 in fields of nine and
  ten, where trying every draw shows none has fewer (80 and 160);
- pairs meeting again at all: 5,732 -> 7,453. Avoiding a third meeting
  costs second ones: twelve players at three tables, say, meet three pairs
  again in round 2 whatever the draw (four players from three tables at each
  table), and in round 3 three pairs of round 1 and three of round 2 unless
  the same pair is both (a third meeting): by shuffles Fritz-Emil, Karl-Dora,
  Berti-Carl, three pairs three times; spread six pairs twice. From 16
  players on, 1,292 -> 1,213 (332 -> 0 of them third meetings).

The figures are sums of ``again`` over ``rounds`` for ``FIELDS`` and seeds
1-50; the tests below check the same draws one by one with
``HYPOTHESIS_PROFILE=thorough`` (CONTRIBUTING.md), and seeds 1-5 by default."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from collections import Counter

import pytest

from schreiber.domain.rules import SETTING_BY_KEY, load_preset, rules_from_dict
from schreiber.domain.tournament import DRAW_METHODS, draw_tables, meetings, table_sizes
from tests.helpers import ROOT

FIELDS = [n for n in range(8, 61) if n - 5 * (n % 4) >= 0]  # 8-10 and 12-60 (11 cannot be seated)
SMALL = [8, 9, 10, 12]  # small enough to try every draw
SEEDS = range(1, 51) if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else range(1, 6)
FOURTH = range(1, 11)  # the seeds whose round 4 is drawn too (cup_rounds=4)


def field(count: int) -> list[str]:
    return [f"P{n:02d}" for n in range(1, count + 1)]


def again(tables: list[tuple[str, ...]], met: Counter[frozenset[str]]) -> tuple[int, int]:
    """(pairs meeting a third time or more, pairs meeting again at all)."""
    times = [met[frozenset(pair)] for t in tables for pair in itertools.combinations(t, 2)]
    return sum(1 for n in times if n >= 2), sum(1 for n in times if n >= 1)


def least_possible(players: list[str], met: Counter[frozenset[str]]) -> tuple[int, int]:
    """``again`` of the best draw there is, by trying every division into
    the tables (branch and bound; a third meeting first, then repeats)."""
    weight = {frozenset(p): (10**6) ** (n - 1) for p, n in met.items()}
    best = [None]

    def seat(left: list[str], sizes: list[int], cost: int) -> None:
        if best[0] is not None and cost >= best[0]:
            return
        if not left:
            best[0] = cost
            return
        first, rest = left[0], left[1:]
        for size in sorted(set(sizes)):
            others_sizes = list(sizes)
            others_sizes.remove(size)
            for others in itertools.combinations(rest, size - 1):
                table = (first, *others)
                here = sum(weight.get(frozenset(p), 0) for p in itertools.combinations(table, 2))
                seat([p for p in rest if p not in others], others_sizes, cost + here)

    seat(players, table_sizes(len(players)), 0)
    assert best[0] is not None
    third, second = divmod(best[0], 10**6)
    return third, third + second


def rounds(count: int, seed: int):
    """(round, meetings before it, its tables by each draw) for rounds 2 and 3
    of one cup (and 4 for the seeds of ``FOURTH``): the meetings are those of
    the spread draw's rounds."""
    players, earlier = field(count), []
    for round_no in range(1, 5 if seed in FOURTH else 4):
        spread = draw_tables(players, round_no, seed, earlier)
        if round_no > 1:
            yield round_no, meetings(earlier), spread, draw_tables(players, round_no, seed, earlier, "shuffles")
        earlier = earlier + spread


@pytest.mark.parametrize("count", SMALL)
def test_a_small_field_is_drawn_with_the_least_meetings_possible(count):
    """Every division of the field tried: the draw is at the least third
    meetings there are, and then the least repeats."""
    for seed in SEEDS:
        for round_no, met, spread, shuffles in rounds(count, seed):
            best = least_possible(field(count), met)
            assert again(spread, met) == best, (count, seed, round_no, spread)
            assert again(shuffles, met) >= best


@pytest.mark.parametrize("count", [n for n in FIELDS if n not in SMALL])
def test_no_pair_meets_a_third_time_in_a_field_of_thirteen_or_more(count):
    """No pair meets a third time (the draw itself shows the field allows
    it), and never more repeats than the draw by shuffles where that seats
    none a third time."""
    for seed in SEEDS:
        for round_no, met, spread, shuffles in rounds(count, seed):
            third, repeats = again(spread, met)
            assert third == 0, (count, seed, round_no, spread)
            assert (third, repeats) <= again(shuffles, met), (count, seed, round_no)
            assert sorted(p for t in spread for p in t) == field(count)
            assert [len(t) for t in spread] == table_sizes(count)  # fours first (ooe-2023.md §14 O-18)


def test_the_draw_repeats_with_the_seed_and_changes_with_it():
    players, earlier = field(23), []
    for round_no in (1, 2, 3, 4):
        tables = draw_tables(players, round_no, 5, earlier)
        assert draw_tables(list(reversed(players)), round_no, 5, list(earlier)) == tables  # same seed, round, field
        assert draw_tables(players, round_no, 6, earlier) != tables
        earlier += tables


def test_the_draw_is_the_same_on_every_machine():
    """Drawn from the seed alone (no clock, no hash of a name): these tables
    are what ``cup draw`` gives for seed 3 on every machine and every run."""
    players, earlier = field(9), []
    drawn = []
    for round_no in (1, 2, 3):
        tables = draw_tables(players, round_no, 3, earlier)
        drawn.append(tables)
        earlier += tables
    assert drawn == [
        [("P08", "P06", "P01", "P07"), ("P05", "P04", "P02", "P09", "P03")],
        [("P03", "P08", "P02", "P07"), ("P04", "P01", "P09", "P06", "P05")],
        [("P03", "P01", "P08", "P09"), ("P05", "P07", "P06", "P04", "P02")],
    ]


def test_the_draw_does_not_depend_on_the_process():
    """Names are hashed differently in every process (PYTHONHASHSEED): the
    draw does not lean on it, one round at a time nor planned (its rounds
    printed after the spread draw's; 27 players over six rounds: the plan
    searches on the spread draw's rounds)."""
    code = (
        "from schreiber.domain.tournament import draw_tables\n"
        "from schreiber.domain.cup_plan import plan_schedule\n"
        "players, earlier = [f'P{n:02d}' for n in range(1, 31)], []\n"
        "for round_no in (1, 2, 3, 4):\n"
        "    earlier += draw_tables(players, round_no, 12, earlier)\n"
        "print(earlier)\n"
        "print(plan_schedule(players[:27], 12, 6, []))\n"
    )
    printed = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in (1, 2, 3)
    }
    assert len(printed) == 1
    spread, planned = printed.pop().splitlines()
    assert spread.count("'P01'") == 4 and planned.count("'P01'") == 6  # in each round's tables once


def test_six_rounds_of_sixty_meet_nobody_again():
    """Six rounds of sixty: no pair meets twice (the search is bounded by its
    steps, not by a clock; its time is in docs/benchmarks.md)."""
    players, earlier = field(60), []
    for round_no in range(1, 7):
        tables = draw_tables(players, round_no, 1, earlier)
        assert again(tables, meetings(earlier)) == (0, 0)
        earlier += tables


def test_the_draw_by_shuffles_is_the_draw_before_the_search():
    """``cup_draw=shuffles`` draws as every cup drew before the rule came:
    the seed 1 cup of twelve seats three pairs together a third time in
    round 3 (Fritz-Emil, Karl-Dora, Berti-Carl); the spread draw none."""
    players = ["Anna", "Berti", "Carl", "Dora", "Emil", "Fritz", "Gerti", "Hans", "Ida", "Jakob", "Karl", "Lena"]
    assert SETTING_BY_KEY["cup_draw"].choices == DRAW_METHODS == ("plan", "spread", "shuffles")
    earlier: list[tuple[str, ...]] = []
    for round_no in (1, 2):
        earlier += draw_tables(players, round_no, 1, earlier, "shuffles")
    met = meetings(earlier)
    old = draw_tables(players, 3, 1, earlier, "shuffles")
    assert old == [
        ("Jakob", "Karl", "Lena", "Dora"),
        ("Fritz", "Ida", "Gerti", "Emil"),
        ("Carl", "Anna", "Hans", "Berti"),
    ]
    assert again(old, met) == (3, 3)
    assert again(draw_tables(players, 3, 1, earlier), met) == least_possible(players, met) == (0, 6)


def test_rules_before_the_rule_draw_by_shuffles():
    """Rules of format 2 that do not name ``cup_draw`` (a cup started before
    it) read ``shuffles``; of format 3 (started before ``plan``) ``spread``;
    rules written now read ``plan``."""
    data = load_preset("ooe").to_dict()
    assert rules_from_dict(data).cup_draw == "plan"
    del data["rules"]["cup_draw"]
    assert rules_from_dict(data).cup_draw == "plan"
    assert rules_from_dict({**data, "format": 3}).cup_draw == "spread"
    assert rules_from_dict({**data, "format": 2}).cup_draw == "shuffles"
    assert rules_from_dict({**data, "format": 1}).cup_draw == "shuffles"
