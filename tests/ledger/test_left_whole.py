"""A ledger is checked whole before a write that starts something where it
is not as schreiber left it (``connection.left_whole``): a file changed by
anything else (another program's write, a copy) is checked whole, and
refused when damaged, before anything is written; damage the moment after
schreiber wrote is refused by the write that meets it. That a ledger
schreiber left costs such a write no check is a matter of speed, measured
by the benchmarks (docs/benchmarks.md, a club's decades)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from schreiber.domain.rules import load_rules
from schreiber.ledger.errors import LedgerDamaged
from schreiber.ledger.store import Ledger
from schreiber.service import Service

PLAYERS = ("Anna", "Berti", "Carl", "Dora")


def start(db: Path) -> None:
    svc = Service(Ledger(db))
    svc.start_evening(PLAYERS, load_rules("standard"), "2026-01-10")
    svc.add_hand({"contract": "dreier", "declarer": "Anna", "points": 40})
    svc.ledger.close()


def damage(db: Path, table: str) -> None:
    """Bytes flipped in the first page of ``table`` (its cells' places), where a write of ``start`` does not go."""
    con = sqlite3.connect(db)
    size = con.execute("pragma page_size").fetchone()[0]
    root = con.execute("select rootpage from sqlite_master where name = ?", [table]).fetchone()[0]
    con.close()
    with open(db, "r+b") as f:
        f.seek((root - 1) * size + 8)
        page = f.read(64)
        f.seek((root - 1) * size + 8)
        f.write(bytes(b ^ 0x5A for b in page))


def test_a_ledger_another_program_wrote_and_damaged_is_refused(tmp_path):
    """Another program's write, then damage in pages no write of the next
    command touches: the next write that starts something checks the
    whole file and refuses it; nothing is written."""
    db = tmp_path / "ledger.db"
    start(db)
    con = sqlite3.connect(db)
    con.execute("update players set name = name")
    con.commit()
    con.close()
    damage(db, "cup_fixed_points")
    before = db.read_bytes()
    with pytest.raises(LedgerDamaged):
        start(db)
    assert db.read_bytes() == before


def test_a_damaged_copy_is_refused(tmp_path):
    db = tmp_path / "ledger.db"
    start(db)
    copy = tmp_path / "copy.db"
    shutil.copy2(db, copy)  # the same times, another file
    damage(copy, "cup_fixed_points")
    before = copy.read_bytes()
    with pytest.raises(LedgerDamaged):
        start(copy)
    assert copy.read_bytes() == before
    start(db)  # the ledger copied stays as it was: whole


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
