"""The hand record of ../shared/interface.md: parsed, checked, and written back.

``check_hand`` reads the JSON shape into an immutable ``Hand`` and reports
every problem at once, in the words of the table ("Rufer can only be played
by the Vorhand (Berti)"), so the scorekeeper fixes a hand in one go.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, NamedTuple

from ..errors import HandError
from ..i18n import N_, _
from .json_text import shown
from .names import closest, lookup, match_players
from .points import Exact, format_points, parse_points, reaches, threshold
from .rules import KONTRA_LEVELS, Contract, Premium, Rules
from .table import Table
from .vocabulary import KONTRA_WORDS, RESULT_WORDS

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
_HAND_KEYS = frozenset(HAND_KEYS)
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


def _listing(names) -> str:
    return ", ".join(names)


class _Checker:
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
                    role=_(role), value=value, players=_listing(self.players)
                )
            )
            return None
        matches = match_players(value, self.players)
        if len(matches) == 1:
            return matches[0]
        self.fail(
            _("unknown player '{value}' as {role}; the evening's players are {players}").format(
                value=value, role=_(role), players=_listing(self.players)
            )
        )
        return None

    def in_game(self, p: str | None, role: str) -> str | None:
        """A player who plays this hand (with five, the dealer sits out)."""
        if p is not None and p not in self.active:
            self.fail(
                _("{p} deals this hand and sits out; {role} must be one of {active}").format(
                    p=p, role=_(role), active=_listing(self.active)
                )
            )
            return None
        return p

    def level(self, value: Any, what: str) -> str | None:
        levels = self.rules.kontra_levels
        if not isinstance(value, str):
            self.fail(
                _("{what}: Kontra level must be one of {levels}, not {value!r}").format(
                    what=what, levels=_listing(levels), value=value
                )
            )
            return None
        low = value.strip().lower()
        low = KONTRA_WORDS.get(low, low)  # what players say for a level
        if low not in KONTRA_LEVELS:
            self.fail(
                _("{what}: unknown Kontra level '{value}'; valid: {levels}").format(
                    what=what, value=value, levels=_listing(levels)
                )
            )
            return None
        if low not in levels:
            self.fail(
                _(
                    "{what}: Kontra level '{low}' does not exist under {preset} (up to {levels}); valid: {levels2}"
                ).format(what=what, low=low, preset=self.rules.preset, levels=levels[-1], levels2=_listing(levels))
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


def check_hand(raw: Any, rules: Rules, players: tuple[str, ...], dealer: str | None) -> tuple[Hand, Table]:
    """Read and check one hand record against the rules and the seating
    (``dealer``: by rotation; the record's own wins); raises HandError with
    every problem."""
    if not isinstance(raw, dict):
        raise HandError([_("a hand record must be a JSON object, not {value}").format(value=shown(raw))])
    ck = _Checker(raw, rules, players)
    if not _HAND_KEYS.issuperset(raw):
        _unknown_fields(ck)
    _dealer(ck, dealer)
    for step in _CHECKS:
        step(ck)
    if ck.problems:
        raise HandError(ck.problems)
    return _hand(ck), ck.table


def _unknown_fields(ck: _Checker) -> None:
    for k in ck.raw:
        if k not in _HAND_KEYS:
            near = closest(k, HAND_KEYS)
            hint = _(" (did you mean {words}?)").format(words=f"'{near[0]}'") if near else ""
            ck.fail(
                _("unknown field '{k}'{hint}; valid fields: {HAND_KEYS}"), k=k, hint=hint, HAND_KEYS=_listing(HAND_KEYS)
            )


def _dealer(ck: _Checker, dealer: str | None) -> None:
    """The record's dealer, else the dealer by rotation, else the first seated."""
    if ck.raw.get("dealer") is not None:
        dealer = ck.player(ck.raw["dealer"], N_("dealer")) or dealer
    ck.dealer = dealer if dealer is not None else ck.players[0]


def _contract(ck: _Checker) -> None:
    """The contract, and so the table (with five, Trischaken may seat the dealer too)."""
    rules, contracts = ck.rules, ck.rules.contracts.active
    craw = ck.raw.get("contract")
    if craw is None:
        ck.fail(_("the contract is missing; valid: {contracts}").format(contracts=_listing(contracts)))
    elif not isinstance(craw, str):
        ck.fail(
            _("contract must be a name, not {craw!r}; valid: {contracts}"), craw=craw, contracts=_listing(contracts)
        )
    else:
        cid = lookup(craw, rules.contracts)
        if cid is not None and cid in contracts:
            ck.cid, ck.contract = cid, contracts[cid]
        elif cid is not None:
            ck.fail(
                _(
                    "contract '{craw}' is switched off in these rules (contract.{cid}.enabled=false); valid: {contracts}"
                ).format(craw=craw, cid=cid, contracts=_listing(contracts))
            )
        else:
            near = closest(craw, contracts)
            hint = _(" (did you mean {words}?)").format(words=_(" or ").join(near)) if near else ""
            ck.fail(
                _("unknown contract '{craw}' under {preset}{hint}; valid: {contracts}").format(
                    craw=craw, preset=rules.preset, hint=hint, contracts=_listing(contracts)
                )
            )
    ck.trisch = ck.contract is not None and ck.contract.kind == "trischaken"
    ck.table = Table(ck.players, ck.dealer, dealer_plays=bool(ck.trisch and rules.trischaken_five))
    ck.active = ck.table.active


def _declarers(ck: _Checker) -> None:
    contract, draw = ck.contract, ck.raw.get("declarer")
    if isinstance(draw, list):
        if not draw:
            ck.fail(_("declarer list is empty; name the player who won the bidding"))
        for d in draw:
            p = ck.in_game(ck.player(d, N_("declarer")), N_("declarer"))
            if p and p in ck.declarers:
                ck.fail(_("{p} is named twice as declarer").format(p=p))
            elif p:
                ck.declarers.append(p)
        if contract is not None and len(draw) > 1:
            _side_by_side(ck, contract)
    elif draw is not None:
        p = ck.in_game(ck.player(draw, N_("declarer")), N_("declarer"))
        if p:
            ck.declarers.append(p)
    elif contract is not None and not ck.trisch:
        ck.fail(_("the declarer is missing; players: {active}").format(active=_listing(ck.active)))
    if contract is not None and ck.declarers:
        vorhand, first = ck.table.vorhand, ck.declarers[0]
        if ck.trisch and not contract.vorhand and first != vorhand:
            ck.fail(
                _("in {name} the declarer, if given, is the Vorhand ({vorhand}), not {first}").format(
                    name=contract.name, vorhand=vorhand, first=first
                )
            )
        elif contract.vorhand and first != vorhand:
            ck.fail(
                _("{name} can only be played by the Vorhand ({vorhand}), not {first}").format(
                    name=contract.name, vorhand=vorhand, first=first
                )
            )


def _side_by_side(ck: _Checker, contract: Contract) -> None:
    """Several declarers: a negative contract the rules let be played side
    by side (side_by_side, side_by_side_contracts)."""
    rules = ck.rules
    if contract.kind != "negative":
        ck.fail(_("only negative contracts can be played side by side; {name} has one declarer"), name=contract.name)
    elif not rules.side_by_side:
        ck.fail(_("{preset} does not allow negative contracts side by side; give one declarer"), preset=rules.preset)
    elif not rules.side_by_side_allows(contract.id):
        named = rules.side_by_side_contracts.split(", ")
        allowed = _(" or ").join(rules.contracts[c].name if c in rules.contracts else c for c in named)
        ck.fail(
            _("under {preset} only {allowed} may be played side by side, not {name}; give one declarer").format(
                preset=rules.preset, allowed=allowed, name=contract.name
            )
        )


def _partner(ck: _Checker) -> None:
    contract, raw = ck.contract, ck.raw
    if contract is None:
        return
    if contract.call:
        if not ck.has_partner:
            ck.fail(
                _(
                    '{name} calls a king: give the partner who held it, or talon if the king lay in the talon (in JSON: "partner": null)'
                ).format(name=contract.name)
            )
        elif raw["partner"] is not None:
            ck.partner = ck.in_game(ck.player(raw["partner"], N_("partner")), N_("partner"))
            if ck.partner and ck.declarers and ck.partner == ck.declarers[0] and not ck.rules.own_king:
                ck.fail(
                    _(
                        "calling one's own king is not allowed under {preset}; give the partner, or talon (in JSON: null) if the king lay in the talon"
                    ).format(preset=ck.rules.preset)
                )
    elif ck.has_partner and raw["partner"] is not None:
        ck.fail(_("{name} is played without a partner; leave out partner").format(name=contract.name))


def _conceding(ck: _Checker) -> None:
    conceded = ck.raw.get("conceded", False)
    if not isinstance(conceded, bool):
        ck.fail(_("conceded must be true or false, not {conceded!r}").format(conceded=conceded))
        conceded = False
    ck.conceded = conceded
    contract = ck.contract
    if conceded and contract is not None:
        if contract.concede is None:
            allowed = [c.name for c in ck.rules.active_contracts.values() if c.concede is not None]
            tail = _("; it is allowed in {contracts}").format(contracts=_listing(allowed)) if allowed else ""
            ck.fail(
                _("conceding (schleifen) a {name} is not allowed under {preset}{tail}").format(
                    name=contract.name, preset=ck.rules.preset, tail=tail
                )
            )
        elif ck.partner is not None:
            ck.fail(_("a game can only be conceded when the called king lay in the talon: set partner to null"))


def _points_and_tricks(ck: _Checker) -> None:
    contract, raw, rules = ck.contract, ck.raw, ck.rules
    if raw.get("points") is not None:
        if contract is not None and contract.kind != "positive":
            ck.fail(_("points are only for positive contracts; {name} is decided by tricks").format(name=contract.name))
        else:
            try:
                ck.points = parse_points(raw["points"], rules.deck_points, rules.blatt)
            except ValueError as exc:
                ck.fail(str(exc))
    tricks = raw.get("tricks")
    if tricks is not None:
        if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= 12:
            ck.fail(_("tricks must be a whole number 0..12, not {tricks!r}").format(tricks=tricks))
            tricks = None
        elif contract is not None and contract.kind != "negative":
            ck.fail(_("tricks are only for negative contracts; give points or result for {name}"), name=contract.name)
            tricks = None
    ck.tricks = tricks


def _results(ck: _Checker) -> None:
    """The result given for each declarer, checked against (or derived from)
    the points or tricks."""
    rraw = ck.raw.get("result")
    if isinstance(rraw, dict):
        for name, value in rraw.items():
            p = ck.player(name, N_("result"))
            r = ck.result(value, _("result of {name}").format(name=name))
            if p and r:
                if p not in ck.declarers:
                    ck.fail(_("result given for {p}, who is not a declarer").format(p=p))
                if p in ck.results:
                    ck.fail(_("{p} is named twice in result").format(p=p))
                ck.results[p] = r
    elif rraw is not None:
        r = ck.result(rraw, '"result"')  # the key, in every language
        if r:
            for d in ck.declarers:
                ck.results[d] = r
    if ck.contract is not None and ck.declarers and not ck.trisch and not ck.conceded and not ck.raw.get("renonce"):
        for d in ck.declarers:
            _result_of(ck, ck.contract, d)


def _result_of(ck: _Checker, contract: Contract, d: str) -> None:
    need = threshold(ck.rules.game_needs)
    derived = None
    if contract.kind == "positive" and ck.points is not None:
        derived = "won" if reaches(ck.points, need) else "lost"
    elif contract.kind == "negative" and ck.tricks is not None and len(ck.declarers) == 1:
        derived = "won" if ck.tricks == contract.tricks else "lost"
    if d in ck.results and derived and ck.results[d] != derived:
        if contract.bird_decides and derived == "won":
            return  # a failed bird loses a game won on points: _bird_decides says, once the premiums are read
        _contradicted(ck, contract, derived, ck.results[d])
    if d in ck.results:
        return
    if derived:
        ck.results[d] = derived
    elif _blosser_rufer(ck.raw, contract, ck.rules):
        ck.results[d] = "won"
    elif ck.raw.get("points") is not None or ck.raw.get("tricks") is not None:
        pass  # the points or tricks given are wrong, and that is reported already
    elif len(ck.declarers) > 1:
        ck.fail(
            _('the result of {d}\'s {name} is missing: give result as {{"{d}": "won", ...}} for each declarer').format(
                d=d, name=contract.name
            )
        )
    else:
        said = (
            _(
                'the result of {d}\'s {name} is missing: give + or - (in JSON "result": "won" or "lost") or '
                "the declarer's card points"
            )
            if contract.kind == "positive"
            else _(
                'the result of {d}\'s {name} is missing: give + or - (in JSON "result": "won" or "lost") or '
                "the declarer's tricks"
            )
        )
        ck.fail(said.format(d=d, name=contract.name))


def _contradicted(ck: _Checker, contract: Contract, derived: str, said: str) -> None:
    """The points (or tricks) say the game was ``derived``, the result ``said``."""
    what = (
        _("{points} points").format(points=format_points(ck.points))
        if contract.kind == "positive" and ck.points is not None
        else _("{n} tricks").format(n=ck.tricks)
    )
    ck.fail(
        _("{what} mean the {name} was {derived}, but result says {results}").format(
            what=what, name=contract.name, derived=_(derived), results=_(said)
        )
    )


def _game_kontra(ck: _Checker) -> None:
    """Kontra on the game: one level for the whole side, or (negative
    contracts, Trischaken) each opponent for himself."""
    kraw, contract = ck.raw.get("kontra"), ck.contract
    if kraw is None or contract is None:
        return
    if isinstance(kraw, dict):
        _kontra_by(ck, contract, kraw)
    else:
        level = ck.level(kraw, _("Kontra on the game"))
        if level and ck.trisch:
            if not ck.rules.trischaken_kontra:
                ck.fail(_("{name} has no Kontra under {preset}").format(name=contract.name, preset=ck.rules.preset))
            else:
                ck.fail(
                    _('in {name} each player doubles for himself: give kontra as {{"Name": "kontra"}}').format(
                        name=contract.name
                    )
                )
        elif level and contract.kind == "negative":
            for p in ck.active:
                if p not in ck.declarers:
                    ck.kontra_by[p] = level
        elif level:
            ck.kontra = level
    if ck.conceded and (ck.kontra or ck.kontra_by):
        ck.fail(_("a conceded game is not played: leave out kontra"))


def _game_kontra_from(ck: _Checker) -> None:
    """Who gave the Kontra on the game, where a rule needs it (partner_kontra)."""
    who = ck.raw.get("kontra_from")
    if who is None or ck.contract is None:
        return
    if ck.kontra_by:
        ck.fail(_('in {name} the kontra object names who doubled; leave out "kontra_from"'), name=ck.contract.name)
    else:
        ck.kontra_from = _kontra_from(ck, who, ck.kontra, "declarer", _("the game"))


def _kontra_from(ck: _Checker, who: Any, level: str | None, party: str, what: str) -> str | None:
    """Who gave the Kontra on an item of ``party`` (rule partner_kontra):
    only a hidden partner can double his own side's item."""
    if not level:
        ck.fail(
            _("kontra_from on {what}: there is no Kontra on it (give kontra as well, or leave kontra_from out)").format(
                what=what
            )
        )
        return None
    p = ck.in_game(ck.player(who, _("kontra_from on {what}").format(what=what)), N_("kontra_from"))
    if p is None or not ck.declarers:
        return p
    declarers = {ck.declarers[0], ck.partner}
    own = declarers if party == "declarer" else set(ck.active) - declarers
    hidden = ck.partner is not None and ck.partner != ck.declarers[0]
    if (p == ck.declarers[0] and party == "declarer") or (p in own and not hidden):
        ck.fail(
            _(
                "{p} plays on the side of {what} and cannot double it; kontra_from names the one who gave the Kontra"
            ).format(p=p, what=what)
        )
        return None
    return p


def _kontra_by(ck: _Checker, contract: Contract, kraw: dict) -> None:
    if contract.kind == "positive":
        ck.fail(_('Kontra on a {name} counts for the whole side: give one level, e.g. "kontra"'), name=contract.name)
        return
    if ck.trisch and not ck.rules.trischaken_kontra:
        ck.fail(_("{name} has no Kontra under {preset}").format(name=contract.name, preset=ck.rules.preset))
        return
    for name, lvl in kraw.items():
        p = ck.in_game(ck.player(name, N_("Kontra")), N_("Kontra"))
        level = ck.level(lvl, _("Kontra of {name}").format(name=name))
        if p and level:
            if not ck.trisch and p in ck.declarers:
                ck.fail(_("{p} is a declarer and cannot give Kontra on his own game").format(p=p))
            if ck.trisch and level != "kontra":
                ck.fail(_('in {name} each player can only say "kontra", not {level}'), name=contract.name, level=level)
            if p in ck.kontra_by:
                ck.fail(_("{p} is named twice in kontra").format(p=p))
            ck.kontra_by[p] = level


def _premiums(ck: _Checker) -> None:
    ck.premiums = _check_premiums(ck, ck.raw.get("premiums"), ck.contract, ck.rules, ck.conceded)


def _bird_decides(ck: _Checker) -> None:
    """A contract whose bird decides the game (its field bird_decides): a
    bird it requires, announced by the declarer's side, that fails loses the
    game whatever the card points; a game the points win and the result
    loses is lost only so."""
    c = ck.contract
    if c is None or not c.bird_decides or ck.conceded or ck.raw.get("renonce") or len(ck.declarers) != 1:
        return
    d, points = ck.declarers[0], ck.points
    failed = [ck.rules.premiums[e.name].name for e in ck.premiums if _named_bird(e, c)]
    if failed and ck.raw.get("result") is not None and ck.results.get(d) == "won":
        ck.fail(
            _("the {bird} failed, which loses the {name} whatever the card points, but result says {result}").format(
                bird=failed[0], name=c.name, result=_("won")
            )
        )
    elif failed:
        ck.results[d] = "lost"
    elif points is not None and ck.results.get(d) == "lost" and reaches(points, threshold(ck.rules.game_needs)):
        _contradicted(ck, c, "won", "lost")


def _trischaken_counts(ck: _Checker) -> None:
    """Each player's points (and tricks, and "mit") in Trischaken/Fahren."""
    contract = ck.contract
    for key in ("scores", "tricks_by", "mit"):
        if ck.raw.get(key) is not None and contract is not None and not ck.trisch:
            ck.fail(_("{key} belongs to Trischaken/Fahren, not to {name}").format(key=key, name=contract.name))
    if not ck.trisch or contract is None:
        return
    _scores(ck, contract)
    _tricks_by(ck)
    _mit(ck, contract)


def _scores(ck: _Checker, contract: Contract) -> None:
    rules, sraw = ck.rules, ck.raw.get("scores")
    if ck.raw.get("renonce") is not None and not sraw:
        return  # a Renonce in Trischaken is settled at a fixed value (tir:69): no count needed
    if not isinstance(sraw, dict) or not sraw:
        ck.fail(
            _("{name} needs the card points of every player: scores {{name: points}} for {active}").format(
                name=contract.name, active=_listing(ck.active)
            )
        )
        return
    for name, value in sraw.items():
        p = ck.in_game(ck.player(name, N_("scores")), N_("scores"))
        try:
            pts = parse_points(value, rules.deck_points, rules.blatt)
        except ValueError as exc:
            ck.fail(_("score of {name}: {exc}").format(name=name, exc=exc))
            continue
        if p in ck.scores:
            ck.fail(_("{p} is named twice in scores").format(p=p))
        elif p:
            ck.scores[p] = pts
    missing = [p for p in ck.active if p not in ck.scores]
    if missing and len(ck.scores) == len(sraw):
        ck.fail(_("scores missing for {missing}").format(missing=_listing(missing)))
    elif not missing and sum(ck.scores.values()) != rules.deck_points:
        ck.fail(
            _(
                "the scores add up to {sum}, but the deck has {deck_points} points; count the talon with whoever took it"
            ).format(sum=format_points(sum(ck.scores.values(), Fraction(0))), deck_points=rules.deck_points)
        )


def _tricks_by(ck: _Checker) -> None:
    traw = ck.raw.get("tricks_by")
    if traw is None:
        return
    if not isinstance(traw, dict):
        ck.fail(_("tricks_by must map each player to his number of tricks"))
        return
    for name, value in traw.items():
        p = ck.in_game(ck.player(name, N_("tricks_by")), N_("tricks_by"))
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 12:
            ck.fail(_("tricks of {name} must be a whole number 0..12, not {value!r}").format(name=name, value=value))
        elif p in ck.tricks_by:
            ck.fail(_("{p} is named twice in tricks_by").format(p=p))
        elif p:
            ck.tricks_by[p] = value
    if ck.tricks_by and len(ck.tricks_by) == len(ck.active) and sum(ck.tricks_by.values()) != 12:
        ck.fail(_("tricks_by add up to {sum}, but a hand has 12 tricks").format(sum=sum(ck.tricks_by.values())))


def _mit(ck: _Checker, contract: Contract) -> None:
    mraw = ck.raw.get("mit")
    if mraw is None:
        return
    if ck.rules.trischaken_tariff(contract.value).mit == "none":
        ck.fail(
            _('"mit" is not part of {name} under {preset}; leave it out (or set the rule trischaken_mit)').format(
                name=contract.name, preset=ck.rules.preset
            )
        )
    elif not isinstance(mraw, list):
        ck.fail(_('mit must be a list of the players who said "mit"'))
    else:
        for name in mraw:
            p = ck.in_game(ck.player(name, N_("mit")), N_("mit"))
            if p and p not in ck.mit:
                ck.mit.append(p)


def _renonce(ck: _Checker) -> None:
    if ck.raw.get("renonce") is not None:
        who = ck.player(ck.raw["renonce"], N_("renonce"))
        ck.renonce = who if ck.rules.renonce_sitting_out else ck.in_game(who, N_("renonce"))  # ooe-2023.md §8.1


# The checks of a record, in order: each reads what the ones before it found.
_CHECKS = (
    _contract,
    _declarers,
    _partner,
    _conceding,
    _points_and_tricks,
    _results,
    _game_kontra,
    _game_kontra_from,
    _premiums,
    _bird_decides,
    _trischaken_counts,
    _renonce,
)


def _hand(ck: _Checker) -> Hand:
    """The checked hand, per-player fields in seating order (the same hand is
    the same value however its record was written)."""
    seat = _seats(ck.players)
    assert ck.cid is not None  # no problems: the contract was found
    return Hand(
        ck.cid,
        tuple(ck.declarers),
        ck.partner,
        _seated(ck.results, seat),
        ck.points,
        ck.tricks,
        ck.kontra,
        _seated(ck.kontra_by, seat),
        ck.kontra_from,
        tuple(ck.premiums),
        ck.conceded,
        _seated(ck.scores, seat),
        _seated(ck.tricks_by, seat),
        tuple(sorted(ck.mit, key=seat.__getitem__)) if len(ck.mit) > 1 else tuple(ck.mit),
        ck.renonce,
        ck.raw.get("dealer") and ck.dealer,
        ck.has_partner,
    )


def _seated(d: dict, seat: dict[str, int]) -> tuple:
    """A per-player field in seating order."""
    if len(d) < 2:  # most are one declarer's result, or none: nothing to sort
        return tuple(d.items())
    return tuple(sorted(d.items(), key=lambda kv: seat[kv[0]]))


@lru_cache(maxsize=64)
def _seats(players: tuple[str, ...]) -> dict[str, int]:
    """Each player's seat number, worked out once per seating (read only)."""
    return {p: i for i, p in enumerate(players)}


def _blosser_rufer(raw: dict, contract: Contract, rules: Rules) -> bool:
    """tirol extra: a bare Rufer without announcement is settled at once as won."""
    if not rules.blosse_rufer or contract.id != "rufer" or raw.get("kontra"):
        return False
    return not any(isinstance(p, dict) and p.get("announced") for p in raw.get("premiums") or [])


def _check_premiums(
    ck: _Checker, praw: Any, contract: Contract | None, rules: Rules, conceded: bool
) -> list[PremiumEntry]:
    """Every premium of the record, each checked on its own; then whether the
    contract's required announcement (a Besserrufer's bird) is there."""
    out: list[PremiumEntry] = []
    if praw is None:
        praw = []
    if not isinstance(praw, list):
        ck.fail(
            _(
                'premiums must be a list of objects like {"name": "pagat", "party": "declarer", "announced": true, "result": "won"}'
            )
        )
        return out
    seen: set[str] = set()
    names_bird = conceded and contract is not None and bool(contract.requires) and rules.concede_adds_bird
    for i, p in enumerate(praw, 1):
        entry = _premium(ck, i, p, contract, seen)
        if entry is not None:
            if conceded and not (names_bird and _named_bird(entry, contract)):
                ck.fail(_("a conceded game is not played: leave out {name}"), name=rules.premiums[entry.name].name)
            out.append(entry)
    valid = ck.valid_premiums
    if names_bird and contract is not None and sum(_named_bird(e, contract) for e in out) != 1:
        named = _listing(valid[r].name for r in contract.requires if r in valid)
        ck.fail(_('a conceded {name} pays the bird the declarer names: give one of {named} as announced by the declarer and lost').format(name=contract.name, named=named))  # fmt: skip
    if (
        contract is not None
        and contract.requires
        and not conceded
        and not any(e.name in contract.requires and e.announced and e.party == "declarer" for e in out)
        and not _renonce_without_bird(ck)
    ):
        birds = [valid[r].name for r in contract.requires if r in valid]
        what = birds[0] if len(birds) == 1 else _("one of {premiums}").format(premiums=_listing(birds))
        ck.fail(
            _("a {name} must announce {what} for the declarer's side; add it to premiums").format(
                name=contract.name, what=what
            )
        )
    return out


def _renonce_without_bird(ck: _Checker) -> bool:
    """The declarer's Renonce for bidding without a bird (rule renonce_no_bird, ooe-2023.md §8.1)."""
    who = ck.raw.get("renonce")
    matched = match_players(who, ck.players) if isinstance(who, str) else []
    return bool(ck.rules.renonce_no_bird and ck.declarers and matched[:1] == ck.declarers[:1])


def _named_bird(e: PremiumEntry, contract: Contract | None) -> bool:
    """The bird a conceding declarer names (rule concede_adds_bird): one of
    the contract's required birds, his own, announced and lost."""
    return (contract is not None and e.name in contract.requires and e.party == "declarer" and e.announced
            and e.result == "lost")  # fmt: skip


def _premium(ck: _Checker, i: int, p: Any, contract: Contract | None, seen: set[str]) -> PremiumEntry | None:
    """One premium of the record, or None where it cannot be read at all."""
    rules, valid = ck.rules, ck.valid_premiums
    if not isinstance(p, dict):
        ck.fail(_("premium {i} must be an object with name, party, announced and result").format(i=i))
        return None
    for k in p:
        if k not in PREMIUM_KEYS:
            ck.fail(
                _("premium {i}: unknown field '{k}'; valid: {PREMIUM_KEYS}").format(
                    i=i, k=k, PREMIUM_KEYS=_listing(PREMIUM_KEYS)
                )
            )
    name = p.get("name")
    pid = lookup(name, rules.premiums) if isinstance(name, str) else None
    if pid is None or pid not in valid:
        near = closest(name, valid) if isinstance(name, str) else []
        hint = _(" (did you mean {words}?)").format(words=_(" or ").join(near)) if near else ""
        ck.fail(
            _("unknown premium '{name}' under {preset}{hint}; valid: {valid}").format(
                name=name, preset=rules.preset, hint=hint, valid=_listing(valid)
            )
        )
        return None
    prem = valid[pid]
    party = p.get("party", "declarer")
    if party not in PARTIES:
        ck.fail(_('{name}: party must be "declarer" or "opponents", not {party!r}').format(name=prem.name, party=party))
        return None
    announced = p.get("announced", False)
    if not isinstance(announced, bool):
        ck.fail(_("{name}: announced must be true or false, not {announced!r}"), name=prem.name, announced=announced)
        return None
    if "result" not in p:
        ck.fail(_('{name}: its result is missing (in JSON "result": "won" or "lost")').format(name=prem.name))
        return None
    result = ck.result(p.get("result"), _("result of {name}").format(name=prem.name))
    if result is None:
        return None
    if pid in seen:
        ck.fail(_("{name} is listed twice; a premium counts once per hand").format(name=prem.name))
    seen.add(pid)
    if contract is not None and not _fits_contract(ck, prem, contract):
        return None
    _premium_rules(ck, prem, party, announced, result)
    kontra = None
    if p.get("kontra") is not None:
        if not announced and not rules.kontra_silent:
            ck.fail(_("Kontra on {name}: only announced premiums can be doubled").format(name=prem.name))
        else:
            kontra = ck.level(p["kontra"], _("Kontra on {name}").format(name=prem.name))
    who = _kontra_from(ck, p["kontra_from"], kontra, party, prem.name) if p.get("kontra_from") is not None else None
    by, frm = _caught(ck, p, prem, party, result) if ("by" in p or "from" in p or pid == "mondfang") else (None, None)
    return PremiumEntry(pid, party, announced, result, kontra, who, by, frm)


def _caught(ck: _Checker, p: dict, prem: Premium, party: str, result: str) -> tuple[str | None, str | None]:
    """Who caught the card of a catch ("by") and whose it was ("from"): both
    or neither, two players of the hand; the catcher on the premium's side,
    the other on the other side where a catch is paid between the sides (a
    Mondfang under mondfang_between=players is paid between the two, who may
    be partners, and needs them)."""
    by_raw, from_raw = p.get("by"), p.get("from")
    between_players = prem.id == "mondfang" and ck.rules.mondfang_between == "players"
    if by_raw is None and from_raw is None:
        if between_players and result == "won":
            ck.fail(_("{name} is paid between the one who caught the Mond and the one who lost it under {preset}: give by and from").format(name=prem.name, preset=ck.rules.preset))  # fmt: skip
        return None, None
    if prem.id not in CATCHES:
        ck.fail(_("{name} catches no card: leave out by and from").format(name=prem.name))
        return None, None
    if by_raw is None or from_raw is None:
        ck.fail(_("{name}: give both by (who caught it) and from (whose it was), or neither").format(name=prem.name))
        return None, None
    if result != "won":
        ck.fail(_("{name} was not made, so nobody caught anything: leave out by and from").format(name=prem.name))
        return None, None
    by = ck.in_game(ck.player(by_raw, N_("by")), N_("by"))
    frm = ck.in_game(ck.player(from_raw, N_("from")), N_("from"))
    if by is None or frm is None:
        return None, None
    if by == frm:
        ck.fail(_("{name}: {by} cannot catch his own card; from names the other player").format(name=prem.name, by=by))
        return None, None
    side = {ck.declarers[0], ck.partner or ck.declarers[0]} if ck.declarers else set()
    if (by in side) != (party == "declarer"):
        who = _("the declarer's side") if by in side else _("the opponents")
        ck.fail(_("{name}: {by} caught it, so it is a premium of {who}; give the party of that side").format(name=prem.name, by=by, who=who))  # fmt: skip
    elif (frm in side) == (by in side) and not between_players:
        ck.fail(_("{name}: {by} and {frm} play on one side, and under {preset} a catch is paid between the sides; leave it out").format(name=prem.name, by=by, frm=frm, preset=ck.rules.preset))  # fmt: skip
    return by, frm


def _fits_contract(ck: _Checker, prem: Premium, contract: Contract) -> bool:
    """Whether the premium can be played in this contract (said if not)."""
    valid = ck.valid_premiums
    if contract.kind != "positive":
        ck.fail(_("premiums do not count in {name}; leave out {name2}").format(name=contract.name, name2=prem.name))
        return False
    allowed = contract.premiums
    if allowed is not None and prem.id not in allowed:
        names = _listing(valid[a].name for a in allowed if a in valid) or _("none")
        ck.fail(
            _("{name} is not allowed in a {name2} under {preset}; allowed: {names}").format(
                name=prem.name, name2=contract.name, preset=ck.rules.preset, names=names
            )
        )
        return False
    if prem.needs_call and not contract.call:
        ck.fail(_("{name} needs a called king; {name2} calls none").format(name=prem.name, name2=contract.name))
        return False
    return True


def _premium_rules(ck: _Checker, prem: Premium, party: str, announced: bool, result: str) -> None:
    """Who can make or announce the premium, and whether it can be silent or announced."""
    preset = ck.rules.preset
    if prem.party and party != prem.party:
        made = (
            _("{name} can only be made by the declarer's side")
            if prem.party == "declarer"
            else _("{name} can only be made by the opponents")
        )
        ck.fail(made.format(name=prem.name))
    if announced and prem.announced_by and party != prem.announced_by:
        said = (
            _("{name} can only be announced by the declarer's side under {preset}")
            if prem.announced_by == "declarer"
            else _("{name} can only be announced by the opponents under {preset}")
        )
        ck.fail(said, name=prem.name, preset=preset)
    if announced and prem.announced is None:
        ck.fail(
            _("{name} cannot be announced under {preset}; record it with announced false").format(
                name=prem.name, preset=preset
            )
        )
    if not announced and prem.silent is None:
        ck.fail(
            _("{name} cannot be played silently under {preset}; record it with announced true").format(
                name=prem.name, preset=preset
            )
        )
    if not announced and prem.kind == "valat" and result == "lost":
        ck.fail(_("a silent Valat cannot be lost; leave it out"))
