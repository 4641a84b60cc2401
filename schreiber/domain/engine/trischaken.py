"""Trischaken and Fahren: everyone for himself. The house rule
``trischaken`` names the payout scheme (``trischaken_schemes``): its shape is
a function registered here by name, and the payout keys (a Jungfrau, a
Bürgermeister, a losing Vorhand, ties, "mit") say the rest, each as the
scheme plays it unless the rules set it (``Rules.trischaken_tariff``). What
every shape shares is here too: a Jungfrau's or a Bürgermeister's payment
of its own, a payer who pays double, the Jungfrauen taking the whole
payout, and a "mit" that doubles it all. A new scheme is one more function
with ``@scheme("name")``."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from typing import NamedTuple

from ..hand import Hand
from ..points import Exact, divided, reaches, threshold, threshold_words
from ..rules import Rules
from ..table import Table
from ..trischaken_schemes import Tariff
from .items import Item, factor_of, item, one_against_all, times, zero

Scheme = Callable[[Hand, Rules, Table, Tariff], list[Item]]
SCHEMES: dict[str, Scheme] = {}

# What a doubling is called on the sheet, in the order the scheme's document names them ({threshold}:
# the card points in words); where a line is one payer's among others, his name follows.
Doublings = tuple[tuple[str, str], ...]
DOUBLINGS: Doublings = (("vorhand", "Vorhand"), ("buergermeister", "Bürgermeister"), ("mit", "selbst mit"))


def scheme(name: str) -> Callable[[Scheme], Scheme]:
    """Register a payout scheme under the name the house rule gives it."""

    def register(fn: Scheme) -> Scheme:
        SCHEMES[name] = fn
        return fn

    return register


def trischaken(hand: Hand, rules: Rules, table: Table) -> list[Item]:
    """The scheme's payout (none where Jungfrauen are paid instead of it),
    then what a Jungfrau and a Bürgermeister are paid of their own (where a
    Bürgermeister pays instead of it all, that alone), then the doubling of
    a "mit" that doubles it all."""
    t = rules.trischaken_tariff(rules.contracts[hand.contract].value)
    if t.buergermeister == "instead" and _with_the_game(hand, rules, list(table.active)):
        items = _buergermeister_items(hand, rules, table, t)  # he pays everything: no other line counts
    else:
        if t.jungfrau == "instead" and _trickless(hand, rules, list(table.active)):
            items = []  # the Jungfrauen are paid by each other player, and nothing else of the payout counts
        else:
            items = SCHEMES[rules.trischaken](hand, rules, table, t)
        items += _jungfrau_items(hand, rules, table, t) + _buergermeister_items(hand, rules, table, t)
    return _mit_whole(items, hand, table, t) if t.mit == "whole" and hand.mit else items


def _with_the_game(hand: Hand, rules: Rules, players: list[str]) -> list[str]:
    """The players who reach trischaken_double_from (the Bürgermeister)."""
    need = threshold(rules.trischaken_double_from)
    scores = dict(hand.scores)
    return [p for p in players if reaches(scores[p], need)]


def _trickless(hand: Hand, rules: Rules, players: list[str]) -> list[str]:
    tricks = dict(hand.tricks_by)
    scores = dict(hand.scores)
    out = []
    for p in players:
        if p in tricks:
            if tricks[p] == 0:
                out.append(p)
        elif rules.blatt and scores.get(p) == 0:  # counting in threes: any trick is worth a point
            out.append(p)
    return out


def _losers(hand: Hand, table: Table, t: Tariff) -> list[str]:
    """The players with the most points; a Vorhand tied among them loses
    alone where trischaken_vorhand_tied plays ``alone`` (where one loser pays)."""
    scores = dict(hand.scores)
    top = max(scores[p] for p in table.active)
    losers = [p for p in table.active if scores[p] == top]
    if t.vorhand_tied == "alone" and len(losers) > 1 and table.vorhand in losers:
        losers = [table.vorhand]  # RULINGS.md: the Vorhand among them loses alone
    return losers


def _doublings(hand: Hand, rules: Rules, table: Table, t: Tariff, p: str, words: Doublings) -> list:
    """The doublings of what ``p`` pays: as Vorhand, as Bürgermeister, for
    his own "mit" (where the payout keys say so), named as ``words``."""
    need = threshold(rules.trischaken_double_from)
    applies = {
        "vorhand": t.vorhand == "double" and p == table.vorhand,
        "buergermeister": t.buergermeister == "double" and reaches(dict(hand.scores)[p], need),
        "mit": t.mit == "own" and p in hand.mit,
    }
    return [(label.format(threshold=threshold_words(need)), 2) for kind, label in words if applies[kind]]


@scheme("standard")
def _standard(hand: Hand, rules: Rules, table: Table, t: Tariff) -> list[Item]:
    """standard-koenigrufen.txt:127 with RULINGS.md (Trischaken): the two with
    most points pay 1 each, the two with fewest get 1 each, ties on a
    boundary share (no trick: 2 from each other, 36 or more: 2 to each other
    are the payout keys trischaken_jungfrau and trischaken_buergermeister)."""
    v = rules.contracts[hand.contract].value
    scores = dict(hand.scores)
    players = list(table.active)
    order = sorted(players, key=lambda p: -scores[p])
    n = len(order)
    half = n // 2
    pos_pay = [-v] * half + [0] * (n - 2 * half) + [v] * half
    pay = zero(players)
    i = 0
    while i < n:
        j = i
        while j < n and scores[order[j]] == scores[order[i]]:
            j += 1
        share = divided(sum(pos_pay[i:j]), j - i)
        for p in order[i:j]:
            pay[p] += share
        i = j
    it = item("trischaken", "Trischaken: die zwei Meisten zahlen, die zwei Wenigsten bekommen", v, [], pay)
    return [_jungfrauen_take(_payers_doubled(it, hand, rules, table, t), hand, rules, t)]


def _payers_doubled(it: Item, hand: Hand, rules: Rules, table: Table, t: Tariff) -> Item:
    """A line where several pay: each payer's doublings double what he
    pays, and what the others get grows in proportion."""
    pay = dict(it.payments)
    doubled = {p: _doublings(hand, rules, table, t, p, DOUBLINGS) for p in pay if pay[p] < 0}
    if not any(doubled.values()):
        return it
    paid = -sum(v for v in pay.values() if v < 0)
    new = {p: v * factor_of(doubled[p]) if v < 0 else v for p, v in pay.items()}
    grown = -sum(v for v in new.values() if v < 0)
    new = {p: v * Fraction(grown, 1) / paid if v > 0 else v for p, v in new.items()}
    mults = [(f"{name} ({p})", f) for p, ds in doubled.items() for name, f in ds]
    return item(it.kind, it.label, it.base, mults, new)._replace(total=grown)


def _jungfrauen_take(it: Item, hand: Hand, rules: Rules, t: Tariff) -> Item:
    """Where the Jungfrauen take the whole payout (trischaken_jungfrau =
    all): what the line gives anyone goes to them, shared."""
    pay = dict(it.payments)
    jungfrauen = _trickless(hand, rules, [p for p in pay if pay[p] >= 0]) if t.jungfrau == "all" else []
    if not jungfrauen:
        return it
    gained = sum(v for v in pay.values() if v > 0)
    new = {p: (divided(gained, len(jungfrauen)) if p in jungfrauen else 0) if v >= 0 else v for p, v in pay.items()}
    label = f"{it.label}; ohne Stich: {', '.join(jungfrauen)}"
    return item(it.kind, label, it.base, it.multipliers, new)._replace(total=it.total)


def _jungfrau_items(hand: Hand, rules: Rules, table: Table, t: Tariff) -> list[Item]:
    """A Jungfrau's payment of her own: trischaken_jungfrau_pays from each
    other player (each, instead), or from the loser alone (loser; tied
    losers share)."""
    if t.jungfrau not in ("each", "loser", "instead"):
        return []
    players = list(table.active)
    losers = _losers(hand, table, t)
    out = []
    for p in _trickless(hand, rules, players):
        label = f"Trischaken: {p} ohne Stich"
        if t.jungfrau != "loser":
            pay = one_against_all(t.jungfrau_pays, p, players)
        else:
            pay = zero(players)
            pay[p] += t.jungfrau_pays
            for loser in losers:
                pay[loser] -= divided(t.jungfrau_pays, len(losers))
            label += f", {' und '.join(losers)} {'zahlt' if len(losers) == 1 else 'zahlen'}"
        out.append(item("trischaken", label, t.jungfrau_pays, [], pay))
    return out


def _buergermeister_items(hand: Hand, rules: Rules, table: Table, t: Tariff) -> list[Item]:
    """What a player with the game pays of his own: trischaken_buergermeister_pays
    to each other player (each), or in all (all), shared by the others or,
    where there are any, by the Jungfrauen alone ("he pays everything");
    instead of the payout, to each other player, all of it to the Jungfrauen
    where there are any (instead)."""
    if t.buergermeister not in ("each", "all", "instead"):
        return []
    players = list(table.active)
    need = threshold(rules.trischaken_double_from)
    out = []
    for p in _with_the_game(hand, rules, players):
        label = f"Trischaken: {p} hat das Spiel ({threshold_words(need)})"
        if t.buergermeister == "each":
            pay = one_against_all(-t.buergermeister_pays, p, players)
        else:
            others = [q for q in players if q != p]
            jungfrauen = _trickless(hand, rules, others)
            receivers = jungfrauen or others
            paid = t.buergermeister_pays * (len(others) if t.buergermeister == "instead" else 1)
            pay = zero(players)
            pay[p] -= paid
            for q in receivers:
                pay[q] += divided(paid, len(receivers))
            label += ", zahlt statt der Auszahlung" if t.buergermeister == "instead" else ""
            label += f"; Jungfrau: {', '.join(jungfrauen)}" if jungfrauen else ""
        out.append(item("trischaken", label, t.buergermeister_pays, [], pay))
    return out


def _mit_whole(items: list[Item], hand: Hand, table: Table, t: Tariff) -> list[Item]:
    """trischaken_mit = whole: each player who said "mit" doubles the whole
    payout, and the loser's own "mit" doubles it once more (each tied
    loser's, where they share the loss)."""
    losers = _losers(hand, table, t)
    mults = [(f"mit ({p})", 2) for p in hand.mit] + [(f"selbst mit ({p})", 2) for p in losers if p in hand.mit]
    return [times(it, mults) for it in items]


class Part(NamedTuple):
    """What one loser pays where one loser pays every other player."""

    loser: str
    mults: tuple[tuple[str, int], ...]  # his doublings
    paid: Exact  # in all
    jungfrauen: tuple[str, ...]  # who took it all (none: the others as owed)
    pay: dict[str, Exact]


def _parts(
    hand: Hand,
    rules: Rules,
    table: Table,
    t: Tariff,
    words: Doublings,
    vorhand_out: bool = False,
    round_up: bool = False,
) -> list[Part]:
    """Each loser's part: the contract's value to each other player, times
    his doublings, twice to a winner whose own "mit" doubles, shared among
    tied losers as trischaken_ties says; the Jungfrauen among the winners
    take it all where trischaken_jungfrau = all (``vorhand_out``: the Vorhand
    among several gets nothing; ``round_up``: an odd sum is not halved but
    paid 1 more)."""
    v = rules.contracts[hand.contract].value
    players = list(table.active)
    losers = _losers(hand, table, t)
    winners = [p for p in players if p not in losers]
    jungfrauen = _trickless(hand, rules, winners) if t.jungfrau == "all" else []
    if vorhand_out and len(jungfrauen) > 1 and table.vorhand in jungfrauen:
        jungfrauen = [p for p in jungfrauen if p != table.vorhand]
    ways = {"one": (len(players) - 1, len(losers) * len(winners)), "shared": (1, len(losers)), "each": (1, 1)}
    times, among = ways[t.ties] if len(losers) > 1 else (1, 1)
    parts = []
    for loser in losers:
        mults = _doublings(hand, rules, table, t, loser, words)
        each = v * factor_of(mults)
        owed = {w: divided(each * (2 if t.mit == "own" and w in hand.mit else 1) * times, among) for w in winners}
        paid = sum(owed.values())
        if round_up and len(jungfrauen) == 2 and paid % 2:  # 3 cannot be halved: 2 to each (ooe-2023.md §7)
            paid += 1
        pay = zero(players)
        pay[loser] -= paid
        for w in jungfrauen or winners:
            pay[w] += divided(paid, len(jungfrauen)) if jungfrauen else owed[w]
        parts.append(Part(loser, tuple(mults), paid, tuple(jungfrauen), pay))
    return parts


def _mit_winners(hand: Hand, t: Tariff, parts: list[Part]) -> list:
    """The winners whose own "mit" doubles what they get (trischaken_mit = own)."""
    losers = {part.loser for part in parts}
    return [(f"mit ({w})", 2) for w in parts[0].pay if w not in losers and w in hand.mit] if t.mit == "own" else []


def _joined(parts: list[Part], hand: Hand, t: Tariff, label: str, base: Exact) -> Item:
    """The losers' parts as one line: their doublings where they share
    them (else each named), what it moves in all where that is not the
    base times the doublings."""
    pay: dict[str, Exact] = {}
    for part in parts:
        for p, amount in part.pay.items():
            pay[p] = pay.get(p, 0) + amount
    mults = list(parts[0].mults) if all(p.mults == parts[0].mults for p in parts) else []
    mults = mults or [(f"{name} ({part.loser})", f) for part in parts for name, f in part.mults]
    it = item("trischaken", label, base, mults + _mit_winners(hand, t, parts), pay)
    paid = sum(part.paid for part in parts)
    return it if it.value == paid else it._replace(total=paid)


def _who(parts: list[Part], t: Tariff) -> str:
    """Who pays, as the line says it: one, or tied losers sharing or each in full."""
    if len(parts) == 1:
        return f"{parts[0].loser} zahlt"
    return " und ".join(p.loser for p in parts) + (" zahlen jeder" if t.ties == "each" else " zahlen geteilt")


TIROL: Doublings = (("buergermeister", "({threshold} erreicht)"), ("vorhand", "Vorhand"), ("mit", "selbst mit"))


@scheme("tirol")
def _tirol(hand: Hand, rules: Rules, table: Table, t: Tariff) -> list[Item]:
    """tirol-koenigrufen-de-luxe.txt:69: the player with most points pays
    every other; with the game (>= 35/2) double; the Vorhand with most points
    double (with the game fourfold); trickless players take the whole win;
    tied players share (RULINGS.md: the Vorhand among them loses alone)."""
    v = rules.contracts[hand.contract].value
    parts = _parts(hand, rules, table, t, TIROL)
    label = f"Trischaken: {_who(parts, t)}"
    if parts[0].jungfrauen:
        label += f"; ohne Stich: {', '.join(parts[0].jungfrauen)}"
    return [_joined(parts, hand, t, label, v * (len(table.active) - 1))]


GUMPOLDSKIRCHEN: Doublings = (("buergermeister", "{threshold}"), ("vorhand", "Rufer"), ("mit", "selbst mit"))


@scheme("gumpoldskirchen")
def _gumpoldskirchen(hand: Hand, rules: Rules, table: Table, t: Tariff) -> list[Item]:
    """gumpoldskirchen.txt:153: the loser pays each "ohne" winner 1 and each
    "mit" winner 2, doubled if he has more than 36, is the Rufer (Vorhand) or
    said "mit" himself; a trickless player takes the whole sum (shared among
    several; the Rufer among them gets nothing); the Rufer loses a tie."""
    v = rules.contracts[hand.contract].value
    parts = _parts(hand, rules, table, t, GUMPOLDSKIRCHEN, vorhand_out=True)
    mit_mults = _mit_winners(hand, t, parts)
    items = []
    for part in parts:
        label = f"Trischaken: {part.loser} zahlt"
        if len(parts) > 1:
            label += " (jeder ganz)" if t.ties == "each" else " (geteilt)"
        if part.jungfrauen:
            label += f"; ohne Stich: {', '.join(part.jungfrauen)}"
        it = item("trischaken", label, v, list(part.mults) + mit_mults, part.pay)
        items.append(it._replace(total=part.paid) if mit_mults else it)
    return items


@scheme("pairwise")
def _pairwise(hand: Hand, rules: Rules, table: Table, t: Tariff) -> list[Item]:
    """lungau.txt:87 (Fahren): players compare points pairwise; the one with
    more pays the one with fewer the game value, x2 if one of the two said
    Kontra, x4 if both; equal points pay nothing."""
    c = rules.contracts[hand.contract]
    v = c.value
    scores = dict(hand.scores)
    kontra = dict(hand.kontra_by)
    players = list(table.active)
    items = []
    for a, b in combinations(players, 2):
        if scores[a] == scores[b]:
            continue
        hi, lo = (a, b) if scores[a] > scores[b] else (b, a)
        mults = [(f"Kontra ({p})", 2) for p in (hi, lo) if kontra.get(p)]
        mults += _doublings(hand, rules, table, t, hi, DOUBLINGS)
        amount = v * factor_of(mults)
        pay = {hi: -amount, lo: amount}
        items.append(item("trischaken", f"Fahren: {hi} zahlt {lo}", v, mults, pay))
    return items


OOE: Doublings = (("vorhand", "Trischaker"), ("buergermeister", "Bürgermeister"), ("mit", "selbst mit"))


@scheme("ooe")
def _ooe(hand: Hand, rules: Rules, table: Table, t: Tariff) -> list[Item]:
    """ooe-2023.md §7: the Trischaker (the Vorhand) with the most points, alone
    or tied, pays 2 to each (case A); another single loser 1 to each (B);
    two tied losers 1 to each of the two others (C); three tied losers 1 to
    the fourth (D). A Bürgermeister (35/2 or more) pays double. A Jungfrau
    (no trick) collects the whole payout of A or B, two share it (2 each
    where 3 cannot be halved); in C a single Jungfrau among the two others
    takes all 4 (§14 O-3)."""
    v = rules.contracts[hand.contract].value
    n = len(table.active)
    losers = _losers(hand, table, t)
    if len(losers) > 1 and t.ties == "each" and t.mit != "own":
        return [_ooe_tied(hand, rules, table, t, losers, v)]
    parts = _parts(hand, rules, table, t, OOE, round_up=True)
    if len(parts) > 1:
        return [_joined(parts, hand, t, f"Trischaken: {_who(parts, t)}", v * (n - 1))]
    part = parts[0]
    label = f"Trischaken: {part.loser} zahlt" + (f"; Jungfrau: {', '.join(part.jungfrauen)}" if part.jungfrauen else "")
    it = item("trischaken", label, v * (n - 1), list(part.mults) + _mit_winners(hand, t, parts), part.pay)
    return [it._replace(total=part.paid)]


def _ooe_tied(hand: Hand, rules: Rules, table: Table, t: Tariff, losers: list[str], v: Exact) -> Item:
    """Cases C and D: each tied loser pays 1 to each of the others; in C a
    single Jungfrau among the two others takes all (trischaken_jungfrau = all).
    The Trischaker tied among them (trischaken_vorhand_tied = among) pays
    his double (case A's 2 to each)."""
    players = list(table.active)
    others = [p for p in players if p not in losers]
    pay = zero(players)
    paid: Exact = 0
    for p in losers:
        share = v * len(others) * (2 if t.vorhand == "double" and p == table.vorhand else 1)
        pay[p] -= share
        paid += share
    jungfrauen = _trickless(hand, rules, others) if t.jungfrau == "all" else []
    receivers = jungfrauen if len(losers) == 2 and len(jungfrauen) == 1 else others
    for p in receivers:
        pay[p] += divided(paid, len(receivers))
    names = ", ".join(losers[:-1]) + f" und {losers[-1]}"
    label = f"Trischaken: {names} gleichauf, zahlen je {v} an {' und '.join(others)}"
    if paid != v * len(others) * len(losers):
        label += f", der Trischaker {table.vorhand} doppelt"
    if receivers != others:
        label += f"; Jungfrau: {receivers[0]}"
    return item("trischaken", label, v, [], pay)._replace(total=paid)
