"""Evenings as a whole: started (seated, the Pagat pot carried over),
closed, opened again, settled, their tarif set, a player renamed in all
of them. Each change is one transaction.
"""

from __future__ import annotations

import unicodedata
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from ..domain.names import check_name, known_player, match_players, name_key
from ..errors import SchreiberError
from ..i18n import _
from ..ledger.stored import Evening
from .core import Which
from .pot import Pot

if TYPE_CHECKING:
    from ..domain.rules import Rules


class Seated(tuple):
    """The players of a new evening as ``check_players`` took them: not checked again."""


class Started(NamedTuple):
    evening_id: int
    dealer: str
    closed: tuple[Evening, ...] = ()  # evenings that were still open
    pot: Fraction = Fraction(0)  # the Pagat pot carried over ...
    pot_from: int | None = None  # ... from this evening
    still_open: tuple[Evening, ...] = ()  # other evenings left open (tables of a tournament, --keep-open)
    seating: tuple[str, ...] = ()  # the players as the ledger keeps them ("anna": the Anna of earlier evenings)


def check_players(players: list[str] | tuple[str, ...]) -> Seated:
    """The seating of a new evening: 4 or 5 distinct names."""
    if isinstance(players, Seated):
        return players
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
    return Seated(names)


def seating(players: list[str] | tuple[str, ...], dealer: str | None = None) -> tuple[tuple[str, ...], str]:
    """The checked seating and who deals first (``dealer`` by name, else the first listed)."""
    names = check_players(players)
    return names, first_dealer(names, dealer)


def first_dealer(names: tuple[str, ...], dealer: str | None) -> str:
    """Who of ``names`` deals first: ``dealer`` by name, else the first listed."""
    if dealer is None:
        return names[0]
    match = match_players(dealer, names)
    if not match:
        raise SchreiberError(
            _("dealer '{dealer}' is not at the table; players: {names}"), dealer=dealer, names=", ".join(names)
        )
    return match[0]


class Evenings(Pot):
    """An evening started, closed, opened again, settled; its tarif; a player's name."""

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
        names = led.kept_names(check_players(players))  # "anna" is the Anna of earlier evenings
        first = first_dealer(names, dealer)
        pot, pot_from = self.carried_pot(names, date) if rules.pagatkassa else (Fraction(0), None)
        with led.transaction(checked=True):
            closed = [] if keep_open else led.close_open_evenings()
            eid = led.insert_evening(
                names, rules, date, first, rules.tarif_cents if tarif_cents is None else tarif_cents, pot
            )
            still_open = [ev for ev in led.open_evenings() if ev.id != eid]
        return Started(eid, first, tuple(closed), pot, pot_from, tuple(still_open), names)

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
