"""Work made in a second process while this one goes on.

A large ``hand import`` scores its hands and builds their rows in a child
process, while this one writes the rows the child sends into the ledger's
transaction: scoring and SQLite's writing then run side by side on two
cores. The child is a fork: it starts with everything this process has
read (rules, seating, the evening's state) and never touches the ledger;
it only computes and sends. What it sends are plain values (tuples, lists,
dicts, strings, numbers, None), as ``marshal`` writes them; an exception
raised in it is raised here, as it was.

Linux only: ``os.fork`` and a pipe made large (``F_SETPIPE_SZ``), so the
child seldom waits for this process to read. Elsewhere ``available()`` is
False and the caller does the work in process.
"""

from __future__ import annotations

import marshal
import os
import signal
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from typing import Any, BinaryIO

try:
    import fcntl
except ImportError:  # not a POSIX system
    fcntl = None  # type: ignore[assignment]

PIPE_BYTES = 1 << 20  # Linux lets any process make a pipe this large (/proc/sys/fs/pipe-max-size)
_ITEM, _RAISED = 0, 1
_HEADER = 9  # a frame: its kind (1 byte), its length (8 bytes), its marshalled value


class ChildEnded(Exception):
    """The child process ended before it had sent everything (it was killed)."""


def available() -> bool:
    """Whether work can be made apart here (Linux: fork and large pipes)."""
    return hasattr(os, "fork") and fcntl is not None and hasattr(fcntl, "F_SETPIPE_SZ")


@contextmanager
def made_apart(make: Callable[[], Iterable[Any]]) -> Iterator[Iterator[Any]]:
    """The items of ``make()``, made in a forked child and read here as they
    come. Leaving the block ends the child (killed if it is still at work:
    an error or Ctrl-C here). Ctrl-C is held back while forking, so that it
    reaches this process only, where the block is already set to end the child."""
    r, w = os.pipe()
    with suppress(OSError):  # a smaller limit set on this machine: the child waits more often
        fcntl.fcntl(w, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pid = os.fork()
    except OSError:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        os.close(r)
        os.close(w)
        raise
    if pid == 0:  # pragma: no cover (runs in the child, which ends with os._exit)
        _child(make, r, w, mask)
    os.close(w)
    child = _Child(pid)
    try:
        with os.fdopen(r, "rb") as reader:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
            yield child.items(reader)
    finally:
        child.stop()


def _child(make: Callable[[], Iterable[Any]], r: int, w: int, mask: set) -> None:  # pragma: no cover (the child)
    """Send each item, or the exception that stopped ``make``; then end at
    once (``os._exit``: nothing inherited is closed or flushed here, least
    of all the ledger's connection). Ctrl-C is the parent's to handle: it
    stops the child."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        os.close(r)
        with open(w, "wb") as out:
            try:
                for item in make():
                    _send(out, _ITEM, marshal.dumps(item))
            except Exception as exc:  # raised again in the parent, as it was
                import pickle

                _send(out, _RAISED, pickle.dumps(exc))
        code = 0
    finally:
        os._exit(code)


def _send(out: BinaryIO, kind: int, data: bytes) -> None:
    out.write(bytes((kind,)) + len(data).to_bytes(8, "little"))
    out.write(data)
    out.flush()  # each item as soon as it is made


class _Child:
    """The forked child, reaped once (its id is never signalled after that)."""

    def __init__(self, pid: int):
        self.pid = pid
        self.status: int | None = None

    def items(self, reader: BinaryIO) -> Iterator[Any]:
        """The child's items as they arrive; its exception raised here."""
        while True:
            head = reader.read(_HEADER)
            data = reader.read(int.from_bytes(head[1:], "little")) if len(head) == _HEADER else b""
            if len(head) < _HEADER or len(data) < int.from_bytes(head[1:], "little"):
                if self.reap() or head:
                    raise ChildEnded(_how(self.status or 0))
                return
            if head[0] == _RAISED:
                import pickle

                self.reap()
                raise pickle.loads(data)
            yield marshal.loads(data)

    def reap(self) -> int:
        """The child's exit status, once it has ended."""
        if self.status is None:
            self.status = os.waitpid(self.pid, 0)[1]
        return self.status

    def stop(self) -> None:
        """The child ended now (killed if it is still at work), and reaped."""
        if self.status is None:
            os.kill(self.pid, signal.SIGKILL)
            self.reap()


def _how(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"it was ended by signal {os.WTERMSIG(status)}"
    return f"it ended with exit status {os.waitstatus_to_exitcode(status)}"
