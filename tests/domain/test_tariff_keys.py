"""Rules some circles' tariffs write that the presets do not: a failed
announced Valat that leaves the game as played (valat_add_failed), a Valat
that multiplies the whole hand (valat=multiply), values that are not whole
and how they are rounded (value_rounding), and the Kontra on a lost game
played alone against three (lost_solo_kontra). Each default plays as the
presets play. Figures worked by hand from the file and line cited:
examples/rules/cheltenham.toml (CH), examples/rules/valat-praemie.toml
(VP), ../shared/rules/standard-koenigrufen.txt (std). Fritz deals the first
hand, Gerti is its Vorhand."""

import re
from fractions import Fraction as Fr

import pytest

from schreiber.domain.engine import score
from schreiber.domain.evening import Entry, balances, initial_state, replay
from schreiber.domain.record import check_hand
from schreiber.domain.rules import RulesError, load_rules, load_rules_file, rules_from_json
from tests.helpers import P4, ROOT, F, G, H, I, play, prem

CH = str(ROOT / "examples" / "rules" / "cheltenham.toml")
VP = str(ROOT / "examples" / "rules" / "valat-praemie.toml")


def items(rules, record):
    hand, table = check_hand(record, rules, P4, F)
    return score(hand, rules, table).items


def each(v, declarer):
    """A declarer alone against three wins ``v`` from each (loses, if negative)."""
    return {p: (3 * v if p == declarer else -v) for p in P4}


def pair(v, a, b):
    return {p: (v if p in (a, b) else -v) for p in P4}


# valat_add_failed -------------------------------------------------------------


def test_a_failed_valat_leaves_the_game_as_played():
    """VP:11-14,30 ("so zählt der 6er-Dreier 4 Punkte abzüglich des
    verlorenen Valats 20 Punkte ergibt -16"): Sechserdreier 4 (VP:40) won,
    the announced Valat (20, VP:28) lost: 4 - 20 = -16 from each opponent's
    view, the declarer pays 16 to each."""
    assert play(VP, {"contract": "sechserdreier", "declarer": G, "result": "won",
                     "premiums": [prem("valat", result="lost")]}) == each(-16, G)  # fmt: skip


def test_a_failed_valat_leaves_the_birds_as_played():
    """VP:10-11 ("so zählen für den Spieler trotzdem ... Vogerln"): the
    announced Pagat won, 2 (std:55), counts for him: 4 - 20 + 2 = -14."""
    record = {"contract": "sechserdreier", "declarer": G, "result": "won",
              "premiums": [prem("valat", result="lost"), prem("pagat")]}  # fmt: skip
    assert play(VP, record) == each(-14, G)
    # the default, as tirol plays it (tirol-koenigrufen-de-luxe.txt:77): the game (its lost value, 4)
    # and the Pagat are set off: -4 - 20 - 2 = -26
    assert play(VP, record, rules=["valat_add_failed=turned"]) == each(-26, G)


def test_the_opponents_failed_valat_as_played():
    """valat_add_failed=played for the other side too: the opponents
    announce Valat and lose it; the Rufer (1, std:31) won stays won, the
    opponents pay the Valat, 20 (VP:28): 1 + 20 = 21 to each of the two."""
    record = {"contract": "rufer", "declarer": G, "partner": H, "result": "won",
              "premiums": [prem("valat", party="opponents", result="lost")]}  # fmt: skip
    assert play(VP, record) == pair(21, G, H)


# valat = multiply --------------------------------------------------------------


def test_a_valat_multiplies_the_whole_hand():
    """CH:11-12,23-24: the whole result x4. A Rufer (1, std:31) won with a
    silent Valat and a silent Pagat (1, std:55): (1 + 1) x 4 = 8 to each of
    the two."""
    record = {"contract": "rufer", "declarer": G, "partner": H, "result": "won",
              "premiums": [prem("valat", announced=False), prem("pagat", announced=False)]}  # fmt: skip
    assert play(CH, record) == pair(8, G, H)
    lines = items(load_rules(CH), record)
    assert [(it.label, it.multipliers, it.value) for it in lines] == [
        ("Rufer gewonnen", (("Valat still", 4),), 4),
        ("Pagat ultimo still, gewonnen", (("Valat still", 4),), 4),
    ]


def test_an_announced_valat_with_kontras_multiplies_the_whole_hand():
    """CH:13 (announced: standard's 8, std:60). A Dreier (4, std:40) won
    with Kontra on the game (x2, std:84) and Kontra on the announced Valat:
    4 x2 (the game's Kontra) x8 x2 (the Valat's) = 128 from each opponent;
    the announced Trull (2, std:50) x8 x2 = 32 more: 160 from each."""
    record = {"contract": "dreier", "declarer": I, "result": "won", "kontra": "kontra",
              "premiums": [prem("valat", kontra="kontra"), prem("trull")]}  # fmt: skip
    assert play(CH, record) == each(160, I)


def test_the_opponents_valat_multiplies_the_lost_game():
    """The opponents take every trick, silently: the Rufer (1, std:31) is
    lost, and the whole x4 (CH:11-12): 4 to each opponent."""
    record = {"contract": "rufer", "declarer": G, "partner": H, "result": "lost",
              "premiums": [prem("valat", party="opponents", announced=False)]}  # fmt: skip
    assert play(CH, record) == pair(-4, G, H)


def test_a_failed_announced_valat_turns_the_hand_and_multiplies_it():
    """A Valat that multiplies the hand, announced and lost: the announcing
    side loses the game and its trick premiums (as tirol-koenigrufen-de-luxe
    .txt:77 sets them off), and the whole x8 (CH:13): a Rufer won on points
    (1) with an announced Pagat made (2): (-1 - 2) x 8 = -24 to each of the two."""
    record = {"contract": "rufer", "declarer": G, "partner": H, "result": "won",
              "premiums": [prem("valat", result="lost"), prem("pagat")]}  # fmt: skip
    assert play(CH, record) == pair(-24, G, H)


def test_a_renonce_pays_the_announced_valat_multiplied():
    """RULINGS.md Renonce: each other player is paid as if he had won the
    game and every announced premium: a Dreier (4) with an announced Valat
    (x8, CH:13) and an announced Pagat (2): (4 + 2) x 8 = 48, the soloist
    three times that."""
    record = {"contract": "dreier", "declarer": G, "result": "won", "renonce": H,
              "premiums": [prem("valat"), prem("pagat")]}  # fmt: skip
    assert play(CH, record) == {F: 48, G: 144, H: -240, I: 48}


# Values that are not whole: value_rounding ------------------------------------


def bettel(declarer, result, **kw):
    return {"contract": "bettel", "declarer": declarer, "result": result, **kw}


@pytest.mark.parametrize(
    "how, plain, kontra",
    [("down", 2, 5), ("nearest", 3, 5), ("up", 3, 5), ("none", Fr(5, 2), 5)],
)
def test_a_value_of_two_and_a_half(how, plain, kontra):
    """CH:10,22,35: Bettel 2½, rounded down after its multipliers: 2 plain,
    5 under one Kontra (2½ x2). Lost, Fritz said Kontra: Fritz gets 5, the
    two others the plain value each."""
    rules = [f"value_rounding={how}"]
    assert play(CH, bettel(G, "lost"), rules=rules) == each(-plain, G)
    assert play(CH, bettel(G, "won"), rules=rules) == each(plain, G)
    lost = play(CH, bettel(G, "lost", kontra={F: "kontra"}), rules=rules)
    assert lost == {F: kontra, G: -kontra - 2 * plain, H: plain, I: plain}


def test_a_rounded_line_says_so():
    lines = items(load_rules(CH), bettel(G, "lost"))
    assert [(it.label, it.base, it.value, dict(it.payments)) for it in lines] == [
        ("Bettel verloren (abgerundet)", Fr(5, 2), 2, {F: 2, G: -6, H: 2, I: 2})
    ]


def test_rounding_comes_before_the_radl():
    """value_rounding rounds a line after its own multipliers, before the
    evening's: the Bettel's 2 (CH:10) doubled in a Radl is 4, not 2½ x2 = 5."""
    r = load_rules(CH)
    entries = [Entry.of({"kind": "radl"}), Entry.of({"kind": "hand", "record": bettel(G, "lost")})]
    outs = replay(r, P4, entries, initial_state(r, P4))
    assert balances(P4, outs) == each(-4, G)


def test_a_premium_worth_a_half_after_the_solo_doubling():
    """A premium may be worth a half too: a silent Pagat of ½, rounded down:
    nothing in a Dreier; doubled in a Solodreier (std:61) it is 1, whole, and
    stays. The game: Dreier 4 (std:40), Solodreier 8 (std:45)."""
    rules = ["premium.pagat.silent=0.5", "value_rounding=down"]
    pagat = [prem("pagat", announced=False)]
    assert play("standard", {"contract": "dreier", "declarer": G, "result": "won", "premiums": pagat},
                rules=rules) == each(4, G)  # fmt: skip
    assert play("standard", {"contract": "solodreier", "declarer": G, "result": "won", "premiums": pagat},
                rules=rules) == each(9, G)  # fmt: skip


def test_a_renonce_pays_the_rounded_values():
    """RULINGS.md Renonce: the game as its own line would pay it: the
    Bettel's 2½ rounded down, 2 (CH:10) to each other player."""
    assert play(CH, bettel(G, "lost", renonce=G)) == each(-2, G)


def test_a_renonces_line_says_the_game_was_rounded_as_it_was_paid():
    """sheet --explain of a Renonce under value_rounding showed "2.50 = 2.50"
    while each share was paid 2 (CH:10, Bettel 2½ rounded down): the line
    says so, as a Bettel played out and lost says it (above). Hans's Renonce
    in Gerti's Bettel: each other player 2, the declarer the triple share, 6."""
    lines = items(load_rules(CH), bettel(G, "lost", renonce=H))
    assert [(it.label, it.base, it.value, dict(it.payments)) for it in lines] == [
        ("Renonce von Hans (abgerundet)", Fr(5, 2), 2, {F: 2, G: 6, H: -10, I: 2})
    ]
    kontra = items(load_rules(CH), bettel(G, "lost", renonce=H, kontra={F: "kontra"}))  # 2½ x2 for Fritz: 5, whole
    assert [(it.label, it.value, dict(it.payments)) for it in kontra] == [
        ("Renonce von Hans (abgerundet)", Fr(5, 2), {F: 5, G: 6, H: -13, I: 2})
    ]
    exact = items(load_rules(CH, ["value_rounding=none"]), bettel(G, "lost", renonce=H))
    assert [(it.label, it.value) for it in exact] == [("Renonce von Hans", Fr(5, 2))]


def test_exact_halves_reach_the_ledger():
    """value_rounding=none keeps 2½ exact: each pays 5/2, which the ledger
    keeps in its units of 1/2520 point."""
    from schreiber.domain.points import units

    pays = play(CH, bettel(G, "won"), rules=["value_rounding=none"])
    assert pays == {F: Fr(-5, 2), G: Fr(15, 2), H: Fr(-5, 2), I: Fr(-5, 2)}
    assert [units(v) for v in pays.values()] == [-6300, 18900, -6300, -6300]


def test_a_rules_file_writes_a_half_as_a_number(tmp_path):
    """CH:35 writes ``value = 2.5``: read exactly (never as a float), kept
    as a Fraction, stored with the evening as "2.5" and read back the same."""
    r = load_rules_file(CH)
    assert r.contracts["bettel"].value == Fr(5, 2) and type(r.contracts["bettel"].value) is Fr
    assert r.contracts["bettel"].lost_value == Fr(5, 2)
    assert r.to_dict()["contracts"]["bettel"]["value"] == "2.5"
    assert rules_from_json(r.to_json()) == r
    assert type(load_rules(CH).contracts["dreier"].value) is int  # whole values stay as they were


@pytest.mark.parametrize(
    "line, says",
    [
        ("value = 2.25", "'value' must be whole or a half (like 2.5) from 0 to 1000, not 2.25"),
        ("value = -0.5", "'value' must be whole or a half (like 2.5) from 0 to 1000, not -0.5"),
        ("value = inf", "'value' must be whole or a half (like 2.5) from 0 to 1000, not Infinity"),
        ("value = nan", "'value' must be whole or a half (like 2.5) from 0 to 1000, not NaN"),
        ("value = 1e9", "'value' must be whole or a half (like 2.5) from 0 to 1000, not 1E+9"),
        ('value = "2,5"', "'value' must be a whole number from 0 to 1000 or a half (like 2.5), not \"2,5\""),
        ('value = "5/2"', "'value' must be a whole number from 0 to 1000 or a half (like 2.5), not \"5/2\""),
        ("value = true", "'value' must be a whole number from 0 to 1000 or a half (like 2.5), not true"),
    ],
)
def test_a_value_that_cannot_be_kept_is_refused(tmp_path, line, says):
    f = tmp_path / "club.toml"
    f.write_text(f'base = "standard"\n[contracts.bettel]\n{line}\n', encoding="utf-8")
    with pytest.raises(RulesError, match="^" + re.escape(f"rules file {f} [contracts.bettel]: {says}") + "$"):
        load_rules_file(f)


def test_a_trischaken_value_stays_whole(tmp_path):
    """Its payouts are shared out (std:127, RULINGS.md Trischaken): a half
    of a half is refused rather than rounded in ways no sheet says."""
    f = tmp_path / "club.toml"
    f.write_text('base = "standard"\n[contracts.trischaken]\nvalue = 1.5\n', encoding="utf-8")
    with pytest.raises(RulesError, match="a Trischaken's value must be whole"):
        load_rules_file(f)


# lost_solo_kontra ----------------------------------------------------------------


def dreier(result, kontra="kontra", **kw):
    return {"contract": "dreier", "declarer": G, "result": result, "kontra": kontra, **kw}


@pytest.mark.parametrize(
    "record, paid, counted",
    [
        (dreier("lost"), -4, -8),  # CH:14,25: the Kontra does not count: the Dreier's 4 (std:40), not 4 x2 (std:84)
        (dreier("lost", kontra="re"), -16, -16),  # CH:15: he answered with Re: 4 x4
        (dreier("lost", premiums=[prem("pagat", result="lost")]), -10, -10),  # CH:15: he announced: 4 x2 + 2
        (dreier("won"), 8, 8),  # only a lost game: 4 x2
    ],
)
def test_a_lost_solo_against_three_pays_no_kontra(record, paid, counted):
    assert play(CH, record) == each(paid, G)
    assert play(CH, record, rules=["lost_solo_kontra=counts"]) == each(counted, G)


def test_alone_against_three_also_when_the_king_lay_in_the_talon():
    """A Rufer whose called king lay in the talon (partner null) is played
    alone against three (RULINGS.md General 1): lost with Kontra, 1 (std:31)
    to each; played two against two, the Kontra counts: 2 to each."""
    lone = {"contract": "rufer", "declarer": G, "partner": None, "result": "lost", "kontra": "kontra"}
    assert play(CH, lone) == each(-1, G)
    two = {**lone, "partner": H}
    assert play(CH, two) == pair(-2, G, H)


def test_the_schrift_keeps_a_re_answered():
    """schrift_kontra=simple writes a Re as a simple Kontra (tirol-koenigrufen
    -de-luxe.txt:86): the declarer answered with Re, so the Kontra counts
    (CH:15), in the money x4 (16 to each), in the Schrift x2 (8 to each)."""
    r = load_rules(CH, ["schrift_kontra=simple"])
    outs = replay(r, P4, [Entry.of({"kind": "hand", "record": dreier("lost", kontra="re")})], initial_state(r, P4))
    assert dict(outs[0].payments) == each(-16, G)
    assert outs[0].schrift is not None and dict(outs[0].schrift.payments) == each(-8, G)


def test_a_renonce_keeps_the_kontra():
    """The game not played out: a Renonce pays the game with its Kontra as
    ever (RULINGS.md Renonce): Gerti's own Renonce, 4 x2 = 8 to each."""
    assert play(CH, dreier("lost", renonce=G)) == each(-8, G)


# The defaults play as the presets do ---------------------------------------------


def test_every_preset_plays_these_rules_as_before():
    for preset in ("standard", "tirol", "hausrunde", "gumpoldskirchen", "lungau", "ooe"):
        r = load_rules(preset)
        assert (r.valat_add_failed, r.lost_solo_kontra, r.value_rounding) == ("turned", "counts", "none"), preset
