"""A table on paper: `cup score ROUND TABLE NAME=+N ...` enters a table's
round totals at the desk (docs/cup.md, A table on paper).

The cup: eight players, two rounds of two hands, seed 1, so round 1 seats
Tisch 1 Dora, Gerd, Fritz, Berti and Tisch 2 Hans, Emil, Anna, Carl. Tisch 1
writes on paper: Dora +24, Gerd -7, Fritz -12, Berti -5 (0 in all). Tisch 2
plays `ooe` hands (ooe-2023.md §13: Dreier 4, Piccolo 2; one against three):
Hans's Dreier won (Hans +12, the others -4), Emil's Piccolo won (Emil +6, the
others -2): Hans +10, Emil +2, Anna -6, Carl -6."""

from __future__ import annotations

import json
import sqlite3

import pytest

from tests.cli.test_cup import as_json, dreier, piccolo, run
from tests.helpers import cli, dump, refused_line, run_at

PAPER = ("Dora=+24", "gerd=-7", "FRITZ=-12", "Berti=-5")
TABLE_1 = ["Dora", "Gerd", "Fritz", "Berti"]
TABLE_2 = ["Hans", "Emil", "Anna", "Carl"]


def added_up_to_one(db):
    """The totals' record changed behind schreiber's back: +1 in all, which no `cup score` writes."""
    con = sqlite3.connect(db)
    with con:
        con.execute("""update entries set record_json = '{"schrift":{"Dora":25,"Gerd":-7,"Fritz":-12,"Berti":-5}}'
                       where kind = 'totals' and status = 'active'""")
    con.close()


def drawn_cup(db=None):
    at = ("--db", str(db)) if db else ()
    run(*at, "cup", "start", "Papiercup", "Anna", "Berti", "Carl", "Dora", "Emil", "Fritz", "Gerd", "Hans",
        "--rounds", "2", "--hands", "2", "--seed", "1", "--date", "2026-11-20")  # fmt: skip
    drawn = as_json(*at, "cup", "draw")
    assert [t["players"] for t in drawn["tables"]] == [TABLE_1, TABLE_2]
    return drawn


def played_cup():
    drawn_cup()
    out = run("cup", "score", "1", "1", *PAPER)
    assert out.strip() == "Tisch 1 of round 1 entered from paper (evening 1): Dora +24, Gerd -7, Fritz -12, Berti -5"
    run("hand", "add", "--evening", "2", "--json", dreier("Hans"))
    run("hand", "add", "--evening", "2", "--json", piccolo("Emil"))


def refused(db, *args):
    """The command refused at the console: exit 1, one line, nothing written; that line."""
    before = dump(db)
    line = refused_line("--db", str(db), *args)
    assert dump(db) == before
    return line


def schrift_of(standings):
    return {p["name"]: (p["rank"], p["schrift"], p["geld"]) for p in standings["players"]}


def test_a_paper_table_ranks_with_a_played_one_and_is_done():
    played_cup()
    s = as_json("cup", "standings")
    assert s["rounds_played"] == 1
    got = schrift_of(s)
    # Dora 24, Hans 10, Emil 2, Berti -5, Anna and Carl -6 (the same best round: the lot), Gerd -7, Fritz -12;
    # the paper's Schrift is its money too (no Kontra on paper)
    assert {n: v[1:] for n, v in got.items()} == {"Dora": (24, 24), "Hans": (10, 10), "Emil": (2, 2),
                                                 "Berti": (-5, -5), "Anna": (-6, -6), "Carl": (-6, -6),
                                                 "Gerd": (-7, -7), "Fritz": (-12, -12)}  # fmt: skip
    assert [got[n][0] for n in ("Dora", "Hans", "Emil", "Berti", "Gerd", "Fritz")] == [1, 2, 3, 4, 7, 8]
    assert {p["name"]: p["cup_points"] for p in s["players"]}["Dora"] == 223  # place 1, ooe-2023.md §11.2
    status = as_json("cup", "status")["tables"]
    assert [(t["table"], t["hands"], t["paper"]) for t in status] == [(1, 0, True), (2, 2, False)]
    text = run("cup", "status")
    assert "Dora, Gerd, Fritz, Berti  on paper  done" in text
    assert as_json("cup", "draw")["round"] == 2  # round 1 is finished: no --force


def test_the_sheet_marks_the_paper_totals_row():
    played_cup()
    sheet = json.loads(run("sheet", "--evening", "1", "--json"))
    assert sheet["hands"] == []
    assert [(e["kind"], e["ref"], e["payments"]) for e in sheet["events"]] == [
        ("totals", "e1", {"Dora": 24, "Gerd": -7, "Fritz": -12, "Berti": -5})
    ]
    text = run("sheet", "--evening", "1")
    assert "round's totals (paper)" in text and "24 (+24)" in text


def test_the_paper_totals_are_no_hand_for_the_statistics():
    played_cup()
    stats = json.loads(run("stats", "--json"))
    assert stats["hands"] == 2  # Tisch 2's two hands, not Tisch 1's round


@pytest.mark.parametrize(
    ("words", "line"),
    [
        (("Dora=+24", "Gerd=-7", "Fritz=-12", "Berti=-4"),
         "the totals add up to +1, not 0; check the paper's figures and give them again"),
        (("Dora=+24", "Gerd=-7", "Fritz=-17"), "Berti missing; give every player of the table once"),
        (("Dora=+24", "dora=-24", "Gerd=0", "Fritz=0", "Berti=0"),
         "Dora is given twice; give every player of the table once"),
        (("Dora=+24", "Hans=-24", "Gerd=0", "Fritz=0"),
         "Hans does not sit at this table; its players: Dora, Gerd, Fritz, Berti"),
        (("Dora=+2.5", "Gerd=-2.5", "Fritz=0", "Berti=0"),
         "'Dora=+2.5': the Schrift is whole points, e.g. Dora=+12 or Dora=-7"),
        (("Dora", "Gerd=0"), "'Dora' is not NAME=+N; give each player's Schrift of the round, e.g. Dora=+12"),
    ],
)  # fmt: skip
def test_bad_totals_are_refused_in_one_line_and_nothing_is_written(tmp_path, words, line):
    db = tmp_path / "cup.db"
    drawn_cup(db)
    assert line in refused(db, "cup", "score", "1", "1", *words)


def test_totals_and_hands_do_not_mix(tmp_path):
    db = tmp_path / "cup.db"
    drawn_cup(db)
    run_at(db, "hand", "add", "--evening", "2", "--json", dreier("Hans"))
    line = refused(db, "cup", "score", "1", "2", "Hans=+12", "Emil=-4", "Anna=-4", "Carl=-4")
    assert "this evening has hands already" in line and "hand void N" in line, line

    run_at(db, "cup", "score", "1", "1", *PAPER)
    line = refused(db, "hand", "add", "--evening", "1", "--json", dreier("Dora"))
    assert "this round's totals are entered from paper, so it takes no hands" in line, line
    line = refused(db, "cup", "score", "1", "3", *PAPER)
    assert "round 1 of Papiercup has no table 3; tables: 1, 2" in line, line


def test_a_second_score_corrects_the_first_on_the_record():
    played_cup()
    out = run("cup", "score", "1", "1", "Dora=+20", "Gerd=-3", "Fritz=-12", "Berti=-5")
    assert out.startswith("Tisch 1 of round 1 corrected from paper (evening 1): Dora +20, Gerd -3")
    events = json.loads(run("sheet", "--evening", "1", "--json"))["events"]
    assert [(e["ref"], e["void"], e["marks"], e["payments"]["Dora"]) for e in events] == [
        ("e1", True, ["ausgebessert"], 0),  # the paper's first figures, struck and kept
        ("e2", False, ["Ersatz"], 20),
    ]
    assert "corrected" in run("sheet", "--evening", "1")
    got = schrift_of(as_json("cup", "standings"))
    assert (got["Dora"][1], got["Gerd"][1]) == (20, -3)


def test_undo_and_entry_void_take_the_totals_back():
    played_cup()
    run("undo", "--evening", "1")
    status = as_json("cup", "status")["tables"]
    assert (status[0]["hands"], status[0]["paper"]) == (0, False)
    assert schrift_of(as_json("cup", "standings"))["Dora"][1] == 0
    run("cup", "score", "1", "1", *PAPER)  # entered again: its own entry, the one taken back stays on the sheet
    assert schrift_of(as_json("cup", "standings"))["Dora"][1] == 24
    run("entry", "void", "e2", "--evening", "1")
    assert schrift_of(as_json("cup", "standings"))["Dora"][1] == 0
    events = json.loads(run("sheet", "--evening", "1", "--json"))["events"]
    assert [(e["ref"], e["void"]) for e in events] == [("e1", True), ("e2", True)]


def desk_and_copy(tmp_path):
    """The desk's ledger with round 1 drawn, and Tisch 1's copy of it."""
    desk, copy = tmp_path / "desk.db", tmp_path / "tisch1.db"
    drawn_cup(desk)
    run_at(desk, "cup", "table", "1", "--out", str(copy))
    return desk, copy


def test_a_copy_with_paper_totals_merges_and_is_checked_as_typed(tmp_path):
    desk, copy = desk_and_copy(tmp_path)
    run_at(copy, "cup", "score", "1", "1", *PAPER)
    bad = tmp_path / "bad.db"
    with sqlite3.connect(copy) as source, sqlite3.connect(bad) as con:
        source.backup(con)
    source.close()
    con.close()
    added_up_to_one(bad)
    line = refused(desk, "merge", str(bad))
    assert "paper totals are whole points adding up to zero" in line, line

    run_at(desk, "merge", str(copy))
    got = schrift_of(as_json("--db", str(desk), "cup", "standings"))
    assert (got["Dora"][1], got["Fritz"][1]) == (24, -12)
    assert as_json("--db", str(desk), "cup", "status")["tables"][0]["paper"] is True
    before = dump(desk)
    run_at(desk, "merge", str(copy))  # again: nothing more
    assert dump(desk) == before


def test_export_and_import_carry_paper_totals(tmp_path):
    played_cup()
    run("cup", "score", "1", "1", "Dora=+20", "Gerd=-3", "Fritz=-12", "Berti=-5")
    lines = tmp_path / "tisch1.jsonl"
    run("export", "--what", "hands", "--format", "jsonl", "--evening", "1", "--out", str(lines))
    kept = [json.loads(x) for x in lines.read_text(encoding="utf-8").splitlines()]
    totals = [(x["kind"], x["record"], x["void"]) for x in kept if x["kind"] == "totals"]
    assert totals == [("totals", {"schrift": {"Dora": 24, "Gerd": -7, "Fritz": -12, "Berti": -5}}, True),
                      ("totals", {"schrift": {"Dora": 20, "Gerd": -3, "Fritz": -12, "Berti": -5}}, False)]  # fmt: skip
    run("evening", "start", *TABLE_1, "--rules", "ooe")
    run("hand", "import", str(lines), "--evening", "3")
    events = json.loads(run("sheet", "--json", "--evening", "3"))["events"]
    assert [(e["void"], e["payments"]["Dora"]) for e in events] == [(True, 0), (False, 20)]
    # saved again by any JSON tool with its keys sorted: a JSON object has no order (before: refused,
    # "paper totals name every player of the table once, in the seating's order")
    lines.write_text("".join(json.dumps(x, sort_keys=True) + "\n" for x in kept), encoding="utf-8")
    run("evening", "start", *TABLE_1, "--rules", "ooe")
    run("hand", "import", str(lines), "--evening", "4")
    assert json.loads(run("sheet", "--json", "--evening", "4"))["events"] == events
    assert json.loads(run("balance", "--json", "--evening", "4")) == json.loads(
        run("balance", "--json", "--evening", "3")
    )


@pytest.mark.lang("de")
def test_the_desk_says_it_in_german(tmp_path):
    db = tmp_path / "cup.db"
    drawn_cup(db)
    line = refused(db, "cup", "score", "1", "1", "Dora=+24", "Gerd=-7", "Fritz=-12", "Berti=-4")
    assert "ergeben zusammen +1, nicht 0" in line, line
    out = run("--db", str(db), "cup", "score", "1", "1", *PAPER)
    assert out.startswith("Tisch 1 der Runde 1 vom Papier eingetragen (Abend 1): Dora +24")


def test_check_scores_the_totals_again(tmp_path):
    db = tmp_path / "cup.db"
    drawn_cup(db)
    run_at(db, "cup", "score", "1", "1", *PAPER)
    run_at(db, "check")
    added_up_to_one(db)
    r = cli("--db", str(db), "check")
    assert r.exit_code == 1
    assert "evening 1: its entries no longer score (entry 1: paper totals are whole points adding up to zero)" in (
        r.stdout
    )


def test_a_copy_with_other_totals_is_a_conflict_that_names_both(tmp_path):
    desk, copy = desk_and_copy(tmp_path)
    run_at(desk, "cup", "score", "1", "1", *PAPER)
    run_at(copy, "cup", "score", "1", "1", "Dora=+20", "Gerd=-3", "Fritz=-12", "Berti=-5")
    line = refused(desk, "merge", str(copy))
    assert (
        "the totals from paper (Dora +24, Gerd -7, Fritz -12, Berti -5) here and "
        "the totals from paper (Dora +20, Gerd -3, Fritz -12, Berti -5) in" in line
    ), line
