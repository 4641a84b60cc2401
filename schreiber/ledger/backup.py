"""A consistent copy of the ledger, safe while others write (docs/backup.md)."""

from __future__ import annotations

import datetime as _dt
import sqlite3
from pathlib import Path

from ..i18n import _
from .errors import LedgerUnavailable, TargetExists
from .targets import written

IN_MEMORY_MAX = 1 << 30  # a larger ledger is copied through a temporary file (memory)


def backup(conn: sqlite3.Connection, ledger_path: Path, target: Path, overwrite: bool = False) -> Path:
    """Copy the whole ledger to ``target`` (``target_for``) with SQLite's
    online backup API: one snapshot while others write, checked, never
    half-written (``write_copy``)."""
    if target.exists() and not overwrite:
        raise TargetExists(target)
    if not target.parent.is_dir():
        raise LedgerUnavailable(_("the folder {parent} does not exist; create it first"), parent=target.parent)
    try:
        write_copy(conn, target, ledger_path)
    except (OSError, sqlite3.Error) as exc:
        why = getattr(exc, "strerror", None) or exc
        raise LedgerUnavailable(_("cannot write the backup {target}: {why}"), target=target, why=why) from None
    return target


def target_for(ledger_path: Path, path: Path) -> Path:
    """The file a backup to ``path`` is written to: in a folder, a dated file."""
    try:
        target = path.expanduser()
    except RuntimeError:  # ~nosuchuser: the path as typed (there is no such folder)
        target = path
    if target.is_dir():
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        target = target / f"{ledger_path.stem}-{stamp}.db"
    return target


def write_copy(conn: sqlite3.Connection, target: Path, ledger_path: Path) -> None:
    """A checked copy of the ledger at ``target``, never half of one
    (``targets.written``): made in memory and written, or where the ledger
    is very large, by SQLite into the new file itself."""
    if _size(conn) <= IN_MEMORY_MAX:
        data = _checked_copy(conn, ":memory:", ledger_path)
        assert data is not None
        with written(target, point="backup.copy") as f:
            f.write(data)
        return
    with written(target, by_name=True, point="backup.copy") as tmp:
        _checked_copy(conn, str(tmp), ledger_path)


def _size(conn: sqlite3.Connection) -> int:
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    return int(pages) * int(conn.execute("PRAGMA page_size").fetchone()[0])


def _checked_copy(conn: sqlite3.Connection, dest: str, ledger_path: Path) -> bytes | None:
    """The ledger copied to ``dest`` (a file, or ":memory:": then its bytes are returned) and checked."""
    copy = sqlite3.connect(dest, isolation_level=None)
    try:
        conn.backup(copy)  # all pages in one step: one read snapshot, never restarted
        _verify(copy, ledger_path)
        return copy.serialize() if dest == ":memory:" else None
    finally:
        copy.close()


def _verify(copy: sqlite3.Connection, ledger_path: Path) -> None:
    check = copy.execute("PRAGMA quick_check").fetchone()[0]
    if check != "ok":
        raise LedgerUnavailable(
            _(
                "the backup failed its check ({check}); the ledger may be damaged, see PRAGMA integrity_check on {ledger_path}"
            ),
            check=check,
            ledger_path=ledger_path,
        )


def counts(path: Path) -> tuple[int, int]:
    """(evenings, active hands) in a backup just made, read ``immutable``: no -wal or -shm beside it."""
    con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        hands = con.execute("select count(*) from entries where kind = 'hand' and status = 'active'").fetchone()[0]
        evenings = con.execute("select count(*) from evenings").fetchone()[0]
    finally:
        con.close()
    return evenings, hands
