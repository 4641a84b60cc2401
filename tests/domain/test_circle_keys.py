"""Rules of the circles whose tariffs no key said yet (issue 35): which lost
games void the Kontra (lost_solo_kontra = called), the game's Kontra beside
a Valat (valat_game_kontra), a tied Vorhand among the Trischaken losers
(trischaken_vorhand_tied), a Bürgermeister who pays instead of the scheme
(trischaken_buergermeister = instead), a bird that decides the game (the
contract field bird_decides). Each default plays as schreiber played
before it, and as every preset plays. The circles' own figures are quoted
from the issue; the values behind them are the preset's, cited as
../shared/rules/standard-koenigrufen.txt (std), tirol-koenigrufen-de-luxe.txt
(tir), lungau.txt (lun). Fritz deals the first hand, Gerti is its Vorhand."""

import json
from fractions import Fraction as Fr

import pytest

from schreiber.domain.engine import score
from schreiber.domain.evening import Entry, initial_state, replay
from schreiber.domain.record import check_hand
from schreiber.domain.rules import PRESETS, RulesError, load_rules, load_rules_file, rules_from_json
from tests.helpers import P4, TESTS, F, G, H, I, cli, play, prem, refused_hand


def each(v, declarer):
    """A declarer alone against three wins ``v`` from each (loses, if negative)."""
    return {p: (3 * v if p == declarer else -v) for p in P4}


def pair(v, a, b):
    return {p: (v if p in (a, b) else -v) for p in P4}


# lost_solo_kontra = called -------------------------------------------------------

CALLED = ["lost_solo_kontra=called"]


def lost(contract, partner="none", kontra="kontra", **kw):
    record = {"contract": contract, "declarer": G, "result": "lost", "kontra": kontra, **kw}
    return record if partner == "none" else {**record, "partner": partner}


@pytest.mark.parametrize(
    "record, called, void, counts",
    [
        # a Rufer (1, std:31) whose called king lay in the talon: alone against three, Kontra void
        (lost("rufer", None), -1, -1, -2),
        # a Solorufer (2, std:37) on his own king: ended alone, Kontra void
        (lost("solorufer", G), -2, -2, -4),
        # a Dreier (4, std:40), announced alone: the Kontra was given knowing the odds, it counts (4 x2)
        (lost("dreier"), -8, -4, -8),
        # a Solodreier (8, std:45), announced alone: it counts (8 x2)
        (lost("solodreier"), -16, -8, -16),
    ],
)
def test_only_a_called_game_ended_alone_voids_the_kontra(record, called, void, counts):
    """The issue's circles void the Kontra on a lost game only where the
    declarer called a king and ended alone (the king in the talon or his
    own), not in a Dreier or another game announced alone; `void` voids it
    in every game alone against three, `counts` in none."""
    assert play("standard", record, rules=CALLED) == each(called, G)
    assert play("standard", record, rules=["lost_solo_kontra=void"]) == each(void, G)
    assert play("standard", record) == each(counts, G)


def test_called_keeps_the_kontra_two_against_two_and_after_a_re():
    """A Rufer played with the partner (two against two) keeps its Kontra,
    1 x2 = 2 to each opponent; alone with the king in the talon and answered
    with Re, 1 x4 = 4 to each (the Re counts, as under `void`)."""
    assert play("standard", lost("rufer", H), rules=CALLED) == pair(-2, G, H)
    assert play("standard", lost("rufer", None, kontra="re"), rules=CALLED) == each(-4, G)


def test_every_preset_keeps_every_kontra():
    for preset in PRESETS:
        assert load_rules(preset).lost_solo_kontra == "counts", preset


# valat_game_kontra ----------------------------------------------------------------


def valat_hand(contract="rufer", announced=False, party="declarer", result="won", **kw):
    partner = {"partner": H} if contract == "rufer" else {}
    return {"contract": contract, "declarer": G, **partner, "result": result, "kontra": "kontra",
            "premiums": [prem("valat", party=party, announced=announced)], **kw}  # fmt: skip


@pytest.mark.parametrize(
    "how, silent, announced",
    [
        # std:31 Rufer 1, std:60 Valat 4 x / 8 x Spielwert, std:84 Kontra x2
        ("along", 8, 16),  # the Valat takes the game's Kontra along: 1 x 4 x 2; 1 x 8 x 2
        ("apart", 5, 9),  # the doubled game and the Valat on top: 1 x 2 + 1 x 3; 1 x 2 + 1 x 7
        ("void_silent", 4, 16),  # beside a silent Valat the Kontra counts nothing: 1 x 4; announced: along
    ],
)
def test_the_games_kontra_beside_a_valat(how, silent, announced):
    """The issue's circles: today's 1 x 4 x 2 = 8, the Valat as a multiple
    of the undoubled game on top of the doubled game, 1 + 1 + 3 = 5, and the
    game's Kontra void beside a silent Valat, 4; to each of the two."""
    rule = [f"valat_game_kontra={how}"]
    assert play("standard", valat_hand(), rules=rule) == pair(silent, G, H)
    assert play("standard", valat_hand(announced=True), rules=rule) == pair(announced, G, H)


def test_apart_is_two_lines():
    """`sheet --explain` shows the game with its Kontra and the Valat over it."""
    r = load_rules("standard", ["valat_game_kontra=apart"])
    hand, table = check_hand(valat_hand(), r, P4, F)
    assert [(it.label, it.multipliers, it.value) for it in score(hand, r, table).items] == [
        ("Rufer gewonnen (Valat darüber)", (("Kontra (Spiel)", 2),), 2),
        ("Valat still, gewonnen", (("Valat still über dem Spiel", 3),), 3),
    ]


def test_apart_alone_and_against():
    """A Dreier (4, std:40) with a silent Valat and Kontra: 4 x2 + 4 x3 = 20
    from each (along: 4 x4 x2 = 32). The opponents' silent Valat against a
    Rufer doubled: the game lost with its Kontra and the Valat over it, 2 + 3
    = 5 to each opponent (along: 8)."""
    rule = ["valat_game_kontra=apart"]
    assert play("standard", valat_hand("dreier"), rules=rule) == each(20, G)
    assert play("standard", valat_hand("dreier")) == each(32, G)
    against = valat_hand(party="opponents", result="lost")
    assert play("standard", against, rules=rule) == pair(-5, G, H)
    assert play("standard", against) == pair(-8, G, H)


def test_void_silent_in_the_money_as_the_schrift_has_it():
    """Where the Schrift counts no Kontra (schrift_kontra=none, ooe-2023.md
    §5.2) it wrote the silent Valat as 1 x 4 = 4 already; void_silent makes
    the money the same."""
    r = load_rules("standard", ["valat_game_kontra=void_silent", "schrift_kontra=none"])
    out = replay(r, P4, [Entry.hand(valat_hand())], initial_state(r, P4))[0]
    assert dict(out.payments) == pair(4, G, H)
    assert out.schrift is not None and dict(out.schrift.payments) == pair(4, G, H)


def test_every_preset_takes_the_games_kontra_along():
    for preset in PRESETS:
        assert load_rules(preset).valat_game_kontra == "along", preset


# trischaken_vorhand_tied ------------------------------------------------------------

# The 25/25/10/10 with the Vorhand first: Gerti (the Vorhand) and Hans 25, Ilse and Fritz 10.
VORHAND_TIED = {G: 25, H: 25, I: 10, F: 10}
AMONG = ["trischaken_vorhand_tied=among"]


@pytest.mark.parametrize(
    "preset, rules, paid",
    [
        # tir:69, value 2 (tirol.toml): a Vorhand tied loses alone (RULINGS.md Trischaken), double: 4 to each
        ("tirol", [], {G: -12, H: 4, I: 4, F: 4}),
        # the circle: every tied player pays each other player in full, the Vorhand double:
        # Gerti 2 x2 to Ilse and to Fritz, Hans 2 to each of them
        ("tirol", [*AMONG, "trischaken_ties=each"], {G: -8, H: -4, I: 6, F: 6}),
        # tied losers sharing what each owes (shared): Gerti 4 / 2 to each of the two, Hans 2 / 2
        ("tirol", [*AMONG, "trischaken_ties=shared"], {G: -4, H: -2, I: 3, F: 3}),
        # ooe-2023.md §7 case A: the Trischaker tied pays 2 to each alone (value 1); among them, case C
        # with his double: Gerti 1 x2 to each of the two others, Hans 1
        ("ooe", [], {G: -6, H: 2, I: 2, F: 2}),
        ("ooe", AMONG, {G: -4, H: -2, I: 3, F: 3}),
        # gumpoldskirchen.txt:153: the Rufer loses a tie, 1 x2 as Rufer to each; among: shared, Gerti 2 / 2
        # and Hans 1 / 2 to each of the two others
        ("gumpoldskirchen", [], {G: -6, H: 2, I: 2, F: 2}),
        ("gumpoldskirchen", AMONG, {G: -2, H: -1, I: Fr(3, 2), F: Fr(3, 2)}),
    ],
)
def test_a_tied_vorhand_alone_or_among_the_losers(preset, rules, paid):
    assert play(preset, {"contract": "trischaken", "scores": VORHAND_TIED}, rules=rules) == paid


def test_alone_has_no_reading_where_two_pay_two():
    """standard's places (std:127): tied players on a boundary share; no
    loser pays alone, so `alone` is refused in one line."""
    with pytest.raises(
        RulesError, match="'trischaken_vorhand_tied' = alone has no reading under trischaken = standard"
    ):
        load_rules("standard", ["trischaken_vorhand_tied=alone"])


def test_every_preset_leaves_the_tied_vorhand_to_its_scheme():
    for preset in PRESETS:
        r = load_rules(preset)
        assert r.trischaken_vorhand_tied == "scheme", preset
        assert r.trischaken_tariff(1).vorhand_tied == ("among" if r.trischaken in ("standard", "pairwise") else "alone")


# trischaken_buergermeister = instead --------------------------------------------------

INSTEAD = ["trischaken_buergermeister=instead", "trischaken_buergermeister_pays=1"]
OVER_35 = {F: 10, G: 12, H: 10, I: 38}  # Ilse has the game (36 or more, std:127), nobody is trickless
WITH_JUNGFRAU = {F: 0, G: 15, H: 17, I: 38}  # ... and Fritz has no trick


@pytest.mark.parametrize("preset", ["standard", "tirol"])
def test_the_buergermeister_pays_everything_instead(preset):
    """The issue's circle: the player over 35 pays everything instead: 1 to
    each other player; 3 to the Jungfrau alone where there is one, and the
    others get nothing; whatever the scheme would have paid."""
    assert play(preset, {"contract": "trischaken", "scores": OVER_35}, rules=INSTEAD) == {F: 1, G: 1, H: 1, I: -3}
    assert play(preset, {"contract": "trischaken", "scores": WITH_JUNGFRAU}, rules=INSTEAD) == {F: 3, G: 0, H: 0, I: -3}


def test_besides_the_scheme_as_before():
    """standard's own (std:127, RULINGS.md Trischaken): Ilse and Gerti with
    most points pay 1, Fritz and Hans get 1, and Ilse with 36 or more pays 2
    to each besides (each): Ilse -7, Gerti +1, Fritz and Hans +3. With the
    Jungfrau Fritz, Ilse and Hans pay 1, Fritz and Gerti get 1, Fritz 2
    from each besides: Fritz +1 +6 +2, Gerti +1 -2 +2, Hans -1 -2 +2, Ilse
    -1 -2 -6."""
    assert play("standard", {"contract": "trischaken", "scores": OVER_35}) == {F: 3, G: 1, H: 3, I: -7}
    assert play("standard", {"contract": "trischaken", "scores": WITH_JUNGFRAU}) == {F: 9, G: 1, H: -1, I: -9}


def test_instead_needs_a_figure_and_no_second_instead():
    """tirol has no Bürgermeister figure of its own (it doubles, tir:69):
    `instead` asks for one; standard's is 2 x the value (std:127): 2 to
    each. A Jungfrau paid instead of the payout beside it is refused: both
    would replace the whole payout."""
    with pytest.raises(RulesError, match="'trischaken_buergermeister' = instead needs its figure"):
        load_rules("tirol", ["trischaken_buergermeister=instead"])
    paid = play("standard", {"contract": "trischaken", "scores": OVER_35}, rules=["trischaken_buergermeister=instead"])
    assert paid == {F: 2, G: 2, H: 2, I: -6}
    with pytest.raises(RulesError, match="are both instead"):
        load_rules("standard", [*INSTEAD, "trischaken_jungfrau=instead", "trischaken_jungfrau_pays=1"])


# bird_decides (a field of the contract) ----------------------------------------------

DECIDES = ["contract.spatzrufer.bird_decides=true"]


def spatzrufer(pagat: str, **kw) -> dict:
    """lungau's Spatzrufer (the Pagatrufer, lun:40: the side commits to the
    majority of the card points and the last trick with the Pagat), Gerti
    with Hans, the Pagat announced."""
    return {"contract": "spatzrufer", "declarer": G, "partner": H, "premiums": [prem("pagat", result=pagat)], **kw}


@pytest.mark.parametrize(
    "record, decides, played",
    [
        # 40 points (36 win, lun:28) and the Pagat not in the last trick: the game 1 (lun:77) and the
        # announced Pagat 2 (lun:78) both lost; as today, the game won on points and the Pagat lost: 1 - 2
        (spatzrufer("lost", points=40), -3, -1),
        # the Pagat made with 40 points: won either way, 1 + 2
        (spatzrufer("won", points=40), 3, 3),
        # the Pagat made with 30 points: the points lose the game either way, -1 + 2
        (spatzrufer("won", points=30), 1, 1),
    ],
)
def test_a_bird_that_decides_the_game(record, decides, played):
    assert play("lungau", record, rules=DECIDES) == pair(decides, G, H)
    assert play("lungau", record) == pair(played, G, H)


def test_forty_points_and_the_pagat_failed_lose():
    """The issue's hand: 40 points and the Pagat not in the last trick,
    entered as lost, is refused today ("40 points mean the Spatzrufer was
    won") and taken where the bird decides: 3 to each opponent."""
    record = spatzrufer("lost", points=40, result="lost")
    assert "40 points mean the Spatzrufer was won, but result says lost" in refused_hand("lungau", record)
    assert play("lungau", record, rules=DECIDES) == pair(-3, G, H)


def test_a_result_against_the_bird_or_the_points_is_refused():
    """Where the bird decides, a failed Pagat (lungau's Spatz) with the result won is
    refused; so are 40 points with the Pagat made and the result lost."""
    said = refused_hand("lungau", spatzrufer("lost", points=40, result="won"), rules=DECIDES)
    assert said == "the Spatz failed, which loses the Spatzrufer whatever the card points, but result says won"
    said = refused_hand("lungau", spatzrufer("won", points=40, result="lost"), rules=DECIDES)
    assert said == "40 points mean the Spatzrufer was won, but result says lost"


def test_a_besserrufer_whose_bird_decides():
    """standard's Besserrufer (2, std:39) needs one of four birds: Gerti with
    Hans announces the Uhu (4, std:56) and loses it with 45 points: the game
    lost, 2 + 4 = 6 to each opponent (as today: 2 - 4 = -2)."""
    record = {"contract": "besserrufer", "declarer": G, "partner": H, "points": 45,
              "premiums": [prem("uhu", result="lost")]}  # fmt: skip
    assert play("standard", record, rules=["contract.besserrufer.bird_decides=true"]) == pair(-6, G, H)
    assert play("standard", record) == pair(-2, G, H)


def test_no_preset_lets_the_bird_decide():
    for preset in PRESETS:
        assert not any(c.bird_decides for c in load_rules(preset).contracts.values()), preset


@pytest.mark.lang("de")
def test_rules_show_and_the_page_name_the_contracts_whose_bird_decides(tmp_path):
    """`rules show` (in the screen's language) and the page (`--markdown`)
    name the contracts whose bird decides the game; `rules new` writes the
    field for every contract, and the file, changed, reads it back."""
    shown = cli("rules", "show", "lungau", "--rule", "contract.spatzrufer.bird_decides=true").stdout
    assert "bird_decides (spatzrufer): der Vogel entscheidet das Spiel" in shown
    page = cli("rules", "show", "lungau", "--rule", "contract.spatzrufer.bird_decides=true", "--markdown").stdout
    assert "`bird_decides` (`spatzrufer`): the bird decides the game: a bird the contract requires" in page
    assert "bird_decides" not in cli("rules", "show", "lungau").stdout
    f = tmp_path / "kreis.toml"
    assert cli("rules", "new", "kreis", "--from", "lungau", "--out", str(f)).exit_code == 0
    text = f.read_text(encoding="utf-8")
    assert text.count("bird_decides = false") == len(load_rules("lungau").contracts)
    start = text.index("[contracts.spatzrufer]")
    f.write_text(
        text[:start] + text[start:].replace("bird_decides = false", "bird_decides = true", 1), encoding="utf-8"
    )
    assert [c.id for c in load_rules(str(f)).contracts.values() if c.bird_decides] == ["spatzrufer"]


# Older rules ---------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", [1, 2, 3])
def test_rules_that_do_not_name_them_play_as_before(fmt, tmp_path):
    """Stored rules of every format and the rules files of the first and the
    last release (tests/fixtures, written by their own `rules new`) name
    none of these: each reads the value that plays as schreiber played
    before it (CONTRIBUTING.md, Without changing old evenings)."""
    data = load_rules("tirol").to_dict()
    for key in ("valat_game_kontra", "trischaken_vorhand_tied"):
        del data["rules"][key]
    for c in data["contracts"].values():
        del c["bird_decides"]
    olds = [rules_from_json(json.dumps({**data, "format": fmt}))]
    olds += [load_rules_file(TESTS / "fixtures" / f"release_{n}.toml") for n in ("first", "before-rules-format")]
    for r in olds:
        assert (r.valat_game_kontra, r.trischaken_vorhand_tied, r.lost_solo_kontra) == ("along", "scheme", "counts")
        assert r.trischaken_buergermeister == "scheme"
        assert not any(c.bird_decides for c in r.contracts.values())
