"""`schreiber backup PATH`: a consistent copy of the ledger, safe while others write."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from ..errors import SchreiberError
from ..i18n import _, ngettext
from ..render import fit
from .errors import one_line
from .report import one_row, screen_width
from .root import counted, db_path, echo, ledger, writable_target, wrote


def backup(
    path: Annotated[
        str, typer.Argument(metavar=_("PATH"), help=_("File to write the copy to (or a folder: a dated file in it)."))
    ],
    force: Annotated[bool, typer.Option("--force", help=_("Replace PATH if it already exists."))] = False,
) -> None:
    """Copy the ledger to PATH with SQLite's online backup (safe while hands are being added).

    Restore: while nobody writes, copy the backup over the ledger, or use it
    directly with --db PATH (see docs/backup.md).

    Example: schreiber backup ~/tarock-backup.db
    """
    if not db_path().exists():
        raise SchreiberError(_("there is no ledger at {db_path} yet; nothing to back up").format(db_path=db_path()))
    from ..ledger.backup import counts as backup_counts

    writable_target(path, "backup", ".db", "schreiber backup")
    led = ledger()
    target = wrote(led.backup(path, overwrite=force))
    led.close()
    evenings, hands = backup_counts(target)  # what the copy holds, not what the ledger holds by now
    held = _("{evenings}, {hands}").format(evenings=counted("evenings", evenings), hands=counted("hands", hands))
    echo(one_line(_("Backed up {path} to {target}: {held}.").format(path=led.path, target=target, held=held)))


def _in_evenings(n: int) -> str:
    """Where the hands are: "in 12 evenings" (German: the dative, "in 12 Abenden")."""
    return ngettext("in {n} evening", "in {n} evenings", n).format(n=n)


def check() -> None:
    """Check the ledger: SQLite's integrity check, its schema (every table,
    view, index and trigger as this version makes them), and every evening
    re-scored from its records (each hand's payments sum to zero, the
    balances are the sum of the hands). Reads only (a ledger of an older schreiber is first
    brought up to this version, a copy of it kept beside it, as by every
    command); exit status 1 if anything is wrong.

    Example: schreiber check
    """
    path = db_path()
    led = _opened_for_check(path)
    show = _progress()
    if show:
        show(0, 0)
    problems = led.check()
    if show:
        sys.stderr.write("\r\033[K")  # the progress line cleared for what follows
    echo(_("Ledger {path}").format(path=path))
    ok = _("ok") if not problems else _("DAMAGED")
    echo(fit(_("  integrity (SQLite integrity_check, foreign keys): {x}").format(x=ok), screen_width()))
    for p in problems:
        echo(f"    {p}")
    carried: list[str] = []
    if not problems:
        problems = led.schema_problems()
        _found(_("  the schema (every table, view, index and trigger of this version): {found}"), problems)
    if not problems:
        wrong, carried = _consistency(led, show)
        problems += wrong
    if problems:
        raise SchreiberError(
            _(
                "ledger {path} fails its check ({n_problems} problem(s)); restore your last good backup (docs/backup.md), or copy what can be read with: schreiber backup FILE"
            ).format(path=path, n_problems=len(problems) + len(carried))
        )
    if carried:
        raise SchreiberError(
            _("ledger {path} fails its check ({n_problems} problem(s)); each line above says what to type").format(
                path=path, n_problems=len(carried)
            )
        )


def _opened_for_check(path: Path) -> Any:
    """The ledger at ``path`` opened read only to be checked (brought up to this version's tables first)."""
    from ..ledger.errors import NeedsSchema
    from ..ledger.store import Ledger

    if not path.exists():
        raise SchreiberError(_("there is no ledger at {path} yet; nothing to check").format(path=path))
    try:
        return Ledger(path, read_only=True)
    except NeedsSchema as exc:
        if not exc.writable:
            raise
        return Ledger(path)


def _consistency(led: Any, show: Callable[[int, int], None] | None) -> tuple[list[str], list[str]]:
    """Every evening re-scored, every hand's place, every pot carried, each
    line said; (the problems, the carry-overs that differ)."""
    from ..service import Service

    svc = Service(led)
    hands, wrong = svc.check_consistency(show)
    if show:
        sys.stderr.write("\r\033[K")
    _found(
        _("  {hands} {in_evenings}, re-scored: payments sum to zero, balances match the hands: {found}"),
        wrong,
        hands=counted("hands", hands),
        in_evenings=_in_evenings(len(led.evenings())),
    )
    placed = svc.place_problems()
    _found(_("  every hand in its place on its sheet, numbered 1, 2, ... without a gap: {found}"), placed)
    carried = svc.carry_problems()
    _found(_("  the Pagat pot carried from each evening to the next of its circle: {found}"), carried)
    return wrong + placed, carried


def _progress() -> Callable[[int, int], None] | None:
    """How far the check is, on one line of stderr that each step
    overwrites; only on a terminal (nothing on a pipe or in a file)."""
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        sys.stderr.write(
            "\r"
            + one_row(
                _("checking: evening {done} of {total} re-scored").format(done=done, total=total)
                if total
                else _("checking: SQLite integrity_check of the whole file ...")
            )
        )
        sys.stderr.flush()

    return show


def _found(line: str, wrong: list[str], **values: str) -> None:
    """One line of the check: what it checked, ok or how many problems, and each problem below it."""
    found = _("ok") if not wrong else ngettext("{n} problem", "{n} problems", len(wrong)).format(n=len(wrong))
    echo(fit(line.format(found=found, **values), screen_width()))
    for p in wrong:
        echo(fit(f"    {p}", screen_width()))
