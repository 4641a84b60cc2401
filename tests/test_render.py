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
