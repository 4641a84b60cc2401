"""Faults injected at named points of the writes, for the tests of what a
crash or a Ctrl-C in the middle of a command leaves behind (as SQLite's own
tests inject faults): no sleeping and killing at a random moment.

Nothing happens unless the environment variable ``SCHREIBER_FAULT`` names
the point: ``POINT`` or ``POINT@N`` (the N-th time this process passes it),
then what happens there: ``:crash`` (the default: the process ends at once,
as if killed, with nothing rolled back or closed), ``:interrupt`` (Ctrl-C:
SIGINT to itself, handled as from a terminal) or ``:stop`` (SIGSTOP to
itself, for a test that sends the real signal from outside). The points:

- ``commit``: a write's transaction is complete, just before its COMMIT;
- ``committed``: just after the COMMIT;
- ``import.batch``: a batch of an import is written (its transaction open);
- ``migration``: an older ledger's migrations applied, before their COMMIT;
- ``backup.copy``: a backup's copy is written whole, before it has its name;
- ``write``: a file a command writes (an export, a summary, a rules file, a
  page; ``ledger.targets.written``) is written whole, before it has its name.
"""

from __future__ import annotations

import os

_passed: dict[str, int] = {}


def fault(point: str) -> None:
    """The fault ``SCHREIBER_FAULT`` asks for, if it names ``point``."""
    wanted = os.environ.get("SCHREIBER_FAULT")
    if wanted and wanted.partition("@")[0].partition(":")[0] == point:
        _inject(point, wanted)


def _inject(point: str, wanted: str) -> None:
    import signal

    where, _, how = wanted.partition(":")
    _passed[point] = _passed.get(point, 0) + 1
    if _passed[point] != int(where.partition("@")[2] or 1):
        return
    if how == "interrupt":
        signal.raise_signal(signal.SIGINT)
    elif how == "stop":
        os.kill(os.getpid(), signal.SIGSTOP)
    elif hasattr(signal, "SIGKILL"):
        os.kill(os.getpid(), signal.SIGKILL)
    else:  # no SIGKILL here: the nearest thing
        os._exit(137)
