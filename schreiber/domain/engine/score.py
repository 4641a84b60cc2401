"""Scoring one hand: its contract's items, then the evening's doublings
(Radl, Holz) and the Pagat pot."""

from __future__ import annotations

from ..hand import CATCHES, Hand
from ..rules import Contract, Rules
from ..table import Table
from .items import GAME_KINDS, Context, Item, Score, round_item, sides, times, zero
from .negative import concede, negative, renonce
from .positive import positive
from .pot import pagat_pot
from .trischaken import trischaken

NO_CONTEXT = Context()  # a hand on its own: no Radl, no Holz, no pot


def score(hand: Hand, rules: Rules, table: Table, ctx: Context = NO_CONTEXT, counted: bool = False) -> Score:
    """Score one checked hand at its table under the rules and evening state;
    ``counted``: the Kontras the rules void are off already (``counted_kontra``)."""
    contract = rules.contracts[hand.contract]
    if not counted:
        hand = counted_kontra(hand, rules, table)
    events: list[str] = []
    if hand.renonce:
        items = renonce(hand, rules, table)
    elif contract.kind == "trischaken":
        items = trischaken(hand, rules, table)
        events.append("trischaken")
    elif hand.conceded:
        items = concede(hand, rules, table)
    elif contract.kind == "negative":
        items = negative(hand, rules, table)
    else:
        items, split = positive(hand, rules, table)
        if split:
            events.append("split")
    if hand.premiums and any([e.name in CATCHES and e.result == "won" for e in hand.premiums]):
        events.append("catch")
    if rules.value_rounding != "none" and contract.kind != "trischaken" and not hand.renonce:
        items = [round_item(it, rules.value_rounding) for it in items]  # Renonce: rounded line by line inside
    items = _apply_context(items, hand, contract, ctx)
    won = _declarers_won(hand)
    pot_items, pot_delta = pagat_pot(hand, rules, table, ctx)
    if pot_items:
        items = items + pot_items
    totals = zero(table.active)
    for it in items:
        for p, v in it.payments:
            totals[p] = totals.get(p, 0) + v
    return Score(tuple(items), tuple(totals.items()), pot_delta, won, tuple(events))


def _declarers_won(hand: Hand) -> tuple[tuple[str, bool], ...]:
    """Whether each declarer won (most hands: one declarer, one result)."""
    if len(hand.declarers) == 1 and len(hand.result) == 1 and hand.result[0][0] == hand.declarers[0]:
        return ((hand.declarers[0], hand.result[0][1] == "won"),)
    results = dict(hand.result)
    return tuple([(d, results.get(d) == "won") for d in hand.declarers])


def _apply_context(items: list[Item], hand: Hand, contract: Contract, ctx: Context) -> list[Item]:
    """Radl and Holz doublings (RULINGS.md: Doubled rounds, Holz)."""
    if ctx.radl == 1 and not ctx.holz:  # most hands: nothing doubles
        return items
    holz = holz_players(contract.kind, hand.declarers, bool(hand.renonce), hand.conceded, ctx.holz)
    out = []
    for it in items:
        mults: list[tuple[str, int]] = []
        if ctx.radl > 1 and (ctx.radl_scope == "all" or it.kind in GAME_KINDS):
            mults.append(("Radl", ctx.radl))
        holder = it.declarer or hand.declarer
        if holder in holz:
            mults.append((f"Holz ({holder})", 2))
        out.append(times(it, mults) if mults else it)
    return out


def counted_kontra(hand: Hand, rules: Rules, table: Table) -> Hand:
    """The hand with the Kontras its rules void taken off: the talon's
    (talon_kontra), a hidden partner's (partner_kontra), and the Kontra on a
    lost game played alone against three (lost_solo_kontra). The Schrift
    takes them off before it caps the levels (a Re answered still counts)
    and scores the hand as ``counted``."""
    return kontra_counted(hand, rules, table)[0]


def kontra_counted(hand: Hand, rules: Rules, table: Table) -> tuple[Hand, tuple[str, ...]]:
    """``counted_kontra`` and the rules that took a Kontra off, in that order:
    "talon_kontra", "partner_kontra", "lost_solo_kontra" (the sheet says them)."""
    contract = rules.contracts[hand.contract]
    voided: list[str] = []

    def off(rule: str, counted: Hand) -> Hand:
        if counted != hand:
            voided.append(rule)
        return counted

    if contract.talon_kontra_void and contract.call and hand.partner is None:  # ooe-2023.md §5.1, §6.2
        hand = off("talon_kontra", without_kontra(hand, "none", game_only=rules.talon_kontra == "game"))
    if rules.partner_kontra == "void":
        hand = off("partner_kontra", without_partner_kontra(hand, table))
    scope = rules.lost_solo_kontra == "void" or (rules.lost_solo_kontra == "called" and contract.call)
    if scope and hand.kontra == "kontra" and contract.kind == "positive":
        hand = off("lost_solo_kontra", without_lost_solo_kontra(hand, table))
    return hand, tuple(voided)


def without_lost_solo_kontra(hand: Hand, table: Table) -> Hand:
    """rule lost_solo_kontra=void: a declarer alone against three who loses
    the game (played out: not by Renonce, not conceded) does not pay the
    opponents' simple Kontra on it, unless he announced a premium (then it
    counts, as the premiums' own Kontras always do); a Re he answered
    counts (the caller passes only a simple Kontra; under
    lost_solo_kontra=called only in a game that calls a king)."""
    if (
        hand.renonce
        or hand.conceded
        or len(sides(hand, table)[0]) != 1
        or hand.result_of(hand.declarer or "") != "lost"
    ):
        return hand
    if any(e.announced and e.party == "declarer" for e in hand.premiums):
        return hand
    return hand._replace(kontra=None, kontra_from=None)


def without_kontra(hand: Hand, counts: str, game_only: bool = False) -> Hand:
    """The hand with the Kontras a rule does not count taken off: ``simple``
    caps every level at the simple Kontra, ``none`` drops them; with
    ``game_only`` the premiums keep theirs."""

    def cap(level: str | None) -> str | None:
        return None if counts == "none" or not level else "kontra"

    premiums = hand.premiums if game_only else tuple(e._replace(kontra=cap(e.kontra)) for e in hand.premiums)
    kontra_by = tuple((p, lv) for p, lv in ((p, cap(lvl)) for p, lvl in hand.kontra_by) if lv)
    return hand._replace(kontra=cap(hand.kontra), kontra_by=kontra_by, premiums=premiums)


def without_partner_kontra(hand: Hand, table: Table) -> Hand:
    """A Kontra a hidden partner gave on his own side's item is void (rule
    partner_kontra; ooe-2023.md §5.1, §14 O-4): with it, the levels above it."""
    if not hand.kontra_from and not any(e.kontra_from for e in hand.premiums):
        return hand
    side = {p for p in (hand.declarer, hand.partner) if p}
    own = {"declarer": side, "opponents": set(table.active) - side}
    kontra = None if hand.kontra_from in side else hand.kontra
    premiums = tuple(e._replace(kontra=None) if e.kontra_from in own[e.party] else e for e in hand.premiums)
    return hand._replace(kontra=kontra, premiums=premiums)


def holz_players(
    kind: str, declarers: tuple[str, ...], by_renonce: bool, conceded: bool, holders: tuple[str, ...]
) -> tuple[str, ...]:
    """The players whose Holz doubles this hand (RULINGS.md Holz: a declarer
    holding one counts double, as a whole; never in Trischaken). A negative
    contract played side by side doubles each declarer's game by his own
    Holz; a hand settled by Renonce or conceding is the first declarer's."""
    if kind == "trischaken":
        return ()
    who = declarers if kind == "negative" and not by_renonce and not conceded else declarers[:1]
    return tuple(p for p in who if p in holders)
