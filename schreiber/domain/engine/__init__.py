"""The scoring engine: a checked hand + rules -> itemized payments.

Pure functions over immutable values; exact arithmetic (Fraction). Every
scored item (the game, each premium, Valat, each Trischaken payout, the
Pagat pot) is one ``Item`` with its base value and every multiplier, so every
figure on the sheet can be explained. Payments of a hand sum to zero, except
what flows into or out of the Pagat pot.

    items.py       Item, Context, Score; paying a value between the sides
    positive.py    positive contracts, their premiums, Valat
    negative.py    negative contracts, conceding, Renonce
    trischaken.py  Trischaken/Fahren payout: a shape per scheme, and the payout keys
    pot.py         the Pagat pot
    score.py       one hand: its items, then Radl and Holz, then the pot
"""

from .items import KONTRA_NAMES, Context, Item, Score, kontra_factor, one_against_all, side_payments
from .score import counted_kontra, holz_players, score, without_kontra
from .trischaken import SCHEMES

__all__ = [
    "KONTRA_NAMES",
    "SCHEMES",
    "Context",
    "Item",
    "Score",
    "counted_kontra",
    "holz_players",
    "kontra_factor",
    "one_against_all",
    "score",
    "side_payments",
    "without_kontra",
]
