"""Schema evolution: a version-1 ledger (tests/fixtures/ledger_v1.db, made by
make_fixtures.py with the schreiber of migration m001 alone) opened by
today's schreiber.

Written to hold for every future migration: nothing here names a migration
after m001. Opening the old file migrates it in place, after a backup beside
it; every figure stays (balances, each hand's payments, voided hands); the
migrated schema is the schema a new ledger gets.
"""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path

import pytest
import sqlite_utils

from schreiber.ledger.migrations import UID_TABLES, migrations
from schreiber.ledger.store import Ledger
from tests.helpers import TESTS, cli, terminal
from tests.ledger_checks import check_ledger, dreier, process, run_cli

FIXTURE = TESTS / "fixtures" / "ledger_v1.db"


@pytest.fixture
def v1(tmp_path) -> Path:
    db = tmp_path / "ledger.db"
    shutil.copyfile(FIXTURE, db)
    return db


def v1_figures(db: Path) -> dict:
    """The figures, read with plain SQL from the tables of version 1 (which
    is frozen, so this reader stays right whatever comes later)."""
    con = sqlite3.connect(db)
    try:
        balance: dict = defaultdict(lambda: defaultdict(Fraction))
        per_hand: dict = defaultdict(dict)
        for ev, number, name, x in con.execute(
            "select e.evening_id, e.number, p.name, pay.points_x2520 from payments pay "
            "join entries e on e.id = pay.entry_id join players p on p.id = pay.player_id "
            "where e.status = 'active'"
        ):
            points = Fraction(x, 2520)  # a column of version 1 that every later one keeps (the exact text went in m012)
            balance[ev][name] += points
            if number is not None:
                per_hand[(ev, number)][name] = points
        hands = sorted(con.execute("select evening_id, number, status from entries where kind = 'hand'"))
        evenings = sorted(con.execute("select id, date, status, seating_json from evenings"))
        return {
            "balance": {ev: {k: v for k, v in b.items() if v} for ev, b in balance.items()},
            "per_hand": {k: {n: v for n, v in d.items() if v} for k, d in per_hand.items()},
            "hands": hands,
            "evenings": evenings,
        }
    finally:
        con.close()


def all_migrations() -> list[str]:
    """Every migration the code knows, in order: what a new file gets."""
    return [m.name for m in migrations.pending(sqlite_utils.Database(memory=True))]


def applied(db: Path) -> list[str]:
    d = sqlite_utils.Database(db)
    try:
        return [m.name for m in migrations.applied(d)]
    finally:
        d.close()


def schema(db: Path) -> dict:
    """Tables (columns, keys, foreign keys), indexes, views and triggers."""
    con = sqlite3.connect(db)
    try:
        out = {}
        for kind, name, table, sql in con.execute(
            "select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_%'"
        ):
            if kind == "table":
                out[(kind, name)] = (
                    [tuple(r) for r in con.execute(f'pragma table_xinfo("{name}")')],
                    sorted(tuple(r[2:]) for r in con.execute(f'pragma foreign_key_list("{name}")')),
                )
            elif kind == "index":
                unique = {r[1]: r[2] for r in con.execute(f'pragma index_list("{table}")')}
                out[(kind, name)] = (
                    table,
                    unique.get(name),
                    [tuple(r) for r in con.execute(f'pragma index_xinfo("{name}")')],
                )
            else:
                out[(kind, name)] = re.sub(r"\s+", " ", sql or "").strip()
        return out
    finally:
        con.close()


def backups(db: Path) -> list[Path]:
    return sorted(db.parent.glob(f"{db.name}.before-migration-*.bak"))


def test_fixture_is_version_1():
    assert applied(FIXTURE) == ["m001_initial"]
    assert migrations.pending(sqlite_utils.Database(FIXTURE)), "the fixture must be older than the code"


def test_opening_migrates_in_place_keeping_every_figure(v1):
    before = v1_figures(v1)
    assert before["balance"] and len(before["per_hand"]) == 9  # 5 + 4 active hands
    r = run_cli("balance", "--json", db=v1)  # the first command opening it migrates it
    assert r.returncode == 0, r.stderr
    assert applied(v1) == all_migrations()
    assert not migrations.pending(sqlite_utils.Database(v1))
    after = v1_figures(v1)
    assert after == before
    # the open evening's balance through the command, every evening's through the library
    open_ev = max(ev for ev, _, status, _ in before["evenings"] if status == "open")
    shown = {k: Fraction(str(v)) for k, v in json.loads(r.stdout).items() if v}
    assert shown == before["balance"][open_ev]
    led = Ledger(v1)
    for ev in before["balance"]:
        assert {k: v for k, v in led.balance(ev).items() if v} == before["balance"][ev]
    led.close()
    # every hand's payments on the score sheet, voided hands still listed
    if "sheet" in run_cli("--help").stdout:
        for ev, *_ in before["evenings"]:
            sheet = json.loads(run_cli("sheet", "--json", "--evening", str(ev), db=v1).stdout)
            # "hands" holds the hands only (Radl lines are "events")
            for h in sheet["hands"]:
                if h["void"]:
                    assert (ev, h["number"], "void") in before["hands"]
                else:
                    pays = {k: Fraction(str(v)) for k, v in h["payments"].items() if v}
                    assert pays == before["per_hand"].get((ev, h["number"]), {})
            assert len(sheet["hands"]) == sum(1 for e, *_ in before["hands"] if e == ev)
    check_ledger(v1, zero_sum=False)  # the Pagat pot takes stakes: payments need not sum to zero


def test_migrated_ledger_goes_on(v1):
    assert run_cli("hand", "add", "--json", json.dumps(dreier("Hans", 50)), db=v1).returncode == 0
    assert run_cli("undo", db=v1).returncode == 0
    assert run_cli("hand", "add", "--json", json.dumps(dreier("Hans", 20)), db=v1).returncode == 0
    info = check_ledger(v1, zero_sum=False)
    assert info["hands"] == sum(1 for *_, status in v1_figures(FIXTURE)["hands"] if status == "active") + 1


def test_fresh_schema_equals_migrated_schema(v1, tmp_path):
    fresh = tmp_path / "fresh.db"
    assert run_cli("evening", "start", "A", "B", "C", "D", db=fresh).returncode == 0  # a read makes no file
    assert run_cli("evening", "list", "--json", db=v1).returncode == 0
    assert applied(fresh) == applied(v1)
    a, b = schema(fresh), schema(v1)
    assert a.keys() == b.keys()
    for key in a:
        assert a[key] == b[key], key
    # what a new ledger holds since global ids: a uid column with a unique index
    # on each table merge matches by, and the table of files imported
    for table in UID_TABLES:
        columns = {c[1]: c[2] for c in a[("table", table)][0]}
        assert columns["uid"] == "TEXT", table
        assert a[("index", f"{table}_uid")] == (table, 1, a[("index", f"{table}_uid")][2]), table
    assert [c[1] for c in a[("table", "imports")][0]] == [
        "id", "uid", "evening_id", "sha256", "entries", "hands", "created_utc"
    ]  # fmt: skip
    assert a[("index", "imports_uid")][1] == 1


def uids(db: Path) -> dict[str, list]:
    con = sqlite3.connect(db)
    try:
        return {t: [r[0] for r in con.execute(f"select uid from {t} order by id")] for t in UID_TABLES}
    finally:
        con.close()


def test_migration_gives_every_row_a_unique_id(v1):
    before = v1_figures(v1)
    con = sqlite3.connect(v1)
    rows = {t: con.execute(f"select count(*) from {t}").fetchone()[0] for t in UID_TABLES}
    con.close()
    assert rows["entries"] and rows["corrections"] and rows["players"] and rows["evenings"]
    assert run_cli("balance", "--json", db=v1).returncode == 0
    got = uids(v1)
    every = [u for values in got.values() for u in values]
    assert {t: len(v) for t, v in got.items()} == rows
    assert all(isinstance(u, str) and re.fullmatch(r"[0-9a-f]{32}", u) for u in every)
    assert len(set(every)) == len(every)
    assert v1_figures(v1) == before
    # what is written from now on has its id too
    assert run_cli("hand", "add", "--json", json.dumps(dreier("Hans", 50)), db=v1).returncode == 0
    assert run_cli("undo", db=v1).returncode == 0
    later = uids(v1)
    assert len(later["entries"]) == rows["entries"] + 1 and len(later["corrections"]) == rows["corrections"] + 1
    every = [u for values in later.values() for u in values]
    assert None not in every and len(set(every)) == len(every)


def test_copies_migrated_apart_give_every_row_the_same_id(v1, tmp_path):
    """Two copies of one older ledger, each opened on its own, give each row the same global id (so a
    merge of one into the other finds every row); another older ledger gives its rows other ids."""
    twin, stranger = tmp_path / "twin.db", tmp_path / "stranger.db"
    shutil.copyfile(v1, twin)
    shutil.copyfile(v1, stranger)
    con = sqlite3.connect(stranger)  # another ledger: made at another moment, rows alike
    con.execute("update _sqlite_migrations set applied_at = '2026-11-21 18:14:06.308635+00:00'")
    con.commit()
    con.close()
    for db in (v1, twin, stranger):
        assert run_cli("evening", "list", "--json", db=db).returncode == 0
    assert uids(v1) == uids(twin)
    mine, theirs = uids(v1), uids(stranger)
    assert all(not set(mine[t]) & set(theirs[t]) for t in UID_TABLES)


def test_backup_before_migration(v1):
    assert backups(v1) == []
    assert run_cli("evening", "list", "--json", db=v1).returncode == 0
    made = backups(v1)
    assert len(made) == 1
    assert applied(made[0]) == ["m001_initial"]  # the file as it was, untouched
    assert v1_figures(made[0]) == v1_figures(FIXTURE)
    assert sqlite3.connect(made[0]).execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    # opened again: nothing to migrate, no second backup
    assert run_cli("balance", "--json", db=v1).returncode == 0
    assert backups(v1) == made


def test_new_ledger_gets_no_backup(tmp_path):
    db = tmp_path / "new.db"
    assert run_cli("evening", "list", "--json", db=db).returncode == 0
    assert db.exists()  # a missing file is created with the current schema (interface.md)
    assert backups(db) == []
    assert run_cli("evening", "start", "A", "B", "C", "D", db=db).returncode == 0
    assert backups(db) == []


def test_parallel_first_open_of_an_old_ledger(v1):
    """Four processes opening the old file at once: one migrates (with one
    backup), the others wait for it; none fails, no figure changes."""
    before = v1_figures(v1)
    with ThreadPoolExecutor(4) as pool:
        runs = list(pool.map(lambda _: process("balance", "--json", db=v1), range(4)))
    for r in runs:
        assert r.returncode == 0, r.stderr
    assert len(backups(v1)) == 1
    assert applied(v1) == all_migrations()
    assert v1_figures(v1) == before


def test_every_output_as_the_schreiber_before_printed(v1, monkeypatch):
    """Every hand explained (text and JSON), the sheets, balances, exports and
    statistics of the version-1 ledger, byte for byte as the schreiber of
    the commit in the outputs file printed them (tests/fixtures/
    make_v1_outputs.py), though its hands' items are no longer stored."""
    golden = json.loads((TESTS / "fixtures" / "ledger_v1_outputs.json").read_text(encoding="utf-8"))
    monkeypatch.setenv("SCHREIBER_DB", str(v1))

    def uids_out(text: str) -> str:  # the outputs file has the global ids m005 gave this file then
        return re.sub(r'"id": "[0-9a-f]{32}"', '"id": "..."', text)

    for case in golden["outputs"]:
        r = cli(*case["args"])
        assert r.exit_code == 0, (case["args"], r.output)
        assert uids_out(as_before(case["args"], r.stdout)) == uids_out(case["stdout"]), case["args"]
    assert applied(v1) == all_migrations()


POT_LINES = ("Pagat pot at the start: ", "Pagat pot carried to evening ")


def as_before(args: list[str], text: str) -> str:
    """An output as the schreiber of the outputs file wrote it, where only
    what was added since differs (every figure it had is unchanged): the
    sheet of an evening with a Pagat pot says what pot it started with and
    where it went (``start_pot``, ``pot_from``, ``pot_to`` in the JSON; a
    line each in the text); an export of hands has every entry of the sheet
    (the evening's own row, Radl starts, redeals, Strafpunkte, voided
    entries, marked by new columns), so that an import makes the evening
    again: its rows of hands that count, with the columns it had, are the
    rows it wrote."""
    if args[0] == "sheet" and "--json" in args and "--explain" not in args:
        data = json.loads(text)
        for key in ("start_pot", "pot_from", "pot_to"):
            data["evening"].pop(key, None)
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if args[0] == "sheet":  # a player's nothing in the standing is 0, as in every cell, where it was +0
        kept = "".join(line for line in text.splitlines(keepends=True) if not line.startswith(POT_LINES))
        return re.sub(r"^(Standing.*)", lambda m: re.sub(r"(?<= )0\b(?!\.)", "+0", m[1]), kept, flags=re.M)
    if args[:3] != ["export", "--what", "hands"]:
        return text
    import csv
    import io

    from schreiber.reports.export import CSV_COLUMNS

    old = CSV_COLUMNS["hands"][: CSV_COLUMNS["hands"].index("record") + 1]
    if "csv" in args:
        rows = [r for r in csv.DictReader(io.StringIO(text)) if r["kind"] == "hand" and r["void"] == "False"]
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(old)
        w.writerows([r[c] for c in old] for r in rows)
        return out.getvalue()
    keep = [*old[:3], "id", *old[3:]]  # the JSON Lines rows had the id too
    rows = [json.loads(line) for line in text.splitlines()]
    return "".join(
        json.dumps({k: r[k] for k in keep}, ensure_ascii=False) + "\n"
        for r in rows
        if r["kind"] == "hand" and not r["void"]
    )


def test_a_migration_is_announced_on_a_terminal_only(tmp_path):
    """Opening an older ledger from a terminal says, in one line on stderr,
    that it is being brought up to this version (minutes for a very large
    one) and names the copy kept as it was; from a pipe nothing is said."""
    import os
    import signal
    import sys

    import pexpect

    db = tmp_path / "old.db"
    db.write_bytes(FIXTURE.read_bytes())
    child = terminal(sys.executable, ["-m", "schreiber", "--db", str(db), "balance", "--json"],
                          env=dict(os.environ, TERM="dumb"), encoding="utf-8", timeout=60, dimensions=(24, 400),
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # fmt: skip
    child.expect(r"schreiber: bringing .*old\.db up to this version's tables; a large ledger takes a few minutes "
                 r"\(the ledger as it was: old\.db\.before-migration-\d{8}-\d{6}\.bak\)\r\n")  # fmt: skip
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert len(list(tmp_path.glob("old.db.before-migration-*.bak"))) == 1
    piped = tmp_path / "piped.db"
    piped.write_bytes(FIXTURE.read_bytes())
    r = run_cli("balance", "--json", db=piped)
    assert r.returncode == 0 and r.stderr == "", r.stderr


def test_the_migrations_a_ledger_may_have_are_every_one_declared():
    """A ledger with a migration this schreiber does not know is a newer
    schreiber's (ledger/recognize.py): the names it knows are every migration
    sqlite-utils holds (all pending on an empty database), in their order."""
    import sqlite_utils

    from schreiber.ledger.migrations import KNOWN, migrations

    assert KNOWN == [m.name for m in migrations.pending(sqlite_utils.Database(memory=True))]
    assert KNOWN[0] == "m001_initial" and len(KNOWN) == len(set(KNOWN))
