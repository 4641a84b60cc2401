"""Positive contracts: the game, its premiums and Valat."""

from __future__ import annotations

from ..hand import Hand, PremiumEntry
from ..points import Exact
from ..rules import Rules
from ..table import Table
from .items import KONTRA_NAMES, Item, factor_of, item, kontra_factor, side_payments, sides, times, zero


def _game_result(hand: Hand) -> str:
    return hand.result_of(hand.declarer or "") or "lost"


def positive(hand: Hand, rules: Rules, table: Table) -> tuple[list[Item], bool]:
    c = rules.contracts[hand.contract]
    side, others = sides(hand, table)
    result = _game_result(hand)
    lost = result == "lost"
    items: list[Item] = []
    valat = next((e for e in hand.premiums if rules.premiums[e.name].kind == "valat"), None) if hand.premiums else None
    mode = rules.valat
    kf = kontra_factor(hand.kontra)
    game_mults = [(KONTRA_NAMES[hand.kontra], kf)] if hand.kontra else []
    split = hand.points is not None and hand.points == 35

    # Valat lost after announcing it (tirol): game and trick premiums go the other way (valat_add_failed=turned;
    # where a Valat multiplies the whole hand, always).
    failed = valat is not None and valat.announced and valat.result == "lost"
    reversed_by_valat = failed and (mode == "multiply" or (mode == "add" and rules.valat_add_failed == "turned"))
    valat_party_is_decl = valat is not None and valat.party == "declarer"

    if valat is not None and mode in ("replace", "only"):
        items += _valat_items(hand, rules, valat, side, others, lost)
    else:
        sign = -1 if lost else 1
        base = c.lost_value if lost else c.value
        label = f"{c.name} {'verloren' if lost else 'gewonnen'}"
        if reversed_by_valat:
            sign = -1 if valat_party_is_decl else 1
            base = c.lost_value if sign < 0 else c.value
            label = f"{c.name} (angesagter Valat verloren: gegenverrechnet)"
        pay = side_payments(sign * base * kf, side, others)
        items.append(item("game", label, base, game_mults, pay))
        if valat is not None and mode == "add":
            items += _valat_items(hand, rules, valat, side, others, lost)

    for e in hand.premiums:
        prem = rules.premiums[e.name]
        if prem.kind == "valat" or not _counts(e, rules, valat is not None and mode == "replace"):
            continue
        if valat is not None and mode == "only":
            items.append(
                item("premium", f"{prem.name} (entfällt: Valat)", 0, [], zero(side + others), "Valat: no other scoring")
            )
            continue
        if valat is not None and mode == "add" and valat.result == "won" and prem.kind == "material":
            items.append(item("premium", f"{prem.name} (zählt nicht beim Valat)", 0, [], zero(side + others)))
            continue
        it = _premium_item(e, prem, c, rules, side, others, lost)
        if e.caught_by and prem.id == "mondfang" and rules.mondfang_between == "players":
            it = _between_two(it, e, (side if valat_party_is_decl else others) if reversed_by_valat else ())
        elif (reversed_by_valat and prem.kind in ("bird", "trick")) or (reversed_by_valat and prem.id == "mondfang"):
            mag = -it.value if it.value < 0 else it.value
            to_decl = not valat_party_is_decl
            pay = side_payments(mag if to_decl else -mag, side, others)
            it = it._replace(label=f"{it.label} (gegenverrechnet)", payments=tuple(sorted(pay.items())))
        items.append(it)
    if valat is not None and mode == "multiply":
        items = [times(it, _valat_factors(rules, valat)) for it in items]
    return items, split


def _valat_factors(rules: Rules, e: PremiumEntry) -> list[tuple[str, int]]:
    """What a Valat multiplies the whole hand by (valat=multiply): its factor,
    and its own Kontra; the Kontra on the game stays on the game's line."""
    mults = [("Valat angesagt", rules.valat_announced) if e.announced else ("Valat still", rules.valat_silent)]
    if e.kontra:
        mults.append((f"{KONTRA_NAMES[e.kontra]} (Valat)", kontra_factor(e.kontra)))
    return mults


def _counts(e: PremiumEntry, rules: Rules, beside_valat: bool) -> bool:
    """Whether a premium is an item at all: a failed silent one only where
    the rule silent_loss_counts says so, or where it was doubled (a Spritzer,
    rule kontra_silent: the Kontra made it a bet); beside a Valat only the
    announced ones where valat_premiums says so (ooe-2023.md §3.3, §4.3)."""
    if not e.announced and e.result == "lost" and not rules.silent_loss_counts and not e.kontra:
        return False
    return not (beside_valat and not e.announced and rules.valat_premiums == "announced")


def _between_two(it: Item, e: PremiumEntry, valat_side: tuple[str, ...]) -> Item:
    """A Mondfang settled between the two players alone (rule
    mondfang_between=players): the one whose Mond was caught pays the one who
    caught it, partners too. Turned round by a failed announced Valat
    (tirol-koenigrufen-de-luxe.txt:77) only where the catcher plays on the
    Valat's side and the other does not."""
    payee, payer = e.caught_by or "", e.caught_from or ""
    if payee in valat_side and payer not in valat_side:
        payee, payer = payer, payee
    mag = -it.value if it.value < 0 else it.value
    pay: dict[str, Exact] = dict.fromkeys((p for p, _v in it.payments), 0)
    pay[payee], pay[payer] = mag, -mag
    return it._replace(label=f"{it.label}: {payer} an {payee}", payments=tuple(sorted(pay.items())))


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
    value = base * factor_of(mults)
    for_decl = (e.party == "declarer") == (e.result == "won")
    words = f"{'angesagt' if e.announced else 'still'}, {'gewonnen' if e.result == 'won' else 'verloren'}"
    who = "" if e.party == "declarer" else " (Gegner)"
    pay = side_payments(value if for_decl else -value, side, others)
    return item(kind, f"{prem.name}{who} {words}", base, mults, pay)


def _valat_items(hand: Hand, rules: Rules, e, side, others, game_lost: bool) -> list[Item]:
    """The Valat's line; where it replaces the game and the game's Kontra
    stands apart from it (valat_game_kontra=apart), the game's line with
    its Kontra first, paid as the Valat goes, and the Valat on top as a
    multiple of the undoubled game less the game itself."""
    c = rules.contracts[hand.contract]
    prem = rules.premiums[e.name]
    mults: list[tuple[str, int]] = []
    factor = rules.valat_announced if e.announced else rules.valat_silent
    for_decl = (e.party == "declarer") == (e.result == "won")
    said = "Valat angesagt" if e.announced else "Valat still"
    game: list[Item] = []
    if rules.valat == "replace":
        base = c.lost_value if not for_decl and rules.valat_lost_base == "lost" else c.value
        e, game_kontra = _kontras_beside_valat(hand, rules, e)
        if game_kontra and rules.valat_game_kontra == "apart":
            kf = [(f"{KONTRA_NAMES[game_kontra]} (Spiel)", kontra_factor(game_kontra))]
            pay = side_payments(base * kf[0][1] * (1 if for_decl else -1), side, others)
            game = [item("game", f"{c.name} {'gewonnen' if for_decl else 'verloren'} (Valat darüber)", base, kf, pay)]
            mults.append((f"{said} über dem Spiel", factor - 1))
        else:
            mults.append((said, factor))
            if game_kontra:  # "x Spielwert": the game's value as doubled; the Valat's own Kontra comes on top
                mults.append((f"{KONTRA_NAMES[game_kontra]} (Spiel)", kontra_factor(game_kontra)))
    else:
        base = factor
    if rules.valat_solo_double and c.premium_factor != 1:
        mults.append((c.name, c.premium_factor))
    if rules.valat == "only" and not for_decl and c.lost_factor != 1:
        mults.append(("Spiel verloren", c.lost_factor))
    return game + [_announced_item("valat", e, prem, base, mults, side, others)]


def _kontras_beside_valat(hand: Hand, rules: Rules, e: PremiumEntry) -> tuple[PremiumEntry, str | None]:
    """The Valat's entry and the game's Kontra level that count beside a
    Valat that replaces the game: only the higher of the two where
    valat_kontra=higher (ooe-2023.md §4.8, §14 O-6); none of the game's
    beside a silent Valat where valat_game_kontra=void_silent."""
    game_kontra = hand.kontra
    if game_kontra and e.kontra and rules.valat_kontra == "higher":
        if kontra_factor(game_kontra) > kontra_factor(e.kontra):
            e = e._replace(kontra=None)
        else:
            game_kontra = None
    if rules.valat_game_kontra == "void_silent" and not e.announced:
        game_kontra = None
    return e, game_kontra
