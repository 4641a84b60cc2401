"""An evening's entries, each change one transaction: a hand added (or a
Radl, a redeal, a Strafpunkt, a round's totals from paper), taken back,
voided or corrected. A correction voids (and replaces) an entry, logs it
and re-scores the evening from there, so later hands that depend on its
state (Radl, Holz, the Pagat pot) stay right; the write API names the
evening and the hand number the caller saw (``Which``; ``Core.expected``).
"""

from __future__ import annotations

from typing import NamedTuple

from ..domain.evening import Entry, Outcome, State, ends_evening, radl_refused, step
from ..domain.table import Table
from ..errors import HandError, SchreiberError
from ..i18n import _
from ..ledger.codec import stored_record
from ..ledger.stored import Evening, Scored, StoredEntry
from .core import Which
from .pot import Pot


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
    pays_parts: bool = False  # its rules value a game in parts of a point (Rules.pays_parts): its figures alike


class NextHand(NamedTuple):
    """Who deals the evening's next hand, and what state it starts from."""

    evening: Evening
    number: int
    state: State

    @property
    def table(self) -> Table:
        return Table(self.evening.seating, self.state.next_dealer)


class Entries(Pot):
    """A hand or another entry added, read for the next hand, taken back, voided or corrected."""

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
        ends = entry.kind == "hand" and ends_evening(before, outcome.state)
        return Added(number or 0, outcome, ends, ev.id, ev.rules.pays_parts)

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
                outcome = self._replace(ev, old, entry, None)
            self._carry_on(ev)
        return outcome, old

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
            self._void(ev, last, "undo", last.seq)
        return last

    def void(self, number: int, evening: Which = None) -> StoredEntry:
        """Void hand N (it stays on the sheet, marked); later hands are re-scored."""
        with self.ledger.transaction():
            ev = self._writable(evening)
            entry = self.ledger.hand_entry(ev, number)
            self._void(ev, entry, "void", entry.seq)
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
            self._void(ev, entry, "void", 0)
        return entry

    def edit(self, number: int, record: dict, evening: Which = None) -> Outcome:
        """Replace hand N: the old one is voided, the new one takes its place
        (same number, marked as corrected); later hands are re-scored."""
        with self.ledger.transaction():
            ev = self._writable(evening)
            outcome = self._replace(ev, self.ledger.hand_entry(ev, number), Entry.hand(record), number)
            self._carry_on(ev)
        return outcome

    def _void(self, ev: Evening, entry: StoredEntry, kind: str, from_seq: int) -> None:
        """``entry`` voided (the correction ``kind`` logged), the evening re-scored from ``from_seq``."""
        self.ledger.void_entry(ev, entry.id, kind)
        self._rescore(ev, from_seq=from_seq)
        self._carry_on(ev)

    def _replace(self, ev: Evening, old: StoredEntry, entry: Entry, number: int | None) -> Outcome:
        """``old`` voided and ``entry`` put in its place (the edit logged), the
        evening re-scored from there; a hand's record stored as scored."""
        led = self.ledger
        new_id = led.insert_entry(ev, old.seq, entry, number, replaces=old.id)
        led.void_entry(ev, old.id, "edit", new_id)
        entries, outcomes = self._rescore(ev, from_seq=old.seq)
        outcome = next(o for e, o in zip(entries, outcomes) if e.id == new_id)
        if entry.kind == "hand":
            led.set_record(new_id, stored_record(outcome))  # the canonical record of the replacement
        return outcome
