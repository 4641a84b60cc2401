"""`schreiber publish`: a small cup served by Datasette on 127.0.0.1, read
back through the canned queries' JSON (the pages in a browser:
test_publish_pages.py, one cup's results: test_publish_cup.py). The server
is always stopped (fixture, finally)."""

from __future__ import annotations

import json
import os
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from schreiber import publish
from schreiber.domain.tournament import FIXED_POINTS
from tests.cups import CUP, play_cup
from tests.helpers import WAIT, cli, console
from tests.reports.publishing import free_port, stop

pytest.importorskip("datasette", reason='Datasette is not installed: pip install -e ".[test]"')

HOST = "127.0.0.1"
ROUNDS = ["R1", "R2", "R3", "R4", "R5", "R6"]  # a round the cup has not played: null
CONTEXT = ["Turnier", "Datum", "Saison", "Runden", "Gespielt"]  # each row says whose list it is (the heading)


def schreiber(*args: str, home: Path, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The console script as `tests.helpers.console` runs it (a command that
    serves nothing), with its own HOME (the metadata goes there)."""
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"))
    env.pop("SCHREIBER_DB", None)
    return console(list(args), env=env, cwd=cwd)


class Server:
    def __init__(self, db: Path, port: int):
        self.db, self.port = db, port
        self.root = f"http://{HOST}:{port}"
        self.base = f"{self.root}/{db.stem}"

    def get(self, path: str) -> object:
        """JSON from a path under the server's root, e.g. /-/metadata.json."""
        with urllib.request.urlopen(f"{self.root}{path}", timeout=WAIT) as r:
            return json.load(r)

    def query(self, name: str, **params: str) -> list[dict]:
        qs = urllib.parse.urlencode(dict(params, _shape="array"))
        rows = self.get(f"/{self.db.stem}/{name}.json?{qs}")
        assert isinstance(rows, list), rows
        return rows


@pytest.fixture(scope="module")
def cup_db(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("publish") / "turnier.db"
    play_cup(db)
    return db


def _wait_until_up(proc: subprocess.Popen, url: str, log: Path) -> None:
    """Bounded: the server answers within WAIT, or the test fails with its
    output (a request once the port is open waits for its answer however
    long a loaded machine takes, up to the bound)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"schreiber publish exited with {proc.returncode}: {log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=max(0.1, deadline - time.monotonic())):
                return
        except (urllib.error.URLError, OSError):
            time.sleep(0.2)
    pytest.fail(f"schreiber publish did not answer within {WAIT} s: {log.read_text()}")


@pytest.fixture(scope="module")
def server(cup_db, tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    log = home / "server.log"
    port = free_port()
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"))
    env.pop("SCHREIBER_DB", None)
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "schreiber", "--db", str(cup_db), "publish", "--port", str(port)],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
        )
    try:
        _wait_until_up(proc, f"http://{HOST}:{port}/-/versions.json", log)
        yield Server(cup_db, port)
    finally:
        stop(proc)


def cup_json(db: Path, *args: str) -> dict:
    out = cli("--db", str(db), "cup", *args, "--json")
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)


def test_rangliste_is_the_cup_standings(server, cup_db):
    want = cup_json(cup_db, "standings")["players"]
    rows = server.query("rangliste", cup=CUP.lower())  # the name as typed, any case
    assert [r["Name"] for r in rows] == [p["name"] for p in want]
    assert [r["Schrift"] for r in rows] == [p["schrift"] for p in want]
    assert [r["Rang"] for r in rows] == [p["rank"] for p in want]
    assert [[r["R1"], r["R2"], r["R3"]] for r in rows] == [p["rounds"] for p in want]
    assert [r["Geld"] for r in rows] == [p["geld"] for p in want]
    assert [r["Euro"] for r in rows] == [p["geld_euro"] for p in want]
    assert all(r["R4"] is r["R5"] is r["R6"] is None for r in rows)  # a cup of three rounds
    assert rows[0]["Ort"] and list(rows[0]) == ["Rang", "Name", "Ort", "Schrift", *ROUNDS, "Geld", "Euro", *CONTEXT]
    assert {(r["Turnier"], r["Datum"], r["Saison"], r["Runden"], r["Gespielt"]) for r in rows} == {
        (CUP, "2026-11-20", "2026/27", 3, 3)
    }
    assert server.query("rangliste") == server.query("rangliste", cup=CUP)  # none given: the latest


def test_ergebnisliste_gives_the_fixed_cup_points_by_place(server):
    rows = server.query("ergebnisliste", cup=CUP)
    assert list(rows[0]) == ["Rang", "Name", "Ort", "Cuppunkte", "Gesamt", *ROUNDS, "Euro", *CONTEXT]
    assert [r["Rang"] for r in rows] == list(range(1, 9))  # no ties in this cup
    assert [r["Cuppunkte"] for r in rows] == [223, 198, 180, 168, 156, 147, 138, 131]
    assert [r["Cuppunkte"] for r in rows] == list(FIXED_POINTS[:8])


def test_turniere_lists_every_table_with_its_evening(server):
    rows = server.query("turniere")
    assert [(r["Runde"], r["Tisch"]) for r in rows] == [(n, t) for n in (1, 2, 3) for t in (1, 2)]
    assert {r["Turnier"] for r in rows} == {CUP} and all(r["Spiele"] == 16 for r in rows)
    assert len({r["Abend"] for r in rows}) == 6 and all(len(r["Spieler"].split(", ")) == 4 for r in rows)


def test_tischblatt_shows_each_hand_and_adds_up_to_the_round(server):
    """A row per hand and player, in seating order; each hand's points add
    up to zero, and each player's last running total is his first round."""
    table = server.query("turniere")[0]
    sheet = server.query("tischblatt", abend=str(table["Abend"]))
    seating = table["Spieler"].split(", ")
    hands = [sheet[i : i + 4] for i in range(0, len(sheet), 4)]
    assert [h[0]["Nr"] for h in hands] == list(range(1, 17)) == [h[0]["Zeile"] for h in hands]
    first_round = {r["Name"]: r["R1"] for r in server.query("rangliste", cup=CUP)}
    running = dict.fromkeys(seating, 0)
    for h in hands:
        assert [r["Name"] for r in h] == seating and len({r["Nr"] for r in h}) == 1
        assert h[0]["Spiel"] in {"Rufer", "Piccolo", "Dreier", "Trischaken"} and h[0]["Geber"] in seating
        assert sum(r["Punkte"] for r in h) == 0
        for r in h:
            running[r["Name"]] += r["Punkte"]
            assert r["Stand"] == running[r["Name"]]
    assert running == {name: first_round[name] for name in seating}
    assert {(r["Turnier"], r["Runde"], r["Tisch"], r["Abend"]) for r in sheet} == {(CUP, 1, 1, table["Abend"])}
    assert "punkte" not in sheet[0]  # no JSON of floats beside the figures


def test_cupwertung_is_the_season(server, cup_db):
    want = cup_json(cup_db, "season")["players"]
    rows = server.query("cupwertung", saison="2026/27")
    assert [(r["Rang"], r["Name"], r["Cuppunkte"]) for r in rows] == [(p["rank"], p["name"], p["points"]) for p in want]
    assert server.query("cupwertung", saison="1999/00") == []


def test_the_metadata_is_german_and_hides_the_internal_tables(server):
    db = server.get(f"/{server.db.stem}.json")
    assert isinstance(db, dict)
    hidden = {t["name"] for t in db["tables"] if t["hidden"]}
    assert {"results", "hand_facts", "_sqlite_migrations"} <= hidden
    assert "cups" not in hidden and "v_cup_standings" in {v["name"] for v in db["views"]}
    meta = server.get("/-/metadata.json")
    assert isinstance(meta, dict) and meta["title"] == "Tarock-Schreiber"
    tables = meta["databases"][server.db.stem]["tables"]
    assert tables["v_cup_standings"]["title"] == "Turnier-Rangliste"
    queries = meta["databases"][server.db.stem]["queries"]
    assert set(queries) == {"rangliste", "ergebnisliste", "tischblatt", "cupwertung", "turniere", "abende",
                            "sitzplan", "saisonen"}  # fmt: skip
    assert queries["tischblatt"]["params"] == ["abend"] and queries["tischblatt"]["sql"].startswith("-- The Tischblatt")
    assert all(q["hide_sql"] for q in queries.values())
    assert [c["name"] for c in meta["databases"][server.db.stem]["turniere"]] == [CUP]  # the start page's links


def test_print_shows_the_command_on_loopback(cup_db, tmp_path):
    r = schreiber("--db", str(cup_db), "publish", "--print", "--port", "8123", home=tmp_path)
    assert r.returncode == 0, r.stderr
    line = r.stdout.strip()
    assert "-m datasette serve --immutable" in line and str(cup_db) in line
    assert "--host 127.0.0.1 --port 8123" in line and "--metadata" in line
    assert f"--template-dir {Path(publish.__file__).parent / 'templates'}" in line  # the German pages
    assert "default_allow_sql" not in line  # the organizer's own view keeps his SQL
    meta = json.loads(Path(line.split("--metadata ")[1].split(" ")[0]).read_text())
    assert list(meta["databases"]) == ["turnier"]  # under the ledger's name
    live = schreiber("--db", str(cup_db), "publish", "--print", "--live", home=tmp_path)
    assert "--immutable" not in live.stdout
    wide = schreiber("--db", str(cup_db), "publish", "--print", "--host", "0.0.0.0", home=tmp_path)
    assert "--host 0.0.0.0" in wide.stdout and "anyone who can reach it" in wide.stderr and "--cup" in wide.stderr


def assert_one_error_line(r: subprocess.CompletedProcess, *words: str) -> None:
    assert r.returncode == 1, r.stderr
    assert r.stderr.startswith("schreiber: error: ") and r.stderr.count("\n") == 1, r.stderr
    assert all(w in r.stderr for w in words), r.stderr


def test_errors_are_one_line(tmp_path, cup_db):
    assert_one_error_line(schreiber("--db", str(tmp_path / "none.db"), "publish", home=tmp_path), "no ledger")
    assert not (tmp_path / "none.db").exists()
    assert_one_error_line(schreiber("--db", str(cup_db), "publish", "--host", "a b", home=tmp_path), "--host")
    with socket.socket() as taken:
        taken.bind((HOST, 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        assert_one_error_line(schreiber("--db", str(cup_db), "publish", "--port", port, home=tmp_path), "--port")
    blocked = tmp_path / "blocked"
    blocked.mkdir()
    (blocked / ".config").write_text("a file where the app directory would go")
    assert_one_error_line(schreiber("--db", str(cup_db), "publish", "--print", home=blocked), "metadata")


def test_without_datasette_one_line_says_how_to_install_it(tmp_path, cup_db):
    code = (
        "import sys, schreiber.publish as p; p.installed = lambda: False; "
        f"sys.argv = ['schreiber', '--db', {str(cup_db)!r}, 'publish']; "
        "from schreiber.cli.entry import main; main()"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1
    assert r.stderr == 'schreiber: error: Datasette is not installed; pip install "schreiber[publish]"\n'


def _serve(args: list[str], cwd: Path, home: Path) -> tuple[subprocess.Popen, str]:
    """`schreiber ARGS publish ...` started for real; what it printed up to
    the moment uvicorn says it is listening (read as it comes, no waiting
    on a clock but the bound for a server that never comes up)."""
    import selectors

    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"))
    env.pop("SCHREIBER_DB", None)
    proc = subprocess.Popen([sys.executable, "-m", "schreiber", *args], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)  # fmt: skip
    assert proc.stdout is not None
    said = b""
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + WAIT
        while b"Uvicorn running on" not in said:
            if not sel.select(timeout=max(0.0, deadline - time.monotonic())):
                stop(proc)
                pytest.fail(f"schreiber publish did not come up within {WAIT} s: {said.decode()}")
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                stop(proc)
                pytest.fail(f"schreiber publish exited with {proc.returncode}: {said.decode()}")
            said += chunk
    return proc, said.decode()


def _served_url(said: str) -> str:
    found = re.search(r"Serving .* on (http://\S+) \(read-only\)", said)
    assert found, said
    return found.group(1)


@pytest.mark.parametrize("live", [False, True])
def test_the_printed_url_is_where_datasette_serves_the_ledger(cup_db, tmp_path, live):
    """Datasette names a database by its file name without the last suffix
    and writes a dot in a URL as ~2E: turnier.2026.db is /turnier~2E2026."""
    db = tmp_path / "turnier.2026.db"
    db.write_bytes(cup_db.read_bytes())
    proc, said = _serve(["--db", str(db), "publish", "--port", str(free_port()), *(["--live"] if live else [])],
                        tmp_path, tmp_path)  # fmt: skip
    try:
        url = _served_url(said)
        assert url.endswith("/turnier~2E2026"), url
        with urllib.request.urlopen(url, timeout=WAIT) as page:
            assert page.status == 200
        with urllib.request.urlopen(f"{url}.json", timeout=WAIT) as page:
            assert json.load(page)["database"] == "turnier.2026"
        with urllib.request.urlopen(f"{url}/rangliste.json?cup={CUP}&_shape=array", timeout=WAIT) as page:
            assert len(json.load(page)) == 8  # the shipped queries are under the served name
    finally:
        stop(proc)


def test_a_ledger_whose_name_starts_with_a_dash_is_a_file_to_datasette(cup_db, tmp_path):
    """`--db ./--root` is the file --root, never Datasette's option --root
    (which would print a login token for the root user)."""
    (tmp_path / "--root").write_bytes(cup_db.read_bytes())
    printed = schreiber("--db", "./--root", "publish", "--print", "--live", home=tmp_path, cwd=tmp_path)
    assert "--root" not in printed.stdout.split() and str(tmp_path / "--root") in printed.stdout
    proc, said = _serve(["--db", "./--root", "publish", "--live", "--port", str(free_port())], tmp_path, tmp_path)
    try:
        assert "token" not in said, said
        with urllib.request.urlopen(f"{_served_url(said)}.json", timeout=WAIT) as page:
            assert json.load(page)["database"] == "--root"
    finally:
        stop(proc)


@pytest.mark.parametrize(
    "mode", [[], ["--live"], ["--print"], ["--print", "--live"], ["--cup", CUP], ["--cup", CUP, "--print"]]
)
def test_publish_refuses_a_file_that_is_not_a_ledger_as_every_command_does(tmp_path, mode):
    import sqlite3

    text = tmp_path / "notes.db"
    text.write_text("shopping list\n")
    other = tmp_path / "other.db"
    con = sqlite3.connect(other)
    con.execute("create table players (name text)")  # another program's file, with a table named like ours
    con.commit()
    con.close()
    for path in (text, other):
        before = path.read_bytes()
        refused = schreiber("--db", str(path), "publish", "--port", str(free_port()), *mode, home=tmp_path)
        as_balance = schreiber("--db", str(path), "balance", home=tmp_path)
        assert_one_error_line(refused, "not a schreiber ledger")
        assert refused.stderr == as_balance.stderr
        assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["notes.db", "other.db"]


def test_publish_writes_its_metadata_over_no_ledger(cup_db, tmp_path):
    """The metadata goes to publish/NAME-KEY/NAME.metadata.json in the app
    directory: a ledger kept under that name there stays as it is."""
    db = tmp_path / "turnier.db"
    folder = publish.ledger_folder(db, tmp_path / ".config" / "schreiber" / "publish")
    folder.mkdir(parents=True)
    kept = folder / "turnier.metadata.json"
    kept.write_bytes(cup_db.read_bytes())
    db.write_bytes(cup_db.read_bytes())
    r = schreiber("--db", str(db), "publish", "--print", home=tmp_path)
    assert_one_error_line(r, "is a schreiber ledger", "nothing was written")
    assert kept.read_bytes() == cup_db.read_bytes()


@pytest.mark.parametrize(("name", "live"), [("Turnier #3.db", False), ("%41.db", True)])
def test_a_ledger_whose_path_sqlite_reads_as_a_uri_is_served_itself(cup_db, tmp_path, name, live):
    """Datasette opens a database as an SQLite URI (``file:PATH?...``): the
    ledger "Turnier #3.db" was served as an empty database "Turnier " (a file
    of 0 bytes left beside it), "%41.db" as the file "A.db". It is given a
    link to the ledger under a plain name, in the ledger's own folder."""
    db = tmp_path / name
    db.write_bytes(cup_db.read_bytes())
    other = tmp_path / "A.db"  # what "%41.db" reads as: another ledger, without the cup
    assert cli("--db", str(other), "evening", "start", "Otto", "Paula", "Quirin", "Rosa").exit_code == 0
    beside = sorted(p.name for p in tmp_path.iterdir())
    printed = schreiber("--db", str(db), "publish", "--print", *(["--live"] if live else []), home=tmp_path).stdout
    served = Path(shlex.split(printed)[shlex.split(printed).index("--metadata") - 1])
    assert served.is_symlink() and served.resolve() == db.resolve() and publish.plain(served)
    assert served.parent == publish.ledger_folder(db, tmp_path / ".config" / "schreiber" / "publish")
    proc, said = _serve(["--db", str(db), "publish", "--port", str(free_port()), *(["--live"] if live else [])],
                        tmp_path, tmp_path)  # fmt: skip
    try:
        url = _served_url(said)
        assert url.endswith("/Turnier+_3" if "#" in name else "/_41"), url
        with urllib.request.urlopen(f"{url}/rangliste.json?cup={CUP}&_shape=array", timeout=WAIT) as page:
            assert len(json.load(page)) == 8  # the cup's eight players: the ledger itself, not A.db
    finally:
        stop(proc)
    made = {p.name for p in tmp_path.iterdir()} - set(beside) - {".config"}
    assert all(m.startswith((name, "A.db")) for m in made), made  # no file ("Turnier ") beside the ledger


def test_each_ledger_of_one_name_has_a_folder_of_its_own(cup_db, tmp_path):
    """Two ledgers named turnier.db in two folders: each one's metadata in
    its own folder (a server started for one never reads the other's)."""
    metadata = []
    for where in ("halle1", "halle2"):
        (tmp_path / where).mkdir()
        db = tmp_path / where / "turnier.db"
        db.write_bytes(cup_db.read_bytes())
        printed = shlex.split(schreiber("--db", str(db), "publish", "--print", home=tmp_path).stdout)
        assert printed[printed.index("--immutable") + 1] == str(db)  # a plain path: the ledger itself
        metadata.append(printed[printed.index("--metadata") + 1])
    assert metadata[0] != metadata[1] and all(Path(m).is_file() for m in metadata)


def test_an_app_folder_sqlite_reads_as_a_uri_is_refused_where_datasette_would_open_it(cup_db, tmp_path):
    home = tmp_path / "Haus #1"
    db = tmp_path / "Turnier #3.db"
    db.write_bytes(cup_db.read_bytes())
    for args in (["--cup", CUP], []):  # the cup's snapshot, the link to the ledger: both in the app folder
        r = schreiber("--db", str(db), "publish", "--print", *args, home=home)
        assert_one_error_line(r, "Datasette cannot open a database under", "XDG_CONFIG_HOME")
    plain = tmp_path / "turnier.db"  # the ledger's own path is plain: it is served as it is
    plain.write_bytes(cup_db.read_bytes())
    assert str(plain) in schreiber("--db", str(plain), "publish", "--print", home=home).stdout
