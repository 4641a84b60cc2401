"""A Mondfang settled between the two players (mondfang_between) and the
doubled next game after a catch (catch_doubles); each defaults to how
schreiber played before it. Figures worked by hand from
../shared/rules/standard-koenigrufen.txt (std:LINE), tirol (tirol:LINE),
RULINGS.md and examples/rules/mondfang-zwischen-zweien.toml (mz:LINE, the
circle's sheet in its comments)."""

import json

import pytest

from schreiber.domain.evening import Entry, balances, initial_state, replay
from schreiber.domain.notation import NotationError, format_notation, parse_notation
from schreiber.domain.record import check_hand
from schreiber.domain.rules import RulesError, load_preset, load_rules, rules_from_dict, rules_from_json
from tests.helpers import P4, ROOT, F, G, H, I, play, prem, refused_hand, rufer, team

MZ = ROOT / "examples" / "rules" / "mondfang-zwischen-zweien.toml"
PLAYERS = ("mondfang_between=players",)


def mond(by=None, frm=None, party="opponents", **kw):
    p = {"name": "mondfang", "party": party, "announced": False, "result": "won", **kw}
    if by is not None:
        p["by"] = by
    if frm is not None:
        p["from"] = frm
    return p


# Mondfang between two players -------------------------------------------------------


def test_a_mondfang_between_partners_is_paid_between_them():
    """mz:33 (the sheet: the two may sit on one side). Rufer 1 to Gerti and
    Hans (std:31); Hans caught his partner Gerti's Mond: Gerti pays Hans the
    Mondfang's 1 (std:53) and nobody else pays or gets anything for it."""
    paid = play("standard", rufer(G, H, premiums=[mond(H, G, "declarer")]), rules=PLAYERS)
    assert paid == {F: -1, G: 0, H: 2, I: -1}


def test_a_mondfang_between_players_is_one_payment_also_against_a_soloist():
    """A Solorufer alone (own king) 2 from each (std:37); the opponent Ilse
    caught Gerti's Mond. Between the sides (std:53, RULINGS.md General 1) she
    and her partners get the Mondfang 1, doubled in a Solo (std:61), from
    Gerti: 2 each, 6 in all. Between the two (mz:33) only Ilse gets 2."""
    record = {"contract": "solorufer", "declarer": G, "partner": G, "result": "won", "premiums": [mond(I, G)]}
    assert play("standard", record) == {F: -2 + 2, G: 6 - 6, H: -2 + 2, I: -2 + 2}
    assert play("standard", record, rules=PLAYERS) == {F: -2, G: 6 - 2, H: -2, I: -2 + 2}


def test_by_and_from_change_nothing_between_the_sides():
    """The default (std:53: the opponents' Mond won): who caught whom is
    written down and the sides settle as before; a catch of a partner's
    Mond is none there."""
    plain = rufer(G, H, premiums=[mond()])
    assert play("standard", rufer(G, H, premiums=[mond(I, H)])) == play("standard", plain) == {F: 0, G: 0, H: 0, I: 0}
    says = refused_hand("standard", rufer(G, H, premiums=[mond(I, F)]))
    assert "Ilse and Fritz play on one side, and under standard a catch is paid between the sides" in says


@pytest.mark.parametrize(
    "premium, rules, says",
    [
        (
            mond(),
            PLAYERS,
            "Mondfang is paid between the one who caught the Mond and the one who lost it under standard",
        ),
        (mond(I), (), "give both by (who caught it) and from (whose it was), or neither"),
        (mond(frm=I), PLAYERS, "give both by (who caught it) and from (whose it was), or neither"),
        (mond(I, H, result="lost"), (), "was not made, so nobody caught anything"),
        (mond(I, I), PLAYERS, "Ilse cannot catch his own card"),
        (mond("Zorro", H), PLAYERS, "unknown player 'Zorro' as by"),
        (mond(H, I), PLAYERS, "Hans caught it, so it is a premium of the declarer's side"),
        ({**prem("pagat", announced=False), "by": H, "from": I}, (), "Pagat ultimo catches no card"),
    ],
)
def test_who_caught_whom_is_checked(premium, rules, says):
    assert says in refused_hand("standard", rufer(G, H, premiums=[premium]), rules=rules)


def test_a_failed_valat_turns_a_mondfang_of_its_side_round():
    """tirol: an announced Valat lost turns the game and the trick premiums
    (Mondfang among them) against the announcing side (tirol:77). Between
    two players: Gerti caught Ilse's Mond (1, tirol:34), but Gerti's side
    announced the Valat and lost it, so Gerti pays Ilse; the Rufer 1 (tirol:6)
    and the announced Valat 20 (tirol:39) go to the opponents."""
    valat = {"name": "valat", "party": "declarer", "announced": True, "result": "lost"}
    paid = play("tirol", rufer(G, H, premiums=[valat, mond(G, I, "declarer")]), rules=PLAYERS)
    game_and_valat = team(1 + 20, (F, I), (G, H))
    assert paid == {F: game_and_valat[F], G: game_and_valat[G] - 1, H: game_and_valat[H], I: game_and_valat[I] + 1}


# The doubled next game ---------------------------------------------------------------


def run(rules, entries, players=P4):
    entries = [e if "kind" in e else {"kind": "hand", "record": e} for e in entries]
    outs = replay(rules, players, [Entry.of(e) for e in entries], initial_state(rules, players))
    return [o.radl_factor for o in outs if o.kind == "hand"], balances(players, outs)


HANDS = [rufer(G, H, premiums=[mond()]), rufer(H, I), rufer(I, F), rufer(F, G), rufer(G, H), rufer(H, I)]


def test_a_catch_doubles_the_next_hand_or_a_radl():
    """radl_after_catch (tirol:96 "Radl nach ... Fängen", one deal per
    player, RULINGS.md Doubled rounds); catch_doubles=next: only the next
    hand (mz:34,35, the sheet: the game after a Mondfang is a Doppelspiel)."""
    radl = load_rules("standard", ["radl_after_catch=true"])
    assert run(radl, HANDS)[0] == [1, 2, 2, 2, 2, 1]
    nxt = load_rules("standard", ["radl_after_catch=true", "catch_doubles=next"])
    factors, bal = run(nxt, HANDS)
    assert factors == [1, 2, 1, 1, 1, 1]
    # Rufer 1 each (std:31), the second x2; in the first the opponents' Mondfang 1 (std:53) evens it out
    assert bal == {F: -2, G: -2, H: 2, I: 2}
    with pytest.raises(RulesError, match="counts only where radl_after_catch is true"):  # it would play nothing
        load_rules("standard", ["catch_doubles=next"])
    stored = load_rules("standard").to_dict()  # an evening stored with it, as the rules of an earlier format read
    stored["rules"]["catch_doubles"] = "next"
    assert run(rules_from_json(json.dumps(stored)), HANDS)[0] == [1] * 6  # off: no doubling at all


def test_a_doubled_game_inside_a_doubled_round():
    """Where doublings multiply (mz:36, the sheet's Vierfachspiel) the game
    after a Mondfang inside a running Radl counts x4, the rest of the Radl
    x2; where they queue (RULINGS.md Doubled rounds, no x4) the doubled game
    is queued behind the Radl like any Radl."""
    hands = [{"kind": "radl"}, *HANDS]
    stacked = load_rules("standard", ["radl_after_catch=true", "catch_doubles=next", "radl_stack=true"])
    assert run(stacked, hands)[0] == [2, 4, 2, 2, 1, 1]
    queued = load_rules("standard", ["radl_after_catch=true", "catch_doubles=next"])
    assert run(queued, hands)[0] == [2, 2, 2, 2, 2, 1]


def test_a_doubled_game_inside_the_final_radl():
    """In the evening's last Radl (the sheet's Doppelrunde at the end, a
    `radl --final` of four deals) the game after a Mondfang counts x4 where
    doublings multiply (mz:36), and only that game. Where they queue, it
    would queue past the end of the evening: like any Radl it is stacked
    onto the final Radl's remaining hands (RULINGS.md Later rulings)."""
    final = {"kind": "radl", "record": {"final": True}}
    plain = [final, rufer(G, H), rufer(H, I), rufer(I, F), rufer(F, G)]
    assert run(load_rules(str(MZ)), plain)[0] == [2, 2, 2, 2]
    caught = [final, rufer(G, H, premiums=[mond(F, I)]), rufer(H, I), rufer(I, F), rufer(F, G)]
    assert run(load_rules(str(MZ)), caught)[0] == [2, 4, 2, 2]
    assert run(load_rules(str(MZ), ["radl_stack=false"]), caught)[0] == [2, 4, 4, 4]


# Rules written before these keys -----------------------------------------------------


@pytest.mark.parametrize("fmt", [1, 2, None])
@pytest.mark.parametrize("radl_after_catch", [True, False])
def test_older_rules_read_the_new_keys_as_they_played(fmt, radl_after_catch):
    """Stored rules and rules files that name neither key (every format, and
    those that say none): a catch starts a Radl where radl_after_catch says
    so (tirol:96), a Mondfang is settled between the sides (std:53,
    RULINGS.md General 1): a hand scores as before."""
    data = load_preset("tirol").to_dict()
    for key in ("catch_doubles", "mondfang_between"):
        del data["rules"][key]
    data["rules"]["radl_after_catch"] = radl_after_catch
    if fmt is None:
        del data["format"]
    else:
        data["format"] = fmt
    r = rules_from_dict(json.loads(json.dumps(data)), strict=False)
    assert (r.catch_doubles, r.mondfang_between) == ("radl", "sides")
    assert run(r, HANDS)[0] == ([1, 2, 2, 2, 2, 1] if radl_after_catch else [1] * 6)


# The short notation ------------------------------------------------------------------

NP = ("Anna", "Berti", "Carl", "Dora")


@pytest.mark.parametrize(
    "text, premium",
    [
        ("ruf carl + mondfang:dora>carl", mond("Dora", "Carl")),
        ("ruf carl + mondfang:carl>berti", mond("Carl", "Berti", "declarer")),
        ("ruf carl + geg:mondfang:dora>carl", mond("Dora", "Carl")),
        ("ruf carl + mondfang!:anna>carl", mond("Anna", "Carl", announced=True)),
        ("ruf carl + mond:d>c", mond("Dora", "Carl")),
    ],
)
def test_the_notation_says_who_caught_whose_mond(text, premium):
    r = load_rules(str(MZ))
    record = parse_notation(text, r, NP, "Berti")
    assert record["premiums"] == [premium]
    assert parse_notation(format_notation(record, r), r, NP, "Berti") == record
    check_hand(record, r, NP, "Anna")


@pytest.mark.parametrize(
    "text, says",
    [
        ("ruf carl + mondfang:dora", "unknown word 'mondfang:'"),
        ("ruf carl + mondfang:dora>", "write who caught whose card as mondfang:CATCHER>LOSER"),
        ("ruf carl + mondfang:zorro>carl", "unknown player 'zorro' as by"),
    ],
)
def test_a_catch_the_notation_cannot_read(text, says):
    with pytest.raises(NotationError, match=says):
        parse_notation(text, load_rules(str(MZ)), NP, "Berti")
