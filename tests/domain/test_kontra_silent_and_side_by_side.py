"""A Kontra on a silent premium (kontra_silent) and which negative contracts
are played side by side (side_by_side_contracts). Each defaults to how
schreiber played before it. Figures worked by hand from
../shared/rules/standard-koenigrufen.txt (std:LINE), ooe-2023.md, RULINGS.md
and examples/rules/stammtisch.toml."""

import json

import pytest

from schreiber.domain.engine import score
from schreiber.domain.notation import format_notation, parse_notation
from schreiber.domain.record import HandError, check_hand
from schreiber.domain.rules import (
    RulesError,
    load_preset,
    load_rules,
    load_rules_file,
    rules_from_dict,
    rules_from_json,
)
from tests.helpers import P4, ROOT, F, G, H, I, play, prem, refused_hand, rufer, solo, team

# Kontra on a silent premium (a Spritzer) --------------------------------------------


def test_a_spritzer_on_a_silent_bird():
    """RULINGS.md General 4: only announced premiums can be doubled. The
    stammtisch's tariff (stammtisch.toml) lets a silent bird be doubled: a
    Rufer 1 (std:31) with a silent Pagat 1 (the file's 1/2) doubled: 3 to
    each of Gerti and Hans."""
    record = rufer(G, H, premiums=[prem("pagat", announced=False, kontra="kontra")])
    assert "only announced premiums can be doubled" in refused_hand("standard", record)
    file = load_rules_file(ROOT / "examples" / "rules" / "stammtisch.toml")
    hand, table = check_hand(record, file, P4, F)
    assert dict(score(hand, file, table).payments) == team(1 + 2, (G, H), (F, I))


def test_a_doubled_silent_premium_counts_even_where_failed_silent_ones_do_not():
    """ooe scores a failed silent premium not at all (ooe-2023.md §3.3, §14
    O-2): a Dreier won is 4 from each (§2.1), the silent Pagat lost nothing.
    A Spritzer on it (kontra_silent) made it a bet: the Pagat 1 (§3.1) x2 =
    2 from the declarer to each opponent, so the Dreier nets 2 from each."""
    record = {"contract": "dreier", "declarer": G, "result": "won",
              "premiums": [prem("pagat", announced=False, result="lost", kontra="kontra")]}  # fmt: skip
    assert play("ooe", {**record, "premiums": [prem("pagat", announced=False, result="lost")]}) == solo(4, G)
    assert play("ooe", record, rules=["kontra_silent=true"]) == solo(4 - 2, G)


# Negative contracts side by side -----------------------------------------------------


def test_which_negative_contracts_are_played_side_by_side():
    """Piccolo bei and Bettler bei, nothing beside an ouvert game
    (side_by_side_contracts = "piccolo, bettel"). Two Piccolos won, 2 each
    (std:35): each declarer +6, each other -2 to each: Hans and Ilse +6 - 2
    = 4, Fritz and Gerti -4."""
    r = load_rules("standard", ["side_by_side=true", "side_by_side_contracts=piccolo, Bettler"])
    assert r.side_by_side_contracts == "piccolo, bettel"
    won = {"contract": "piccolo", "declarer": [H, I], "result": "won"}
    hand, table = check_hand(won, r, P4, F)
    assert dict(score(hand, r, table).payments) == {F: -4, G: -4, H: 4, I: 4}
    check_hand({**won, "contract": "bettel"}, r, P4, F)
    with pytest.raises(HandError, match="only Piccolo or Bettel may be played side by side, not Bettel ouvert"):
        check_hand({**won, "contract": "bettel-ouvert"}, r, P4, F)
    only = load_rules("standard", ["side_by_side=true", "side_by_side_contracts=Pikkolo"])
    assert only.side_by_side_contracts == "piccolo"
    with pytest.raises(HandError, match="under standard only Piccolo may be played side by side, not Bettel"):
        check_hand({**won, "contract": "bettel"}, only, P4, F)
    with pytest.raises(RulesError, match="counts only where side_by_side is true"):  # it would play nothing
        load_rules("standard", ["side_by_side_contracts=piccolo"])
    stored = load_rules("standard").to_dict()  # an evening stored with it, as the rules of an earlier format read
    stored["rules"]["side_by_side_contracts"] = "piccolo"
    with pytest.raises(HandError, match="standard does not allow negative contracts side by side"):
        check_hand(won, rules_from_json(json.dumps(stored)), P4, F)


@pytest.mark.parametrize(
    "value, says",
    [
        ("rufer", "'rufer' is not a negative contract; give all or some of piccolo, zwiccolo, bettel"),
        ("zorro", "'zorro' is not a negative contract"),
        (" , ", "rule 'side_by_side_contracts' is empty"),
    ],
)
def test_side_by_side_contracts_names_negative_contracts(value, says):
    with pytest.raises(RulesError, match=says):
        load_rules("standard", [f"side_by_side_contracts={value}"])


# Rules written before these keys -----------------------------------------------------


@pytest.mark.parametrize("fmt", [1, 2, None])
@pytest.mark.parametrize("side_by_side", [True, False])
def test_older_rules_read_the_new_keys_as_they_played(fmt, side_by_side):
    """Stored rules and rules files that name neither key (every format,
    and those that say none): side_by_side reads as it did (true: every
    negative contract beside an equal one, tirol:70; false: none), only
    announced premiums are doubled (RULINGS.md General 4)."""
    data = load_preset("tirol").to_dict()
    for key in ("kontra_silent", "side_by_side_contracts"):
        del data["rules"][key]
    data["rules"]["side_by_side"] = side_by_side
    if fmt is None:
        del data["format"]
    else:
        data["format"] = fmt
    r = rules_from_dict(json.loads(json.dumps(data)), strict=False)
    assert (r.kontra_silent, r.side_by_side_contracts) == (False, "all")
    assert [r.side_by_side_allows(c) for c in ("piccolo", "bettel", "bettel-ouvert")] == [side_by_side] * 3


# The short notation ------------------------------------------------------------------

NP = ("Anna", "Berti", "Carl", "Dora")


def test_the_notation_of_a_spritzer():
    """Where a silent premium may be doubled, @LEVEL alone is a Kontra on
    the silent premium; ! makes it announced. Elsewhere @LEVEL announces."""
    spritzer = load_rules("standard", ["kontra_silent=true"])
    assert parse_notation("dreier anna + pagat@kontra", spritzer, NP, "Berti")["premiums"] == [
        prem("pagat", announced=False, kontra="kontra")
    ]
    assert parse_notation("dreier anna + pagat!@re", spritzer, NP, "Berti")["premiums"] == [prem("pagat", kontra="re")]
    assert parse_notation("dreier anna + pagat@re", load_preset("standard"), NP, "Berti")["premiums"] == [
        prem("pagat", kontra="re")
    ]
    record = parse_notation("dreier anna + pagat@kontra", spritzer, NP, "Berti")
    assert format_notation(record, spritzer) == "dreier Anna + pagat@kontra"
