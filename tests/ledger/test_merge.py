"""`schreiber merge LEDGER`: the copies of a ledger written at several
tables brought back together. New hands, corrections and evenings come in
(and the evenings are re-scored as after a correction), merging again
changes nothing, a conflict or a file that is no ledger of ours changes
nothing at all."""

from __future__ import annotations

import json
import random
import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest

from schreiber.domain.evening import Entry
from schreiber.domain.sample import random_hands
from schreiber.ledger.store import Ledger
from schreiber.service import Service
from tests import helpers
from tests.helpers import dump, merged
from tests.ledger_checks import check_ledger, run_cli

FOUR = ("Anna", "Berti", "Carl", "Dora")
FIVE = ("Anna", "Berti", "Carl", "Dora", "Emil")


def cli(db, *args, input=None):
    return helpers.cli("--db", str(db), *args, input=input)


def ok(db, *args) -> str:
    r = cli(db, *args)
    assert r.exit_code == 0, r.output
    return r.stdout


def refused(db, *args) -> str:
    """The one line a refused command writes (exit status 1), as a real process."""
    r = run_cli(*args, db=db)
    assert r.returncode == 1, r.stdout + r.stderr
    assert r.stdout == "" and r.stderr.startswith("schreiber: error: ") and r.stderr.count("\n") == 1, r.stderr
    return r.stderr


def add_hands(db: Path, n: int, seed: int, evening: int | None = None) -> None:
    """``n`` random hands at the end of the evening, dealt on from where it stands."""
    led = Ledger(db)
    svc = Service(led)
    ev = svc.evening(evening)
    dealer = svc.next_hand(ev).table.dealer
    svc.import_entries([Entry.hand(r) for r in random_hands(random.Random(seed), ev.seating, n, dealer)], ev)
    led.close()


def figures(db: Path) -> dict:
    """Every entry by its id, with its status, its payments and the evening state after it."""
    con = sqlite3.connect(db)
    try:
        pays: dict = {}
        for uid, name, x in con.execute(
            "select e.uid, p.name, pay.points_x2520 from payments pay join entries e on e.id = pay.entry_id "
            "join players p on p.id = pay.player_id"
        ):
            pays.setdefault(uid, {})[name] = Fraction(x, 2520)
        states = dict(con.execute("select e.uid, r.state_json from results r join entries e on e.id = r.entry_id"))
        return {
            uid: (ev_uid, seq, number, status, pays.get(uid, {}), states.get(uid))
            for uid, ev_uid, seq, number, status in con.execute(
                "select e.uid, ev.uid, e.seq, e.number, e.status from entries e join evenings ev on ev.id = e.evening_id"
            )
        }
    finally:
        con.close()


def balance(db: Path, evening: int) -> dict:
    led = Ledger(db)
    try:
        return led.balance(evening)
    finally:
        led.close()


def copy_of(db: Path, name: str) -> Path:
    """A table's copy of the ledger, as the desk hands it out (``schreiber backup``)."""
    target = db.parent / name
    ok(db, "backup", str(target))
    return target


@pytest.fixture
def cup(tmp_path) -> Path:
    """The desk's ledger: one evening of five players, 6 hands, a Pagat pot."""
    db = tmp_path / "cup.db"
    ok(db, "evening", "start", *FIVE, "--rule", "pagatkassa=1", "--date", "2026-03-07")
    add_hands(db, 6, seed=1)
    return db


def test_merge_a_copy_with_new_hands(cup):
    table = copy_of(cup, "table2.db")
    add_hands(table, 16, seed=2)
    out = ok(cup, "merge", str(table))
    assert merged(out) == f"merged from {table}: 16 hands\n"
    assert ok(cup, "balance", "--json") == ok(table, "balance", "--json")
    assert ok(cup, "sheet", "--json") == ok(table, "sheet", "--json")
    assert ok(cup, "stats", "--json") == ok(table, "stats", "--json")
    assert figures(cup) == figures(table)
    assert check_ledger(cup, zero_sum=False)["hands"] == 22


def test_merging_again_changes_nothing(cup):
    table = copy_of(cup, "table2.db")
    add_hands(table, 5, seed=3)
    ok(cup, "merge", str(table))
    before = dump(cup)
    assert ok(cup, "merge", str(table)) == f"nothing new in {table}\n"
    assert json.loads(ok(cup, "merge", str(table), "--json"))["merged"] is False
    assert dump(cup) == before
    # and a copy that got nothing new at all
    untouched = copy_of(cup, "table3.db")
    assert ok(cup, "merge", str(untouched)) == f"nothing new in {untouched}\n"
    assert dump(cup) == before


def test_merge_json_counts(cup):
    table = copy_of(cup, "table2.db")
    add_hands(table, 3, seed=4)
    ok(table, "undo")
    ok(table, "radl")
    data = json.loads(ok(cup, "merge", str(table), "--json"))
    assert data == {
        "from": str(table),
        "merged": True,
        "players": 0,
        "evenings": 0,
        "hands": 3,
        "other_entries": 1,
        "corrections": 1,
        "status_changes": 0,
        "imports": 0,
    }


def test_corrections_on_the_copy_are_merged_and_rescored(cup):
    """undo, hand void and hand edit made at the table: the desk's evening is
    re-scored as the table's was (the Pagat pot and the deal follow)."""
    table = copy_of(cup, "table2.db")
    ok(table, "hand", "void", "2")
    rec = json.loads(ok(table, "export", "--format", "jsonl").splitlines()[2])["record"]
    rec["result"] = "lost" if rec.get("result") == "won" else "won"
    rec.pop("points", None)
    r = cli(table, "hand", "edit", "4", "--json", json.dumps(rec))
    if r.exit_code != 0:  # a hand that cannot be lost or won that way: edit another
        ok(table, "hand", "void", "4")
    ok(table, "undo")
    add_hands(table, 4, seed=5)
    before = figures(cup)
    out = ok(cup, "merge", str(table))
    assert "3 corrections" in out
    assert figures(cup) == figures(table)
    assert figures(cup) != before
    assert ok(cup, "balance", "--json") == ok(table, "balance", "--json")
    sheet = json.loads(ok(cup, "sheet", "--json"))
    assert sheet == json.loads(ok(table, "sheet", "--json"))
    assert [h["number"] for h in sheet["hands"] if h["void"]][:1] == [2]
    # (check_ledger counts no result rows for voided hands; `hand void` keeps
    # one, of a hand dealt, so the two ledgers are compared row by row instead)
    assert [t for t in dump(cup) if t[0] in ("results", "payments")] == [
        t for t in dump(table) if t[0] in ("results", "payments")
    ]


def test_both_sides_grow_apart_without_conflict(cup):
    """The desk corrects hand 1 while the table adds hands: both kept."""
    table = copy_of(cup, "table2.db")
    add_hands(table, 4, seed=6)
    ok(cup, "hand", "void", "1")
    assert merged(ok(cup, "merge", str(table))) == f"merged from {table}: 4 hands\n"
    ok(table, "merge", str(cup))  # and the other way round
    assert figures(cup) == figures(table)
    assert ok(cup, "balance", "--json") == ok(table, "balance", "--json")


def test_a_new_evening_and_its_players_come_in(tmp_path):
    desk = tmp_path / "desk.db"
    table = tmp_path / "table.db"
    ok(desk, "evening", "start", *FOUR, "--date", "2026-03-01")
    add_hands(desk, 3, seed=7)
    # the same four players, met at another table, which started its own ledger (own player ids)
    ok(table, "evening", "start", "Carl", "Dora", "Anna", "Emil", "--date", "2026-03-02")
    add_hands(table, 8, seed=8)
    out = ok(desk, "merge", str(table))
    assert merged(out) == f"merged from {table}: 1 player, 1 evening, 8 hands\n"
    con = sqlite3.connect(desk)
    assert sorted(r[0] for r in con.execute("select name from players")) == sorted(FOUR + ("Emil",))
    con.close()
    assert balance(desk, 2) == balance(table, 1)
    stats = json.loads(ok(desk, "stats", "--json"))["players"]
    assert stats["Anna"]["evenings"] == 2 and stats["Emil"]["evenings"] == 1
    assert stats["Anna"]["hands"] == 3 + json.loads(ok(table, "stats", "--json"))["players"]["Anna"]["hands"]
    check_ledger(desk)
    before = dump(desk)
    assert ok(desk, "merge", str(table)) == f"nothing new in {table}\n"
    assert dump(desk) == before


def test_status_moves_forward_never_back(cup):
    table = copy_of(cup, "table2.db")
    ok(table, "evening", "close")
    assert merged(ok(cup, "merge", str(table))) == f"merged from {table}: 1 evening closed or settled\n"
    assert json.loads(ok(cup, "evening", "list", "--json"))[0]["status"] == "closed"
    ok(cup, "evening", "reopen", "1")
    before = dump(cup)
    ok(cup, "merge", str(table))  # closed there, reopened here: moves forward again
    assert json.loads(ok(cup, "evening", "list", "--json"))[0]["status"] == "closed"
    other = copy_of(cup, "table3.db")
    ok(other, "evening", "reopen", "1")
    ok(cup, "merge", str(other))
    assert json.loads(ok(cup, "evening", "list", "--json"))[0]["status"] == "closed"
    assert dump(cup) != before


# Conflicts: one line, nothing written ------------------------------------------


def test_both_ledgers_added_a_hand_at_the_same_place(cup):
    table = copy_of(cup, "table2.db")
    add_hands(table, 2, seed=9)
    add_hands(cup, 1, seed=10)
    before = dump(cup)
    err = refused(cup, "merge", str(table))
    assert "conflict in evening 1: hand 7 is '" in err and f"' in {table}; nothing was merged" in err
    assert f"to keep {table}'s, type: schreiber --db {cup} hand edit 7 --evening 1 --record '{{" in err
    assert f"to keep this ledger's, type: schreiber --db {table} hand edit 7 --evening 1 --record '{{" in err
    assert dump(cup) == before


def test_the_same_entry_changed_differently(cup):
    table = copy_of(cup, "table2.db")
    con = sqlite3.connect(table)
    uid, rec = con.execute("select uid, record_json from entries where number = 3").fetchone()
    rec = json.loads(rec)
    rec["kontra"] = "kontra" if rec.get("kontra") != "kontra" else "re"
    con.execute("update entries set record_json = ? where uid = ?", [json.dumps(rec), uid])
    con.commit()
    con.close()
    before = dump(cup)
    err = refused(cup, "merge", str(table))
    assert (
        "conflict in evening 1: hand 3 is '" in err and f"schreiber --db {cup} hand edit 3 --evening 1 --record" in err
    )
    assert dump(cup) == before


def test_the_same_hand_corrected_differently(cup):
    table = copy_of(cup, "table2.db")
    ok(table, "hand", "void", "5")
    rec = json.loads(ok(cup, "export", "--format", "jsonl").splitlines()[4])["record"]
    ok(cup, "hand", "edit", "5", "--json", json.dumps(rec | {"kontra": "kontra"} if "kontra" not in rec else rec))
    before = dump(cup)
    err = refused(cup, "merge", str(table))
    assert "conflict in evening 1: hand 5 is '" in err and f"' here and void in {table}" in err
    assert f"to keep {table}'s, type: schreiber --db {cup} hand void 5 --evening 1; then merge again" in err
    assert dump(cup) == before


def test_a_different_tarif_or_seating(cup):
    table = copy_of(cup, "table2.db")
    ok(table, "evening", "tarif", "0.20")
    before = dump(cup)
    err = refused(cup, "merge", str(table))
    assert "conflict in evening 1: the tarif is" in err and "0.20 in" in err and "evening tarif" in err
    assert dump(cup) == before
    other = copy_of(cup, "table3.db")
    con = sqlite3.connect(other)
    con.execute("update evenings set first_dealer = 'Carl'")
    con.commit()
    con.close()
    err = refused(cup, "merge", str(other))
    assert f"evening 1 of {other} is this evening but was started differently (first dealer)" in err
    assert dump(cup) == before


def test_a_player_renamed_on_one_side(cup):
    table = copy_of(cup, "table2.db")
    ok(table, "player", "rename", "Emil", "Emilia")
    before = dump(cup)
    err = refused(cup, "merge", str(table))
    assert "conflict in player Emil:" in err and "Emilia" in err and "player rename" in err
    assert dump(cup) == before


# Files that are not merged ---------------------------------------------------------


def test_foreign_files_are_refused_and_untouched(cup, tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("Anna 12, Berti -4\n", encoding="utf-8")
    other_db = tmp_path / "other.db"
    con = sqlite3.connect(other_db)
    con.execute("create table players (name text)")
    con.commit()
    con.close()
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    before = dump(cup)
    for path, says in (
        (text, "is not a schreiber ledger (not an SQLite database)"),
        (other_db, "is not a schreiber ledger (an SQLite file without a ledger's tables)"),
        (empty, "is not a schreiber ledger"),
        (tmp_path / "missing.db", "there is no file"),
        (tmp_path, "is a folder"),
        (cup, "is this ledger itself"),
    ):
        content = path.read_bytes() if path.is_file() and path != cup else None
        assert says in refused(cup, "merge", str(path)), path
        if content is not None:
            assert path.read_bytes() == content, path
    assert dump(cup) == before


def test_a_ledger_of_a_newer_schema_is_refused_and_untouched(cup):
    before = dump(cup)
    newer = copy_of(cup, "newer.db")
    con = sqlite3.connect(newer)
    con.execute(
        "insert into _sqlite_migrations (migration_set, name, applied_at) values ('schreiber', 'm999_future', '')"
    )
    con.commit()
    con.close()
    content = newer.read_bytes()
    err = refused(cup, "merge", str(newer))
    assert "was made by a newer schreiber (schema step m999_future" in err and "update schreiber" in err
    assert newer.read_bytes() == content
    assert dump(cup) == before


def test_the_other_ledger_is_only_read(cup):
    table = copy_of(cup, "table2.db")
    add_hands(table, 3, seed=11)
    content = table.read_bytes()
    ok(cup, "merge", str(table))
    assert table.read_bytes() == content


def test_a_file_imported_at_a_table_is_known_at_the_desk(cup, tmp_path):
    table = copy_of(cup, "table2.db")
    led = Ledger(table)
    dealer = Service(led).next_hand().table.dealer
    led.close()
    f = tmp_path / "hands.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in random_hands(random.Random(12), FIVE, 7, dealer)))
    assert "Imported 7 hands (hands 7..13)" in ok(table, "hand", "import", str(f))
    assert json.loads(ok(cup, "merge", str(table), "--json"))["imports"] == 1
    before = dump(cup)
    assert ok(cup, "hand", "import", str(f)) == f"nothing imported: {f} was imported into evening 1 before (7 hands)\n"
    # and an export of the table's evening adds nothing at the desk either
    out = tmp_path / "table.jsonl"
    ok(table, "export", "--format", "jsonl", "--out", str(out))
    assert ok(cup, "hand", "import", str(out)) == f"nothing imported: all 13 hands of {out} are in evening 1 already\n"
    assert dump(cup) == before


# Tables the ledger gains later are a line each -------------------------------------


def test_a_cup_and_its_tables_come_in(cup):
    # The tournament's rows (cups, cup_players, cup_tables) are merged like the rest: by uid, and by their keys.
    table = copy_of(cup, "table2.db")
    ok(table, "cup", "start", "Frühjahrscup", "Fritz", "Gerti", "Hans", "Ilse", "--seed", "3", "--date", "2026-03-07")
    drawn = json.loads(ok(table, "cup", "draw", "--json"))
    evening = drawn["tables"][0]["evening"]
    add_hands(table, 2, seed=13, evening=evening)
    out = ok(cup, "merge", str(table))
    assert merged(out) == f"merged from {table}: 4 players, 1 evening, 2 hands, 1 tournament\n"
    assert json.loads(ok(cup, "cup", "draw", "--json", "--cup", "Frühjahrscup", "--force", "--yes"))["round"] == 2
    assert json.loads(ok(cup, "cup", "status", "--json"))["tables"][0]["hands"] == 2
    assert ok(cup, "merge", str(table)) == f"nothing new in {table}\n"


def test_a_conflict_names_the_cup_table(tmp_path):
    desk = tmp_path / "desk.db"
    ok(desk, "cup", "start", "Cup", "Fritz", "Gerti", "Hans", "Ilse", "--seed", "3", "--rounds", "1")
    evening = json.loads(ok(desk, "cup", "draw", "--json"))["tables"][0]["evening"]
    table = copy_of(desk, "table1.db")
    add_hands(table, 1, seed=14, evening=evening)
    add_hands(desk, 1, seed=15, evening=evening)
    line = refused(desk, "merge", str(table))
    assert f"conflict in evening {evening} (table 1, round 1): hand 1 is '" in line
