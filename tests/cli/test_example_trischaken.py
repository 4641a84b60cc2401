"""Two circles' Trischaken/Fahren tariffs as rules files, without code:
examples/rules/salzburg-fahren.toml (a "mit" that doubles the whole Fahren
payout) and examples/rules/trischaken-1-3.toml (payouts of 1 and 3). Each
hand's figures are worked by hand from the circle's sheet as the file's
comments state it (its lines cited) and, where it keeps its preset's, from
../shared/rules."""

import json
import os
import sys

import pexpect

from tests.helpers import ROOT, F, G, H, I, cli, played_under, terminal

SALZBURG = ROOT / "examples" / "rules" / "salzburg-fahren.toml"
ONE_THREE = ROOT / "examples" / "rules" / "trischaken-1-3.toml"


def fahren(scores: dict, mit: tuple = ()) -> dict:
    return {"contract": "fahren", "scores": scores, **({"mit": list(mit)} if mit else {})}


def trischaken(scores: dict) -> dict:
    return {"contract": "trischaken", "scores": scores}


# Salzburg: every two players compare points, the one with more pays the other 2 (salzburg-fahren.toml:11-13,
# lungau.txt:87); 71 card points, counted singly. Fritz 30, Gerti 20, Hans 15, Ilse 6: Fritz pays each other 2
# (-6); Gerti gets 2 from Fritz and pays Hans and Ilse 2 each (-2); Hans gets 2 + 2 and pays Ilse 2 (+2); Ilse +6.
COUNT = {F: 30, G: 20, H: 15, I: 6}
SALZBURG_HANDS = [
    (fahren(COUNT), {F: -6, G: -2, H: 2, I: 6}),
    # salzburg-fahren.toml:14-16: Hans goes mit, the whole payout doubles
    (fahren(COUNT, (H,)), {F: -12, G: -4, H: 4, I: 12}),
    # salzburg-fahren.toml:15-17: Fritz (the loser, most points) and Ilse go mit: x2 x2, and x2 more for the
    # loser's own mit: x8
    (fahren(COUNT, (F, I)), {F: -48, G: -16, H: 16, I: 48}),
    # Ilse has most points and goes mit alone (salzburg-fahren.toml:15-17): x2 for her mit, x2 more as the
    # loser's own: x4. Ilse 35 pays each other 2 (-6); Hans 20 gets 2, pays Fritz and Gerti (-2); Gerti 10 gets
    # 2 + 2, pays Fritz (+2); Fritz 6 gets 2 from each (+6); each x4
    (fahren({F: 6, G: 10, H: 20, I: 35}, (I,)), {F: 24, G: 8, H: -8, I: -24}),
]


def test_salzburg_fahren_mit_doubles_the_whole_payout():
    played_under(SALZBURG, SALZBURG_HANDS)


def test_salzburg_fahren_in_short_notation_and_explained():
    """`mit:NAME` in the short notation; the explanation names each doubling."""
    assert cli("evening", "start", F, G, H, I, "--rules", str(SALZBURG)).exit_code == 0
    r = cli("hand", "add", "fahren", "20", "15", "6", "30", "mit:fritz,ilse")  # from the Vorhand Gerti
    assert r.exit_code == 0, r.output
    assert "Fritz -48, Gerti -16, Hans +16, Ilse +48" in r.stdout
    out = cli("sheet", "--explain", "1").stdout
    assert "Fahren: Fritz pays Ilse: 2 x 2 mit (Fritz) x 2 mit (Ilse) x 2 mit himself (Fritz) = 16" in out


def test_salzburg_fahren_has_no_kontra():
    """salzburg-fahren.toml:14: no Kontra in Fahren (lungau's Kontra is off): refused, nothing written."""
    assert cli("evening", "start", F, G, H, I, "--rules", str(SALZBURG)).exit_code == 0
    r = cli("hand", "add", "--json", json.dumps({**fahren(COUNT), "kontra": {G: "kontra"}}))
    assert r.exit_code == 1
    assert "Fahren has no Kontra under salzburg-fahren" in str(r.exception)
    assert json.loads(cli("sheet", "--json").stdout)["hands"] == []


def test_guided_entry_asks_who_goes_mit(ledger_env):
    """Asked step by step (a terminal is the point), Fahren under the circle's file asks each player in turn
    whether he goes mit (salzburg-fahren.toml:14-15), as the short notation reads it back."""
    assert cli("evening", "start", F, G, H, I, "--rules", str(SALZBURG)).exit_code == 0
    env = dict(os.environ, SCHREIBER_DB=str(ledger_env), TERM="dumb", COLUMNS="200")
    p = terminal(sys.executable, ["-m", "schreiber", "hand", "add"], env=env, encoding="utf-8")
    p.expect(r"Contract \[\w+\]: ")
    p.sendline("fahren")
    for points in ("20", "15", "6", ""):  # from the Vorhand, Gerti; Fritz the rest of the deck
        p.expect(r"Points \w+: " if points else r"Points Fritz \[30\]: ")
        p.sendline(points)
    for who, goes in ((G, ""), (H, ""), (I, "y"), (F, "y")):
        p.expect(f"{who} says mit\\? \\[y/N\\]: ")
        p.sendline(goes)
    p.expect(r"Enter: fahren Gerti:20 Hans:15 Ilse:6 Fritz:30 mit:Ilse,Fritz \[Y/n\]: ")
    p.sendline("")
    p.expect("Hand 1: Fritz -48, Gerti -16, Hans \\+16, Ilse \\+48")  # as SALZBURG_HANDS' third
    p.expect(pexpect.EOF)


ONE_THREE_HANDS = [
    # trischaken-1-3.toml:6-8 (standard-koenigrufen.txt:127): Ilse 38 and Gerti 12 pay 1 each, Fritz and Hans
    # (10 each) get 1 each; trischaken-1-3.toml:11-12: Ilse (36 or more) pays 3 in all besides, 1 to each
    (trischaken({F: 10, G: 12, H: 10, I: 38}), {F: 2, G: 0, H: 2, I: -4}),
    # trischaken-1-3.toml:9-10: Fritz has no trick (0 points): 3 from the loser Ilse alone, beside the 1 each
    (trischaken({F: 0, G: 20, H: 22, I: 28}), {F: 4, G: 1, H: -1, I: -4}),
    # trischaken-1-3.toml:12-14: Ilse with 38 and a Jungfrau: her 3 go to Fritz alone ("he pays everything"),
    # beside the Jungfrau's own 3 from her and the 1 each of the places
    (trischaken({F: 0, G: 15, H: 17, I: 38}), {F: 7, G: 1, H: -1, I: -7}),
    # trischaken-1-3.toml:7,10: Gerti and Hans tied at 30 share the places' -1 and -1 and the Jungfrau's 3
    # (the Vorhand, Fritz, is not among them)
    (trischaken({F: 0, G: 30, H: 30, I: 10}), {F: 4, G: -2.5, H: -2.5, I: 1}),
]


def test_trischaken_1_and_3():
    played_under(ONE_THREE, ONE_THREE_HANDS)


def test_the_example_files_show_their_payout_keys():
    out = " ".join(cli("rules", "show", str(ONE_THREE)).stdout.split())  # a long source wraps within 80 columns
    assert "the circle's sheet: a Jungfrau gets 3 from the loser alone" in out
    assert "Trischaken 1 und 3" in out
    out = " ".join(cli("rules", "show", str(SALZBURG)).stdout.split())
    assert "trischaken_mit" in out and "the circle's sheet: each Mitfahrer doubles the whole Fahren payout" in out


def test_a_payout_key_the_scheme_cannot_play_is_refused_in_one_line(ledger_env):
    """standard's two pay two: ties are its places' own (docs/scoring.md, Trischaken and Fahren); the rule is
    refused before anything is written, and a mode without its figure asks for it."""
    r = cli("evening", "start", F, G, H, I, "--rule", "trischaken_ties=each")
    assert r.exit_code == 1
    assert "rule 'trischaken_ties' = each has no reading under trischaken = standard" in str(r.exception)
    assert not ledger_env.exists()  # nothing written
    r = cli("evening", "start", F, G, H, I, "--rules", "tirol", "--rule", "trischaken_jungfrau=each")
    assert r.exit_code == 1 and "set trischaken_jungfrau_pays (points)" in str(r.exception)
