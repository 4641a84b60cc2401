"""Negative contracts (each opponent doubles for himself), conceding
(schleifen) and Renonce."""

from __future__ import annotations

from fractions import Fraction

from ..hand import Hand
from ..points import Exact
from ..rules import Rules
from ..table import Table
from .items import KONTRA_NAMES, Item, item, kontra_factor, one_against_all, rounded, side_payments, sides, zero


def negative(hand: Hand, rules: Rules, table: Table) -> list[Item]:
    """Each declarer against the three others; each opponent doubles for
    himself, between him and the declarer only (RULINGS.md General 3), so a
    doubled game is itemized per opponent: every line's value is what it pays."""
    c = rules.contracts[hand.contract]
    kontra = dict(hand.kontra_by)
    items = []
    for d in hand.declarers:
        won = hand.result_of(d) == "won"
        base = c.value if won else c.lost_value  # whole points stay int: no Fraction made per hand
        sign = 1 if won else -1
        label = f"{c.name} {'gewonnen' if won else 'verloren'}"
        if len(hand.declarers) > 1:
            label += f" ({d})"
        others = tuple(o for o in table.active if o != d)
        level: dict[str, str | None] = {o: (kontra.get(o) if o not in hand.declarers else None) for o in others}
        if not any(level.values()):
            items.append(item("game", label, base, [], side_payments(sign * base, (d,), others), declarer=d))
            continue
        plain = tuple(o for o in others if not level[o])
        if plain:
            items.append(
                item(
                    "game",
                    f"{label} gegen {', '.join(plain)}",
                    base,
                    [],
                    side_payments(sign * base, (d,), plain),
                    declarer=d,
                )
            )
        for o in others:
            lv = level[o]
            if lv:
                f = kontra_factor(lv)
                items.append(
                    item(
                        "game",
                        f"{label} gegen {o}",
                        base,
                        [(KONTRA_NAMES[lv], f)],
                        side_payments(sign * base * f, (d,), (o,)),
                        declarer=d,
                    )
                )
    return items


# Conceding, Renonce ------------------------------------------------------


def concede(hand: Hand, rules: Rules, table: Table) -> list[Item]:
    """The declarer gives up (king in the talon): he pays the contract's
    conceding value to each, and (rule concede_adds_bird, ooe-2023.md §6.1)
    the announced value of the bird he names, as a line of its own (a Radl
    that doubles the game only leaves it single, RULINGS.md Later rulings)."""
    c = rules.contracts[hand.contract]
    value = c.concede or 0  # the record check allows conceding only where it is set
    items = [item("concede", f"{c.name} aufgegeben (geschleift)", value, [], _each_pays(hand, table, value))]
    birds = [rules.premiums[e.name] for e in hand.premiums if e.announced] if rules.concede_adds_bird else []
    for bird in birds:
        v = bird.announced or 0
        kind = "concede-premium" if rules.radl_game_part else "concede"  # "concede": a game-only Radl doubles it
        items.append(item(kind, f"{bird.name} angesagt (geschleift)", v, [], _each_pays(hand, table, v)))
    return items


def _each_pays(hand: Hand, table: Table, value: int | Fraction) -> dict[str, Exact]:
    return one_against_all(-value, hand.declarer or "", table.active)


def renonce(hand: Hand, rules: Rules, table: Table) -> list[Item]:
    """The offender pays every other player as if that player had won the
    game and all announced premiums; a soloist gets the triple share
    (RULINGS.md: Renonce; tirol line 69: Trischaken fixed value). The game
    (a Valat that replaces it included) and the premiums are separate lines:
    a Radl that doubles the game only leaves the premiums single
    (RULINGS.md Later rulings; hausrunde-skuesradl.txt:61)."""
    c = rules.contracts[hand.contract]
    off = hand.renonce or ""
    how = rules.value_rounding
    if c.kind == "trischaken":
        v = Fraction(rules.renonce_trischaken or c.value)
        if rules.renonce_trischaker_double and off == table.vorhand:  # ooe-2023.md §8.1: the Trischaker pays 4
            v *= 2
        return [item("renonce", f"Renonce von {off}", v, [], one_against_all(-v, off, table.active))]
    if rules.renonce_no_bird and c.requires and off == hand.declarer and not _has_bird(hand, c.requires):
        v = Fraction(rules.renonce_no_bird)  # ooe-2023.md §8.1: a Besserrufer without a bird, 3 to each
        return [
            item("renonce", f"Renonce von {off}: {c.name} ohne Vogel", v, [], one_against_all(-v, off, table.active))
        ]
    valat, premiums, whole = _renonce_premiums(hand, rules)
    kontra = dict(hand.kontra_by)
    side = sides(hand, table)[0] if hand.declarer else ()
    soloist = side[0] if len(side) == 1 else None
    payers = table.active if off in table.active else (*table.active, off)  # the dealer sitting out (§8.1)
    game_pay, prem_pay = zero(payers), zero(payers)
    games: dict[Exact, Exact] = {}  # each game value paid (a share of it): as it was, and as rounded
    for p in table.active:
        if p == off:
            continue
        game = c.lost_value if rules.renonce_lost_value and side and p not in side else c.value
        share = 3 if p == soloist or (c.kind == "negative" and p in hand.declarers) else 1
        exact = Fraction(game) * kontra_factor(hand.kontra or kontra.get(p)) * whole
        games[exact] = rounded(exact, how)
        g = (games[exact] + valat) * share
        game_pay[p], game_pay[off] = game_pay[p] + g, game_pay[off] - g
        prem_pay[p], prem_pay[off] = prem_pay[p] + premiums * share, prem_pay[off] - premiums * share
    note = "each other player is paid the game" + ("" if premiums else " and the announced premiums")
    items = [_rounded_game(item("renonce", _renonce_label(off, games), c.value, [], game_pay, note), games)]
    if premiums:
        label = f"Renonce von {off}: angesagte Prämien"
        kind = "renonce-premium" if rules.radl_game_part else "renonce"  # "renonce": a game-only Radl doubles it
        items.append(item(kind, label, premiums, [], prem_pay, "each other player is paid them"))
    return items


def _rounded_game(line: Item, games: dict[Exact, Exact]) -> Item:
    """The Renonce's line with the game each share was paid, where
    value_rounding rounded it (a Bettel of 2.5 paid as 2: the line moves 2,
    as a rounded line of a hand played out says, ``round_item``); where the
    shares paid different games (Kontras of single players) as it was."""
    if len(games) == 1:
        ((exact, paid),) = games.items()
        if paid != exact:
            return line._replace(total=paid)
    return line


def _renonce_label(off: str, games: dict[Exact, Exact]) -> str:
    """The line's label, saying where value_rounding rounded a game paid
    (a half: down, or up under up and nearest)."""
    changed = [(exact, paid) for exact, paid in games.items() if paid != exact]
    if not changed:
        return f"Renonce von {off}"
    exact, paid = changed[0]
    return f"Renonce von {off} ({'abgerundet' if paid < exact else 'aufgerundet'})"


def _has_bird(hand: Hand, birds: tuple[str, ...]) -> bool:
    return any(e.name in birds and e.announced and e.party == "declarer" for e in hand.premiums)


def _renonce_premiums(hand: Hand, rules: Rules) -> tuple[Fraction, Fraction, int]:
    """The announced premiums a Renonce pays to each: (a Valat that
    replaces the game, the others, what a Valat that multiplies the whole
    hand multiplies it by), with their Kontra levels; each rounded as its
    own line would be (value_rounding)."""
    c = rules.contracts[hand.contract]
    valat, others, whole = Fraction(0), Fraction(0), 1
    for e in hand.premiums:
        prem = rules.premiums[e.name]
        if not e.announced or prem.announced is None:
            continue
        if prem.kind == "valat" and rules.valat == "multiply":
            whole = rules.valat_announced * kontra_factor(e.kontra)
        elif prem.kind == "valat" and rules.valat == "replace":
            v = Fraction(c.value) * prem.announced * kontra_factor(e.kontra)
            valat += rounded(v * c.premium_factor if rules.valat_solo_double else v, rules.value_rounding)
        else:
            v = Fraction(prem.announced) * c.premium_factor * kontra_factor(e.kontra)
            others += rounded(v, rules.value_rounding)
    return valat, others * whole, whole
