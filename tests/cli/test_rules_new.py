"""A circle's rules file from `rules new`, edited as a circle edits it: a
contract's lost value follows its value unless the file says otherwise, a
file of an earlier release reads as it did, and `rules show` names the file
as the source of every value that differs from the preset it was made from."""

from __future__ import annotations

import itertools
import json
import re
import shutil

import pytest

from schreiber.domain.rules import RulesError, load_preset, load_rules_file
from tests.german import english_words
from tests.helpers import TESTS, F, G, H, I, cli


def written(tmp_path, *args: str):
    """The file `rules new club ARGS` writes, and its text."""
    out = tmp_path / "club.toml"
    r = cli("rules", "new", "club", "--out", str(out), *args)
    assert r.exit_code == 0, r.output
    return out, out.read_text(encoding="utf-8")


def changed(path, table: str, entry: str, key: str, value: str) -> None:
    """One line of the file changed by hand, the way a circle edits it."""
    text = path.read_text(encoding="utf-8")
    head = f"[{table}.{entry}]\n"
    start = text.index(head) + len(head)
    end = text.find("\n[", start)
    body = re.sub(rf"(?m)^{key} = .*$", f"{key} = {value}", text[start:end], count=1)
    path.write_text(text[:start] + body + text[end:], encoding="utf-8")


def test_changing_a_value_alone_changes_its_lost_value(tmp_path):
    """standard-koenigrufen.txt:44: a Dreier counts 4, won or lost. The file
    writes its lost value only where a lost game counts otherwise (the
    Sechserdreier, 2 won and 4 lost, :33): the Dreier changed to 5 is 5 lost
    too (Fritz's lost Dreier costs him 15), the Sechserdreier's 4 stays."""
    out, text = written(tmp_path)
    dreier = text[text.index("[contracts.dreier]") :].split("\n\n")[0]
    assert "value = 4" in dreier and "lost_value" not in dreier
    assert "lost_value = 4" in text[text.index("[contracts.sechserdreier]") :].split("\n\n")[0]
    changed(out, "contracts", "dreier", "value", "5")
    changed(out, "contracts", "sechserdreier", "value", "3")
    rules = load_rules_file(out)
    assert (rules.contracts["dreier"].value, rules.contracts["dreier"].lost_value) == (5, 5)
    assert (rules.contracts["sechserdreier"].value, rules.contracts["sechserdreier"].lost_value) == (3, 4)
    assert cli("evening", "start", G, H, I, F, "--rules", str(out)).exit_code == 0
    assert cli("hand", "add", "dreier", F, "-").exit_code == 0
    assert json.loads(cli("balance", "--json").stdout) == {G: 5, H: 5, I: 5, F: -15}


def test_a_file_written_from_every_preset_reads_back_the_same(tmp_path):
    for preset in ("standard", "tirol", "hausrunde", "gumpoldskirchen", "lungau", "ooe"):
        out, _text = written(tmp_path, "--from", preset, "--force")
        assert load_rules_file(out).contracts == load_preset(preset).contracts, preset


@pytest.mark.parametrize("release", ["first", "before-rules-format"])
def test_an_earlier_file_that_states_its_lost_values_reads_as_it_did(release, tmp_path):
    """A file an earlier `rules new` wrote states every lost value: it stands
    as written (history never moves), also where its value is changed now."""
    earlier = tmp_path / "club.toml"
    shutil.copy(TESTS / "fixtures" / f"release_{release}.toml", earlier)
    assert "lost_value = 4" in earlier.read_text(encoding="utf-8").split("[contracts.dreier]")[1].split("\n\n")[0]
    assert load_rules_file(earlier).contracts == load_preset("standard").contracts
    changed(earlier, "contracts", "dreier", "value", "5")
    dreier = load_rules_file(earlier).contracts["dreier"]
    assert (dreier.value, dreier.lost_value) == (5, 4)


def source_column(out: str, key: str) -> str:
    """The source `rules show` gives ``key``: in the row of its sources table
    (a contract, a premium) or on the line "source: ..." under its house rule."""
    lines = out.splitlines()
    row = max(n for n, line in enumerate(lines) if line.split()[:1] == [key])
    more = list(itertools.takewhile(lambda line: line.startswith("    "), lines[row + 1 :]))  # wrapped on
    if lines[row].split()[1:2] == ["="]:  # a house rule: key = value, its meaning and source indented under it
        said = next(n for n, line in enumerate(more) if re.match(r" {4}(source|Quelle): ", line))
        return " ".join(line.strip() for line in more[said:]).split(": ", 1)[1]
    return " ".join([re.split(r"\s{2,}", lines[row].strip())[-1], *(line.strip() for line in more)])


def test_rules_show_names_the_file_as_the_source_of_what_it_changed(tmp_path):
    out, text = written(tmp_path, "--from", "hausrunde")
    assert 'made_from = "hausrunde"' in text
    changed(out, "contracts", "dreier", "value", "3")
    changed(out, "premiums", "pagat", "announced", "3")
    text = out.read_text(encoding="utf-8").replace("\npagatkassa = 0\n", "\npagatkassa = 2\n")
    out.write_text(text, encoding="utf-8")
    shown = cli("rules", "show", str(out)).stdout
    said = " ".join(shown.split())  # the screen wraps a long line within 80 columns
    assert "Made from the preset hausrunde: a value that differs from it names club.toml as its source." in said
    assert source_column(shown, "dreier") == 'club.toml ("value", "lost_value")'
    assert source_column(shown, "pagat") == 'club.toml ("announced")'
    assert source_column(shown, "pagatkassa") == "club.toml"
    preset = cli("rules", "show", "hausrunde").stdout
    for unchanged in ("rufer", "bettel", "uhu", "strafpunkt"):
        assert source_column(shown, unchanged) == source_column(preset, unchanged), unchanged
    page = cli("rules", "show", str(out), "--markdown").stdout
    assert "| `dreier` | Dreier | positive | 3 | 3 |" in page and "| club.toml (value, lost_value) |" in page
    assert "| `pagatkassa` | 2 | " in page and page.count("| club.toml |") == 1
    assert "Made from the preset `hausrunde`: a value that differs from it cites `club.toml`" in page


@pytest.mark.lang("de")
def test_rules_show_names_the_file_in_german_too(tmp_path):
    out, _text = written(tmp_path)
    changed(out, "contracts", "bettel", "value", "4")
    shown = cli("rules", "show", str(out)).stdout
    said = " ".join(shown.split())  # the screen wraps a long line within 80 columns
    assert "Gemacht aus dem Regelwerk standard: ein Wert, der davon abweicht, nennt club.toml als Quelle." in said
    assert source_column(shown, "bettel") == 'club.toml ("value", "lost_value")'
    assert [(line, english_words(line)) for line in shown.splitlines() if english_words(line)] == []


def test_a_file_on_a_base_and_an_earlier_file_are_marked_against_their_preset(tmp_path):
    """examples/rules/stammtisch.toml changes the Dreier on top of standard
    and cites its tariff: the mark comes first, its own source after it. A
    file of the first release names its preset in its first line only: what
    it plays otherwise than today's standard (rules added since, read as
    that release played them) names the file."""
    from schreiber.domain.rules import rules_file_base

    stammtisch = TESTS.parent / "examples" / "rules" / "stammtisch.toml"
    assert rules_file_base(stammtisch) == "standard"
    shown = cli("rules", "show", str(stammtisch)).stdout
    assert source_column(shown, "dreier") == 'stammtisch.toml ("value", "lost_value"): the circle\'s tariff: Dreier 3'
    assert source_column(shown, "kontra_silent").startswith("stammtisch.toml: the circle's tariff")
    first = TESTS / "fixtures" / "release_first.toml"
    assert rules_file_base(first) == "standard"
    shown = cli("rules", "show", str(first)).stdout
    marked = [key for key in ("void_was_dealt", "radl_game_part", "cup_draw", "dreier", "tarif_cents")
              if source_column(shown, key) == "release_first.toml"]  # fmt: skip
    assert marked == ["void_was_dealt", "radl_game_part", "cup_draw"]


def test_rules_show_names_an_override_as_the_source(tmp_path):
    shown = cli("rules", "show", "standard", "--rule", "contract.dreier.value=5", "--rule", "pagatkassa=3").stdout
    assert source_column(shown, "dreier") == '--rule ("value", "lost_value")'
    assert source_column(shown, "pagatkassa") == "--rule"
    assert source_column(shown, "bettel") == "standard-koenigrufen.txt:38,121"


def test_made_from_must_name_a_preset(tmp_path, ledger_env):
    out, text = written(tmp_path)
    out.write_text(text.replace('made_from = "standard"', 'made_from = "nirgends"'), encoding="utf-8")
    r = cli("evening", "start", F, G, H, I, "--rules", str(out))
    assert r.exit_code == 1 and isinstance(r.exception, RulesError), r.output
    assert "made_from 'nirgends' is not a preset; valid: standard, tirol" in str(r.exception)
    assert not ledger_env.exists()


@pytest.mark.lang("de")
def test_the_comments_of_a_german_file_are_german(tmp_path):
    from tests.german import english_words

    _out, text = written(tmp_path)
    comments = [line[1:] for line in text.splitlines() if line.startswith("#")]
    assert comments[0] == " Regeln der Runde 'club', gemacht aus dem Regelwerk 'standard'."
    said = {line: english_words(line) for line in comments if not line.startswith("   schreiber ")}
    assert {line: words for line, words in said.items() if words} == {}


def test_what_rules_new_says_fits_80_columns(tmp_path, monkeypatch, lang):
    """The file written, then the command that starts an evening under it,
    on a line of its own: "--rules kreis.toml" no longer runs past 80."""
    monkeypatch.chdir(tmp_path)
    r = cli("rules", "new", "kreis", "--from", "tirol", "--out", "kreis.toml")
    assert r.exit_code == 0, r.output
    said = {
        "de": ["kreis.toml geschrieben.", "Anpassen, dann: schreiber evening start A B C D --rules kreis.toml"],
        "en": ["Wrote kreis.toml.", "Edit it, then: schreiber evening start A B C D --rules kreis.toml"],
    }
    assert r.stdout.splitlines() == said[lang]
    r = cli("rules", "new", "stammtisch")  # into the rules folder: started by its name
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[1].endswith(" --rules stammtisch")
