"""A full evening per preset, entered in short notation only (through the
table session), compared with a golden score sheet. The evenings are
examples/evenings/*.txt; refresh the goldens with --snapshot-update after a
deliberate change, and read the diff."""

import json

import pytest

from schreiber.domain.rules import PRESETS
from tests.helpers import ROOT, cli

PLAYERS = ["Anna", "Berti", "Carl", "Dora"]


@pytest.mark.lang("de")  # the screen in German, as the table speaks
@pytest.mark.parametrize("preset", PRESETS)
def test_evening_sheet_matches_golden(preset, snapshot_update):
    lines = (ROOT / "examples" / "evenings" / f"{preset}.txt").read_text(encoding="utf-8")
    r = cli("evening", "start", *PLAYERS, "--rules", preset, "--date", "2026-11-06")
    assert r.exit_code == 0, r.output
    r = cli("tisch", input=lines)
    assert r.exit_code == 0, r.output
    assert "Fehler" not in r.stdout, [l for l in r.stdout.splitlines() if "Fehler" in l]
    sheet = cli("sheet")
    assert sheet.exit_code == 0
    data = json.loads(cli("sheet", "--json").stdout)
    hands = [h for h in data["hands"] if not h["void"]]
    assert len(hands) == 30
    assert data["totals"] == json.loads(cli("balance", "--json").stdout)
    assert cli("sheet", "--wide").stdout == sheet.stdout  # not a terminal: the wide form, as before
    compact = cli("sheet", "--compact")
    assert compact.exit_code == 0
    assert max(len(line) for line in compact.stdout.splitlines()) <= 80
    for name, text in ((f"{preset}.sheet.txt", sheet.stdout), (f"{preset}.compact.txt", compact.stdout)):
        golden = ROOT / "tests" / "golden" / name
        if snapshot_update or not golden.exists():
            golden.write_text(text, encoding="utf-8")
        assert text == golden.read_text(encoding="utf-8"), name
