"""`schreiber publish`: a small cup served by Datasette on 127.0.0.1, read
back through the canned queries' JSON and, where Chromium is installed, as
the page a browser shows. The server is always stopped (fixture, finally)."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from schreiber.domain.cup import FIXED_POINTS
from tests.cups import CUP, play_cup
from tests.helpers import cli

pytest.importorskip("datasette", reason='Datasette is not installed: pip install -e ".[test]"')

HOST = "127.0.0.1"
START_SECONDS = 20


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def schreiber(*args: str, home: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    """The console script in a fresh process, with its own HOME (the metadata goes there)."""
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"))
    env.pop("SCHREIBER_DB", None)
    return subprocess.run(
        [sys.executable, "-m", "schreiber", *args], capture_output=True, text=True, env=env, timeout=timeout
    )


class Server:
    def __init__(self, db: Path, port: int):
        self.db, self.port = db, port
        self.root = f"http://{HOST}:{port}"
        self.base = f"{self.root}/{db.stem}"

    def get(self, path: str) -> object:
        """JSON from a path under the server's root, e.g. /-/metadata.json."""
        with urllib.request.urlopen(f"{self.root}{path}", timeout=10) as r:
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
    """Bounded: the server answers within START_SECONDS, or the test fails with its output."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"schreiber publish exited with {proc.returncode}: {log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except (urllib.error.URLError, OSError):
            time.sleep(0.2)
    pytest.fail(f"schreiber publish did not answer within {START_SECONDS} s: {log.read_text()}")


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
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


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
    assert rows[0]["Ort"] and set(rows[0]) == {"Rang", "Name", "Ort", "Schrift", "R1", "R2", "R3", "Geld"}


def test_ergebnisliste_gives_the_fixed_cup_points_by_place(server):
    rows = server.query("ergebnisliste", cup=CUP)
    assert list(rows[0]) == ["Rang", "Name", "Ort", "Cuppunkte", "Gesamt", "R1", "R2", "R3"]
    assert [r["Rang"] for r in rows] == list(range(1, 9))  # no ties in this cup
    assert [r["Cuppunkte"] for r in rows] == [223, 198, 180, 168, 156, 147, 138, 131]
    assert [r["Cuppunkte"] for r in rows] == list(FIXED_POINTS[:8])


def test_turniere_lists_every_table_with_its_evening(server):
    rows = server.query("turniere")
    assert [(r["Runde"], r["Tisch"]) for r in rows] == [(n, t) for n in (1, 2, 3) for t in (1, 2)]
    assert {r["Turnier"] for r in rows} == {CUP} and all(r["Spiele"] == 16 for r in rows)
    assert len({r["Abend"] for r in rows}) == 6 and all(len(r["Spieler"].split(", ")) == 4 for r in rows)


def test_tischblatt_shows_each_hand_and_adds_up_to_the_round(server):
    table = server.query("turniere")[0]
    sheet = server.query("tischblatt", abend=str(table["Abend"]))
    assert [h["Nr"] for h in sheet] == list(range(1, 17))
    assert all(h["Spiel"] and h["Geber"] in table["Spieler"] for h in sheet)
    totals: dict[str, float] = {}
    for h in sheet:
        points = json.loads(h["punkte"])
        assert list(points) == table["Spieler"].split(", ")  # seating order
        assert sum(points.values()) == 0
        for name, v in points.items():
            totals[name] = totals.get(name, 0) + v
    first_round = {r["Name"]: r["R1"] for r in server.query("rangliste", cup=CUP)}
    assert totals == {name: first_round[name] for name in totals}


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
    assert set(queries) == {"rangliste", "ergebnisliste", "tischblatt", "cupwertung", "turniere"}


def _chromium() -> str | None:
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    return shutil.which("chromium") or shutil.which("chromium-browser")


def test_the_standings_page_in_a_headless_browser(server, cup_db, tmp_path):
    browser = _chromium()
    if browser is None:
        pytest.skip("no Chromium installed: apt-get install chromium")
    url = f"{server.base}/rangliste?cup={CUP}"
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip
    dom = subprocess.run(
        [browser, *flags, f"--user-data-dir={tmp_path / 'chromium'}", "--dump-dom", url],
        capture_output=True,
        text=True,
        timeout=90,
    ).stdout
    assert "<h1" in dom and "Rangliste" in dom, dom[:2000]
    want = [p["name"] for p in cup_json(cup_db, "standings")["players"]]
    shown = [html.unescape(n) for n in re.findall(r'<td class="[^"]*col-Name[^"]*">([^<]*)<', dom)]
    assert shown == want
    assert want[0] in dom


def test_print_shows_the_command_on_loopback(cup_db, tmp_path):
    r = schreiber("--db", str(cup_db), "publish", "--print", "--port", "8123", home=tmp_path)
    assert r.returncode == 0, r.stderr
    line = r.stdout.strip()
    assert "-m datasette serve --immutable" in line and str(cup_db) in line
    assert "--host 127.0.0.1 --port 8123" in line and "--metadata" in line
    meta = json.loads(Path(line.split("--metadata ")[1].split(" ")[0]).read_text())
    assert list(meta["databases"]) == ["turnier"]  # under the ledger's name
    live = schreiber("--db", str(cup_db), "publish", "--print", "--live", home=tmp_path)
    assert "--immutable" not in live.stdout
    wide = schreiber("--db", str(cup_db), "publish", "--print", "--host", "0.0.0.0", home=tmp_path)
    assert "--host 0.0.0.0" in wide.stdout and "anyone who can reach it" in wide.stderr


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
