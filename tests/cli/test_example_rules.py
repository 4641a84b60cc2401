"""The example rules file of a circle (examples/rules/stammtisch.toml):
a tariff that differs from every preset, written without code. Figures
worked by hand from the file's values (its lines cited) and, where it keeps
`standard`'s, from ../shared/rules/standard-koenigrufen.txt."""

import json

from tests.helpers import ROOT, F, G, H, I, cli, prem

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
    r = cli("evening", "start", F, G, H, I, "--rules", str(FILE))
    assert r.exit_code == 0, r.output
    for record, _ in HANDS:
        r = cli("hand", "add", "--json", json.dumps(record))
        assert r.exit_code == 0, r.output
    hands = json.loads(cli("sheet", "--json").stdout)["hands"]
    assert [h["payments"] for h in hands] == [want for _, want in HANDS]


def test_the_example_file_shows_its_values():
    r = cli("rules", "show", str(FILE))
    assert r.exit_code == 0, r.output
    assert "the circle's tariff: Sack" in r.stdout and "Stammtisch Zum Goldenen Pagat" in r.stdout
