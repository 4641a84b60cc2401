"""The hand record of ../shared/interface.md: parsed, checked, and written back.

``check_hand`` reads the JSON shape into an immutable ``Hand`` and reports
every problem at once, in the words of the table ("Rufer can only be played
by the Vorhand (Berti)"), so the scorekeeper fixes a hand in one go.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .names import closest, lookup
from .points import format_points, parse_points
from .rules import KONTRA_LEVELS, Rules
from .table import Table

RESULTS = ("won", "lost")
PARTIES = ("declarer", "opponents")
HAND_KEYS = (
    "contract", "declarer", "partner", "result", "points", "tricks", "kontra", "premiums",
    "conceded", "scores", "tricks_by", "mit", "renonce", "dealer",
)
PREMIUM_KEYS = ("name", "party", "announced", "result", "kontra")
_RESULT_WORDS = {"won": "won", "win": "won", "gewonnen": "won", "lost": "lost", "loss": "lost", "verloren": "lost"}


class HandError(ValueError):
    """A hand that cannot be recorded; ``problems`` lists every reason."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


@dataclass(frozen=True)
class PremiumEntry:
    name: str
    party: str
    announced: bool
    result: str
    kontra: str | None = None

    def to_json(self) -> dict:
        out = {"name": self.name, "party": self.party, "announced": self.announced, "result": self.result}
        if self.kontra:
            out["kontra"] = self.kontra
        return out


@dataclass(frozen=True)
class Hand:
    contract: str
    declarers: tuple[str, ...] = ()
    partner: str | None = None
    result: tuple[tuple[str, str], ...] = ()  # declarer -> won/lost
    points: Fraction | None = None
    tricks: int | None = None
    kontra: str | None = None
    kontra_by: tuple[tuple[str, str], ...] = ()  # player -> level (negative, Trischaken)
    premiums: tuple[PremiumEntry, ...] = ()
    conceded: bool = False
    scores: tuple[tuple[str, Fraction], ...] = ()
    tricks_by: tuple[tuple[str, int], ...] = ()
    mit: tuple[str, ...] = ()
    renonce: str | None = None
    dealer: str | None = None
    extra: dict = field(default_factory=dict, compare=False, hash=False)

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
        if "partner" in self.extra:
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


def _listing(names) -> str:
    return ", ".join(names)


class _Checker:
    """Collects problems while reading one hand record."""

    def __init__(self, raw: dict, rules: Rules, players: tuple[str, ...]):
        self.raw = raw
        self.rules = rules
        self.players = players
        self.problems: list[str] = []

    def fail(self, msg: str) -> None:
        if msg not in self.problems:
            self.problems.append(msg)

    def player(self, value, role: str) -> str | None:
        if not isinstance(value, str) or not value.strip():
            self.fail(f"{role} must be a player's name, not {value!r}; players: {_listing(self.players)}")
            return None
        for p in self.players:
            if p == value:
                return p
        matches = [p for p in self.players if p.casefold() == value.strip().casefold()]
        if len(matches) == 1:
            return matches[0]
        self.fail(f"unknown player '{value}' as {role}; the evening's players are {_listing(self.players)}")
        return None

    def level(self, value, what: str) -> str | None:
        levels = self.rules.kontra_levels
        if not isinstance(value, str):
            self.fail(f"{what}: Kontra level must be one of {_listing(levels)}, not {value!r}")
            return None
        low = value.strip().lower()
        low = {"rekontra": "re", "subkontra": "sub", "superkontra": "sub", "hirschkontra": "hirsch",
               "mordkontra": "mord", "spritzen": "kontra", "gspritzt": "kontra", "retour": "re"}.get(low, low)
        if low not in KONTRA_LEVELS:
            self.fail(f"{what}: unknown Kontra level '{value}'; valid: {_listing(levels)}")
            return None
        if low not in levels:
            self.fail(
                f"{what}: Kontra level '{low}' does not exist under {self.rules.preset} "
                f"(up to {levels[-1]}); valid: {_listing(levels)}"
            )
            return None
        return low

    def result(self, value, what: str) -> str | None:
        if isinstance(value, str) and value.strip().lower() in _RESULT_WORDS:
            return _RESULT_WORDS[value.strip().lower()]
        if isinstance(value, bool):
            return "won" if value else "lost"
        self.fail(f"{what} must be \"won\" or \"lost\", not {value!r}")
        return None


def check_hand(raw: Any, rules: Rules, players: tuple[str, ...], dealer: str | None) -> tuple[Hand, Table]:
    """Read and check one hand record against the rules and the seating.

    ``dealer`` is the dealer by rotation; the record's own ``dealer`` wins.
    Returns the hand and its table, or raises HandError with every problem.
    """
    if not isinstance(raw, dict):
        raise HandError([f"a hand record must be a JSON object, not {type(raw).__name__}"])
    ck = _Checker(raw, rules, players)
    unknown = [k for k in raw if k not in HAND_KEYS]
    for k in unknown:
        near = closest(k, HAND_KEYS)
        hint = f" (did you mean '{near[0]}'?)" if near else ""
        ck.fail(f"unknown field '{k}'{hint}; valid fields: {_listing(HAND_KEYS)}")

    # The dealer, and so the table.
    if raw.get("dealer") is not None:
        dealer = ck.player(raw["dealer"], "dealer") or dealer
    if dealer is None:
        dealer = players[0]

    # The contract.
    contracts = rules.active_contracts
    cid = None
    craw = raw.get("contract")
    if craw is None:
        ck.fail(f"the contract is missing; valid: {_listing(contracts)}")
    elif not isinstance(craw, str):
        ck.fail(f"contract must be a name, not {craw!r}; valid: {_listing(contracts)}")
    else:
        cid = lookup(craw, rules.contracts)
        if cid is None or cid not in contracts:
            if cid is not None:
                ck.fail(f"contract '{craw}' is switched off in these rules (contract.{cid}.enabled=false); valid: {_listing(contracts)}")
            else:
                near = closest(craw, contracts)
                hint = f" (did you mean {' or '.join(near)}?)" if near else ""
                ck.fail(f"unknown contract '{craw}' under {rules.preset}{hint}; valid: {_listing(contracts)}")
            cid = None
    contract = contracts[cid] if cid else None
    trisch = contract is not None and contract.kind == "trischaken"
    table = Table(players, dealer, dealer_plays=bool(trisch and rules.trischaken_five))
    active = table.active

    def in_game(p: str | None, role: str) -> str | None:
        if p is not None and p not in active:
            ck.fail(f"{p} deals this hand and sits out; {role} must be one of {_listing(active)}")
            return None
        return p

    # Declarer(s).
    declarers: list[str] = []
    draw = raw.get("declarer")
    if isinstance(draw, list):
        if not draw:
            ck.fail("declarer list is empty; name the player who won the bidding")
        for d in draw:
            p = in_game(ck.player(d, "declarer"), "declarer")
            if p and p in declarers:
                ck.fail(f"{p} is named twice as declarer")
            elif p:
                declarers.append(p)
        if contract is not None and len(draw) > 1:
            if contract.kind != "negative":
                ck.fail(f"only negative contracts can be played side by side; {contract.name} has one declarer")
            elif not rules.side_by_side:
                ck.fail(f"{rules.preset} does not allow negative contracts side by side; give one declarer")
    elif draw is not None:
        p = in_game(ck.player(draw, "declarer"), "declarer")
        if p:
            declarers.append(p)
    elif contract is not None and not trisch:
        ck.fail(f"the declarer is missing; players: {_listing(active)}")

    if contract is not None and declarers:
        if trisch and not contract.vorhand and declarers[0] != table.vorhand:
            ck.fail(f"in {contract.name} the declarer, if given, is the Vorhand ({table.vorhand}), not {declarers[0]}")
        elif contract.vorhand and declarers[0] != table.vorhand:
            ck.fail(f"{contract.name} can only be played by the Vorhand ({table.vorhand}), not {declarers[0]}")

    # Partner.
    partner = None
    has_partner = "partner" in raw
    if contract is not None:
        if contract.call:
            if not has_partner:
                ck.fail(
                    f"{contract.name} calls a king: give the partner who held it "
                    f"(or null if the king lay in the talon)"
                )
            elif raw["partner"] is not None:
                partner = in_game(ck.player(raw["partner"], "partner"), "partner")
                if partner and declarers and partner == declarers[0] and not rules.own_king:
                    ck.fail(f"calling one's own king is not allowed under {rules.preset}; give the partner or null")
        elif has_partner and raw["partner"] is not None:
            ck.fail(f"{contract.name} is played without a partner; leave out partner")

    # Conceding.
    conceded = raw.get("conceded", False)
    if not isinstance(conceded, bool):
        ck.fail(f"conceded must be true or false, not {conceded!r}")
        conceded = False
    if conceded and contract is not None:
        if contract.concede is None:
            allowed = [c.name for c in contracts.values() if c.concede is not None]
            tail = f"; it is allowed in {_listing(allowed)}" if allowed else ""
            ck.fail(f"conceding (schleifen) a {contract.name} is not allowed under {rules.preset}{tail}")
        elif partner is not None:
            ck.fail("a game can only be conceded when the called king lay in the talon: set partner to null")

    # Points and result.
    points = None
    if raw.get("points") is not None:
        if contract is not None and contract.kind != "positive":
            ck.fail(f"points are only for positive contracts; {contract.name} is decided by tricks")
        else:
            try:
                points = parse_points(raw["points"], rules.deck_points, rules.blatt)
            except ValueError as exc:
                ck.fail(str(exc))
    tricks = raw.get("tricks")
    if tricks is not None:
        if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= 12:
            ck.fail(f"tricks must be a whole number 0..12, not {tricks!r}")
            tricks = None
        elif contract is not None and contract.kind != "negative":
            ck.fail(f"tricks are only for negative contracts; give points or result for {contract.name}")
            tricks = None

    results: dict[str, str] = {}
    rraw = raw.get("result")
    if isinstance(rraw, dict):
        for name, value in rraw.items():
            p = ck.player(name, "result")
            r = ck.result(value, f"result of {name}")
            if p and r:
                if p not in declarers:
                    ck.fail(f"result given for {p}, who is not a declarer")
                if p in results:
                    ck.fail(f"{p} is named twice in result")
                results[p] = r
    elif rraw is not None:
        r = ck.result(rraw, "result")
        if r:
            for d in declarers:
                results[d] = r
    if contract is not None and declarers and not trisch and not conceded and not raw.get("renonce"):
        need = parse_points(rules.game_needs, 71)
        for d in declarers:
            derived = None
            if contract.kind == "positive" and points is not None:
                derived = "won" if points >= need else "lost"
            elif contract.kind == "negative" and tricks is not None and len(declarers) == 1:
                derived = "won" if tricks == contract.tricks else "lost"
            if d in results and derived and results[d] != derived:
                what = f"{format_points(points)} points" if contract.kind == "positive" else f"{tricks} tricks"
                ck.fail(f"{what} mean the {contract.name} was {derived}, but result says {results[d]}")
            if d not in results:
                if derived:
                    results[d] = derived
                elif _blosser_rufer(raw, contract, rules):
                    results[d] = "won"
                elif raw.get("points") is not None or raw.get("tricks") is not None:
                    pass  # the points or tricks given are wrong, and that is reported already
                elif len(declarers) > 1:
                    ck.fail(f"the result of {d}'s {contract.name} is missing: give result as "
                            f"{{\"{d}\": \"won\", ...}} for each declarer")
                else:
                    how = "points" if contract.kind == "positive" else "tricks"
                    ck.fail(f"the result of {d}'s {contract.name} is missing: give result (won/lost) or {how}")

    # Kontra on the game.
    kontra = None
    kontra_by: dict[str, str] = {}
    kraw = raw.get("kontra")
    if kraw is not None and contract is not None:
        if isinstance(kraw, dict):
            if contract.kind == "positive":
                ck.fail(f"Kontra on a {contract.name} counts for the whole side: give one level, e.g. \"kontra\"")
            elif trisch and not rules.trischaken_kontra:
                ck.fail(f"{contract.name} has no Kontra under {rules.preset}")
            else:
                for name, lvl in kraw.items():
                    p = in_game(ck.player(name, "Kontra"), "Kontra")
                    level = ck.level(lvl, f"Kontra of {name}")
                    if p and level:
                        if not trisch and p in declarers:
                            ck.fail(f"{p} is a declarer and cannot give Kontra on his own game")
                        if trisch and level != "kontra":
                            ck.fail(f"in {contract.name} each player can only say \"kontra\", not {level}")
                        if p in kontra_by:
                            ck.fail(f"{p} is named twice in kontra")
                        kontra_by[p] = level
        else:
            level = ck.level(kraw, "Kontra on the game")
            if level and trisch:
                if not rules.trischaken_kontra:
                    ck.fail(f"{contract.name} has no Kontra under {rules.preset}")
                else:
                    ck.fail(f"in {contract.name} each player doubles for himself: give kontra as {{\"Name\": \"kontra\"}}")
            elif level and contract.kind == "negative":
                for p in active:
                    if p not in declarers:
                        kontra_by[p] = level
            elif level:
                kontra = level
        if conceded and (kontra or kontra_by):
            ck.fail("a conceded game is not played: leave out kontra")

    # Premiums.
    premiums = _check_premiums(ck, raw.get("premiums"), contract, rules, partner, has_partner, declarers, conceded)

    # Trischaken scores.
    scores: dict[str, Fraction] = {}
    tricks_by: dict[str, int] = {}
    mit: list[str] = []
    for key in ("scores", "tricks_by", "mit"):
        if raw.get(key) is not None and contract is not None and not trisch:
            ck.fail(f"{key} belongs to Trischaken/Fahren, not to {contract.name}")
    if trisch:
        sraw = raw.get("scores")
        if raw.get("renonce") is not None and not sraw:
            pass  # a Renonce in Trischaken is settled at a fixed value (tir:69): no count needed
        elif not isinstance(sraw, dict) or not sraw:
            ck.fail(f"{contract.name} needs the card points of every player: scores {{name: points}} for {_listing(active)}")
        else:
            for name, value in sraw.items():
                p = in_game(ck.player(name, "scores"), "scores")
                try:
                    pts = parse_points(value, rules.deck_points, rules.blatt)
                except ValueError as exc:
                    ck.fail(f"score of {name}: {exc}")
                    continue
                if p in scores:
                    ck.fail(f"{p} is named twice in scores")
                elif p:
                    scores[p] = pts
            missing = [p for p in active if p not in scores]
            if missing and len(scores) == len(sraw):
                ck.fail(f"scores missing for {_listing(missing)}")
            elif not missing and sum(scores.values()) != rules.deck_points:
                ck.fail(
                    f"the scores add up to {format_points(sum(scores.values()))}, "
                    f"but the deck has {rules.deck_points} points; count the talon with whoever took it"
                )
        traw = raw.get("tricks_by")
        if traw is not None:
            if not isinstance(traw, dict):
                ck.fail("tricks_by must map each player to his number of tricks")
            else:
                for name, value in traw.items():
                    p = in_game(ck.player(name, "tricks_by"), "tricks_by")
                    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 12:
                        ck.fail(f"tricks of {name} must be a whole number 0..12, not {value!r}")
                    elif p in tricks_by:
                        ck.fail(f"{p} is named twice in tricks_by")
                    elif p:
                        tricks_by[p] = value
                if tricks_by and len(tricks_by) == len(active) and sum(tricks_by.values()) != 12:
                    ck.fail(f"tricks_by add up to {sum(tricks_by.values())}, but a hand has 12 tricks")
        mraw = raw.get("mit")
        if mraw is not None:
            if not rules.trischaken_scheme.mit:
                ck.fail(f"\"mit\" is not part of {contract.name} under {rules.preset}; leave it out")
            elif not isinstance(mraw, list):
                ck.fail("mit must be a list of the players who said \"mit\"")
            else:
                for name in mraw:
                    p = in_game(ck.player(name, "mit"), "mit")
                    if p and p not in mit:
                        mit.append(p)

    # Renonce.
    renonce = None
    if raw.get("renonce") is not None:
        renonce = in_game(ck.player(raw["renonce"], "renonce"), "renonce")

    if ck.problems:
        raise HandError(ck.problems)

    extra = {"partner": True} if has_partner else {}
    # Per-player fields in seating order, so the same hand is the same value
    # however its record was written.
    seat = {p: i for i, p in enumerate(players)}
    results = dict(sorted(results.items(), key=lambda kv: seat[kv[0]]))
    kontra_by = dict(sorted(kontra_by.items(), key=lambda kv: seat[kv[0]]))
    scores = dict(sorted(scores.items(), key=lambda kv: seat[kv[0]]))
    tricks_by = dict(sorted(tricks_by.items(), key=lambda kv: seat[kv[0]]))
    mit = sorted(mit, key=seat.__getitem__)
    hand = Hand(
        contract=cid,
        declarers=tuple(declarers),
        partner=partner,
        result=tuple(results.items()),
        points=points,
        tricks=tricks,
        kontra=kontra,
        kontra_by=tuple(kontra_by.items()),
        premiums=tuple(premiums),
        conceded=conceded,
        scores=tuple(scores.items()),
        tricks_by=tuple(tricks_by.items()),
        mit=tuple(mit),
        renonce=renonce,
        dealer=raw.get("dealer") and dealer,
        extra=extra,
    )
    return hand, table


def _blosser_rufer(raw: dict, contract, rules: Rules) -> bool:
    """tirol extra: a bare Rufer without announcement is settled at once as won."""
    if not rules.blosse_rufer or contract.id != "rufer" or raw.get("kontra"):
        return False
    return not any(isinstance(p, dict) and p.get("announced") for p in raw.get("premiums") or [])


def _check_premiums(ck: _Checker, praw, contract, rules: Rules, partner, has_partner, declarers, conceded):
    out: list[PremiumEntry] = []
    if praw is None:
        praw = []
    if not isinstance(praw, list):
        ck.fail("premiums must be a list of objects like {\"name\": \"pagat\", \"party\": \"declarer\", \"announced\": true, \"result\": \"won\"}")
        return out
    valid = rules.active_premiums
    seen: set[str] = set()
    for i, p in enumerate(praw, 1):
        if not isinstance(p, dict):
            ck.fail(f"premium {i} must be an object with name, party, announced and result")
            continue
        for k in p:
            if k not in PREMIUM_KEYS:
                ck.fail(f"premium {i}: unknown field '{k}'; valid: {_listing(PREMIUM_KEYS)}")
        name = p.get("name")
        pid = lookup(name, rules.premiums) if isinstance(name, str) else None
        if pid is None or pid not in valid:
            near = closest(name, valid) if isinstance(name, str) else []
            hint = f" (did you mean {' or '.join(near)}?)" if near else ""
            ck.fail(f"unknown premium '{name}' under {rules.preset}{hint}; valid: {_listing(valid)}")
            continue
        prem = valid[pid]
        party = p.get("party", "declarer")
        if party not in PARTIES:
            ck.fail(f"{prem.name}: party must be \"declarer\" or \"opponents\", not {party!r}")
            continue
        announced = p.get("announced", False)
        if not isinstance(announced, bool):
            ck.fail(f"{prem.name}: announced must be true or false, not {announced!r}")
            continue
        if "result" not in p:
            ck.fail(f"{prem.name}: result (won/lost) is missing")
            continue
        result = ck.result(p.get("result"), f"result of {prem.name}")
        if result is None:
            continue
        if pid in seen:
            ck.fail(f"{prem.name} is listed twice; a premium counts once per hand")
        seen.add(pid)
        if contract is not None:
            if contract.kind != "positive":
                ck.fail(f"premiums do not count in {contract.name}; leave out {prem.name}")
                continue
            allowed = contract.premiums
            if allowed is not None and pid not in allowed:
                names = _listing(valid[a].name for a in allowed if a in valid) or "none"
                ck.fail(f"{prem.name} is not allowed in a {contract.name} under {rules.preset}; allowed: {names}")
                continue
            if prem.needs_call and not contract.call:
                ck.fail(f"{prem.name} needs a called king; {contract.name} calls none")
                continue
        if prem.party and party != prem.party:
            ck.fail(f"{prem.name} can only be made by the {prem.party}")
        if announced and prem.announced_by and party != prem.announced_by:
            side = "the declarer's side" if prem.announced_by == "declarer" else "the opponents"
            ck.fail(f"{prem.name} can only be announced by {side} under {rules.preset}")
        if announced and prem.announced is None:
            ck.fail(f"{prem.name} cannot be announced under {rules.preset}; record it with announced false")
        if not announced and prem.silent is None:
            ck.fail(f"{prem.name} cannot be played silently under {rules.preset}; record it with announced true")
        if not announced and prem.kind == "valat" and result == "lost":
            ck.fail("a silent Valat cannot be lost; leave it out")
        kontra = None
        if p.get("kontra") is not None:
            if not announced:
                ck.fail(f"Kontra on {prem.name}: only announced premiums can be doubled")
            else:
                kontra = ck.level(p["kontra"], f"Kontra on {prem.name}")
        if conceded:
            ck.fail(f"a conceded game is not played: leave out {prem.name}")
        out.append(PremiumEntry(pid, party, announced, result, kontra))
    if contract is not None and contract.requires and not conceded:
        if not any(e.name in contract.requires and e.announced and e.party == "declarer" for e in out):
            birds = [valid[r].name for r in contract.requires if r in valid]
            what = birds[0] if len(birds) == 1 else "one of " + _listing(birds)
            ck.fail(f"a {contract.name} must announce {what} for the declarer's side; add it to premiums")
    return out
