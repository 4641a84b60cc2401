"""Preset `tirol`: figures from ../shared/rules/tirol-koenigrufen-de-luxe.txt
(cited as tir:LINE) and RULINGS.md. Fritz deals, Gerti is Vorhand."""

from fractions import Fraction as Fr

import pytest

from tests.helpers import P5, F, G, H, I, J, play, prem, solo, team

GH = ([G, H], [F, I])

CASES = [
    ("rufer won", {"contract": "rufer", "declarer": G, "partner": H, "result": "won"}, team(1, *GH), "tir:6"),
    ("35/2 wins", {"contract": "rufer", "declarer": G, "partner": H, "points": "35/2"}, team(1, *GH), "tir:6,47"),
    ("piccolo won", {"contract": "piccolo", "declarer": H, "result": "won"}, solo(2, H), "tir:8"),
    (
        "solorufer silent pagat doubled",
        {
            "contract": "solorufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [prem("pagat", announced=False)],
        },
        team(2 + 1 * 2, *GH),
        "tir:9 alle Zusätze zählen doppelt; tir:29 Pagat still 1",
    ),
    (
        "besserrufer with uhu",
        {"contract": "besserrufer", "declarer": G, "partner": H, "result": "won", "premiums": [prem("uhu")]},
        team(1 + 4, *GH),
        "tir:10 1+; tir:30 Uhu 4",
    ),
    ("bettler lost", {"contract": "bettel", "declarer": I, "result": "lost"}, solo(-4, I), "tir:11"),
    (
        "sechserdreier lost double",
        {"contract": "sechserdreier", "declarer": G, "result": "lost"},
        solo(-8, G),
        "tir:12 Spielverlust zählt doppelt",
    ),
    (
        "farbendreier with kings",
        {"contract": "farbendreier", "declarer": I, "result": "won", "premiums": [prem("koenige")]},
        solo(5 + 2, I),
        "tir:13,35,64",
    ),
    ("dreier won", {"contract": "dreier", "declarer": I, "result": "won"}, solo(5, I), "tir:14"),
    ("piccolo semi-ouvert", {"contract": "piccolo-semi-ouvert", "declarer": I, "result": "won"}, solo(6, I), "tir:16"),
    (
        "zwiccolo semi-ouvert (extra)",
        {"contract": "zwiccolo-semi-ouvert", "declarer": I, "result": "lost"},
        solo(-6, I),
        "tir:15,91",
    ),
    ("bettel semi-ouvert", {"contract": "bettel-semi-ouvert", "declarer": I, "result": "won"}, solo(6, I), "tir:17"),
    ("farbeneiner", {"contract": "farbeneiner", "declarer": I, "result": "won"}, solo(6, I), "tir:18"),
    ("einer", {"contract": "einer", "declarer": I, "result": "lost"}, solo(-6, I), "tir:19"),
    (
        "solobesser with quapil",
        {"contract": "solobesser", "declarer": G, "partner": H, "result": "won", "premiums": [prem("quapil")]},
        team(2 + 8 * 2, *GH),
        "tir:20,32",
    ),
    ("triccolo ouvert (extra)", {"contract": "triccolo-ouvert", "declarer": F, "tricks": 3}, solo(8, F), "tir:21"),
    ("zwiccolo ouvert", {"contract": "zwiccolo-ouvert", "declarer": F, "result": "won"}, solo(8, F), "tir:22"),
    ("piccolo ouvert", {"contract": "piccolo-ouvert", "declarer": F, "result": "won"}, solo(8, F), "tir:23"),
    ("bettel ouvert", {"contract": "bettel-ouvert", "declarer": F, "result": "won"}, solo(8, F), "tir:24"),
    (
        "farbensolo with first sack doubled",
        {"contract": "farbensolo", "declarer": F, "result": "won", "premiums": [prem("sack1")]},
        solo(10 + 2 * 2, F),
        "tir:25,37,63",
    ),
    ("solodreier", {"contract": "solodreier", "declarer": F, "result": "lost"}, solo(-10, F), "tir:26"),
    (
        "mondfang announced",
        {"contract": "rufer", "declarer": G, "partner": H, "result": "won", "premiums": [prem("mondfang")]},
        team(1 + 2, *GH),
        "tir:34",
    ),
    (
        "valat silent added to the game",
        {
            "contract": "rufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [
                prem("valat", announced=False),
                prem("pagat", announced=False),
                prem("trull", announced=False),
            ],
        },
        team(1 + 10 + 1, *GH),
        "tir:39 Valat 10 zusätzlich; tir:77 Stichprämien zählen, Materialprämien nicht",
    ),
    (
        "valat announced in a solodreier",
        {"contract": "solodreier", "declarer": F, "result": "won", "premiums": [prem("valat")]},
        solo(10 + 20 * 2, F),
        "tir:39 in Solospielen doppelt",
    ),
    (
        "announced valat lost turns game and trick premiums",
        {
            "contract": "rufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [prem("valat", result="lost"), prem("pagat")],
        },
        team(-1 - 20 - 2, *GH),
        "tir:77 Spiel und alle Stichprämien gegenverrechnet",
    ),
    (
        "renonce in trischaken fixed six",
        {"contract": "trischaken", "renonce": H},
        {F: 6, G: 6, H: -18, I: 6},
        "tir:69 Fixwert 6",
    ),
    (
        "bettler side by side",
        {"contract": "bettel", "declarer": [G, H], "result": {G: "won", H: "lost"}},
        {F: 0, G: 16, H: -16, I: 0},
        "tir:70 nebeneinander; each scored as its own game",
    ),
]


@pytest.mark.parametrize("record,expected", [(c[1], c[2]) for c in CASES], ids=[c[0] for c in CASES])
def test_tirol(record, expected):
    got = play("tirol", record)
    assert got == {p: Fr(v) for p, v in expected.items()}
    assert sum(got.values()) == 0


TRISCHAKEN = [
    ("one loser pays 2 to each", {F: 30, G: 20, H: 15, I: 5}, None, {F: -6, G: 2, H: 2, I: 2}, "tir:7,69"),
    ("with the game double", {F: 40, G: 15, H: 10, I: 5}, None, {F: -12, G: 4, H: 4, I: 4}, "tir:69 >= 35/2 doppelt"),
    (
        "Vorhand most points double",
        {F: 20, G: 30, H: 15, I: 5},
        None,
        {F: 4, G: -12, H: 4, I: 4},
        "tir:69 Vorhand zahlt doppelt",
    ),
    (
        "Vorhand with the game fourfold",
        {F: 10, G: "35/2", H: "14/1", I: 10},
        None,
        {F: 8, G: -24, H: 8, I: 8},
        "tir:69 >= 35/2 vierfach",
    ),
    (
        "trickless take the whole win",
        {F: 35, G: 20, H: 15, I: 0},
        {F: 5, G: 4, H: 3, I: 0},
        {F: -6, G: 0, H: 0, I: 6},
        "tir:69 Spieler ohne Stich bekommen den ganzen Gewinn",
    ),
    (
        "two trickless share",
        {F: 40, G: 30, H: 0, I: 0},
        {F: 7, G: 5, H: 0, I: 0},
        {F: -12, G: 0, H: 6, I: 6},
        "tir:69; RULINGS: several trickless share",
    ),
    (
        "Vorhand tied for most loses alone",
        {F: 25, G: 25, H: 10, I: 10},
        None,
        {F: 4, G: -12, H: 4, I: 4},
        "RULINGS Trischaken: the Vorhand among them loses alone (and pays double, tir:69)",
    ),
]


@pytest.mark.parametrize(
    "scores,tricks,expected", [(c[1], c[2], c[3]) for c in TRISCHAKEN], ids=[c[0] for c in TRISCHAKEN]
)
def test_tirol_trischaken(scores, tricks, expected):
    rec = {"contract": "trischaken", "declarer": G, "scores": scores}
    if tricks:
        rec["tricks_by"] = tricks
    got = play("tirol", rec)
    assert got == {p: Fr(v) for p, v in expected.items()}


def test_five_players_trischaken_dealer_out():
    got = play("tirol", {"contract": "trischaken", "scores": {G: 30, H: 20, I: 15, J: 5}}, players=P5)
    assert got == {F: 0, G: -12, H: 4, I: 4, J: 4}  # Gerti is Vorhand with most: double (tir:69)
