"""The end of an evening: points into money, and who pays whom. Pure and
exact: points are Fractions, money whole cents, rounded ONCE for the whole
evening. The rules 1-5 in full: docs/settlement-and-stats.md (Settlement):
1. balances (a split pot shared out), 2. money = points x tarif, 3. the
Pagat pot a party of its own, 4. rounding by largest remainder, 5. the
fewest transfers (at most parties - 1).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache

from ..domain.money import POT, evening_cents
from ..domain.points import as_number
from ..i18n import _, ngettext
from ..ledger.stored import Evening
from ..render import alike, euro, gain, money, signed_euro

RULE_TEXT = (
    "money = points x tarif, rounded once per evening to the cent by largest remainder "
    "(ties: seating order, the Pagatkassa last); fewest transfers"
)


@dataclass(frozen=True)
class Transfer:
    """One payment that settles the evening: who pays whom how much."""

    payer: str
    payee: str
    cents: int

    def to_json(self) -> dict:
        return {"from": self.payer, "to": self.payee, "amount": money(self.cents)}

    def text(self) -> str:
        return _("{payer} pays {payee} {amount}").format(payer=self.payer, payee=self.payee, amount=euro(self.cents))


@dataclass(frozen=True)
class Settlement:
    """An evening settled: each party's points and rounded money, and the transfers."""

    players: tuple[str, ...]  # seating order
    tarif_cents: int
    balances: dict[str, Fraction]  # points from the evening's entries
    pot_start: Fraction  # carried in from an earlier evening
    pot_end: Fraction  # content at the end (before any split)
    pot_rule: str  # carry | split
    cents: dict[str, int]  # rounded money per party (players, and POT if it moves); + = receives
    transfers: tuple[Transfer, ...]
    radl_unplayed: int = 0  # doubled hands of a Radl still to play (RULINGS.md Later rulings: said, never lost)

    @property
    def points(self) -> dict[str, Fraction]:
        """What each player settles, in points (balance plus any pot share)."""
        share = self.pot_share
        return {p: self.balances[p] + share for p in self.players}

    @property
    def exact(self) -> dict[str, Fraction]:
        """Unrounded cents per party (the pot's box only if it moves)."""
        out = {p: v * self.tarif_cents for p, v in self.points.items()}
        pot = -sum(out.values(), Fraction(0))
        if pot:
            out[POT] = pot
        return out

    @property
    def pot_share(self) -> Fraction:
        return self.pot_end / len(self.players) if self.pot_rule == "split" else Fraction(0)

    @property
    def pot_carried(self) -> Fraction:
        return self.pot_end if self.pot_rule == "carry" else Fraction(0)


def _best_groups(values: tuple[int, ...]) -> list[int]:
    """The largest number of disjoint zero-sum groups covering all parties,
    as bit masks (exact search, fine for the handful of parties at a table)."""
    n = len(values)
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]

    @cache
    def best(rest: int) -> tuple[int, tuple[int, ...]]:
        if rest == 0:
            return 0, ()
        low = rest & -rest
        others = rest ^ low
        found: tuple[int, tuple[int, ...]] | None = None
        sub = others
        candidates = []
        while True:  # every group that contains the lowest remaining party
            group = sub | low
            if sums[group] == 0:
                candidates.append(group)
            if sub == 0:
                break
            sub = (sub - 1) & others
        for group in sorted(candidates):
            count, groups = best(rest ^ group)
            if found is None or count + 1 > found[0]:
                found = (count + 1, (group,) + groups)
        assert found is not None  # the whole rest always sums to zero
        return found

    return list(best(full)[1])


def transfers_for(cents: dict[str, int], order: list[str]) -> tuple[Transfer, ...]:
    """The fewest transfers that bring every party to zero (see module doc)."""
    parties = [p for p in order if cents.get(p, 0) != 0]
    if not parties:
        return ()
    if sum(cents[p] for p in parties) != 0:
        raise ValueError(_("amounts do not sum to zero"))
    if len(parties) <= 12:
        masks = _best_groups(tuple(cents[p] for p in parties))
        groups = [[p for i, p in enumerate(parties) if g >> i & 1] for g in masks]
    else:  # pragma: no cover - never at a Tarock table
        groups = [parties]
    out: list[Transfer] = []
    for group in groups:
        bal = {p: cents[p] for p in group}
        while any(bal.values()):
            debtor = min(group, key=lambda p: (bal[p], order.index(p)))
            creditor = max(group, key=lambda p: (bal[p], -order.index(p)))
            amount = min(-bal[debtor], bal[creditor])
            out.append(Transfer(debtor, creditor, amount))
            bal[debtor] += amount
            bal[creditor] -= amount
    out.sort(key=lambda t: (order.index(t.payer), order.index(t.payee)))
    return tuple(out)


def settle(
    players: tuple[str, ...],
    balances: dict[str, Fraction],
    tarif_cents: int,
    pot_start: Fraction = Fraction(0),
    pot_rule: str = "carry",
) -> Settlement:
    """Settle one evening. ``balances``: each player's points of the evening
    (they sum to pot_start - pot_end: the Pagat pot holds the rest)."""
    if pot_rule not in ("carry", "split"):
        raise ValueError(_("unknown pot rule {pot_rule!r}").format(pot_rule=pot_rule))
    balances = {p: Fraction(balances.get(p, 0)) for p in players}
    pot_start = Fraction(pot_start)
    pot_end = pot_start - sum(balances.values(), Fraction(0))
    den = math.lcm(pot_start.denominator, *(v.denominator for v in balances.values()))
    nums = {p: v.numerator * (den // v.denominator) for p, v in balances.items()}
    cents = evening_cents(
        players, nums, den, tarif_cents, pot_start.numerator * (den // pot_start.denominator), pot_rule
    )
    order = list(players) + ([POT] if POT in cents else [])
    return Settlement(
        players,
        tarif_cents,
        balances,
        pot_start,
        pot_end,
        pot_rule,
        cents,
        transfers_for(cents, order),
    )


def settle_evening(evening: Evening, balance: dict[str, Fraction], radl_unplayed: int = 0) -> Settlement:
    """Settle an evening from its players' balance (``Ledger.balance``);
    ``radl_unplayed``: doubled hands of a Radl the evening has not played."""
    s = settle(evening.seating, balance, evening.tarif_cents, evening.start_pot, evening.rules.pagatkassa_end)
    return replace(s, radl_unplayed=radl_unplayed)


# Rendering ---------------------------------------------------------------


def to_json(s: Settlement, evening: Evening | None = None) -> dict:
    out: dict = {}
    if evening:
        out.update({"evening": evening.id, "date": evening.date, "status": evening.status})
    out.update(
        {
            "tarif_cents": s.tarif_cents,
            "tarif": money(s.tarif_cents),
            "players": {
                p: {
                    "points": as_number(s.points[p]),
                    "balance": as_number(s.balances[p]),
                    "pot_share": as_number(s.pot_share),
                    "amount": money(s.cents[p]),
                }
                for p in s.players
            },
            "transfers": [t.to_json() for t in s.transfers],
            "pot": {
                "name": POT,
                "start": as_number(s.pot_start),
                "end": as_number(s.pot_end),
                "rule": s.pot_rule,
                "share": as_number(s.pot_share),
                "carried": as_number(s.pot_carried),
                "amount": money(s.cents.get(POT, 0)),  # cash into (+) or out of (-) the pot's box
                "value": money(_round_cents(s.pot_end * s.tarif_cents)),
            },
            "rounding": RULE_TEXT,
            "radl_unplayed": s.radl_unplayed,
        }
    )
    return out


def _round_cents(x: Fraction) -> int:
    return int(x.numerator * 2 + x.denominator) // (2 * x.denominator) if x >= 0 else -_round_cents(-x)


def to_text(s: Settlement, evening: Evening | None = None) -> str:
    """The printable summary of the settlement (plain text, 80 columns), its points ``alike``."""
    with alike(s.points.values(), evening is not None and evening.rules.pays_parts):
        return _text(s, evening)


def _text(s: Settlement, evening: Evening | None) -> str:
    lines = []
    if evening:
        lines.append(
            _("Settlement of evening {n} ({date}, {preset})").format(
                n=evening.id, date=evening.date, preset=evening.preset
            )
        )
    lines.append(_("Rate: {amount} per point").format(amount=euro(s.tarif_cents)))
    lines.append("")
    width = max([len(p) for p in s.players] + [len(POT), 6])
    player, points, amount = _("Player"), _("Points"), _("Amount")
    lines.append(f"  {player:<{width}}  {points:>9}  {amount:>10}")
    lines.append(f"  {'-' * width}  {'-' * 9}  {'-' * 10}")
    lines += [f"  {p:<{width}}  {gain(s.points[p]):>9}  {signed_euro(s.cents[p]):>10}" for p in s.players]
    if POT in s.cents:
        lines.append(f"  {POT:<{width}}  {'':>9}  {signed_euro(s.cents[POT]):>10}")
    lines.append("")
    if s.pot_start or s.pot_end:
        lines += _pot_lines(s)
    if s.transfers:
        lines.append(_("Transfers:"))
        lines.extend(f"  {t.text()}" for t in s.transfers)
    else:
        lines.append(_("Nobody owes anybody anything."))
    lines.append("")
    lines.append(_("Rounded once, to the cent, by largest remainder (ties in seating order)."))
    if s.radl_unplayed:
        n = s.radl_unplayed
        lines.append(
            ngettext(
                "Note: a Radl is still running, {n} doubled hand not played.",
                "Note: a Radl is still running, {n} doubled hands not played.",
                n,
            ).format(n=n)
        )
    return "\n".join(lines)


def _pot_lines(s: Settlement) -> list[str]:
    """What the Pagat pot holds at the settlement, and where it goes."""
    pot_money = euro(_round_cents(s.pot_end * s.tarif_cents))
    line = _("Pagat pot: {points} points ({amount})").format(points=gain(s.pot_end).lstrip("+"), amount=pot_money)
    if s.pot_start:
        line += _(", of which {points} carried in").format(points=gain(s.pot_start).lstrip("+"))
    if s.pot_rule == "split":
        where = _("  shared out now (pagatkassa_end=split): {points} points to each player").format(
            points=gain(s.pot_share)
        )
    else:
        where = _("  carried to the next evening of this circle (pagatkassa_end=carry)")
    return [line, where, ""]
