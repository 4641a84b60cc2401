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
from schreiber.render import as_data, cell, gain, signed
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
    figures = [cell(Fraction(-5, 2)), gain(Fraction(5, 2)), cell(Fraction(7)), signed(Fraction(-15, 2))]
    assert figures == shown
    with as_data():
        assert cell(Fraction(-5, 2)) == "-2.50"


@pytest.mark.lang("de")
def test_the_german_sheet_writes_points_as_money(tmp_path):
    evening(tmp_path)
    sheet = cli("sheet", "--wide").stdout
    assert "-2,50 (-2,50)" in sheet and "10 (+2,50)" in sheet and "2.50" not in sheet
    assert "Stand: Fritz 0, Gerti +10, Hans 0, Ilse -10" in sheet
    explain = cli("sheet", "--explain", "1").stdout
    assert "Dreier gewonnen: 2,50 = 2,50  -> Fritz -2,50, Gerti +7,50, Hans -2,50, Ilse -2,50" in explain
    csv = cli("sheet", "--csv").stdout  # data: the point, as in English
    assert "'-2.50 (-2.50)" in csv and "," + "7.50 (+7.50)" in csv
    assert json.loads(cli("balance", "--json").stdout) == {F: 0, G: 10, H: 0, I: -10}
