"""The tables schreiber lays out itself are the ones tabulate makes."""

from __future__ import annotations

import io

import tabulate
from hypothesis import given
from hypothesis import strategies as st

from schreiber.render import table

TEXT = st.one_of(
    st.text(" Anna+-.0123456789äöüßЖ€", max_size=10),  # what sheets hold
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12),  # anything
)


@st.composite
def tables(draw):
    headers = draw(st.lists(TEXT, min_size=1, max_size=6))
    cells = st.one_of(TEXT, st.integers(-999, 999), st.none())
    rows = draw(st.lists(st.lists(cells, min_size=len(headers), max_size=len(headers)), max_size=6))
    return headers, rows


def tabulated(headers: list[str], rows: list[list]) -> str:
    return tabulate.tabulate(
        [["" if c is None else str(c) for c in r] for r in rows], headers, tablefmt="simple", disable_numparse=True
    )


@given(tables())
def test_the_simple_format_is_tabulates(case):
    headers, rows = case
    assert table(headers, rows) == tabulated(headers, rows)


def test_the_simple_format_of_a_sheet_and_of_nothing():
    headers = ["#", "dealer", "Anna", "Berti", "contract"]
    rows = [[1, "Anna", "+2", "-2", "Rufer"], [2, "Berti", "", " 0 ", None], [10, "Carl", "+12.50", "-1", "x"]]
    assert table(headers, rows) == tabulated(headers, rows)
    assert table(headers, []) == tabulated(headers, [])
    assert table([], []) == tabulated([], []) == ""
    assert table(["a"], [["two\nlines"], ["\x1b[1mbold\x1b[0m"]]) == tabulated(
        ["a"], [["two\nlines"], ["\x1b[1mbold\x1b[0m"]]
    )


# CSV: every output goes through csv_text or write_csv, whose cells csv_cell makes.

RUN_AS_FORMULA = ["=1+1", "+1+1", "-1+1", "@SUM(A1)", "\t=1+1", "\r=1+1", " =1+1", "\n=1+1", "-1 (-1)", "- 3", "+-1"]
FIGURES = ["-3", "+1.50", "-7/2", "12", "0", "-", "", "Anna", "1 (+1)", "2026-11-26"]


def test_a_cell_a_spreadsheet_would_run_gets_an_apostrophe():
    from schreiber.render import csv_cell, csv_text, write_csv

    assert [csv_cell(c) for c in RUN_AS_FORMULA] == ["'" + c for c in RUN_AS_FORMULA]
    assert [csv_cell(c) for c in FIGURES] == FIGURES
    assert csv_text(["=h"], [["=x"], [-3], ["-3"]]) == "'=h\n'=x\n-3\n-3\n"
    out = io.StringIO()
    write_csv(out, ["name", "points", "record"], [{"name": "@x", "points": -3, "record": {"=k": "=v"}}])
    assert out.getvalue() == 'name,points,record\n\'@x,-3,"{""=k"": ""=v""}"\n'  # JSON starts with {: never run


# The tables of a report on the screen (fitted_table): figures right-aligned, within 80 columns.


def test_a_table_too_wide_for_the_screen_is_stacked_in_parts_each_with_its_first_columns():
    from schreiber.render import fitted_table

    players = [f"Spieler{i:02d}" for i in range(12)]
    rows = [["Rufer", *(f"{i}/34" for i in range(12))], ["Bettel", *([""] * 11), "1/2"]]
    text = fitted_table(["Spiel", *players], rows, frozenset(range(1, 13)))
    parts = [p.splitlines() for p in text.split("\n\n")]
    assert len(parts) == 2 and max(len(line) for line in text.splitlines()) <= 80
    assert [p[0].split() for p in parts] == [["Spiel", *players[:6]], ["Spiel", *players[6:]]]  # shared out evenly
    assert parts[0][2] == "Rufer        0/34       1/34       2/34       3/34       4/34       5/34"
    assert parts[1][3] == "Bettel" + " " * 63 + "1/2"  # right-aligned under its header
    text = fitted_table(["#", "Name", *players], [["1", "Anna", *(["+1"] * 12)]], frozenset({0}), keep=2)
    assert all(p.startswith("#  Name  ") for p in text.split("\n\n"))


def test_a_wide_character_takes_two_columns():
    from schreiber.render import columns, fitted_table

    assert [columns(t) for t in ("Anna", "王小明", "Zoë", "Zoe\u0308")] == [4, 6, 3, 3]
    lines = fitted_table(["Name", "Punkte"], [["王小明", "+3"], ["Anna", "-13"]], frozenset({1})).splitlines()
    assert lines == ["Name    Punkte", "------  ------", "王小明      +3", "Anna       -13"]
    assert {columns(line) for line in lines} == {14}


def test_another_format_is_tabulates_with_the_figures_right_aligned():
    from schreiber.render import fitted_table

    assert fitted_table(["Name", "Punkte"], [["Anna", "+3"]], frozenset({1}), "github").splitlines() == [
        "| Name   |   Punkte |",
        "|--------|----------|",
        "| Anna   |       +3 |",
    ]


def test_a_terminal_format_is_stacked_too_and_a_documents_is_not():
    from schreiber.render import columns, fitted_table

    players = [f"Spieler{i:02d}" for i in range(12)]
    rows = [["Rufer", *(f"{i}/34" for i in range(12))]]
    for fmt in ("grid", "github", "fancy_grid", "psql"):
        parts = fitted_table(["Spiel", *players], rows, frozenset(range(1, 13)), fmt).split("\n\n")
        assert len(parts) > 1 and all("Spiel" in p and "Rufer" in p for p in parts), fmt
        assert max(columns(line) for p in parts for line in p.splitlines()) <= 80, fmt
        assert all(p in " ".join(parts) for p in players), fmt
    for fmt in ("html", "latex", "tsv"):
        assert "\n\n" not in fitted_table(["Spiel", *players], rows, frozenset(range(1, 13)), fmt), fmt
