"""Preset `ooe`: figures worked by hand from ../shared/rules/ooe-2023.md
(cited as §section) and RULINGS.md, each hand with its Schrift (no Kontra,
§5.2) and its Geld (every Kontra level). Fritz deals, Gerti is the Vorhand
(and so the Trischaker). A second table holds the worked examples of the
secondary source H (smatkovi/harbour-tarock, docs/koenigrufen.md @ 891f7ef,
§7.2-§7.10), which ooe-2023.md keeps out of the specification; they are
checked here with H's own figures."""

from fractions import Fraction as Fr

import pytest

from schreiber.domain.evening import Entry, initial_state, step
from schreiber.domain.record import HandError
from schreiber.domain.rules import load_rules
from tests.helpers import P4, P5, F, G, H, I, J, prem, solo, team

RULES = load_rules("ooe")
GH = ([G, H], [F, I])


def both(record, players=P4):
    """(Schrift, Geld) of one hand, each {player: points}."""
    o = step(RULES, players, initial_state(RULES, players), Entry.hand(record))
    assert o.schrift is not None  # ooe keeps the Schrift apart (schrift_kontra = none)
    return dict(o.schrift.payments), dict(o.payments)


def pts(d):
    return {p: Fr(v) for p, v in d.items()}


def rufer(**kw):
    return {"contract": "rufer", "declarer": G, "partner": H, "result": "won", **kw}


def p(name, **kw):
    return prem(name, **kw)


def with_from(premium, who):
    return {**premium, "kontra_from": who}


# (id, record, Schrift, Geld (None: as the Schrift), citation)
CASES = [
    ("rufer won", rufer(), team(1, *GH), None, "§2.1 Rufer 1; §9 2 v 2"),
    ("35/1 loses", rufer(result=None, points="35/1"), team(-1, *GH), None, "§1.1 35/1 and 35:35 lose"),
    ("35/2 wins", rufer(result=None, points="35/2"), team(1, *GH), None, "§1.1 36 = 35 points and 2 Blatt"),
    ("piccolo won", {"contract": "piccolo", "declarer": I, "result": "won"}, solo(2, I), None, "§2.1 Piccolo 2"),
    ("bettel lost", {"contract": "bettel", "declarer": I, "result": "lost"}, solo(-2, I), None, "§2.1 Bettel 2"),
    (
        "piccolo ouvert won",
        {"contract": "piccolo-ouvert", "declarer": I, "result": "won"},
        solo(6, I),
        None,
        "§2.1 Piccolo ouvert 6",
    ),
    (
        "bettel ouvert lost",
        {"contract": "bettel-ouvert", "declarer": I, "result": "lost"},
        solo(-7, I),
        None,
        "§2.1 Bettel ouvert 7",
    ),
    (
        "solorufer won, silent pagat doubled",
        {
            "contract": "solorufer",
            "declarer": H,
            "partner": I,
            "result": "won",
            "premiums": [p("pagat", announced=False)],
        },
        team(2 + 2, [H, I], [F, G]),
        None,
        "§2.1 Solorufer 2, premiums doubled; §3.1 Pagat silent 1 x2",
    ),
    (
        "besserrufer with announced uhu",
        {"contract": "besserrufer", "declarer": I, "partner": F, "result": "won", "premiums": [p("uhu")]},
        team(1 + 4, [I, F], [G, H]),
        None,
        "§2.1 Besserrufer 1 + bird; §3.1 Uhu announced 4",
    ),
    (
        "farbendreier with announced kings",
        {"contract": "farbendreier", "declarer": I, "result": "won", "premiums": [p("koenige")]},
        solo(3 + 2, I),
        None,
        "§2.1 Farbendreier 3; §3.1 Alle Könige announced 2",
    ),
    (
        "farbensolo, announced kings lost",
        {"contract": "farbensolo", "declarer": I, "result": "won", "premiums": [p("koenige", result="lost")]},
        solo(6 - 2 * 2, I),
        None,
        "§2.1 Farbensolo 6, Alle Könige doubled; §3.3 a failed announced premium pays",
    ),
    (
        "sechserdreier won",
        {"contract": "sechserdreier", "declarer": G, "result": "won"},
        solo(4, G),
        None,
        "§2.1 Sechserdreier 4",
    ),
    (
        "sechserdreier lost counts 8, the premium keeps its value",
        {"contract": "sechserdreier", "declarer": G, "result": "lost", "premiums": [p("uhu")]},
        solo(-8 + 4, G),
        None,
        "§2.1 lost 8; §3.3 in a lost Sechserdreier only the game doubles",
    ),
    ("dreier won", {"contract": "dreier", "declarer": I, "points": 45}, solo(4, I), None, "§2.1 Dreier 4"),
    (
        "solodreier with silent pagat",
        {"contract": "solodreier", "declarer": I, "result": "won", "premiums": [p("pagat", announced=False)]},
        solo(8 + 2, I),
        None,
        "§2.1 Solodreier 8, premiums doubled; §3.1 Pagat 1",
    ),
    (
        "failed silent pagat scores nothing",
        rufer(premiums=[p("pagat", announced=False, result="lost")]),
        team(1, *GH),
        None,
        "§3.3 a silent premium is an item only when made; §14 O-2",
    ),
    (
        "failed announced pagat pays",
        rufer(premiums=[p("pagat", result="lost")]),
        team(1 - 2, *GH),
        None,
        "§3.3 if not made, the announcing party pays the same value",
    ),
    (
        "opponents' silent trull counts for them",
        {
            "contract": "dreier",
            "declarer": I,
            "result": "won",
            "premiums": [p("trull", party="opponents", announced=False)],
        },
        solo(4 - 1, I),
        None,
        "§3.2, §3.3 premiums the opponents make silently count for them",
    ),
    (
        "solorufer announced koenig ultimo won",
        {"contract": "solorufer", "declarer": H, "partner": I, "result": "lost", "premiums": [p("koenig-ultimo")]},
        team(-2 + 4, [H, I], [F, G]),
        None,
        "§2.1 Solorufer 2; §3.1 König ultimo 2 x2",
    ),
    # Valat (§4)
    (
        "announced valat in a dreier",
        {"contract": "dreier", "declarer": I, "result": "won", "premiums": [p("valat")]},
        solo(8 * 4, I),
        None,
        "§4.1 announced 8 x game value; §4.2 replaces the game",
    ),
    (
        "silent valat: silent premiums ignored, announced ones count",
        {
            "contract": "dreier",
            "declarer": I,
            "result": "won",
            "premiums": [p("valat", announced=False), p("trull", announced=False), p("pagat", result="lost")],
        },
        solo(4 * 4 - 2, I),
        None,
        "§4.1 silent 4 x; §4.3 only announced premiums beside a Valat (made or failed)",
    ),
    (
        "failed announced valat with 40 points",
        {"contract": "dreier", "declarer": I, "points": 40, "premiums": [p("valat", result="lost")]},
        solo(-8 * 4, I),
        None,
        "§4.4 an announced Valat that fails is lost even with 35/2 or more",
    ),
    (
        "opponents' silent valat in a dreier",
        {
            "contract": "dreier",
            "declarer": I,
            "result": "lost",
            "premiums": [p("valat", party="opponents", announced=False)],
        },
        solo(-4 * 4, I),
        None,
        "§4.5 a Valat made by the opponents costs 4 x game value",
    ),
    (
        "opponents' announced valat failed",
        {
            "contract": "dreier",
            "declarer": I,
            "result": "won",
            "premiums": [p("valat", party="opponents", result="lost")],
        },
        solo(8 * 4, I),
        None,
        "§4.4 mirror rule: the opponents pay 8 x game value",
    ),
    (
        "lost sechserdreier: failed announced valat 64 each",
        {"contract": "sechserdreier", "declarer": G, "result": "lost", "premiums": [p("valat", result="lost")]},
        solo(-64, G),
        None,
        "§4.6 8 x 8 = 64 per opponent (-192)",
    ),
    (
        "lost sechserdreier: opponents' silent valat 32 each",
        {
            "contract": "sechserdreier",
            "declarer": G,
            "result": "lost",
            "premiums": [p("valat", party="opponents", announced=False)],
        },
        solo(-32, G),
        None,
        "§4.6 4 x 8 = 32 for a silent Valat of the opponents",
    ),
    (
        "sechserdreier: the declarer's silent valat on base 4",
        {"contract": "sechserdreier", "declarer": G, "result": "won", "premiums": [p("valat", announced=False)]},
        solo(16, G),
        None,
        "§4.6 when the declarer's party wins the item, the base is 4",
    ),
    (
        "solodreier valat not doubled again",
        {"contract": "solodreier", "declarer": I, "result": "won", "premiums": [p("valat")]},
        solo(8 * 8, I),
        None,
        "§4.7 the Valat is not doubled again in Solo games",
    ),
    (
        "game kontra carries to a silent valat",
        {
            "contract": "dreier",
            "declarer": I,
            "result": "won",
            "kontra": "kontra",
            "premiums": [p("valat", announced=False)],
        },
        solo(16, I),
        solo(32, I),
        "§4.8 silent Valat x 4 x Kontra factor; §5.2 the Schrift without",
    ),
    (
        "game re and valat kontra: the higher level",
        {
            "contract": "dreier",
            "declarer": I,
            "result": "won",
            "kontra": "re",
            "premiums": [p("valat", kontra="kontra")],
        },
        solo(32, I),
        solo(32 * 4, I),
        "§4.8, §14 O-6: the higher of the two levels (Re x4)",
    ),
    # Kontra, Schrift and Geld (§5)
    (
        "game kontra: money only",
        rufer(kontra="kontra"),
        team(1, *GH),
        team(2, *GH),
        "§5.1 Kontra x2; §5.2 Kontra counts only in the money",
    ),
    (
        "sub on the game",
        {"contract": "dreier", "declarer": I, "result": "lost", "kontra": "sub"},
        solo(-4, I),
        solo(-32, I),
        "§5.1 Subkontra x8",
    ),
    (
        "kontra on an announced premium only",
        rufer(premiums=[p("pagat", kontra="kontra")]),
        team(1 + 2, *GH),
        team(1 + 4, *GH),
        "§5.1 every announced premium kontriert separately",
    ),
    (
        "negative contract: each opponent for himself",
        {"contract": "bettel", "declarer": I, "result": "lost", "kontra": {F: "re", G: "kontra"}},
        solo(-2, I),
        {F: 8, G: 4, H: 2, I: -14},
        "§5.1 each opponent gives Kontra for himself; §9 pairs computed separately",
    ),
    (
        "solorufer, king in the talon, won: every kontra void",
        {
            "contract": "solorufer",
            "declarer": G,
            "partner": None,
            "result": "won",
            "kontra": "re",
            "premiums": [p("pagat", kontra="kontra")],
        },
        solo(2 + 4, G),
        None,
        "§5.1, §6.2 all Kontras void (game and premiums, §14 O-5); 1 v 3 at Solorufer values",
    ),
    (
        "solorufer, king in the talon, lost: void as well",
        {"contract": "solorufer", "declarer": G, "partner": None, "result": "lost", "kontra": "kontra"},
        solo(-2, G),
        None,
        "§5.1 whether the declarer wins or loses",
    ),
    (
        "rufer played on alone: kontra counts",
        {"contract": "rufer", "declarer": G, "partner": None, "result": "won", "kontra": "kontra"},
        solo(1, G),
        solo(2, G),
        "§5.1, §6.1 Rufer with the king in the talon played on alone: 1 v 3, Kontras count",
    ),
    (
        "a hidden partner's kontra is void",
        rufer(kontra="kontra", kontra_from=H),
        team(1, *GH),
        None,
        "§5.1, §14 O-4 Kontra by a hidden partner on his own party's item: void",
    ),
    # Schleifen (§6.1)
    (
        "schleifen a rufer",
        {"contract": "rufer", "declarer": G, "partner": None, "conceded": True},
        solo(-1, G),
        None,
        "§6.1 Rufer: 1 to each (-3)",
    ),
]
for bird, value in (("pagat", 3), ("uhu", 5), ("kakadu", 7), ("quapil", 9)):
    CASES.append(
        (
            f"schleifen a besserrufer with {bird}",
            {
                "contract": "besserrufer",
                "declarer": G,
                "partner": None,
                "conceded": True,
                "premiums": [p(bird, result="lost")],
            },
            solo(-value, G),
            None,
            f"§6.1 Besserrufer with Pagat/Uhu/Kakadu/Quapil: 3/5/7/9 to each ({bird}: {value})",
        )
    )
CASES += [
    # Renonce (§8.1)
    (
        "renonce of an opponent in a rufer",
        rufer(result=None, premiums=[p("pagat", result="lost")], renonce=F),
        {F: -9, G: 3, H: 3, I: 3},
        None,
        "§8.1 every regular player as if his side won the game and every announced premium (1 + 2)",
    ),
    (
        "renonce of the partner: his partner is paid too",
        rufer(result=None, renonce=H),
        {F: 1, G: 1, H: -3, I: 1},
        None,
        "§8.1 the offender's own partner is a regular player",
    ),
    (
        "renonce in a sechserdreier: the opponents get the lost value",
        {"contract": "sechserdreier", "declarer": G, "renonce": F},
        {F: -28, G: 12, H: 8, I: 8},
        None,
        "§8.1 soloist triple 3 x 4; opponents of a Sechserdreier the lost value 8",
    ),
    (
        "renonce in trischaken",
        {"contract": "trischaken", "renonce": H},
        {F: 2, G: 2, H: -6, I: 2},
        None,
        "§8.1 Trischaken: 2 to each regular player",
    ),
    (
        "renonce of the trischaker",
        {"contract": "trischaken", "renonce": G},
        {F: 4, G: -12, H: 4, I: 4},
        None,
        "§8.1 the Trischaker as offender pays 4 to each",
    ),
    (
        "besserrufer without a bird",
        {"contract": "besserrufer", "declarer": G, "partner": H, "renonce": G},
        {F: 3, G: -9, H: 3, I: 3},
        None,
        "§8.1 Besserrufer without a bird in hand: 3 to each (-9)",
    ),
]


@pytest.mark.parametrize("record,schrift,geld", [(c[1], c[2], c[3]) for c in CASES], ids=[c[0] for c in CASES])
def test_ooe(record, schrift, geld):
    got_schrift, got_geld = both(record)
    assert got_schrift == pts(schrift)
    assert got_geld == pts(geld if geld is not None else schrift)
    assert sum(got_schrift.values()) == 0 == sum(got_geld.values())


# Trischaken (§7): Gerti, the Vorhand, is the Trischaker; Blatt notation where a third matters.
TRISCHAKEN = [
    ("A alone", {G: 30, H: 20, I: 15, F: 5}, {G: -6, H: 2, I: 2, F: 2}, "§7 A: 2 to each (6)"),
    ("A tied", {G: 25, H: 25, I: 10, F: 10}, {G: -6, H: 2, I: 2, F: 2}, "§7 A: alone or tied, he alone pays"),
    (
        "A Bürgermeister",
        {G: "35/2", H: "14/1", I: 10, F: 10},
        {G: -12, H: 4, I: 4, F: 4},
        "§7 A: as Bürgermeister 4 each (12)",
    ),
    ("A, one Jungfrau", {G: 30, H: 25, I: 15, F: 0}, {G: -6, H: 0, I: 0, F: 6}, "§7 a single Jungfrau collects it all"),
    ("A, two Jungfrauen", {G: "35/1", H: "34/2", I: 0, F: 0}, {G: -6, H: 0, I: 3, F: 3}, "§7 two Jungfrauen share it"),
    (
        "A, three Jungfrauen",
        {G: 70, H: 0, I: 0, F: 0},
        {G: -12, H: 4, I: 4, F: 4},
        "§7 three Jungfrauen: one player took all tricks, a Bürgermeister; shared by three",
    ),
    ("B", {H: 30, G: 20, I: 15, F: 5}, {H: -3, G: 1, I: 1, F: 1}, "§7 B: 1 to each (3)"),
    ("B Bürgermeister", {H: 40, G: 15, I: 10, F: 5}, {H: -6, G: 2, I: 2, F: 2}, "§7 B: as Bürgermeister 2 to each (6)"),
    ("B, one Jungfrau", {H: 30, G: 25, I: 15, F: 0}, {H: -3, G: 0, I: 0, F: 3}, "§7 a single Jungfrau collects 3"),
    (
        "B, 35/1 : 34/2 and two Jungfrauen",
        {H: "35/1", I: "34/2", G: 0, F: 0},
        {H: -4, I: 0, G: 2, F: 2},
        "§7 special case: 2 to each (4 in all), 3 cannot be halved",
    ),
    (
        "B Bürgermeister, two Jungfrauen",
        {H: 40, I: 30, G: 0, F: 0},
        {H: -6, I: 0, G: 3, F: 3},
        "§7 two Jungfrauen share the 6",
    ),
    (
        "C",
        {H: 25, I: 25, G: 10, F: 10},
        {H: -2, I: -2, G: 2, F: 2},
        "§7 C: each of the two pays 1 to each of the others",
    ),
    ("C at 35:35", {H: 35, I: 35, G: 0, F: 0}, {H: -2, I: -2, G: 2, F: 2}, "§7 C: also at 35 : 35"),
    (
        "C, one Jungfrau",
        {H: 30, I: 30, G: 10, F: 0},
        {H: -2, I: -2, G: 0, F: 4},
        "§7 C: exactly one Jungfrau takes all 4",
    ),
    ("D", {H: 20, I: 20, F: 20, G: 10}, {H: -1, I: -1, F: -1, G: 3}, "§7 D: each of the three pays 1 to the fourth"),
]


@pytest.mark.parametrize("scores,expected", [(c[1], c[2]) for c in TRISCHAKEN], ids=[c[0] for c in TRISCHAKEN])
def test_ooe_trischaken(scores, expected):
    schrift, geld = both({"contract": "trischaken", "scores": scores})
    assert schrift == geld == pts(expected)  # §7: Geld is identical, there is no Kontra


def test_five_players_the_dealer_sits_out():
    # §1.2 the dealer sits out and scores 0; §7 he does not take part in a Trischaken
    schrift, geld = both(rufer(), players=P5)
    assert schrift == geld == pts({F: 0, G: 1, H: 1, I: -1, J: -1})
    schrift, _ = both({"contract": "trischaken", "scores": {G: 30, H: 20, I: 15, J: 5}}, players=P5)
    assert schrift == pts({F: 0, G: -6, H: 2, I: 2, J: 2})


# What the record refuses (§10), with the line a scorekeeper reads.
REFUSED = [
    ({"contract": "farbendreier", "declarer": I, "result": "won", "premiums": [p("trull")]}, "only|not allowed"),
    ({"contract": "dreier", "declarer": I, "result": "won", "premiums": [p("koenig-ultimo")]}, "called king"),
    ({"contract": "rufer", "declarer": H, "partner": I, "result": "won"}, "only be played by the Vorhand"),
    ({"contract": "sechserdreier", "declarer": I, "result": "won"}, "only be played by the Vorhand"),
    ({"contract": "besserrufer", "declarer": G, "partner": H, "result": "won"}, "must announce"),
    (
        {
            "contract": "besserrufer",
            "declarer": G,
            "partner": None,
            "conceded": True,
            "premiums": [p("uhu", result="lost"), p("pagat", result="lost")],
        },
        "the bird the declarer names",
    ),
    ({"contract": "trischaken", "scores": {F: 30, G: 20, H: 15, I: 5}, "kontra": {F: "kontra"}}, "no Kontra"),
    (rufer(kontra="hirsch"), "up to sub"),
    (rufer(partner=G), "own king"),
    ({"contract": "dreier", "declarer": I, "conceded": True}, "not allowed"),
]


@pytest.mark.parametrize("record,words", REFUSED)
def test_ooe_refuses(record, words):
    with pytest.raises(HandError, match=words):
        both(record)


# The worked examples of H (harbour-tarock docs/koenigrufen.md), with H's figures.
# §7.10 orders "Spieler, Partner, Gegner, Gegner" or "Spieler, three Gegner".
H_710 = [
    (
        "7.10 no 1",
        rufer(
            result=None,
            points="41/2",
            premiums=[p("trull", party="opponents", announced=False), p("koenige", announced=False)],
        ),
        team(1, *GH),
        None,
    ),
    (
        "7.10 no 2",
        {
            "contract": "besserrufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [p("pagat", kontra="kontra")],
        },
        team(3, *GH),
        team(5, *GH),
    ),
    (
        "7.10 no 3",
        {"contract": "piccolo", "declarer": I, "result": "won", "kontra": {F: "kontra"}},
        solo(2, I),
        {I: 8, F: -4, G: -2, H: -2},
    ),
    (
        "7.10 no 4",
        {
            "contract": "dreier",
            "declarer": I,
            "result": "won",
            "premiums": [p("trull", announced=False), p("pagat", party="opponents", announced=False)],
        },
        solo(4, I),
        None,
    ),
    (
        "7.10 no 5",
        {"contract": "sechserdreier", "declarer": G, "result": "lost", "premiums": [p("uhu")]},
        solo(-4, G),
        None,
    ),
    (
        "7.10 no 6",
        {"contract": "sechserdreier", "declarer": G, "result": "lost", "kontra": "kontra"},
        solo(-8, G),
        solo(-16, G),
    ),
    (
        "7.10 no 7",
        {"contract": "solorufer", "declarer": G, "partner": H, "result": "lost", "premiums": [p("koenig-ultimo")]},
        team(2, *GH),
        None,
    ),
    (
        "7.10 no 8",
        {"contract": "solorufer", "declarer": G, "partner": None, "result": "won", "kontra": "kontra"},
        solo(2, G),
        None,
    ),
    (
        "7.10 no 9",
        {
            "contract": "besserrufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [p("uhu", result="lost", kontra="kontra")],
        },
        team(-3, *GH),
        team(-7, *GH),
    ),
    (
        "7.10 no 10",
        {
            "contract": "dreier",
            "declarer": I,
            "result": "won",
            "premiums": [p("valat", announced=False), p("trull"), p("pagat", announced=False)],
        },
        solo(18, I),
        None,
    ),
    (
        "7.10 no 11",
        {"contract": "dreier", "declarer": I, "points": 40, "premiums": [p("valat", result="lost"), p("pagat")]},
        solo(-30, I),
        None,
    ),
    (
        "7.10 no 12",
        {
            "contract": "sechserdreier",
            "declarer": G,
            "result": "lost",
            "kontra": "kontra",
            "premiums": [p("valat", party="opponents", announced=False)],
        },
        solo(-32, G),
        solo(-64, G),
    ),
    ("7.10 no 13", rufer(premiums=[p("valat", kontra="kontra")]), team(8, *GH), team(16, *GH)),
    (
        "7.10 no 14",
        {"contract": "farbensolo", "declarer": I, "result": "won", "premiums": [p("koenige", announced=False)]},
        solo(8, I),
        None,
    ),
    (
        "7.10 no 15",
        {"contract": "bettel-ouvert", "declarer": I, "result": "lost", "kontra": {F: "kontra", G: "re"}},
        solo(-7, I),
        {I: -49, F: 14, G: 28, H: 7},
    ),
    (
        "7.10 no 16",
        {
            "contract": "besserrufer",
            "declarer": G,
            "partner": None,
            "conceded": True,
            "premiums": [p("uhu", result="lost")],
        },
        solo(-5, G),
        None,
    ),
    # §7.2, §7.3 and §7.9 (OÖR25 B.4) examples
    ("7.2 dreier won", {"contract": "dreier", "declarer": I, "result": "won"}, solo(4, I), None),
    (
        "7.3 sechserdreier, announced uhu won",
        {"contract": "sechserdreier", "declarer": G, "result": "won", "premiums": [p("uhu")]},
        solo(8, G),
        None,
    ),
    (
        "7.3 solorufer, silent uhu",
        {
            "contract": "solorufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [p("uhu", announced=False)],
        },
        team(2 + 4, *GH),
        None,
    ),
    ("7.9 renonce of the declarer in a dreier", {"contract": "dreier", "declarer": I, "renonce": I}, solo(-4, I), None),
    (
        "7.9 renonce of an opponent in a dreier",
        {"contract": "dreier", "declarer": I, "renonce": F},
        {I: 12, F: -20, G: 4, H: 4},
        None,
    ),
    (
        "7.9 renonce of an opponent in a sechserdreier with announced uhu",
        {"contract": "sechserdreier", "declarer": G, "renonce": F, "premiums": [p("uhu")]},
        {G: 24, F: -48, H: 12, I: 12},
        None,
    ),
]


@pytest.mark.parametrize("record,schrift,geld", [(c[1], c[2], c[3]) for c in H_710], ids=[c[0] for c in H_710])
def test_outside_worked_examples(record, schrift, geld):
    got_schrift, got_geld = both(record)
    assert got_schrift == pts(schrift)
    assert got_geld == pts(geld if geld is not None else schrift)


# H §7.6 Trischaken table, in thirds (T = the Trischaker Gerti, B Hans, C Ilse, D Fritz).
H_76 = [
    ("Jungfrau D, loser B (30/1)", (60, 91, 59, 0), (0, -3, 0, 3)),
    ("Trischaker Bürgermeister (36/0)", (108, 40, 40, 22), (-12, 4, 4, 4)),
    ("two tied (25/0)", (36, 75, 75, 24), (2, -2, -2, 2)),
    ("35/1 : 34/2, two Jungfrauen", (0, 106, 104, 0), (2, -4, 0, 2)),
    ("35/2 : 34/1, two Jungfrauen", (0, 107, 103, 0), (3, -6, 0, 3)),
    ("three tied (20/0)", (30, 60, 60, 60), (3, -1, -1, -1)),
    ("Trischaker tied (25/0)", (75, 75, 30, 30), (-6, 2, 2, 2)),
    ("Bürgermeister B (36/2)", (50, 110, 30, 20), (2, -6, 2, 2)),
    ("35 : 35, two Jungfrauen", (0, 105, 105, 0), (2, -2, -2, 2)),
]


@pytest.mark.parametrize("thirds,expected", [(c[1], c[2]) for c in H_76], ids=[c[0] for c in H_76])
def test_outside_trischaken_table(thirds, expected):
    seats = (G, H, I, F)
    scores = {s: f"{t // 3}/{t % 3}" for s, t in zip(seats, thirds)}
    schrift, _ = both({"contract": "trischaken", "scores": scores})
    assert schrift == pts(dict(zip(seats, expected)))
