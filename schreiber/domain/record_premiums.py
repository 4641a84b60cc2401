"""The premiums of a hand record (``record.check_hand``): each checked on
its own (its name under these rules, side, announcement, result, Kontra,
who caught whose card), then whether the contract's required announcement
(a Besserrufer's bird) is there."""

from __future__ import annotations

from typing import Any

from ..i18n import N_, _
from .checker import Checker, said
from .hand import CATCHES, PARTIES, PREMIUM_KEYS, PremiumEntry
from .names import did_you_mean, listing, lookup, match_players
from .rules import Contract, Premium


def check_premiums(ck: Checker) -> None:
    """Every premium of the record, each checked on its own; then whether the
    contract's required announcement (a Besserrufer's bird) is there."""
    praw, contract, rules, conceded = ck.raw.get("premiums"), ck.contract, ck.rules, ck.conceded
    out = ck.premiums
    if praw is not None and not isinstance(praw, list):
        ck.fail(
            _(
                'premiums must be a list of objects like {"name": "pagat", "party": "declarer", "announced": true, "result": "won"}'
            )
        )
        return
    seen: set[str] = set()
    names_bird = conceded and contract is not None and bool(contract.requires) and rules.concede_adds_bird
    for i, p in enumerate(praw or [], 1):
        entry = _premium(ck, i, p, contract, seen)
        if entry is not None:
            if conceded and not (names_bird and named_bird(entry, contract)):
                ck.fail(_("a conceded game is not played: leave out {name}"), name=rules.premiums[entry.name].name)
            out.append(entry)
    valid = ck.valid_premiums
    if names_bird and contract is not None and sum(named_bird(e, contract) for e in out) != 1:
        named = listing(valid[r].name for r in contract.requires if r in valid)
        ck.fail(_('a conceded {name} pays the bird the declarer names: give one of {named} as announced by the declarer and lost').format(name=contract.name, named=named))  # fmt: skip
    if (
        contract is not None
        and contract.requires
        and not conceded
        and not any(e.name in contract.requires and e.announced and e.party == "declarer" for e in out)
        and not _renonce_without_bird(ck)
    ):
        ids = [r for r in contract.requires if r in valid] or list(contract.requires)
        birds = [valid[r].name for r in ids if r in valid]
        what = birds[0] if len(birds) == 1 else _("one of {premiums}").format(premiums=listing(birds))
        ck.fail(
            said(
                _("a {name} must announce {what} for the declarer's side; write it with !, e.g. {bird}!"),
                _("a {name} must announce {what} for the declarer's side; add it to premiums"),
            ).format(name=contract.name, what=what, bird=ids[0])
        )


def _renonce_without_bird(ck: Checker) -> bool:
    """The declarer's Renonce for bidding without a bird (rule renonce_no_bird, ooe-2023.md §8.1)."""
    who = ck.raw.get("renonce")
    matched = match_players(who, ck.players) if isinstance(who, str) else []
    return bool(ck.rules.renonce_no_bird and ck.declarers and matched[:1] == ck.declarers[:1])


def named_bird(e: PremiumEntry, contract: Contract | None) -> bool:
    """The bird a conceding declarer names (rule concede_adds_bird): one of
    the contract's required birds, his own, announced and lost."""
    return (contract is not None and e.name in contract.requires and e.party == "declarer" and e.announced
            and e.result == "lost")  # fmt: skip


def _premium(ck: Checker, i: int, p: Any, contract: Contract | None, seen: set[str]) -> PremiumEntry | None:
    """One premium of the record, or None where it cannot be read at all."""
    rules, valid = ck.rules, ck.valid_premiums
    if not isinstance(p, dict):
        ck.fail(_("premium {i} must be an object with name, party, announced and result").format(i=i))
        return None
    for k in p:
        if k not in PREMIUM_KEYS:
            ck.fail(
                _("premium {i}: unknown field '{k}'; valid: {PREMIUM_KEYS}").format(
                    i=i, k=k, PREMIUM_KEYS=listing(PREMIUM_KEYS)
                )
            )
    name = p.get("name")
    pid = lookup(name, rules.premiums) if isinstance(name, str) else None
    if pid is None or pid not in valid:
        hint = did_you_mean(name, valid) if isinstance(name, str) else ""
        ck.fail(
            _("unknown premium '{name}' under {preset}{hint}; valid: {valid}").format(
                name=name, preset=rules.preset, hint=hint, valid=listing(valid)
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
    who = ck.who_doubled(p["kontra_from"], kontra, party, prem.name) if p.get("kontra_from") is not None else None
    by, frm = _caught(ck, p, prem, party, result) if ("by" in p or "from" in p or pid == "mondfang") else (None, None)
    return PremiumEntry(pid, party, announced, result, kontra, who, by, frm)


def _caught(ck: Checker, p: dict, prem: Premium, party: str, result: str) -> tuple[str | None, str | None]:
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


def _fits_contract(ck: Checker, prem: Premium, contract: Contract) -> bool:
    """Whether the premium can be played in this contract (said if not)."""
    valid = ck.valid_premiums
    if contract.kind != "positive":
        ck.fail(_("premiums do not count in {name}; leave out {name2}").format(name=contract.name, name2=prem.name))
        return False
    allowed = contract.premiums
    if allowed is not None and prem.id not in allowed:
        names = listing(valid[a].name for a in allowed if a in valid) or _("none")
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


def _premium_rules(ck: Checker, prem: Premium, party: str, announced: bool, result: str) -> None:
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
