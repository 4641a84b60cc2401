"""Tournaments through the command line: a season of three cups with its cup
points worked by hand from ooe-2023.md §11.2, Heinepunkte, the ranking's
tie-breaks (§11.1), and what the desk is refused.

Every figure below is the Schrift of `ooe` hands (ooe-2023.md §13: Dreier 4,
Piccolo 2; one against three: the soloist wins or pays 3 x the value, each
opponent pays or wins the value)."""

from __future__ import annotations

import json
import os

import pytest

from tests.helpers import cli, console, dump, refused_line


def run(*args):
    r = cli(*args)
    assert r.exit_code == 0, r.output
    return r.output


def as_json(*args):
    return json.loads(run(*args, "--json"))


def dreier(name, result="won"):
    return json.dumps({"contract": "dreier", "declarer": name, "result": result})


def piccolo(name, won=True):
    return json.dumps({"contract": "piccolo", "declarer": name, "tricks": 1 if won else 0})


def one_table_cup(name, players, date, hands, *rules):
    """A one-round cup of one table of four, its ``hands`` entered, finished."""
    extra = [a for r in rules for a in ("--rule", r)]
    run("cup", "start", name, *players, "--rounds", "1", "--hands", str(len(hands)), "--date", date, "--seed", "1",
        *extra)  # fmt: skip
    run("cup", "draw", "--cup", name)
    for h in hands:
        run("hand", "add", "--json", h)
    run("cup", "finish", "--cup", name)


def season_of_three(*rules):
    # A: Anna's Dreier won (+12, the others -4), Berti's Piccolo won (+6, -2), Carl's Piccolo lost (-6, +2):
    #    Anna 12-2+2 = 12, Berti -4+6+2 = 4, Dora -4-2+2 = -4, Carl -4-2-6 = -12.
    one_table_cup("A", ["Anna", "Berti", "Carl", "Dora"], "2026-10-01",
                  [dreier("Anna"), piccolo("Berti"), piccolo("Carl", won=False)], *rules)  # fmt: skip
    # B: Carl's Dreier won, Emil's Piccolo won, Anna's Piccolo lost: Carl 12, Emil 4, Berti -4, Anna -12.
    one_table_cup("B", ["Anna", "Berti", "Carl", "Emil"], "2026-11-01",
                  [dreier("Carl"), piccolo("Emil"), piccolo("Anna", won=False)], *rules)  # fmt: skip
    # C (the final): Dora's Dreier won, Berti's Piccolo won, Emil's Piccolo lost: Dora 12, Berti 4, Carl -4, Emil -12.
    one_table_cup("C", ["Berti", "Carl", "Dora", "Emil"], "2026-12-01",
                  [dreier("Dora"), piccolo("Berti"), piccolo("Emil", won=False)], *rules)  # fmt: skip


def test_standings_of_one_tournament_by_the_schrift_with_fixed_cup_points():
    season_of_three()
    a = as_json("cup", "standings", "--cup", "A")
    assert a["cup"] == "A" and a["rounds_played"] == 1
    got = [(p["rank"], p["name"], p["schrift"], p["rounds"], p["cup_points"]) for p in a["players"]]
    # ooe-2023.md §11.2 fixed points: 223, 198, 180, 168 for places 1-4
    assert got == [(1, "Anna", 12, [12], 223), (2, "Berti", 4, [4], 198), (3, "Dora", -4, [-4], 180),
                   (4, "Carl", -12, [-12], 168)]  # fmt: skip
    assert [p["geld"] for p in a["players"]] == [12, 4, -4, -12]  # no Kontra: the money is the Schrift


def test_season_best_six_of_fixed_points():
    season_of_three()
    s = as_json("cup", "season")
    assert s["season"] == "2026/27" and s["tournaments"] == ["A", "B", "C"] and s["best"] == 6
    # ooe-2023.md §11.2: places A: Anna 1, Berti 2, Dora 3, Carl 4; B: Carl 1, Emil 2, Berti 3, Anna 4;
    # C: Dora 1, Berti 2, Carl 3, Emil 4. Best six = all: Berti 198+180+198 = 576, Carl 168+223+180 = 571,
    # Dora 180+223 = 403, Anna 223+168 = 391, Emil 198+168 = 366.
    got = [(p["rank"], p["name"], p["points"], p["results"]) for p in s["players"]]
    assert got == [(1, "Berti", 576, 3), (2, "Carl", 571, 3), (3, "Dora", 403, 2), (4, "Anna", 391, 2),
                   (5, "Emil", 366, 2)]  # fmt: skip


def test_season_best_two_and_a_tie_decided_by_the_final():
    season_of_three("cup_best=2")
    s = as_json("cup", "season", "--season", "2026/27")
    # best two: Carl 223+180 = 403, Dora 223+180 = 403, Berti 198+198 = 396, Anna 223+168 = 391, Emil 198+168 = 366.
    # Carl and Dora tie: the better result in the final (ooe-2023.md §11.2, HRC): Dora 1st in C, Carl 3rd.
    got = [(p["rank"], p["name"], p["points"], p["results"], p["played"]) for p in s["players"]]
    assert got == [(1, "Dora", 403, 2, 2), (2, "Carl", 403, 2, 3), (3, "Berti", 396, 2, 3), (4, "Anna", 391, 2, 2),
                   (5, "Emil", 366, 2, 2)]  # fmt: skip


@pytest.mark.parametrize(("value", "anna", "heine"), [(41, 123, 111), (20, 60, 60), (110, 330, 200)])
def test_heinepunkte(value, anna, heine):
    # ooe-2023.md §11.2 Heinepunkte: the Schrift up to 100 in full, above 100 every second point
    # (100 + floor((S - 100) / 2)), at most 200, negative totals 0. Anna's Dreier won at value V: +3V,
    # Berti's Piccolo won +6 (Anna -2), Carl's Piccolo lost (Anna +2): Anna 3V.
    one_table_cup("H", ["Anna", "Berti", "Carl", "Dora"], "2026-10-01",
                  [dreier("Anna"), piccolo("Berti"), piccolo("Carl", won=False)],
                  "cup_points=heine", f"contract.dreier.value={value}")  # fmt: skip
    players = as_json("cup", "standings")["players"]
    assert (players[0]["name"], players[0]["schrift"], players[0]["cup_points"]) == ("Anna", anna, heine)
    assert [p["cup_points"] for p in players[1:]] == [0, 0, 0]  # every other total is negative
    assert as_json("cup", "season")["players"][0]["points"] == heine


def test_ties_by_best_round_then_second_best():
    # ooe-2023.md §11.1: equal totals are ranked by the better best round, then the better second-best round.
    run("cup", "start", "T", "Anna", "Berti", "Carl", "Dora", "--rounds", "2", "--hands", "2", "--seed", "4")
    run("cup", "draw")
    # round 1: Anna's Dreier won (+12, others -4), Berti's Dreier won (Anna -4, Berti +12):
    #          Anna 8, Berti 8, Carl -8, Dora -8
    run("hand", "add", "--json", dreier("Anna"))
    run("hand", "add", "--json", dreier("Berti"))
    run("cup", "draw")
    # round 2: Carl's Piccolo won (+6, others -2), Anna's Piccolo lost (-6, others +2):
    #          Anna -8, Berti 0, Carl 8, Dora 0
    run("hand", "add", "--json", piccolo("Carl"))
    run("hand", "add", "--json", piccolo("Anna", won=False))
    players = as_json("cup", "standings")["players"]
    got = [(p["name"], p["schrift"], p["rounds"]) for p in players]
    # totals: Berti 8, Anna 0, Carl 0, Dora -8. Anna and Carl: both have a best round of 8, second best -8 and -8...
    # Anna 8/-8, Carl -8/8: sorted best first both (8, -8): equal, so the lot decides between them.
    assert got[0] == ("Berti", 8, [8, 0]) and got[3] == ("Dora", -8, [-8, 0])
    assert {g[0] for g in got[1:3]} == {"Anna", "Carl"} and [players[1]["rank"], players[2]["rank"]] == [2, 3]


def test_the_desk_is_refused_what_does_not_fit(ledger_env):
    line = refused_line("cup", "start", "X", "A", "B", "C", "D", "E", "F", "G")
    assert line == (
        "schreiber: error: 7 players cannot sit at tables of four and five; register a field that can "
        "(e.g. 4, 5, 8, 9, 10)"
    )
    run("cup", "start", "X", "Anna", "Berti", "Carl", "Dora", "--rounds", "2", "--hands", "2", "--seed", "2")
    assert "there is already a tournament called 'x'" in refused_line(
        "cup", "start", "x", "Anna", "Berti", "Carl", "Dora"
    )
    run("cup", "draw")
    before = dump(ledger_env)
    assert "X, round 1 of 2, as drawn (no hand played yet" in run("cup", "draw")  # drawn again: shown, not redrawn
    assert dump(ledger_env) == before
    run("hand", "add", "--json", dreier("Anna"))
    before = dump(ledger_env)
    line = refused_line("cup", "draw")
    assert "round 1 is not finished: table 1 (1 of 2 hands); merge the tables' ledgers first" in line
    assert "--force" in line
    german = console(["cup", "draw"], env={**os.environ, "SCHREIBER_LANG": "de"})
    assert (german.returncode, german.stderr.count("\n")) == (1, 1)
    assert "Runde 1 ist nicht fertig: Tisch 1 (1 von 2 Spielen); zuerst die Tarockbücher der Tische" in german.stderr
    assert dump(ledger_env) == before
    run("hand", "add", "--json", dreier("Berti"))
    before = dump(ledger_env)
    line = refused_line("hand", "add", "--json", dreier("Carl"))  # the round's two hands are played
    assert line == (
        "schreiber: error: evening 1 is table 1 of round 1 of X, which plays 2 hands; 2 are entered, so 1 more hand "
        "does not fit; correct a hand entered wrongly with: schreiber hand edit N HAND"
    )
    assert dump(ledger_env) == before
    run("cup", "draw")
    run("hand", "add", "--json", dreier("Carl"))
    run("hand", "add", "--json", dreier("Dora"))
    assert refused_line("cup", "draw") == (
        "schreiber: error: all 2 rounds of X are drawn; once the last round is played, end it with: "
        "schreiber cup finish"
    )
    run("cup", "finish")
    assert refused_line("cup", "draw") == (
        "schreiber: error: all 2 rounds of X are drawn and it is finished; see schreiber cup standings"
    )
    assert "there is no tournament 'nope' (known: X)" in refused_line("cup", "standings", "--cup", "nope")


def test_an_unfinished_round_ends_with_force():
    # ooe-2023.md §14 O-13: the round ends with the hands played; the director may close it early.
    run("cup", "start", "F", "Anna", "Berti", "Carl", "Dora", "--rounds", "2", "--seed", "2")
    first = as_json("cup", "draw")["tables"][0]["evening"]
    run("hand", "add", "--json", dreier("Anna"))
    second = as_json("cup", "draw", "--force", "--yes")["tables"][0]["evening"]
    evenings = {e["id"]: e["status"] for e in as_json("evening", "list")}
    assert evenings == {first: "closed", second: "open"}
    # round 2 is drawn, but no hand of it is played yet; geld_euro: 12 points at the ooe tarif of 10 cent (§1.4)
    assert as_json("cup", "standings")["players"][0] == {
        "rank": 1, "name": "Anna", "ort": None, "schrift": 12, "geld": 12, "geld_euro": "1.20", "rounds": [12],
        "cup_points": 223,
    }  # fmt: skip


def test_status_shows_the_hands_each_table_played():
    run("cup", "start", "S", *[f"P{n}" for n in range(1, 10)], "--seed", "3")
    drawn = as_json("cup", "draw")
    assert [len(t["players"]) for t in drawn["tables"]] == [4, 5]  # 9 players: one table of five (§14 O-18)
    st = as_json("cup", "status")
    assert [(t["table"], t["hands"], t["of"]) for t in st["tables"]] == [(1, 0, 16), (2, 0, 20)]
    assert "0/20" in run("cup", "status")


def test_a_table_copy_in_a_later_round_is_offered_a_name_of_its_own(ledger_env, tmp_path):
    # the round-1 copy of table 1 is still there when round 2 is drawn: it is a ledger, never written over
    run("cup", "start", "T", "Anna", "Berti", "Carl", "Dora", "--rounds", "2", "--hands", "1", "--seed", "2")
    run("cup", "draw")
    out = tmp_path / "tisch1.db"
    lines = run("cup", "table", "1", "--out", str(out)).splitlines()
    assert lines[0].startswith("Table 1 of round 1: ") and lines[0].endswith(" (evening 1)")
    assert lines[1:] == [f"Copy written to {out}.", f"At the table: schreiber --db {out} tisch"]
    assert all(len(line) <= 80 for line in lines[:1]), lines
    run("hand", "add", "--json", dreier("Anna"))
    run("cup", "draw")
    line = refused_line("cup", "table", "1", "--out", str(out))
    assert line.endswith(f"give another file, e.g. --out {tmp_path / 'tisch1-runde2.db'}"), line
    assert (
        run("cup", "table", "1", "--out", str(tmp_path / "tisch1-runde2.db"))
        .splitlines()[0]
        .startswith("Table 1 of round 2: ")
    )


@pytest.mark.lang("de")  # the screen in German, as the table speaks
def test_at_the_table_a_full_round_names_the_tables_own_correction(ledger_env):
    run("cup", "start", "T", "Anna", "Berti", "Carl", "Dora", "--rounds", "1", "--hands", "1", "--seed", "2")
    run("cup", "draw")
    r = cli("tisch", input="dreier anna +\ndreier berti +\nändern 5 dreier carl +\n")
    assert r.exit_code == 0, r.output
    said = " ".join(r.stdout.split())  # the lines as the screen wraps them, in one
    assert (
        "Fehler: Abend 1 ist Tisch 1 der Runde 1 von T, die 1 Spiele hat; 1 sind eingetragen, also passt 1 weiteres "
        "Spiel nicht mehr hinein; ein falsch eingetragenes Spiel korrigiert: ändern N HAND"
    ) in said
    assert "gibt es kein Spiel 5 zum Ausbessern (Spiele 1..1); siehe: schrift" in said
