"""The organizer's register: a tournament named by any beginning of its
name no other shares (several: one line naming them), and the players'
places of residence carried from one tournament to the next (the Ort of
the result list, ooe-2023.md §11.1), shown by `player list`."""

from __future__ import annotations

import json

from tests.helpers import cli, refused_line

FOUR = ["Anna", "Berti", "Carl", "Dora"]


def run(*args: str) -> str:
    r = cli(*args)
    assert r.exit_code == 0, (args, r.output)
    return r.stdout


def test_a_cup_is_found_by_a_beginning_of_its_name(ledger_env):
    for name, date in (("RTC Schlierbach", "2026-10-03"), ("RTC Steyr", "2026-11-07"), ("Hausruckcup", "2026-11-14")):
        run("cup", "start", name, *FOUR, "--date", date, "--rounds", "1", "--hands", "1", "--seed", "1")
    assert json.loads(run("cup", "status", "--cup", "haus", "--json"))["cup"] == "Hausruckcup"
    assert json.loads(run("cup", "standings", "--cup", "rtc sch", "--json"))["cup"] == "RTC Schlierbach"
    drawn = run("cup", "draw", "--cup", "RTC STE")
    assert drawn.startswith("RTC Steyr, round 1 of 1:"), drawn
    line = refused_line("cup", "status", "--cup", "rtc")
    assert line == (
        "schreiber: error: 'rtc' begins the names of several tournaments: RTC Schlierbach, RTC Steyr; "
        "give more of the name (--cup NAME)"
    ), line
    assert "there is no tournament 'Sauwald'" in refused_line("cup", "status", "--cup", "Sauwald")
    run("cup", "start", "RTC", *FOUR, "--date", "2026-12-01")
    assert json.loads(run("cup", "status", "--cup", "rtc", "--json"))["cup"] == "RTC"  # the whole name first


def test_a_players_place_carries_over_to_the_next_tournament(ledger_env):
    run("cup", "start", "Herbst", "Anna@Linz", "Berti@Wels", "Carl", "Dora", "--date", "2026-10-03")
    run("cup", "start", "Winter", "anna", "Berti@Steyr", "Carl", "Dora@Enns", "--date", "2026-12-05")
    rows = {p["name"]: p["ort"] for p in json.loads(run("cup", "standings", "--cup", "Winter", "--json"))["players"]}
    assert rows == {"Anna": "Linz", "Berti": "Steyr", "Carl": None, "Dora": "Enns"}  # Berti moved: the new place
    run("cup", "start", "Frühjahr", "Anna", "Berti", "Carl", "Dora", "--date", "2027-03-06")
    rows = {p["name"]: p["ort"] for p in json.loads(run("cup", "standings", "--cup", "Früh", "--json"))["players"]}
    assert rows == {"Anna": "Linz", "Berti": "Steyr", "Carl": None, "Dora": "Enns"}
    run("evening", "start", "Emil", "Anna", "Berti", "Carl", "--rules", "standard")
    listed = run("player", "list").splitlines()
    assert listed[0].split() == ["Anna", "1", "evening", "3", "tournaments,", "Linz"], listed
    assert listed[2].split() == ["Carl", "1", "evening", "3", "tournaments"], listed
    assert listed[4].split() == ["Emil", "1", "evening"], listed  # in no tournament
