"""The Trischaken/Fahren payout keys on an upgrade: ledgers and rules files
written by earlier releases name none of them, and read each as their
scheme plays it, so every Trischaken hand they hold or play scores as
before (tests/ledger/test_upgrade.py compares every output those ledgers
printed; here: that they hold a Trischaken hand under every scheme, and
that the releases' rules files read the keys as their scheme)."""

import json

import pytest

from schreiber.domain.engine import score
from schreiber.domain.record import check_hand
from schreiber.domain.rules import load_rules_file
from schreiber.domain.trischaken_schemes import PAYOUT_KEYS
from tests.helpers import P4, TESTS, F, G, H, I

FIXTURES = TESTS / "fixtures"
RELEASES = ("first", "before-rules-format")


@pytest.mark.parametrize("name", RELEASES)
def test_the_release_rules_file_reads_every_payout_key_as_its_scheme(name):
    rules = load_rules_file(FIXTURES / f"release_{name}.toml")
    assert {k: rules.setting(f"trischaken_{k}") for k in PAYOUT_KEYS} == {
        k: 0 if k.endswith("_pays") else "scheme" for k in PAYOUT_KEYS
    }
    # standard-koenigrufen.txt:127, as the release scored it: Ilse 38 and Gerti 12 pay 1 each, Fritz and Hans
    # (10 each) get 1; Ilse with 36 or more pays 2 to each other player
    hand, table = check_hand({"contract": "trischaken", "scores": {F: 10, G: 12, H: 10, I: 38}}, rules, P4, F)
    assert dict(score(hand, rules, table).payments) == {F: 3, G: 1, H: 3, I: -7}


@pytest.mark.parametrize("name", RELEASES)
def test_the_release_ledgers_hold_trischaken_under_every_scheme(name):
    """What test_upgrade.py compares covers every scheme: each release ledger's sheets hold Trischaken hands
    under standard, tirol, gumpoldskirchen (with a "mit"), lungau (at five) and hausrunde."""
    doc = json.loads((FIXTURES / f"release_{name}.json").read_text(encoding="utf-8"))
    found = set()
    for out in doc["outputs"]:
        if out["args"][:2] == ["sheet", "--json"]:
            sheet = json.loads(out["stdout"])
            for h in sheet["hands"]:
                if h["contract"] in ("trischaken", "fahren"):
                    found.add((sheet["evening"]["rules"], bool(h["record"].get("mit")), len(h["payments"])))
    assert {r for r, _, _ in found} >= {"standard", "tirol", "gumpoldskirchen", "lungau", "hausrunde"}
    assert ("gumpoldskirchen", True, 4) in found and ("lungau", False, 5) in found
