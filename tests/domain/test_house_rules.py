"""State across the evening: Radl, Holz, Pagatkassa, a circle's own rules.
Figures worked by hand from the documents (cited) and RULINGS.md."""

import json
import sqlite3
from fractions import Fraction as Fr

import pytest

from schreiber.domain.evening import Entry, balances, initial_state, replay
from schreiber.domain.rules import load_rules
from schreiber.errors import HandError
from tests.helpers import P4, P5, F, G, H, I, J, cli, console, dump, prem


def run(preset, entries, rules=(), players=P4):
    r = load_rules(preset, list(rules))
    entries = [e if isinstance(e, dict) and "kind" in e else {"kind": "hand", "record": e} for e in entries]
    outs = replay(r, players, [Entry.of(e) for e in entries], initial_state(r, players))
    return outs, balances(players, outs)


RUFER = {"contract": "rufer", "result": "won"}


def rufer(decl, partner, result="won", **kw):
    return {"contract": "rufer", "declarer": decl, "partner": partner, "result": result, **kw}


# Radl ------------------------------------------------------------------


def test_hausrunde_first_four_double_game_not_premiums():
    # hausrunde.txt:8 (first four double), :61 (only the game, not the announcements)
    hands = [rufer(G, H, premiums=[prem("pagat")]), rufer(H, I), rufer(I, F), rufer(F, G), rufer(G, H)]
    outs, bal = run("hausrunde", hands)
    assert [o.radl_factor for o in outs] == [2, 2, 2, 2, 1]
    assert dict(outs[0].payments)[G] == 2 + 2  # game 1 x2 + Pagat announced 2
    assert dict(outs[4].payments)[G] == 1


def test_skuesradl_queues_behind_a_running_radl():
    # RULINGS Radl: a Radl started while one runs extends it, no x4.
    hands = [
        rufer(G, H),
        {"kind": "radl"},
        rufer(H, I),
        rufer(I, F),
        rufer(F, G),
        rufer(G, H),
        rufer(H, I),
        rufer(I, F),
    ]
    outs, _ = run("hausrunde", hands)
    factors = [o.radl_factor for o in outs if o.kind == "hand"]
    # first four (hands 1-4) double, then the Sküsradl's four more (hands 5-7 ... queued): 7 hands x2
    assert factors == [2, 2, 2, 2, 2, 2, 2]


def test_stacking_as_house_rule():
    hands = [{"kind": "radl"}, rufer(G, H), rufer(H, I)]
    outs, _ = run("hausrunde", hands, rules=["radl_stack=true"])
    assert [o.radl_factor for o in outs if o.kind == "hand"] == [4, 4]


def test_stacked_radls_are_bounded_by_a_rule_and_one_beyond_is_refused(ledger_env):
    """radl_stack_max (default 10: x1024): the Radl that would make the next
    hands count more is refused in one line and nothing is written; the
    hands go on at x1024. Before: 52 stacked Radls made x2**52, and every hand
    failed with "unexpected OverflowError" until the Radls were voided."""
    assert cli("evening", "start", F, G, H, I, "--rule", "radl_stack=true").exit_code == 0
    for _ in range(10):
        assert cli("radl").exit_code == 0
    before = dump(ledger_env)
    r = console(["radl"])
    assert r.returncode == 1 and dump(ledger_env) == before
    assert r.stderr == (
        "schreiber: error: a Radl now would make the next hands count x2048; these rules let 10 Radls double the "
        "same hands at most (x1024, rule radl_stack_max): play the doubled hands first\n"
    )
    r = cli("hand", "add", "--json", json.dumps(rufer(G, H)))
    assert r.exit_code == 0, r.output
    assert json.loads(cli("balance", "--json").stdout) == {F: -1024, G: 1024, H: 1024, I: -1024}  # 1 x 2**10


def test_the_bound_counts_the_radls_on_the_skuesradl_too(ledger_env):
    """hausrunde: Radls started during the Sküsradl stack onto it (RULINGS.md
    Later rulings, Trischaken inside the Sküsradl), each doubling again; with
    radl_stack_max=2 the third doubling is refused."""
    assert cli("evening", "start", F, G, H, I, "--rules", "hausrunde", "--rule", "first_hands_double=0",
               "--rule", "radl_stack_max=2").exit_code == 0  # fmt: skip
    assert cli("radl", "--final").exit_code == 0
    assert cli("hand", "add", "--json", json.dumps(rufer(G, H))).exit_code == 0
    assert cli("radl").exit_code == 0  # onto the Sküsradl: x4
    r = console(["radl"])
    assert r.returncode == 1 and "count x8;" in r.stderr and "(x4, rule radl_stack_max)" in r.stderr


def test_a_hand_whose_payments_the_ledger_cannot_keep_is_refused_in_one_line():
    """The ledger keeps a payment as 1/2520 points in 64 bits: a Rufer of
    1000 with Re (x4) under 40 Radls side by side (x2**40) would pay each
    4000 x 2**40 points, 1.1e19 units: refused, never an OverflowError."""
    rules = ["radl_stack=true", "radl_stack_max=40", "contract.rufer.value=1000"]
    with pytest.raises(HandError, match="too large to keep: the Radls double it x1099511627776; take a Radl back"):
        run("standard", [{"kind": "radl"}] * 40 + [rufer(G, H, kontra="re")], rules=rules)
    outs, _ = run("standard", [{"kind": "radl"}] * 40 + [rufer(G, H)], rules=rules)  # without Re it is kept
    assert dict(outs[-1].payments)[G] == 1000 * 2**40


def test_a_stored_evening_beyond_the_bound_plays_as_stored(ledger_env):
    """The bound refuses a Radl when it is entered, never when an evening is
    replayed: an evening stored with 12 Radls side by side (rules of an
    earlier release, which do not name radl_stack_max, read its default 10)
    is checked, corrected and shown as it was played, at x4096."""
    assert (
        cli("evening", "start", F, G, H, I, "--rule", "radl_stack=true", "--rule", "radl_stack_max=12").exit_code == 0
    )
    for _ in range(12):
        assert cli("radl").exit_code == 0
    assert cli("hand", "add", "--json", json.dumps(rufer(G, H))).exit_code == 0
    with sqlite3.connect(ledger_env) as con:  # the rules as a release before the key stored them
        (rules_json,) = con.execute(
            "select rules_json from rule_sets where id = (select rule_set_id from evenings)"
        ).fetchone()
        rules = json.loads(rules_json)
        del rules["rules"]["radl_stack_max"]
        con.execute("update rule_sets set rules_json = ?", [json.dumps(rules)])
    assert cli("check").exit_code == 0
    assert cli("undo").exit_code == 0
    assert cli("hand", "add", "--json", json.dumps(rufer(G, H))).exit_code == 0
    assert json.loads(cli("balance", "--json").stdout) == {F: -4096, G: 4096, H: 4096, I: -4096}  # 1 x 2**12
    assert "count x8192;" in console(["radl"]).stderr  # but a Radl entered now is held to it


def test_sküsradl_at_the_skues_holders_deal():
    # hausrunde.txt:65: the last four begin with the player who held the Sküs.
    r = cli("evening", "start", F, G, H, I, "--rules", "hausrunde", "--rule", "first_hands_double=0")
    assert r.exit_code == 0
    assert cli("radl", "--dealer", "ha").exit_code == 0
    # Hans deals now, so Ilse is Vorhand
    r = cli("hand", "add", "--json", json.dumps(rufer(I, F)))
    assert r.exit_code == 0, r.output
    assert json.loads(cli("balance", "--json").stdout) == {F: 2, G: -2, H: -2, I: 2}


def test_tirol_doubled_rounds_after_trischaken_catch_and_split():
    # tirol-koenigrufen-de-luxe.txt:96 (extra): Radl after Trischaken, Fänge, 35:35; doubles everything.
    ex = ["radl_after_trischaken=true", "radl_after_catch=true", "radl_after_split=true"]
    trisch = {"contract": "trischaken", "scores": {F: 30, G: 20, H: 15, I: 5}}
    hands = [
        trisch,
        rufer(H, I, premiums=[prem("pagat", announced=False)]),
        rufer(I, F),
        rufer(F, G),
        rufer(G, H),
        rufer(H, I),
    ]
    outs, _ = run("tirol", hands, rules=ex)
    assert [o.radl_factor for o in outs] == [1, 2, 2, 2, 2, 1]
    assert dict(outs[1].payments)[H] == (1 + 1) * 2  # everything doubled
    outs, _ = run("tirol", [{"contract": "rufer", "declarer": G, "partner": H, "points": 35}, rufer(H, I)], rules=ex)
    assert [o.radl_factor for o in outs] == [1, 2]
    catch = rufer(G, H, premiums=[prem("mondfang", announced=False)])
    outs, _ = run("tirol", [catch, rufer(H, I)], rules=ex)
    assert [o.radl_factor for o in outs] == [1, 2]
    outs, _ = run("tirol", [trisch, rufer(H, I)])  # off by default
    assert [o.radl_factor for o in outs] == [1, 1]


# Holz ------------------------------------------------------------------

TRISCH = {"contract": "trischaken", "scores": {F: 10, G: 5, H: 30, I: 25}}  # G deals hand 2 -> H Vorhand


def test_holz_kept_after_a_loss_and_returned_after_a_win():
    # gumpoldskirchen.txt:153; RULINGS Holz.
    hands = [
        rufer(G, H),  # F deals
        TRISCH,  # G deals; H (Rufer) has most: pays 2 x (1 + 1 + 1) (gum:153)
        {"contract": "dreier", "declarer": I, "result": "lost"},  # H deals; I holds a Holz: 4 x2
        {"contract": "dreier", "declarer": I, "result": "won"},  # I deals; still a Holz: x2, gives it back
        {"contract": "dreier", "declarer": I, "result": "won"},
    ]  # no Holz left: x1
    outs, bal = run("gumpoldskirchen", hands)
    assert [dict(o.state.holz)[I] for o in outs] == [0, 1, 1, 0, 0]
    assert [dict(o.state.holz)[F] for o in outs] == [0, 1, 1, 1, 1]
    assert [dict(o.payments)[I] for o in outs] == [-1, 2, -24, 24, 12]


def test_radl_hand_whose_declarer_holds_holz():
    # Both doublings: Holz x2 on everything and the Radl x2 (gum:153 + a Radl by --rule).
    hands = [
        TRISCH | {"dealer": F},
        {"kind": "radl"},
        {"contract": "dreier", "declarer": I, "result": "won", "premiums": [prem("trull")]},
    ]
    outs, _ = run("gumpoldskirchen", hands)
    # dreier 4 + announced Trull 2 = 6, x2 Radl, x2 Holz = 24 from each
    assert dict(outs[2].payments)[I] == 72
    names = [m[0] for it in outs[2].items for m in it.multipliers]
    assert "Radl" in names and any(n.startswith("Holz") for n in names)


# Pagatkassa ------------------------------------------------------------


def test_pot_won_shared_by_the_side():
    # RULINGS Pagatkassa; tirol-koenigrufen-de-luxe.txt:95.
    hands = [rufer(G, H, premiums=[prem("pagat")])]
    outs, bal = run("tirol", hands, rules=["pagatkassa=3"])
    # F deals and pays 3; G and H take the 3 (1.5 each) besides game 1 + Pagat 2
    assert bal == {F: -3 - 3, G: 3 + Fr(3, 2), H: 3 + Fr(3, 2), I: -3}
    assert outs[0].state.pot == 0


def test_pot_doubled_when_pagat_lost_and_cap():
    hands = [rufer(G, H), rufer(H, I, premiums=[prem("pagat", result="lost")]), rufer(I, F)]
    outs, bal = run("tirol", hands, rules=["pagatkassa=2"])
    # hand 1: F pays 2 -> pot 2; hand 2: G pays 2 -> 4; H+I lose Pagat and pay 4 in (2 each) -> 8; hand 3: H pays 2 -> 10
    assert [o.state.pot for o in outs] == [2, 8, 10]
    assert sum(bal.values()) == -10
    outs, bal = run("tirol", hands, rules=["pagatkassa=2", "pagatkassa_cap=5"])
    # cap 5: hand 2 doubling limited to 5 - 4 = 1; hand 3 stake limited to 0
    assert [o.state.pot for o in outs] == [2, 5, 5]
    assert sum(bal.values()) == -5


def test_pot_start_payment_and_inside_a_radl():
    hands = [{"kind": "radl"}, {"contract": "dreier", "declarer": F, "result": "won", "premiums": [prem("pagat")]}]
    outs, bal = run("tirol", hands, rules=["pagatkassa=1", "pagatkassa_start=2", "radl_after_trischaken=true"])
    # F deals and pays 1 + 2 (empty pot); dreier 5 + Pagat 2 = 7, x2 Radl = 14 each; the pot (3) is not doubled
    assert bal == {F: -3 + 42 + 3, G: -14, H: -14, I: -14}


def test_pot_carries_over_to_the_next_evening():
    assert cli("evening", "start", F, G, H, I, "--rules", "tirol", "--rule", "pagatkassa=3").exit_code == 0
    assert cli("hand", "add", "--json", json.dumps(rufer(G, H))).exit_code == 0
    r = cli("evening", "start", G, H, I, F, "--rules", "tirol", "--rule", "pagatkassa=3")
    assert "carried over" in r.stdout
    assert (
        cli(
            "hand",
            "add",
            "--json",
            json.dumps({"contract": "dreier", "declarer": G, "result": "won", "premiums": [prem("pagat")]}),
        ).exit_code
        == 0
    )
    # G deals and pays 3 -> pot 6, takes it: 5 + 2 = 7 x 3 = 21 - 3 + 6
    assert json.loads(cli("balance", "--json").stdout) == {G: 24, H: -7, I: -7, F: -7}


# A circle's own rules ----------------------------------------------------


def test_custom_rules_file_is_frozen_into_the_evening(tmp_path):
    f = tmp_path / "stammtisch.toml"
    assert cli("rules", "new", "stammtisch", "--from", "standard", "--out", str(f)).exit_code == 0
    text = f.read_text(encoding="utf-8").replace(
        '[contracts.rufer]\nname = "Rufer"\nkind = "positive"\nvalue = 1',
        '[contracts.rufer]\nname = "Rufer"\nkind = "positive"\nvalue = 2',
    )
    f.write_text(text, encoding="utf-8")
    assert cli("evening", "start", F, G, H, I, "--rules", str(f)).exit_code == 0
    assert cli("hand", "add", "--json", json.dumps(rufer(G, H))).exit_code == 0
    f.write_text(text.replace("value = 2", "value = 5", 1), encoding="utf-8")  # a later edit
    assert cli("hand", "add", "--json", json.dumps(rufer(H, I))).exit_code == 0
    assert json.loads(cli("balance", "--json").stdout) == {F: -4, G: 0, H: 4, I: 0}


def test_bad_rules_file_and_override_errors(tmp_path):
    f = tmp_path / "bad.toml"
    f.write_text('base = "standard"\n[rules]\nholzz = true\n', encoding="utf-8")
    r = cli("evening", "start", F, G, H, I, "--rules", str(f))
    assert r.exit_code == 1 and "unknown key 'holzz'" in str(r.exception) and "holz" in str(r.exception)
    r = cli("evening", "start", F, G, H, I, "--rule", "radl_scope=half")
    assert r.exit_code == 1 and "valid: game, all" in str(r.exception)


def test_blosse_rufer_settled_without_result():
    # tirol-koenigrufen-de-luxe.txt:89 (extra): a bare Rufer is settled at once.
    outs, bal = run("tirol", [{"contract": "rufer", "declarer": G, "partner": H}], rules=["blosse_rufer=true"])
    assert bal == {F: -1, G: 1, H: 1, I: -1}


def test_five_players_rotation_dealer_sits_out():
    hands = [rufer(G, H), rufer(H, I), rufer(I, J), rufer(J, F), rufer(F, G)]
    outs, bal = run("standard", hands, players=P5)
    assert [o.dealer for o in outs] == [F, G, H, I, J]
    assert [dict(o.payments)[o.dealer] for o in outs] == [0] * 5


def test_skoty_trophy_keeps_both_figures():
    # tirol-koenigrufen-de-luxe.txt:86: only the simple Kontra counts on the written score.
    assert cli("evening", "start", F, G, H, I, "--rules", "tirol", "--rule", "schrift_kontra=simple").exit_code == 0
    rec = {
        "contract": "dreier",
        "declarer": H,
        "result": "won",
        "kontra": "re",
        "premiums": [prem("pagat", kontra="sub")],
    }
    assert cli("hand", "add", "--json", json.dumps(rec)).exit_code == 0
    money = json.loads(cli("balance", "--json").stdout)
    # money: dreier 5 x Re 4 = 20, Pagat 2 x Sub 8 = 16 -> 36 from each (tir:14,29,50)
    assert money == {F: -36, G: -36, H: 108, I: -36}
    sheet = json.loads(cli("sheet", "--json").stdout)
    # Schrift: 5 x 2 + 2 x 2 = 14 from each
    assert sheet["schrift_totals"] == {F: -14, G: -14, H: 42, I: -14}
    assert sheet["totals"] == money


def test_void_before_a_pot_change_rescores_the_pot():
    # RULINGS Pagatkassa: stakes per dealt hand; a lost announced Pagat doubles the pot.
    assert cli("evening", "start", F, G, H, I, "--rules", "tirol", "--rule", "pagatkassa=2").exit_code == 0
    for rec in (
        rufer(G, H),  # F pays 2 -> pot 2
        rufer(H, I, premiums=[prem("pagat", result="lost")]),  # G pays 2 -> 4; H, I pay 4 in -> 8
        {"contract": "dreier", "declarer": F, "result": "won", "premiums": [prem("pagat")]},
    ):  # H pays 2 -> 10; F takes 10
        assert cli("hand", "add", "--json", json.dumps(rec)).exit_code == 0
    # F: stake -2, games -1 -1, Pagat +2, Dreier 5 + Pagat 2 = +21 (tir:14,29), pot +10
    assert json.loads(cli("balance", "--json").stdout) == {
        F: -2 - 1 - 1 + 2 + 21 + 10,
        G: 1 - 2 - 1 + 2 - 7,
        H: 1 + 1 - 2 - 2 - 2 - 7,
        I: -1 + 1 - 2 - 2 - 7,
    }
    assert cli("hand", "void", "2").exit_code == 0
    # hand 3 keeps its dealer (Hans, pinned when entered): pot 2 + 2 = 4, which Fritz takes
    assert json.loads(cli("balance", "--json").stdout) == {F: -2 - 1 + 21 + 4, G: 1 - 7, H: 1 - 2 - 7, I: -1 - 7}


# A hidden partner's Kontra -------------------------------------------------------


def test_a_hidden_partners_kontra_is_void_unless_the_circle_counts_it():
    # ooe-2023.md §5.1 and §14 O-4: a Kontra by a hidden partner on his own party's game or announcement
    # is void (factor 1). Rufer 1 (ooe-2023.md §2.1); Kontra x2 (§5.1).
    from tests.helpers import play

    rufer = {"contract": "rufer", "declarer": G, "partner": H, "result": "won", "kontra": "kontra"}
    assert play("ooe", {**rufer, "kontra_from": F})[G] == 2  # an opponent's Kontra counts
    assert play("ooe", {**rufer, "kontra_from": H})[G] == 1  # the partner's own: void
    assert play("ooe", {**rufer, "kontra_from": H}, rules=["partner_kontra=counts"])[G] == 2
    # an opponent (Ilse) doubling the opponents' own announced Trull (2, §3.1) with Re: void, 2 not 8
    trull = {**prem("trull", party="opponents", kontra="re"), "kontra_from": I}
    got = play("ooe", {"contract": "rufer", "declarer": G, "partner": H, "result": "won", "premiums": [trull]})
    assert got == {F: 1, G: -1, H: -1, I: 1}  # game +1 for G/H, Trull 2 for F/I


def test_kontra_from_is_checked():
    import pytest

    from schreiber.domain.record import HandError
    from tests.helpers import play

    cases = [
        ({"contract": "dreier", "declarer": G, "result": "won", "kontra": "kontra", "kontra_from": G}, "cannot double"),
        ({"contract": "rufer", "declarer": G, "partner": H, "result": "won", "kontra_from": F}, "no Kontra on it"),
        ({"contract": "bettel", "declarer": G, "result": "won", "kontra": {F: "kontra"}, "kontra_from": F}, "names"),
    ]
    for record, words in cases:
        with pytest.raises(HandError, match=words):
            play("ooe", record)


def test_ooe_renonce_of_the_sitting_out_dealer_and_without_a_bird():
    # ooe-2023.md §8.1: "a Renonce of the sitting-out player makes him compensate the four players":
    # each regular player gets what a won game pays him, Rufer 1 (§2.1) -> Fritz (dealer, out) pays 4.
    from tests.helpers import P5, play

    assert play("ooe", {"contract": "rufer", "declarer": G, "partner": H, "renonce": F}, players=P5) == {
        F: -4,
        G: 1,
        H: 1,
        I: 1,
        J: 1,
    }
    # ... a Sechserdreier: the soloist his triple 3 x 4, the opponents the lost value 8 each (§8.1, §2.1)
    got = play("ooe", {"contract": "sechserdreier", "declarer": G, "renonce": F}, players=P5)
    assert got == {F: -36, G: 12, H: 8, I: 8, J: 8}
    # §8.1: "Besserrufer without a bird in hand: 3 to each other player (-9)"
    got = play("ooe", {"contract": "besserrufer", "declarer": G, "partner": H, "renonce": G})
    assert got == {F: 3, G: -9, H: 3, I: 3}
    # a wrong bird announced is a Renonce scored as any: game 1 + announced Uhu 4 to each (§8.1, §3.1)
    got = play("ooe", {"contract": "besserrufer", "declarer": G, "partner": H, "renonce": G, "premiums": [prem("uhu")]})
    assert got == {F: 5, G: -15, H: 5, I: 5}
