"""The one way every front end changes an evening: scored with the pure
domain (``step``, ``replay``), each change written in one transaction. A
correction voids (and replaces) an entry, logs it, and re-scores the
evening, so later hands that depend on its state (Radl, Holz, the Pagat
pot) stay right.
"""

from __future__ import annotations

import gc
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..domain.evening import Entry, Outcome, State, ends_evening, radl_refused, replay, step
from ..domain.names import check_name, known_player, match_players, name_key
from ..domain.points import from_units
from ..domain.table import Table
from ..domain.tournament import hands_per_round
from ..errors import HandError, SchreiberError
from ..faults import fault
from ..i18n import _, ngettext
from ..ledger.codec import stored_record
from ..ledger.errors import EveningClosed, EveningWithdrawn, NoOpenEvening, RoundFull, SeveralOpenEvenings
from ..ledger.store import Ledger
from ..ledger.stored import Evening, Scored, StoredEntry, stored_rules

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
        except (KeyError, TypeError, ValueError) as exc:
            yield i, entry, None, _("not a valid entry ({kind}: {exc})").format(kind=type(exc).__name__, exc=exc)
            continue
        if void and o.kind != "dealt":
            yield i, entry, None, None
            continue
        state = o.state
        yield i, entry, o, None


def _scored_batches(run: _Import, entries: list[Entry]) -> Iterator[tuple]:
    """``("scored", [Scored, ...], entries done)`` a ``BATCH`` at a time (empty
    once one is wrong), then ``("end", hand numbers, problems)``."""
    ev, labels, uids, links = run.evening, run.labels, run.uids, run.links
    seq, number = run.seq, run.number
    problems: list[str] = []
    out: list[int] = []
    batch: list[Scored] = []
    placed: dict[int, tuple[int, int | None]] = {}  # where each entry went (a replacement takes its hand's place)
    for i, entry, o, problem in _score_each(entries, ev.rules, ev.seating, run.state, run.voids):
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
            batch.append(Scored(at, entry, n, uids[i] if uids else None, o))
            out.append(n or 0)
        if (i + 1) % BATCH == 0:
            yield "scored", [] if problems else batch, i + 1
            batch = []
    if batch and not problems:
        yield "scored", batch, len(entries)
    yield "end", out, problems


def _what(kind: str, number: int | None, entry_id: int) -> str:
    return _("hand {n}").format(n=number) if kind == "hand" else _("{kind} (entry {id})").format(kind=kind, id=entry_id)


def _has_pot(ev: Evening) -> bool:
    return bool(ev.rules.pagatkassa or ev.start_pot)


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


class EveningChanged(SchreiberError):
    """The evening changed since a front end last showed it: nothing was written."""

    def __init__(self, evening: int, before: tuple[int, int], now: tuple[int, int]):
        self.evening, self.before, self.now = evening, before, now
        super().__init__(_("evening {n} changed in the meantime; nothing was written").format(n=evening))


class PastTheEnd(SchreiberError):
    """A hand after the evening's end (its final Radl, the Sküsradl, is
    played out): taken only where the front end says the table plays on."""

    def __init__(self, evening: int, number: int):
        self.evening, self.number = evening, number
        super().__init__(
            _("the Sküsradl is played, so the evening is over; hand {n} would come after its end").format(n=number)
        )


class Added(NamedTuple):
    """An entry written: the hand's number on the sheet (0 for other
    entries); ``ends``: it was the last hand of the Sküsradl."""

    number: int
    outcome: Outcome
    ends: bool = False
    evening: int = 0  # the evening written to


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


class _Import:
    """What scoring an import's entries starts from, read before it starts. A
    plain class: making a named tuple's class costs every start."""

    __slots__ = ("evening", "labels", "links", "number", "seq", "state", "uids", "voids")

    def __init__(
        self,
        evening: Evening,
        state: State,
        seq: int,
        number: int,
        labels: list[str],
        uids: list[str | None] | None,
        struck: Struck | None = None,
    ):
        self.evening, self.state, self.labels, self.uids = evening, state, labels, uids
        self.seq = seq  # of the evening's last entry
        self.number = number  # of its last hand dealt
        self.voids = struck.voids if struck else None  # the correction that struck each entry (None: it counts)
        self.links = struck.links if struck else None  # the index of the hand each one replaces (None: none)


class Struck(NamedTuple):
    """For each entry of an import: the correction that struck it (None: it
    counts), and the index of the hand it replaces (None: none)."""

    voids: list[str | None]
    links: list[int | None]


class NextHand(NamedTuple):
    """Who deals the evening's next hand, and what state it starts from."""

    evening: Evening
    number: int
    state: State

    @property
    def table(self) -> Table:
        return Table(self.evening.seating, self.state.next_dealer)


class Started(NamedTuple):
    evening_id: int
    dealer: str
    closed: tuple[Evening, ...] = ()  # evenings that were still open
    pot: Fraction = Fraction(0)  # the Pagat pot carried over ...
    pot_from: int | None = None  # ... from this evening
    still_open: tuple[Evening, ...] = ()  # other evenings left open (tables of a tournament, --keep-open)
    seating: tuple[str, ...] = ()  # the players as the ledger keeps them ("anna": the Anna of earlier evenings)


class Carried(NamedTuple):
    """A later evening whose Pagat pot at the start followed a change before it: re-scored from its start."""

    evening: Evening  # as it is now
    was: Fraction  # the pot it started with before
    source: int  # the evening of its circle before it, whose pot it carries on
    balance_changed: bool


Which = Evening | int | None
"""The evening a change is for: as read, by its number, or None for the one open evening."""


def check_players(players: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The seating of a new evening: 4 or 5 distinct names."""
    if len(players) not in (4, 5):
        raise SchreiberError(
            _("Königrufen is played by 4 or 5 players, not {n_players}; list them in seating order").format(
                n_players=len(players)
            )
        )
    names = tuple(check_name(p) for p in players)
    keys = [name_key(n) for n in names]
    dup = next((n for n, k in zip(names, keys) if keys.count(k) > 1), None)
    if dup:
        raise SchreiberError(_("{dup} is listed twice; every player sits once").format(dup=dup))
    return names


def seating(players: list[str] | tuple[str, ...], dealer: str | None = None) -> tuple[tuple[str, ...], str]:
    """The checked seating and who deals first (``dealer`` by name, else the first listed)."""
    names = check_players(players)
    if dealer is None:
        return names, names[0]
    match = match_players(dealer, names)
    if not match:
        raise SchreiberError(
            _("dealer '{dealer}' is not at the table; players: {names}"), dealer=dealer, names=", ".join(names)
        )
    return names, match[0]


class Incoming:
    """What a merge brings in from another ledger (``ledger.merge.Checks``),
    checked as what is typed is: names, seating, dates, rules, tarif,
    entries (their hands are checked when the evening is re-scored). Each
    check raises SchreiberError saying what is wrong."""

    def player(self, name: str) -> None:
        _kept_as_typed(check_name(name), name, _("the name"))

    def evening(self, row: dict) -> None:
        rules = _readable_rules(row["rules_json"])
        _stored_date(row["date"])
        if row["preset"] != rules.preset:
            raise SchreiberError(
                _("its rules are {preset}'s, but it names {named}"), preset=rules.preset, named=row["preset"]
            )
        listed = row["seating"]
        if not isinstance(listed, list) or not all(isinstance(p, str) for p in listed):
            raise SchreiberError(_("its seating is not a list of names"))
        names, first = seating(listed, row["first_dealer"])
        _kept_as_typed(names, tuple(listed), _("the seating"))
        _kept_as_typed(first, row["first_dealer"], _("the first dealer"))
        from ..domain.rules import INT_RANGES  # here: the rules module is read only where rules are

        low, high = INT_RANGES["tarif_cents"]
        if not low <= row["tarif_cents"] <= high:
            raise SchreiberError(
                _("its tarif of {cents} cents a point is out of range ({low} to {high})").format(
                    cents=row["tarif_cents"], low=low, high=high
                )
            )
        try:
            pot = Fraction(row["start_pot"])
        except (ValueError, ZeroDivisionError):
            pot = Fraction(-1)
        if pot < 0 or str(pot) != row["start_pot"]:
            raise SchreiberError(_("its Pagat pot at the start, {pot}, is no pot").format(pot=row["start_pot"]))
        if row["status"] not in ("open", "closed", "settled", "withdrawn"):
            raise SchreiberError(
                _("its status {status} is none of open, closed, settled, withdrawn").format(status=row["status"])
            )

    def entry(self, kind: str, record: object, player: str | None, players: tuple[str, ...]) -> None:
        from ..domain.hand_file import LineProblem, stored_entry

        try:
            stored_entry(kind, record, player, players)
        except LineProblem as exc:
            raise SchreiberError(str(exc)) from None

    def cup(self, row: dict) -> None:
        from .tournament import SEED_MAX, check_cup_rules

        _kept_as_typed(check_name(row["name"], _("the tournament's name")), row["name"], _("the name"))
        _stored_date(row["date"])
        rules = _readable_rules(row["rules_json"])
        check_cup_rules(rules)
        as_started = (rules.preset, rules.cup_rounds, rules.cup_hands, rules.cup_hands_five, rules.cup_points,
                      rules.cup_best)  # fmt: skip
        if as_started != tuple(row[k] for k in ("preset", "rounds", "hands", "hands_five", "points_scheme", "best")):
            raise SchreiberError(_("its rounds, hands or points are not those of its rules"))
        if not 0 <= row["seed"] <= SEED_MAX or row["status"] not in ("open", "closed") or not row["season"].strip():
            raise SchreiberError(_("its seed, season or status is not as cup start keeps it"))

    def cup_player(self, ort: str | None) -> None:
        if ort is not None:
            _kept_as_typed(check_name(ort, _("a place of residence")), ort, _("the place of residence"))


def _kept_as_typed(kept: object, stored: object, what: str) -> None:
    """A value as typing it would have stored it (names trimmed and in one Unicode form)."""
    if kept != stored:
        raise SchreiberError(_("{what} {stored!r} is not as schreiber keeps it").format(what=what, stored=stored))


def _stored_date(text: str) -> None:
    """A date as ``--date`` stores it (``cli.inputs.parse_date``): a calendar date, YYYY-MM-DD."""
    import datetime as _dt

    try:
        ok = _dt.date.fromisoformat(text).isoformat() == text
    except ValueError:
        ok = False
    if not ok:
        raise SchreiberError(_("its date {text!r} is not a date (YYYY-MM-DD)").format(text=text))


def _readable_rules(text: str) -> Rules:
    """The rules an evening or a tournament stores, read as every command reads them."""
    try:
        return stored_rules(text)
    except (SchreiberError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
        raise SchreiberError(_("its rules cannot be read ({problem})").format(problem=exc)) from None


class Service:
    """Changes to the ledger's evenings, each one transaction."""

    def __init__(self, ledger: Ledger):
        self.ledger = ledger
        self.carried: list[Carried] = []
        self.closed_changed: list[Evening] = []  # closed evenings whose balance a merge changed
        # (evening, its change_count) as last shown: a write after another session changed it raises EveningChanged
        self.expected: tuple[int, tuple[int, int]] | None = None

    # Evenings ----------------------------------------------------------------

    def start_evening(
        self,
        players: list[str] | tuple[str, ...],
        rules: Rules,
        date: str,
        dealer: str | None = None,
        tarif_cents: int | None = None,
        keep_open: bool = False,
    ) -> Started:
        """Start an evening; a circle's Pagat pot carries over. Open evenings
        are closed, but not a tournament's tables (nor with ``keep_open``)."""
        led = self.ledger
        names, first = seating(led.kept_names(check_players(players)), dealer)  # "anna" is the Anna of earlier evenings
        pot, pot_from = self.carried_pot(names, date) if rules.pagatkassa else (Fraction(0), None)
        with led.transaction(checked=True):
            closed = [] if keep_open else led.close_open_evenings()
            eid = led.insert_evening(
                names, rules, date, first, rules.tarif_cents if tarif_cents is None else tarif_cents, pot
            )
            still_open = [ev for ev in led.open_evenings() if ev.id != eid]
        return Started(eid, first, tuple(closed), pot, pot_from, tuple(still_open), names)

    def evening(self, number: int | None = None, writable: bool = False, or_latest: bool = False) -> Evening:
        """Evening ``number``, else the one open evening (``or_latest``: else
        the last one started); ``writable``: a closed evening is refused."""
        led = self.ledger
        if number is not None:
            ev = led.evening(number)
        else:
            opened = led.open_evenings()
            if len(opened) > 1:
                raise SeveralOpenEvenings(opened)
            if not opened and or_latest:
                opened = [ev for ev in [led.latest_evening()] if ev]
            if not opened:
                raise NoOpenEvening()
            ev = opened[0]
        if writable and not ev.is_open:
            self.refuse_withdrawn(ev)
            raise EveningClosed(ev.id, ev.date)
        return ev

    def refuse_withdrawn(self, evening: Evening) -> None:
        """An evening of a round drawn and taken back (``cup draw --undo``) takes nothing and stays as it is."""
        found = self.ledger.cups.withdrawn_table(evening.id) if evening.status == "withdrawn" else None
        if found is not None:
            cup, table, now = found
            raise EveningWithdrawn(evening.id, cup.name, table.round, table.table_no, now)

    def carried_pot(self, players: tuple[str, ...], date: str | None = None) -> tuple[Fraction, int | None]:
        """(points, evening id): the Pagat pot a new evening of this circle
        starts with, left by its latest evening with a pot (on or before ``date``)."""
        for ev in self.ledger.circle_evenings(players, date):
            rules = ev.rules
            if not rules.pagatkassa and not ev.start_pot:
                continue
            if rules.pagatkassa_end != "carry":
                return Fraction(0), ev.id
            return ev.start_pot - self.ledger.paid_in(ev), ev.id
        return Fraction(0), None

    def close_evening(self, number: int | None = None) -> Evening:
        with self.ledger.transaction():
            ev = self.evening(number)
            self.refuse_withdrawn(ev)
            if not ev.is_open:
                raise SchreiberError(_("evening {id} ({date}) is closed already").format(id=ev.id, date=ev.date))
            self.ledger.set_status(ev.id, "closed")
        return ev

    def reopen_evening(self, evening_id: int, keep_open: bool = False) -> tuple[Evening, list[Evening]]:
        """Open a closed evening again, closing others as ``start_evening`` does; returns it and those closed."""
        with self.ledger.transaction(checked=True):
            ev = self.ledger.evening(evening_id)
            self.refuse_withdrawn(ev)
            closed = [] if keep_open else self.ledger.close_open_evenings(keep=evening_id)
            self.ledger.set_status(evening_id, "open")
            self._carry_on(ev, itself=True)
        return ev, closed

    def settle_close(self, evening: Evening) -> Evening:
        """Close the evening as settled (its tarif is then fixed)."""
        with self.ledger.transaction():
            self.refuse_withdrawn(self.ledger.evening(evening.id))
            self.ledger.set_status(evening.id, "settled")
        return self.ledger.evening(evening.id)

    def set_tarif(self, cents: int, evening: Which = None) -> Evening:
        """Set an open evening's tarif; returns the evening as it was before."""
        with self.ledger.transaction():
            ev = self._writable(evening)
            self.ledger.set_tarif(ev.id, cents)
        return ev

    def rename_player(self, old: str, new: str) -> int:
        """Rename a player everywhere; returns evenings touched. "anna" finds
        Anna, and Anna may become "ANNA", but not another player's name."""
        new = check_name(new, _("the new name"))
        led = self.ledger
        with led.transaction(checked=True):
            names = led.player_names()
            kept = known_player(old, names)
            if kept is None:
                raise SchreiberError(
                    _("unknown player '{old}'; players: {names}").format(
                        old=unicodedata.normalize("NFC", old).strip(), names=", ".join(names) or _("none yet")
                    )
                )
            other = next((n for n in match_players(new, names) if n != kept), None)
            if other is not None or new == kept:
                raise SchreiberError(_("there is already a player called {new}; pick another name"), new=other or new)
            touched = led.rename_player(kept, new)
            for ev in touched:
                self._rescore(ev)
        return len(touched)

    # Checking -------------------------------------------------------------------

    def check_consistency(self, progress: Callable[[int, int], None] | None = None) -> tuple[int, list[str]]:
        """(hands, problems): every evening re-scored: each hand sums to zero
        (the Pagat pot counted), the stored payments are the re-scored ones,
        and each balance is the sum of the hands."""
        led = self.ledger
        hands, problems = 0, []
        evenings = led.evenings()
        for done, ev in enumerate(evenings, 1):
            if progress:
                progress(done, len(evenings))
            entries = led.replayed_entries(ev)
            try:
                outcomes = replay(ev.rules, ev.seating, [e.as_entry() for e in entries], led.start_state(ev))
            except (HandError, KeyError, TypeError, ValueError) as exc:
                problems.append(_("evening {n}: its entries no longer score ({exc})").format(n=ev.id, exc=exc))
                continue
            stored: dict[int, dict[str, Fraction]] = {}
            for entry_id, name, x in led.entry_totals(ev):
                stored.setdefault(entry_id, {})[name] = from_units(x)
            balance = {p: Fraction(0) for p in ev.seating}
            pot = ev.start_pot
            for e, o in zip(entries, outcomes):
                pays = {p: v for p, v in o.payments if v}
                if sum(pays.values()) + (o.state.pot - pot) != 0:
                    what = _what(e.kind, e.number, e.id)
                    problems.append(
                        _("evening {n}, {what}: the payments do not sum to zero").format(n=ev.id, what=what)
                    )
                pot = o.state.pot
                if not e.is_void:
                    hands += e.kind == "hand"
                    if {p: v for p, v in stored.get(e.id, {}).items() if v} != pays:
                        what = _what(e.kind, e.number, e.id)
                        problems.append(
                            _("evening {n}, {what}: the stored payments differ from its record").format(
                                n=ev.id, what=what
                            )
                        )
                    for p, v in pays.items():
                        balance[p] = balance.get(p, Fraction(0)) + v
            if {p: v for p, v in led.balance(ev.id).items() if v} != {p: v for p, v in balance.items() if v}:
                problems.append(_("evening {n}: the balance differs from the sum of its hands").format(n=ev.id))
        return hands, problems

    def place_problems(self) -> list[str]:
        """Every entry in a place of its own, every hand numbered 1, 2, ... in
        the sheet's order without a gap, every active entry scored."""
        problems = []
        for ev in self.ledger.evenings():
            problems += [_("evening {n}: {problem}").format(n=ev.id, problem=p) for p in self._misplaced(ev)]
        return problems

    def _misplaced(self, ev: Evening) -> list[str]:
        """Hands dealt are numbered 1, 2, ...; a hand taken back (or replaced)
        was not dealt: the hand after it has its number (or, as schreiber
        numbered before, the next one)."""
        out: list[str] = []
        places: set[int] = set()
        numbers: set[int] = set()
        last = passed = 0  # the last hand dealt; the highest number of a hand taken back since
        for entry_id, seq, kind, number, status, scored in self.ledger.places(ev):
            active = status == "active"
            what = _what(kind, number, entry_id)
            if seq is None or seq < 1 or (active and seq in places):
                out.append(_("{what} has no place of its own on the sheet").format(what=what))
            if active and not scored:
                out.append(_("{what} is on the sheet but not scored").format(what=what))
            if active and seq is not None:
                places.add(seq)
            if kind != "hand":
                continue
            if number is None or number < 1:
                out.append(_("a hand (entry {id}) has no number on the sheet").format(id=entry_id))
                continue
            if number < last or (active and number in numbers):
                out.append(_("{what} stands out of order on the sheet").format(what=what))
            elif number > max(last, passed) + 1:
                out.append(_("hand {n} is missing from the sheet").format(n=last + 1))
            if active or scored:  # dealt (a hand voided afterwards was dealt too)
                last = max(last, number)
            else:
                passed = max(passed, number)
            if active:
                numbers.add(number)
        return out

    def carry_problems(self) -> list[str]:
        """Each evening with a Pagat pot starts with what the one of its circle before it left (``carried_into``)."""
        problems = []
        before: dict[frozenset[str], Evening] = {}
        for ev in sorted(self.ledger.evenings(), key=lambda ev: (ev.date, ev.id)):
            if not _has_pot(ev):
                continue
            prev = before.get(frozenset(ev.seating))
            want = self.carried_into(ev, prev)
            if ev.start_pot != want:
                problems.append(
                    _(
                        "evening {n} starts with a Pagat pot of {have} points, not the {want} evening {before} left; schreiber evening reopen {n} --keep-open carries the pot on again"
                    ).format(n=ev.id, have=ev.start_pot, want=want, before=prev.id if prev else "?")
                )
            before[frozenset(ev.seating)] = ev
        return problems

    # Reading the next hand ----------------------------------------------------

    def next_hand(self, evening: Which = None) -> NextHand:
        ev = evening if isinstance(evening, Evening) else self.evening(evening, writable=True)
        return NextHand(ev, self.ledger.next_number(ev), self.ledger.last_state(ev))

    def read_notation(self, words: list[str], evening: Which = None) -> dict:
        """The hand record of a notation line, read for the evening's next hand."""
        from ..domain.notation import parse_notation

        nxt = self.next_hand(evening)
        return parse_notation(list(words), nxt.evening.rules, nxt.evening.seating, nxt.table.vorhand)

    def read_edit_notation(self, number: int, words: list[str], evening: Which = None) -> dict:
        """Notation for a correction of hand N: read with the dealer the hand had."""
        from ..domain.notation import parse_notation

        ev = self._writable(evening)
        dealt = self.dealt(number, ev)
        record = parse_notation(list(words), ev.rules, ev.seating, dealt.vorhand if dealt else None)
        if dealt and "dealer" not in record:
            record["dealer"] = dealt.dealer
        return record

    def dealt(self, number: int, evening: Which = None) -> Table | None:
        """Who dealt hand N (its Vorhand too), where its record says so; NoSuchHand where there is none."""
        ev = evening if isinstance(evening, Evening) else self.evening(evening)
        dealer = (self.ledger.hand_entry(ev, number).record or {}).get("dealer")
        return Table(ev.seating, dealer) if dealer in ev.seating else None

    # Adding ----------------------------------------------------------------------

    def add(self, entry: Entry, evening: Which = None, after_end: bool = False, uid: str | None = None) -> Added:
        """Score and record one entry in one transaction. A hand after the
        evening's end (``Ledger.at_end``) is refused unless ``after_end``:
        the table said it plays on. ``uid``: the entry's id, where the front
        end gives one (a phone's entry: a retry finds it written)."""
        led = self.ledger
        with led.transaction():
            ev = self._writable(evening)
            before = led.last_state(ev)
            try:
                outcome = step(ev.rules, ev.seating, before, entry)
            except HandError as exc:
                raise SchreiberError(str(exc)) from None
            if entry.kind == "radl" and (refused := radl_refused(ev.rules, outcome.state)):
                raise SchreiberError(refused)
            number = None
            if entry.kind == "hand":
                self._round_room(ev, 1)
                number = led.next_number(ev)
                if not after_end and led.at_end(ev, before):
                    raise PastTheEnd(ev.id, number)
                entry = Entry.hand(stored_record(outcome))
            led.insert_scored(ev, [Scored(led.next_seq(ev), entry, number, uid, outcome)])
            self._carry_on(ev)
        return Added(number or 0, outcome, entry.kind == "hand" and ends_evening(before, outcome.state), ev.id)

    def add_hand(self, record: dict, evening: Which = None, after_end: bool = False, uid: str | None = None) -> Added:
        return self.add(Entry.hand(record), evening, after_end, uid)

    def radl(self, player: str | None = None, final: bool = False, evening: Which = None) -> Added:
        """A Radl starts with the next hand (``final``: the evening's last, the Sküsradl)."""
        return self.add(Entry("radl", {"final": True} if final else None, player), evening)

    def redeal(self, evening: Which = None) -> Added:
        return self.add(Entry("redeal"), evening)

    def strafpunkt(self, player: str, evening: Which = None) -> Added:
        return self.add(Entry("strafpunkt", player=player), evening)

    def totals(self, schrift: dict[str, int], evening: Which = None) -> tuple[Outcome, StoredEntry | None]:
        """A round's totals from paper (an entry of kind ``totals``, each
        player's Schrift of the round). Where the evening has them already,
        the new ones replace them as ``edit`` replaces a hand: the old ones
        voided, the correction recorded. Returns the outcome and the totals
        replaced (None the first time)."""
        led = self.ledger
        entry = Entry("totals", {"schrift": dict(schrift)})
        with led.transaction():
            ev = self._writable(evening)
            old = next((e for e in led.replayed_entries(ev) if e.kind == "totals" and not e.is_void), None)
            if old is None:
                try:
                    outcome = step(ev.rules, ev.seating, led.last_state(ev), entry)
                except HandError as exc:
                    raise SchreiberError(str(exc)) from None
                led.insert_scored(ev, [Scored(led.next_seq(ev), entry, None, None, outcome)])
            else:
                new_id = led.insert_entry(ev, old.seq, entry, None, replaces=old.id)
                led.void_entry(ev, old.id, "edit", new_id)
                entries, outcomes = self._rescore(ev, from_seq=old.seq)
                outcome = next(o for e, o in zip(entries, outcomes) if e.id == new_id)
            self._carry_on(ev)
        return outcome, old

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
    ) -> Imported:
        """Score and record many entries in ONE transaction: all land, or none;
        bad entries raise SchreiberError naming each by ``labels[i]``. A file
        (``sha256``) imported into the evening before adds nothing, nor does
        an entry whose id (``uids[i]``) is in the evening already (an id from
        another evening is not taken over). ``struck``: for each entry the
        correction that struck it and the id of the hand it replaces, as an
        export writes them; ``started``: the exported evening's tarif and
        Pagat pot at the start (``_take_start``)."""
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
            with collector_paused():
                numbers = self._write_entries(
                    ev,
                    [entries[i] for i in keep],
                    [labels[i] for i in keep],
                    progress,
                    [None if uids[i] in elsewhere else uids[i] for i in keep],
                    _kept_struck(struck, keep, uids, labels) if struck and (any(struck[0]) or any(struck[1])) else None,
                )
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
        labels: list[str] | None,
        progress: Callable[[int, int], None] | None,
        uids: list[str | None] | None = None,
        struck: Struck | None = None,
    ) -> list[int]:
        """The body of ``import_entries``: scored and written a batch at a time."""
        led = self.ledger
        self._round_room(
            ev, sum(1 for i, e in enumerate(entries) if e.kind == "hand" and not (struck and struck.voids[i]))
        )
        labels = labels or [_("entry {i}").format(i=i) for i in range(1, len(entries) + 1)]
        run = _Import(ev, led.last_state(ev), led.next_seq(ev) - 1, led.next_number(ev) - 1, labels, uids, struck)
        first = led.next_entry_id()  # the entries are written with the ids from here on, in order
        numbers: list[int] = []
        problems: list[str] = []
        for kind, what, done in _scored_batches(run, entries):
            if kind == "end":
                numbers, problems = what, done
            elif what:
                led.insert_scored(ev, what)
            if progress and kind != "end":
                progress(done, len(entries))
            fault("import.batch")
        if problems:
            more = _("; and {n} more").format(n=len(problems) - 10) if len(problems) > 10 else ""
            raise SchreiberError(
                ngettext(
                    "{n} of {total} entry is wrong, nothing was added: ",
                    "{n} of {total} entries are wrong, nothing was added: ",
                    len(entries),
                ).format(n=len(problems), total=len(entries))
                + "; ".join(problems[:10])
                + more
            )
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

    # Corrections -------------------------------------------------------------------

    def undo(self, any_entry: bool = False, evening: Which = None) -> StoredEntry:
        """Void the last hand of the evening (recorded), or its totals from
        paper where it has no hand; with ``any_entry`` the last entry of any
        kind (a Radl, a redeal, ...)."""
        with self.ledger.transaction():
            ev = self._writable(evening)
            last = self.ledger.last_active_entry(ev, hands_only=not any_entry)
            if last is None and not any_entry:  # a round from paper: its totals stand for its hands
                last = self.ledger.last_active_entry(ev, hands_only=False)
                last = last if last is not None and last.kind == "totals" else None
            if last is None:
                raise SchreiberError(_("there is no hand to undo in this evening"))
            self.ledger.void_entry(ev, last.id, "undo")
            self._rescore(ev, from_seq=last.seq)
            self._carry_on(ev)
        return last

    def void(self, number: int, evening: Which = None) -> StoredEntry:
        """Void hand N (it stays on the sheet, marked); later hands are re-scored."""
        with self.ledger.transaction():
            ev = self._writable(evening)
            entry = self.ledger.hand_entry(ev, number)
            self.ledger.void_entry(ev, entry.id, "void")
            self._rescore(ev, from_seq=entry.seq)
            self._carry_on(ev)
        return entry

    def take_back(self, ref: str, evening: Which = None) -> StoredEntry:
        """Void the entry the sheet numbers ``ref``: a hand as "5", any other entry as "e2"."""
        text = ref.strip().lower()
        if text.isascii() and text.isdigit():
            return self.void(int(text), evening)
        if not (text[:1] == "e" and text[1:].isascii() and text[1:].isdigit()):
            raise SchreiberError(
                _("'{ref}' is not an entry of the sheet; give a hand's number (5) or an entry's (e2)"), ref=ref
            )
        with self.ledger.transaction():
            ev = self._writable(evening)
            entry = self.ledger.other_entry(ev, int(text[1:]))
            if entry.is_void:
                raise SchreiberError(_("entry {text} ({kind}) is taken back already"), text=text, kind=entry.kind)
            self.ledger.void_entry(ev, entry.id, "void")
            self._rescore(ev)
            self._carry_on(ev)
        return entry

    def edit(self, number: int, record: dict, evening: Which = None) -> Outcome:
        """Replace hand N: the old one is voided, the new one takes its place
        (same number, marked as corrected); later hands are re-scored."""
        led = self.ledger
        with led.transaction():
            ev = self._writable(evening)
            old = led.hand_entry(ev, number)
            new_id = led.insert_entry(ev, old.seq, Entry.hand(record), number, replaces=old.id)
            led.void_entry(ev, old.id, "edit", new_id)
            entries, outcomes = self._rescore(ev, from_seq=old.seq)
            outcome = next(o for e, o in zip(entries, outcomes) if e.id == new_id)
            led.set_record(new_id, stored_record(outcome))  # the canonical record of the replacement
            self._carry_on(ev)
        return outcome

    def _writable(self, evening: Which) -> Evening:
        """The open evening to write to, read afresh (and as last shown, where ``expected`` says)."""
        ev = self.evening(evening.id if isinstance(evening, Evening) else evening, writable=True)
        if self.expected is not None and self.expected[0] == ev.id:
            now = self.ledger.change_count(ev)
            if now != self.expected[1]:
                raise EveningChanged(ev.id, self.expected[1], now)
        return ev

    def _round_room(self, evening: Evening, hands: int) -> None:
        """A tournament table takes no more hands than its round has
        (ooe-2023.md §11.1: 16 at a table of four, 20 at five)."""
        found = self.ledger.cups.table_of_evening(evening.id) if hands else None
        if found is None:
            return
        cup, table = found
        target = hands_per_round(len(table.players), cup.hands, cup.hands_five)
        if table.hands + hands > target:
            raise RoundFull(evening.id, table.table_no, table.round, cup.name, target, table.hands, hands)

    # Merging ---------------------------------------------------------------------

    def merge(self, other: Path) -> dict[str, int]:
        """Bring in what the ledger ``other`` has and this one lacks, in one
        transaction, each row checked as if typed (``Incoming``); every evening
        that got entries is re-scored. Returns counts by kind."""
        led = self.ledger
        with led.other_ledger(other) as src, led.transaction(checked=True):
            merged = led.merge_from(src, str(other), Incoming())
            for evening_id in merged.touched:
                ev, balance = led.evening(evening_id), led.balance(evening_id)  # as before: nothing re-scored yet
                self._rescore(ev, _("merging {other} into evening {id}").format(other=other, id=evening_id))
                if not ev.is_open and evening_id not in merged.made and led.balance(evening_id) != balance:
                    self.closed_changed.append(ev)  # a closed evening of ours whose balance changed (not one new here)
            if merged.counts.get("evenings") or merged.touched:  # evenings came in, or got entries: carry every pot on
                for first in self._circle_starts():
                    self._carry_on(first, itself=True)
        return merged.counts

    # The Pagat pot from evening to evening -----------------------------------------

    def _carry_on(self, evening: Evening, itself: bool = False) -> None:
        """The Pagat pot carried on after a change to ``evening``: each later
        evening of its circle with a pot starts with what the one before it
        left, and is re-scored where that changes. ``itself``: the evening's
        own start too."""
        led = self.ledger
        if not _has_pot(evening) or not (itself or led.has_later_evening(evening)):
            return
        chain = [ev for ev in led.circle(evening.seating) if _has_pot(ev)]
        at = next(i for i, ev in enumerate(chain) if ev.id == evening.id)
        for i in range(at if itself else at + 1, len(chain)):
            before = chain[i - 1] if i else None
            pot = self.carried_into(chain[i], before)
            if before is not None and pot != chain[i].start_pot:  # the first keeps its pot
                chain[i] = self._restart(chain[i], pot, before.id)

    def carried_into(self, evening: Evening, before: Evening | None) -> Fraction:
        """The Pagat pot ``evening`` starts with after ``before`` (the evening of
        its circle with a pot before it); the first keeps the pot it started with."""
        if before is None:
            return evening.start_pot
        if not evening.rules.pagatkassa or before.rules.pagatkassa_end != "carry":
            return Fraction(0)
        return before.start_pot - self.ledger.paid_in(before)

    def pot_neighbours(self, evening: Evening) -> tuple[Evening | None, Evening | None]:
        """The evenings of its circle with a Pagat pot just before and after this one."""
        chain = [ev for ev in self.ledger.circle(evening.seating) if _has_pot(ev)]
        at = next((i for i, ev in enumerate(chain) if ev.id == evening.id), None)
        if at is None:
            return None, None
        return (chain[at - 1] if at else None), (chain[at + 1] if at + 1 < len(chain) else None)

    def _restart(self, evening: Evening, pot: Fraction, source: int) -> Evening:
        """The evening started again with the Pagat pot ``pot`` and re-scored; said in ``carried``."""
        led = self.ledger
        balance = led.balance(evening.id)
        led.set_start_pot(evening.id, pot)
        now = led.evening(evening.id)
        self._rescore(now, _("carrying the Pagat pot into evening {id}").format(id=evening.id))
        self.carried.append(Carried(now, evening.start_pot, source, led.balance(evening.id) != balance))
        return now

    def _circle_starts(self) -> list[Evening]:
        """The first evening with a Pagat pot of each circle (its players, in any seating)."""
        first: dict[frozenset[str], Evening] = {}
        for ev in sorted(self.ledger.evenings(), key=lambda ev: (ev.date, ev.id)):
            if _has_pot(ev):
                first.setdefault(frozenset(ev.seating), ev)
        return list(first.values())

    def _rescore(
        self, evening: Evening, why: str | None = None, from_seq: int = 0
    ) -> tuple[list[StoredEntry], list[Outcome]]:
        """Every derived row of the evening written anew from the entry at ``from_seq`` on."""
        led = self.ledger
        entries = led.replayed_entries(evening, from_seq)
        why = why or _("the correction")
        outcomes = self._replayed(evening, entries, why, from_seq) if entries else []  # undo: nothing after it
        led.replace_results(evening, entries, outcomes, from_seq)
        return entries, outcomes

    def _replayed(self, evening: Evening, entries: list[StoredEntry], why: str, from_seq: int) -> list[Outcome]:
        """The entries scored again from the state stored before ``from_seq``
        (the entries before are counted only to name one that no longer scores)."""
        led = self.ledger
        start = led.last_state(evening, before_seq=from_seq) if from_seq else led.start_state(evening)

        def first() -> int:
            return led.replayed_before(evening, from_seq) + 1 if from_seq else 1

        try:
            return replay(evening.rules, evening.seating, [e.as_entry() for e in entries], start, first)
        except HandError as exc:
            raise SchreiberError(_("{why} would make a later hand invalid: {exc}").format(why=why, exc=exc)) from None
