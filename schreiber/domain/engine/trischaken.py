"""Trischaken and Fahren: everyone for himself. How the points are paid out
is the house rule ``trischaken``, one of the schemes declared in
``rules.TRISCHAKEN_SCHEMES``; each is a function registered here by name.
A new scheme is one more function with ``@scheme("name")``."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from ..points import Exact, divided, reaches, threshold, threshold_words
from ..record import Hand
from ..rules import Rules
from ..table import Table
from .items import Item, item, one_against_all, zero

Scheme = Callable[[Hand, Rules, Table], list[Item]]
SCHEMES: dict[str, Scheme] = {}


def scheme(name: str) -> Callable[[Scheme], Scheme]:
    """Register a payout scheme under the name the house rule gives it."""

    def register(fn: Scheme) -> Scheme:
        SCHEMES[name] = fn
        return fn

    return register


def trischaken(hand: Hand, rules: Rules, table: Table) -> list[Item]:
    return SCHEMES[rules.trischaken](hand, rules, table)


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


@scheme("standard")
def _standard(hand: Hand, rules: Rules, table: Table) -> list[Item]:
    """standard-koenigrufen.txt:127 with RULINGS.md (Trischaken): the two with
    most points pay 1 each, the two with fewest get 1 each, ties on a
    boundary share; no trick: 2 from each other; 36 or more: 2 to each other."""
    c = rules.contracts[hand.contract]
    v = c.value
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
    items = [item("trischaken", "Trischaken: die zwei Meisten zahlen, die zwei Wenigsten bekommen", v, [], pay)]
    for p in _trickless(hand, rules, players):
        items.append(item("trischaken", f"Trischaken: {p} ohne Stich", 2 * v, [], one_against_all(2 * v, p, players)))
    need = threshold(rules.trischaken_double_from)
    for p in players:
        if reaches(scores[p], need):
            items.append(
                item(
                    "trischaken",
                    f"Trischaken: {p} hat das Spiel ({threshold_words(need)})",
                    2 * v,
                    [],
                    one_against_all(-2 * v, p, players),
                )
            )
    return items


def _losers(hand: Hand, table: Table) -> list[str]:
    scores = dict(hand.scores)
    top = max(scores[p] for p in table.active)
    losers = [p for p in table.active if scores[p] == top]
    if len(losers) > 1 and table.vorhand in losers:
        losers = [table.vorhand]  # RULINGS.md: the Vorhand among them loses alone
    return losers


@scheme("tirol")
def _tirol(hand: Hand, rules: Rules, table: Table) -> list[Item]:
    """tirol-koenigrufen-de-luxe.txt:69: the player with most points pays
    every other; with the game (>= 35/2) double; the Vorhand with most points
    double (with the game fourfold); trickless players take the whole win;
    tied players share (RULINGS.md: the Vorhand among them loses alone)."""
    c = rules.contracts[hand.contract]
    v = c.value
    scores = dict(hand.scores)
    players = list(table.active)
    losers = _losers(hand, table)
    mults = []
    need = threshold(rules.trischaken_double_from)
    if any(reaches(scores[p], need) for p in losers):
        mults.append((f"({threshold_words(need)} erreicht)", 2))
    if losers == [table.vorhand]:
        mults.append(("Vorhand", 2))
    total = v * (len(players) - 1)
    for _, f in mults:
        total *= f
    trickless = [p for p in _trickless(hand, rules, players) if p not in losers]
    receivers = trickless or [p for p in players if p not in losers]
    pay = zero(players)
    for p in losers:
        pay[p] -= divided(total, len(losers))
    for p in receivers:
        pay[p] += divided(total, len(receivers))
    who = " und ".join(losers)
    label = f"Trischaken: {who} {'zahlt' if len(losers) == 1 else 'zahlen geteilt'}"
    if trickless:
        label += f"; ohne Stich: {', '.join(trickless)}"
    return [item("trischaken", label, v * (len(players) - 1), mults, pay)]


@scheme("gumpoldskirchen")
def _gumpoldskirchen(hand: Hand, rules: Rules, table: Table) -> list[Item]:
    """gumpoldskirchen.txt:153: the loser pays each "ohne" winner 1 and each
    "mit" winner 2, doubled if he has more than 36, is the Rufer (Vorhand) or
    said "mit" himself; a trickless player takes the whole sum (shared among
    several; the Rufer among them gets nothing); the Rufer loses a tie."""
    c = rules.contracts[hand.contract]
    v = c.value
    scores = dict(hand.scores)
    players = list(table.active)
    losers = _losers(hand, table)
    need = threshold(rules.trischaken_double_from)
    items = []
    for loser in losers:
        mults = []
        if reaches(scores[loser], need):
            mults.append((threshold_words(need), 2))
        if loser == table.vorhand:
            mults.append(("Rufer", 2))
        if loser in hand.mit:
            mults.append(("selbst mit", 2))
        f = 1
        for _, m in mults:
            f *= m
        winners = [p for p in players if p not in losers]
        owed = {w: divided(v * (2 if w in hand.mit else 1) * f, len(losers)) for w in winners}
        total = sum(owed.values())
        trickless = _trickless(hand, rules, winners)
        if len(trickless) > 1 and table.vorhand in trickless:
            trickless = [p for p in trickless if p != table.vorhand]
        pay = zero(players)
        pay[loser] -= total
        if trickless:
            for p in trickless:
                pay[p] += divided(total, len(trickless))
        else:
            for w, amount in owed.items():
                pay[w] += amount
        mit_mults = [(f"mit ({w})", 2) for w in winners if w in hand.mit]
        label = f"Trischaken: {loser} zahlt" + (" (geteilt)" if len(losers) > 1 else "")
        if trickless:
            label += f"; ohne Stich: {', '.join(trickless)}"
        it = item("trischaken", label, v, mults + mit_mults, pay)
        items.append(it._replace(total=total) if mit_mults else it)
    return items


@scheme("pairwise")
def _pairwise(hand: Hand, rules: Rules, table: Table) -> list[Item]:
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
        amount = v
        for _, f in mults:
            amount *= f
        pay = {hi: -amount, lo: amount}
        items.append(item("trischaken", f"Fahren: {hi} zahlt {lo}", v, mults, pay))
    return items


@scheme("ooe")
def _ooe(hand: Hand, rules: Rules, table: Table) -> list[Item]:
    """ooe-2023.md §7: the Trischaker (the Vorhand) with the most points, alone
    or tied, pays 2 to each (case A); another single loser 1 to each (B);
    two tied losers 1 to each of the two others (C); three tied losers 1 to
    the fourth (D). A Bürgermeister (35/2 or more) pays double. A Jungfrau
    (no trick) collects the whole payout of A or B, two share it (2 each
    where 3 cannot be halved); in C a single Jungfrau among the two others
    takes all 4 (§14 O-3)."""
    v = rules.contracts[hand.contract].value
    scores = dict(hand.scores)
    players = list(table.active)
    top = max(scores[p] for p in players)
    losers = [p for p in players if scores[p] == top]
    if table.vorhand in losers or len(losers) == 1:
        return [_ooe_single(hand, rules, table, table.vorhand if table.vorhand in losers else losers[0], v)]
    others = [p for p in players if p not in losers]
    pay = zero(players)
    for p in losers:
        pay[p] -= v * len(others)
    jungfrauen = _trickless(hand, rules, others)
    receivers = jungfrauen if len(losers) == 2 and len(jungfrauen) == 1 else others
    for p in receivers:
        pay[p] += divided(v * len(others) * len(losers), len(receivers))
    names = ", ".join(losers[:-1]) + f" und {losers[-1]}"
    label = f"Trischaken: {names} gleichauf, zahlen je {v} an {' und '.join(others)}"
    if receivers != others:
        label += f"; Jungfrau: {receivers[0]}"
    return [item("trischaken", label, v, [], pay)._replace(total=v * len(others) * len(losers))]


def _ooe_single(hand: Hand, rules: Rules, table: Table, loser: str, v: Exact) -> Item:
    """Cases A and B: one player pays every other, or the Jungfrauen."""
    players = list(table.active)
    mults = []
    if loser == table.vorhand:
        mults.append(("Trischaker", 2))
    if reaches(dict(hand.scores)[loser], threshold(rules.trischaken_double_from)):
        mults.append(("Bürgermeister", 2))
    each = v
    for _, f in mults:
        each *= f
    total = each * (len(players) - 1)
    jungfrauen = _trickless(hand, rules, [p for p in players if p != loser])
    pay = zero(players)
    if len(jungfrauen) == 2 and total % 2:  # 3 cannot be halved: 2 to each (ooe-2023.md §7, 35/1 : 34/2)
        total += 1
    receivers = jungfrauen or [p for p in players if p != loser]
    pay[loser] -= total
    for p in receivers:
        pay[p] += divided(total, len(receivers))
    label = f"Trischaken: {loser} zahlt" + (f"; Jungfrau: {', '.join(jungfrauen)}" if jungfrauen else "")
    return item("trischaken", label, v * (len(players) - 1), mults, pay)._replace(total=total)
