"""The tournament's draw and its numbers (ooe-2023.md §11, §14 O-12, O-14,
O-18), pure: table sizes, a repeatable random draw in which every player
sits once per round, fewer repeated pairings than chance, the lot, the
season a date counts for."""

from __future__ import annotations

import itertools

import pytest

from schreiber.domain.tournament import (
    FIXED_POINTS,
    draw_lots,
    draw_tables,
    hands_per_round,
    meetings,
    season_of,
    table_sizes,
)
from schreiber.errors import SchreiberError

FIELD = [f"P{n:02d}" for n in range(1, 21)]


@pytest.mark.parametrize(
    ("count", "sizes"),
    [
        (4, [4]),
        (5, [5]),  # N mod 4 = 1: one table of five (§14 O-18)
        (8, [4, 4]),
        (9, [4, 5]),
        (10, [5, 5]),
        (15, [5, 5, 5]),
        (20, [4, 4, 4, 4, 4]),
        (22, [4, 4, 4, 5, 5]),
        (23, [4, 4, 5, 5, 5]),
        (200, [4] * 50),
    ],
)
def test_table_sizes_fours_and_n_mod_4_tables_of_five(count, sizes):
    # ooe-2023.md §11.1: tables of 4, of 5 where the field is not divisible by 4; §14 O-18: N mod 4 of five
    assert table_sizes(count) == sizes
    assert sum(sizes) == count


@pytest.mark.parametrize("count", [0, 3, 6, 7, 11])
def test_a_field_that_cannot_be_seated_is_refused(count):
    with pytest.raises(SchreiberError, match=f"^{count} players cannot sit at tables of four and five"):
        table_sizes(count)


def test_hands_per_round_16_at_four_20_at_five():
    # ooe-2023.md §11.1 ("16 at a table of 4"), §14 O-12 (20 at a table of five)
    assert hands_per_round(4, 16, 20) == 16
    assert hands_per_round(5, 16, 20) == 20


def test_every_player_sits_once_per_round_and_the_draw_repeats_with_the_seed():
    earlier: list[tuple[str, ...]] = []
    for round_no in (1, 2, 3):
        tables = draw_tables(FIELD, round_no, seed=7, earlier=earlier)
        seated = [p for t in tables for p in t]
        assert sorted(seated) == sorted(FIELD)  # each once
        assert [len(t) for t in tables] == [4] * 5
        assert draw_tables(FIELD, round_no, seed=7, earlier=earlier) == tables  # repeatable (--seed)
        earlier += tables
    assert draw_tables(FIELD, 1, seed=8) != draw_tables(FIELD, 1, seed=7)


def test_the_draw_avoids_pairs_that_met_before():
    # ooe-2023.md §11.1: "so one meets new opponents each round": 20 players, 3 rounds of tables of four
    # can be drawn with no pair meeting twice; the draw keeps the shuffle with the fewest repeats.
    earlier: list[tuple[str, ...]] = []
    repeats = 0
    for round_no in (1, 2, 3):
        tables = draw_tables(FIELD, round_no, seed=1, earlier=earlier)
        repeats += len(meetings(tables).keys() & meetings(earlier).keys())
        earlier += tables
    met = meetings(earlier)
    assert repeats == 0
    assert len(met) == 3 * 5 * 6  # 90 distinct pairs: 6 per table


def test_the_lot_is_a_permutation_drawn_from_the_seed():
    lots = draw_lots(FIELD, seed=5)
    assert sorted(lots.values()) == list(range(1, 21))
    assert draw_lots(FIELD, seed=5) == lots
    assert draw_lots(FIELD, seed=6) != lots


@pytest.mark.parametrize(
    ("date", "season"), [("2026-11-24", "2026/27"), ("2027-03-01", "2026/27"), ("2027-09-01", "2027/28")]
)
def test_the_season_runs_from_september(date, season):
    assert season_of(date) == season


def test_fixed_points_are_the_list_of_section_11_2():
    # ooe-2023.md §11.2: places 1-50, 223 for the winner down to 1 for place 50, nothing below
    assert len(FIXED_POINTS) == 50
    assert FIXED_POINTS[:5] == (223, 198, 180, 168, 156)
    assert FIXED_POINTS[-3:] == (3, 2, 1)
    assert all(a > b for a, b in itertools.pairwise(FIXED_POINTS))
