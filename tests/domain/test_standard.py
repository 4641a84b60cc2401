"""Preset `standard`: figures from ../shared/rules/standard-koenigrufen.txt
(cited as std:LINE) and RULINGS.md. Fritz deals, Gerti is Vorhand."""

from fractions import Fraction as Fr

import pytest

from tests.helpers import P5, F, G, H, I, J, play, prem, solo, team

GH = ([G, H], [F, I])

CASES = [
    # (id, record, expected, source)
    (
        "rufer won",
        {"contract": "rufer", "declarer": G, "partner": H, "result": "won"},
        team(1, *GH),
        "std:31 Rufer 1; std:93 each loser pays one winner",
    ),
    ("rufer lost", {"contract": "rufer", "declarer": G, "partner": H, "result": "lost"}, team(-1, *GH), "std:31,93"),
    (
        "rufer 36 points win",
        {"contract": "rufer", "declarer": G, "partner": H, "points": 36},
        team(1, *GH),
        "std:25 36 of 70 win",
    ),
    (
        "rufer 35 points lose",
        {"contract": "rufer", "declarer": G, "partner": H, "points": 35},
        team(-1, *GH),
        "std:25; RULINGS General 5 (35:35 loses)",
    ),
    (
        "sechserdreier won +2",
        {"contract": "sechserdreier", "declarer": G, "result": "won"},
        solo(2, G),
        "std:33,101 +2",
    ),
    (
        "sechserdreier lost -4",
        {"contract": "sechserdreier", "declarer": G, "result": "lost"},
        solo(-4, G),
        "std:33,101 -4",
    ),
    (
        "piccolo won by tricks",
        {"contract": "piccolo", "declarer": H, "tricks": 1},
        solo(2, H),
        "std:35,117 exactly one trick",
    ),
    ("zwiccolo lost by tricks", {"contract": "zwiccolo", "declarer": H, "tricks": 3}, solo(-2, H), "std:36,119"),
    (
        "solorufer won",
        {"contract": "solorufer", "declarer": H, "partner": I, "result": "won"},
        team(2, [H, I], [F, G]),
        "std:37",
    ),
    ("bettel lost", {"contract": "bettel", "declarer": F, "result": "lost"}, solo(-3, F), "std:38"),
    (
        "besserrufer with announced pagat",
        {"contract": "besserrufer", "declarer": G, "partner": H, "result": "won", "premiums": [prem("pagat")]},
        team(2 + 2, *GH),
        "std:39 2+Prämie; std:55 Pagat announced 2",
    ),
    ("dreier won", {"contract": "dreier", "declarer": I, "result": "won"}, solo(4, I), "std:40"),
    ("piccolo ouvert won", {"contract": "piccolo-ouvert", "declarer": I, "result": "won"}, solo(5, I), "std:41"),
    ("farbensolo won", {"contract": "farbensolo", "declarer": I, "result": "won"}, solo(6, I), "std:42"),
    ("bettel ouvert lost", {"contract": "bettel-ouvert", "declarer": I, "result": "lost"}, solo(-6, I), "std:43"),
    (
        "besserdreier with announced uhu",
        {"contract": "besserdreier", "declarer": H, "result": "won", "premiums": [prem("uhu")]},
        solo(4 + 4, H),
        "std:44 4+Prämie; std:56 Uhu announced 4",
    ),
    (
        "solodreier with announced trull doubled",
        {"contract": "solodreier", "declarer": H, "result": "won", "premiums": [prem("trull")]},
        solo(8 + 2 * 2, H),
        "std:45 Solo Dreier 8; std:50 Trull 2; std:61 doubled in Solo Dreier",
    ),
    (
        "solorufer silent kakadu lost",
        {
            "contract": "solorufer",
            "declarer": H,
            "partner": I,
            "result": "won",
            "premiums": [prem("kakadu", announced=False, result="lost")],
        },
        team(2 - 3 * 2, [H, I], [F, G]),
        "std:37,57 Kakadu silent 3, std:61 doubled in Solo",
    ),
    (
        "marabu announced won",
        {"contract": "dreier", "declarer": H, "result": "won", "premiums": [prem("marabu")]},
        solo(4 + 8, H),
        "std:58 Marabu announced 8 (alias of quapil)",
    ),
    (
        "koenig ultimo announced",
        {"contract": "rufer", "declarer": G, "partner": H, "result": "won", "premiums": [prem("koenig-ultimo")]},
        team(1 + 2, *GH),
        "std:59",
    ),
    (
        "opponents catch the called king",
        {
            "contract": "rufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [prem("koenigfang", party="opponents", announced=False)],
        },
        team(1 - 1, *GH),
        "std:52 Gewinn des gerufenen Königs 1, by the opponents",
    ),
    (
        "mondfang and skuesfang silent",
        {
            "contract": "rufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [prem("mondfang", announced=False), prem("skuesfang", party="opponents", announced=False)],
        },
        team(1 + 1 - 2, *GH),
        "std:53 Mondfang 1, std:54 Sküsfang 2",
    ),
    (
        "four kings announced lost",
        {"contract": "dreier", "declarer": F, "result": "won", "premiums": [prem("koenige", result="lost")]},
        solo(4 - 2, F),
        "std:51 4 Könige announced 2; std:154 lost announcement deducted",
    ),
    (
        "valat silent replaces the game",
        {
            "contract": "rufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [prem("valat", announced=False), prem("trull", announced=False)],
        },
        team(4 * 1 + 1, *GH),
        "std:60 Valat 4 x Spielwert; RULINGS Valat: replaces the game, premiums still count",
    ),
    (
        "valat announced in a dreier",
        {"contract": "dreier", "declarer": F, "result": "won", "premiums": [prem("valat")]},
        solo(8 * 4, F),
        "std:60 8 x Spielwert",
    ),
    (
        "valat announced lost",
        {"contract": "rufer", "declarer": G, "partner": H, "result": "won", "premiums": [prem("valat", result="lost")]},
        team(-8, *GH),
        "std:60,154",
    ),
    (
        "valat silent in a solodreier doubled",
        {"contract": "solodreier", "declarer": F, "result": "won", "premiums": [prem("valat", announced=False)]},
        solo(4 * 8 * 2, F),
        "std:60 4 x Spielwert; std:61 premiums doubled in Solo Dreier",
    ),
    (
        "game sub-kontra",
        {"contract": "rufer", "declarer": G, "partner": H, "result": "won", "kontra": "sub"},
        team(8, *GH),
        "std:84 Kontra, Rekontra, Subkontra; RULINGS General 4 x8",
    ),
    (
        "premium kontra only",
        {
            "contract": "rufer",
            "declarer": G,
            "partner": H,
            "result": "lost",
            "premiums": [prem("pagat", kontra="kontra")],
        },
        team(-1 + 2 * 2, *GH),
        "std:84 premiums doubled independently",
    ),
    (
        "bettel, two opponents double",
        {"contract": "bettel", "declarer": F, "result": "lost", "kontra": {G: "kontra", I: "re"}},
        {F: Fr(-3 - 6 - 12), G: Fr(6), H: Fr(3), I: Fr(12)},
        "RULINGS General 3: each opponent for himself",
    ),
    (
        "besserrufer conceded",
        {"contract": "besserrufer", "declarer": G, "partner": None, "conceded": True},
        solo(-4, G),
        "std:105 aufgeben für 4 Punkte; RULINGS Renonce, conceding",
    ),
    (
        "king in talon plays alone",
        {"contract": "rufer", "declarer": G, "partner": None, "result": "won"},
        solo(1, G),
        "std:76 allein, weil der gerufene König im Stock",
    ),
    (
        "own king",
        {"contract": "rufer", "declarer": G, "partner": G, "result": "lost"},
        solo(-1, G),
        "std:76 den eigenen König rufen",
    ),
    (
        "renonce by an opponent",
        {"contract": "rufer", "declarer": G, "partner": H, "renonce": F, "premiums": [prem("pagat")]},
        {F: Fr(-9), G: Fr(3), H: Fr(3), I: Fr(3)},
        "RULINGS Renonce: game 1 + announced Pagat 2 to each",
    ),
    (
        "renonce against a soloist",
        {"contract": "dreier", "declarer": F, "renonce": H},
        {F: Fr(12), G: Fr(4), H: Fr(-20), I: Fr(4)},
        "RULINGS Renonce: a soloist's share is triple",
    ),
]


@pytest.mark.parametrize("record,expected", [(c[1], c[2]) for c in CASES], ids=[c[0] for c in CASES])
def test_standard(record, expected):
    got = play("standard", record)
    assert got == {p: Fr(v) for p, v in expected.items()}
    assert sum(got.values()) == 0


TRISCHAKEN = [
    (
        "most pay, fewest get",
        {F: 30, G: 20, H: 15, I: 5},
        None,
        {F: -1, G: -1, H: 1, I: 1},
        "std:127 die zwei mit den meisten zahlen je 1 an die zwei mit den wenigsten",
    ),
    (
        "trickless gets 2 from each",
        {F: 30, G: 25, H: 15, I: 0},
        {F: 4, G: 4, H: 4, I: 0},
        {F: -3, G: -3, H: -1, I: 7},
        "std:127 ohne Stich: 2 von jedem",
    ),
    (
        "36 or more pays 2 to each",
        {F: 40, G: 15, H: 10, I: 5},
        None,
        {F: -7, G: 1, H: 3, I: 3},
        "std:127 mindestens 36: 2 an jeden",
    ),
    (
        "tie on the boundary shares",
        {F: 30, G: 15, H: 15, I: 10},
        None,
        {F: -1, G: 0, H: 0, I: 1},
        "RULINGS Trischaken: tied players share that position's payment",
    ),
    (
        "three tied at the top",
        {F: 20, G: 20, H: 20, I: 10},
        None,
        {F: Fr(-1, 3), G: Fr(-1, 3), H: Fr(-1, 3), I: 1},
        "RULINGS Trischaken: ties share",
    ),
]


@pytest.mark.parametrize(
    "scores,tricks,expected", [(c[1], c[2], c[3]) for c in TRISCHAKEN], ids=[c[0] for c in TRISCHAKEN]
)
def test_standard_trischaken(scores, tricks, expected):
    rec = {"contract": "trischaken", "scores": scores}
    if tricks:
        rec["tricks_by"] = tricks
    got = play("standard", rec)
    assert got == {p: Fr(v) for p, v in expected.items()}


def test_five_players_dealer_sits_out():
    # std:65 with five the dealer deals to the other four and sits out.
    got = play("standard", {"contract": "rufer", "declarer": G, "partner": I, "result": "won"}, players=P5)
    assert got == {F: 0, G: 1, H: -1, I: 1, J: -1}


def test_hirsch_and_mord_as_house_rule():
    # std:84 "Manche Spieler erlauben ... Hirschkontra und Mordkontra" (x64 with the announcement).
    rec = {"contract": "rufer", "declarer": G, "partner": H, "result": "won", "kontra": "mord"}
    assert play("standard", rec, rules=["kontra_max=mord"]) == team(32, *GH)
