"""The order players announce the premiums in (``SPOKEN_PREMIUMS``): every
premium of every preset has its place, a preset and its stored rules (sorted
by id) give one order, and the notation's errors list the premiums so."""

from __future__ import annotations

import pytest

from schreiber.domain.names import SPOKEN_PREMIUMS, spoken_order
from schreiber.domain.notation import NotationError, parse_notation
from schreiber.domain.rules import PRESETS, load_preset, load_rules_file, rules_from_json
from tests.helpers import ROOT


def stored(preset: str):
    return rules_from_json(load_preset(preset).to_json())


STANDARD = stored("standard")
PLAYERS = ("Anna", "Berti", "Carl", "Dora")


def test_every_premium_of_every_preset_and_example_file_has_its_place_in_the_spoken_order():
    tables = [load_preset(name).premiums for name in PRESETS]
    tables += [load_rules_file(f).premiums for f in sorted((ROOT / "examples" / "rules").glob("*.toml"))]
    missing = {pid for table in tables for pid in table} - set(SPOKEN_PREMIUMS)
    assert not missing


def test_the_spoken_order_is_the_same_for_a_preset_and_its_stored_rules():
    for name in PRESETS:
        assert spoken_order(load_preset(name).premiums) == spoken_order(stored(name).premiums)
    assert spoken_order(["valat", "trull", "uhu", "pagat", "koenige", "quapil", "koenig-ultimo", "kakadu"]) == [
        "pagat",
        "uhu",
        "kakadu",
        "quapil",
        "trull",
        "koenige",
        "koenig-ultimo",
        "valat",
    ]
    assert spoken_order(["zwickl", "valat", "apfel"]) == ["valat", "apfel", "zwickl"]  # a file's own: after, by id


def test_an_unknown_word_lists_the_premiums_as_players_say_them():
    """At the table the rules are the stored ones (sorted by id): the line still says Pagat first."""
    with pytest.raises(NotationError) as exc:
        parse_notation("rufer berti carl + qq", STANDARD, PLAYERS, "Berti")
    assert str(exc.value).endswith("or a premium: " + ", ".join(spoken_order(STANDARD.premiums)))
    assert "premium: pagat, uhu, kakadu, quapil, trull, koenige, koenig-ultimo, valat," in str(exc.value)
    with pytest.raises(NotationError, match="valid: pagat, uhu, kakadu"):
        parse_notation("rufer berti carl + geg:qq", STANDARD, PLAYERS, "Berti")
