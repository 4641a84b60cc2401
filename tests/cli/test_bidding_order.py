"""The contracts in the order a table bids them (guided entry lists them so,
Tab offers them so): the cheapest king-calling contract first, then as the
rules list them, a circle's own rules file too, also in the evenings played
under it."""

import json

from schreiber.domain.notation.follows import next_words
from schreiber.domain.rules import bidding_order, load_preset, rules_from_json
from schreiber.ledger.store import Ledger
from tests.helpers import P4, F, G, H, I, cli

# A circle's own contracts, listed neither by id nor by value: its own order.
CLUB = """preset = "club"
[contracts.dreier]
name = "Dreier"
kind = "positive"
value = 4
[contracts.rufer]
name = "Rufer"
kind = "positive"
value = 1
call = true
[contracts.solodreier]
name = "Solodreier"
kind = "positive"
value = 8
[contracts.bettel]
name = "Bettel"
kind = "negative"
value = 3
tricks = 0
[contracts.piccolo]
name = "Piccolo"
kind = "negative"
value = 2
tricks = 1
"""


def test_a_rules_files_own_order_is_kept_in_its_evenings(tmp_path, ledger_env):
    club = tmp_path / "club.toml"
    club.write_text(CLUB, encoding="utf-8")
    assert cli("evening", "start", F, G, H, I, "--rules", str(club)).exit_code == 0
    (evening,) = Ledger(ledger_env).open_evenings()
    assert bidding_order(evening.rules) == ["rufer", "dreier", "solodreier", "bettel", "piccolo"]
    assert next_words([], "", evening.rules, P4) == ["rufer", "dreier", "solodreier", "bettel", "piccolo"]


def test_rules_stored_by_an_earlier_release_go_as_their_preset_lists_them():
    """An earlier release stored the rules sorted by id: standard's evenings
    of then bid as standard lists its contracts (standard.toml), a circle's
    own by value (its name is never a path to read)."""
    sorted_by_id = json.dumps(load_preset("standard").to_dict(), sort_keys=True)
    assert bidding_order(rules_from_json(sorted_by_id)) == bidding_order(load_preset("standard"))
    assert bidding_order(load_preset("standard"))[:4] == ["rufer", "trischaken", "sechserdreier", "piccolo"]
    circle = rules_from_json(sorted_by_id)._replace(preset="club")
    values = [circle.contracts[c].value for c in bidding_order(circle)[1:]]
    assert values == sorted(values)
