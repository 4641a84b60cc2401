"""The Pagat pot from one evening of a circle to the next (pagatkassa_end =
carry), when an evening that has fed its pot on is changed afterwards.

A change to an evening whose pot a later evening started with (a table
copy's late hand merged into a settled and closed evening, or `evening
reopen` and a new hand) carries through: every later evening of the circle
starts with what the one before it left, is re-scored, and the command
says so; the sheets show where each evening's pot came from and went;
`schreiber check` verifies the carry-overs and that every hand has its
place on its sheet. Each test here failed before: the later evening kept
the pot it started with, points vanished and `check` said ok.
"""

from __future__ import annotations

import json
import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest

from tests.helpers import cli, letting_go
from tests.helpers import run_at as run

FOUR = ["Anna", "Berti", "Carl", "Dora"]
POT = ("--rule", "pagatkassa=2")


@pytest.fixture(autouse=True)
def _let_go():
    """The connections of the test's commands let go (``letting_go``)."""
    with letting_go():
        yield


def pot(db: Path, evening: int) -> dict:
    return json.loads(run(db, "settle", "--json", "--evening", str(evening)).stdout)["pot"]


def carried_over(db: Path, evenings: int) -> None:
    """Each evening starts with the pot the one before it left, and no point
    vanished: what the players paid over all evenings is in the last pot."""
    paid = Fraction(0)
    for n in range(1, evenings + 1):
        p = pot(db, n)
        if n > 1:
            assert p["start"] == pot(db, n - 1)["end"], n
        paid += sum(Fraction(v) for v in json.loads(run(db, "balance", "--json", "--evening", str(n)).stdout).values())
    assert -paid == pot(db, evenings)["end"]
    check = run(db, "check").stdout
    assert "problem" not in check and "carried from each evening to the next of its circle: ok" in check, check


def circle(db: Path) -> None:
    """Three evenings of one circle with a Pagat pot: the first two settled
    and closed, the third open, where Carl's Pagat wins the pot (his points
    depend on what it held)."""
    for date in ("2026-11-06", "2026-11-13"):
        run(db, "evening", "start", *FOUR, *POT, "--date", date)
        run(db, "hand", "add", "rufer", "berti", "carl", "+")
        run(db, "hand", "add", "dreier", "dora", "40")
        run(db, "settle", "--close")
    run(db, "evening", "start", *FOUR, *POT, "--date", "2026-11-20")
    run(db, "hand", "add", "dreier", "carl", "45", "pagat!")
    carried_over(db, 3)


def test_a_late_hand_merged_into_a_settled_evening_carries_the_pot_on(tmp_path):
    db, copy = tmp_path / "desk.db", tmp_path / "table.db"
    run(db, "evening", "start", *FOUR, *POT, "--date", "2026-11-06")
    run(db, "hand", "add", "rufer", "berti", "carl", "+")
    run(db, "hand", "add", "dreier", "dora", "40")
    run(db, "backup", str(copy))
    run(db, "settle", "--close")
    run(db, "evening", "start", *FOUR, *POT, "--date", "2026-11-13")
    run(db, "hand", "add", "dreier", "carl", "45", "pagat!")
    before = run(db, "balance", "--json", "--evening", "2").stdout
    run(copy, "hand", "add", "rufer", "dora", "anna", "+", "pagat!")  # the table's late hand: it wins the pot
    r = run(db, "merge", str(copy))
    assert "merged from" in r.stdout
    assert "evening 1 (2026-11-06) is settled: what came in changed its balance" in r.stderr
    assert "Pagat pot carried on: evening 2 (2026-11-13, open) now starts with 0 points (was 4)" in r.stderr
    assert run(db, "balance", "--json", "--evening", "2").stdout != before  # Carl's Pagat won less
    carried_over(db, 2)
    sheet = run(db, "sheet", "--evening", "2").stdout
    assert "Pagat pot at the start: 0" in sheet
    data = json.loads(run(db, "sheet", "--json", "--evening", "1").stdout)["evening"]
    assert (data["start_pot"], data["pot_from"], data["pot_to"]) == (0, None, 2)
    assert "Pagat pot carried to evening 2 (2026-11-13): 0" in run(db, "sheet", "--evening", "1").stdout


CHANGES = {
    "hand add": [("hand", "add", "dreier", "anna", "50", "pagat!")],
    "hand edit": [("hand", "edit", "2", "dreier", "dora", "40", "pagat!")],
    "hand void": [("hand", "void", "1")],
    "undo": [("undo",)],
    "entry void": [("strafpunkt", "carl"), ("entry", "void", "e1"), ("hand", "add", "dreier", "anna", "50")],
    "radl": [("radl",), ("hand", "add", "dreier", "anna", "50")],
    "redeal": [("redeal",), ("hand", "add", "dreier", "anna", "50")],
    "strafpunkt": [("strafpunkt", "carl"), ("hand", "add", "dreier", "anna", "50")],
    "tisch": [("tisch",)],
    "hand import": [("hand", "import", "FILE")],
}


@pytest.mark.parametrize("change", CHANGES)
def test_a_change_to_a_reopened_evening_carries_through_every_later_evening(change, tmp_path):
    db = tmp_path / "circle.db"
    circle(db)
    before = run(db, "balance", "--json", "--evening", "3").stdout
    run(db, "evening", "reopen", "1")
    said = ""
    for args in CHANGES[change]:
        if args == ("tisch",):
            r = run(db, "tisch", input="dreier anna 50 pagat!\n")
            said += r.stdout
        elif args == ("hand", "import", "FILE"):
            f = tmp_path / "late.jsonl"
            f.write_text(json.dumps({"contract": "dreier", "declarer": "Anna", "points": 50}) + "\n")
            r = run(db, "hand", "import", str(f))
            said += r.stderr
        else:
            said += run(db, *args).stderr
    carried_over(db, 3)
    assert "Pagat pot carried on: evening 2 (2026-11-13, settled)" in said
    assert "Pagat pot carried on: evening 3 (2026-11-20, closed)" in said  # on through the circle
    assert run(db, "balance", "--json", "--evening", "3").stdout != before  # Carl's Pagat took another pot


def test_the_tarif_changes_no_pot(tmp_path):
    db = tmp_path / "circle.db"
    circle(db)
    run(db, "evening", "reopen", "1")
    r = run(db, "evening", "tarif", "0.50")
    assert "Pagat pot" not in r.stderr
    carried_over(db, 3)


def test_a_backdated_evening_passes_the_pot_on_to_the_evenings_after_it(tmp_path):
    """An evening entered later for an earlier date takes the pot of the
    evening before its date, and the evenings after its date start from
    what it leaves (the pot is not counted twice)."""
    db = tmp_path / "circle.db"
    circle(db)
    run(db, "evening", "start", *FOUR, *POT, "--date", "2026-11-10", "--keep-open")
    r = run(db, "hand", "add", "--evening", "4", "rufer", "berti", "carl", "+")
    assert "Pagat pot carried on: evening 2" in r.stderr
    paid = sum(
        sum(Fraction(v) for v in json.loads(run(db, "balance", "--json", "--evening", str(n)).stdout).values())
        for n in (1, 2, 3, 4)
    )
    assert -paid == pot(db, 3)["end"]
    assert pot(db, 4)["start"] == pot(db, 1)["end"] and pot(db, 2)["start"] == pot(db, 4)["end"]
    assert "problem" not in run(db, "check").stdout


def test_split_ends_the_carry(tmp_path):
    db = tmp_path / "circle.db"
    run(db, "evening", "start", *FOUR, *POT, "--rule", "pagatkassa_end=split", "--date", "2026-11-06")
    run(db, "hand", "add", "rufer", "berti", "carl", "+")
    run(db, "evening", "start", *FOUR, *POT, "--date", "2026-11-13")
    run(db, "hand", "add", "rufer", "berti", "carl", "+")
    run(db, "evening", "reopen", "1")
    r = run(db, "hand", "add", "dreier", "carl", "40")
    assert "Pagat pot" not in r.stderr
    assert pot(db, 2)["start"] == 0
    assert "problem" not in run(db, "check").stdout


def test_a_table_copy_with_the_pot_as_it_was_merges_without_a_conflict(tmp_path):
    """A copy made before a change to an earlier evening holds the later
    evening's pot as it was then: merging it brings its hands in, and the
    pot stays what the desk's evenings carry."""
    db, copy = tmp_path / "desk.db", tmp_path / "table.db"
    run(db, "evening", "start", *FOUR, *POT, "--date", "2026-11-06")
    run(db, "hand", "add", "rufer", "berti", "carl", "+")
    run(db, "evening", "start", *FOUR, *POT, "--date", "2026-11-13")
    run(db, "backup", str(copy))
    run(db, "evening", "reopen", "1", "--keep-open")
    run(db, "hand", "add", "--evening", "1", "dreier", "carl", "40")
    run(copy, "hand", "add", "dreier", "carl", "45", "pagat!")
    r = run(db, "merge", str(copy))
    assert "1 hand" in r.stdout
    carried_over(db, 2)


# schreiber check --------------------------------------------------------------


def tamper(db: Path, sql: str) -> None:
    con = sqlite3.connect(db)
    con.execute("pragma foreign_keys = on")  # what a result takes with it goes too
    con.execute(sql)
    con.commit()
    con.close()


def test_check_finds_a_pot_that_was_not_carried_over(tmp_path):
    db = tmp_path / "circle.db"
    circle(db)
    left = pot(db, 2)["end"]
    tamper(db, "update evenings set start_pot = '9' where id = 3")
    r = cli("--db", str(db), "check")
    assert r.exit_code == 1
    assert "the Pagat pot carried from each evening to the next of its circle: 1 problem" in r.stdout
    assert f"evening 3 starts with a Pagat pot of 9 points, not the {left} evening 2 left" in r.stdout
    assert "schreiber evening reopen 3 --keep-open" in r.stdout
    run(db, "evening", "reopen", "3", "--keep-open")  # what check says to type
    carried_over(db, 3)


@pytest.mark.parametrize(
    ("sql", "said"),
    [
        ("update entries set number = null where kind = 'hand' and number = 2", "a hand (entry"),
        ("update entries set number = 1 where kind = 'hand' and number = 2", "hand 1 stands out of order"),
        ("update entries set number = 4 where kind = 'hand' and number = 2", "hand 2 is missing from the sheet"),
        ("update entries set seq = 1 where kind = 'hand' and number = 2", "has no place of its own"),
        ("update entries set seq = null where kind = 'hand' and number = 2", "has no place of its own"),
        ("delete from results where entry_id = (select id from entries where number = 2)", "not scored"),
    ],
)
def test_check_finds_a_hand_without_its_place_on_the_sheet(sql, said, tmp_path):
    db = tmp_path / "one.db"
    run(db, "evening", "start", *FOUR, "--date", "2026-11-06")
    for words in (("rufer", "berti", "carl", "+"), ("dreier", "dora", "40"), ("rufer", "dora", "anna", "-")):
        run(db, "hand", "add", *words)
    assert "every hand in its place on its sheet, numbered 1, 2, ... without a gap: ok" in run(db, "check").stdout
    tamper(db, sql)
    r = cli("--db", str(db), "check")
    assert r.exit_code == 1
    assert said in r.stdout, r.stdout


@pytest.mark.parametrize(
    ("number", "said"),
    [
        (3, "without a gap: ok"),  # the hand dealt in the stead of the one taken back has its number
        (4, "without a gap: ok"),  # as schreiber numbered it before: the number after
        (5, "hand 3 is missing from the sheet"),
    ],
)
def test_check_reads_the_hand_after_an_undo_numbered_either_way(number, said, tmp_path):
    db = tmp_path / "one.db"
    run(db, "evening", "start", *FOUR, "--date", "2026-11-06")
    for words in (("rufer", "berti", "carl", "+"), ("dreier", "dora", "40"), ("rufer", "dora", "anna", "-")):
        run(db, "hand", "add", *words)
    run(db, "undo")
    run(db, "hand", "add", "rufer", "dora", "anna", "+")
    tamper(db, f"update entries set number = {number} where kind = 'hand' and status = 'active' and number = 3")
    assert said in cli("--db", str(db), "check").stdout
