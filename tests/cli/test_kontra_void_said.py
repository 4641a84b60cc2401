"""A Kontra the evening's rules did not count is said on the screens: the
row's mark (the wide sheet's note, the compact sheet's K0 and its legend)
and the hand's explanation (`sheet --explain N`, `erklär N` at the table)
say that it did not count and by which rule (docs/scoring.md "Kontra that
does not count"); `sheet --json` keeps its marks as they were. Fritz deals
the first hand, Gerti is its Vorhand."""

import json

import pytest

from tests.cli.test_schrift import add, start  # the evening of four and a hand by its record
from tests.helpers import ROOT, F, G, H, I, cli

CHELTENHAM = str(ROOT / "examples" / "rules" / "cheltenham.toml")


def out(*args, input=None):
    r = cli(*args, input=input)
    assert r.exit_code == 0, r.output
    return r.stdout


def test_talon_kontra_said_in_the_row_and_the_explanation():
    # ooe-2023.md §2.1 (table: Solorufer 2), §5.1: a Solorufer whose called king lay in the talon
    # counts no Kontra: lost, Gerti pays 2 to each (-6), not 4 to each.
    start("--rules", "ooe")
    add({"contract": "solorufer", "declarer": G, "partner": None, "result": "lost", "kontra": "kontra"})
    assert json.loads(out("balance", "--json")) == {F: 2, G: -6, H: 2, I: 2}
    wide = out("sheet", "--wide").splitlines()
    (row,) = [line for line in wide if line.startswith("1 ")]
    assert row.endswith("Kontra void")
    explain = out("sheet", "--explain", "1")
    assert "Hand 1: Solorufer Gerti with Talon, lost Kontra  [Kontra void]" in explain
    assert "  (Kontra void: the called king lay in the talon; rule talon_kontra)" in explain
    assert "Solorufer lost: 2 = 2  -> Fritz +2, Gerti -6, Hans +2, Ilse +2" in explain
    compact = out("sheet", "--compact")
    assert "K0" in compact.splitlines()[3] and ", K0 Kontra void" in compact
    assert json.loads(out("sheet", "--json"))["hands"][0]["marks"] == []  # --json as before


def test_partner_kontra_said():
    # ooe-2023.md §5.1 and §14 O-4: the called partner Hans doubles his own side's Rufer (1):
    # void, so the Rufer pays 1 a player, not 2.
    start("--rules", "ooe")
    add({"contract": "rufer", "declarer": G, "partner": H, "result": "won", "kontra": "kontra", "kontra_from": H})
    assert json.loads(out("balance", "--json")) == {F: -1, G: 1, H: 1, I: -1}
    explain = out("sheet", "--explain", "1")
    assert "  (Kontra void: given by a player on the side it doubled; rule partner_kontra)" in explain


def test_lost_solo_kontra_said_and_a_counted_kontra_not():
    # docs/scoring.md, lost_solo_kontra=void (examples/rules/cheltenham.toml): a Dreier (4,
    # standard-koenigrufen.txt) lost with Kontra pays 4 to each, not 8. Then a Dreier won with
    # Kontra: 8 from each, and no mark.
    start("--rules", CHELTENHAM)
    add({"contract": "dreier", "declarer": G, "result": "lost", "kontra": "kontra"})
    add({"contract": "dreier", "declarer": H, "result": "won", "kontra": "kontra"})
    assert json.loads(out("balance", "--json")) == {F: 4 - 8, G: -12 - 8, H: 4 + 24, I: 4 - 8}
    assert "  (Kontra void: a game alone against three, lost; rule lost_solo_kontra)" in out("sheet", "--explain", "1")
    second = out("sheet", "--explain", "2")
    assert "Kontra void" not in second and "x 2 Kontra" in second


@pytest.mark.lang("de")
def test_said_in_german_at_the_table():
    start("--rules", "ooe")
    add({"contract": "solorufer", "declarer": G, "partner": None, "result": "lost", "kontra": "kontra"})
    screen = out("tisch", input="erklär 1\nende\n")
    assert "[Kontra zählt nicht]" in screen
    assert "  (Kontra zählt nicht: der gerufene König lag im Talon; Regel talon_kontra)" in screen
