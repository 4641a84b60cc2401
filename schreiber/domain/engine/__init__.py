"""The scoring engine: a checked hand + rules -> itemized payments, exact.
Every scored item is one ``Item`` with its base value and every multiplier,
so every figure on the sheet can be explained; a hand's payments sum to
zero, except what flows into or out of the Pagat pot.
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
