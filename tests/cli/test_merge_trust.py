"""A table's copy is outside input: `schreiber merge COPY` as the desk types
it. Copies of a ledger made before global ids merge without doubling.
After each merge the desk's ledger passes `schreiber check`.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from schreiber.ledger.store import make_missing_files
from tests.helpers import TESTS, cli

FIXTURE = TESTS / "fixtures" / "ledger_v1.db"


@pytest.fixture(autouse=True)
def _ledgers_let_go():
    """The ledgers a test's commands opened are let go after it, as the console script does when a
    command ends (in process they would stay open, three file handles each, for the whole run)."""
    yield
    make_missing_files()


def ok(db: Path, *args: str) -> str:
    r = cli("--db", str(db), *args)
    assert r.exit_code == 0, (args, r.output, r.exception)
    return r.stdout


def checked(db: Path) -> None:
    """`schreiber check` finds the ledger whole and every evening re-scored as stored."""
    out = ok(db, "check")
    assert out.count(": ok") == 2, out


def figures(db: Path) -> tuple:
    """What a doubling would change: evenings, entries, corrections, players, and every evening's balance."""
    con = sqlite3.connect(db)
    try:
        counts = tuple(con.execute(f"select count(*) from {t}").fetchone()[0]
                       for t in ("evenings", "entries", "corrections", "players", "payments", "hand_players"))  # fmt: skip
    finally:
        con.close()
    evenings = [e["id"] for e in json.loads(ok(db, "evening", "list", "--json"))]
    return counts, [ok(db, "balance", "--json", "--evening", str(n)) for n in evenings], ok(db, "stats", "--json")


# 2. Copies of a ledger from before global ids ------------------------------------------------------


@pytest.fixture
def two_old_copies(tmp_path) -> tuple[Path, Path]:
    """The same ledger of schema version 1, copied twice, as two tables took it."""
    a, b = tmp_path / "desk.db", tmp_path / "table.db"
    shutil.copyfile(FIXTURE, a)
    shutil.copyfile(FIXTURE, b)
    return a, b


def test_two_copies_of_an_old_ledger_merge_without_doubling(two_old_copies):
    desk, table = two_old_copies
    ok(desk, "evening", "list")  # each copy opened on its own: migrated, each row given its id
    ok(table, "evening", "list")
    before = figures(desk)
    assert ok(desk, "merge", str(table)) == f"nothing new in {table}\n"
    assert figures(desk) == before
    checked(desk)
    ok(table, "hand", "add", "--evening", "2", "dreier", "hans", "40")  # and what the table adds comes in alone
    assert ok(desk, "merge", str(table)) == f"merged from {table}: 1 hand\n"
    assert figures(desk) == figures(table)
    checked(desk)
