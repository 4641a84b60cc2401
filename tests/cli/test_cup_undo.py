"""`cup draw` as an organizer runs it more than once (docs/cup.md, "Draw a
round"): run again before a hand is played, plain or with --json, it shows
the round as drawn and changes nothing; --force ends an unfinished round
only with a yes (asked at a terminal, --yes in a script), a round nobody
has played only with a yes typed at a terminal; `cup draw --undo` takes
the last round back while nothing stands at its tables: its evenings kept
as withdrawn, the round before's tables open again, and `check`, `cup
status`, `evening list`, the standings and `merge` agree."""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from pathlib import Path

import pexpect
import pytest

from tests.helpers import console, dump, run_at, terminal

PLAYERS = ["Anna", "Berti", "Carl", "Dora", "Emil", "Fritz", "Gerti", "Hans"]


def ok(db: Path, *args: str) -> str:
    """What a command that must succeed prints on stdout."""
    return run_at(db, *args).stdout


def as_json(db: Path, *args: str):
    return json.loads(run_at(db, *args, "--json").stdout)


def refused(db: Path, *args: str) -> str:
    """One line on stderr, exit 1, nothing written."""
    before = dump(db)
    p = console(["--db", str(db), *args])
    assert p.returncode == 1, (p.stdout, p.stderr)
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in p.stderr, p.stderr
    assert dump(db) == before
    return lines[0]


def hand_at(db: Path, table: dict) -> None:
    """A Dreier of the table's first Vorhand (the second seated), won."""
    ok(db, "hand", "add", "--evening", str(table["evening"]), "dreier", table["players"][1], "+")


@pytest.fixture
def cup(tmp_path) -> Path:
    """Eight players, three rounds of two hands: round 1 drawn, one hand
    played at Tisch 1 (begun, not finished)."""
    db = tmp_path / "cup.db"
    ok(db, "cup", "start", "Probe", *PLAYERS, "--seed", "7", "--rounds", "3", "--hands", "2", "--date", "2026-11-28")
    hand_at(db, as_json(db, "cup", "draw")["tables"][0])
    return db


def test_a_round_drawn_and_not_played_is_shown_again_not_replaced(cup):
    """The organizer's evening in the issue: round 2 drawn with --force, then
    `cup draw --force --json` once more to read its tables. It gave round 3
    and broke off round 2 (every table 0 of its hands); now it prints round 2
    as drawn, says why on stderr, and writes nothing, with or without --json."""
    second = as_json(cup, "cup", "draw", "--force", "--yes")
    assert second["round"] == 2
    before = dump(cup)
    again = console(["--db", str(cup), "cup", "draw", "--force", "--json"])
    assert (again.returncode, json.loads(again.stdout)) == (0, second)
    assert "note: no table of round 2 has played a hand, so it is shown as drawn" in again.stderr
    assert as_json(cup, "cup", "draw") == second
    plain = ok(cup, "cup", "draw")
    assert plain.startswith("Probe, round 2 of 3, as drawn (no hand played yet; cup draw --undo takes it back):\n")
    assert f"  Tisch 1: {', '.join(second['tables'][0]['players'])}  (evening {second['tables'][0]['evening']}" in plain
    assert dump(cup) == before
    status = as_json(cup, "cup", "status")["tables"]
    assert [(t["round"], t["status"]) for t in status] == [(1, "closed"), (1, "closed"), (2, "open"), (2, "open")]


def test_force_over_a_round_begun_needs_a_yes(cup):
    """Round 1 has one hand of Tisch 1's two: --force alone, without a
    terminal, says what to type and writes nothing; --yes ends the round."""
    line = refused(cup, "cup", "draw", "--force")
    assert line == (
        "schreiber: error: round 1 is not finished: table 1 (1 of 2 hands), table 2 (0 of 2 hands); to end it as "
        "it stands, answer yes at a terminal (schreiber cup draw --force) or type: schreiber cup draw --force --yes"
    )
    assert (
        refused(cup, "cup", "draw", "--force", "--json") == line
    )  # --json changes nothing the plain command would not
    assert as_json(cup, "cup", "draw", "--force", "--yes")["round"] == 2


@pytest.mark.lang("de")
def test_force_says_what_to_type_in_german(cup):
    p = console(["--db", str(cup), "cup", "draw", "--force"], env={**os.environ, "SCHREIBER_LANG": "de"})
    assert p.returncode == 1
    assert p.stderr == (
        "schreiber: Fehler: Runde 1 ist nicht fertig: Tisch 1 (1 von 2 Spielen), Tisch 2 (0 von 2 Spielen); um sie "
        "so zu beenden, wie sie steht, an einem Terminal mit ja antworten (schreiber cup draw --force) oder "
        "eingeben: schreiber cup draw --force --yes\n"
    )


def test_at_a_terminal_force_asks_first(cup):
    """At a terminal: over round 1 begun, no changes nothing (exit 1), yes
    draws round 2; over round 2 that nobody has played, even with --yes, it
    asks again: no shows round 2 as drawn, yes ends it and draws round 3."""
    before = dump(cup)
    env = dict(os.environ, TERM="dumb")
    draw = f"{sys.executable} -m schreiber --db {cup} cup draw --force"
    script = f"{draw}; echo rc=$?; {draw}; echo rc=$?; {draw} --yes; echo rc=$?; {draw}; echo rc=$?"
    p = terminal("sh", ["-c", script], env=env, encoding="utf-8", dimensions=(24, 120))
    p.expect(
        r"Round 1 is not finished: table 1 \(1 of 2 hands\), table 2 \(0 of 2 hands\)\. "
        r"End it as it stands and draw round 2\? \[y/N\] "
    )
    p.sendline("n")
    p.expect("Nothing changed: round 1 goes on.")
    p.expect("rc=1")
    assert dump(cup) == before
    p.expect(r"End it as it stands and draw round 2\? \[y/N\] ")
    p.sendline("y")
    p.expect("Probe, round 2 of 3:")
    p.expect("rc=0")
    p.expect(r"No table of round 2 has played a hand\. End round 2 unplayed and draw round 3\? \[y/N\] ")
    p.sendline("")
    p.expect(r"Probe, round 2 of 3, as drawn \(no hand played yet")
    p.expect("rc=0")
    p.expect(r"End round 2 unplayed and draw round 3\? \[y/N\] ")
    p.sendline("j")
    p.expect("Probe, round 3 of 3:")
    p.expect("rc=0")
    p.expect(pexpect.EOF)


def test_undo_takes_the_round_back_and_the_round_before_goes_on(cup):
    """Round 2 drawn over round 1 by mistake (--force) and taken back: its
    evenings stay, withdrawn, the tables of round 1 are open again (as
    before the draw), nothing else changed: check is clean, the standings
    and the statistics are what they were, and round 2 drawn again is the
    same tables (the same seed) in new evenings."""
    listed = as_json(cup, "evening", "list")
    standings, stats = as_json(cup, "cup", "standings"), as_json(cup, "stats")
    second = as_json(cup, "cup", "draw", "--force", "--yes")
    out = ok(cup, "cup", "draw", "--undo")
    withdrawn = [t["evening"] for t in second["tables"]]
    assert out == (
        f"Probe: round 2 taken back; its evenings {withdrawn[0]}, {withdrawn[1]} are kept as withdrawn "
        "(schreiber evening list).\n"
        "Round 1 goes on: its tables are open again (evenings 1, 2).\n"
        "Draw round 2 again with: schreiber cup draw\n"
    )
    assert as_json(cup, "evening", "list") == listed + [
        {**e, "status": "withdrawn"} for e in as_json(cup, "evening", "list")[2:]
    ]
    assert [e["status"] for e in as_json(cup, "evening", "list")] == ["open", "open", "withdrawn", "withdrawn"]
    assert (as_json(cup, "cup", "standings"), as_json(cup, "stats")) == (standings, stats)
    status = ok(cup, "cup", "status")
    assert status.endswith(
        f"Taken back: round 2 as drawn before (evenings {withdrawn[0]}, {withdrawn[1]}, withdrawn; cup draw --undo).\n"
    )
    assert [t["round"] for t in as_json(cup, "cup", "status")["tables"]] == [1, 1]
    assert "problem" not in ok(cup, "check")
    hand_at(cup, as_json(cup, "cup", "status")["tables"][0])  # round 1 goes on: Tisch 1's second hand
    again = as_json(cup, "cup", "draw", "--force", "--yes")
    assert [t["players"] for t in again["tables"]] == [t["players"] for t in second["tables"]]
    assert [t["evening"] for t in again["tables"]] == [withdrawn[1] + 1, withdrawn[1] + 2]


def test_a_withdrawn_evening_takes_nothing(cup):
    second = as_json(cup, "cup", "draw", "--force", "--yes")
    ok(cup, "cup", "draw", "--undo")
    gone = second["tables"][0]
    assert refused(cup, "hand", "add", "--evening", str(gone["evening"]), "dreier", gone["players"][1], "+") == (
        f"schreiber: error: evening {gone['evening']} was Tisch 1 of round 2 of Probe as drawn before the draw was "
        "taken back; draw the round again with: schreiber cup draw"
    )
    assert "as drawn before the draw was taken back" in refused(cup, "evening", "reopen", str(gone["evening"]))
    assert "as drawn before the draw was taken back" in refused(
        cup, "settle", "--close", "--evening", str(gone["evening"])
    )
    hand_at(cup, as_json(cup, "cup", "status")["tables"][0])
    now = as_json(cup, "cup", "draw", "--force", "--yes")["tables"][0]["evening"]
    assert refused(cup, "hand", "add", "--evening", str(gone["evening"]), "dreier", gone["players"][1], "+").endswith(
        f"taken back; that table is now evening {now}: give --evening {now}"
    )
    sheet = ok(cup, "sheet", "--evening", str(gone["evening"]))
    assert sheet.startswith(f"Evening {gone['evening']}, 2026-11-28, ooe (withdrawn: a table of a cup round drawn")


def test_undo_is_refused_while_anything_stands_in_the_round(cup):
    """A hand at Tisch 1 of round 1: the round cannot be taken back (one
    line, nothing written); taken back with undo, the round can, and the
    withdrawn evening keeps the voided hand (corrections are kept)."""
    assert refused(cup, "cup", "draw", "--undo") == (
        "schreiber: error: round 1 of Probe cannot be taken back: entries stand at Tisch 1 (evening 1); only a round "
        "in which nothing stands can be taken back: take each entry back first (schreiber undo --evening 1, as "
        "often as it takes), then cup draw --undo again"
    )
    ok(cup, "undo", "--evening", "1")
    ok(cup, "cup", "draw", "--undo")
    assert [e["status"] for e in as_json(cup, "evening", "list")] == ["withdrawn", "withdrawn"]
    assert as_json(cup, "sheet", "--evening", "1")["hands"][0]["void"] is True
    assert "problem" not in ok(cup, "check")
    assert ok(cup, "cup", "status") == (
        "Probe: no round drawn yet; draw one with: schreiber cup draw\n"
        "Taken back: round 1 as drawn before (evenings 1, 2, withdrawn; cup draw --undo).\n"
    )
    assert refused(cup, "cup", "draw", "--undo") == (
        "schreiber: error: no round of Probe is drawn; there is nothing to take back"
    )
    assert "--undo takes the last round back; give it without --force and --yes" in refused(
        cup, "cup", "draw", "--undo", "--force"
    )


def test_a_copy_of_a_table_taken_back_merges_as_the_desk_says(cup, tmp_path):
    """Round 2 drawn, a copy for its Tisch 1, then the draw taken back at the
    desk. The copy without hands merges (nothing of round 2 comes back); with
    a hand entered there it is refused, saying where the hand belongs, and
    doing what the line says brings it to the table as drawn again."""
    second = as_json(cup, "cup", "draw", "--force", "--yes")
    table = second["tables"][0]
    copy, played = tmp_path / "tisch1.db", tmp_path / "tisch1-played.db"
    ok(cup, "cup", "table", "1", "--out", str(copy))
    ok(cup, "cup", "table", "1", "--out", str(played))
    hand_at(played, table)
    ok(cup, "cup", "draw", "--undo")
    before = dump(cup)
    assert ok(cup, "merge", str(copy)) == f"nothing new in {copy}\n"
    assert dump(cup) == before
    line = refused(cup, "merge", str(played))
    assert line == (
        f"schreiber: error: {played} holds entries of evening {table['evening']}, Tisch 1 of round 2 as drawn "
        "before the draw was taken back here (cup draw --undo); draw the round again here (schreiber cup draw), "
        "then merge again"
    )
    hand_at(cup, as_json(cup, "cup", "status")["tables"][0])
    now = as_json(cup, "cup", "draw", "--force", "--yes")["tables"][0]["evening"]
    line = refused(cup, "merge", str(played))
    out = tmp_path / "tisch1.jsonl"
    assert line.endswith(
        f"bring them to the table as drawn now: schreiber --db {played} export --format jsonl --what hands "
        f"--evening {table['evening']} --out FILE, then schreiber hand import FILE --evening {now}"
    )
    ok(played, "export", "--format", "jsonl", "--what", "hands", "--evening", str(table["evening"]), "--out", str(out))
    ok(cup, "hand", "import", str(out), "--evening", str(now))
    assert as_json(cup, "cup", "status")["tables"][2]["hands"] == 1
    assert "problem" not in ok(cup, "check")


def test_a_copy_that_took_a_draw_back_itself_is_refused(cup, tmp_path):
    """The desk draws and takes back rounds: a copy that took back a round
    standing at the desk does not take it back there (refused, nothing
    written). Taken back at the desk too, the copy merges as any copy."""
    second = as_json(cup, "cup", "draw", "--force", "--yes")
    copy = tmp_path / "copy.db"
    ok(cup, "backup", str(copy))
    ok(copy, "cup", "draw", "--undo")
    first = second["tables"][0]["evening"]
    assert refused(cup, "merge", str(copy)) == (
        f"schreiber: error: {copy} took back the draw of evening {first} (table 1, round 2), which stands here; "
        "the desk draws the rounds and takes them back: make the table a new copy (schreiber cup table T --out FILE)"
    )
    ok(cup, "cup", "draw", "--undo")
    assert ok(cup, "merge", str(copy)) == f"nothing new in {copy}\n"
    assert "problem" not in ok(cup, "check")


def test_a_ledger_of_the_release_before_takes_a_draw_back(cup):
    """A cup in a ledger without ``cup_withdrawn_tables`` (made before m018):
    the first command adds it, and the cup goes on and takes a draw back."""
    con = sqlite3.connect(cup)
    con.execute("drop table cup_withdrawn_tables")
    con.execute("delete from _sqlite_migrations where name = 'm018_withdrawn_tables'")
    con.commit()
    con.close()
    standings = as_json(cup, "cup", "standings")
    as_json(cup, "cup", "draw", "--force", "--yes")
    ok(cup, "cup", "draw", "--undo")
    assert as_json(cup, "cup", "standings") == standings
    con = sqlite3.connect(cup)
    assert con.execute("select count(*) from cup_withdrawn_tables").fetchone() == (2,)
    con.close()
