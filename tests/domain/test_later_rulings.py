"""The later rulings at the end of ../shared/rules/RULINGS.md ("Later
rulings"), one test (or a few) each. Figures worked by hand from the
documents cited. Fritz deals the first hand, Gerti is its Vorhand."""

import json
from fractions import Fraction as Fr

from schreiber.domain.evening import Entry, balances, initial_state, replay
from schreiber.domain.rules import load_rules
from tests.helpers import P4, P5, F, G, H, I, J, cli, play, prem


def run(preset, entries, rules=(), players=P4):
    r = load_rules(preset, list(rules))
    entries = [e if "kind" in e else {"kind": "hand", "record": e} for e in entries]
    outs = replay(r, players, [Entry.of(e) for e in entries], initial_state(r, players))
    return outs, balances(players, outs)


def rufer(decl, partner, result="won", **kw):
    return {"contract": "rufer", "declarer": decl, "partner": partner, "result": result, **kw}


def factors(outs):
    return [o.radl_factor for o in outs if o.kind == "hand"]


# A Radl counts deals: a hand voided afterwards keeps its place ----------------


def _hausrunde_evening(n_hands):
    cli("evening", "start", F, G, H, I, "--rules", "hausrunde")
    seats = [G, H, I, F]  # the Vorhand of hands 1, 2, 3, 4 (Fritz deals first)
    for k in range(n_hands):
        v = seats[k % 4]
        partner = seats[(k + 1) % 4]
        r = cli("hand", "add", "--json", json.dumps(rufer(v, partner)))
        assert r.exit_code == 0, r.output


def _sheet():
    return json.loads(cli("sheet", "--json").stdout)["hands"]


def test_a_voided_hand_keeps_its_place_in_the_radl():
    # RULINGS.md Later rulings "Radl counts deals"; hausrunde-skuesradl.txt:8: the first four hands
    # count double. Hand 2 is voided afterwards: it was dealt, so hands 3 and 4 stay x2, hand 5 is x1.
    _hausrunde_evening(5)
    assert cli("hand", "void", "2").exit_code == 0
    hands = [h for h in _sheet() if not h["void"]]
    assert [h["number"] for h in hands] == [1, 3, 4, 5]
    # a won Rufer is 1 (standard-koenigrufen.txt:37, hausrunde uses standard's values), x2 in the Radl
    assert [max(h["payments"].values()) for h in hands] == [2, 2, 2, 1]


def test_a_voided_last_hand_passes_the_deal_on():
    # RULINGS.md Later rulings: a voided hand was dealt. Hand 1 (Fritz deals) voided: Gerti deals next.
    _hausrunde_evening(1)
    assert cli("hand", "void", "1").exit_code == 0
    r = cli("hand", "add", "--json", json.dumps(rufer(H, I)))  # Gerti deals, Hans is Vorhand
    assert r.exit_code == 0, r.output
    live = [h for h in _sheet() if not h["void"]]
    assert live[0]["dealer"] == G and live[0]["payments"][H] == 2  # still the Radl's second deal: x2


def test_undo_takes_the_hand_out_of_the_radl():
    # RULINGS.md Later rulings: only undo and hand edit leave the Radl unchanged. After undoing hand 4
    # the next hand is the Radl's fourth deal again (x2), and Ilse deals it as she did hand 4.
    _hausrunde_evening(4)
    assert cli("undo").exit_code == 0
    r = cli("hand", "add", "--json", json.dumps(rufer(F, G)))
    assert r.exit_code == 0, r.output
    last = [h for h in _sheet() if not h["void"]][-1]
    assert last["dealer"] == I and last["payments"][F] == 2


def test_an_edit_takes_the_same_place():
    # RULINGS.md Later rulings: hand edit's replacement takes the same place; hand 5 stays x1.
    _hausrunde_evening(5)
    r = cli("hand", "edit", "2", "--json", json.dumps(rufer(H, I, result="lost")))
    assert r.exit_code == 0, r.output
    live = [h for h in _sheet() if not h["void"]]
    # Hans: +2 (hand 1), the edited hand 2 lost -2, opponent in hands 3 and 4 (-2 each), hand 5 x1: +1
    assert [h["payments"][H] for h in live] == [2, -2, -2, -2, 1]


# The hausrunde Radl is four hands, also at five ---------------------------------


def test_hausrunde_radl_is_four_hands_also_at_five():
    # RULINGS.md Later rulings; hausrunde-skuesradl.txt:8 ("die ersten vier Spiele"), :65 ("die letzten 4 Spiele")
    hands = [rufer(G, H), rufer(H, I), rufer(I, J), rufer(J, F), rufer(F, G)]
    outs, _ = run("hausrunde", hands, players=P5)
    assert factors(outs) == [2, 2, 2, 2, 1]
    outs, _ = run("hausrunde", [{"kind": "radl"}, *hands], rules=["first_hands_double=0"], players=P5)
    assert factors(outs) == [2, 2, 2, 2, 1]


def test_one_hand_per_player_is_the_house_rule_radl_length_players():
    # RULINGS.md Later rulings: "one hand per player is the house rule radl_length=players"
    hands = [rufer(G, H), rufer(H, I), rufer(I, J), rufer(J, F), rufer(F, G), rufer(G, H)]
    outs, _ = run("hausrunde", [{"kind": "radl"}, *hands], ["first_hands_double=0", "radl_length=players"], P5)
    assert factors(outs) == [2, 2, 2, 2, 2, 1]


# In a hausrunde Radl only the game part of a Renonce or conceded game doubles ---


def test_hausrunde_radl_renonce_doubles_the_game_not_the_premiums():
    # RULINGS.md Later rulings; hausrunde-skuesradl.txt:61 (only the game doubles, the announcements
    # are added once) and :48 (the offender pays the whole value, announcements included).
    # Rufer 1 (standard-koenigrufen.txt:37) x2 = 2, announced Pagat 2 (standard-koenigrufen.txt:52) once:
    # Renonce by Ilse (an opponent) in hand 1 of the first four: each other player gets 2 + 2 = 4.
    hand = rufer(G, H, premiums=[prem("pagat")], renonce=I)
    outs, bal = run("hausrunde", [hand])
    assert outs[0].radl_factor == 2
    assert bal == {F: 4, G: 4, H: 4, I: -12}
    # outside a Radl: 1 + 2 = 3 to each
    _, bal = run("hausrunde", [hand], ["first_hands_double=0"])
    assert bal == {F: 3, G: 3, H: 3, I: -9}


def test_hausrunde_radl_renonce_valat_replaces_the_game_and_doubles():
    # RULINGS.md Later rulings: "A Valat replaces the game's line and is therefore doubled."
    # Announced Valat in a Rufer: 8 x 1 (standard-koenigrufen.txt:60, RULINGS.md Valat: replaces the game).
    hand = rufer(G, H, premiums=[prem("valat")], renonce=F)
    _, plain = run("hausrunde", [hand], ["first_hands_double=0"])
    _, doubled = run("hausrunde", [hand])
    assert doubled == {p: 2 * v for p, v in plain.items()}


def test_hausrunde_radl_conceded_game_doubles():
    # A conceded Besserrufer pays 4 to each (standard-koenigrufen.txt:105, RULINGS.md conceding):
    # the whole amount stands for the game, so the Radl doubles it: 8 to each.
    hand = {"contract": "besserrufer", "declarer": G, "partner": None, "conceded": True}
    _, bal = run("hausrunde", [hand])
    assert bal == {F: 8, G: -24, H: 8, I: 8}


def test_concede_with_bird_doubles_only_the_game_in_a_game_only_radl():
    # ooe-2023.md §6.1: schleifen a Besserrufer with the Uhu costs 1 + 4 = 5 to each. In a Radl that
    # doubles the game only (radl_scope=game, RULINGS.md Later rulings) that is 1 x2 + 4 = 6 to each.
    hand = {
        "contract": "besserrufer",
        "declarer": G,
        "partner": None,
        "conceded": True,
        "premiums": [prem("uhu", result="lost")],
    }
    _, bal = run("ooe", [{"kind": "radl"}, hand], ["radl_scope=game"])
    assert bal == {F: 6, G: -18, H: 6, I: 6}


# Radls queued past the final Radl are stacked onto it ---------------------------


def trischaken(scores):
    return {"contract": "trischaken", "scores": scores}


def test_a_radl_started_in_the_skuesradl_is_stacked_onto_its_remaining_hands():
    # RULINGS.md Later rulings; hausrunde-skuesradl.txt:65 (the last 4 hands count double), :66 (points
    # that would run out of the evening are added onto the last hands). With radl_after_trischaken on,
    # a Trischaken in the Sküsradl's second hand starts a Radl that would queue past the end:
    # the two remaining hands count x4 instead, and the evening's doubled hands end with the Sküsradl.
    rules = ["first_hands_double=0", "radl_after_trischaken=true"]
    tr = trischaken({F: 30, G: 20, H: 15, I: 5})  # Hans deals hand 3, Ilse is Vorhand
    hands = [rufer(G, H), {"kind": "radl", "record": {"final": True}}, rufer(H, I), tr, rufer(F, G), rufer(G, H)]
    outs, _ = run("hausrunde", hands + [rufer(H, I)], rules)
    assert factors(outs) == [1, 2, 2, 4, 4, 1]
    assert "aufgeschlagen" in " ".join(outs[3].notes)
    assert outs[-1].state.radl_left == 0


def test_without_a_final_radl_the_trischaken_radl_queues():
    # RULINGS.md Doubled rounds: a Radl started while one runs extends it (queue).
    rules = ["first_hands_double=0", "radl_after_trischaken=true"]
    tr = trischaken({F: 30, G: 20, H: 15, I: 5})
    hands = [rufer(G, H), {"kind": "radl"}, rufer(H, I), tr, rufer(F, G), rufer(G, H), rufer(H, I), rufer(I, F)]
    outs, _ = run("hausrunde", hands + [rufer(F, G), rufer(G, H), rufer(H, I)], rules)
    # the Radl's 4 deals: hands 2-5 ... the Trischaken (hand 3) queues 4 more behind its last 2: hands 2-9
    assert factors(outs) == [1, 2, 2, 2, 2, 2, 2, 2, 2, 1]


def test_settle_says_when_a_radl_is_left_unplayed():
    # RULINGS.md Later rulings: "Settling the evening never leaves a queued Radl unplayed without saying so."
    cli("evening", "start", F, G, H, I, "--rules", "hausrunde")
    cli("hand", "add", "--json", json.dumps(rufer(G, H)))
    r = cli("settle", "--json")
    assert json.loads(r.stdout)["radl_unplayed"] == 3  # the first four count double, one played
    assert "3 doubled hands not played" in cli("settle").stdout


def test_radl_final_on_the_command_line():
    cli("evening", "start", F, G, H, I, "--rules", "hausrunde", "--rule", "first_hands_double=0")
    r = cli("radl", "--final", "--dealer", "Hans")
    assert r.exit_code == 0, r.output
    assert "the evening ends after 4 hands" in r.stdout and "Hans deals" in r.stdout


# Ties in Trischaken payouts --------------------------------------------------------


def test_tirol_tied_losers_share_the_loss():
    # RULINGS.md Later rulings (ties share the payment of their position); tirol-koenigrufen-de-luxe.txt:69:
    # the one with most points pays 2 to all others (6); "Punktegleiche Spieler teilen sich ... Verlust":
    # Fritz and Hans tied with 30 pay 3 each, the two others receive 3 each.
    got = play("tirol", {"contract": "trischaken", "scores": {F: 30, G: 5, H: 30, I: 5}})
    assert got == {F: -3, G: 3, H: -3, I: 3}
    # three tied: the 6 shared by three (2 each), all to Gerti
    got = play("tirol", {"contract": "trischaken", "scores": {F: 20, G: 10, H: 20, I: 20}})
    assert got == {F: -2, G: 6, H: -2, I: -2}


def test_gumpoldskirchen_tied_losers_share_and_mit_doubles_each_share():
    # RULINGS.md Later rulings: gumpoldskirchen's doublings ("jeweils") multiply. gumpoldskirchen.txt:153:
    # the loser pays 1 to each "ohne" winner; Fritz and Hans tied pay each winner's 1 half each.
    base = {"contract": "trischaken", "scores": {F: 30, G: 5, H: 30, I: 5}}
    assert play("gumpoldskirchen", base) == {F: -1, G: 1, H: -1, I: 1}
    # Fritz said "mit": his half doubles (2 x 1/2 to each winner): Fritz -2, Hans -1, each winner 3/2
    assert play("gumpoldskirchen", {**base, "mit": [F]}) == {F: -2, G: Fr(3, 2), H: -1, I: Fr(3, 2)}
    # Ilse (a winner) said "mit": she gets 2, Gerti 1, each shared by the two losers
    assert play("gumpoldskirchen", {**base, "mit": [I]}) == {F: Fr(-3, 2), G: 1, H: Fr(-3, 2), I: 2}


# Neither Radl nor Holz doubles a stake or the pot -----------------------------------


def test_radl_doubles_neither_the_stake_nor_the_pot():
    # RULINGS.md Later rulings "Radl, Holz and the Pagat pot"; RULINGS.md Pagatkassa: the dealer pays the
    # stake (1) before the hand; an announced Pagat won takes the whole pot, shared by the side.
    # Hand 1 (x2): Fritz pays 1 in; Rufer 1 x2 = 2; announced Pagat 2 x2 = 4 (radl_scope=all); the pot (1)
    # goes to Gerti and Hans, 1/2 each, not doubled.
    hand = rufer(G, H, premiums=[prem("pagat")])
    outs, bal = run("standard", [{"kind": "radl"}, hand], ["pagatkassa=1"])
    assert outs[1].radl_factor == 2
    assert bal == {F: -1 - 6, G: 6 + Fr(1, 2), H: 6 + Fr(1, 2), I: -6}
    assert outs[1].state.pot == 0


def test_holz_doubles_neither_the_stake_nor_the_pot():
    # RULINGS.md Later rulings; RULINGS.md Holz (gumpoldskirchen.txt:153): after a Trischaken every player
    # holds one Holz; Gerti's game then counts double, but not Fritz's stake nor the pot Gerti's side wins.
    tr = {"contract": "trischaken", "scores": {F: 30, G: 20, H: 15, I: 5}}
    outs, _ = run("gumpoldskirchen", [tr, tr, tr, tr, rufer(G, H, premiums=[prem("pagat")])], ["pagatkassa=1"])
    last = outs[-1]
    stake = next(it for it in last.items if it.kind == "stake")
    pot = next(it for it in last.items if it.kind == "pot")
    assert stake.multipliers == () and dict(stake.payments) == {F: -1}
    assert not any(name.startswith("Holz") for name, _ in pot.multipliers)
    assert sum(v for _, v in pot.payments) == 5  # the five stakes, paid out once
    game = next(it for it in last.items if it.kind == "game")
    assert any(name.startswith("Holz") for name, _ in game.multipliers)


def test_a_final_radl_can_be_imported(tmp_path):
    # docs/settlement-and-stats.md: {"kind": "radl", "player": NAME, "final": true} in a hand import
    cli("evening", "start", F, G, H, I, "--rules", "hausrunde", "--rule", "first_hands_double=0")
    lines = [{"kind": "radl", "final": True, "player": "hans"}, rufer(I, F)]  # Hans deals, Ilse is Vorhand
    path = tmp_path / "evening.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines), encoding="utf-8")
    r = cli("hand", "import", str(path))
    assert r.exit_code == 0, r.output
    hand = _sheet()[0]
    assert hand["dealer"] == H and hand["payments"][I] == 2  # Rufer 1 x2 in the Sküsradl
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"kind": "radl", "final": "ja"}', encoding="utf-8")
    r = cli("hand", "import", str(bad))
    assert r.exit_code == 1 and '"final" of a radl is true or false' in str(r.exception)
