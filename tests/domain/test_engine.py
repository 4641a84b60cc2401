"""The engine's structure as data: Trischaken schemes registered by name,
labels that follow the house rules, Holz decided by one rule."""

from fractions import Fraction as Fr

from schreiber.domain.engine import SCHEMES, holz_players
from schreiber.domain.points import threshold_words
from schreiber.domain.rules import load_rules
from schreiber.domain.trischaken_schemes import TRISCHAKEN_SCHEMES
from tests.helpers import F, G, H, I, play

TRISCH = {"contract": "trischaken", "scores": {F: 10, G: 12, H: 10, I: 38}}


def test_every_declared_scheme_has_a_payout_function_and_no_other():
    assert set(SCHEMES) == set(TRISCHAKEN_SCHEMES)


def test_threshold_words():
    # RULINGS.md General 5: 35/2 is 35 points and two cards, i.e. 36; gumpoldskirchen.txt:153 "mehr als 36 Punkte"
    assert threshold_words(Fr(107, 3)) == "36 Punkte"
    assert threshold_words(Fr(109, 3)) == "mehr als 36"
    assert threshold_words(Fr(36)) == "36 Punkte"


def test_trischaken_labels_follow_the_threshold_setting():
    from schreiber.domain.engine import score
    from schreiber.domain.record import check_hand

    def labels(preset, rules=()):
        r = load_rules(preset, list(rules))
        hand, table = check_hand(TRISCH, r, (F, G, H, I), F)
        return [it.label for it in score(hand, r, table).items] + [
            m for it in score(hand, r, table).items for m, _ in it.multipliers
        ]

    assert "Trischaken: Ilse hat das Spiel (36 Punkte)" in labels("standard")
    assert "Trischaken: Ilse hat das Spiel (38 Punkte)" in labels("standard", ["trischaken_double_from=38"])
    assert "mehr als 36" in labels("gumpoldskirchen")
    assert "mehr als 37" in labels("gumpoldskirchen", ["trischaken_double_from=37/1"])


def test_trischaken_payout_unchanged_by_the_registry():
    # standard-koenigrufen.txt:127: the two with most points (Ilse 38, Gerti 12) pay 1 each, the two with
    # fewest (Fritz, Hans: 10 each) get 1 each; Ilse (36 or more) pays 2 more to each other player.
    assert play("standard", TRISCH) == {F: 1 + 2, G: -1 + 2, H: 1 + 2, I: -1 - 6}


def test_holz_doubles_the_declarers_game_only():
    # RULINGS.md Holz: a declarer holding one counts double; never in Trischaken; side by side each his own.
    assert holz_players("positive", (G,), False, False, (G, H)) == (G,)
    assert holz_players("positive", (G,), False, False, (H,)) == ()
    assert holz_players("trischaken", (G,), False, False, (G,)) == ()
    assert holz_players("negative", (G, H), False, False, (H,)) == (H,)
    assert holz_players("negative", (G, H), True, False, (H,)) == ()
