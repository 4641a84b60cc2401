"""Export (CSV, JSON Lines) and import (all or nothing) of hands."""

from __future__ import annotations

import csv
import io
import json
import random
import sqlite3
from fractions import Fraction as Fr

import pytest

from schreiber.domain.sample import random_hands
from schreiber.errors import SchreiberError
from tests import helpers
from tests.helpers import dump, terminal  # every row of every table: proves a failed import wrote nothing

FOUR = ("Anna", "Berti", "Carl", "Dora")
FIVE = ("Anna", "Berti", "Carl", "Dora", "Emil")


def cli(db, *args, input=None):
    return helpers.cli("--db", str(db), *args, input=input)


def records(n, players=FOUR, seed=1):
    return list(random_hands(random.Random(seed), players, n))


def jsonl(path, recs):
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A ledger with one evening of 30 hands, added one by one with `hand add` (once a module)."""
    db = tmp_path_factory.mktemp("played") / "one.db"
    assert cli(db, "evening", "start", *FIVE, "--rule", "pagatkassa=1", "--date", "2026-02-03").exit_code == 0
    for r in records(30, FIVE):
        res = cli(db, "hand", "add", "--json", json.dumps(r))
        assert res.exit_code == 0, res.output
    return db


@pytest.fixture
def evening(played, tmp_path):
    """A copy of that ledger of one's own."""
    db = tmp_path / "one.db"
    src, dst = sqlite3.connect(played), sqlite3.connect(db)
    src.backup(dst)
    src.close()
    dst.close()
    return db


# Export ------------------------------------------------------------------


def test_export_hands_csv(evening):
    r = cli(evening, "export", "--format", "csv")
    assert r.exit_code == 0
    table = list(csv.DictReader(io.StringIO(r.stdout)))
    assert table[0]["kind"] == "evening" and table[0]["tarif_cents"] == "10" and table[0]["start_pot"] == "0"
    rows = [x for x in table if x["kind"] == "hand"]
    assert len(rows) == len(table) - 1 == 30
    assert list(rows[0]) == [
        "evening",
        "date",
        "number",
        "dealer",
        "contract",
        "declarer",
        "partner",
        "result",
        "kontra",
        "radl_factor",
        "pot_after",
        "payments",
        "record",
        "kind",
        "player",
        "final",
        "void",
        "correction",
        "replaces",
        "tarif_cents",
        "start_pot",
        "id",
    ]
    assert [int(x["number"]) for x in rows] == list(range(1, 31))
    assert rows[0]["dealer"] == "Anna" and rows[1]["dealer"] == "Berti"
    assert json.loads(rows[0]["record"])["contract"] == rows[0]["contract"]


def test_export_payments_sum_to_the_balance(evening):
    bal = json.loads(cli(evening, "balance", "--json").stdout)
    for fmt in ("csv", "jsonl"):
        r = cli(evening, "export", "--what", "payments", "--format", fmt)
        rows = (
            list(csv.DictReader(io.StringIO(r.stdout)))
            if fmt == "csv"
            else [json.loads(x) for x in r.stdout.splitlines()]
        )
        totals = {}
        for row in rows:
            totals[row["player"]] = totals.get(row["player"], Fr(0)) + Fr(row["points_exact"])
        assert {p: float(v) for p, v in totals.items()} == pytest.approx(bal)


def test_export_items_jsonl(evening):
    r = cli(evening, "export", "--what", "items", "--format", "jsonl")
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert {row["kind"] for row in rows} >= {"stake", "game"}
    by_hand = {}
    for row in rows:
        for p, v in row["payments"].items():
            by_hand.setdefault(row["number"], {}).setdefault(p, 0)
            by_hand[row["number"]][p] += v
    rows = [json.loads(x) for x in cli(evening, "export", "--format", "jsonl").stdout.splitlines()]
    for h in [h for h in rows if h["kind"] == "hand"]:
        got = {p: v for p, v in by_hand[h["number"]].items() if abs(v) > 1e-9}
        assert got == pytest.approx({p: v for p, v in h["payments"].items() if v})


def test_export_filters_and_out_file(evening, tmp_path):
    assert cli(evening, "evening", "start", *FOUR, "--date", "2026-05-01").exit_code == 0
    for r in records(5):
        assert cli(evening, "hand", "add", "--json", json.dumps(r)).exit_code == 0
    all_rows = cli(evening, "export", "--format", "jsonl").stdout.splitlines()
    assert len(all_rows) == 35 + 2  # and each evening's own row
    assert len(cli(evening, "export", "--format", "jsonl", "--evening", "2").stdout.splitlines()) == 5 + 1
    assert len(cli(evening, "export", "--format", "jsonl", "--since", "2026-03-01").stdout.splitlines()) == 5 + 1
    assert len(cli(evening, "export", "--format", "jsonl", "--until", "2026-03-01").stdout.splitlines()) == 30 + 1
    out = tmp_path / "x.csv"
    r = cli(evening, "export", "--what", "payments", "--out", str(out))
    assert r.exit_code == 0 and r.stdout == ""
    assert len(out.read_text().splitlines()) == 1 + 30 * 5 + 5 * 4
    for bad, msg in (
        (["--format", "xml"], "unknown format"),
        (["--what", "cards"], "unknown --what"),
        (["--evening", "9"], "there is no evening 9"),
        (["--evening", "1", "--season", "2026"], "either --evening or a date range"),
    ):
        r = cli(evening, "export", *bad)
        assert r.exit_code == 1 and msg in str(r.exception), bad


def test_voided_hands_are_exported_marked(evening):
    """A hand taken back stays on the sheet, so it is exported, marked void
    with the correction that struck it (it pays nothing); payments and
    items leave it out."""
    assert cli(evening, "undo").exit_code == 0
    rows = [json.loads(x) for x in cli(evening, "export", "--format", "jsonl").stdout.splitlines()]
    hands = [r for r in rows if r["kind"] == "hand"]
    assert len(hands) == 30 and [r["number"] for r in hands if r["void"]] == [30]
    assert (hands[-1]["correction"], hands[-1]["payments"]) == ("undo", {})
    pays = [
        json.loads(x) for x in cli(evening, "export", "--what", "payments", "--format", "jsonl").stdout.splitlines()
    ]
    assert 30 not in {p["number"] for p in pays}


# Import ------------------------------------------------------------------


def test_import_equals_adding_one_by_one(evening, tmp_path):
    db = tmp_path / "two.db"
    assert cli(db, "evening", "start", *FIVE, "--rule", "pagatkassa=1", "--date", "2026-02-03").exit_code == 0
    r = cli(db, "hand", "import", str(jsonl(tmp_path / "h.jsonl", records(30, FIVE))))
    assert r.exit_code == 0, r.output
    assert "Imported 30 hands (hands 1..30) into evening 1" in r.stdout

    def without_ids(text):  # each hand has its own global id in each ledger
        return [{k: v for k, v in json.loads(line).items() if k != "id"} for line in text.splitlines()]

    for what in ("hands", "items", "payments"):
        assert without_ids(cli(db, "export", "--what", what, "--format", "jsonl").stdout) == without_ids(
            cli(evening, "export", "--what", what, "--format", "jsonl").stdout
        )
    assert cli(db, "balance", "--json").stdout == cli(evening, "balance", "--json").stdout
    assert cli(db, "stats", "--json").stdout == cli(evening, "stats", "--json").stdout

    def entries(path):
        con = sqlite3.connect(path)
        rows = con.execute("select seq, kind, number, record_json, status from entries order by id").fetchall()
        state = con.execute("select state_json, pot_after from results order by entry_id").fetchall()
        con.close()
        return rows, state

    assert entries(db) == entries(evening)


def test_import_continues_an_evening_and_takes_other_entries(evening, tmp_path):
    """Import after hands already entered: it starts from the evening's state."""
    # where the deal stands after 30 hands: Anna dealt first, so the 31st is dealt by seat 30 % 5
    dealer = FIVE[30 % 5]
    lines = [json.dumps({"kind": "radl"})] + [json.dumps(r) for r in random_hands(random.Random(5), FIVE, 8, dealer)]
    lines.insert(3, json.dumps({"kind": "strafpunkt", "player": "carl"}))
    f = tmp_path / "more.jsonl"
    f.write_text("\n".join(lines) + "\n\n", encoding="utf-8")
    r = cli(evening, "hand", "import", str(f))
    assert r.exit_code == 0, r.output
    assert "Imported 8 hands (hands 31..38) and 2 other entries" in r.stdout
    rows = [json.loads(x) for x in cli(evening, "export", "--format", "jsonl").stdout.splitlines()]
    assert [r["kind"] for r in rows].count("hand") == 38 and len(rows) == 1 + 38 + 2


def test_bad_line_is_named_and_nothing_is_written(evening, tmp_path):
    recs = records(12, FIVE, seed=9)
    lines = [json.dumps(r) for r in recs]
    lines[6] = lines[6].replace('"contract"', '"kontrakt"')  # line 7: unknown field
    lines[9] = "{this is not json"  # line 10
    f = tmp_path / "bad.jsonl"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = dump(evening)
    r = cli(evening, "hand", "import", str(f))
    assert r.exit_code == 1
    msg = str(r.exception)
    assert isinstance(r.exception, SchreiberError)
    assert "line 7: " in msg and "unknown field 'kontrakt'" in msg
    assert "line 10: not valid JSON" in msg
    assert "nothing was imported" in msg and "\n" not in msg
    assert dump(evening) == before


def test_scoring_error_rolls_back_the_whole_import(evening, tmp_path):
    """A hand that parses but cannot be scored (line 4): the three before it are not kept."""
    dealer = FIVE[30 % 5]
    recs = list(random_hands(random.Random(3), FIVE, 6, dealer))
    recs[3] = {"contract": "rufer", "declarer": "Nobody", "partner": None, "result": "won"}
    before = dump(evening)
    r = cli(evening, "hand", "import", str(jsonl(tmp_path / "b.jsonl", recs)))
    assert r.exit_code == 1
    assert "line 4: " in str(r.exception) and "unknown player 'Nobody'" in str(r.exception)
    assert "nothing was added" in str(r.exception)
    assert dump(evening) == before


def test_import_errors(tmp_path):
    db = tmp_path / "e.db"
    r = cli(db, "hand", "import", str(tmp_path / "missing.jsonl"))
    assert r.exit_code == 1 and "there is no file" in str(r.exception)
    f = jsonl(tmp_path / "h.jsonl", records(2))
    r = cli(db, "hand", "import", str(f))
    assert r.exit_code == 1 and "no evening is open" in str(r.exception)
    assert cli(db, "evening", "start", *FOUR).exit_code == 0
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n\n", encoding="utf-8")
    r = cli(db, "hand", "import", str(empty))
    assert r.exit_code == 1 and "holds no hands" in str(r.exception)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('[1, 2]\n{"kind": "strafpunkt", "player": "Zoe"}\n{"kind": "nap"}\n', encoding="utf-8")
    r = cli(db, "hand", "import", str(bad))
    msg = str(r.exception)
    assert "line 1: a hand record must be a JSON object" in msg
    assert "line 2: a strafpunkt needs the offender" in msg and "line 3: unknown entry kind 'nap'" in msg


def test_round_trip_of_an_export(evening, tmp_path):
    """An evening exported as JSONL imports into a fresh evening of a fresh
    ledger to the same payments. (In the same ledger an evening dated before
    it would pass its Pagat pot on to it.)"""
    out = tmp_path / "ev.jsonl"
    assert cli(evening, "export", "--format", "jsonl", "--out", str(out)).exit_code == 0
    fresh = tmp_path / "fresh.db"
    r = cli(fresh, "evening", "start", *FIVE, "--rule", "pagatkassa=1", "--date", "2026-01-01")
    assert r.exit_code == 0 and "carried" not in r.stdout
    r = cli(fresh, "hand", "import", str(out))
    assert r.exit_code == 0, r.output

    def payments(db):
        rows = cli(db, "export", "--what", "payments", "--format", "jsonl").stdout.splitlines()
        return [(p["number"], p["player"], p["points_exact"]) for p in map(json.loads, rows)]

    assert payments(fresh) == payments(evening)


def test_import_from_stdin_and_progress(tmp_path):
    db = tmp_path / "s.db"
    assert cli(db, "evening", "start", *FOUR).exit_code == 0
    text = "".join(json.dumps(r) + "\n" for r in records(1200, seed=4))
    r = cli(db, "hand", "import", "-", input=text)
    assert r.exit_code == 0, r.output
    assert "Imported 1200 hands" in r.stdout
    assert "importing" not in r.stderr + r.stdout  # progress is shown on a terminal only


def test_import_shows_progress_on_a_terminal(tmp_path):
    import os
    import sys

    import pexpect

    db = tmp_path / "s.db"
    assert cli(db, "evening", "start", *FOUR).exit_code == 0
    src = tmp_path / "hands.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in records(1200, seed=4)), encoding="utf-8")
    env = dict(os.environ, SCHREIBER_DB=str(db), TERM="dumb")
    p = terminal(sys.executable, ["-m", "schreiber", "hand", "import", str(src)], env=env, encoding="utf-8")
    p.expect("importing 1200/1200 \\(100%\\)", timeout=120)
    p.expect("Imported 1200 hands", timeout=60)
    p.expect(pexpect.EOF, timeout=60)


# Importing again adds nothing ----------------------------------------------


def test_a_file_imported_twice_adds_nothing_the_second_time(tmp_path):
    db = tmp_path / "twice.db"
    assert cli(db, "evening", "start", *FOUR).exit_code == 0
    f = jsonl(tmp_path / "h.jsonl", records(16))
    r = cli(db, "hand", "import", str(f))
    assert r.exit_code == 0 and "Imported 16 hands (hands 1..16) into evening 1." in r.stdout
    before = dump(db)
    r = cli(db, "hand", "import", str(f))
    assert r.exit_code == 0, r.output
    assert r.stdout == f"nothing imported: {f} was imported into evening 1 before (16 hands)\n"
    assert dump(db) == before
    # the same content under another name, or from standard input, is the same file
    g = tmp_path / "copy.jsonl"
    g.write_bytes(f.read_bytes())
    assert "nothing imported" in cli(db, "hand", "import", str(g)).stdout
    r = cli(db, "hand", "import", "-", input=f.read_text(encoding="utf-8"))
    assert r.stdout == "nothing imported: standard input was imported into evening 1 before (16 hands)\n"
    assert dump(db) == before
    # into another evening it is imported again
    assert cli(db, "evening", "start", *FOUR).exit_code == 0
    r = cli(db, "hand", "import", str(f))
    assert "Imported 16 hands (hands 1..16) into evening 2." in r.stdout


def test_an_export_imported_into_its_own_evening_adds_nothing(evening, tmp_path):
    out = tmp_path / "ev.jsonl"
    assert cli(evening, "export", "--format", "jsonl", "--out", str(out)).exit_code == 0
    ids = [json.loads(line)["id"] for line in out.read_text(encoding="utf-8").splitlines()][
        1:
    ]  # after the evening's row
    assert len(set(ids)) == 30 and all(len(i) == 32 for i in ids)
    before = dump(evening)
    r = cli(evening, "hand", "import", str(out))
    assert r.exit_code == 0, r.output
    assert r.stdout == f"nothing imported: all 30 hands of {out} are in evening 1 already\n"
    assert dump(evening) == before


def test_an_export_completes_an_older_copy(evening, tmp_path):
    """A ledger that got the first 25 hands of an export gets the other 5
    (hand 30 was undone: it comes as struck) from the whole export, each
    hand with its id: afterwards both export the same hands with the same
    ids."""
    assert cli(evening, "undo").exit_code == 0
    early = tmp_path / "early.db"
    assert cli(early, "evening", "start", *FIVE, "--rule", "pagatkassa=1", "--date", "2026-02-03").exit_code == 0
    out = tmp_path / "all.jsonl"
    assert cli(evening, "export", "--format", "jsonl", "--out", str(out)).exit_code == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    part = jsonl(tmp_path / "part.jsonl", [json.loads(x) for x in lines[:26]])  # the evening's row, 25 hands
    assert "Imported 25 hands" in cli(early, "hand", "import", str(part)).stdout
    r = cli(early, "hand", "import", str(out))
    assert r.exit_code == 0, r.output
    assert r.stdout == "25 hands already present, 5 hands imported into evening 1 (hands 26..30).\n"
    assert cli(early, "balance", "--json").stdout == cli(evening, "balance", "--json").stdout
    assert cli(early, "export", "--format", "jsonl").stdout == cli(evening, "export", "--format", "jsonl").stdout


def test_ids_in_a_file_are_checked(tmp_path):
    db = tmp_path / "ids.db"
    assert cli(db, "evening", "start", *FOUR).exit_code == 0
    recs = records(3)
    lines = [dict(recs[0], id="a" * 32), dict(recs[1], id="a" * 32), dict(recs[2], id=7)]
    before = dump(db)
    r = cli(db, "hand", "import", str(jsonl(tmp_path / "ids.jsonl", lines)))
    assert r.exit_code == 1
    msg = str(r.exception)
    assert 'line 2: the "id" ' + "a" * 32 + " is on line 1 too" in msg
    assert 'line 3: "id" is the entry\'s id' in msg and "nothing was imported" in msg
    assert dump(db) == before


def test_an_import_leaves_every_reference_whole_and_the_checks_on(tmp_path):
    """An import writes with SQLite's foreign key checks on (the few
    microseconds a hand they cost buy a refused write where a row would
    point nowhere): after a good import and a failed one every reference
    holds and the checks are on."""
    from schreiber.domain.evening import Entry
    from schreiber.domain.rules import load_rules
    from schreiber.ledger.store import Ledger
    from schreiber.service import Service

    svc = Service(Ledger(tmp_path / "l.db"))
    svc.start_evening(FIVE, load_rules("standard"), "2026-02-03")
    svc.ledger.make_file()
    conn = svc.ledger.db.conn
    recs = [Entry.hand(r) for r in records(40, FIVE, seed=4)]
    svc.import_entries(recs[:30], sha256="a" * 64)
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    bad = recs[30:] + [Entry.hand({"contract": "rufer", "declarer": "Nobody"})]
    with pytest.raises(SchreiberError):
        svc.import_entries(bad, sha256="b" * 64)
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    assert conn.execute("select count(*) from entries").fetchone()[0] == 30
