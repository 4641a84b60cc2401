"""A crash or a Ctrl-C in the middle of a command leaves the ledger as it
was before the command or as it is after it, never anything between
(docs/backup.md, "What the ledger promises").

Each command is a process of its own (the console script), ended at a
named point of its write (``schreiber/faults.py``, ``SCHREIBER_FAULT``):
just before its COMMIT, just after it, after a batch of an import, inside
a migration, while a backup's copy is written; a crash ends it at once,
as SIGKILL does, and a Ctrl-C is SIGINT as from a terminal. Two tests send
the real signals from outside, to a process stopped at such a point. After
each, the ledger must pass ``check_ledger`` (integrity_check ok; every
active entry with its result and payments that add up; hand numbers
without gaps) and hold what it held before the command, or after it.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
from pathlib import Path

import pytest

from tests.helpers import SCHREIBER, cli, dump
from tests.ledger_checks import PLAYERS, ROOT, check_ledger, dreier

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
CRASHED = -signal.SIGKILL
INTERRUPTED = 130


def faulted(args: list[str], db: Path, fault: str, **kw) -> subprocess.CompletedProcess:
    """`schreiber ARGS` as a process of its own, with ``SCHREIBER_FAULT=fault``."""
    env = dict(os.environ, SCHREIBER_DB=str(db), SCHREIBER_FAULT=fault)
    return subprocess.run(
        SCHREIBER + args,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as from a terminal, even in a background job
        **kw,
    )


def hands_file(folder: Path, n: int, first: int = 0) -> Path:
    src = folder / f"hands-{first}-{n}.jsonl"
    src.write_text(
        "".join(json.dumps(dreier(PLAYERS[i % 4], i % 71)) + "\n" for i in range(first, first + n)), encoding="utf-8"
    )
    return src


def evening(db: Path, hands: int = 3) -> None:
    """An evening of the four PLAYERS with a few Dreier hands, a Strafpunkt among them."""
    assert cli("--db", str(db), "evening", "start", *PLAYERS).exit_code == 0
    for i in range(hands):
        assert cli("--db", str(db), "hand", "add", "--json", json.dumps(dreier(PLAYERS[i % 4], 40 + i))).exit_code == 0
    assert cli("--db", str(db), "strafpunkt", "Carl").exit_code == 0


def copy_of(db: Path, to: Path) -> Path:
    """A copy of the ledger with what its WAL holds (SQLite's backup)."""
    src, dst = sqlite3.connect(db), sqlite3.connect(to)
    src.backup(dst)
    src.close()
    dst.close()
    return to


VARIES = ("uid", "utc", "applied_at", "sha256")  # what a run makes anew: ids, times


def content(db: Path) -> list:
    """Every row of every table, without the ids and times a run makes anew."""
    con = sqlite3.connect(db)
    con.row_factory = sqlite3.Row
    out = []
    for (name,) in con.execute("select name from sqlite_master where type = 'table' order by name"):
        rows = [
            {k: r[k] for k in r.keys() if not any(v in k for v in VARIES)}
            for r in con.execute(f'select * from "{name}"')
        ]
        out.append((name, sorted(map(repr, rows))))
    con.close()
    return out


COMMANDS = {
    "hand add": ["hand", "add", "dreier", "berti", "50", "-q"],  # the plain form (the fast path)
    "undo": ["undo"],  # re-scores the evening
    "hand void": ["hand", "void", "1"],
    "hand edit": ["hand", "edit", "2", "dreier", "anna", "60"],
    "hand import": ["hand", "import", "{hands}", "-q"],
    "player rename": ["player", "rename", "Anna", "Anni"],
    "evening start": ["evening", "start", "Anna", "Berti", "Carl", "Erich"],
    "merge": ["merge", "{other}"],
}


def command(name: str, folder: Path) -> list[str]:
    other = folder / "other.db"
    if name == "merge" and not other.exists():  # a copy of the ledger that went on with hands of its own
        copy_of(folder / "ledger.db", other)
        for i in range(2):
            assert cli("--db", str(other), "hand", "add", "--json", json.dumps(dreier("Carl", 30 + i))).exit_code == 0
    hands = hands_file(folder, 20)
    return [a.replace("{hands}", str(hands)).replace("{other}", str(other)) for a in COMMANDS[name]]


@pytest.mark.parametrize("name", COMMANDS)
def test_a_crash_before_or_after_the_commit(tmp_path, name):
    """Crashed just before its COMMIT: the ledger as before the command;
    just after it: as after the command (run whole on a copy)."""
    db = tmp_path / "ledger.db"
    evening(db)
    args = command(name, tmp_path)
    before = dump(db)
    r = faulted(args, db, "commit")
    assert r.returncode == CRASHED, (r.returncode, r.stderr)
    assert dump(db) == before
    check_ledger(db, zero_sum=False)
    whole = copy_of(db, tmp_path / "whole.db")
    assert cli("--db", str(whole), *args).exit_code == 0
    r = faulted(args, db, "committed")
    assert r.returncode == CRASHED, (r.returncode, r.stderr)
    assert content(db) == content(whole)


@pytest.mark.parametrize("name", ["hand add", "hand import", "merge"])
def test_ctrl_c_before_or_after_the_commit(tmp_path, name):
    """Ctrl-C just before the COMMIT: one line, exit status 130, nothing
    written; just after it: one line saying the change was written, and it is."""
    db = tmp_path / "ledger.db"
    evening(db)
    args = command(name, tmp_path)
    before = dump(db)
    r = faulted(args, db, "commit:interrupt")
    assert (r.returncode, r.stderr) == (INTERRUPTED, "schreiber: interrupted; nothing was written\n")
    assert dump(db) == before
    whole = copy_of(db, tmp_path / "whole.db")
    assert cli("--db", str(whole), *args).exit_code == 0
    r = faulted(args, db, "committed:interrupt")
    assert (r.returncode, r.stderr) == (INTERRUPTED, "schreiber: interrupted; the last change was written before it\n")
    assert content(db) == content(whole)


@pytest.mark.parametrize("how,status", [("crash", CRASHED), ("interrupt", INTERRUPTED)])
def test_an_import_ended_after_some_of_its_batches_adds_nothing(tmp_path, how, status):
    """An import of 1,200 hands (five batches) ended after its third:
    none of the file is in, nothing is left beside the ledger, and the
    ledger goes on as normal (the same file imported whole)."""
    db = tmp_path / "ledger.db"
    evening(db)
    src = hands_file(tmp_path, 1200)
    before = dump(db)
    r = faulted(["hand", "import", str(src), "-q"], db, f"import.batch@3:{how}")
    assert r.returncode == status, (r.returncode, r.stderr)
    assert dump(db) == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("ledger")) == [
        n for n in ("ledger.db", "ledger.db-shm", "ledger.db-wal") if (tmp_path / n).exists()
    ]
    assert cli("--db", str(db), "hand", "import", str(src), "-q").exit_code == 0
    assert check_ledger(db)["hands"] == 3 + 1200
    bal = json.loads(cli("--db", str(db), "balance", "--json").stdout)
    assert {k: v for k, v in bal.items() if v} == {k: float(v) for k, v in check_ledger(db)["balance"].items() if v}


def stopped_at(fault: str, args: list[str], db: Path) -> subprocess.Popen:
    """`schreiber ARGS`, stopped (SIGSTOP) at ``fault``: for a real signal from outside."""
    env = dict(os.environ, SCHREIBER_DB=str(db), SCHREIBER_FAULT=f"{fault}:stop")
    p = subprocess.Popen(
        SCHREIBER + args,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    _, status = os.waitpid(p.pid, os.WUNTRACED)
    assert os.WIFSTOPPED(status), status
    return p


def test_sigkill_from_outside_in_the_middle_of_an_import(tmp_path):
    """The real signal, sent by another process while the import's
    transaction is open (after its second batch): nothing of the file is in."""
    db = tmp_path / "ledger.db"
    evening(db)
    before = dump(db)
    p = stopped_at("import.batch@2", ["hand", "import", str(hands_file(tmp_path, 1200)), "-q"], db)
    p.send_signal(signal.SIGKILL)
    assert p.wait(timeout=60) == CRASHED
    p.communicate()
    assert dump(db) == before
    check_ledger(db)


def test_ctrl_c_from_outside_in_the_middle_of_an_import(tmp_path):
    """A real SIGINT (as a terminal sends it) while the import's transaction
    is open: one line, exit status 130, nothing of the file in."""
    db = tmp_path / "ledger.db"
    evening(db)
    before = dump(db)
    p = stopped_at("import.batch@2", ["hand", "import", str(hands_file(tmp_path, 1200))], db)
    p.send_signal(signal.SIGINT)  # pending until it runs again
    p.send_signal(signal.SIGCONT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == INTERRUPTED, err
    assert err.decode().splitlines() == ["schreiber: interrupted; nothing was written"]
    assert dump(db) == before


# An older ledger's migration, a backup ----------------------------------------------------------


def applied(db: Path) -> list[str]:
    con = sqlite3.connect(db)
    try:
        return [r[0] for r in con.execute("select name from _sqlite_migrations order by id")]
    finally:
        con.close()


def left_beside(folder: Path, db: Path) -> list[str]:
    """Files beside ``db`` other than SQLite's own (-wal, -shm)."""
    return sorted(p.name for p in folder.iterdir() if p.name not in (db.name, f"{db.name}-wal", f"{db.name}-shm"))


@pytest.mark.parametrize("fault,status", [("migration", CRASHED), ("migration:interrupt", INTERRUPTED)])
def test_a_migration_ended_in_the_middle_leaves_the_old_ledger(tmp_path, fault, status):
    """The first open of a version-1 ledger (which migrates it) ended with
    every migration applied but not committed: the ledger is the old one,
    whole; its .bak beside it is a whole copy of the old one; the next
    command migrates it."""
    db = tmp_path / "v1.db"
    db.write_bytes((ROOT / "tests" / "fixtures" / "ledger_v1.db").read_bytes())
    r = faulted(["balance", "--json"], db, fault)
    assert r.returncode == status, (r.returncode, r.stderr)
    assert applied(db) == ["m001_initial"]
    con = sqlite3.connect(db)
    assert con.execute("pragma integrity_check").fetchone()[0] == "ok"
    con.close()
    (bak,) = left_beside(tmp_path, db)
    assert ".before-migration-" in bak and bak.endswith(".bak")
    assert applied(tmp_path / bak) == ["m001_initial"]
    assert cli("--db", str(db), "balance", "--json").exit_code == 0  # it opens (and migrates) afterwards
    assert len(applied(db)) > 1
    check_ledger(db, zero_sum=False)


def test_a_crash_while_a_copy_is_written_leaves_nothing(tmp_path):
    """A crash while a backup's copy is written (whole, not yet named), and
    while the copy a migration makes first is: no file is left beside it,
    and the ledger is untouched."""
    db = tmp_path / "ledger.db"
    evening(db)
    before = dump(db)
    copies = tmp_path / "copies"
    copies.mkdir()
    for target in (copies / "copy.db", copies):  # a file named, a folder (a dated file in it)
        r = faulted(["backup", str(target)], db, "backup.copy")
        assert r.returncode == CRASHED, r.stderr
        assert list(copies.iterdir()) == []
    assert dump(db) == before
    assert cli("--db", str(db), "backup", str(copies / "copy.db")).exit_code == 0
    assert [p.name for p in copies.iterdir()] == ["copy.db"]
    assert check_ledger(copies / "copy.db")["hands"] == 3
    old = tmp_path / "old"
    old.mkdir()
    v1 = old / "v1.db"
    v1.write_bytes((ROOT / "tests" / "fixtures" / "ledger_v1.db").read_bytes())
    r = faulted(["balance", "--json"], v1, "backup.copy")
    assert r.returncode == CRASHED, r.stderr
    assert left_beside(old, v1) == []
    assert applied(v1) == ["m001_initial"]


@pytest.mark.parametrize("fault,status", [("write", CRASHED), ("write:interrupt", INTERRUPTED)])
def test_a_file_written_over_is_whole_or_as_it_was(tmp_path, fault, status):
    """``rules new --force`` and ``settle --out`` over a file that is there,
    ended when the new file is written but not yet named: the old file is
    whole, nothing is left beside it; the next run writes the new one."""
    db = tmp_path / "ledger.db"
    evening(db)
    folder = tmp_path / "out"
    folder.mkdir()
    for args, name in ((["rules", "new", "stammtisch", "--force", "--out"], "stammtisch.toml"),
                       (["settle", "--out"], "summary.txt")):  # fmt: skip
        target = folder / name
        target.write_text("the file as it was\n", encoding="utf-8")
        r = faulted([*args, str(target)], db, fault)
        assert r.returncode == status, r.stderr
        assert [p.name for p in folder.iterdir()] == [name]
        assert target.read_text(encoding="utf-8") == "the file as it was\n"
        assert cli("--db", str(db), *args, str(target)).exit_code == 0
        assert target.read_text(encoding="utf-8") != "the file as it was\n"
        target.unlink()
