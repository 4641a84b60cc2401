"""A table's copy is outside input: `schreiber merge COPY` as the desk types
it. Copies of a ledger made before global ids merge without doubling; a
copy is refused as every other command refuses it. After each merge (and
each refusal) the desk's ledger passes `schreiber check`.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from schreiber.cli.errors import message, one_line
from schreiber.errors import SchreiberError
from schreiber.ledger.store import make_missing_files
from tests.helpers import TESTS, cli, dump

FIXTURE = TESTS / "fixtures" / "ledger_v1.db"
FOUR = ("Anna", "Berti", "Carl", "Dora")


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


def refused(db: Path, *args: str) -> str:
    """The one line a refused command prints (as cli.errors words it): a SchreiberError, never another exception."""
    r = cli("--db", str(db), *args)
    assert r.exit_code == 1 and isinstance(r.exception, SchreiberError), (r.output, repr(r.exception))
    line = one_line(message(r.exception))
    assert "\n" not in line and "unexpected" not in line, line
    return line


def checked(db: Path) -> None:
    """`schreiber check` finds the ledger whole and every evening re-scored as stored."""
    out = ok(db, "check")
    assert out.count(": ok") == 2, out


def sql(db: Path, *statements: str) -> None:
    con = sqlite3.connect(db)
    for s in statements:
        con.execute(s)
    con.commit()
    con.close()


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


def test_an_old_copy_not_yet_opened_is_read_through_a_migrated_copy(two_old_copies):
    """Merged as it is: its schema is brought up to date in a temporary copy; the file is not written."""
    desk, table = two_old_copies
    ok(desk, "evening", "list")
    content, beside = table.read_bytes(), sorted(os.listdir(table.parent))
    before = figures(desk)
    assert ok(desk, "merge", str(table)) == f"nothing new in {table}\n"
    assert figures(desk) == before
    assert table.read_bytes() == content
    assert [n for n in sorted(os.listdir(table.parent)) if n not in beside and not n.endswith(("-wal", "-shm"))] == []
    checked(desk)


# 6. A copy every other command refuses ----------------------------------------------------------


def _newer(db: Path) -> None:
    sql(db, "pragma user_version = 2")


def _foreign(db: Path) -> None:
    sql(db, "pragma application_id = 1234")


def _future_step(db: Path) -> None:
    sql(db, "insert into _sqlite_migrations (migration_set, name, applied_at) values ('schreiber', 'm099_x', '')")


def _damaged(db: Path) -> None:
    sql(db, "pragma wal_checkpoint(truncate)")
    data = bytearray(db.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    data[page * 3 + 8 : page * 3 + 200] = os.urandom(192)  # the b-tree pages after the schema: a table damaged
    db.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("make", "elsewhere"),
    [(_newer, ("balance",)), (_foreign, ("balance",)), (_future_step, ("balance",)),
     (_damaged, ("evening", "reopen", "1", "--keep-open"))],  # damage: refused where a change starts
)  # fmt: skip
def test_a_copy_other_commands_refuse_is_not_merged(tmp_path, make, elsewhere):
    desk = tmp_path / "desk.db"
    ok(desk, "evening", "start", *FOUR, "--date", "2026-03-01")
    ok(desk, "hand", "add", "dreier", "berti", "40")
    copy = tmp_path / "table.db"
    ok(desk, "backup", str(copy))
    ok(copy, "hand", "add", "dreier", "carl", "40")
    make(copy)
    sql(copy, "pragma wal_checkpoint(truncate)")  # every change in the file itself, none in its -wal
    content, before = copy.read_bytes(), dump(desk)
    other = refused(copy, *elsewhere)  # what other commands say of the file ...
    said = refused(desk, "merge", str(copy))  # ... merge says too
    assert other.split(";")[0] in said, (other, said)
    assert copy.read_bytes() == content and dump(desk) == before
    checked(desk)
