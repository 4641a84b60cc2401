"""The scoring engine: a checked hand + rules -> itemized payments, exact.
Every scored item is one ``Item`` with its base value and every multiplier,
so every figure on the sheet can be explained; a hand's payments sum to
zero, except what flows into or out of the Pagat pot.
"""

from .items import Context, Item, Score, one_against_all
from .score import counted_kontra, holz_players, kontra_counted, score, without_kontra
from .trischaken import SCHEMES

__all__ = [
    "SCHEMES",
    "Context",
    "Item",
    "Score",
    "counted_kontra",
    "holz_players",
    "kontra_counted",
    "one_against_all",
    "score",
    "without_kontra",
]
