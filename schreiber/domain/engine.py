"""The scoring engine: a checked hand + rules -> itemized payments.

Pure functions over immutable values; exact arithmetic (Fraction). Every
scored item (the game, each premium, Valat, each Trischaken payout, the
Pagat pot) is one ``Item`` with its base value and every multiplier, so every
figure on the sheet can be explained. Payments of a hand sum to zero, except
what flows into or out of the Pagat pot.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations

from .record import Hand
from .points import parse_points
from .rules import KONTRA_LEVELS, Rules
from .table import Table

GAME_KINDS = ("game", "valat", "trischaken", "concede", "renonce")
CATCHES = ("mondfang", "skuesfang", "koenigfang")
KONTRA_NAMES = {"kontra": "Kontra", "re": "Re", "sub": "Sub", "hirsch": "Hirsch", "mord": "Mord"}


def kontra_factor(level: str | None) -> int:
    return 1 if not level else 2 ** (KONTRA_LEVELS.index(level) + 1)


@dataclass(frozen=True)
class Item:
    """One scored line of a hand."""

    kind: str  # game, premium, valat, trischaken, renonce, concede, stake, pot, strafpunkt
    label: str
    base: Fraction
    multipliers: tuple[tuple[str, int], ...]
    payments: tuple[tuple[str, Fraction], ...]
    note: str = ""
    declarer: str = ""  # whose game this is, where several play side by side
    total: Fraction | None = None  # where multipliers differ per player: what the line moves in all

    @property
    def value(self) -> Fraction:
        if self.total is not None:
            return self.total
        v = self.base
        for _, f in self.multipliers:
            v *= f
        return v

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "label": self.label,
            "base": number(self.base),
            "multipliers": [{"name": n, "factor": f} for n, f in self.multipliers],
            "value": number(self.value),
            "payments": {p: number(v) for p, v in self.payments},
            **({"note": self.note} if self.note else {}),
        }


def number(x: Fraction) -> int | float:
    """A Fraction for JSON output: an int where whole, else the nearest float."""
    return int(x) if x.denominator == 1 else float(x)


@dataclass(frozen=True)
class Context:
    """Evening state that changes what a hand is worth."""

    radl: int = 1  # factor of the running Radl (1 = none)
    radl_scope: str = "all"
    holz: tuple[str, ...] = ()  # players holding at least one Holz
    pot: Fraction = Fraction(0)  # Pagat pot content before the hand is scored
    pot_cap: int = 0


@dataclass(frozen=True)
class Score:
    items: tuple[Item, ...]
    payments: tuple[tuple[str, Fraction], ...]
    pot_delta: Fraction = Fraction(0)
    declarer_won: tuple[tuple[str, bool], ...] = ()
    events: tuple[str, ...] = ()  # e.g. "catch", "split", "trischaken" (for doubled rounds)


def _zero(players) -> dict[str, Fraction]:
    return {p: Fraction(0) for p in players}


def side_payments(value: Fraction, side: tuple[str, ...], others: tuple[str, ...]) -> dict[str, Fraction]:
    """``value`` won by ``side`` (negative: lost). Two against two: each
    winner +V, each loser -V; one against three: each of the three pays the
    one V, so the one gets 3V (RULINGS.md General 1)."""
    out = _zero(side + others)
    if len(side) == 1 or len(others) == 1:
        for a in side:
            for b in others:
                out[a] += value
                out[b] -= value
    else:
        for p in side:
            out[p] += value
        for p in others:
            out[p] -= value
    return out


def one_against_all(value: Fraction, player: str, players) -> dict[str, Fraction]:
    """``player`` receives ``value`` from every other player (pays, if negative)."""
    return side_payments(value, (player,), tuple(p for p in players if p != player))


def _item(kind, label, base, mults, payments: dict, note="", declarer="") -> Item:
    return Item(kind, label, Fraction(base), tuple(mults), tuple(sorted(payments.items())), note, declarer)


def _sides(hand: Hand, table: Table) -> tuple[tuple[str, ...], tuple[str, ...]]:
    d = hand.declarer
    side = (d,) if hand.partner in (None, d) else (d, hand.partner)
    others = tuple(p for p in table.active if p not in side)
    return side, others


def score(hand: Hand, rules: Rules, table: Table, ctx: Context = Context()) -> Score:
    """Score one checked hand at its table under the rules and evening state."""
    contract = rules.contracts[hand.contract]
    events: list[str] = []
    if hand.renonce:
        items = _renonce(hand, rules, table)
    elif contract.kind == "trischaken":
        items = _trischaken(hand, rules, table)
        events.append("trischaken")
    elif hand.conceded:
        items = _concede(hand, rules, table)
    elif contract.kind == "negative":
        items = _negative(hand, rules, table)
    else:
        items, split = _positive(hand, rules, table)
        if split:
            events.append("split")
    if any(e.name in CATCHES and e.result == "won" for e in hand.premiums):
        events.append("catch")
    items = _apply_context(items, hand, contract, ctx)
    won = tuple((d, hand.result_of(d) == "won") for d in hand.declarers)
    pot_items, pot_delta = _pagat_pot(hand, rules, table, ctx)
    items = items + pot_items
    totals = _zero(table.active)
    for it in items:
        for p, v in it.payments:
            totals[p] = totals.get(p, Fraction(0)) + v
    return Score(tuple(items), tuple(totals.items()), pot_delta, won, tuple(events))


def _apply_context(items: list[Item], hand: Hand, contract, ctx: Context) -> list[Item]:
    """Radl and Holz doublings (RULINGS.md: Doubled rounds, Holz)."""
    out = []
    for it in items:
        mults = list(it.multipliers)
        factor = 1
        if ctx.radl > 1 and (ctx.radl_scope == "all" or it.kind in GAME_KINDS):
            mults.append(("Radl", ctx.radl))
            factor *= ctx.radl
        if contract.kind != "trischaken":
            holder = it.declarer or hand.declarer
            if holder in ctx.holz:
                mults.append((f"Holz ({holder})", 2))
                factor *= 2
        if factor != 1:
            it = replace(it, multipliers=tuple(mults), payments=tuple((p, v * factor) for p, v in it.payments),
                         total=None if it.total is None else it.total * factor)
        out.append(it)
    return out


# Positive contracts ------------------------------------------------------

def _game_result(hand: Hand) -> str:
    return hand.result_of(hand.declarer) or "lost"


def _positive(hand: Hand, rules: Rules, table: Table) -> tuple[list[Item], bool]:
    c = rules.contracts[hand.contract]
    side, others = _sides(hand, table)
    result = _game_result(hand)
    lost = result == "lost"
    items: list[Item] = []
    valat = next((e for e in hand.premiums if rules.premiums[e.name].kind == "valat"), None)
    mode = rules.valat
    kf = kontra_factor(hand.kontra)
    game_mults = [(KONTRA_NAMES[hand.kontra], kf)] if hand.kontra else []
    split = hand.points is not None and hand.points == 35

    # Valat lost after announcing it (tirol): game and trick premiums go the other way.
    reversed_by_valat = (
        valat is not None and mode == "add" and valat.announced and valat.result == "lost"
    )
    valat_party_is_decl = valat is not None and valat.party == "declarer"

    if valat is not None and mode in ("replace", "only"):
        items.append(_valat_item(hand, rules, valat, side, others, lost))
    else:
        sign = -1 if lost else 1
        base = c.lost_value if lost else c.value
        label = f"{c.name} {'verloren' if lost else 'gewonnen'}"
        if reversed_by_valat:
            sign = -1 if valat_party_is_decl else 1
            base = c.lost_value if sign < 0 else c.value
            label = f"{c.name} (angesagter Valat verloren: gegenverrechnet)"
        pay = side_payments(sign * Fraction(base) * kf, side, others)
        items.append(_item("game", label, base, game_mults, pay))
        if valat is not None:  # mode add
            items.append(_valat_item(hand, rules, valat, side, others, lost))

    for e in hand.premiums:
        prem = rules.premiums[e.name]
        if prem.kind == "valat":
            continue
        if valat is not None and mode == "only":
            items.append(_item("premium", f"{prem.name} (entfällt: Valat)", 0, [], _zero(side + others),
                               "Valat: no other scoring"))
            continue
        if valat is not None and mode == "add" and valat.result == "won" and prem.kind == "material":
            items.append(_item("premium", f"{prem.name} (zählt nicht beim Valat)", 0, [], _zero(side + others)))
            continue
        item = _premium_item(e, prem, c, rules, side, others, lost)
        if reversed_by_valat and prem.kind in ("bird", "trick") or (
            reversed_by_valat and prem.id == "mondfang"
        ):
            mag = abs(item.value)
            to_decl = not valat_party_is_decl
            pay = side_payments(mag if to_decl else -mag, side, others)
            item = replace(item, label=f"{item.label} (gegenverrechnet)", payments=tuple(sorted(pay.items())))
        items.append(item)
    return items, split


def _premium_item(e, prem, c, rules: Rules, side, others, game_lost: bool) -> Item:
    if e.announced:
        if prem.silent and prem.announced == 2 * prem.silent:
            base, mults = prem.silent, [("angesagt", 2)]
        else:
            base, mults = prem.announced, []
    else:
        base, mults = prem.silent, []
    if c.premium_factor != 1:
        mults.append((c.name, c.premium_factor))
    if game_lost and c.lost_factor != 1:
        mults.append(("Spiel verloren", c.lost_factor))
    return _announced_item("premium", e, prem, base, mults, side, others)


def _announced_item(kind: str, e, prem, base, mults: list, side, others) -> Item:
    """A premium's line: its own Kontra last, then paid between the sides."""
    if e.kontra:
        mults.append((KONTRA_NAMES[e.kontra], kontra_factor(e.kontra)))
    value = Fraction(base)
    for _, f in mults:
        value *= f
    for_decl = (e.party == "declarer") == (e.result == "won")
    words = f"{'angesagt' if e.announced else 'still'}, {'gewonnen' if e.result == 'won' else 'verloren'}"
    who = "" if e.party == "declarer" else " (Gegner)"
    pay = side_payments(value if for_decl else -value, side, others)
    return _item(kind, f"{prem.name}{who} {words}", base, mults, pay)


def _valat_item(hand: Hand, rules: Rules, e, side, others, game_lost: bool) -> Item:
    c = rules.contracts[hand.contract]
    prem = rules.premiums[e.name]
    mults: list[tuple[str, int]] = []
    factor = rules.valat_announced if e.announced else rules.valat_silent
    for_decl = (e.party == "declarer") == (e.result == "won")
    if rules.valat == "replace":
        base = c.value
        mults.append(("Valat angesagt" if e.announced else "Valat still", factor))
        if hand.kontra:  # "x Spielwert": the game's value as doubled; the Valat's own Kontra comes on top
            mults.append((f"{KONTRA_NAMES[hand.kontra]} (Spiel)", kontra_factor(hand.kontra)))
    else:
        base = factor
    if rules.valat_solo_double and c.premium_factor != 1:
        mults.append((c.name, c.premium_factor))
    if rules.valat == "only" and not for_decl and c.lost_factor != 1:
        mults.append(("Spiel verloren", c.lost_factor))
    return _announced_item("valat", e, prem, base, mults, side, others)


# Negative contracts ------------------------------------------------------

def _negative(hand: Hand, rules: Rules, table: Table) -> list[Item]:
    """Each declarer against the three others; each opponent doubles for
    himself, between him and the declarer only (RULINGS.md General 3), so a
    doubled game is itemized per opponent: every line's value is what it pays."""
    c = rules.contracts[hand.contract]
    kontra = dict(hand.kontra_by)
    items = []
    for d in hand.declarers:
        won = hand.result_of(d) == "won"
        base = Fraction(c.value if won else c.lost_value)
        sign = 1 if won else -1
        label = f"{c.name} {'gewonnen' if won else 'verloren'}"
        if len(hand.declarers) > 1:
            label += f" ({d})"
        others = tuple(o for o in table.active if o != d)
        level = {o: (kontra.get(o) if o not in hand.declarers else None) for o in others}
        if not any(level.values()):
            items.append(_item("game", label, base, [], side_payments(sign * base, (d,), others), declarer=d))
            continue
        plain = tuple(o for o in others if not level[o])
        if plain:
            items.append(_item("game", f"{label} gegen {', '.join(plain)}", base, [],
                               side_payments(sign * base, (d,), plain), declarer=d))
        for o in others:
            if level[o]:
                f = kontra_factor(level[o])
                items.append(_item("game", f"{label} gegen {o}", base, [(KONTRA_NAMES[level[o]], f)],
                                   side_payments(sign * base * f, (d,), (o,)), declarer=d))
    return items


# Conceding, Renonce ------------------------------------------------------

def _concede(hand: Hand, rules: Rules, table: Table) -> list[Item]:
    c = rules.contracts[hand.contract]
    pay = one_against_all(-Fraction(c.concede), hand.declarer, table.active)
    return [_item("concede", f"{c.name} aufgegeben (geschleift)", c.concede, [], pay)]


def _renonce(hand: Hand, rules: Rules, table: Table) -> list[Item]:
    """The offender pays every other player as if that player had won the
    game and all announced premiums; a soloist gets the triple share
    (RULINGS.md: Renonce; tirol line 69: Trischaken fixed value)."""
    c = rules.contracts[hand.contract]
    off = hand.renonce
    pay = _zero(table.active)
    if c.kind == "trischaken":
        v = Fraction(rules.renonce_trischaken or c.value)
        return [_item("renonce", f"Renonce von {off}", v, [], one_against_all(-v, off, table.active))]
    kontra = dict(hand.kontra_by)
    side, others = _sides(hand, table) if hand.declarer else ((), table.active)
    prem_total = Fraction(0)
    for e in hand.premiums:
        prem = rules.premiums[e.name]
        if e.announced and prem.announced is not None:
            v = Fraction(prem.announced) * c.premium_factor * kontra_factor(e.kontra)
            if prem.kind == "valat" and rules.valat == "replace":
                v = Fraction(c.value) * prem.announced * kontra_factor(e.kontra)
                if rules.valat_solo_double:
                    v *= c.premium_factor
            prem_total += v
    soloist = side[0] if len(side) == 1 and c.kind != "trischaken" else None
    for p in table.active:
        if p == off:
            continue
        v = Fraction(c.value) * kontra_factor(hand.kontra or kontra.get(p)) + prem_total
        if p == soloist or (c.kind == "negative" and p in hand.declarers):
            v *= 3
        pay[p] += v
        pay[off] -= v
    return [_item("renonce", f"Renonce von {off}", c.value, [], pay,
                  "each other player is paid the game and the announced premiums")]


# Trischaken / Fahren -----------------------------------------------------

def _trischaken(hand: Hand, rules: Rules, table: Table) -> list[Item]:
    scheme = rules.trischaken
    return {
        "standard": _trischaken_standard,
        "tirol": _trischaken_tirol,
        "gumpoldskirchen": _trischaken_gumpoldskirchen,
        "pairwise": _trischaken_pairwise,
    }[scheme](hand, rules, table)


def _trickless(hand: Hand, rules: Rules, players) -> list[str]:
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


def _trischaken_standard(hand: Hand, rules: Rules, table: Table) -> list[Item]:
    """standard-koenigrufen.txt:127 with RULINGS.md (Trischaken): the two with
    most points pay 1 each, the two with fewest get 1 each, ties on a
    boundary share; no trick: 2 from each other; 36 or more: 2 to each other."""
    c = rules.contracts[hand.contract]
    v = Fraction(c.value)
    scores = dict(hand.scores)
    players = list(table.active)
    order = sorted(players, key=lambda p: -scores[p])
    n = len(order)
    half = n // 2
    pos_pay = [-v] * half + [Fraction(0)] * (n - 2 * half) + [v] * half
    pay = _zero(players)
    i = 0
    while i < n:
        j = i
        while j < n and scores[order[j]] == scores[order[i]]:
            j += 1
        share = sum(pos_pay[i:j], Fraction(0)) / (j - i)
        for p in order[i:j]:
            pay[p] += share
        i = j
    items = [_item("trischaken", "Trischaken: die zwei Meisten zahlen, die zwei Wenigsten bekommen", v, [], pay)]
    for p in _trickless(hand, rules, players):
        items.append(_item("trischaken", f"Trischaken: {p} ohne Stich", 2 * v, [],
                           one_against_all(2 * v, p, players)))
    need = parse_points(rules.trischaken_double_from, 71)
    for p in players:
        if scores[p] >= need:
            items.append(_item("trischaken", f"Trischaken: {p} hat das Spiel (36 Punkte)", 2 * v, [],
                               one_against_all(-2 * v, p, players)))
    return items


def _losers(hand: Hand, table: Table) -> list[str]:
    scores = dict(hand.scores)
    top = max(scores[p] for p in table.active)
    losers = [p for p in table.active if scores[p] == top]
    if len(losers) > 1 and table.vorhand in losers:
        losers = [table.vorhand]  # RULINGS.md: the Vorhand among them loses alone
    return losers


def _trischaken_tirol(hand: Hand, rules: Rules, table: Table) -> list[Item]:
    """tirol-koenigrufen-de-luxe.txt:69: the player with most points pays
    every other; with the game (>= 35/2) double; the Vorhand with most points
    double (with the game fourfold); trickless players take the whole win;
    tied players share (RULINGS.md: the Vorhand among them loses alone)."""
    c = rules.contracts[hand.contract]
    v = Fraction(c.value)
    scores = dict(hand.scores)
    players = list(table.active)
    losers = _losers(hand, table)
    mults = []
    need = parse_points(rules.trischaken_double_from, 71)
    if any(scores[p] >= need for p in losers):
        mults.append(("hat das Spiel", 2))
    if losers == [table.vorhand]:
        mults.append(("Vorhand", 2))
    total = v * (len(players) - 1)
    for _, f in mults:
        total *= f
    trickless = [p for p in _trickless(hand, rules, players) if p not in losers]
    receivers = trickless or [p for p in players if p not in losers]
    pay = _zero(players)
    for p in losers:
        pay[p] -= total / len(losers)
    for p in receivers:
        pay[p] += total / len(receivers)
    who = " und ".join(losers)
    label = f"Trischaken: {who} {'zahlt' if len(losers) == 1 else 'zahlen geteilt'}"
    if trickless:
        label += f"; ohne Stich: {', '.join(trickless)}"
    return [_item("trischaken", label, v * (len(players) - 1), mults, pay)]


def _trischaken_gumpoldskirchen(hand: Hand, rules: Rules, table: Table) -> list[Item]:
    """gumpoldskirchen.txt:153: the loser pays each "ohne" winner 1 and each
    "mit" winner 2, doubled if he has more than 36, is the Rufer (Vorhand) or
    said "mit" himself; a trickless player takes the whole sum (shared among
    several; the Rufer among them gets nothing); the Rufer loses a tie."""
    c = rules.contracts[hand.contract]
    v = Fraction(c.value)
    scores = dict(hand.scores)
    players = list(table.active)
    losers = _losers(hand, table)
    need = parse_points(rules.trischaken_double_from, 71)
    items = []
    for loser in losers:
        mults = []
        if scores[loser] >= need:
            mults.append(("mehr als 36", 2))
        if loser == table.vorhand:
            mults.append(("Rufer", 2))
        if loser in hand.mit:
            mults.append(("selbst mit", 2))
        f = 1
        for _, m in mults:
            f *= m
        share = Fraction(1, len(losers))
        winners = [p for p in players if p not in losers]
        owed = {w: v * (2 if w in hand.mit else 1) * f * share for w in winners}
        total = sum(owed.values(), Fraction(0))
        trickless = [p for p in _trickless(hand, rules, winners)]
        if len(trickless) > 1 and table.vorhand in trickless:
            trickless = [p for p in trickless if p != table.vorhand]
        pay = _zero(players)
        pay[loser] -= total
        if trickless:
            for p in trickless:
                pay[p] += total / len(trickless)
        else:
            for w, amount in owed.items():
                pay[w] += amount
        mit_mults = [(f"mit ({w})", 2) for w in winners if w in hand.mit]
        label = f"Trischaken: {loser} zahlt" + (" (geteilt)" if len(losers) > 1 else "")
        if trickless:
            label += f"; ohne Stich: {', '.join(trickless)}"
        item = _item("trischaken", label, v, mults + mit_mults, pay)
        items.append(replace(item, total=total) if mit_mults else item)
    return items


def _trischaken_pairwise(hand: Hand, rules: Rules, table: Table) -> list[Item]:
    """lungau.txt:87 (Fahren): players compare points pairwise; the one with
    more pays the one with fewer the game value, x2 if one of the two said
    Kontra, x4 if both; equal points pay nothing."""
    c = rules.contracts[hand.contract]
    v = Fraction(c.value)
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
        items.append(_item("trischaken", f"Fahren: {hi} zahlt {lo}", v, mults, pay))
    return items


# The Pagat pot -----------------------------------------------------------

def _pagat_pot(hand: Hand, rules: Rules, table: Table, ctx: Context) -> tuple[list[Item], Fraction]:
    """RULINGS.md Pagatkassa: an announced Pagat won takes the pot for its
    side; lost, that side pays the pot's content in again (doubling it)."""
    if not rules.pagatkassa or hand.renonce or hand.conceded:
        return [], Fraction(0)
    e = next((e for e in hand.premiums if e.name == "pagat" and e.announced), None)
    c = rules.contracts[hand.contract]
    if e is None or c.kind != "positive" or ctx.pot <= 0:
        return [], Fraction(0)
    side, others = _sides(hand, table)
    party = side if e.party == "declarer" else others
    pay = _zero(table.active)
    if e.result == "won":
        amount = ctx.pot
        for p in party:
            pay[p] += amount / len(party)
        label, delta = "Pagatkassa gewonnen", -amount
    else:
        amount = ctx.pot
        if ctx.pot_cap:
            amount = max(Fraction(0), min(amount, ctx.pot_cap - ctx.pot))
        for p in party:
            pay[p] -= amount / len(party)
        label, delta = "Pagatkassa verdoppelt (Pagat verloren)", amount
    return [_item("pot", label, amount, [], pay)], delta


def holz_players(kind: str, declarers: tuple[str, ...], renonce: bool, conceded: bool,
                 holders: tuple[str, ...]) -> tuple[str, ...]:
    """The players whose Holz doubles this hand (RULINGS.md Holz)."""
    if kind == "trischaken":
        return ()
    who = declarers if kind == "negative" and not renonce and not conceded else declarers[:1]
    return tuple(p for p in who if p in holders)
