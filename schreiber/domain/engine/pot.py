"""The Pagat pot (Pagatkassa)."""

from __future__ import annotations

from fractions import Fraction

from ..hand import Hand
from ..points import Exact
from ..rules import Rules
from ..table import Table
from .items import Context, Item, item, sides, zero


def pagat_pot(hand: Hand, rules: Rules, table: Table, ctx: Context) -> tuple[list[Item], Exact]:
    """RULINGS.md Pagatkassa: an announced Pagat won takes the pot for its
    side; lost, that side pays the pot's content in again (doubling it)."""
    if not rules.pagatkassa or hand.renonce or hand.conceded:
        return [], 0
    e = next((e for e in hand.premiums if e.name == "pagat" and e.announced), None)
    c = rules.contracts[hand.contract]
    if e is None or c.kind != "positive" or ctx.pot <= 0:
        return [], 0
    side, others = sides(hand, table)
    party = side if e.party == "declarer" else others
    pay = zero(table.active)
    amount = ctx.pot
    if e.result == "won":
        for p in party:
            pay[p] += amount / len(party)
        label, delta = "Pagatkassa gewonnen", -amount
    else:
        if ctx.pot_cap:
            amount = max(Fraction(0), min(amount, ctx.pot_cap - ctx.pot))
        for p in party:
            pay[p] -= amount / len(party)
        label, delta = "Pagatkassa verdoppelt (Pagat verloren)", amount
    return [item("pot", label, amount, [], pay)], delta
