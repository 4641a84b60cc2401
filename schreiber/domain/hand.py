"""A checked hand: what the engine scores (``record.check_hand`` reads the
hand record of ../shared/interface.md into it), and written back as that
record. Named tuples: a frozen dataclass costs several times as much to make."""

from __future__ import annotations

from typing import Any, NamedTuple

from .points import Exact, format_points

PARTIES = ("declarer", "opponents")
HAND_KEYS = (
    "contract",
    "declarer",
    "partner",
    "result",
    "points",
    "tricks",
    "kontra",
    "kontra_from",
    "premiums",
    "conceded",
    "scores",
    "tricks_by",
    "mit",
    "renonce",
    "dealer",
)
PREMIUM_KEYS = ("name", "party", "announced", "result", "kontra", "kontra_from", "by", "from")
CATCHES = ("mondfang", "skuesfang", "koenigfang")  # premiums that catch a card: "by" and "from" say who, whose


class PremiumEntry(NamedTuple):
    """One premium of a hand: who played it, announced or silent, made or failed, any Kontra."""

    name: str
    party: str
    announced: bool
    result: str
    kontra: str | None = None
    kontra_from: str | None = None  # who gave the Kontra (where it matters: a hidden partner's)
    caught_by: str | None = None  # a catch: who caught the card ("by")
    caught_from: str | None = None  # ... and whose card it was ("from")

    def to_json(self) -> dict:
        out = {"name": self.name, "party": self.party, "announced": self.announced, "result": self.result}
        if self.kontra:
            out["kontra"] = self.kontra
        if self.kontra_from:
            out["kontra_from"] = self.kontra_from
        if self.caught_by:
            out["by"], out["from"] = self.caught_by, self.caught_from
        return out


class Hand(NamedTuple):
    """A checked hand record (``check_hand``): what the engine scores. A named
    tuple: a frozen dataclass costs several times as much to make."""

    contract: str
    declarers: tuple[str, ...] = ()
    partner: str | None = None
    result: tuple[tuple[str, str], ...] = ()  # declarer -> won/lost
    points: Exact | None = None
    tricks: int | None = None
    kontra: str | None = None
    kontra_by: tuple[tuple[str, str], ...] = ()  # player -> level (negative, Trischaken)
    kontra_from: str | None = None  # who gave the Kontra on the game (where it matters: a hidden partner's)
    premiums: tuple[PremiumEntry, ...] = ()
    conceded: bool = False
    scores: tuple[tuple[str, Exact], ...] = ()
    tricks_by: tuple[tuple[str, int], ...] = ()
    mit: tuple[str, ...] = ()
    renonce: str | None = None
    dealer: str | None = None
    named_partner: bool = False  # the record had "partner" (null: the king lay in the talon), written back as given

    @property
    def declarer(self) -> str | None:
        return self.declarers[0] if self.declarers else None

    def result_of(self, declarer: str) -> str | None:
        return dict(self.result).get(declarer)

    def to_json(self) -> dict:
        """The hand record as in ../shared/interface.md (canonical names)."""
        out: dict[str, Any] = {"contract": self.contract}
        if self.declarers:
            out["declarer"] = self.declarers[0] if len(self.declarers) == 1 else list(self.declarers)
        if self.named_partner:
            out["partner"] = self.partner
        if self.result:
            res = dict(self.result)
            out["result"] = res[self.declarers[0]] if len(self.declarers) == 1 and self.declarers[0] in res else res
        if self.points is not None:
            out["points"] = format_points(self.points) if self.points.denominator != 1 else int(self.points)
        if self.tricks is not None:
            out["tricks"] = self.tricks
        if self.kontra:
            out["kontra"] = self.kontra
        elif self.kontra_by:
            out["kontra"] = dict(self.kontra_by)
        if self.kontra_from:
            out["kontra_from"] = self.kontra_from
        if self.premiums:
            out["premiums"] = [p.to_json() for p in self.premiums]
        if self.conceded:
            out["conceded"] = True
        if self.scores:
            out["scores"] = {k: (int(v) if v.denominator == 1 else format_points(v)) for k, v in self.scores}
        if self.tricks_by:
            out["tricks_by"] = dict(self.tricks_by)
        if self.mit:
            out["mit"] = list(self.mit)
        if self.renonce:
            out["renonce"] = self.renonce
        if self.dealer:
            out["dealer"] = self.dealer
        return out
