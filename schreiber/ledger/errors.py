"""What can go wrong in the ledger, said in the ledger's own terms.

Each error carries the facts (the path, the evening, the hand number); the
command line adds what the user should type next (see ``cli/errors.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..errors import SchreiberError
from ..i18n import _, ngettext

if TYPE_CHECKING:
    from .stored import Evening


class LedgerError(SchreiberError):
    """A ledger file or its content refuses what was asked."""


class LedgerUnavailable(LedgerError):
    """The file cannot be opened, read or written (path, permissions, disk)."""


class NeedsSchema(LedgerUnavailable):
    """A ledger of an older schreiber opened only to be read (``writable``: this process could migrate it)."""

    def __init__(self, path: Path, writable: bool):
        self.path, self.writable = path, writable
        super().__init__(
            _("ledger {path} is read-only and needs this schreiber's schema first; copy it somewhere writable"),
            path=path,
        )


class NotALedger(LedgerError):
    """The file is no schreiber ledger; it is left as it was."""

    def __init__(self, path: Path, reason: str = ""):
        self.path = path
        super().__init__(
            _("{path} is not a schreiber ledger ({reason}); it was left untouched").format(path=path, reason=reason)
            if reason
            else _("{path} is an SQLite file but not a schreiber ledger; it was left untouched").format(path=path)
        )


class NewerLedger(LedgerError):
    """A ledger of a newer schreiber: its schema has steps this one does not know."""

    def __init__(self, path: Path, what: str):
        self.path = path
        super().__init__(
            _("ledger {path} was made by a newer schreiber ({what}); nothing was written"), path=path, what=what
        )


class LedgerDamaged(LedgerError):
    """SQLite finds the file damaged: it is read at most, never written."""

    def __init__(self, path: Path, what: str):
        self.path = path
        super().__init__(_("ledger {path} is damaged ({what}); nothing was written"), path=path, what=what)


def sqlite_problem(path: Path, exc: BaseException) -> LedgerError | None:
    """An SQLite error in the ledger's terms (damage, a full disk, a
    read-only file, ...); None for anything else (a bug)."""
    msg = str(exc)
    low = msg.lower()
    if any(w in low for w in ("malformed", "not a database", "corrupt", "could not decode")):
        return LedgerDamaged(path, msg)
    if "disk is full" in low or "disk i/o error" in low:
        return LedgerUnavailable(
            _(
                "cannot write ledger {path} ({msg}): the disk may be full or failing; nothing was written; "
                "free some space and try again"
            ),
            path=path,
            msg=msg,
        )
    if "readonly" in low or "read-only" in low:
        return LedgerUnavailable(_("ledger {path} is read-only; nothing was written"), path=path)
    if "unable to open" in low:
        return LedgerUnavailable(
            _("cannot open ledger {path} ({msg}); check the path and its permissions"), path=path, msg=msg
        )
    if "locked" in low or "busy" in low:
        return LedgerUnavailable(_("ledger {path} is busy (another schreiber holds it too long); try again"), path=path)
    return None


class NoOpenEvening(LedgerError):
    def __init__(self) -> None:
        super().__init__(_("no evening is open"))


class SeveralOpenEvenings(LedgerError):
    """More than one evening is open (the tables of a tournament) and none was named."""

    def __init__(self, evenings: list[Evening]):
        self.evenings = evenings
        listed = ", ".join(f"{ev.id} ({', '.join(ev.seating)})" for ev in evenings)
        super().__init__(_("{n} evenings are open: {listed}"), n=len(evenings), listed=listed)


class NoSuchEvening(LedgerError):
    def __init__(self, evening_id: int, numbers: list[int], open_ids: list[int]):
        self.evening_id, self.numbers = evening_id, numbers
        have = (
            _("the ledger holds evenings {numbers}").format(numbers=spans(numbers))
            if numbers
            else _("the ledger holds no evenings yet")
        )
        opened = _(" (open: {numbers})").format(numbers=spans(open_ids)) if open_ids else ""
        super().__init__(_("there is no evening {n}; {have}").format(n=evening_id, have=have) + opened)


def spans(numbers: list[int]) -> str:
    """1, 2, 3, 5, 7, 8 -> '1-3, 5, 7, 8': a long list of evenings kept short."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)


class EveningClosed(LedgerError):
    def __init__(self, evening_id: int, date: str):
        self.evening_id = evening_id
        super().__init__(_("evening {n} ({date}) is closed"), n=evening_id, date=date)


class EveningWithdrawn(LedgerError):
    """An evening that was a table of a round drawn and taken back (``cup
    draw --undo``): it takes nothing more and cannot be reopened; ``now`` is
    the evening of that table since its round was drawn again (or None)."""

    def __init__(self, evening_id: int, cup: str, round_no: int, table_no: int, now: int | None):
        self.evening_id, self.now = evening_id, now
        super().__init__(
            _("evening {n} was Tisch {table} of round {round} of {cup} as drawn before the draw was taken back"),
            n=evening_id,
            table=table_no,
            round=round_no,
            cup=cup,
        )


class NoSuchHand(LedgerError):
    def __init__(self, number: int, numbers: list[int]):
        self.number = number
        have = _("hands {first}..{last}").format(first=numbers[0], last=numbers[-1]) if numbers else _("no hands yet")
        super().__init__(_("there is no hand {n} in this evening to correct ({have})"), n=number, have=have)


class NoSuchEntry(LedgerError):
    def __init__(self, ref: int, count: int):
        self.ref = ref
        have = _("entries e1..e{n}").format(n=count) if count else _("none yet")
        super().__init__(
            _("there is no entry e{ref} (Radl, redeal, Strafpunkt) in this evening ({have})"), ref=ref, have=have
        )


class RoundFull(LedgerError):
    """A cup table's evening that has its round's hands, or would have more
    (ooe-2023.md §11.1: 16 at a table of four, 20 at five)."""

    def __init__(self, evening_id: int, table_no: int, round_no: int, cup: str, target: int, hands: int, more: int):
        self.evening_id = evening_id
        super().__init__(
            ngettext(
                "evening {id} is table {table_no} of round {round} of {name}, which plays {target} hands; "
                "{hands} are entered, so {n} more hand does not fit",
                "evening {id} is table {table_no} of round {round} of {name}, which plays {target} hands; "
                "{hands} are entered, so {n} more hands do not fit",
                more,
            ).format(id=evening_id, table_no=table_no, round=round_no, name=cup, target=target, hands=hands, n=more)
        )


class TargetExists(LedgerError):
    """A file the ledger was asked to write (a backup) is there already."""

    def __init__(self, target: Path):
        self.target = target
        super().__init__(_("{target} already exists"), target=target)


class LedgerTarget(LedgerError):
    """A file schreiber was asked to write would replace a ledger (``kind``:
    ``self``, the one in use; ``side``, a file SQLite keeps beside one;
    ``ledger``, another) or go through a dangling link (``dangling``).
    ``instead``: what to type instead, set by the command line."""

    def __init__(self, target: Path, kind: str, other: Path):
        self.target, self.kind, self.other = target, kind, other
        self.instead = ""
        if kind == "self":
            text = _("{target} is the ledger itself ({other})").format(target=target, other=other)
        elif kind == "side":
            text = _("{target} is a file SQLite keeps beside the ledger {other}").format(target=target, other=other)
        elif kind == "ledger":
            text = _("{target} is a schreiber ledger").format(target=target)
        else:
            text = _("{target} is a symbolic link to {other}, which does not exist").format(target=target, other=other)
        super().__init__(text + _("; nothing was written"))


class NoSuchCup(LedgerError):
    def __init__(self, name: str | None, known: list[str]):
        self.name = name
        if name is None:
            super().__init__(_("there is no tournament in this ledger"))
        else:
            super().__init__(
                _("there is no tournament '{name}' (known: {known})"), name=name, known=", ".join(known) or _("none")
            )


class CupAmbiguous(LedgerError):
    """A beginning of a name that several tournaments' names share."""

    def __init__(self, name: str, names: list[str]):
        self.name = name
        super().__init__(
            _("'{name}' begins the names of several tournaments: {names}"), name=name, names=", ".join(names)
        )


class MergeRefused(LedgerError):
    """The other file of ``merge`` cannot be merged; ``reason``: missing,
    foreign, newer, damaged, self, or invalid (a row typing would not make)."""

    def __init__(self, path: Path, message: str, reason: str):
        self.path, self.reason = path, reason
        super().__init__(message)


class Fix(NamedTuple):
    """One way to settle a merge conflict: ``side`` "ours" (merged into),
    "theirs" or "both" (the fixes after it all needed); ``action`` with its
    ``args``: "edit" (evening, hand number, record JSON), "void" (evening,
    the sheet's # of the entry), "tarif" (evening, tarif, status), "rename" (old, new)."""

    side: str
    action: str
    args: tuple


class MergeConflict(LedgerError):
    """Both ledgers hold something differently; ``kind``: entry, evening,
    tarif or player; ``fixes``: how either can agree. Nothing is merged."""

    def __init__(self, where: str, what: str, kind: str, fixes: list[Fix] | None = None, path: Path | None = None):
        self.kind = kind
        self.fixes = list(fixes or [])
        self.path = path  # the other file
        self.ours: Path | None = None  # this ledger, where the merge was refused
        super().__init__(_("conflict in {where}: {what}; nothing was merged"), where=where, what=what)
