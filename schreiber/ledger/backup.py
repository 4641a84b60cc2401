"""A consistent copy of the ledger, safe while others write (docs/backup.md)."""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import sqlite3
from glob import escape as glob_escape
from pathlib import Path

from ..i18n import _
from .errors import LedgerUnavailable, TargetExists


def backup(conn: sqlite3.Connection, ledger_path: Path, path: Path, overwrite: bool = False) -> Path:
    """Copy the whole ledger to ``path`` with SQLite's online backup API.

    The copy is one consistent snapshot even while other processes add
    hands (in WAL mode a reader never waits for a writer). It is written to
    a temporary file, checked, then renamed into place, so ``path`` is never
    a half-written ledger. A folder as ``path`` gets a dated file.
    """
    target = path.expanduser()
    if target.is_dir():
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        target = target / f"{ledger_path.stem}-{stamp}.db"
    if target.exists() and target.resolve() == ledger_path.resolve():
        raise LedgerUnavailable(
            _("{target} is the ledger itself; give another file for the backup").format(target=target)
        )
    if target.exists() and not overwrite:
        raise TargetExists(target)
    if not target.parent.is_dir():
        raise LedgerUnavailable(_("the folder {parent} does not exist; create it first").format(parent=target.parent))
    _remove_stale(target)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        _copy_checked(conn, tmp, ledger_path)
        os.replace(tmp, target)
    except (OSError, sqlite3.Error) as exc:
        raise LedgerUnavailable(
            _("cannot write the backup {target}: {why}").format(
                target=target, why=getattr(exc, "strerror", None) or exc
            )
        ) from None
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
    return target


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
        check = dest.execute("PRAGMA quick_check").fetchone()[0]
    finally:
        dest.close()
    if check != "ok":
        raise LedgerUnavailable(
            _(
                "the backup failed its check ({check}); the ledger may be damaged, see PRAGMA integrity_check on {ledger_path}"
            ).format(check=check, ledger_path=ledger_path)
        )


def counts(path: Path) -> tuple[int, int]:
    """(evenings, active hands) in a ledger file."""
    con = sqlite3.connect(path)
    try:
        hands = con.execute("select count(*) from entries where kind = 'hand' and status = 'active'").fetchone()[0]
        evenings = con.execute("select count(*) from evenings").fetchone()[0]
    finally:
        con.close()
    return evenings, hands
