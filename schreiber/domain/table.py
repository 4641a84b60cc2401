"""Who sits where for one hand: dealer, Vorhand and the players in the game."""

from __future__ import annotations

from typing import NamedTuple


class Table(NamedTuple):
    """The seating of one hand. ``players`` in seating order (direction of
    play); with five players the dealer sits out unless ``dealer_plays``."""

    players: tuple[str, ...]
    dealer: str
    dealer_plays: bool = False

    @property
    def vorhand(self) -> str:
        i = self.players.index(self.dealer)
        return self.players[(i + 1) % len(self.players)]

    @property
    def active(self) -> tuple[str, ...]:
        """The players in the hand, starting with the Vorhand."""
        i = self.players.index(self.dealer)
        order = self.players[i + 1 :] + self.players[: i + 1]
        if len(self.players) >= 5 and not self.dealer_plays:
            order = order[:-1]
        return order

    def next_dealer(self) -> str:
        return self.vorhand
