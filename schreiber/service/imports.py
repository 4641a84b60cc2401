"""``hand import``: many entries scored and written in one transaction, a
batch at a time (all of them land, or none); an export of an evening taken
in as that evening again (its corrections, its tarif and Pagat pot).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from ..domain.evening import Entry, Outcome, State, step
from ..errors import HandError, SchreiberError
from ..faults import fault
from ..i18n import _, ngettext
from ..ledger.codec import stored_record
from ..ledger.stored import Evening, Scored
from .pot import Pot

if TYPE_CHECKING:
    from ..domain.rules import Rules

BATCH = 250  # entries of an import scored and written together (their rows: one statement a table)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while an import reads, scores and
    writes its entries: many small objects without cycles, whose passes cost
    a fifth of an import's time."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class Imported(NamedTuple):
    """What an import did: the hand number of each entry added (0: not a hand),
    how many were in the evening already, and (entries, hands) of the same
    file imported before (then nothing was added)."""

    evening: Evening
    numbers: list[int]
    present: int
    before: tuple[int, int] | None
    tarif: tuple[int, int] | None = None  # (was, now): the file's tarif (cents) replaced the evening's
    pot: tuple[bool, Fraction, Fraction] | None = None  # the file's Pagat pot at the start was not the evening's:
    # (taken, the file's, the evening's before)


class Struck(NamedTuple):
    """For each entry of an import: the correction that struck it (None: it
    counts), and the index of the hand it replaces (None: none)."""

    voids: list[str | None]
    links: list[int | None]


def _score_each(
    entries: list[Entry], rules: Rules, players: tuple[str, ...], state: State, voids: list[str | None] | None = None
) -> Iterator[tuple[int, Entry, Outcome | None, str | None]]:
    """(index, entry as stored, outcome, problem) for each entry, scored in
    turn from ``state``; a bad entry is skipped. ``voids[i]``: the correction
    that struck entry i; a hand voided by ``hand void`` scores as dealt, any
    other struck entry not at all (outcome None)."""
    for i, entry in enumerate(entries):
        void = voids[i] if voids else None
        try:
            o = step(rules, players, state, entry)
            if o.kind == "hand":
                entry = Entry.hand(stored_record(o))
            if void == "void" and entry.kind == "hand":
                o = step(rules, players, state, Entry("dealt", entry.record))
        except HandError as exc:
            yield i, entry, None, str(exc)
            continue
        if void and o.kind != "dealt":
            yield i, entry, None, None
            continue
        state = o.state
        yield i, entry, o, None


def _scored_batches(
    ev: Evening,
    entries: list[Entry],
    labels: list[str],
    uids: list[str | None],
    struck: Struck | None,
    batch: int,
    start: tuple[State, int, int],
) -> Iterator[tuple]:
    """``("scored", [Scored, ...], entries done)`` a batch at a time (empty
    once one is wrong), then ``("end", hand numbers, problems)``. ``start``:
    the evening's state, the place of its last entry and the number of its
    last hand dealt."""
    state, seq, number = start
    links = struck.links if struck else None
    problems: list[str] = []
    out: list[int] = []
    scored: list[Scored] = []
    placed: dict[int, tuple[int, int | None]] = {}  # where each entry went (a replacement takes its hand's place)
    for i, entry, o, problem in _score_each(entries, ev.rules, ev.seating, state, struck and struck.voids):
        if problem:
            problems.append(f"{labels[i]}: {problem}")
        elif not problems:  # after the first problem only check the rest
            old = links[i] if links else None
            if old is not None:
                at, n = placed[old]
            else:
                seq += 1
                at, n = seq, (number + 1 if entry.kind == "hand" else None)
            if n is not None and o is not None:  # dealt: the next hand has the next number (Ledger.next_number)
                number = max(number, n)
            if links:
                placed[i] = (at, n)
            scored.append(Scored(at, entry, n, uids[i], o))
            out.append(n or 0)
        if (i + 1) % batch == 0:
            yield "scored", [] if problems else scored, i + 1
            scored = []
    if scored and not problems:
        yield "scored", scored, len(entries)
    yield "end", out, problems


def _kept_struck(
    struck: tuple[list[str | None], list[str | None]], keep: list[int], uids: list[str | None], labels: list[str]
) -> Struck:
    """The corrections of the entries an import keeps, each replacement linked to its hand's place among them."""
    voids, replaces = struck
    at = {uids[i]: k for k, i in enumerate(keep) if uids[i]}
    links: list[int | None] = []
    for i in keep:
        old = replaces[i]
        if old is not None and old not in at:
            raise SchreiberError(
                _(
                    "{line}: the hand it replaces is in the evening already; import the whole file into a new evening"
                ).format(line=labels[i])
            )
        links.append(at[old] if old is not None else None)
    return Struck([voids[i] for i in keep], links)


def _wrong(problems: list[str], total: int) -> SchreiberError:
    """The entries of an import that cannot be scored, the first ten named: nothing was added."""
    more = _("; and {n} more").format(n=len(problems) - 10) if len(problems) > 10 else ""
    return SchreiberError(
        ngettext(
            "{n} of {total} entry is wrong, nothing was added: ",
            "{n} of {total} entries are wrong, nothing was added: ",
            total,
        ).format(n=len(problems), total=total)
        + "; ".join(problems[:10])
        + more
    )


class Imports(Pot):
    """Many entries at once: checked, or scored and written in one transaction."""

    def check_entries(
        self, entries: list[Entry], evening: Evening, voids: list[str | None] | None = None
    ) -> list[tuple[int, str]]:
        """(index, problem) for every entry that cannot be scored (nothing is written)."""
        state = self.ledger.last_state(evening)
        return [(i, p) for i, _e, _o, p in _score_each(entries, evening.rules, evening.seating, state, voids) if p]

    def import_entries(
        self,
        entries: list[Entry],
        evening: Evening | None = None,
        uids: list[str | None] | None = None,
        sha256: str | None = None,
        labels: list[str] | None = None,
        progress: Callable[[int, int], None] | None = None,
        struck: tuple[list[str | None], list[str | None]] | None = None,
        started: tuple[int, Fraction] | None = None,
        batch: int = BATCH,
    ) -> Imported:
        """Score and record many entries in ONE transaction: all land, or none;
        bad entries raise SchreiberError naming each by ``labels[i]``. A file
        (``sha256``) imported into the evening before adds nothing, nor does
        an entry whose id (``uids[i]``) is in the evening already (an id from
        another evening is not taken over). ``struck``: for each entry the
        correction that struck it and the id of the hand it replaces, as an
        export writes them; ``started``: the exported evening's tarif and
        Pagat pot at the start (``_take_start``); ``batch``: the entries
        scored and written together."""
        led = self.ledger
        with led.transaction(checked=True):
            ev = self._writable(evening)
            before = led.earlier_import(ev, sha256) if sha256 else None
            if before is not None:
                return Imported(ev, [], 0, before)
            uids = uids or [None] * len(entries)
            here, elsewhere = led.entry_uids(ev, [u for u in uids if u])
            keep = [i for i, u in enumerate(uids) if u not in here]
            if not keep:
                return Imported(ev, [], len(entries), None)
            labels = labels or [_("entry {i}").format(i=i) for i in range(1, len(entries) + 1)]
            ev, tarif, pot = self._take_start(ev, started) if started else (ev, None, None)
            kept = _kept_struck(struck, keep, uids, labels) if struck and (any(struck[0]) or any(struck[1])) else None
            with collector_paused():
                numbers = self._write_entries(
                    ev, [entries[i] for i in keep], [labels[i] for i in keep], progress,
                    [None if uids[i] in elsewhere else uids[i] for i in keep], kept, batch,
                )  # fmt: skip
            if sha256:
                led.record_import(ev, sha256, len(entries), sum(e.kind == "hand" for e in entries))
        return Imported(ev, numbers, len(entries) - len(keep), None, tarif, pot)

    def _take_start(
        self, ev: Evening, started: tuple[int, Fraction]
    ) -> tuple[Evening, tuple[int, int] | None, tuple[bool, Fraction, Fraction] | None]:
        """The exported evening's tarif taken, and its Pagat pot at the start
        where the evening is empty and no evening before it left one. Returns
        the evening now, (tarif was, now) where it changed, and (taken, the
        file's pot, the evening's) where the pots differed."""
        led = self.ledger
        cents, pot = started
        tarif = (ev.tarif_cents, cents) if cents != ev.tarif_cents else None
        if tarif:
            led.set_tarif(ev.id, cents)
        if pot == ev.start_pot:
            return led.evening(ev.id), tarif, None
        taken = bool(ev.rules.pagatkassa) and led.next_seq(ev) == 1 and self.pot_neighbours(ev)[0] is None
        if taken:
            led.set_start_pot(ev.id, pot)
        return led.evening(ev.id), tarif, (taken, pot, ev.start_pot)

    def _write_entries(
        self,
        ev: Evening,
        entries: list[Entry],
        labels: list[str],
        progress: Callable[[int, int], None] | None,
        uids: list[str | None],
        struck: Struck | None,
        batch: int,
    ) -> list[int]:
        """The body of ``import_entries``: scored and written a batch at a time."""
        led = self.ledger
        self._round_room(
            ev, sum(1 for i, e in enumerate(entries) if e.kind == "hand" and not (struck and struck.voids[i]))
        )
        start = (led.last_state(ev), led.next_seq(ev) - 1, led.next_number(ev) - 1)
        first = led.next_entry_id()  # the entries are written with the ids from here on, in order
        numbers: list[int] = []
        problems: list[str] = []
        for kind, what, done in _scored_batches(ev, entries, labels, uids, struck, batch, start):
            if kind == "end":
                numbers, problems = what, done
            elif what:
                led.insert_scored(ev, what)
            if progress and kind != "end":
                progress(done, len(entries))
            fault("import.batch")
        if problems:
            raise _wrong(problems, len(entries))
        if struck:
            self._strike(ev, first, struck)
        self._carry_on(ev)
        return numbers

    def _strike(self, ev: Evening, first: int, struck: Struck) -> None:
        """The corrections of an import's struck entries (written with ids from
        ``first`` on) logged: each voided, a replacement linked to its hand."""
        led = self.ledger
        replaced_by = {old: i for i, old in enumerate(struck.links) if old is not None}
        for i, void in enumerate(struck.voids):
            if void:
                by = replaced_by.get(i)
                led.void_entry(ev, first + i, void, None if by is None else first + by)
        for old, i in replaced_by.items():
            led.set_replaces(first + i, first + old)
