"""The one check before schreiber writes a file other than the ledger (an
export, a summary, a rules file, a backup, a table's copy, Datasette's
metadata, the session's history): never over a ledger.

Refused: the ledger in use however it is reached (another spelling, a
symbolic or hard link), SQLite's files beside it (``-wal``, ``-journal``,
``-shm``), any other schreiber ledger or its files, a dangling symbolic
link. ``--force`` does not change this.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .connection import is_ledger_file
from .errors import LedgerTarget

SIDE_FILES = ("-wal", "-journal", "-shm")  # SQLite's files beside a database, named after it


def refuse_ledger_target(target: Path, ledger: Path | None) -> None:
    """``LedgerTarget`` where ``target`` would replace ``ledger`` (in use;
    None: none), another ledger, or their files. Reads only."""
    if target.is_symlink() and not target.exists():
        raise LedgerTarget(target, "dangling", Path(os.readlink(target)))
    real = Path(os.path.realpath(target))
    if ledger is not None:
        mine = Path(os.path.realpath(ledger))
        for suffix in ("", *SIDE_FILES):
            side = mine.with_name(mine.name + suffix)
            if real == side or _same_file(real, side):
                raise LedgerTarget(target, "side" if suffix else "self", ledger)
    if _regular(real) and is_ledger_file(real):
        raise LedgerTarget(target, "ledger", real)
    for suffix in SIDE_FILES:
        if real.name.endswith(suffix) and real.name != suffix:
            base = real.with_name(real.name[: -len(suffix)])
            if _regular(base) and is_ledger_file(base):
                raise LedgerTarget(target, "side", base)


def _same_file(a: Path, b: Path) -> bool:
    """Both name one existing file (a hard link, or the same file by another path)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _regular(p: Path) -> bool:
    """A regular file (not a folder, a pipe or a device, whose first bytes are not read)."""
    try:
        return stat.S_ISREG(os.stat(p).st_mode)
    except OSError:
        return False
