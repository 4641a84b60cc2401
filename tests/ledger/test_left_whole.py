"""A ledger is checked whole before a write that starts something only where
it is not as schreiber left it (``connection.left_whole``): a club's decades
cost such a write nothing, and a file changed by anything else (a byte
flipped the moment after schreiber wrote, another program's write, a copy)
is checked whole, and refused when damaged, before anything is written."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from schreiber.domain.rules import load_rules
from schreiber.ledger import connection
from schreiber.ledger.errors import LedgerDamaged
from schreiber.ledger.store import Ledger
from schreiber.service import Service

PLAYERS = ("Anna", "Berti", "Carl", "Dora")


@pytest.fixture
def checks(monkeypatch) -> list[Path]:
    """The files checked whole (``quick_check``) from now on."""
    seen: list[Path] = []
    real = connection.quick_check

    def counted(conn: sqlite3.Connection, p: Path) -> None:
        seen.append(p)
        real(conn, p)

    monkeypatch.setattr("schreiber.ledger.store.quick_check", counted)
    return seen


def start(db: Path) -> None:
    svc = Service(Ledger(db))
    svc.start_evening(PLAYERS, load_rules("standard"), "2026-01-10")
    svc.add_hand({"contract": "dreier", "declarer": "Anna", "points": 40})
    svc.ledger.close()


def test_a_ledger_schreiber_left_is_not_checked_again(tmp_path, checks):
    db = tmp_path / "ledger.db"
    start(db)
    assert connection.left_whole(db)
    start(db)
    start(db)
    assert checks == []
    assert connection.left_whole(db)


def test_another_programs_write_makes_the_next_start_check_the_whole_file(tmp_path, checks):
    db = tmp_path / "ledger.db"
    start(db)
    con = sqlite3.connect(db)
    con.execute("update players set name = name")
    con.commit()
    con.close()
    assert not connection.left_whole(db)
    start(db)
    assert checks == [db]
    start(db)  # checked once: whole since
    assert checks == [db]


def test_a_copy_is_checked_whole(tmp_path, checks):
    db = tmp_path / "ledger.db"
    start(db)
    copy = tmp_path / "copy.db"
    shutil.copy2(db, copy)  # the same times, another file
    assert not connection.left_whole(copy)
    start(copy)
    assert checks == [copy]


def test_damage_the_moment_after_a_write_is_refused(tmp_path):
    """Bytes flipped at once after schreiber wrote (within the same tick of
    the file system's clock, at the same size): nothing is written."""
    db = tmp_path / "ledger.db"
    start(db)
    con = sqlite3.connect(db)
    size = con.execute("pragma page_size").fetchone()[0]
    root = con.execute("select rootpage from sqlite_master where name = 'payments'").fetchone()[0]
    con.close()
    start(db)
    with open(db, "r+b") as f:
        f.seek((root - 1) * size + 8)
        page = f.read(192)
        f.seek((root - 1) * size + 8)
        f.write(bytes(b ^ 0x5A for b in page))
    before = db.read_bytes()
    with pytest.raises(LedgerDamaged):
        start(db)
    assert db.read_bytes() == before
