"""The one check before schreiber writes a file other than the ledger (an
export, a summary, a rules file, a backup, a table's copy, Datasette's
metadata, the session's history): never over a ledger; and the one way it
writes such a file (``written``): whole, or not at all.

Refused: the ledger in use however it is reached (another spelling, a
symbolic or hard link), SQLite's files beside it (``-wal``, ``-journal``,
``-shm``), any other schreiber ledger or its files, a dangling symbolic
link. ``--force`` does not change this.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import stat
from collections.abc import Callable, Iterator
from glob import escape as glob_escape
from pathlib import Path
from typing import Any, TypeVar

from ..faults import fault
from .errors import LedgerTarget
from .recognize import is_ledger_file

T = TypeVar("T")
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


@contextlib.contextmanager
def written(
    target: Path, encoding: str | None = None, by_name: bool = False, point: str = "write", private: bool = False
) -> Iterator[Any]:
    """``target`` written whole or not at all, the one way schreiber writes a
    file: a new file in its folder (made here, never one that was there:
    where the system can, one without a name, so a crash leaves nothing),
    written, synced to the disk, then given the name ``target`` in one step;
    never over a ledger (``refuse_ledger_target``, again just before).
    Yields the new file open for writing (bytes; text in ``encoding``), or
    with ``by_name`` its temporary path (SQLite opens a file by its name).
    A symbolic link is written through; a stream that is no regular file
    (a pipe, ``/dev/stdout``) is written as it is. The fault ``point``:
    the file written whole, before it has its name. ``private``: readable
    by its owner only (a secret)."""
    mode, perms = "w" if encoding else "wb", 0o600 if private else 0o666
    if target.exists() and not _regular(target) and not by_name:  # a pipe, a device (its link followed)
        with open(target, mode, encoding=encoding, newline="" if encoding else None) as stream:
            yield stream
        return
    real = Path(os.path.realpath(target)) if target.is_symlink() else target
    _remove_stale(real)
    fd = None if by_name else _unnamed_file(real.parent, perms)
    tmp: Path | None = None
    if fd is None:
        fd, tmp = _fresh_file(real, perms)
    try:
        if by_name:
            yield tmp
        else:
            with open(fd, mode, encoding=encoding, newline="" if encoding else None, closefd=False) as f:
                yield f
        os.fsync(fd)
        fault(point)
        refuse_ledger_target(target, None)
        _name(fd, tmp, real)
    finally:
        os.close(fd)
        if tmp is not None:
            tmp.unlink(missing_ok=True)


def write_text(target: Path, text: str) -> Path:
    """``text`` as the UTF-8 file ``target`` (``written``)."""
    with written(target, "utf-8") as f:
        f.write(text)
    return target


def _fresh_file(target: Path, perms: int = 0o666) -> tuple[int, Path]:
    """A new file beside ``target``, made here (``O_EXCL``), never one that was there before."""
    return _beside(target, lambda tmp: os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_EXCL, perms))


def _beside(target: Path, make: Callable[[Path], T]) -> tuple[T, Path]:
    """``make`` done at the first free temporary name beside ``target`` (``.NAME.PID-N.tmp``)."""
    for n in itertools.count():
        tmp = target.with_name(f".{target.name}.{os.getpid()}-{n}.tmp")
        try:
            return make(tmp), tmp
        except FileExistsError:
            continue
    raise AssertionError("unreachable")


def _unnamed_file(folder: Path, perms: int) -> int | None:
    """A file in ``folder`` without a name yet (``O_TMPFILE``); None where the system has none."""
    flag = getattr(os, "O_TMPFILE", None)
    if flag is None or not Path("/proc/self/fd").is_dir():
        return None
    try:
        return os.open(folder, flag | os.O_RDWR, perms)
    except OSError:
        return None


def _name(fd: int, tmp: Path | None, target: Path) -> None:
    """The file written gets its name ``target`` in one step: a named one
    renamed; an unnamed one linked there, over a file of that name through
    a temporary name (which a crash in between leaves to ``_remove_stale``)."""
    if tmp is not None:
        os.replace(tmp, target)
        return
    root = os.open("/", os.O_RDONLY | os.O_DIRECTORY)
    try:
        try:
            os.link(f"proc/self/fd/{fd}", target, src_dir_fd=root, follow_symlinks=True)
            return
        except FileExistsError:
            pass
        _made, link = _beside(
            target, lambda tmp: os.link(f"proc/self/fd/{fd}", tmp, src_dir_fd=root, follow_symlinks=True)
        )
        try:
            os.replace(link, target)
        finally:
            link.unlink(missing_ok=True)
    finally:
        os.close(root)


def _remove_stale(target: Path) -> None:
    """Temporary files a killed writer of ``target`` left behind (its
    process is gone): removed before the next write there."""
    for old in target.parent.glob(f".{glob_escape(target.name)}.*.tmp"):
        pid = old.name[len(target.name) + 2 :].partition(".tmp")[0].partition("-")[0]
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
