"""The example rules files of circles (examples/rules/*.toml): tariffs
that differ from every preset, written without code. Figures worked by hand
from each file's values (its lines cited) and, where it keeps `standard`'s,
from ../shared/rules/standard-koenigrufen.txt."""

from tests.helpers import ROOT, F, G, H, I, cli, played_under, prem

FILE = ROOT / "examples" / "rules" / "stammtisch.toml"

HANDS = [  # Fritz deals the first hand; the deal passes on (Vorhand: Gerti, Hans, Ilse, Fritz, Gerti, Hans)
    ({"contract": "dreier", "declarer": I, "result": "won"}, {F: -3, G: -3, H: -3, I: 9}),  # Dreier 3
    ({"contract": "bettel", "declarer": G, "result": "lost"}, {F: 3, G: -9, H: 3, I: 3}),  # Bettel 3
    (  # Rufer 1 (standard) + announced Uhu 3 (the file's 1/3) for each of Ilse and Fritz
        {"contract": "rufer", "declarer": I, "partner": F, "result": "won", "premiums": [prem("uhu")]},
        {F: 4, G: -4, H: -4, I: 4},
    ),
    (  # Rufer 1 + silent Kakadu 1 (the file's 1/4)
        {
            "contract": "rufer",
            "declarer": F,
            "partner": G,
            "result": "won",
            "premiums": [prem("kakadu", announced=False)],
        },
        {F: 2, G: 2, H: -2, I: -2},
    ),
    (  # Dreier 3 + announced Sack 2 = 5 from each opponent; a silent Sack would count 0
        {"contract": "dreier", "declarer": H, "result": "won", "premiums": [prem("sack")]},
        {F: -5, G: -5, H: 15, I: -5},
    ),
    (  # silent Sack made: 0 (the file's 0/2), the Dreier alone: 3
        {"contract": "dreier", "declarer": G, "result": "won", "premiums": [prem("sack", announced=False)]},
        {F: -3, G: 9, H: -3, I: -3},
    ),
    (  # kept from standard: Solodreier 8 (standard-koenigrufen.txt:45), announced Marabu 8 doubled in a
        # solo (standard-koenigrufen.txt:58,61): 8 + 16 = 24 from each opponent
        {"contract": "solodreier", "declarer": F, "result": "won", "premiums": [prem("quapil")]},
        {F: 72, G: -24, H: -24, I: -24},
    ),
]


def test_a_circles_tariff_as_a_rules_file():
    played_under(FILE, HANDS)


def test_the_example_file_shows_its_values():
    r = cli("rules", "show", str(FILE))
    assert r.exit_code == 0, r.output
    assert "the circle's tariff: Sack" in r.stdout and "Stammtisch Zum Goldenen Pagat" in r.stdout


# A Cheltenham-style tariff (examples/rules/cheltenham.toml, CH): Bettel 2½ rounded down after its
# multipliers, a Valat that multiplies the whole hand, no Kontra on a lost solo against three unless
# the declarer announced a premium or said Re. The rest is standard's (std: standard-koenigrufen.txt).
CHELTENHAM = ROOT / "examples" / "rules" / "cheltenham.toml"
CHELTENHAM_HANDS = [  # Vorhand: Gerti, Hans, Ilse, Fritz, Gerti, Hans, Ilse, Fritz
    # CH:10,22,35: Bettel 2½ lost, rounded down: 2 to each
    ({"contract": "bettel", "declarer": H, "result": "lost"}, {F: 2, G: 2, H: -6, I: 2}),
    # CH:10: under one Kontra 2½ x2 = 5 (Fritz's), 2 from the two others
    ({"contract": "bettel", "declarer": I, "result": "lost", "kontra": {F: "kontra"}}, {F: 5, G: 2, H: 2, I: -9}),
    ({"contract": "bettel", "declarer": F, "result": "won"}, {F: 6, G: -2, H: -2, I: -2}),
    (  # CH:11-12,23-24: the whole x4: a Rufer (1, std:31) with a silent Pagat (1, std:55): (1 + 1) x4
        {
            "contract": "rufer",
            "declarer": F,
            "partner": G,
            "result": "won",
            "premiums": [prem("valat", announced=False), prem("pagat", announced=False)],
        },
        {F: 8, G: 8, H: -8, I: -8},
    ),
    # CH:14-15,25: a Dreier (4, std:40) lost alone against three: the Kontra does not count
    ({"contract": "dreier", "declarer": H, "result": "lost", "kontra": "kontra"}, {F: 4, G: 4, H: -12, I: 4}),
    # CH:15: he answered with Re: it counts, 4 x4 (std:84)
    ({"contract": "dreier", "declarer": I, "result": "lost", "kontra": "re"}, {F: 16, G: 16, H: 16, I: -48}),
    (  # CH:15: he announced a premium: it counts, 4 x2, and the announced Pagat lost, 2 (std:55)
        {
            "contract": "dreier",
            "declarer": F,
            "result": "lost",
            "kontra": "kontra",
            "premiums": [prem("pagat", result="lost")],
        },
        {F: -30, G: 10, H: 10, I: 10},
    ),
    # CH:14: a won game keeps its Kontra: 4 x2
    ({"contract": "dreier", "declarer": G, "result": "won", "kontra": "kontra"}, {F: -8, G: 24, H: -8, I: -8}),
]


def test_a_cheltenham_style_tariff():
    played_under(CHELTENHAM, CHELTENHAM_HANDS)
    explained = cli("sheet", "--explain", "1").stdout
    assert "Bettel lost (rounded down): 2.50 = 2" in explained, explained


def test_the_cheltenham_file_shows_its_values():
    r = cli("rules", "show", str(CHELTENHAM))
    assert r.exit_code == 0, r.output
    assert "Königsrufen in Cheltenham" in r.stdout and "2.50" in r.stdout and "multiply" in r.stdout


# Valat as a premium in the Wiener and Steirer Cup (examples/rules/valat-praemie.toml, VP): an announced
# Valat that fails leaves the game as it was played.
VALAT_PRAEMIE = ROOT / "examples" / "rules" / "valat-praemie.toml"
VALAT_PRAEMIE_HANDS = [  # Vorhand: Gerti, Hans, Ilse, Fritz
    (  # VP:11-14,30,40: Sechserdreier 4 won, announced Valat 20 lost: 4 - 20 = -16 to each
        {"contract": "sechserdreier", "declarer": G, "result": "won", "premiums": [prem("valat", result="lost")]},
        {F: 16, G: -48, H: 16, I: 16},
    ),
    (  # VP:10-11: the birds still count: 4 - 20 + the announced Pagat 2 (std:55) = -14
        {
            "contract": "sechserdreier",
            "declarer": H,
            "result": "won",
            "premiums": [prem("valat", result="lost"), prem("pagat")],
        },
        {F: 14, G: 14, H: -42, I: 14},
    ),
    (  # VP:6-9,27: a Rufer (1, std:31) with a silent Valat 10 on top: 11 to each of the two
        {
            "contract": "rufer",
            "declarer": I,
            "partner": F,
            "result": "won",
            "premiums": [prem("valat", announced=False)],
        },
        {F: 11, G: -11, H: -11, I: 11},
    ),
    (  # VP:8-9,28-29: doubled in a solo game (std:61): Solorufer 2 (std:37) + 20 x2 = 42
        {"contract": "solorufer", "declarer": G, "partner": H, "result": "won", "premiums": [prem("valat")]},
        {F: -42, G: 42, H: 42, I: -42},
    ),
]


def test_a_failed_valat_as_a_premium():
    played_under(VALAT_PRAEMIE, VALAT_PRAEMIE_HANDS)
