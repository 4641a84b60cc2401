"""Opening a ledger file: refuse what is not ours, create or migrate what is.

Every connection runs in WAL mode with a busy timeout, so several processes
(two tablets and a laptop at one table) can write one file at once. An older
schema is migrated in place, under the write lock, after a backup beside it.
"""

from __future__ import annotations

import datetime as _dt
import os
import sqlite3
from pathlib import Path

import sqlite_utils

from .errors import LedgerUnavailable, NotALedger
from .migrations import migrations

BUSY_TIMEOUT_MS = 10_000
LEDGER_TABLES = {"players", "evenings", "entries", "results", "payments"}


def open_database(path: Path) -> sqlite_utils.Database:
    """The ledger at ``path`` as a sqlite-utils Database, created or migrated."""
    _check_path(path)
    existed = path.exists() and path.stat().st_size > 0
    conn = _connect(path)
    db = sqlite_utils.Database(conn, execute_plugins=False)  # no plugins: skips an entry-point scan (~15 ms)
    try:
        _set_pragmas(conn)
        if migrations.pending(db):
            _migrate(db, path, existed)
    except sqlite3.OperationalError as exc:
        msg = str(exc)
        if "readonly" in msg or "read-only" in msg:
            raise LedgerUnavailable(
                f"ledger {path} is read-only; copy it somewhere writable or fix its permissions"
            ) from None
        if "unable to open" in msg:
            raise LedgerUnavailable(f"cannot open ledger {path}; check the path and permissions") from None
        raise LedgerUnavailable(f"cannot use ledger {path}: {msg}") from None
    return db


def _check_path(p: Path) -> None:
    if p.exists() and p.is_dir():
        raise LedgerUnavailable(f"ledger path {p} is a directory; give a file name, e.g. {p / 'ledger.db'}")
    if not p.parent.exists():
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise LedgerUnavailable(f"cannot create the folder for the ledger {p}: {exc.strerror}") from None
    if p.exists() and not os.access(p, os.R_OK):
        raise LedgerUnavailable(f"ledger {p} is not readable; check its permissions")


def _connect(p: Path) -> sqlite3.Connection:
    """A connection to ``p`` once it is known to be ours (or empty)."""
    existed = p.exists() and p.stat().st_size > 0
    try:
        conn = sqlite3.connect(str(p), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        names = {r[0] for r in conn.execute("select name from sqlite_master where type='table'")}
    except sqlite3.DatabaseError as exc:
        if "readonly" in str(exc) or "unable to open" in str(exc):  # e.g. WAL files in a read-only folder
            raise LedgerUnavailable(
                f"cannot open ledger {p} for writing ({exc}); check the path and the permissions "
                "of the file and its folder, or copy it somewhere writable"
            ) from None
        raise NotALedger(p, str(exc)) from None
    if existed and names and not (names >= LEDGER_TABLES) and "_sqlite_migrations" not in names:
        conn.close()
        raise NotALedger(p)
    return conn


def _set_pragmas(conn: sqlite3.Connection) -> None:
    if conn.execute("pragma journal_mode").fetchone()[0] != "wal":
        conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA synchronous = NORMAL")


def _migrate(db: sqlite_utils.Database, path: Path, existed: bool) -> None:
    """Apply the pending migrations under the write lock, so two processes
    opening the same old or new file at once do not both migrate (one would
    fail "database is locked"). Each migration runs in a savepoint inside it."""
    conn = db.conn
    conn.execute("BEGIN IMMEDIATE")
    try:
        if migrations.pending(db):
            if existed:
                _backup_before_migration(path)
            migrations.apply(db)
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _backup_before_migration(path: Path) -> None:
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.before-migration-{stamp}.bak")
    dest = sqlite3.connect(str(target))
    src = sqlite3.connect(str(path))  # not the migrating connection: it holds the write lock
    with dest:
        src.backup(dest)
    src.close()
    dest.close()
