"""Preset `lungau`: figures from ../shared/rules/lungau.txt (cited as lun:LINE)
and RULINGS.md; 1 point = 10 cent (lun:29). Fritz deals, Gerti is Vorhand."""

from fractions import Fraction as Fr

import pytest

from tests.helpers import P5, F, G, H, I, J, play, prem, solo, team

GH = ([G, H], [F, I])

CASES = [
    (
        "spatzrufer won with spatz",
        {"contract": "spatzrufer", "declarer": G, "partner": H, "result": "won", "premiums": [prem("spatz")]},
        team(1 + 2, *GH),
        "lun:40,77,78",
    ),
    (
        "uhurufer lost, uhu lost, kontra",
        {
            "contract": "uhurufer",
            "declarer": G,
            "partner": H,
            "result": "lost",
            "kontra": "kontra",
            "premiums": [prem("uhu", result="lost")],
        },
        team(-2 - 2, *GH),
        "lun:41,77 (Augenmehrheit doubled by Kontra),78",
    ),
    (
        "dreier doubles everything",
        {"contract": "dreier", "declarer": H, "result": "won", "premiums": [prem("trull", announced=False)]},
        solo(2 + 2, H),
        "lun:80",
    ),
    ("sechserdreier won 20 cent", {"contract": "sechserdreier", "declarer": G, "result": "won"}, solo(2, G), "lun:80"),
    (
        "sechserdreier lost fourfold",
        {"contract": "sechserdreier", "declarer": G, "result": "lost", "premiums": [prem("koenige", announced=False)]},
        solo(-4 + 1 * 4, G),
        "lun:80 im verlorenen Sechserdreier zählt alles nochmal doppelt",
    ),
    (
        "koenigfang by the opponents",
        {
            "contract": "uhurufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [prem("uhu"), prem("koenigfang", party="opponents", announced=False)],
        },
        team(1 + 2 - 1, *GH),
        "lun:56,77",
    ),
    (
        "koenig ultimo announced with re",
        {
            "contract": "spatzrufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [prem("pagat", result="lost"), prem("koenig-ultimo", kontra="re")],
        },
        team(1 - 2 + 2 * 4, *GH),
        "lun:60,67,78",
    ),
    (
        "valat silent: nothing else counts",
        {
            "contract": "spatzrufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [prem("pagat", result="lost"), prem("valat", announced=False)],
        },
        team(16, *GH),
        "lun:64,81 160 Cent, keine Wertung von Augen, Fang und Ultimo",
    ),
    (
        "valat announced in a dreier",
        {"contract": "dreier", "declarer": H, "result": "won", "premiums": [prem("valat")]},
        solo(64, H),
        "lun:81 im Dreier doppelt: 640",
    ),
    (
        "lost sechserdreier valat",
        {"contract": "sechserdreier", "declarer": G, "result": "lost", "premiums": [prem("valat", result="lost")]},
        solo(-128, G),
        "lun:81 1280 Cent",
    ),
    (
        "spatzrufer conceded",
        {"contract": "spatzrufer", "declarer": G, "partner": None, "conceded": True},
        solo(-3, G),
        "lun:46 30 Cent an jeden",
    ),
    (
        "solorufer (optional)",
        {"contract": "solorufer", "declarer": G, "partner": H, "result": "won"},
        team(2, *GH),
        "lun:89-91 20 Cent",
    ),
    (
        "solodreier factor 4",
        {"contract": "solodreier", "declarer": G, "result": "won", "premiums": [prem("trull", announced=False)]},
        solo(4 + 2, G),
        "lun:92 Spielfaktor 4 (the game); lun:80 a Dreier doubles the premiums",
    ),
    (
        "solorufer doubles only the game",
        {
            "contract": "solorufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [prem("trull", announced=False)],
        },
        team(2 + 1, *GH),
        "lun:89 der Wert des Spiels nochmals verdoppelt",
    ),
    ("71 points", {"contract": "dreier", "declarer": H, "points": 71}, solo(2, H), "lun:25 71 Kartenpunkte"),
    ("36 of 71 wins", {"contract": "dreier", "declarer": H, "points": 36}, solo(2, H), "lun:28"),
    ("35 of 71 loses", {"contract": "dreier", "declarer": H, "points": 35}, solo(-2, H), "lun:28"),
]


@pytest.mark.parametrize("record,expected", [(c[1], c[2]) for c in CASES], ids=[c[0] for c in CASES])
def test_lungau(record, expected):
    got = play("lungau", record)
    assert got == {p: Fr(v) for p, v in expected.items()}
    assert sum(got.values()) == 0


def test_fahren_pairwise():
    # lun:87 pairwise: the one with more pays the one with fewer 20 cent.
    got = play("lungau", {"contract": "fahren", "scores": {F: 30, G: 20, H: 11, I: 10}})
    assert got == {F: -6, G: -2, H: 2, I: 6}


def test_fahren_equal_points_pay_nothing():
    got = play("lungau", {"contract": "fahren", "scores": {F: 20, G: 20, H: 20, I: 11}})
    assert got == {F: -2, G: -2, H: -2, I: 6}


def test_fahren_five_players_dealer_plays():
    # lun:95 with five, the dealer takes the talon as his hand and plays Fahren.
    got = play(
        "lungau",
        {"contract": "fahren", "scores": {F: 5, G: 30, H: 20, I: 10, J: 6}, "kontra": {F: "kontra"}},
        players=P5,
    )
    # F has fewest: receives from everyone, doubled by his own Kontra: 4 x 4.
    assert got[F] == 16
    assert sum(got.values()) == 0
    assert got == {F: 16, G: -4 - 2 - 2 - 2, H: -4 - 2 - 2 + 2, I: -4 - 2 + 2 + 2, J: -4 + 2 + 2 + 2}


def test_five_players_rufer_dealer_out():
    got = play("lungau", {"contract": "dreier", "declarer": H, "result": "won"}, players=P5)
    assert got == {F: 0, G: -2, H: 6, I: -2, J: -2}  # lun:94 the dealer takes no part


def test_only_the_declarers_side_announces_valat_and_koenig_ultimo():
    import pytest

    from schreiber.domain.record import HandError

    # lun:64 Valat "kann nur vom Bieter und seinem Partner angesagt werden"; lun:71 König ultimo only the called one
    with pytest.raises(HandError, match="Valat can only be announced by the declarer's side"):
        play(
            "lungau",
            {"contract": "dreier", "declarer": H, "result": "won", "premiums": [prem("valat", party="opponents")]},
        )
    with pytest.raises(HandError, match="König ultimo can only be announced"):
        play(
            "lungau",
            {
                "contract": "uhurufer",
                "declarer": G,
                "partner": H,
                "result": "won",
                "premiums": [prem("uhu"), prem("koenig-ultimo", party="opponents")],
            },
        )
    # silently the opponents can make it
    got = play(
        "lungau",
        {
            "contract": "uhurufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [prem("uhu"), prem("koenig-ultimo", party="opponents", announced=False)],
        },
    )
    assert got == team(1 + 2 - 1, *GH)
