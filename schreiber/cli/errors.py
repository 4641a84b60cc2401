"""Every error as one clear line: what is wrong (the ledger's and the
service's words), and what to type instead (added here)."""

from __future__ import annotations

import contextlib
import os
import re
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path

from ..errors import Interrupted, SchreiberError
from ..i18n import N_, _
from ..ledger import Opened
from ..ledger.errors import (
    CupAmbiguous,
    EveningClosed,
    EveningWithdrawn,
    Fix,
    LedgerDamaged,
    LedgerTarget,
    MergeConflict,
    MergeRefused,
    NewerLedger,
    NoOpenEvening,
    NoSuchCup,
    NoSuchEntry,
    NoSuchEvening,
    NoSuchHand,
    NotALedger,
    RoundFull,
    SeveralOpenEvenings,
    TargetExists,
)

MERGE_REFUSED: dict[str, str] = {
    "missing": N_("; give the path of the other table's ledger file"),
    "foreign": N_("; give the ledger file of the other table (a copy of this ledger)"),
    "self": N_("; give the other table's ledger file, not this one"),
    "newer": N_("; update schreiber on this machine, then merge again"),
    "damaged": N_("; ask the table for another copy of its ledger (schreiber backup FILE), then merge that"),
    "invalid": N_(
        "; schreiber would not have taken that as typed: ask the table for another copy of its ledger "
        "(schreiber backup FILE), then merge that"
    ),
}
MERGE_CONFLICT: dict[str, str] = {
    "evening": N_(": these are different evenings; start it again in one ledger and enter its hands there"),
}
START_ONE = N_("; start one with: schreiber evening start NAME NAME NAME NAME")

HINTS: dict[type, Callable[[SchreiberError], str]] = {
    NoOpenEvening: lambda e: _(START_ONE),
    NoSuchEvening: lambda e: _("; see schreiber evening list") if getattr(e, "numbers", None) else _(START_ONE),
    SeveralOpenEvenings: lambda e: _("; choose one with --evening N"),
    EveningClosed: lambda e: _("; reopen it with: schreiber evening reopen {n}").format(n=getattr(e, "evening_id", "")),
    NoSuchHand: lambda e: _("; see schreiber sheet"),
    NoSuchEntry: lambda e: _("; see schreiber sheet (the # column)"),
    RoundFull: lambda e: _("; correct a hand entered wrongly with: schreiber hand edit N HAND"),
    NotALedger: lambda e: _("; give another --db"),
    NewerLedger: lambda e: _("; use the newer schreiber, or give another --db"),
    LedgerDamaged: lambda e: _(
        "; see what is wrong with: schreiber check; copy what can be read with: schreiber backup FILE; "
        "restore your last backup (docs/backup.md)"
    ),
    TargetExists: lambda e: _("; give another name, or --force to replace it"),
    LedgerTarget: lambda e: (
        _("; give another file, e.g. {instead}").format(instead=getattr(e, "instead", ""))
        if getattr(e, "instead", "")
        else _("; move it out of the way first")
    ),
    NoSuchCup: lambda e: _("; see schreiber cup list, or start one with: schreiber cup start NAME PLAYER..."),
    EveningWithdrawn: lambda e: (
        _("; that table is now evening {now}: give --evening {now}").format(now=getattr(e, "now", None))
        if getattr(e, "now", None)
        else _("; draw the round again with: schreiber cup draw")
    ),
    CupAmbiguous: lambda e: _("; give more of the name (--cup NAME)"),
    MergeRefused: lambda e: _merge_refused(getattr(e, "reason", "")).format(path=getattr(e, "path", "FILE")),
    MergeConflict: lambda e: _settle(e) if isinstance(e, MergeConflict) else "",
}


def _settle(conflict: MergeConflict) -> str:
    """What to type to settle a merge conflict, in either ledger (or in both)."""
    if not conflict.fixes:
        return _(MERGE_CONFLICT.get(conflict.kind, ": make both ledgers agree, then merge again"))
    label = str(conflict.path)
    if conflict.fixes[0].side == "both":
        commands = "; ".join(_command(f, label, conflict.ours) for f in conflict.fixes[1:])
        return _(": void it in both ({commands}), enter what was played in one of them, then merge again").format(
            commands=commands
        )
    ways = [
        (
            _("to keep {label}'s, type: {command}") if f.side == "ours" else _("to keep this ledger's, type: {command}")
        ).format(label=label, command=_command(f, label, conflict.ours))
        for f in conflict.fixes
    ]
    return ": " + _("{ways}; then merge again").format(ways="; ".join(ways))


def _command(fix: Fix, label: str, ours: Path | None = None) -> str:
    """A fix as the command line that makes it (``--db`` for the other file)."""
    import shlex

    here = [] if ours is None else ["--db", str(ours)]
    db = ["--db", label] if fix.side == "theirs" else here  # pasted as printed, each acts on its own ledger
    if fix.action == "edit":
        evening, number, record = fix.args
        words = ["hand", "edit", number, "--evening", str(evening), "--record", record]
    elif fix.action == "void":
        evening, ref = fix.args
        words = ["hand" if ref.isdigit() else "entry", "void", ref, "--evening", str(evening)]
    elif fix.action == "tarif":
        evening, tarif, status = fix.args
        words = ["evening", "tarif", tarif, "--evening", str(evening)]
        if status != "open":
            reopen = shlex.join(["schreiber", *db, "evening", "reopen", str(evening), "--keep-open"])
            return _("{reopen}, then {tarif}").format(reopen=reopen, tarif=shlex.join(["schreiber", *db, *words]))
    else:
        words = ["player", "rename", *fix.args]
    return shlex.join(["schreiber", *db, *words])


def _merge_refused(reason: str) -> str:
    hint = MERGE_REFUSED.get(reason)
    return _(hint) if hint else ""


def message(exc: SchreiberError) -> str:
    """The error's text with the hint of what to type next."""
    hint = HINTS.get(type(exc))
    return str(exc) + (hint(exc) if hint else "")


INTERRUPTED = 130  # the exit status after Ctrl-C (128 + SIGINT), as shells report it (docs/backup.md)


def one_line(text: str) -> str:
    """The error on one line: control and format characters shown escaped,
    what it quotes from the input at most as a short excerpt."""
    return excerpts(
        "".join(
            ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") else ch
            for ch in text
        )
    )


QUOTED_MAX = 60  # characters of a quoted value an error line shows
WORD_MAX = 300  # characters of one unbroken word (no message of ours has a longer one; a long path fits)
LINE_MAX = 2000  # characters of a whole error line
# A quoted value: its quote opens after a space, a bracket or a colon and closes at the first same quote
# before one (or a full stop, a comma, a semicolon), so the apostrophe of "preset's" opens and closes nothing.
_OPENS = re.compile(r"(?:^|(?<=[\s(\[:=]))['\"]")
_CLOSES = r"(?=$|[\s,;:.)\]])"
_WORD = re.compile(r"\S{" + str(WORD_MAX + 1) + ",}")


def _to_type(text: str, at: int) -> bool:
    return text[max(0, at - 9) : at] == "--record "


def _short_quotes(text: str, cut: Callable[[str, int], str]) -> str:
    """Each quoted value longer than ``QUOTED_MAX`` cut; a record the line
    gives to type (``--record '…'``, checked and written by us) stays whole."""
    out, at = [], 0
    while (m := _OPENS.search(text, at)) is not None:
        q = m.group(0)
        end = re.compile(re.escape(q) + _CLOSES).search(text, m.end())
        if end is None:
            break
        body = text[m.end() : end.start()]
        keep = len(body) <= QUOTED_MAX or _to_type(text, m.start())
        out.append(text[at : m.end()] + (body if keep else cut(body, QUOTED_MAX // 2)) + q)
        at = end.end()
    return "".join(out) + text[at:]


def excerpts(text: str) -> str:
    """A long quoted value, an unbroken word longer than any of ours or a line
    longer than a screen, each shortened around "…" with its length said; a
    record the line gives to type (``--record '…'``) stays whole."""
    if len(text) <= QUOTED_MAX:
        return text

    def cut(body: str, keep: int) -> str:
        return _("{start}…{end} ({n} characters)").format(start=body[: keep - 10], end=body[-8:], n=len(body))

    text = _short_quotes(text, cut)
    text = _WORD.sub(lambda m: m.group(0) if _to_type(text, m.start()) else cut(m.group(0), 60), text)
    if len(text) > LINE_MAX:
        text = text[: LINE_MAX // 2] + " … " + text[-LINE_MAX // 4 :]
    return text


def interrupted() -> None:
    """Ctrl-C: one line, the interrupt's exit status. The transaction that
    was open is rolled back; a change committed before it is said so."""
    with contextlib.suppress(Exception):
        sys.stdout.flush()
    said = _("the last change was written before it") if Opened.written else _("nothing was written")
    sys.stderr.write(_("schreiber: interrupted; {said}").format(said=said) + "\n")
    with contextlib.suppress(Exception):
        sys.stderr.flush()
    os._exit(INTERRUPTED)


WROTE: list[Path] = []  # the files (not the ledger) this command has written whole: ``root.wrote``


def guarded(fn: Callable[[], object]) -> None:
    """Run a command: one clear line for every error, never a traceback."""
    WROTE.clear()
    try:
        try:
            fn()
        except SystemExit as done:
            if done.code in (0, None):
                sys.stdout.flush()  # here, where a failure is reported, not while Python shuts down
                Opened.make_missing_files()
            raise
        sys.stdout.flush()
        Opened.make_missing_files()
    except SchreiberError as exc:
        _fail(message(exc), getattr(exc, "listed", ()))
    except (KeyboardInterrupt, Interrupted):
        interrupted()
    except BrokenPipeError:
        os._exit(0)
    except UnicodeEncodeError as exc:  # e.g. a name typed in a terminal that does not send UTF-8
        bad = exc.object[exc.start : exc.end] if isinstance(exc.object, str) else ""
        _fail(_("{text!r} is not valid text (UTF-8); check the terminal's encoding").format(text=bad))
    except OSError as exc:
        if Opened.written or WROTE:
            _written_but_not_shown(exc)
        _drop_unwritable_output()
        _fail(_unforeseen(exc))
    except Exception as exc:
        _fail(_unforeseen(exc))


def _drop_unwritable_output() -> None:
    """Output that cannot be written (a full disk) is dropped once the failure
    is known: Python's last flush at shutdown would fail again, with a second
    message and exit status 120."""
    try:
        sys.stdout.flush()
    except OSError:
        with contextlib.suppress(OSError, ValueError, AttributeError):  # a stream with no file (in a test)
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _written_but_not_shown(exc: OSError) -> None:
    """The output failed after the change was committed, or after a file was
    written whole (``WROTE``): it stands, so exit 0 and say so (a retry would
    enter it twice, or meet the file it wrote)."""
    why, files = exc.strerror or exc, ", ".join(map(str, WROTE))
    if files and Opened.written:
        line = _("schreiber: the change and {files} were written; their output could not be ({why})")
    elif files:
        line = _("schreiber: {files} was written; its output could not be ({why})")
    else:
        line = _("schreiber: the change was written; its output could not be ({why})")
    with contextlib.suppress(Exception):
        sys.stderr.write(one_line(line.format(files=files, why=why)) + "\n")
        sys.stderr.flush()
    os._exit(0)


def _fail(text: str, listed: tuple[str, ...] = ()) -> None:
    """The error's line; several problems (a rules file's) each on a line of its own under it."""
    sys.stderr.write(_("schreiber: error: {message}").format(message=one_line(text)) + "\n")
    sys.stderr.write("".join(f"  {one_line(problem)}\n" for problem in listed))
    sys.exit(1)


def _unforeseen(exc: Exception) -> str:
    """What SQLite said about the ledger in its terms (damage, a full disk);
    otherwise a bug: still one line, and the ledger is untouched."""
    sqlite3 = sys.modules.get("sqlite3")
    opened = Opened.last
    if opened and ((sqlite3 is not None and isinstance(exc, sqlite3.Error)) or isinstance(exc, UnicodeDecodeError)):
        from ..ledger.errors import LedgerDamaged, sqlite_problem

        found = sqlite_problem(opened, exc) or LedgerDamaged(opened, f"{type(exc).__name__}: {exc}")
        return message(found)
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.strerror}" + (f": {exc.filename}" if exc.filename else "")
    return _("unexpected {kind}: {exc} (please report this)").format(kind=type(exc).__name__, exc=exc)
