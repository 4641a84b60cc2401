"""The sheet's views: what made one player's total, the compact sheet."""

import json

import pytest

from tests.helpers import F, G, H, I, cli


def add(*words):
    r = cli("hand", "add", *words)
    assert r.exit_code == 0, r.output


def hausrunde_evening():
    assert cli("evening", "start", F, G, H, I, "--rules", "hausrunde").exit_code == 0
    add("rufer", "gerti", "hans", "+")  # hausrunde.txt:8 first four hands double: +-1 x2
    add("dreier", "ilse", "40")  # Dreier 4 x2 = 8 from each (hand 2)
    assert cli("strafpunkt", "hans").exit_code == 0  # e1: hausrunde.txt:46, 1 to each other player
    assert cli("undo").exit_code == 0  # hand 2 taken back (kept, void)
    add("piccolo", "fritz", "+")  # hand 2 again: Piccolo 2 x2 = 4 from each


@pytest.mark.lang("de")  # the screen in German, as the table speaks
def test_explain_player_lists_the_entries_with_the_running_sum():
    hausrunde_evening()
    r = cli("sheet", "--explain-player", "fr")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].split() == ["#", "Spiel", "Spieler", F, "Summe"]
    assert [line.split() for line in lines[2:5]] == [
        ["1", "Rufer", G, "-2", "-2"],
        ["e1", "Strafpunkt", H, "+1", "-1"],
        ["2", "Piccolo", F, "+12", "11"],
    ]
    assert lines[5] == f"{F}: 11 aus 3 Einträgen; 1 storniert, nicht gezählt"
    assert json.loads(cli("balance", "--json").stdout)[F] == 11


def test_explain_player_json_and_a_wrong_name():
    hausrunde_evening()
    data = json.loads(cli("sheet", "--explain-player", H, "--json").stdout)
    assert [(e["ref"], e["points"], e["total"]) for e in data["entries"]] == [
        ("1", 2, 2),
        ("e1", -3, -1),
        ("2", -4, -5),
    ]
    assert data["voided"] == 1
    r = cli("sheet", "--explain-player", "Zorro")
    assert r.exit_code == 1 and "unknown player 'Zorro'" in str(r.exception)


@pytest.mark.lang("de")  # the screen in German, as the table speaks
def test_tisch_erklaer_name():
    hausrunde_evening()
    r = cli("tisch", input="erklär ilse\n")
    assert r.exit_code == 0, r.output
    assert "Ilse: -5 aus 3 Einträgen; 1 storniert, nicht gezählt" in r.stdout  # -2 +1 -4
