"""The Pagat pot from evening to evening: a circle's evening starts with
what the evening of its circle before it left (``pagatkassa_end``
``carry``), and after a change every later evening of the circle with a
pot is started again with what it now carries, and re-scored.
"""

from __future__ import annotations

from fractions import Fraction

from ..i18n import _
from ..ledger.stored import Evening
from .core import Carried, Core


def has_pot(ev: Evening) -> bool:
    return bool(ev.rules.pagatkassa or ev.start_pot)


class Pot(Core):
    """The Pagat pot a new evening starts with, and carried on after a change."""

    def carried_pot(self, players: tuple[str, ...], date: str | None = None) -> tuple[Fraction, int | None]:
        """(points, evening id): the Pagat pot a new evening of this circle
        starts with, left by its latest evening with a pot (on or before ``date``)."""
        before = next((ev for ev in self.ledger.circle_evenings(players, date) if has_pot(ev)), None)
        if before is None:
            return Fraction(0), None
        pot = before.start_pot - self.ledger.paid_in(before) if before.rules.pagatkassa_end == "carry" else Fraction(0)
        return pot, before.id

    def _carry_on(self, evening: Evening, itself: bool = False) -> None:
        """The Pagat pot carried on after a change to ``evening``: each later
        evening of its circle with a pot starts with what the one before it
        left, and is re-scored where that changes. ``itself``: the evening's
        own start too."""
        led = self.ledger
        if not has_pot(evening) or not (itself or led.has_later_evening(evening)):
            return
        chain = [ev for ev in led.circle(evening.seating) if has_pot(ev)]
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
        chain = [ev for ev in self.ledger.circle(evening.seating) if has_pot(ev)]
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
            if has_pot(ev):
                first.setdefault(frozenset(ev.seating), ev)
        return list(first.values())
