"""What every part of the service stands on: the ledger it changes, the
evening a change is for (and whether it is still as a front end last
showed it), and the replay that writes an evening's derived rows anew
after a change (a correction, a rename, a merge, a Pagat pot carried on).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from ..domain.evening import Outcome, replay
from ..domain.tournament import hands_per_round
from ..errors import HandError, SchreiberError
from ..i18n import _
from ..ledger.errors import EveningClosed, EveningWithdrawn, NoOpenEvening, RoundFull, SeveralOpenEvenings
from ..ledger.stored import Evening, StoredEntry

if TYPE_CHECKING:
    from ..ledger.store import Ledger

Which = Evening | int | None
"""The evening a change is for: as read, by its number, or None for the one open evening."""


class EveningChanged(SchreiberError):
    """The evening changed since a front end last showed it: nothing was written."""

    def __init__(self, evening: int, before: tuple[int, int], now: tuple[int, int]):
        self.evening, self.before, self.now = evening, before, now
        super().__init__(_("evening {n} changed in the meantime; nothing was written").format(n=evening))


class Carried(NamedTuple):
    """A later evening whose Pagat pot at the start followed a change before it: re-scored from its start."""

    evening: Evening  # as it is now
    was: Fraction  # the pot it started with before
    source: int  # the evening of its circle before it, whose pot it carries on
    balance_changed: bool


class Core:
    """The ledger a service changes, and what a change reports besides its
    result: ``carried``, the later evenings whose Pagat pot followed it;
    ``closed_changed``, the closed evenings whose balance a merge changed;
    ``expected``, (evening, its ``change_count``) as a front end last showed
    it: a write to that evening after another session changed it raises
    ``EveningChanged``."""

    def __init__(self, ledger: Ledger):
        self.ledger = ledger
        self.carried: list[Carried] = []
        self.closed_changed: list[Evening] = []
        self.expected: tuple[int, tuple[int, int]] | None = None

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
