"""What the desk and the tables read on a cup day, said so that it can be
acted on: a merge conflict's fix that works pasted as printed (each command
names its own ledger), a table whose round is complete offering no further
hand, a table's copy that opens its own table only, a refusal in the rule's
own words (not a section of a file the organizer does not have), German
plurals after "in", aligned status columns, and a cup table's hand with the
money and the Schrift labelled.

Figures: ooe-2023.md §13 (Dreier 4, one against three: the soloist 3 x 4 =
12, each opponent 4); §5.2: Kontra doubles the money (Geld), not the Schrift."""

from __future__ import annotations

import json
import re
import shlex

import pytest

from tests.helpers import cli, refused_line

FIELD = ["Anna", "Berti", "Carl", "Dora", "Emil", "Fritz", "Gerti", "Hans"]


def run(*args: str, input: str | None = None) -> str:
    r = cli(*args, input=input)
    assert r.exit_code == 0, (args, r.output)
    return r.stdout


def dreier(declarer: str, result: str = "won", **more: object) -> str:
    return json.dumps({"contract": "dreier", "declarer": declarer, "result": result, **more})


def two_tables(db: str, hands: int = 2) -> dict:
    """A cup of eight at two tables, round 1 drawn: the draw as JSON."""
    run("--db", db, "cup", "start", "Probecup", *FIELD, "--seed", "7", "--hands", str(hands), "--date", "2026-11-28")
    return json.loads(run("--db", db, "cup", "draw", "--json"))


def test_a_merge_conflicts_fix_works_pasted_as_printed(tmp_path, ledger_env):
    """The desk works on cup.db with --db while SCHREIBER_DB names another
    ledger: each printed command carries the --db of the ledger it acts on."""
    desk, copy = str(tmp_path / "cup.db"), str(tmp_path / "tisch1.db")
    t1 = two_tables(desk)["tables"][0]
    run("--db", desk, "cup", "table", "1", "--out", copy)
    run("--db", copy, "hand", "add", "--evening", str(t1["evening"]), "--json", dreier(t1["players"][1]))
    run("--db", desk, "hand", "add", "--evening", str(t1["evening"]), "--json", dreier(t1["players"][2]))
    line = refused_line("--db", desk, "merge", copy)
    fixes = re.findall(r"type: (schreiber .*?)(?=; to keep|; then merge again)", line)
    assert len(fixes) == 2, line
    assert all(f.startswith("schreiber --db ") for f in fixes), fixes
    keep_the_copys = shlex.split(fixes[0])[1:]  # on the desk's ledger
    assert keep_the_copys[:2] == ["--db", desk], fixes[0]
    run(*keep_the_copys)
    run("--db", desk, "merge", copy)  # now they agree
    sheet = json.loads(run("--db", desk, "sheet", "--json", "--evening", str(t1["evening"])))
    assert [h["declarer"] for h in sheet["hands"] if not h["void"]] == [t1["players"][1]]


def test_a_table_with_its_rounds_hands_offers_no_further_hand(ledger_env):
    run("cup", "start", "Kurzcup", *FIELD[:4], "--rounds", "1", "--hands", "2", "--seed", "2")
    run("cup", "draw")
    out = run("tisch", input="dreier berti +\ndreier carl +\n")
    prompts = re.findall(r"\[([^\]]*)\] > ", out)
    assert prompts[0].startswith("1: ") and prompts[1].startswith("2: "), prompts
    assert prompts[2:] == ["Tisch 1, round 1: all 2 hands entered"], prompts  # no "3: ..."
    assert "The round's 2 hands are entered; a wrong one is corrected with: edit N HAND" in out


@pytest.mark.lang("de")
def test_a_complete_round_is_said_in_german_within_80_columns(ledger_env):
    run("cup", "start", "Kurzcup", *FIELD[:4], "--rounds", "1", "--hands", "2", "--seed", "2")
    run("cup", "draw")
    out = run("tisch", input="dreier berti +\ndreier carl +\n")
    assert "[Tisch 1, Runde 1: alle 2 Spiele eingetragen] > " in out
    assert "Alle 2 Spiele der Runde sind eingetragen; ausbessern mit: ändern N HAND" in out
    assert all(len(line) <= 80 for line in out.replace("] > ", "] >\n").splitlines()), out


def test_a_tables_copy_opens_its_own_table_only_and_merges_back_without_closing_the_others(tmp_path, ledger_env):
    desk, copy = str(tmp_path / "cup.db"), str(tmp_path / "tisch2.db")
    drawn = two_tables(desk)["tables"]
    t1, t2 = drawn
    out = run("--db", desk, "cup", "table", "2", "--out", copy)
    assert f"At the table: schreiber --db {copy} tisch" in out and "--evening" not in out
    listed = [ln for ln in run("--db", copy, "evening", "list").splitlines() if "*" in ln[:6]]
    assert [int(ln.split("*")[0]) for ln in listed] == [t2["evening"]]  # the copy's one open evening
    run("--db", copy, "hand", "add", "--json", dreier(t2["players"][1]))  # no --evening needed
    assert json.loads(run("--db", copy, "balance", "--json"))[t2["players"][1]] == 12
    line = refused_line("--db", copy, "hand", "add", "--evening", str(t1["evening"]), "--json", dreier("Anna"))
    assert f"evening {t1['evening']}" in line and "closed" in line  # the other table is not typed into here
    merged = run("--db", desk, "merge", copy)
    assert "1 hand" in merged and "closed" not in merged
    status = json.loads(run("--db", desk, "cup", "status", "--json"))["tables"]
    assert [(t["table"], t["status"], t["hands"]) for t in status] == [(1, "open", 0), (2, "open", 1)]
    assert run("--db", desk, "check").splitlines()[-1].endswith(": ok")
    assert run("--db", copy, "check").splitlines()[-1].endswith(": ok")
    run("--db", copy, "evening", "reopen", str(t1["evening"]), "--keep-open")  # the copy takes it on after all
    run("--db", copy, "evening", "close", "--evening", str(t1["evening"]))
    assert "1 evening closed" in run("--db", desk, "merge", copy)  # its own closing now carries


def test_an_unfinished_round_is_refused_in_the_rules_own_words(ledger_env):
    t1 = two_tables(str(ledger_env))["tables"][0]
    run("hand", "add", "--evening", str(t1["evening"]), "--json", dreier(t1["players"][1]))  # the round begun
    line = refused_line("cup", "draw")
    assert "round 1 is not finished" in line and "--force" in line
    assert "the round then ends with the hands played (the director may close a round early)" in line
    assert ".md" not in line and "§" not in line and "O-13" not in line


@pytest.mark.lang("de")
def test_check_says_in_how_many_evenings_in_the_dative(ledger_env):
    for _ in range(2):
        run("evening", "start", *FIELD[:4], "--rules", "standard")
        run("hand", "add", "--json", dreier("Berti", points=40))
    out = run("check")
    assert "2 Spiele in 2 Abenden, neu gewertet" in out, out


@pytest.mark.lang("de")
def test_the_status_columns_of_the_lists_line_up_in_german(ledger_env):
    run("evening", "start", *FIELD[:4], "--rules", "standard")
    run("settle", "--close")  # abgerechnet
    run("evening", "start", *FIELD[4:], "--rules", "standard")
    run("evening", "close")
    run("evening", "start", *FIELD[:4], "--rules", "standard")  # offen
    lines = run("evening", "list").splitlines()[:3]
    assert {"abgerechnet", "abgeschlossen", "offen"} <= set(" ".join(lines).split())
    assert len({ln.index(FIELD[0]) if FIELD[0] in ln else ln.index(FIELD[4]) for ln in lines}) == 1, lines
    run("cup", "start", "Alt", *FIELD[:4], "--rounds", "1", "--hands", "1", "--date", "2026-10-01")
    run("cup", "draw", "--cup", "Alt")
    run("hand", "add", "--evening", "4", "--json", dreier(json.loads(run("cup", "status", "--json", "--cup", "Alt"))
                                                        ["tables"][0]["players"][1]))  # fmt: skip
    run("cup", "finish", "--cup", "Alt")
    run("cup", "start", "Neu", *FIELD[:4], "--date", "2026-11-01")
    cups = run("cup", "list").splitlines()
    assert "beendet" in cups[0] and "offen" in cups[1]
    assert cups[0].index("Alt") == cups[1].index("Neu"), cups


def test_a_cup_tables_hand_labels_the_money_and_the_schrift(ledger_env):
    drawn = two_tables(str(ledger_env))["tables"][0]
    p = drawn["players"]
    out = run("hand", "add", "--evening", str(drawn["evening"]), "--json", dreier(p[1], kontra="kontra"))
    # ooe-2023.md §13: Dreier 4, won with Kontra: the Geld doubled (24), the Schrift not (12)
    assert out.splitlines() == [
        "Hand 1 (Geld):    " + ", ".join(f"{n} {'+24' if n == p[1] else '-8'}" for n in p),
        "Hand 1 (Schrift): " + ", ".join(f"{n} {'+12' if n == p[1] else '-4'}" for n in p),
    ], out
    run("evening", "start", "Ulla", "Vera", "Walter", "Xaver", "--rules", "standard", "--keep-open")
    club = run("hand", "add", "--evening", "3", "--json", dreier("Vera", points=40))
    assert club.startswith("Hand 1: ") and "Geld" not in club and "Schrift" not in club


def test_standings_leave_a_round_not_yet_played_blank(ledger_env):
    """Round 1 played (Berti's Dreier: +12, the others -4), round 2 not yet
    drawn: R2 is blank in the list and empty in the CSV, not +0 / 0."""
    run("cup", "start", "Zweirunden", *FIELD[:4], "--rounds", "2", "--hands", "1", "--seed", "2")
    table = json.loads(run("cup", "draw", "--json"))["tables"][0]
    run("hand", "add", "--json", dreier(table["players"][1]))
    lines = run("cup", "standings").splitlines()
    head = lines[1]
    r2 = head.index("R2")
    body = lines[3:]
    assert len(body) == 4 and all(ln[r2 : r2 + 4].strip() == "" for ln in body), lines
    assert body[0].split()[:6] == ["1.", table["players"][1], "223", "+12", "+12", "+1.20"], body[0]
    csv = run("cup", "standings", "--csv").splitlines()
    assert csv[0].split(",")[5:] == ["r1", "r2", "geld"]
    assert all(row.split(",")[6] == "" for row in csv[1:]), csv
