"""One hand record being read (``record.check_hand``): the values found so
far and every problem, with the readers each step shares (a player, a Kontra
level and who gave it, a result), each saying what is wrong in the words of
the table."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from ..i18n import N_, _
from .hand import PremiumEntry
from .names import KONTRA_LEVELS, listing, match_players
from .points import Exact
from .rules import Contract, Rules
from .table import Table
from .vocabulary import KONTRA_WORDS, RESULT_WORDS

_RECORD_INPUT: ContextVar[bool] = ContextVar("record_input", default=False)


@contextmanager
def record_input(given: bool = True) -> Iterator[None]:
    """While a hand ``given`` as a hand record (JSON: --record, a JSON Lines
    file) is checked, its problems name the record's keys and values; else
    what to type in the notation (``said``)."""
    token = _RECORD_INPUT.set(given)
    try:
        yield
    finally:
        _RECORD_INPUT.reset(token)


def said(table: str, record: str) -> str:
    """The message in the words the hand was given in: the notation's at the
    table, the record's keys for a hand record (``record_input``)."""
    return record if _RECORD_INPUT.get() else table


class Checker:
    """One hand record being read: the values found so far and every problem."""

    def __init__(self, raw: dict, rules: Rules, players: tuple[str, ...]):
        self.raw = raw
        self.rules = rules
        self.players = players
        self.problems: list[str] = []
        self.dealer = players[0]
        self.cid: str | None = None
        self.contract: Contract | None = None
        self.trisch = False
        self.table: Table  # set by _contract, the first check to need it (with five, Trischaken seats the dealer)
        self.active: tuple[str, ...] = players  # the players in the hand, set with the table
        self.valid_premiums = rules.premiums.active  # shared: only read
        self.declarers: list[str] = []
        self.partner: str | None = None
        self.has_partner = "partner" in raw
        self.conceded = False
        self.points: Exact | None = None
        self.tricks: int | None = None
        self.results: dict[str, str] = {}
        self.kontra: str | None = None
        self.kontra_by: dict[str, str] = {}
        self.kontra_from: str | None = None
        self.premiums: list[PremiumEntry] = []
        self.scores: dict[str, Exact] = {}
        self.tricks_by: dict[str, int] = {}
        self.mit: list[str] = []
        self.renonce: str | None = None

    def fail(self, msg: str, **values: object) -> None:
        msg = msg.format(**values) if values else msg
        if msg not in self.problems:
            self.problems.append(msg)

    def player(self, value: Any, role: str) -> str | None:
        """The player ``value`` names, as ``role`` (marked with ``N_``: said in the screen's language)."""
        if value in self.players:  # a name as seated, as most records write it
            return value
        if not isinstance(value, str) or not value.strip():
            self.fail(
                _("{role} must be a player's name, not {value!r}; players: {players}").format(
                    role=_(role), value=value, players=listing(self.players)
                )
            )
            return None
        matches = match_players(value, self.players)
        if len(matches) == 1:
            return matches[0]
        self.fail(
            _("unknown player '{value}' as {role}; the evening's players are {players}").format(
                value=value, role=_(role), players=listing(self.players)
            )
        )
        return None

    def in_game(self, p: str | None, role: str) -> str | None:
        """A player who plays this hand (with five, the dealer sits out)."""
        if p is not None and p not in self.active:
            self.fail(
                _("{p} deals this hand and sits out; {role} must be one of {active}").format(
                    p=p, role=_(role), active=listing(self.active)
                )
            )
            return None
        return p

    def level(self, value: Any, what: str) -> str | None:
        levels = self.rules.kontra_levels
        if not isinstance(value, str):
            self.fail(
                _("{what}: Kontra level must be one of {levels}, not {value!r}").format(
                    what=what, levels=listing(levels), value=value
                )
            )
            return None
        low = value.strip().lower()
        low = KONTRA_WORDS.get(low, low)  # what players say for a level
        if low not in KONTRA_LEVELS:
            self.fail(
                _("{what}: unknown Kontra level '{value}'; valid: {levels}").format(
                    what=what, value=value, levels=listing(levels)
                )
            )
            return None
        if low not in levels:
            self.fail(
                _(
                    "{what}: Kontra level '{low}' does not exist under {preset} (up to {levels}); valid: {levels2}"
                ).format(what=what, low=low, preset=self.rules.preset, levels=levels[-1], levels2=listing(levels))
            )
            return None
        return low

    def result(self, value: Any, what: str) -> str | None:
        if isinstance(value, str) and value.strip().lower() in RESULT_WORDS:
            return RESULT_WORDS[value.strip().lower()]
        if isinstance(value, bool):
            return "won" if value else "lost"
        self.fail(_('{what} must be "won" or "lost", not {value!r}').format(what=what, value=value))
        return None

    def who_doubled(self, who: Any, level: str | None, party: str, what: str) -> str | None:
        """Who gave the Kontra on an item of ``party`` (rule partner_kontra):
        only a hidden partner can double his own side's item."""
        if not level:
            self.fail(
                _(
                    "kontra_from on {what}: there is no Kontra on it (give kontra as well, or leave kontra_from out)"
                ).format(what=what)
            )
            return None
        p = self.in_game(self.player(who, _("kontra_from on {what}").format(what=what)), N_("kontra_from"))
        if p is None or not self.declarers:
            return p
        declarers = {self.declarers[0], self.partner}
        own = declarers if party == "declarer" else set(self.active) - declarers
        hidden = self.partner is not None and self.partner != self.declarers[0]
        if (p == self.declarers[0] and party == "declarer") or (p in own and not hidden):
            self.fail(
                _(
                    "{p} plays on the side of {what} and cannot double it; kontra_from names the one who gave the Kontra"
                ).format(p=p, what=what)
            )
            return None
        return p
