"""`schreiber publish --cup NAME` on the command line (--print: the files
are written, Datasette is not started; tests/reports/test_publish_cup.py
serves them): the cup's database and metadata in a folder of their own in
the app directory, Datasette's settings that allow no SQL of the visitor's
own, and the one-line refusals (a tournament not known, --live, a ledger
where the cup's database would go)."""

from __future__ import annotations

import json
import shlex
import sqlite3
from pathlib import Path

import pytest

from schreiber import publish
from schreiber.ledger import pages
from tests.helpers import cli, refused_line

pytest.importorskip("datasette", reason='Datasette is not installed: pip install -e ".[test]"')

CUP = "Herbstcup"
PLAYERS = "Anna Berti Carl Dora Emil Fritz Gerti Hans".split()


@pytest.fixture
def cup_db(tmp_path, monkeypatch) -> Path:
    """A cup of eight, drawn, one hand at table 1; a club evening beside it. The app directory in tmp_path."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / ".config"))
    db = tmp_path / "verein.db"

    def run(*args: str) -> str:
        r = cli("--db", str(db), *args)
        assert r.exit_code == 0, r.output
        return r.stdout

    run("cup", "start", CUP, *PLAYERS, "--date", "2026-10-03", "--seed", "2")
    table = json.loads(run("cup", "draw", "--json"))["tables"][0]
    hand = {"contract": "rufer", "declarer": table["players"][1], "partner": None, "result": "won"}
    run("hand", "add", "--evening", str(table["evening"]), "--json", json.dumps(hand))
    run("evening", "start", "Ulla", "Vera", "Walter", "Xaver", "--date", "2026-10-10")
    return db


def publish_folder(tmp_path: Path) -> Path:
    return tmp_path / ".config" / "schreiber" / "publish"


def cup_folder(tmp_path: Path, db: Path, cup_id: int = 1) -> Path:
    """Where publish --cup keeps the cup's files: in the ledger's own folder, one folder a cup."""
    return publish.cup_folder(publish.ledger_folder(db, publish_folder(tmp_path)), cup_id)


def test_print_writes_the_cups_database_and_names_its_settings(cup_db, tmp_path):
    r = cli("--db", str(cup_db), "publish", "--cup", CUP.lower(), "--print", "--port", "8124")
    assert r.exit_code == 0, r.output
    cmd = shlex.split(r.stdout)
    folder = cup_folder(tmp_path, cup_db)
    assert folder.parent.name.startswith("verein-")  # the ledger's folder: its name and a key of its path
    assert cmd[cmd.index("--immutable") + 1] == str(folder / "verein.db")  # never the ledger itself
    assert str(cup_db) not in cmd
    settings = {(cmd[i + 1], cmd[i + 2]) for i, a in enumerate(cmd) if a == "--setting"}
    assert {("default_allow_sql", "off"), ("allow_download", "off"), ("allow_facet", "off")} <= settings
    assert cmd[-4:] == ["--host", "127.0.0.1", "--port", "8124"]
    meta = json.loads((folder / "verein.metadata.json").read_text())
    assert meta["allow_sql"] is False and meta["title"] == f"{CUP}, 3.10.2026"
    database = meta["databases"]["verein"]
    assert set(database["queries"]) == set(pages.CUP_QUERIES)
    assert all(t == {"allow": False} for t in database["tables"].values())
    with sqlite3.connect(folder / "verein.db") as con:
        rows = con.execute('select "Name", "Stand" from daten_tischblatt order by rowid').fetchall()
    played = [stand for _name, stand in rows if stand is not None]
    assert len(played) == 4 and sum(played) == 0  # table 1's one hand, each player once
    assert len(rows) == 8 and {name for name, _ in rows} == set(PLAYERS)  # table 2 seated, no hand: no figure
    assert sorted(p.name for p in folder.iterdir()) == ["verein.db", "verein.metadata.json"]  # no part left over


def test_a_cup_not_yet_drawn_has_its_pages_all_the_same(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / ".config"))
    db = tmp_path / "neu.db"
    assert cli("--db", str(db), "cup", "start", CUP, *PLAYERS, "--date", "2026-10-03").exit_code == 0
    assert cli("--db", str(db), "publish", "--cup", CUP, "--print").exit_code == 0
    with sqlite3.connect(cup_folder(tmp_path, db) / "neu.db") as con:
        count = {
            q: con.execute(f"select count(*) from {publish.cup_table(q)}").fetchone()[0] for q in pages.CUP_QUERIES
        }
    assert count == {
        "turniere": 1,
        "ergebnisliste": 8,
        "rangliste": 8,
        "tischblatt": 0,
        "sitzplan": 8,
        "cupwertung": 1,
        "saisonen": 1,
    }  # a season nobody played yet: one row without a player


def test_publishing_again_replaces_the_cups_database(cup_db, tmp_path):
    assert cli("--db", str(cup_db), "publish", "--cup", CUP, "--print").exit_code == 0
    target = cup_folder(tmp_path, cup_db) / "verein.db"
    before = target.stat().st_ino
    hand = {"contract": "dreier", "declarer": "Anna", "points": 40}
    with sqlite3.connect(cup_db) as con:
        (evening,) = con.execute("select evening_id from cup_tables where table_no = 1").fetchone()
        seated = json.loads(con.execute("select seating_json from evenings where id = ?", [evening]).fetchone()[0])
    hand["declarer"] = seated[2]
    assert cli("--db", str(cup_db), "hand", "add", "--evening", str(evening), "--json", json.dumps(hand)).exit_code == 0
    assert cli("--db", str(cup_db), "publish", "--cup", CUP, "--print").exit_code == 0
    assert target.stat().st_ino != before  # a new file renamed over the old one: a reader never sees half
    with sqlite3.connect(target) as con:
        assert con.execute('select max("Nr") from daten_tischblatt').fetchone() == (2,)


def test_a_tournament_not_known_is_one_line_and_nothing_is_written(cup_db, tmp_path):
    line = refused_line("--db", str(cup_db), "publish", "--cup", "Frühjahrscup", "--print")
    assert (
        line
        == f"schreiber: error: there is no tournament 'Frühjahrscup' (known: {CUP}); see schreiber cup list, or start one with: schreiber cup start NAME PLAYER..."
    )
    assert not publish_folder(tmp_path).exists()


def test_live_is_refused_with_a_cup(cup_db, tmp_path):
    line = refused_line("--db", str(cup_db), "publish", "--cup", CUP, "--live")
    assert "--live" in line and "--cup" in line and "after a round" in line
    assert not publish_folder(tmp_path).exists()


def test_the_cups_database_is_never_written_over_a_ledger(cup_db, tmp_path):
    folder = cup_folder(tmp_path, cup_db)
    folder.mkdir(parents=True)
    planted = folder / "verein.db"
    planted.write_bytes(cup_db.read_bytes())
    line = refused_line("--db", str(cup_db), "publish", "--cup", CUP, "--print")
    assert "is a schreiber ledger" in line and "nothing was written" in line
    assert planted.read_bytes() == cup_db.read_bytes()
    assert sorted(p.name for p in folder.iterdir()) == ["verein.db"]


@pytest.mark.lang("de")
def test_the_lines_are_german_on_a_german_screen(cup_db):
    line = refused_line("--db", str(cup_db), "publish", "--cup", CUP, "--live")
    assert line.startswith("schreiber: Fehler: ") and "--live" in line and "Runde" in line


def test_a_folder_that_cannot_be_made_is_one_line(cup_db, tmp_path):
    blocked = cup_folder(tmp_path, cup_db)
    blocked.parent.mkdir(parents=True)
    blocked.write_text("a file where the cup's folder would go")
    line = refused_line("--db", str(cup_db), "publish", "--cup", CUP, "--print")
    assert line.startswith("schreiber: error: cannot write the tournament's results to ") and str(blocked) in line
    assert blocked.read_text() == "a file where the cup's folder would go"


def test_a_snapshot_belongs_to_one_ledger_and_one_cup(tmp_path, monkeypatch):
    """Two ledgers named cup.db in two folders, each with a cup of the same
    name: publishing the second leaves the first's snapshot (which its
    server may be serving) as it was."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / ".config"))
    served = []
    for hall, players in (("halle1", PLAYERS), ("halle2", [p + "2" for p in PLAYERS])):
        (tmp_path / hall).mkdir()
        db = tmp_path / hall / "cup.db"
        assert cli("--db", str(db), "cup", "start", CUP, *players, "--date", "2026-10-03").exit_code == 0
        r = cli("--db", str(db), "publish", "--cup", CUP, "--print")
        assert r.exit_code == 0, r.output
        cmd = shlex.split(r.stdout)
        served.append(Path(cmd[cmd.index("--immutable") + 1]))
    assert served[0] != served[1] and served[0].parent.parent != served[1].parent.parent
    for path, players in zip(served, (PLAYERS, [p + "2" for p in PLAYERS])):
        with sqlite3.connect(path) as con:
            names = {r[0] for r in con.execute('select "Name" from daten_ergebnisliste')}
        assert names == set(players)


@pytest.mark.parametrize("name", ["Turnier #3.db", "%41.db", "-.db", "a?b.db"])
def test_the_cups_database_has_a_name_sqlite_reads_as_it_is(tmp_path, monkeypatch, name):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / ".config"))
    db = tmp_path / name
    assert cli("--db", str(db), "cup", "start", CUP, *PLAYERS, "--date", "2026-10-03").exit_code == 0
    before = sorted(p.name for p in tmp_path.iterdir())
    r = cli("--db", str(db), "publish", "--cup", CUP, "--print")
    assert r.exit_code == 0, r.output
    cmd = shlex.split(r.stdout)
    served = Path(cmd[cmd.index("--immutable") + 1])
    assert publish.plain(served) and served.name == publish.database_name(db) + ".db" != "-.db"
    meta = json.loads(Path(cmd[cmd.index("--metadata") + 1]).read_text())
    assert list(meta["databases"]) == [served.stem]  # the pages under the name Datasette gives it
    made = {p.name for p in tmp_path.iterdir()} - set(before) - {".config"}
    assert all(m.startswith(name) for m in made), made  # nothing but SQLite's files of the ledger itself
