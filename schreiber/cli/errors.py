"""Every error as one clear line: what is wrong, and what to type instead.

The ledger and the service say what went wrong in their own terms; the hint
of what to type next is the command line's business, added here.
"""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Callable

from ..errors import SchreiberError
from ..ledger.errors import (
    EveningClosed,
    MergeConflict,
    MergeRefused,
    NoOpenEvening,
    NoSuchCup,
    NoSuchEntry,
    NoSuchEvening,
    NoSuchHand,
    NotALedger,
    SeveralOpenEvenings,
    TargetExists,
)

MERGE_REFUSED: dict[str, str] = {
    "missing": "; give the path of the other table's ledger file",
    "foreign": "; give the ledger file of the other table (a copy of this ledger)",
    "self": "; give the other table's ledger file, not this one",
    "older": "; open it once with `schreiber --db {path} evening list` to migrate it, then merge again",
    "newer": "; update schreiber on this machine, then merge again",
}
MERGE_CONFLICT: dict[str, str] = {
    "entry": ": settle it at the table, enter it once in one of the ledgers, then merge again",
    "correction": ": settle the correction at the table, make it in one of the ledgers only, then merge again",
    "evening": ": these are different evenings; start it again in one ledger and enter its hands there",
    "tarif": ": set the same tarif in both (schreiber evening tarif), then merge again",
    "player": ": give the player one name in both (schreiber player rename), then merge again",
    "row": ": make both ledgers agree, then merge again",
}

HINTS: dict[type, Callable[[SchreiberError], str]] = {
    NoOpenEvening: lambda e: "; start one with: schreiber evening start NAME NAME NAME NAME",
    NoSuchEvening: lambda e: (
        "; see schreiber evening list"
        if getattr(e, "numbers", None)
        else "; start one with: schreiber evening start NAME NAME NAME NAME"
    ),
    SeveralOpenEvenings: lambda e: "; choose one with --evening N",
    EveningClosed: lambda e: f"; reopen it with: schreiber evening reopen {getattr(e, 'evening_id', '')}",
    NoSuchHand: lambda e: "; see schreiber sheet",
    NoSuchEntry: lambda e: "; see schreiber sheet (the # column)",
    NotALedger: lambda e: "; give another --db",
    TargetExists: lambda e: "; give another name, or --force to replace it",
    NoSuchCup: lambda e: "; see schreiber cup list, or start one with: schreiber cup start NAME PLAYER...",
    MergeRefused: lambda e: MERGE_REFUSED.get(getattr(e, "reason", ""), "").format(path=getattr(e, "path", "FILE")),
    MergeConflict: lambda e: MERGE_CONFLICT.get(getattr(e, "kind", ""), MERGE_CONFLICT["row"]),
}


def message(exc: SchreiberError) -> str:
    """The error's text with the hint of what to type next."""
    hint = HINTS.get(type(exc))
    return str(exc) + (hint(exc) if hint else "")


def one_line(text: str) -> str:
    """The error on one line: control characters quoted from the input (a
    newline in a name, a terminal escape) are shown escaped."""
    return "".join(
        ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) == "Cc" or ch in "\u2028\u2029" else ch
        for ch in text
    )


def guarded(fn: Callable[[], object]) -> None:
    """Run a command: one clear line for every error, never a traceback."""
    try:
        fn()
    except SchreiberError as exc:
        sys.stderr.write(f"schreiber: error: {one_line(message(exc))}\n")
        sys.exit(1)
    except KeyboardInterrupt:
        sys.stderr.write("schreiber: interrupted; nothing was written\n")
        sys.exit(1)
    except BrokenPipeError:
        os._exit(0)
    except UnicodeEncodeError as exc:  # e.g. a name typed in a terminal that does not send UTF-8
        bad = exc.object[exc.start : exc.end] if isinstance(exc.object, str) else ""
        sys.stderr.write(f"schreiber: error: {bad!r} is not valid text (UTF-8); check the terminal's encoding\n")
        sys.exit(1)
    except Exception as exc:  # a bug: still one line, and the ledger is untouched
        sys.stderr.write(
            f"schreiber: error: unexpected {type(exc).__name__}: {one_line(str(exc))} (please report this)\n"
        )
        sys.exit(1)
