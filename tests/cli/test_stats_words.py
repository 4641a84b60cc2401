"""The values of `stats --table` and `--period` as the screen's language
says them: German words on a German screen (help and errors), accepted in
either language beside the English ones, which keep working."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from schreiber.cli.dates import PERIODS, PERIODS_DE
from schreiber.cli.stats import TABLES, TABLES_DE
from tests.helpers import cli

SAME_PERIOD = (
    ("today", "heute"),
    ("yesterday", "Gestern"),
    ("this week", "diese Woche"),
    ("last week", "vorige Woche"),
    ("last week", "letzte Woche"),
    ("this month", "dieser Monat"),
    ("last month", "voriger  Monat"),
    ("last month", "letzten Monat"),
    ("this year", "dieses Jahr"),
    ("last year", "voriges Jahr"),
    ("last 30 days", "letzte 30 Tage"),
    ("all", "alles"),
)


def help_of(lang: str, *command: str) -> str:
    """`schreiber COMMAND --help` as a user's console prints it in 80 columns (the language chosen at start)."""
    return subprocess.run(
        [sys.executable, "-m", "schreiber", *command, "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, SCHREIBER_LANG=lang, COLUMNS="80", TERM="dumb"),
    ).stdout


def played() -> None:
    assert cli("evening", "start", "Anna", "Berti", "Carl", "Dora").exit_code == 0
    assert cli("hand", "add", "rufer", "berti", "carl", "+", "pagat!").exit_code == 0


def test_every_table_by_its_german_name_in_either_language(lang):
    played()
    for german, table in [*TABLES_DE.items(), ("Rangliste", "leaderboard"), ("praemien", "premiums")]:
        r = cli("stats", "--table", german)
        assert r.exit_code == 0, r.output
        assert r.stdout == cli("stats", "--table", table).stdout, german
        assert cli("stats", "--csv", "--table", german).stdout == cli("stats", "--csv", "--table", table).stdout


def test_every_period_by_its_german_words_in_either_language(lang):
    played()
    for english, german in SAME_PERIOD:
        ours, theirs = (json.loads(cli("stats", "--json", "--period", p).stdout)["range"] for p in (english, german))
        assert ours == theirs, german


def test_an_unknown_table_or_period_lists_the_screens_words(lang):
    r = cli("stats", "--table", "everything")
    assert r.exit_code == 1 and str(r.exception).endswith(", ".join(TABLES_DE if lang == "de" else TABLES))
    r = cli("stats", "--period", "nie")
    assert r.exit_code == 1 and str(r.exception).endswith(", ".join(PERIODS_DE if lang == "de" else PERIODS))
    r = cli("stats", "--period", "letzte 0 Tage")
    said = "letzte N Tage mit N von 1 bis" if lang == "de" else "last N days with N from 1 to"
    assert r.exit_code == 1 and said in str(r.exception), r.exception


@pytest.mark.parametrize("command", [["stats"], ["chart"], ["export"]])
def test_the_german_help_names_the_german_values(command):
    german, english = help_of("de", *command), help_of("en", *command)
    flat = " ".join(german.split())
    assert "'dieser Monat', 'voriger Monat'" in flat and "'letzte 30 Tage', 'alles'." in flat
    assert not any(f"'{p}'" in flat for p in ("this month", "last month", "today", "all"))
    assert "'this month', 'last month'" in " ".join(english.split())
    assert max(len(line) for line in german.splitlines() + english.splitlines()) <= 80
    if command == ["stats"]:
        assert "Nur diese Tabelle: rangliste, spieler, gespielt, spiele, prämien, partner, gegner" in flat
        assert "--table spiele" in flat and "leaderboard" not in flat and "contracts" not in flat
        assert "Only this table: leaderboard, players, declarer, contracts" in " ".join(english.split())
