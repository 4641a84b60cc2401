"""The hand record of ../shared/interface.md, checked as named steps.

``check_hand`` reads the JSON shape into an immutable ``Hand`` and reports
every problem at once, in the words of the table ("Rufer can only be played
by the Vorhand (Berti)"), so the scorekeeper fixes a hand in one go. The
steps of the game are here; a premium's: record_premiums.py.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..errors import HandError
from ..i18n import N_, _
from .checker import Checker, said
from .hand import HAND_KEYS, Hand
from .json_text import shown
from .names import closest, did_you_mean, listing, lookup
from .points import format_points, parse_points, reaches, threshold
from .record_premiums import check_premiums, named_bird
from .rules import Contract, Rules
from .table import Table

_HAND_KEYS = frozenset(HAND_KEYS)


def check_hand(raw: Any, rules: Rules, players: tuple[str, ...], dealer: str | None) -> tuple[Hand, Table]:
    """Read and check one hand record against the rules and the seating
    (``dealer``: by rotation; the record's own wins); raises HandError with
    every problem."""
    if not isinstance(raw, dict):
        raise HandError([_("a hand record must be a JSON object, not {value}").format(value=shown(raw))])
    ck = Checker(raw, rules, players)
    if not _HAND_KEYS.issuperset(raw):
        _unknown_fields(ck)
    _dealer(ck, dealer)
    for step in _CHECKS:
        step(ck)
    if ck.problems:
        raise HandError(ck.problems)
    return _hand(ck), ck.table


def _unknown_fields(ck: Checker) -> None:
    for k in ck.raw:
        if k not in _HAND_KEYS:
            near = closest(k, HAND_KEYS)
            hint = _(" (did you mean {words}?)").format(words=f"'{near[0]}'") if near else ""
            ck.fail(
                _("unknown field '{k}'{hint}; valid fields: {HAND_KEYS}"), k=k, hint=hint, HAND_KEYS=listing(HAND_KEYS)
            )


def _dealer(ck: Checker, dealer: str | None) -> None:
    """The record's dealer, else the dealer by rotation, else the first seated."""
    if ck.raw.get("dealer") is not None:
        dealer = ck.player(ck.raw["dealer"], N_("dealer")) or dealer
    ck.dealer = dealer if dealer is not None else ck.players[0]


def _contract(ck: Checker) -> None:
    """The contract, and so the table (with five, Trischaken may seat the dealer too)."""
    rules, contracts = ck.rules, ck.rules.contracts.active
    craw = ck.raw.get("contract")
    if craw is None:
        ck.fail(_("the contract is missing; valid: {contracts}").format(contracts=listing(contracts)))
    elif not isinstance(craw, str):
        ck.fail(_("contract must be a name, not {craw!r}; valid: {contracts}"), craw=craw, contracts=listing(contracts))
    else:
        cid = lookup(craw, rules.contracts)
        if cid is not None and cid in contracts:
            ck.cid, ck.contract = cid, contracts[cid]
        elif cid is not None:
            ck.fail(
                _(
                    "contract '{craw}' is switched off in these rules (contract.{cid}.enabled=false); valid: {contracts}"
                ).format(craw=craw, cid=cid, contracts=listing(contracts))
            )
        else:
            hint = did_you_mean(craw, contracts)
            ck.fail(
                _("unknown contract '{craw}' under {preset}{hint}; valid: {contracts}").format(
                    craw=craw, preset=rules.preset, hint=hint, contracts=listing(contracts)
                )
            )
    ck.trisch = ck.contract is not None and ck.contract.kind == "trischaken"
    ck.table = Table(ck.players, ck.dealer, dealer_plays=bool(ck.trisch and rules.trischaken_five))
    ck.active = ck.table.active


def _declarers(ck: Checker) -> None:
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
        ck.fail(_("the declarer is missing; players: {active}").format(active=listing(ck.active)))
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


def _side_by_side(ck: Checker, contract: Contract) -> None:
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


def _partner(ck: Checker) -> None:
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
                    said(
                        _("calling one's own king is not allowed under {preset}; give the partner, or talon if the king lay in the talon"),
                        _('calling one\'s own king is not allowed under {preset}; give the partner, or "partner": null if the king lay in the talon'),
                    ).format(preset=ck.rules.preset)
                )  # fmt: skip
    elif ck.has_partner and raw["partner"] is not None:
        ck.fail(_("{name} is played without a partner; leave out partner").format(name=contract.name))


def _conceding(ck: Checker) -> None:
    conceded = ck.raw.get("conceded", False)
    if not isinstance(conceded, bool):
        ck.fail(_("conceded must be true or false, not {conceded!r}").format(conceded=conceded))
        conceded = False
    ck.conceded = conceded
    contract = ck.contract
    if conceded and contract is not None:
        if contract.concede is None:
            allowed = [c.name for c in ck.rules.active_contracts.values() if c.concede is not None]
            tail = _("; it is allowed in {contracts}").format(contracts=listing(allowed)) if allowed else ""
            ck.fail(
                _("conceding (schleifen) a {name} is not allowed under {preset}{tail}").format(
                    name=contract.name, preset=ck.rules.preset, tail=tail
                )
            )
        elif ck.partner is not None:
            ck.fail(
                said(
                    _("a game can only be conceded when the called king lay in the talon: write talon as the partner"),
                    _('a game can only be conceded when the called king lay in the talon: set "partner" to null'),
                )
            )


def _points_and_tricks(ck: Checker) -> None:
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


def _results(ck: Checker) -> None:
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


def _result_of(ck: Checker, contract: Contract, d: str) -> None:
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
        if not ck.rules.side_by_side_allows(contract.id):
            return  # refused already: no hint to play it so
        ck.fail(
            said(
                _("the result of {d}'s {name} is missing: give + or - after each declarer, e.g. {d}+"),
                _('the result of {d}\'s {name} is missing: give result as {{"{d}": "won", ...}} for each declarer'),
            ).format(d=d, name=contract.name)
        )
    elif contract.kind == "positive":
        ck.fail(
            said(
                _("the result of {d}'s {name} is missing: give + or - or the declarer's card points"),
                _(
                    'the result of {d}\'s {name} is missing: give "result": "won" or "lost", or the declarer\'s "points"'
                ),
            ).format(d=d, name=contract.name)
        )
    else:
        ck.fail(
            said(
                _("the result of {d}'s {name} is missing: give + or - or the declarer's tricks"),
                _(
                    'the result of {d}\'s {name} is missing: give "result": "won" or "lost", or the declarer\'s "tricks"'
                ),
            ).format(d=d, name=contract.name)
        )


def _contradicted(ck: Checker, contract: Contract, derived: str, said: str) -> None:
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


def _game_kontra(ck: Checker) -> None:
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
                    said(
                        _("in {name} each player doubles for himself: give kontra:NAME for each who doubled"),
                        _('in {name} each player doubles for himself: give kontra as {{"Name": "kontra"}}'),
                    ).format(name=contract.name)
                )
        elif level and contract.kind == "negative":
            for p in ck.active:
                if p not in ck.declarers:
                    ck.kontra_by[p] = level
        elif level:
            ck.kontra = level
    if ck.conceded and (ck.kontra or ck.kontra_by):
        ck.fail(_("a conceded game is not played: leave out kontra"))


def _game_kontra_from(ck: Checker) -> None:
    """Who gave the Kontra on the game, where a rule needs it (partner_kontra)."""
    who = ck.raw.get("kontra_from")
    if who is None or ck.contract is None:
        return
    if ck.kontra_by:
        ck.fail(_('in {name} the kontra object names who doubled; leave out "kontra_from"'), name=ck.contract.name)
    else:
        ck.kontra_from = ck.who_doubled(who, ck.kontra, "declarer", _("the game"))


def _kontra_by(ck: Checker, contract: Contract, kraw: dict) -> None:
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


def _bird_decides(ck: Checker) -> None:
    """A contract whose bird decides the game (its field bird_decides): a
    bird it requires, announced by the declarer's side, that fails loses the
    game whatever the card points; a game the points win and the result
    loses is lost only so."""
    c = ck.contract
    if c is None or not c.bird_decides or ck.conceded or ck.raw.get("renonce") or len(ck.declarers) != 1:
        return
    d, points = ck.declarers[0], ck.points
    failed = [ck.rules.premiums[e.name].name for e in ck.premiums if named_bird(e, c)]
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


def _trischaken_counts(ck: Checker) -> None:
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


def _scores(ck: Checker, contract: Contract) -> None:
    rules, sraw = ck.rules, ck.raw.get("scores")
    if ck.raw.get("renonce") is not None and not sraw:
        return  # a Renonce in Trischaken is settled at a fixed value (tir:69): no count needed
    if not isinstance(sraw, dict) or not sraw:
        ck.fail(
            said(
                _("{name} needs the card points of every player: give NAME:POINTS for each of {active}"),
                _("{name} needs the card points of every player: scores {{name: points}} for {active}"),
            ).format(name=contract.name, active=listing(ck.active))
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
        ck.fail(_("scores missing for {missing}").format(missing=listing(missing)))
    elif not missing and sum(ck.scores.values()) != rules.deck_points:
        ck.fail(
            _(
                "the scores add up to {sum}, but the deck has {deck_points} points; count the talon with whoever took it"
            ).format(sum=format_points(sum(ck.scores.values(), Fraction(0))), deck_points=rules.deck_points)
        )


def _tricks_by(ck: Checker) -> None:
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


def _mit(ck: Checker, contract: Contract) -> None:
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


def _renonce(ck: Checker) -> None:
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
    check_premiums,
    _bird_decides,
    _trischaken_counts,
    _renonce,
)


def _hand(ck: Checker) -> Hand:
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
