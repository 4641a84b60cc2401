"""Who sits where for one hand: dealer, Vorhand and the players in the game."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple


class Table(NamedTuple):
    """The seating of one hand. ``players`` in seating order (direction of
    play); with five players the dealer sits out unless ``dealer_plays``."""

    players: tuple[str, ...]
    dealer: str
    dealer_plays: bool = False

    @property
    def vorhand(self) -> str:
        return _seating(self)[0]

    @property
    def active(self) -> tuple[str, ...]:
        """The players in the hand, starting with the Vorhand."""
        return _seating(self)[1]

    def next_dealer(self) -> str:
        return _seating(self)[0]


@lru_cache(maxsize=256)
def _seating(table: Table) -> tuple[str, tuple[str, ...]]:
    """The Vorhand and the players in the hand, worked out once per seating
    (an evening has a handful; every hand asks several times)."""
    players, dealer = table.players, table.dealer
    i = players.index(dealer)
    order = players[i + 1 :] + players[: i + 1]
    if len(players) >= 5 and not table.dealer_plays:
        order = order[:-1]
    return order[0], order
