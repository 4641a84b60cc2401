"""A consistent copy of the ledger, safe while others write (docs/backup.md)."""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import sqlite3
from glob import escape as glob_escape
from pathlib import Path

from ..faults import fault
from ..i18n import _
from .errors import LedgerUnavailable, TargetExists

IN_MEMORY_MAX = 1 << 30  # a larger ledger is copied through a temporary file (memory)


def backup(conn: sqlite3.Connection, ledger_path: Path, path: Path, overwrite: bool = False) -> Path:
    """Copy the whole ledger to ``path`` (a folder: a dated file in it) with
    SQLite's online backup API: one snapshot while others write, checked,
    never half-written (``write_copy``)."""
    target = target_for(ledger_path, path)
    if target.exists() and not overwrite:
        raise TargetExists(target)
    if not target.parent.is_dir():
        raise LedgerUnavailable(_("the folder {parent} does not exist; create it first"), parent=target.parent)
    _remove_stale(target)
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
    """A checked copy of the ledger at ``target``, never half of one: made in
    memory and written to a file without a name, named only when whole
    (``O_TMPFILE``), so a killed process leaves nothing; where that cannot
    be, or the ledger is very large, through a temporary file beside it."""
    if _size(conn) <= IN_MEMORY_MAX:
        fd = _unnamed_file(target.parent)
        if fd is not None:
            try:
                _write_all(fd, _checked_bytes(conn, ledger_path))
                fault("backup.copy")
                _name(fd, target)
            finally:
                os.close(fd)
            return
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))  # a file made here, never one there before
    try:
        _copy_checked(conn, tmp, ledger_path)
        fault("backup.copy")
        os.replace(tmp, target)
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()


def _size(conn: sqlite3.Connection) -> int:
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    return int(pages) * int(conn.execute("PRAGMA page_size").fetchone()[0])


def _unnamed_file(folder: Path) -> int | None:
    """A file in ``folder`` without a name yet; None where the system has none."""
    flag = getattr(os, "O_TMPFILE", None)
    if flag is None or not Path("/proc/self/fd").is_dir():
        return None
    try:
        return os.open(folder, flag | os.O_WRONLY, 0o644)
    except OSError:
        return None


def _checked_bytes(conn: sqlite3.Connection, ledger_path: Path) -> bytes:
    mem = sqlite3.connect(":memory:", isolation_level=None)
    try:
        conn.backup(mem)  # all pages in one step: one read snapshot, never restarted
        _verify(mem, ledger_path)
        return mem.serialize()
    finally:
        mem.close()


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
    os.fsync(fd)


def _name(fd: int, target: Path) -> None:
    """Give the unnamed file its name ``target`` in one step; over a file of
    that name, through a temporary name (which a kill in between leaves for
    the next backup there to remove)."""
    root = os.open("/", os.O_RDONLY | os.O_DIRECTORY)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        try:
            os.link(f"proc/self/fd/{fd}", target, src_dir_fd=root, follow_symlinks=True)
            return
        except FileExistsError:
            pass
        os.link(f"proc/self/fd/{fd}", tmp, src_dir_fd=root, follow_symlinks=True)
        os.replace(tmp, target)
    finally:
        os.close(root)
        with contextlib.suppress(OSError):
            tmp.unlink()


def _remove_stale(target: Path) -> None:
    """Temporary files a killed backup to ``target`` left behind (its
    process is gone): removed before the next backup there."""
    for old in target.parent.glob(f".{glob_escape(target.name)}.*.tmp*"):
        pid = old.name[len(target.name) + 2 :].partition(".tmp")[0]
        if pid.isdigit() and not _alive(int(pid)):
            with contextlib.suppress(OSError):
                old.unlink()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def _copy_checked(conn: sqlite3.Connection, tmp: Path, ledger_path: Path) -> None:
    dest = sqlite3.connect(str(tmp), isolation_level=None)
    try:
        conn.backup(dest)  # all pages in one step: one read snapshot, never restarted
        _verify(dest, ledger_path)
    finally:
        dest.close()


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
