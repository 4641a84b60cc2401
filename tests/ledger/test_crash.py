"""A writer killed (SIGKILL) in the middle of writing leaves a whole ledger.

A child process writes as fast as it can: single hands (`Service.add`),
batches (`Service.add_entries`, what `hand import` uses) and undos (which
re-score the whole evening: the longest transaction there is). It is killed
at a random moment, several times over, on the same ledger. After every
kill the ledger must pass `check_ledger` (integrity_check ok; every active
entry with its result and payments that add up; hand numbers without gaps)
and hold exactly what the child had committed, give or take the one
operation it was in the middle of: that one is wholly in or wholly out.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.ledger_checks import PLAYERS, ROOT, SCHREIBER, check_ledger, dreier, run_cli

KILLS = 5

WRITER = r"""
import random, sys
from schreiber.errors import SchreiberError
from schreiber.domain.rules import load_rules
from schreiber.domain.evening import Entry
from schreiber.ledger.store import Ledger
from schreiber.service import Service
db, seed = sys.argv[1], int(sys.argv[2])
rng = random.Random(seed)
P = ("Anna", "Berti", "Carl", "Dora")
led = Service(Ledger(db))
led.start_evening(P, load_rules("standard"), "2026-11-21", None)  # a fresh evening: undo re-scores it all
print("ready", flush=True)
while True:
    r = rng.random()
    if r < 0.05:
        print("begin undo", flush=True)
        try:
            led.undo()
        except SchreiberError:  # nothing to undo yet
            print("done none", flush=True)
            continue
        print("done undo", flush=True)
        continue
    n = 1 if r < 0.7 else rng.choice((5, 40))
    recs = [Entry.hand({"contract": "dreier", "declarer": rng.choice(P), "points": rng.randint(0, 70)})
            for _ in range(n)]
    print(f"begin {n}", flush=True)
    if n == 1:
        led.add(recs[0])
    else:
        led.add_entries(recs)
    print(f"done {n}", flush=True)
"""


def hands_in(db: Path) -> int:
    return check_ledger(db)["hands"]


def kill_writer(db: Path, seed: int, delay: float) -> tuple[int, int | None]:
    """Run the writer, kill it after ``delay`` s of writing; return (hands it
    reported committed, the change its unfinished operation would make)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(db), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert p.stdout.readline().strip() == "ready", p.stderr.read()
    lines: list[str] = []
    t = threading.Thread(target=lambda: lines.extend(p.stdout))  # keep the pipe drained
    t.start()
    time.sleep(delay)
    p.send_signal(signal.SIGKILL)
    p.wait()
    t.join()
    assert p.returncode == -signal.SIGKILL, p.stderr.read()
    committed, pending = 0, None
    for line in lines:
        word, what = line.split()
        delta = {"undo": -1, "none": 0}[what] if what in ("undo", "none") else int(what)
        if word == "begin":
            pending = delta
        else:
            committed += delta
            pending = None
    return committed, pending


def test_sigkill_mid_write_leaves_each_hand_in_or_out(tmp_path):
    db = tmp_path / "ledger.db"
    assert run_cli("evening", "start", *PLAYERS, db=db).returncode == 0
    rng = random.Random(20261121)
    before = 0
    for i in range(KILLS):
        committed, pending = kill_writer(db, seed=i, delay=rng.uniform(0.05, 0.5))
        now = hands_in(db)  # check_ledger: integrity and consistency
        allowed = {before + committed}
        if pending is not None:
            allowed.add(before + committed + pending)
        assert now in allowed, f"kill {i}: {now} hands, expected one of {sorted(allowed)}"
        before = now
    # the ledger goes on as normal
    r = run_cli("hand", "add", "--json", json.dumps(dreier("Carl", 50)), "--json-out", db=db)
    assert r.returncode == 0, r.stderr
    info = check_ledger(db)
    assert info["hands"] == before + 1
    bal = json.loads(run_cli("balance", "--json", db=db).stdout)  # the open evening: the last writer's
    con = sqlite3.connect(db)
    paid = dict(
        con.execute(
            "select p.name, sum(pay.points_x2520) / 2520 from payments pay join players p on p.id = pay.player_id "
            "where pay.evening_id = (select max(id) from evenings) group by p.name"
        )
    )
    con.close()
    assert {k: v for k, v in bal.items() if v} == {k: v for k, v in paid.items() if v}
    assert sum(bal.values()) == 0


def test_sigkill_during_import_is_all_or_nothing(tmp_path):
    """`schreiber hand import` killed at a random moment: all or none of the file."""
    if "import" not in run_cli("hand", "--help").stdout:
        pytest.skip("schreiber hand import is not available")
    db = tmp_path / "ledger.db"
    assert run_cli("evening", "start", *PLAYERS, db=db).returncode == 0
    assert run_cli("hand", "add", "--json", json.dumps(dreier("Anna", 40)), db=db).returncode == 0
    src = tmp_path / "hands.jsonl"
    n = 1500
    rng = random.Random(7)
    src.write_text(
        "".join(json.dumps(dreier(rng.choice(PLAYERS), rng.randint(0, 70))) + "\n" for _ in range(n)), encoding="utf-8"
    )
    env = dict(os.environ, SCHREIBER_DB=str(db))
    p = subprocess.Popen(
        SCHREIBER + ["hand", "import", str(src), "-q"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    time.sleep(random.Random(3).uniform(0.3, 1.2))
    p.send_signal(signal.SIGKILL)
    p.wait()
    assert hands_in(db) in (1, 1 + n)


# SIGKILL during the longest operations, as a user's process (the console script) --------------------


def killed(args: list[str], db: Path, delay: float) -> int:
    """Run `schreiber ARGS`, SIGKILL it after ``delay`` s; its exit status (-9: killed while running)."""
    p = subprocess.Popen(
        SCHREIBER + args,
        env=dict(os.environ, SCHREIBER_DB=str(db)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(delay)
    p.send_signal(signal.SIGKILL)
    return p.wait()


def test_sigkills_during_imports(tmp_path):
    """Eight kills of `hand import`: the file is wholly in or wholly out,
    and at least one kill provably landed inside the import (killed while
    running, nothing of it in the ledger, the import's transaction open)."""
    db = tmp_path / "ledger.db"
    assert run_cli("evening", "start", *PLAYERS, db=db).returncode == 0
    src = tmp_path / "hands.jsonl"
    n = 6000  # over a second of work where we measured it, so most kills land inside
    src.write_text("".join(json.dumps(dreier(PLAYERS[i % 4], i % 71)) + "\n" for i in range(n)), encoding="utf-8")
    rng = random.Random(31)
    hands, inside = 0, 0
    for _ in range(8):
        status = killed(["hand", "import", str(src), "-q"], db, rng.uniform(0.2, 1.5))
        now = hands_in(db)  # integrity and consistency
        assert now in (hands, hands + n)
        inside += status == -signal.SIGKILL and now == hands
        hands = now
    assert inside, "no kill landed inside an import"
    assert not [p for p in tmp_path.iterdir() if p.suffix == ".tmp"]


def applied(db: Path) -> list[str]:
    con = sqlite3.connect(db)
    try:
        return [r[0] for r in con.execute("select name from _sqlite_migrations order by id")]
    finally:
        con.close()


def test_sigkills_during_a_migration(tmp_path):
    """Six kills of the first open of a version-1 ledger (which migrates
    it): the ledger is the old one or the migrated one, whole either way,
    and every .bak beside it is a whole copy of the old one."""
    fixture = ROOT / "tests" / "fixtures" / "ledger_v1.db"
    rng = random.Random(5)
    outcomes = set()
    for k in range(6):
        db = tmp_path / f"v1-{k}.db"
        db.write_bytes(fixture.read_bytes())
        killed(["balance", "--json"], db, rng.uniform(0.1, 0.6))
        names = applied(db)
        assert names == ["m001_initial"] or len(names) > 1, names
        outcomes.add(len(names) > 1)
        check_ledger(db, zero_sum=False) if len(names) > 1 else None
        con = sqlite3.connect(db)
        assert con.execute("pragma integrity_check").fetchone()[0] == "ok"
        con.close()
        for bak in tmp_path.glob(f"{db.name}.before-migration-*.bak"):
            assert applied(bak) == ["m001_initial"]
        assert run_cli("balance", "--json", db=db).returncode == 0  # it opens (and migrates) afterwards
        assert len(applied(db)) > 1


def test_sigkills_during_a_backup(tmp_path):
    """Six kills of `schreiber backup`: the copy is whole or absent, the
    ledger untouched, and nothing else is ever left in the folder."""
    db = tmp_path / "ledger.db"
    assert run_cli("evening", "start", *PLAYERS, db=db).returncode == 0
    src = tmp_path / "hands.jsonl"
    src.write_text("".join(json.dumps(dreier(PLAYERS[i % 4], i % 71)) + "\n" for i in range(1500)), encoding="utf-8")
    assert run_cli("hand", "import", str(src), "-q", db=db).returncode == 0
    before = hands_in(db)
    rng = random.Random(8)
    copy = tmp_path / "copies" / "copy.db"
    copy.parent.mkdir()
    for _ in range(6):
        killed(["backup", str(copy), "--force"], db, rng.uniform(0.1, 0.5))
        assert hands_in(db) == before
        assert [p.name for p in copy.parent.iterdir()] in ([], ["copy.db"])
        if copy.exists():
            assert hands_in(copy) == before


def killed_while_writing(args: list[str], db: Path, folder: Path) -> bool:
    """Run `schreiber ARGS` and SIGKILL it the moment it holds a file in
    ``folder`` that has no name yet (the copy being written): True if the
    kill provably landed there, False if the command finished first."""
    p = subprocess.Popen(SCHREIBER + args, env=dict(os.environ, SCHREIBER_DB=str(db)),
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    fds = Path(f"/proc/{p.pid}/fd")
    while p.poll() is None:
        with contextlib.suppress(OSError):
            if any(os.readlink(fd).startswith(f"{folder}/#") for fd in fds.iterdir()):
                p.send_signal(signal.SIGKILL)
                return p.wait() == -signal.SIGKILL
    return False


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to see the copy being written")
def test_sigkills_inside_a_backup_and_a_migration_leave_nothing(tmp_path):
    """Kills that provably land while the copy is written (a backup, and
    the copy a migration makes first): no file is left beside it."""
    db = tmp_path / "ledger.db"
    assert run_cli("evening", "start", *PLAYERS, db=db).returncode == 0
    src = tmp_path / "hands.jsonl"
    src.write_text("".join(json.dumps(dreier(PLAYERS[i % 4], i % 71)) + "\n" for i in range(1500)), encoding="utf-8")
    assert run_cli("hand", "import", str(src), "-q", db=db).returncode == 0
    copies = tmp_path / "copies"
    copies.mkdir()
    landed = sum(killed_while_writing(["backup", str(copies / "copy.db")], db, copies) for _ in range(6))
    assert landed >= 2, "no kill landed while the backup was written"
    assert list(copies.iterdir()) == []
    assert run_cli("backup", str(copies / "copy.db"), db=db).returncode == 0
    assert [p.name for p in copies.iterdir()] == ["copy.db"]
    old = tmp_path / "old"
    old.mkdir()
    v1 = old / "v1.db"
    landed = 0
    for _ in range(6):
        v1.write_bytes((ROOT / "tests" / "fixtures" / "ledger_v1.db").read_bytes())
        landed += killed_while_writing(["balance", "--json"], v1, old)
        left = {p.name for p in old.iterdir()} - {"v1.db", "v1.db-wal", "v1.db-shm"}  # SQLite's own: part of it
        assert all(".before-migration-" in n and n.endswith(".bak") for n in left), left  # no .tmp, no .part
        assert all(applied(old / n) == ["m001_initial"] for n in left)  # a .bak is a whole copy of the old one
        for n in left:
            (old / n).unlink()
    assert landed >= 2, "no kill landed while the migration's copy was written"
