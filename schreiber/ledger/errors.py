"""What can go wrong in the ledger, said in the ledger's own terms.

Each error carries the facts (the path, the evening, the hand number); the
command line adds what the user should type next (see ``cli/errors.py``).
"""

from __future__ import annotations

from pathlib import Path

from ..errors import SchreiberError


class LedgerError(SchreiberError):
    """A ledger file or its content refuses what was asked."""


class LedgerUnavailable(LedgerError):
    """The file cannot be opened, read or written (path, permissions, disk)."""


class NotALedger(LedgerError):
    """The file exists but is no schreiber ledger (another program's file)."""

    def __init__(self, path: Path, reason: str = ""):
        self.path = path
        what = f"not an SQLite database: {reason}" if reason else ""
        super().__init__(
            f"{path} is not a schreiber ledger ({what})"
            if what
            else f"{path} is an SQLite file but not a schreiber ledger"
        )


class NoOpenEvening(LedgerError):
    def __init__(self) -> None:
        super().__init__("no evening is open")


class NoSuchEvening(LedgerError):
    def __init__(self, evening_id: int):
        self.evening_id = evening_id
        super().__init__(f"there is no evening {evening_id}")


class EveningClosed(LedgerError):
    def __init__(self, evening_id: int, date: str):
        self.evening_id = evening_id
        super().__init__(f"evening {evening_id} ({date}) is closed")


class NoSuchHand(LedgerError):
    def __init__(self, number: int, numbers: list[int]):
        self.number = number
        have = f"hands {numbers[0]}..{numbers[-1]}" if numbers else "no hands yet"
        super().__init__(f"there is no hand {number} in this evening to correct ({have})")


class TargetExists(LedgerError):
    """A file the ledger was asked to write (a backup) is there already."""

    def __init__(self, target: Path):
        self.target = target
        super().__init__(f"{target} already exists")


class MergeRefused(LedgerError):
    """The other file of ``merge`` cannot be merged; ``reason`` says why
    (missing, foreign, older, newer, self)."""

    def __init__(self, path: Path, message: str, reason: str):
        self.path = path
        self.reason = reason
        super().__init__(message)


class MergeConflict(LedgerError):
    """Both ledgers hold a row differently; ``kind`` says which (entry,
    correction, evening, tarif, player, row). Nothing is merged."""

    def __init__(self, where: str, what: str, kind: str):
        self.kind = kind
        super().__init__(f"conflict in {where}: {what}; nothing was merged")
