"""The example rules file of a circle that settles a Mondfang between the two
players and doubles the game after it (examples/rules/mondfang-zwischen-zweien.toml,
the Mondfang part of the sheet its comments cite). Figures worked by hand
from the file's lines (cited as mz:LINE) and, where it keeps `standard`'s
values, ../shared/rules/standard-koenigrufen.txt (std:LINE)."""

import json

from tests.helpers import ROOT, F, G, H, I, cli, played_under

FILE = ROOT / "examples" / "rules" / "mondfang-zwischen-zweien.toml"


def mond(by, frm, party, announced=False):
    return {"name": "mondfang", "party": party, "announced": announced, "result": "won", "by": by, "from": frm}


HANDS = [  # Fritz deals the first hand; the Vorhand: Gerti, Hans, Ilse, Fritz, Gerti, Hans, Ilse
    (  # Rufer 1 (std:31) to Gerti and Hans; Fritz caught Ilse's Mond, both opponents: Ilse pays Fritz 1 (mz:33,49)
        {"contract": "rufer", "declarer": G, "partner": H, "result": "won", "premiums": [mond(F, I, "opponents")]},
        {F: 0, G: 1, H: 1, I: -2},
    ),
    (  # the game after a Mondfang counts double (mz:34,35): Rufer 1 x2
        {"contract": "rufer", "declarer": H, "partner": I, "result": "won"},
        {F: -2, G: -2, H: 2, I: 2},
    ),
    (  # single again
        {"contract": "rufer", "declarer": I, "partner": F, "result": "lost"},
        {F: -1, G: 1, H: 1, I: -1},
    ),
    (  # Dreier 4 from each (std:40); Gerti caught Fritz's Mond: Fritz alone pays her 1 (mz:33), not 3
        {"contract": "dreier", "declarer": G, "result": "won", "premiums": [mond(G, F, "declarer")]},
        {F: -5, G: 13, H: -4, I: -4},
    ),
    (  # Piccolo bei (mz:37,38), each Piccolo 2 (std:35) against the three others, doubled after the Mondfang:
        # Hans won +6, Ilse lost -6 (each of the others +2 from Ilse, -2 to Hans), all x2
        {"contract": "piccolo", "declarer": [H, I], "result": {H: "won", I: "lost"}},
        {F: 0, G: 0, H: 16, I: -16},
    ),
    (  # Rufer 1 to Hans and Gerti; an announced Mondfang 2 (mz:50): Ilse pays Gerti
        {"contract": "rufer", "declarer": H, "partner": G, "result": "won", "premiums": [mond(G, I, "declarer", True)]},
        {F: -1, G: 3, H: 1, I: -3},
    ),
    (  # doubled: Rufer lost, 1 x2
        {"contract": "rufer", "declarer": I, "partner": F, "result": "lost"},
        {F: -2, G: 2, H: 2, I: -2},
    ),
]


def test_a_mondfang_paid_between_the_two_and_the_next_game_doubled():
    hands = played_under(FILE, HANDS)
    assert [h["record"]["premiums"][0]["by"] for h in hands if h["record"].get("premiums")] == [F, G, G]
    assert json.loads(cli("balance", "--json").stdout) == {F: -11, G: 18, H: 19, I: -26}


def test_what_the_circle_does_not_play_is_refused():
    """No Piccolo ouvert beside another (mz:38), a Mondfang needs who caught
    whose Mond (mz:33), no Sküsfang (mz:54): one line each, nothing written."""
    assert cli("evening", "start", F, G, H, I, "--rules", str(FILE)).exit_code == 0
    cases = [
        (
            {"contract": "piccolo-ouvert", "declarer": [H, I], "result": "won"},
            "only Piccolo or Bettel may be played side by side, not Piccolo ouvert",
        ),
        (
            {"contract": "rufer", "declarer": G, "partner": H, "result": "won",
             "premiums": [{"name": "mondfang", "party": "opponents", "announced": False, "result": "won"}]},
            "Mondfang is paid between the one who caught the Mond and the one who lost it",
        ),
        (
            {"contract": "rufer", "declarer": G, "partner": H, "result": "won",
             "premiums": [{"name": "skuesfang", "party": "declarer", "announced": False, "result": "won"}]},
            "unknown premium 'skuesfang'",
        ),
    ]  # fmt: skip
    for record, says in cases:
        r = cli("hand", "add", "--json", json.dumps(record))
        assert r.exit_code == 1 and says in str(r.exception), r.exception
    assert json.loads(cli("sheet", "--json").stdout)["hands"] == []


def test_the_notation_says_who_caught_whose_mond():
    """mondfang:Fritz>Ilse: Fritz caught Ilse's Mond; the premium is the
    side of the one who caught it (here the opponents of Gerti and Hans)."""
    assert cli("evening", "start", F, G, H, I, "--rules", str(FILE)).exit_code == 0
    r = cli("hand", "add", "rufer", "gerti", "hans", "+", "mondfang:fritz>ilse")
    assert r.exit_code == 0, r.output
    hand = json.loads(cli("sheet", "--json").stdout)["hands"][0]
    assert hand["record"]["premiums"] == [mond(F, I, "opponents")]
    assert hand["payments"] == {F: 0, G: 1, H: 1, I: -2}
    assert "geg:mondfang:Fritz>Ilse" in cli("sheet", "--wide").stdout  # the sheet says who caught whose Mond


def test_guided_entry_asks_who_caught_whose_mond(ledger_env):
    """Asked step by step (a real terminal), a Mondfang of this circle asks
    who caught the Mond and whose it was; its side is the catcher's."""
    import pexpect

    from tests.cli.test_tisch import spawn

    assert cli("evening", "start", F, G, H, I, "--rules", str(FILE)).exit_code == 0
    p = spawn(ledger_env, "hand", "add")
    for expect, answer in [
        ("Contract", ""),  # the Rufer, by the Vorhand Gerti
        ("Partner", "hans"),
        ("Points or result", "+"),
        ("Kontra on the game", ""),
        ("Premium", "mondfang"),
        ("announced", ""),
        ("Result", ""),
        ("Who caught the Mond", "fritz"),
        ("Whose Mond was it", "ilse"),
        ("Premium", ""),
        (r"Enter: rufer Gerti Hans \+ mondfang:Fritz>Ilse", ""),
    ]:
        p.expect(expect)
        p.sendline(answer)
    p.expect(pexpect.EOF)
    assert json.loads(cli("balance", "--json").stdout) == {F: 0, G: 1, H: 1, I: -2}  # as the first hand above
