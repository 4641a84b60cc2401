"""Preset `gumpoldskirchen`: figures from ../shared/rules/gumpoldskirchen.txt
(cited as gum:LINE) and RULINGS.md. Fritz deals, Gerti is Vorhand (the "Rufer"
of gum:103)."""

from fractions import Fraction as Fr

import pytest

from tests.helpers import F, G, H, I, play, prem, solo, team

GH = ([G, H], [F, I])

CASES = [
    ("koenigrufer won", {"contract": "rufer", "declarer": G, "partner": H, "result": "won"}, team(1, *GH), "gum:149"),
    (
        "35/2 wins",
        {"contract": "rufer", "declarer": G, "partner": H, "points": "35/2"},
        team(1, *GH),
        "gum:81 (2 cards left: one point less) and RULINGS General 5",
    ),
    (
        "koenigrufer conceded",
        {"contract": "rufer", "declarer": G, "partner": None, "conceded": True},
        solo(-1, G),
        "gum:147 aufgeben, 1 Punkt verlieren",
    ),
    (
        "aufrufer conceded",
        {"contract": "aufrufer", "declarer": G, "partner": None, "conceded": True},
        solo(-3, G),
        "gum:175 verliert ein Spiel (1) mit Zusatzansage Pagat (2)",
    ),
    ("sechserdreier lost 8", {"contract": "sechserdreier", "declarer": G, "result": "lost"}, solo(-8, G), "gum:157"),
    ("sechserdreier won 4", {"contract": "sechserdreier", "declarer": G, "result": "won"}, solo(4, G), "gum:157"),
    ("pikkolo", {"contract": "pikkolo", "declarer": H, "result": "lost"}, solo(-2, H), "gum:163"),
    (
        "solorufer announced pagat doubled",
        {"contract": "solorufer", "declarer": H, "partner": I, "result": "won", "premiums": [prem("pagat")]},
        team(2 + 2 * 2, [H, I], [F, G]),
        "gum:167 alle Ansagen doppelt; gum:197 Pagat 2",
    ),
    ("bettler", {"contract": "bettler", "declarer": H, "result": "won"}, solo(4, H), "gum:171"),
    (
        "aufrufer with III-er",
        {"contract": "aufrufer", "declarer": G, "partner": H, "result": "won", "premiums": [prem("kakadu")]},
        team(1 + 6, *GH),
        "gum:175,205",
    ),
    ("dreier (Blick)", {"contract": "blick", "declarer": H, "result": "won"}, solo(4, H), "gum:179"),
    ("pikkolo ouvert", {"contract": "piccolo-ouvert", "declarer": H, "result": "won"}, solo(5, H), "gum:183"),
    ("bettler ouvert", {"contract": "bettel-ouvert", "declarer": H, "result": "lost"}, solo(-6, H), "gum:187"),
    (
        "silent II-er counts half",
        {"contract": "rufer", "declarer": G, "partner": H, "result": "won", "premiums": [prem("uhu", announced=False)]},
        team(1 + 2, *GH),
        "gum:193,201",
    ),
    (
        "silent koenig ultimo",
        {
            "contract": "rufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [prem("koenig-ultimo", announced=False, result="lost")],
        },
        team(1 - 1, *GH),
        "gum:193,209",
    ),
    (
        "vier koenige announced",
        {"contract": "dreier", "declarer": H, "result": "lost", "premiums": [prem("koenige")]},
        solo(-4 + 2, H),
        "gum:217",
    ),
    (
        "grammaboy",
        {"contract": "rufer", "declarer": G, "partner": H, "result": "won", "premiums": [prem("grammaboy")]},
        team(1 + 2, *GH),
        "gum:221",
    ),
    (
        "rossputin by the opponents",
        {
            "contract": "rufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [prem("rossputin", party="opponents", announced=False)],
        },
        team(1 - 4, *GH),
        "gum:225 Roßputin still 4",
    ),
    (
        "valat silent x4",
        {
            "contract": "rufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [prem("valat", announced=False)],
        },
        team(4, *GH),
        "gum:230",
    ),
    (
        "valat announced x8 not the announcements",
        {"contract": "solodreier", "declarer": F, "result": "won", "premiums": [prem("valat"), prem("trull")]},
        solo(8 * 6 + 2 * 2, F),
        "gum:230 verachtfacht die Punktesumme des Spieles (nicht der Ansagen); gum:191",
    ),
    (
        "announced valat lost",
        {"contract": "rufer", "declarer": G, "partner": H, "result": "won", "premiums": [prem("valat", result="lost")]},
        team(-8, *GH),
        "gum:230",
    ),
    (
        "retour on the game",
        {"contract": "dreier", "declarer": H, "result": "lost", "kontra": "re"},
        solo(-16, H),
        "gum:234-238 gespritzt und retour",
    ),
]


@pytest.mark.parametrize("record,expected", [(c[1], c[2]) for c in CASES], ids=[c[0] for c in CASES])
def test_gumpoldskirchen(record, expected):
    got = play("gumpoldskirchen", record)
    assert got == {p: Fr(v) for p, v in expected.items()}
    assert sum(got.values()) == 0


TRISCHAKEN = [
    (
        "Rufer loses: double",
        {F: 10, G: 30, H: 20, I: 10},
        None,
        [],
        {F: 2, G: -6, H: 2, I: 2},
        "gum:153 ... oder er ist Rufer. Dann verdoppeln sich die Punkte",
    ),
    (
        "more than 36 doubles",
        {F: 40, G: 10, H: 10, I: 10},
        None,
        [],
        {F: -6, G: 2, H: 2, I: 2},
        "gum:153 mehr als 36 Punkte",
    ),
    (
        "exactly 36 does not",
        {F: 36, G: 14, H: 10, I: 10},
        None,
        [],
        {F: -3, G: 1, H: 1, I: 1},
        "gum:153 mehr als 36 (36 is not more)",
    ),
    (
        "mit winner gets 2",
        {F: 30, G: 20, H: 10, I: 10},
        None,
        [G, I],
        {F: -5, G: 2, H: 1, I: 2},
        "gum:153 an jeden mit-Gewinner 2 Punkte",
    ),
    (
        "trickless takes the sum",
        {F: 12, G: 20, H: 38, I: 0},
        {F: 3, G: 4, H: 5, I: 0},
        [G],
        {F: 0, G: 0, H: -8, I: 8},
        "gum:153 erhält die Summe (1 + 2 + 1, doubled for >36)",
    ),
    (
        "trickless Rufer gets nothing",
        {F: 40, G: 0, H: 30, I: 0},
        {F: 7, G: 0, H: 5, I: 0},
        [],
        {F: -6, G: 0, H: 0, I: 6},
        "gum:153 außer einer der stichlosen Spieler ist der Rufer",
    ),
    (
        "tie: the Rufer loses",
        {F: 30, G: 30, H: 5, I: 5},
        None,
        [],
        {F: 2, G: -6, H: 2, I: 2},
        "gum:153 der Rufer verliert bei Punktegleichheit",
    ),
    (
        "tie without the Rufer shares",
        {F: 30, G: 5, H: 30, I: 5},
        None,
        [],
        {F: -1, G: 1, H: -1, I: 1},
        "RULINGS Trischaken (ties share)",
    ),
]


@pytest.mark.parametrize(
    "scores,tricks,mit,expected", [(c[1], c[2], c[3], c[4]) for c in TRISCHAKEN], ids=[c[0] for c in TRISCHAKEN]
)
def test_gumpoldskirchen_trischaken(scores, tricks, mit, expected):
    rec = {"contract": "trischaken", "scores": scores}
    if tricks:
        rec["tricks_by"] = tricks
    if mit:
        rec["mit"] = mit
    assert play("gumpoldskirchen", rec) == {p: Fr(v) for p, v in expected.items()}
