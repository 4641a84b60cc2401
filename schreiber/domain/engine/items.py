"""The engine's values: one scored ``Item``, the evening ``Context`` a hand
is scored in, the ``Score`` of a hand; and how a value is paid between the
sides (RULINGS.md General 1)."""

from __future__ import annotations

from fractions import Fraction
from math import prod
from typing import NamedTuple

from ..hand import Hand
from ..names import KONTRA_LEVELS
from ..points import Exact, as_number
from ..table import Table

GAME_KINDS = ("game", "valat", "trischaken", "concede", "renonce")
KONTRA_NAMES = {"kontra": "Kontra", "re": "Re", "sub": "Sub", "hirsch": "Hirsch", "mord": "Mord"}


def kontra_factor(level: str | None) -> int:
    return 1 if not level else 2 ** (KONTRA_LEVELS.index(level) + 1)


class Item(NamedTuple):
    """One scored line of a hand."""

    kind: str  # game, premium, valat, trischaken, renonce, concede, stake, pot, strafpunkt
    label: str
    base: Exact
    multipliers: tuple[tuple[str, int], ...]
    payments: tuple[tuple[str, Exact], ...]
    note: str = ""
    declarer: str = ""  # whose game this is, where several play side by side
    total: Exact | None = None  # where multipliers differ per player: what the line moves in all

    @property
    def value(self) -> Exact:
        return self.base * factor_of(self.multipliers) if self.total is None else self.total

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "label": self.label,
            "base": as_number(self.base),
            "multipliers": [{"name": n, "factor": f} for n, f in self.multipliers],
            "value": as_number(self.value),
            "payments": {p: as_number(v) for p, v in self.payments},
            **({"note": self.note} if self.note else {}),
        }


class Context(NamedTuple):
    """Evening state that changes what a hand is worth."""

    radl: int = 1  # factor of the running Radl (1 = none)
    radl_scope: str = "all"
    holz: tuple[str, ...] = ()  # players holding at least one Holz
    pot: Fraction = Fraction(0)  # Pagat pot content before the hand is scored
    pot_cap: int = 0


class Score(NamedTuple):
    """What a hand is worth: its items, each player's total, the pot's change."""

    items: tuple[Item, ...]
    payments: tuple[tuple[str, Exact], ...]
    pot_delta: Exact = 0
    declarer_won: tuple[tuple[str, bool], ...] = ()
    events: tuple[str, ...] = ()  # e.g. "catch", "split", "trischaken" (for doubled rounds)


def zero(players: tuple[str, ...] | list[str]) -> dict[str, Exact]:
    return dict.fromkeys(players, 0)


def side_payments(value: Exact, side: tuple[str, ...], others: tuple[str, ...]) -> dict[str, Exact]:
    """``value`` won by ``side`` (negative: lost). Two against two: each
    winner +V, each loser -V; one against three: each of the three pays the
    one V, so the one gets 3V (RULINGS.md General 1)."""
    out = zero(side + others)
    if len(side) == 1 or len(others) == 1:
        for a in side:
            for b in others:
                out[a] += value
                out[b] -= value
    else:
        for p in side:
            out[p] += value
        for p in others:
            out[p] -= value
    return out


def one_against_all(value: Exact, player: str, players: tuple[str, ...] | list[str]) -> dict[str, Exact]:
    """``player`` receives ``value`` from every other player (pays, if negative)."""
    return side_payments(value, (player,), tuple(p for p in players if p != player))


def item(
    kind: str, label: str, base: Exact, mults: list | tuple, payments: dict, note: str = "", declarer: str = ""
) -> Item:
    return Item(kind, label, base, tuple(mults), tuple(sorted(payments.items())), note, declarer)


def sides(hand: Hand, table: Table) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The declarer's side (with the partner, unless the king lay in the
    talon or was his own) and the opponents."""
    d = hand.declarer or ""
    side = (d,) if hand.partner in (None, d) else (d, hand.partner)
    others = tuple(p for p in table.active if p not in side)
    return side, others


def factor_of(mults: list | tuple) -> int:
    """What a line's multipliers multiply its value by."""
    return prod(f for _, f in mults)


def times(it: Item, mults: list[tuple[str, int]]) -> Item:
    """The item with more multipliers, its payments (and total) multiplied."""
    factor = factor_of(mults)
    return it._replace(
        multipliers=it.multipliers + tuple(mults),
        payments=tuple((p, v * factor) for p, v in it.payments),
        total=None if it.total is None else it.total * factor,
    )


def rounded(value: Exact, how: str) -> Exact:
    """A value that is not whole, rounded as the rule value_rounding says:
    its magnitude (2.5 rounded down is 2, and a loss of 2.5 pays 2; nearest
    takes a half up); a whole value, and every value under ``none``, stays."""
    if how == "none" or type(value) is int or value.denominator == 1:
        return value
    size = value if value > 0 else -value
    whole = size.numerator // size.denominator
    if how == "up" or (how == "nearest" and size - whole >= Fraction(1, 2)):
        whole += 1
    return whole if value > 0 else -whole


def round_item(it: Item, how: str) -> Item:
    """A line whose value is not whole (a contract or premium worth 2.5
    after its multipliers), rounded (rule value_rounding): its payments in
    proportion (each is the value, or three times it, paid between two
    players), its total the rounded value, its label says which way."""
    v = it.value
    r = rounded(v, how)
    if r == v:
        return it
    ratio = Fraction(r) / v
    pays = tuple((p, _exact(x * ratio)) for p, x in it.payments)
    word = "abgerundet" if ratio < 1 else "aufgerundet"
    return it._replace(label=f"{it.label} ({word})", payments=pays, total=r)


def _exact(v: Exact) -> Exact:
    """Whole points as an int, as every other whole figure of a hand."""
    return int(v) if isinstance(v, Fraction) and v.denominator == 1 else v
