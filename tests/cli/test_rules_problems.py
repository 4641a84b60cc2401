"""A rules file with several mistakes is refused with every one of them at
once, each on a line of its own with the line of the file it stands on, under
one heading line; exit 1, nothing written. One mistake stays the one line it
always was."""

import os

import pytest

from schreiber.domain.rules import RULES_FORMAT
from tests.helpers import F, G, H, I, console

# Four mistakes: a value no rule takes, an unknown key, a contract's value
# that is no number, a deck of 69 card points (refused from rules format 3 on).
CLUB = f"""format = {RULES_FORMAT}
base = "standard"

[rules]
kontra_max = "ultra"
pagatkasse = 3
deck_points = 69

[contracts.bettel]
value = "drei"
"""

SAID = {
    "en": [
        "schreiber: error: rules file {file} has 4 problems:",
        "  line 5: rule 'kontra_max': 'ultra' is not valid; valid: kontra, re, sub, hirsch, mord",
        "  line 6: [rules]: unknown key 'pagatkasse'; valid: deck_points, ",
        "  line 7: deck_points is 69; a Tarock deck has 70 card points, or 71 counted singly",
        "  line 10: [contracts.bettel]: 'value' must be a whole number from 0 to 1000 or a half (like 2.5), "
        'not "drei"',
    ],
    "de": [
        "schreiber: Fehler: Regeldatei {file} hat 4 Fehler:",
        "  Zeile 5: Regel 'kontra_max': 'ultra' ist ungültig; gültig: kontra, re, sub, hirsch, mord",
        "  Zeile 6: [rules]: unbekannter Schlüssel 'pagatkasse'; gültig: deck_points, ",
        "  Zeile 7: deck_points ist 69; ein Tarockblatt hat 70 Kartenpunkte, einzeln gezählt 71",
        "  Zeile 10: [contracts.bettel]: 'value' muss eine ganze Zahl von 0 bis 1000 oder ein Halb (wie 2.5) sein, "
        'nicht "drei"',
    ],
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_mistake_of_a_rules_file_is_said_at_once(lang, tmp_path, ledger_env):
    club = tmp_path / "club.toml"
    club.write_text(CLUB, encoding="utf-8")
    env = {**os.environ, "SCHREIBER_LANG": lang}
    for args in (["rules", "show", str(club)], ["evening", "start", F, G, H, I, "--rules", str(club)]):
        p = console(args, env=env)
        assert p.returncode == 1 and "Traceback" not in p.stderr, p.stderr
        lines = p.stderr.splitlines()
        expected = [line.format(file=club) for line in SAID[lang]]
        assert len(lines) == len(expected), p.stderr
        for line, said in zip(lines, expected):  # the valid keys of an unknown one: the whole list, as ever
            assert line == said if not said.endswith(", ") else line.startswith(said), (line, said)
    assert not ledger_env.exists()  # nothing written


def test_one_mistake_is_its_one_line(tmp_path, ledger_env):
    club = tmp_path / "club.toml"
    club.write_text(CLUB.replace("pagatkasse = 3\ndeck_points = 69\n", "").replace('value = "drei"', "value = 3"))
    p = console(["evening", "start", F, G, H, I, "--rules", str(club)])
    assert p.returncode == 1
    assert (
        p.stderr == "schreiber: error: rule 'kontra_max': 'ultra' is not valid; valid: kontra, re, sub, hirsch, mord\n"
    )
    assert not ledger_env.exists()


def test_a_mistake_that_follows_from_another_is_not_said_again(tmp_path):
    """A contract table that is no table is one problem, not also "no
    contracts"; a deck that is none is one, not also every threshold outside it."""
    club = tmp_path / "club.toml"
    club.write_text(f'format = {RULES_FORMAT}\nbase = "standard"\n[rules]\ndeck_points = 7\n', encoding="utf-8")
    p = console(["rules", "show", str(club)])
    assert p.stderr == (
        f"schreiber: error: rules file {club}: deck_points is 7; a Tarock deck has 70 card points, or 71 counted singly\n"
    )
    club.write_text(f"format = {RULES_FORMAT}\ncontracts = 1\n", encoding="utf-8")
    p = console(["rules", "show", str(club)])
    assert p.stderr == f"schreiber: error: rules file {club}: 'contracts' must be a table ([contracts])\n"
