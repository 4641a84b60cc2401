"""`schreiber stats` on the screen: every table within 80 columns in both
languages, contracts and premiums by the names of their rules, the same
figures in the contracts table as in the declarers' table; golden files
(tests/golden/stats.TABLE.LANG.txt) of two example evenings. Refresh them
with --snapshot-update after a deliberate change, and read the diff."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest

from schreiber.cli.stats import TABLES
from schreiber.domain.evening import Entry
from schreiber.domain.rules import PRESETS, load_rules
from schreiber.domain.sample import random_hands
from schreiber.ledger.store import Ledger
from schreiber.ledger.stored import DateRange
from schreiber.render import columns
from schreiber.service import Service
from tests.helpers import ROOT, cli

FOUR = ["Anna", "Berti", "Carl", "Dora"]
GOLDEN = ROOT / "tests" / "golden"


def evening(*lines: str, rules: str = "hausrunde", players: list[str] = FOUR, date: str = "2026-11-06", db=None):
    at = ["--db", str(db)] if db else []
    r = cli(*at, "evening", "start", *players, "--rules", rules, "--date", date)
    assert r.exit_code == 0, r.output
    r = cli(*at, "tisch", input="".join(f"{line}\n" for line in lines))
    assert r.exit_code == 0 and "rror" not in r.stdout and "Fehler" not in r.stdout, r.output


def row(table: str, first: str) -> list[str]:
    """The words of the first row of ``stats --table TABLE`` that starts with ``first``."""
    out = cli("stats", "--table", table)
    assert out.exit_code == 0, out.output
    found = [line.split() for line in out.stdout.splitlines() if line.startswith(first + " ")]
    assert found, out.stdout
    return found[0]


def by_player(first: str) -> dict[str, str]:
    """The row of the declarers' table that starts with ``first``: player -> won/played."""
    out = cli("stats", "--table", "declarer")
    assert out.exit_code == 0, out.output
    header, rule, *lines = out.stdout.splitlines()
    spans = [m.span() for m in re.finditer("-+", rule)]
    found = [line for line in lines if line.startswith(first + " ")]
    assert len(found) == 1, out.stdout
    return {header[a:b].strip(): found[0][a:b].strip() for a, b in spans[1:] if found[0][a:b].strip()}


def test_bettel_played_side_by_side_counts_each_declarers_game_in_both_tables():
    """Carl won his Bettel and Dora lost hers in one hand; Anna lost one
    alone; Anna and Berti both won theirs side by side: three hands, five
    games, three won. The contracts table said 0/1 of the first two hands
    (a hand whose declarers fared differently had no result) and 1/2 of all
    three (two who won side by side one game), while the declarers' table
    counted each declarer's game."""
    evening("bettel carl+ dora-", "bettel anna -", "bettel anna+ berti+")
    assert row("contracts", "Bettel") == ["Bettel", "3", "100%", "3/5", "60%"]
    assert by_player("Bettel") == {"Anna": "1/2", "Berti": "1/1", "Carl": "1/1", "Dora": "0/1"}
    assert by_player("Total") == {"Anna": "1/2", "Berti": "1/1", "Carl": "1/1", "Dora": "0/1"}
    said = cli("stats", "--table", "contracts").stdout
    assert "Won: each declarer's own game (Bettel also played side by side)." in said


def test_bettel_alone_and_the_players_roles_agree():
    """Bettel played alone, won and lost: one game a hand, in the contracts,
    the declarers' and the players' tables alike."""
    evening("bettel anna +", "bettel berti -", "bettel anna -")
    assert row("contracts", "Bettel") == ["Bettel", "3", "100%", "1/3", "33%"]
    assert by_player("Bettel") == {"Anna": "1/2", "Berti": "0/1"}
    assert row("players", "Anna")[3:5] == ["1/2", "50%"]  # won, as declarer
    assert "side by side" not in cli("stats", "--table", "contracts").stdout


def test_the_machine_outputs_of_bettel_side_by_side_stay_as_they_were():
    """--json and --csv count the hands as they always did: a hand whose
    declarers fared differently has no single result."""
    evening("bettel carl+ dora-", "bettel anna -", "bettel anna+ berti+")
    data = json.loads(cli("stats", "--json").stdout)
    assert data["contracts"] == {"bettel": {"hands": 3, "won": 1, "decided": 2, "share": 100.0, "win_rate": 50.0}}
    assert cli("stats", "--csv", "--table", "contracts").stdout == (
        "contract,hands,share %,declarer won,win rate %\nbettel,3,100.0,1/2,50.0\n"
    )
    assert cli("stats", "--csv", "--table", "declarer").stdout == (
        "player,bettel\nBerti,1/1\nCarl,1/1\nAnna,1/2\nDora,0/1\n"
    )


@pytest.mark.lang("de")
def test_bettel_side_by_side_in_german():
    evening("bettel carl+ dora-", "bettel anna -")
    assert row("contracts", "Bettel") == ["Bettel", "2", "100%", "1/3", "33%"]
    assert by_player("Bettel") == {"Anna": "0/1", "Carl": "1/1", "Dora": "0/1"}
    said = cli("stats", "--table", "contracts").stdout
    assert "gewonnen: jedes Spielers eigenes Spiel (Bettel auch nebeneinander gespielt)." in said


def test_contracts_and_premiums_by_the_names_of_their_rules():
    """Not the ids (piccolo-ouvert, koenige, quapil): the name the evening's
    rules give (the latest evening's where two rules name one differently)."""
    evening("piccolo-ouvert carl -", "rufer carl anna + koenige quapil!")
    assert row("contracts", "Piccolo")[:2] == ["Piccolo", "ouvert"]
    premiums = cli("stats", "--table", "premiums").stdout
    assert "Vier Könige" in premiums and "Marabu" in premiums  # hausrunde: standard's names
    assert not re.search(r"\b(koenige|quapil|piccolo-ouvert)\b", cli("stats").stdout)
    evening("rufer berti carl + koenige quapil!", rules="tirol", date="2026-11-13")
    premiums = cli("stats", "--table", "premiums").stdout
    assert "Könige" in premiums and "Quapil" in premiums and "Vier Könige" not in premiums


def test_the_names_are_those_the_rules_of_each_evening_give(tmp_path):
    """Read from the rules stored with the evenings: the names each preset
    and a circle's rules file give every contract and premium."""
    led = Service(Ledger(tmp_path / "names.db")).ledger
    rules_file = tmp_path / "lange-namen.toml"
    rules_file.write_text(LONG_RULES, encoding="utf-8")
    for day, preset in enumerate([*PRESETS, str(rules_file)], 1):
        rules = load_rules(preset)
        with led.transaction():
            led.close_open_evenings()
            led.insert_evening(tuple(FOUR), rules, f"2026-01-{day:02d}", "Anna", 10, Fraction(0))
        wanted = ({k: c.name for k, c in rules.contracts.items()}, {k: p.name for k, p in rules.premiums.items()})
        assert led.game_names(DateRange(f"2026-01-{day:02d}", f"2026-01-{day:02d}")) == wanted, preset
    assert led.game_names(DateRange())[1]["koenige"] == "Vier Könige"  # the latest evening's: the rules file's
    assert led.game_names(DateRange(until="2026-01-02"))[1]["koenige"] == "Könige"  # tirol's, after standard's
    led.close()


# Golden files: two example evenings (hausrunde and tirol), every table, both languages.


@pytest.fixture(scope="module")
def examples(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("stats") / "examples.db"
    for preset, date in (("hausrunde", "2026-11-06"), ("tirol", "2026-11-13")):
        lines = (ROOT / "examples" / "evenings" / f"{preset}.txt").read_text(encoding="utf-8").splitlines()
        evening(*lines, rules=preset, date=date, db=db)
    return db


def widest(text: str) -> int:
    return max((columns(line) for line in text.splitlines()), default=0)


@pytest.mark.parametrize("table", [None, *TABLES])
def test_every_table_matches_its_golden_file(table, lang, examples, snapshot_update):
    r = cli("--db", str(examples), "stats", *(["--table", table] if table else []))
    assert r.exit_code == 0, r.output
    assert widest(r.stdout) <= 80
    golden = GOLDEN / f"stats.{table or 'all'}.{lang}.txt"
    if snapshot_update or not golden.exists():
        golden.write_text(r.stdout, encoding="utf-8")
    assert r.stdout == golden.read_text(encoding="utf-8"), golden.name


# No line wider than 80 columns, whatever the ledger holds.

LONGEST = "Maximilian Ferdinand Joseph Anton von Habsburg-Lothringen-Es"  # 60 characters, the most a name has
CIRCLES = (
    ("Anna", "Berti", "Carl", "Dora"),
    ("Emil", "Fritz", "Gerti", "Hans", "Ilse"),
    ("Anna", "Gertrude Müller-Lüdenscheid", "Josef", "Zoë", "王小明"),
    (LONGEST, "Berti", "Josef", "欧阳娜娜" * 4, "Leopoldine"),  # 16 wide characters: 32 columns
)
LONG_RULES = """base = "hausrunde"
preset = "lange-namen"
title = "Lange Namen"
source = "a circle's own names"

[contracts.bettel]
name = "Bettel nach dem Brauch des Stammtisches Zum Goldenen Pagat"
source = "a circle's own names"

[premiums.sack]
name = "Sack mit sechsundvierzig Augen oder mehr, angesagt am Tisch"
kind = "material"
silent = 0
announced = 2
source = "a circle's own names"
"""


@pytest.fixture(scope="module")
def crowded(tmp_path_factory) -> Path:
    """Sixteen players over two years (tables of four and five, a 60-letter
    name, wide characters), hundreds of hands each, and a circle's rules
    file with long names for the Bettel, played side by side, and a Sack."""
    folder = tmp_path_factory.mktemp("crowded")
    db = folder / "crowded.db"
    rng = random.Random(28)
    svc = Service(Ledger(db))
    led = svc.ledger
    for i in range(24):
        players = CIRCLES[i % len(CIRCLES)]
        with led.transaction():
            led.close_open_evenings()
            day = f"{2025 + i // 12}-{i % 12 + 1:02d}-15"
            led.insert_evening(players, load_rules("standard"), day, players[0], 10 + 10 * (i % 3), Fraction(0))
        svc.import_entries([Entry.of({"kind": "hand", "record": r}) for r in random_hands(rng, players, 45)])
    led.close()
    rules = folder / "lange-namen.toml"
    rules.write_text(LONG_RULES, encoding="utf-8")
    four = [LONGEST, "王小明", "Zoë", "Gertrude Müller-Lüdenscheid"]
    lines = ["bettel zoë+ gertrude-", "rufer zoë gertrude + sack!", "bettel max+ 王小明+", "bettel zoë -"]
    evening(*lines, rules=str(rules), players=four, date="2026-12-24", db=db)
    return db


def test_no_line_of_stats_is_wider_than_80_columns(lang, crowded):
    words = ["--table", "x"]  # the one line of an error goes to stderr
    formats = (["--fmt", "github"], ["--fmt", "grid"], ["--fmt", "psql"])
    for args in (
        [],
        ["--schrift"],
        ["--season", "2025"],
        ["--period", "all"],
        *(["--table", t] for t in TABLES),
        *formats,
    ):
        r = cli("--db", str(crowded), "stats", *args)
        assert r.exit_code == 0, r.output
        assert widest(r.stdout) <= 80, (args, [line for line in r.stdout.splitlines() if columns(line) > 80])
    assert cli("--db", str(crowded), "stats", *words).exit_code == 1
    assert "Maximilian F...ringen-Es" in cli("--db", str(crowded), "stats").stdout  # a name cut in the middle
    r = cli("--db", str(crowded), "stats", "--table", "contracts")
    assert "Bettel nach ...nen Pagat" in r.stdout  # on the screen only
    assert "Bettel nach dem Brauch" not in r.stdout
    assert "Sack mit sec... am Tisch" in cli("--db", str(crowded), "stats", "--table", "premiums").stdout
