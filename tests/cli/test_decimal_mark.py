"""One rule for figures that are not whole, points and money alike, in
both languages (render.py): two places, the decimal comma on a German
screen (-2,50 beside -0,60 €), the point on an English one (-2.50 beside
-0.60 €); CSV and --json keep the point in either language. The evening:
a circle's rules file whose Dreier is worth 2.5 (rules files take a
value with a half); Fritz deals, Gerti is the Vorhand."""

import json
from fractions import Fraction

import pytest

from schreiber import i18n
from schreiber.render import as_data, cell, gain
from tests.helpers import F, G, H, I, cli

HALF = 'base = "standard"\npreset = "halb"\n\n[contracts.dreier]\nvalue = 2.5\n'


def evening(tmp_path):
    rules = tmp_path / "halb.toml"
    rules.write_text(HALF, encoding="utf-8")
    for args in (
        ("evening", "start", F, G, H, I, "--rules", str(rules)),
        ("hand", "add", "dreier", "gerti", "+"),  # 2.5 from each: Gerti +7.50
        ("hand", "add", "dreier", "ilse", "-"),  # 2.5 to each: Ilse -7.50 (Gerti +10, Ilse -10 in all)
    ):
        r = cli(*args)
        assert r.exit_code == 0, r.output


@pytest.mark.parametrize(
    ("lang", "shown"), [("de", ["-2,50", "+2,50", "7", "-7,50"]), ("en", ["-2.50", "+2.50", "7", "-7.50"])]
)
def test_a_share_has_the_screens_decimal_mark(monkeypatch, lang, shown):
    monkeypatch.setenv("SCHREIBER_LANG", lang)
    i18n.reset()
    figures = [cell(Fraction(-5, 2)), gain(Fraction(5, 2)), cell(Fraction(7)), gain(Fraction(-15, 2))]
    assert figures == shown
    with as_data():
        assert cell(Fraction(-5, 2)) == "-2.50"


@pytest.mark.lang("de")
def test_the_german_sheet_writes_points_as_money(tmp_path):
    """A Dreier worth 2.5: every figure of the evening with two decimals, whole ones too (10,00, 0,00),
    so a row never mixes "-7 (-2,50)"; the CSV with the point."""
    evening(tmp_path)
    sheet = cli("sheet", "--wide").stdout
    assert "-2,50 (-2,50)" in sheet and "10,00 (+2,50)" in sheet and "2.50" not in sheet
    assert "Stand: Fritz 0,00, Gerti +10,00, Hans 0,00, Ilse -10,00" in sheet
    explain = cli("sheet", "--explain", "1").stdout
    assert "Dreier gewonnen: 2,50 = 2,50  -> Fritz -2,50, Gerti +7,50, Hans -2,50, Ilse -2,50" in explain
    csv = cli("sheet", "--csv").stdout  # data: the point, as in English
    assert "'-2.50 (-2.50)" in csv and "," + "7.50 (+7.50)" in csv and "10.00 (+2.50)" in csv
    assert json.loads(cli("balance", "--json").stdout) == {F: 0, G: 10, H: 0, I: -10}


RUFER_HALF = 'base = "standard"\npreset = "halb"\n\n[contracts.rufer]\nvalue = 2.5\n'


@pytest.mark.lang("en")
def test_an_evening_in_halves_writes_every_figure_alike_at_the_table(tmp_path):
    """Issue 39, point 9: a row said "-7 (-2.50)". A Rufer worth 2.5 (standard-koenigrufen.txt:29,31 say 1;
    the circle's file makes it 2.5), a Piccolo 2 (standard-koenigrufen.txt:35): Rufer Gerti/Hans lost
    (Gerti -2.5), Piccolo Hans won (Gerti -2), Rufer Ilse/Fritz won (Gerti -2.5): Gerti -7. Every figure of
    the evening with two decimals, from its first hand: the rows, "Hand N:", the standing, settle, balance."""
    rules = tmp_path / "halb.toml"
    rules.write_text(RUFER_HALF, encoding="utf-8")
    assert cli("evening", "start", F, G, H, I, "--rules", str(rules)).exit_code == 0
    out = cli("tisch", input="rufer gerti hans -\npiccolo hans +\nrufer ilse fritz +\nschrift\nende\n").stdout
    assert "Hand 2: Fritz -2.00, Gerti -2.00, Hans +6.00, Ilse -2.00" in out
    assert "-7.00 (-2.50)" in out and "-7 (" not in out and "(-2)" not in out
    assert "Standing: Fritz +3.00, Gerti -7.00, Hans +1.00, Ilse +3.00" in out
    settle = cli("settle").stdout
    assert "  Gerti           -7.00     -0.70 €" in settle
    assert "  Gerti           -7.00" in cli("balance").stdout
    assert json.loads(cli("balance", "--json").stdout) == {F: 3, G: -7, H: 1, I: 3}  # --json: numbers as before
    said = cli("hand", "add", "piccolo", "fritz", "+").stdout  # a whole hand, said as the evening writes it
    assert said.startswith("Hand 4: Fritz +6.00, Gerti -2.00, Hans -2.00, Ilse -2.00"), said


def test_whole_rules_write_whole_figures_and_rounded_halves_are_whole():
    """Rules whose values are whole, or round a half (value_rounding), pay whole points: written without
    decimals; a table where one figure is not whole writes all its figures with two."""
    from schreiber.domain.rules import load_preset, with_overrides
    from schreiber.render import alike, signed_column

    assert not load_preset("standard").pays_parts
    assert with_overrides(load_preset("standard"), ["contract.rufer.value=2.5"]).pays_parts
    rounded = with_overrides(load_preset("standard"), ["contract.rufer.value=2.5", "value_rounding=nearest"])
    assert not rounded.pays_parts
    assert signed_column([Fraction(3), Fraction(-13, 6), None]) == ["+3.00", "-2.17", "-"]
    assert signed_column([Fraction(3), 0]) == ["+3", "0"]
    with alike(in_parts=True):
        assert (cell(Fraction(7)), gain(0), gain(-7)) == ("7.00", "0.00", "-7.00")
    assert cell(Fraction(7)) == "7"
