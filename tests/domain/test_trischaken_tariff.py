"""The Trischaken/Fahren payout as data: every scheme is its shape and the
values of the payout keys (trischaken_jungfrau, _jungfrau_pays,
_buergermeister, _buergermeister_pays, _vorhand, _ties, _mit,
_vorhand_tied), each of
which a rules file or --rule may set. Figures worked by hand; each case
cites where its rule is written: the rule document behind the scheme, an
example rules file's sheet, or the key's meaning where it is declared
(schreiber/domain/rules.py, Rules.trischaken_KEY)."""

import random
from fractions import Fraction as Fr

import pytest

from schreiber.domain.engine import score
from schreiber.domain.record import HandError, check_hand
from schreiber.domain.rules import (
    PRESETS,
    SETTINGS,
    RulesError,
    load_preset,
    load_rules,
    rules_from_dict,
    with_overrides,
)
from schreiber.domain.table import Table
from schreiber.domain.trischaken_schemes import PAYOUT_KEYS, TRISCHAKEN_SCHEMES
from tests.helpers import P4, F, G, H, I, play

PAYOUT_RULES = tuple(f"trischaken_{k}" for k in PAYOUT_KEYS)


def tri(scores: dict, **more) -> dict:
    return {"contract": "trischaken", "scores": scores, **more}


def fahren(scores: dict, **more) -> dict:
    return {"contract": "fahren", "scores": scores, **more}


def want(**pay) -> dict:
    return {p: Fr(pay.get(p[0], 0)) for p in P4}


# Fritz deals, Gerti is the Vorhand (tests.helpers.play). Ilse has most points, Fritz no trick (0 points).
JUNGFRAU = {F: 0, G: 20, H: 22, I: 28}
NO_TRICKLESS = {F: 10, G: 20, H: 12, I: 28}
BUERGERMEISTER = {F: 10, G: 12, H: 10, I: 38}
BOTH = {F: 0, G: 15, H: 17, I: 38}
VORHAND_LOSES = {F: 10, G: 30, H: 15, I: 15}
TIED = {F: 30, G: 5, H: 30, I: 5}

CASES = [
    # --- trischaken_jungfrau (rules.py Rules.trischaken_jungfrau) ---
    # tirol-koenigrufen-de-luxe.txt:69: Ilse pays each other 2 (the value), Fritz without a trick takes all 6
    ("tirol", [], JUNGFRAU, want(F=6, I=-6)),
    # none: the Jungfrau is paid as any other
    ("tirol", ["trischaken_jungfrau=none"], JUNGFRAU, want(F=2, G=2, H=2, I=-6)),
    # each: 3 from each other player besides
    ("tirol", ["trischaken_jungfrau=each", "trischaken_jungfrau_pays=3"], JUNGFRAU, want(F=11, G=-1, H=-1, I=-9)),
    # loser: 3 from the loser alone besides (examples/rules/trischaken-1-3.toml:9-10)
    ("tirol", ["trischaken_jungfrau=loser", "trischaken_jungfrau_pays=3"], JUNGFRAU, want(F=5, G=2, H=2, I=-9)),
    # instead: 1 from each other player, and nothing else of the payout
    ("tirol", ["trischaken_jungfrau=instead", "trischaken_jungfrau_pays=1"], JUNGFRAU, want(F=3, G=-1, H=-1, I=-1)),
    ("tirol", ["trischaken_jungfrau=instead", "trischaken_jungfrau_pays=1"], NO_TRICKLESS, want(F=2, G=2, H=2, I=-6)),
    # standard: the two with most pay 1 each, the two with fewest get 1 each (std:127); all: what the places
    # give goes to the Jungfrau
    ("standard", ["trischaken_jungfrau=all"], JUNGFRAU, want(F=2, H=-1, I=-1)),
    ("standard", ["trischaken_jungfrau=none"], JUNGFRAU, want(F=1, G=1, H=-1, I=-1)),
    # standard-koenigrufen.txt:127: the Jungfrau's 2 from each other player, as the scheme (the key's figure
    # at 0) and set outright
    ("standard", [], JUNGFRAU, want(F=1 + 6, G=1 - 2, H=-1 - 2, I=-1 - 2)),
    ("standard", ["trischaken_jungfrau=each", "trischaken_jungfrau_pays=2"], JUNGFRAU, want(F=7, G=-1, H=-3, I=-3)),
    # --- trischaken_buergermeister (rules.py Rules.trischaken_buergermeister) ---
    # tirol-koenigrufen-de-luxe.txt:69: Ilse has the game (38): 2 x 2 to each
    ("tirol", [], BUERGERMEISTER, want(F=4, G=4, H=4, I=-12)),
    ("tirol", ["trischaken_buergermeister=none"], BUERGERMEISTER, want(F=2, G=2, H=2, I=-6)),
    (
        "tirol",
        ["trischaken_buergermeister=each", "trischaken_buergermeister_pays=1"],
        BUERGERMEISTER,
        want(F=3, G=3, H=3, I=-9),
    ),
    # all: 3 in all besides, split over the others (examples/rules/trischaken-1-3.toml:11-12)
    (
        "tirol",
        ["trischaken_buergermeister=all", "trischaken_buergermeister_pays=3"],
        BUERGERMEISTER,
        want(F=3, G=3, H=3, I=-9),
    ),
    # standard: Ilse and Gerti pay 1 each, Fritz and Hans get 1; double: Ilse pays 2, the two get 3/2 each
    ("standard", ["trischaken_buergermeister=double"], BUERGERMEISTER, want(F=Fr(3, 2), G=-1, H=Fr(3, 2), I=-2)),
    ("standard", ["trischaken_buergermeister=none"], BUERGERMEISTER, want(F=1, G=-1, H=1, I=-1)),
    # all with a Jungfrau: "he pays everything", 3 to the Jungfrau alone (trischaken-1-3.toml:12-14), beside
    # standard's places and the Jungfrau's 2 from each (std:127)
    (
        "standard",
        ["trischaken_buergermeister=all", "trischaken_buergermeister_pays=3"],
        BOTH,
        want(F=1 + 6 + 3, G=1 - 2, H=-1 - 2, I=-1 - 2 - 3),
    ),
    # --- trischaken_vorhand (rules.py Rules.trischaken_vorhand) ---
    # tirol-koenigrufen-de-luxe.txt:69: the Vorhand Gerti has most points: 2 x 2 to each; single: 2 to each
    ("tirol", [], VORHAND_LOSES, want(F=4, G=-12, H=4, I=4)),
    ("tirol", ["trischaken_vorhand=single"], VORHAND_LOSES, want(F=2, G=-6, H=2, I=2)),
    # ooe-2023.md §7 case A: the Trischaker pays 2 to each; single: 1 (case B's figure)
    ("ooe", ["trischaken_vorhand=single"], VORHAND_LOSES, want(F=1, G=-3, H=1, I=1)),
    # standard: Gerti pays 1, Hans and Ilse share places 2 and 3 (0), Fritz gets 1; double: Gerti pays 2, to Fritz
    ("standard", ["trischaken_vorhand=double"], VORHAND_LOSES, want(F=2, G=-2)),
    # --- trischaken_ties (rules.py Rules.trischaken_ties): Fritz and Hans tied at 30, the Vorhand not among them
    # tirol-koenigrufen-de-luxe.txt:69, RULINGS.md Trischaken: together they pay what one loser pays (3 x 2)
    ("tirol", [], TIED, want(F=-3, G=3, H=-3, I=3)),
    ("tirol", ["trischaken_ties=shared"], TIED, want(F=-2, G=2, H=-2, I=2)),
    ("tirol", ["trischaken_ties=each"], TIED, want(F=-4, G=4, H=-4, I=4)),
    # ooe-2023.md §7 case C: each of the two pays 1 to each of the others
    ("ooe", [], TIED, want(F=-2, G=2, H=-2, I=2)),
    ("ooe", ["trischaken_ties=one"], TIED, want(F=Fr(-3, 2), G=Fr(3, 2), H=Fr(-3, 2), I=Fr(3, 2))),
    # gumpoldskirchen.txt:153, RULINGS.md Later rulings: each winner gets 1, the two pay it in halves
    ("gumpoldskirchen", [], TIED, want(F=-1, G=1, H=-1, I=1)),
    ("gumpoldskirchen", ["trischaken_ties=each"], TIED, want(F=-2, G=2, H=-2, I=2)),
    # --- trischaken_mit (rules.py Rules.trischaken_mit; whole: examples/rules/salzburg-fahren.toml:14-17) ---
    # tirol: Ilse pays each other 2; Fritz's mit doubles the whole, the loser Ilse's own x2 more
    ("tirol", ["trischaken_mit=whole"], tri(NO_TRICKLESS, mit=[F]), want(F=4, G=4, H=4, I=-12)),
    ("tirol", ["trischaken_mit=whole"], tri(NO_TRICKLESS, mit=[I]), want(F=8, G=8, H=8, I=-24)),
    # own (gumpoldskirchen.txt:153): Fritz's mit doubles his own win; the loser's doubles all he pays
    ("tirol", ["trischaken_mit=own"], tri(NO_TRICKLESS, mit=[F]), want(F=4, G=2, H=2, I=-8)),
    ("tirol", ["trischaken_mit=own"], tri(NO_TRICKLESS, mit=[I]), want(F=4, G=4, H=4, I=-12)),
    # gumpoldskirchen.txt:153: Ilse pays 1, 2 to Fritz who said mit; whole: Fritz's mit doubles it all
    ("gumpoldskirchen", [], tri(NO_TRICKLESS, mit=[F]), want(F=2, G=1, H=1, I=-4)),
    ("gumpoldskirchen", ["trischaken_mit=whole"], tri(NO_TRICKLESS, mit=[F]), want(F=2, G=2, H=2, I=-6)),
    # standard's places (Ilse and Gerti pay, Hans and Fritz get 1), doubled by Hans's mit
    ("standard", ["trischaken_mit=whole"], tri(NO_TRICKLESS, mit=[H]), want(F=2, G=-2, H=2, I=-2)),
]


@pytest.mark.parametrize(("preset", "rules", "hand", "expected"), CASES)
def test_payout_keys(preset, rules, hand, expected):
    record = hand if "contract" in hand else tri(hand)
    assert play(preset, record, rules=rules) == expected


def test_fahren_doublings_pair_by_pair():
    """lungau.txt:87: every two compare, the one with more pays 2 (71 points, counted singly); under
    trischaken_vorhand = double (rules.py Rules.trischaken_vorhand) the Vorhand Gerti pays double in each of
    her pairs, and under trischaken_buergermeister = double a player with 35/2 or more too."""
    scores = {F: 10, G: 30, H: 16, I: 15}
    # Gerti pays each 2; Hans pays Ilse and Fritz 2; Ilse pays Fritz 2
    assert play("lungau", fahren(scores)) == want(F=6, G=-6, H=-2, I=2)
    assert play("lungau", fahren(scores), rules=["trischaken_vorhand=double"]) == want(F=8, G=-12, H=0, I=4)
    high = {F: 10, G: 40, H: 11, I: 10}  # Gerti 40 of 71 pays 4 to each; Hans pays Fritz and Ilse 2; 10 = 10
    assert play("lungau", fahren(high), rules=["trischaken_buergermeister=double"]) == want(F=6, G=-12, H=0, I=6)


def test_each_kind_of_line_says_its_doublings():
    r = load_rules("standard", ["trischaken_vorhand=double"])
    hand, table = check_hand(tri(VORHAND_LOSES), r, P4, F)
    (it,) = [it for it in score(hand, r, table).items if it.kind == "trischaken"]
    assert it.multipliers == (("Vorhand (Gerti)", 2),) and it.value == 2
    r = load_rules("tirol", ["trischaken_mit=whole"])
    hand, table = check_hand(tri(NO_TRICKLESS, mit=[F, I]), r, P4, F)
    (it,) = score(hand, r, table).items
    assert it.multipliers == (("mit (Fritz)", 2), ("mit (Ilse)", 2), ("selbst mit (Ilse)", 2)) and it.value == 6 * 8


def concrete(scheme: str, value: int) -> list[str]:
    """Every payout key the scheme's shape lets a rules file set, set outright to what the scheme plays."""
    s = TRISCHAKEN_SCHEMES[scheme]
    out = []
    for key in PAYOUT_KEYS:
        v = s.plays[key] * value if key.endswith("_pays") else s.plays[key]
        if key != "ties" or s.shape == "loser":  # where two pay two or pairs compare, ties are the shape's own
            out.append(f"trischaken_{key}={v}")
    return out


def random_hands(rules, n: int, seed: int):
    rnd = random.Random(seed)
    cid = next(c.id for c in rules.contracts.values() if c.kind == "trischaken")
    for _ in range(n):
        players = ("A", "B", "C", "D", "E")[: rnd.choice((4, 4, 5))]
        dealer = rnd.choice(players)
        active = Table(players, dealer, dealer_plays=rules.trischaken_five).active
        cuts = sorted(rnd.randint(0, rules.deck_points) for _ in active[1:])
        points = [b - a for a, b in zip([0, *cuts], [*cuts, rules.deck_points], strict=True)]
        if rnd.random() < 0.3:  # a tie for most
            points.sort()
            points[-2] = points[-1] = (points[-1] + points[-2]) // 2
            points[0] += rules.deck_points - sum(points)
            rnd.shuffle(points)
        record = {"contract": cid, "scores": dict(zip(active, points, strict=True))}
        if rules.trischaken_tariff(1).mit != "none" and rnd.random() < 0.5:
            record["mit"] = rnd.sample(list(active), rnd.randint(1, 2))
        yield record, players, dealer


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("scheme", list(TRISCHAKEN_SCHEMES))
def test_every_scheme_is_its_payout_keys(preset, scheme):
    """The schemes expressed through the payout keys: each key set outright to what the scheme plays scores
    every hand as the scheme itself (30 random hands, of four and five players, under each preset)."""
    named = load_rules(preset, [f"trischaken={scheme}"])
    value = next(c.value for c in named.contracts.values() if c.kind == "trischaken")
    said = with_overrides(named, concrete(scheme, value))
    assert [k for k in PAYOUT_RULES if said.setting(k) == "scheme"] in ([], ["trischaken_ties"])
    seed = PRESETS.index(preset) * 10 + list(TRISCHAKEN_SCHEMES).index(scheme)
    for record, players, dealer in random_hands(named, 30, seed):
        try:
            hand, table = check_hand(record, named, players, dealer)
        except HandError:
            continue
        assert score(hand, said, table).payments == score(hand, named, table).payments, record


def test_rules_that_do_not_name_the_payout_keys_play_as_their_scheme():
    """Stored evenings and rules files written before the payout keys read each as "scheme": every preset's
    Trischaken as before (CONTRIBUTING.md, Without changing old evenings)."""
    for name in PRESETS:
        data = load_preset(name).to_dict()
        for key in PAYOUT_RULES:
            del data["rules"][key]
        for fmt in (1, 2):
            old = rules_from_dict({**data, "format": fmt})
            assert [old.setting(k) for k in PAYOUT_RULES] == [
                "scheme",
                0,
                "scheme",
                0,
                "scheme",
                "scheme",
                "scheme",
                "scheme",
            ]
    assert {s.key: (s.since, s.default) for s in SETTINGS if s.key in PAYOUT_RULES} == {
        k: (1, 0 if k.endswith("_pays") else "scheme") for k in PAYOUT_RULES
    }


@pytest.mark.parametrize(
    ("preset", "rules", "words"),
    [
        (
            "standard",
            ["trischaken_ties=each"],
            "rule 'trischaken_ties' = each has no reading under trischaken = standard",
        ),
        ("lungau", ["trischaken_jungfrau=all"], "has no reading under trischaken = pairwise (every two players"),
        ("lungau", ["trischaken_mit=own"], "rule 'trischaken_mit' = own has no reading"),
        ("tirol", ["trischaken_jungfrau=each"], "needs its figure: set trischaken_jungfrau_pays (points)"),
        ("ooe", ["trischaken_buergermeister=all"], "needs its figure: set trischaken_buergermeister_pays"),
        (
            "tirol",
            ["trischaken_jungfrau_pays=3"],
            'counts only where trischaken_jungfrau is "each", "loser" or "instead" (here: "all")',
        ),
        ("standard", ["trischaken_buergermeister=double", "trischaken_buergermeister_pays=3"], '(here: "double")'),
    ],
)
def test_payout_keys_a_scheme_cannot_play_are_refused(preset, rules, words):
    with pytest.raises(RulesError) as exc:
        load_rules(preset, rules)
    assert words in str(exc.value) and "\n" not in str(exc.value)


def test_mit_is_a_rule():
    """A "mit" is recorded where trischaken_mit says what it does, and refused where it says nothing."""
    record = tri(NO_TRICKLESS, mit=[F])
    with pytest.raises(HandError) as exc:
        check_hand(record, load_rules("standard"), P4, F)
    assert '"mit" is not part of Trischaken under standard' in str(exc.value)
    with pytest.raises(HandError):
        check_hand(record, load_rules("gumpoldskirchen", ["trischaken_mit=none"]), P4, F)
    check_hand(record, load_rules("standard", ["trischaken_mit=whole"]), P4, F)


def test_the_pages_say_what_the_scheme_plays():
    r = load_preset("standard")
    assert r.played("trischaken_jungfrau") == "each" and r.played("trischaken_jungfrau_pays") == 2
    assert r.played("trischaken_ties") == "places" and r.played("trischaken_kontra") is None
    assert load_rules("standard", ["trischaken_jungfrau=none"]).played("trischaken_jungfrau") is None
    assert load_preset("tirol").played("trischaken_jungfrau_pays") == 0
