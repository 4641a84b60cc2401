"""`schreiber backup PATH` and `Ledger.backup`: a consistent copy, even while
other processes write; restoring as docs/backup.md says."""

from __future__ import annotations

import json
import shutil
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from schreiber.domain.rules import load_rules
from schreiber.ledger.store import Ledger
from schreiber.service import Service
from tests.ledger_checks import PLAYERS, check_ledger, dreier, process, row_counts, run_cli


def evening_with_hands(db: Path, n: int = 5) -> None:
    """Set up through the library (quicker than a process per hand)."""
    svc = Service(Ledger(db))
    svc.start_evening(PLAYERS, load_rules("standard"), "2026-11-21", None)
    for i in range(n):
        svc.add_hand(dreier(PLAYERS[i % 4], 30 + i))
    svc.ledger.close()


def balance(db: Path) -> dict:
    r = run_cli("balance", "--json", db=db)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_backup_holds_everything(tmp_path):
    db, copy = tmp_path / "ledger.db", tmp_path / "copy.db"
    evening_with_hands(db)
    r = run_cli("backup", str(copy), db=db)
    assert r.returncode == 0, r.stderr
    assert "1 evening, 5 hands." in r.stdout
    assert check_ledger(copy) == check_ledger(db)
    assert row_counts(copy) == row_counts(db)
    assert balance(copy) == balance(db)
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".copy.db")]  # no temporary file left


def test_backup_into_a_folder_and_force(tmp_path):
    db = tmp_path / "ledger.db"
    evening_with_hands(db, 2)
    folder = tmp_path / "backups"
    folder.mkdir()
    assert run_cli("backup", str(folder), db=db).returncode == 0
    made = list(folder.glob("ledger-*.db"))
    assert len(made) == 1 and check_ledger(made[0])["hands"] == 2
    # an existing file is kept unless --force
    target = tmp_path / "b.db"
    target.write_text("keep me")
    r = run_cli("backup", str(target), db=db)
    assert r.returncode == 1 and "--force" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert target.read_text() == "keep me"
    assert run_cli("backup", str(target), "--force", db=db).returncode == 0
    assert check_ledger(target)["hands"] == 2


def test_backup_refusals_are_one_line(tmp_path):
    db = tmp_path / "ledger.db"
    r = run_cli("backup", str(tmp_path / "x.db"), db=db)
    assert r.returncode == 1 and "no ledger" in r.stderr
    assert not db.exists()  # a backup never creates a ledger
    evening_with_hands(db, 1)
    before = row_counts(db)
    for target, words in ((db, "ledger itself"), (tmp_path / "missing" / "x.db", "does not exist")):
        r = run_cli("backup", str(target), db=db)
        assert r.returncode == 1, r.stdout
        assert words in r.stderr and "Traceback" not in r.stderr
        assert len(r.stderr.strip().splitlines()) == 1
    assert row_counts(db) == before


def test_backup_does_not_wait_for_a_writer(tmp_path):
    """A write transaction is open (a hand half written): the backup runs
    at once and holds the ledger as it was before that hand."""
    db, copy = tmp_path / "ledger.db", tmp_path / "copy.db"
    evening_with_hands(db, 3)
    led = Ledger(db)
    with led.transaction():
        led.db.execute("update evenings set date = '1999-01-01'")  # uncommitted
        r = run_cli("backup", str(copy), db=db)
        assert r.returncode == 0, r.stderr
    led.close()
    assert check_ledger(copy)["hands"] == 3
    assert sqlite3.connect(copy).execute("select date from evenings").fetchone()[0] != "1999-01-01"


def test_backup_during_concurrent_writes(tmp_path):
    """Four processes add hands while backups are taken: every backup is a
    whole ledger and a prefix of what was finally written."""
    db = tmp_path / "ledger.db"
    assert run_cli("evening", "start", *PLAYERS, db=db).returncode == 0
    done = threading.Event()

    def writer(w: int) -> list:
        out = [process("hand", "add", "--json", json.dumps(dreier(PLAYERS[w], 36 + i)), "-q", db=db) for i in range(4)]
        return [(r.returncode, r.stderr) for r in out]

    def backups() -> list[Path]:
        made, i = [], 0
        while not done.is_set() or i < 2:
            target = tmp_path / f"b{i}.db"
            r = process("backup", str(target), db=db)
            assert r.returncode == 0, r.stderr
            made.append(target)
            i += 1
        return made

    with ThreadPoolExecutor(5) as pool:
        b = pool.submit(backups)
        writers = [pool.submit(writer, w) for w in range(4)]
        for f in writers:
            for code, err in f.result():
                assert code == 0, err
        done.set()
        made = b.result()
    final = check_ledger(db)
    assert final["hands"] == 16
    seen = set()
    for copy in made:
        info = check_ledger(copy)  # integrity, results and payments of every entry
        k = len(info["entry_ids"])
        assert info["entry_ids"] == final["entry_ids"][:k]
        assert info["records"] == final["records"][: info["hands"]]
        seen.add(info["hands"])
    assert max(seen) <= 16


def test_restore_as_documented(tmp_path):
    """docs/backup.md: move the ledger (and its -wal/-shm) aside, copy the backup in."""
    db, copy = tmp_path / "ledger.db", tmp_path / "copy.db"
    evening_with_hands(db, 4)
    want = balance(db)
    assert run_cli("backup", str(copy), db=db).returncode == 0
    assert run_cli("hand", "add", "--json", json.dumps(dreier("Anna", 60)), db=db).returncode == 0
    assert balance(db) != want
    for suffix in ("", "-wal", "-shm"):
        p = Path(f"{db}{suffix}")
        if p.exists():
            p.rename(f"{db}.replaced{suffix}")
    shutil.copyfile(copy, db)
    assert balance(db) == want
    assert check_ledger(db)["hands"] == 4
    # or use the backup where it is
    assert balance(copy) == want


def test_ledger_backup_method(tmp_path):
    db = tmp_path / "ledger.db"
    evening_with_hands(db, 2)
    led = Ledger(db)
    target = led.backup(tmp_path / "lib.db")
    led.close()
    assert target == tmp_path / "lib.db"
    assert check_ledger(target)["hands"] == 2
