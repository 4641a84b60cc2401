"""`schreiber export` and `schreiber hand import`: the ledger in and out."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import SchreiberError
from ..i18n import _, ngettext
from .dates import parse_range, ranged
from .errors import message, one_line
from .inputs import read_lines
from .options import EveningNumber, Period, Season, Since, Until, evening_option
from .root import counted, echo, ledger, service, tell_carried, writable_target, writing, wrote

if TYPE_CHECKING:
    from ..ledger.stored import Evening
    from ..service import Imported, Service


def _check_export(fmt: str, what: str, both: bool, formats: tuple[str, ...], whats: tuple[str, ...]) -> None:
    """One line for an export asked for in a way that cannot be: an unknown
    format or --what, or an evening and a date range together."""
    if fmt not in formats:
        raise SchreiberError(_("unknown format '{fmt}'; valid: {FORMATS}").format(fmt=fmt, FORMATS=", ".join(formats)))
    if what not in whats:
        raise SchreiberError(_("unknown --what '{what}'; valid: {WHATS}").format(what=what, WHATS=", ".join(whats)))
    if both:
        raise SchreiberError(_("give either --evening or a date range, not both"))


def export(
    fmt: Annotated[str, typer.Option("--format", help=_("csv or jsonl (JSON Lines)."))] = "csv",
    what: Annotated[str, typer.Option("--what", help=_("hands, items (every scored line) or payments."))] = "hands",
    evening_id: Annotated[int | None, evening_option(_("Only this evening."))] = None,
    since: Since = None,
    until: Until = None,
    season: Season = None,
    period: Period = None,
    out: Annotated[Path | None, typer.Option("--out", help=_("Write to this file instead of stdout."))] = None,
) -> None:
    """Export hands, scored items or payments as CSV or JSON Lines.

    Hands: every entry of the sheet (hands, Radl starts, redeals,
    Strafpunkte, voided ones marked), each evening opened by a row of its
    tarif and Pagat pot; items and payments: the entries that count. A
    JSONL export of one evening's hands imported with schreiber hand import
    into a new evening makes the same evening again.

    Example: schreiber export --season 2026 --format jsonl --what payments --out 2026.jsonl
    """
    from ..reports.export import FORMATS, WHATS, write

    _check_export(fmt, what, evening_id is not None and ranged(since, until, season, period), FORMATS, WHATS)
    rng = parse_range(since, until, season, period)
    if out is not None:
        writable_target(out, what, "." + fmt, a_file=True)
    led = ledger()
    ev = led.evening(evening_id) if evening_id is not None else None  # a clear error for an unknown evening
    left_out: list[tuple[int, int | None, int]] = []
    if what == "items":
        from ..service.rescored import item_rows

        rows = item_rows(led, ev, rng, left_out)
    else:
        rows = led.export_rows(what, ev, rng)
    kinds: dict[str, int] = {}
    if what == "hands":
        rows = _counted(rows, kinds)
    if out is None:
        write(sys.stdout, rows, what, fmt)
        _say_left_out(left_out)
        return
    from ..ledger.targets import written

    with writing(_("cannot write {out}: {strerror}; give another --out"), out=out), written(out, "utf-8") as f:
        n = write(f, rows, what, fmt)
    wrote(out)
    echo(one_line(_exported_to(what, n, kinds, out)), err=True)
    _say_left_out(left_out)


def _exported_to(what: str, n: int, kinds: dict[str, int], out: Path) -> str:
    """What an export wrote to ``out``: ``n`` rows; of hands, by ``kinds``
    (the evenings' own rows not counted)."""
    if what != "hands":
        return _exported(what, n).format(n=n, out=out)
    hands = kinds.get("hand", 0)
    others = sum(kinds.values()) - hands - kinds.get("evening", 0)
    if not others:
        return _exported(what, hands).format(n=hands, out=out)
    return _("Exported {hands} and {others} to {out}.").format(
        hands=counted("hands", hands), others=counted("other_entries", others), out=out
    )


def _counted(rows: Iterator[dict], kinds: dict[str, int]) -> Iterator[dict]:
    """The rows as they go out, counted by kind into ``kinds``."""
    for row in rows:
        kinds[row["kind"]] = kinds.get(row["kind"], 0) + 1
        yield row


def _say_left_out(left_out: list[tuple[int, int | None, int]]) -> None:
    """The entries whose items an export left out: they score differently now than when they were stored."""
    for evening, number, seq in left_out:
        which = _("hand {number}").format(number=number) if number is not None else _("entry {seq}").format(seq=seq)
        echo(
            one_line(
                _(
                    "evening {evening}, {which}: items left out; it scores differently now than when its payments were stored (see schreiber check)"
                ).format(evening=evening, which=which)
            ),
            err=True,
        )


def _exported(what: str, n: int) -> str:
    if what == "hands":
        return ngettext("Exported {n} hand to {out}.", "Exported {n} hands to {out}.", n)
    if what == "items":
        return ngettext("Exported {n} item to {out}.", "Exported {n} items to {out}.", n)
    return ngettext("Exported {n} payment to {out}.", "Exported {n} payments to {out}.", n)


def import_hands(
    file: Annotated[
        str, typer.Argument(metavar=_("FILE"), help=_("JSON Lines file, one hand record per line ('-' = stdin)."))
    ],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=_("No progress and no summary."))] = False,
    evening_id: EveningNumber = None,
) -> None:
    """Import hands into the open evening: all of them, or (on any error) none.

    Each line is one hand record as for `hand add --json`; blank lines are
    skipped; a line of `export --format jsonl` is accepted too, and
    {"kind": "radl"}, {"kind": "redeal"}, {"kind": "strafpunkt", "player": NAME}.
    One evening's export makes that evening again: its entries struck from
    the sheet stay struck, and the evening takes its tarif (and, while
    empty and first of its circle, its Pagat pot at the start).
    Every wrong line is reported with its number and nothing is written.
    A file imported into the evening before adds nothing, nor does a line
    whose "id" (as an export writes it) is a hand the evening has already.

    Example: schreiber hand import hands.jsonl
    """
    from ..domain.checker import record_input
    from ..service import collector_paused

    lines = read_lines(file)
    svc = service()
    ev = svc.evening(evening_id, writable=True)
    with collector_paused(), record_input():  # many small objects and no cycles, from reading the file to the commit
        done, all_hands = _imported(file, lines, svc, ev, not quiet and sys.stderr.isatty())
    if not quiet:
        echo(import_summary(file, done, all_hands))
        _say_start(done)
    tell_carried(svc)


def _say_start(done: Imported) -> None:
    """What an import took over of the evening the file was exported from
    (its tarif, its Pagat pot at the start), or why it did not."""
    from ..render import cell, euro

    ev = done.evening
    if done.tarif is not None:
        echo(
            _("Evening {id}: tarif {money} per point, as the file gives it (was {money2}).").format(
                id=ev.id, money=euro(done.tarif[1]), money2=euro(done.tarif[0])
            )
        )
    if done.pot is not None:
        taken, theirs, ours = done.pot
        echo(
            (
                _("Evening {id}: Pagat pot at the start {pot}, as the file gives it (was {was}).")
                if taken
                else _(
                    "Evening {id}: the file's evening started with a Pagat pot of {pot}; this one keeps its {was} (carried from the evening before it), so its figures may differ"
                )
            ).format(id=ev.id, pot=cell(theirs), was=cell(ours))
        )


def _imported(file: str, lines: list[str], svc: Service, ev: Evening, terminal: bool) -> tuple[Imported, bool]:
    """The file's lines read and imported (progress shown on a ``terminal``
    from 1,000 entries on); whether they were all hands."""
    from ..domain.hand_file import content_sha256, parse_lines

    parsed = parse_lines(lines, ev.seating)
    entries, numbers, problems = parsed.entries, parsed.numbers, parsed.problems
    if problems:  # report the scoring problems of the readable lines too
        scoring = svc.check_entries(entries, ev, parsed.voids if parsed.struck else None)
        problems = sorted(problems + [(numbers[i], msg) for i, msg in scoring])
        raise SchreiberError(_bad_lines(file, problems))
    if not entries:
        raise SchreiberError(_("{file} holds no hands; write one hand record (JSON) per line").format(file=file))
    show = terminal and len(entries) >= 1000

    def progress(done: int, total: int) -> None:
        sys.stderr.write(
            "\r"
            + _("importing {done}/{total} ({percent}%)").format(done=done, total=total, percent=100 * done // total)
        )
        sys.stderr.flush()

    line = _("line {n}")  # translated once, not once a line
    labels = [line.format(n=n) for n in numbers]
    try:
        done = svc.import_entries(
            entries,
            ev,
            uids=parsed.ids,
            sha256=content_sha256(lines),
            labels=labels,
            progress=progress if show else None,
            struck=(parsed.voids, parsed.replaces) if parsed.struck else None,
            started=parsed.evening[0] if parsed.evening else None,
        )
    except SchreiberError as exc:
        raise SchreiberError(f"{file}: {message(exc)}") from None
    finally:
        if show:
            sys.stderr.write("\n")
    return done, all(e.kind == "hand" for e in entries)


def _bad_lines(file: str, problems: list[tuple[int, str]]) -> str:
    """The first ten wrong lines of a file to import, each with its number."""
    lines = "; ".join(_("line {n}: {msg}").format(n=n, msg=msg) for n, msg in problems[:10])
    more = _("; and {n} more").format(n=len(problems) - 10) if len(problems) > 10 else ""
    bad = ngettext("{n} bad line", "{n} bad lines", len(problems)).format(n=len(problems))
    return _("{file}: {bad}, nothing was imported: {lines}").format(file=file, bad=bad, lines=lines) + more


def import_summary(file: str, done: Imported, all_hands: bool) -> str:
    """One line: what an import added, or why it added nothing (``all_hands``:
    the file holds hands only)."""
    name = _("standard input") if file == "-" else file
    ev = done.evening.id
    if done.before is not None:
        entries, hands = done.before
        what = counted("hands", hands) + (
            _(", {others}").format(others=counted("other_entries", entries - hands)) if entries != hands else ""
        )
        return _("nothing imported: {name} was imported into evening {ev} before ({what})").format(
            name=name, ev=ev, what=what
        )
    if not done.numbers:
        kind = (
            ngettext("{n} hand", "{n} hands", done.present)
            if all_hands
            else ngettext("{n} entry", "{n} entries", done.present)
        ).format(n=done.present)
        return _("nothing imported: all {kind} of {name} are in evening {ev} already").format(
            kind=kind, name=name, ev=ev
        )
    numbers = [n for n in done.numbers if n]
    span = _(" (hands {first}..{last})").format(first=numbers[0], last=numbers[-1]) if numbers else ""
    others = len(done.numbers) - len(numbers)
    also = _(" and {others}").format(others=counted("other_entries", others)) if others else ""
    if done.present:
        present = (
            ngettext("{n} hand already present", "{n} hands already present", done.present)
            if all_hands
            else ngettext("{n} entry already present", "{n} entries already present", done.present)
        ).format(n=done.present)
        return _("{present}, {hands}{also} imported into evening {ev}{span}.").format(
            present=present, hands=counted("hands", len(numbers)), also=also, ev=ev, span=span
        )
    return _("Imported {hands}{span}{also} into evening {ev}.").format(
        hands=counted("hands", len(numbers)), span=span, also=also, ev=ev
    )
