"""`rules show` on the screen, in German and in English: each preset within
80 columns (the contracts and premiums stacked in parts, long sources and
meanings wrapped in their cells), yes/no in the screen's language, the
presets' notes of ours through the catalog; golden files
(tests/golden/rules.PRESET.LANG.txt), refreshed with --snapshot-update.
The Markdown pages stay as they were (tests/domain/test_rules.py)."""

import re

import pytest

from schreiber.domain.rules import SETTINGS
from schreiber.render import columns
from tests.german import english_words
from tests.helpers import TESTS, cli

PRESETS = ("standard", "tirol", "hausrunde", "gumpoldskirchen", "lungau", "ooe")


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_fits_80_columns_and_matches_its_golden_file(preset, lang, snapshot_update):
    r = cli("rules", "show", preset)
    assert r.exit_code == 0, r.output
    assert [line for line in r.stdout.splitlines() if columns(line) > 80] == []
    golden = TESTS / "golden" / f"rules.{preset}.{lang}.txt"
    if snapshot_update or not golden.exists():
        golden.write_text(r.stdout, encoding="utf-8")
    assert r.stdout == golden.read_text(encoding="utf-8"), golden.name


def test_every_house_rule_is_shown_with_its_value_meaning_and_source(lang):
    lines = cli("rules", "show", "tirol").stdout.splitlines()
    for s in SETTINGS:
        (row,) = [n for n, line in enumerate(lines) if line.startswith(s.key + " ") and line.split()[1] == "="]
        assert lines[row + 1].startswith("    "), s.key
    said = {"de": ("blatt", "ja", "own_king", "nein", "Quelle: "), "en": ("blatt", "yes", "own_king", "no", "source: ")}
    key, yes, other, no, source = said[lang]
    assert f"{key} = {yes}" in " ".join(" ".join(lines).split())
    assert f"{other} = {no}" in " ".join(" ".join(lines).split())
    assert "True" not in " ".join(lines) and "False" not in " ".join(lines)
    assert sum(line.startswith("    " + source) for line in lines) == len(SETTINGS)


@pytest.mark.lang("de")
def test_the_notes_of_ours_are_german_and_the_documents_quotes_stay():
    said = " ".join(cli("rules", "show", "tirol").stdout.split())
    assert "tirol-koenigrufen-de-luxe.txt:95 (Zusatz, aus)" in said
    assert "(wie die Abrechnungsart: Spieler ohne Stich bekommen den ganzen Gewinn)" in said
    assert "(ein Radl nach einem Fang, einmal die Runde; Zusatz, aus)" in said
    assert "tirol-koenigrufen-de-luxe.txt:57 (sich selber rufen ist verboten)" in said
    assert "extra" not in said and "as the scheme" not in said


@pytest.mark.lang("de")
@pytest.mark.parametrize("preset", PRESETS)
def test_no_line_of_a_german_rules_show_holds_an_english_word_of_ours(preset):
    """Every note of ours in a preset's sources, the words beside a citation and
    a premium's side are German; ids, keys, values and citations stay code."""
    lines = cli("rules", "show", preset).stdout.splitlines()
    assert [(line, english_words(line)) for line in lines if english_words(line)] == []


@pytest.mark.lang("de")
def test_the_notes_of_the_other_presets_in_german():
    said = {p: " ".join(cli("rules", "show", p).stdout.split()) for p in ("standard", "lungau", "ooe")}
    assert "side_by_side = nein" in said["standard"]
    assert "Quelle: nicht im Regeltext (aus)" in said["standard"]
    assert "Quelle: üblicher Tarif (10 Cent pro Punkt)" in said["standard"]
    assert "koenigfang Königfang 1 Gegner" in said["standard"]
    # a note with a citation and a note of its own inside it: translated whole
    assert (
        "lungau.txt:87 (paarweise; dem Wortlaut nach zahlt, wer weniger Punkte hat, gegen lungau.txt:83 "
        "(möglichst wenige Punkte): es zahlt, wer mehr hat)"
    ) in said["lungau"]
    assert "lungau.txt:40,46,62,77; Schleifen lungau.txt:46" in said["lungau"]
    assert "ooe-2023.md §2.1 (Besserrufer = A-Rufer 1 + Vogel), §2.2, §6 (schleifen: 3/5/7/9 an jeden)" in said["ooe"]
    assert "koenig-ultimo König ultimo 1 2 Spieler" in said["ooe"]


def test_a_long_source_wraps_inside_its_cell(tmp_path):
    """A rules file's own source, longer than the line: wrapped under its column, every word kept."""
    own = "the circle's tariff as written on the back of the old score pad in the Gasthaus zur Post, 1987"
    text = f'base = "standard"\npreset = "lang"\n\n[contracts.dreier]\nvalue = 3\nsource = "{own}"\n'
    path = tmp_path / "lang.toml"
    path.write_text(text, encoding="utf-8")
    r = cli("rules", "show", str(path))
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert [line for line in out.splitlines() if columns(line) > 80] == []
    assert own in " ".join(out.split())


@pytest.mark.parametrize("width", (40, 60, 80))
def test_every_preset_fits_the_terminal_down_to_40_columns(monkeypatch, width, lang):
    """In a terminal 40, 60 or 80 columns wide: no line wider, no word broken (every word as it
    stands without a terminal; a citation's list of lines may break after a comma), a table
    too wide for its id and one more column with the id on a line of its own, a source under
    its id where the column beside it would be too narrow."""
    from tests.cli.test_screens_fit import PUNCTUATION, at_width

    problems = []
    for preset in PRESETS:
        at_width(monkeypatch, None)
        whole = {w.strip(PUNCTUATION) for w in cli("rules", "show", preset).stdout.split()}
        at_width(monkeypatch, width)
        shown = cli("rules", "show", preset).stdout
        problems += [(preset, line) for line in shown.splitlines() if columns(line) > width]
        read = re.sub(r"(\.(?:txt|md):[0-9,-]*),\n +(?=[0-9])", r"\1,", shown)  # a citation broken after a comma
        problems += [(preset, w) for w in read.split() if w.strip(PUNCTUATION) not in whole and w.strip("-")]
    assert problems == []
    if width == 40:  # tirol's longest contract: id and name do not fit side by side (20 + 2 + 20)
        at_width(monkeypatch, 40)
        lines = cli("rules", "show", "tirol").stdout.splitlines()
        row = lines.index("zwiccolo-semi-ouvert")
        assert lines[row + 1].split() == ["Zwiccolo", "semi-ouvert"]
