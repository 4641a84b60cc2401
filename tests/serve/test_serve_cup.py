"""A cup live (issue 40, docs/serve.md "A cup day with phones"): `cup
draw` prints each table's link with its QR code and writes a page of them
to print, where `schreiber serve --cup` has served the ledger's cup; a
table's link writes that table's evening only; the desk page shows each
table's progress ("Tisch 1: 1 von 4 Spielen") and the Ergebnisliste as it
grows; once the next round is drawn, the round before's page leads its
phone to the same table of the new round. Without the extra, `serve`
says in one line how to add it."""

from __future__ import annotations

import json
import re

import pytest

from tests.helpers import cli

pytest.importorskip("datasette", reason='Datasette is not installed: pip install -e ".[test]"')
pytest.importorskip("segno", reason='segno is not installed: pip install -e ".[test]"')

from schreiber.serve import links

from .inprocess import Phone, served

CUP = "Handycup"
PLAYERS = "Anna Berti Carl Dora Emil Fritz Gerti Hans".split()


def run(db, *args):
    r = cli("--db", str(db), *args)
    assert r.exit_code == 0, r.output
    return r.stdout


def folder_of(db, home):
    from schreiber.publish import ledger_folder

    return ledger_folder(db, home / ".config" / "schreiber" / "serve")


def test_a_cup_day_with_phones(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / ".config"))
    db = tmp_path / "cup.db"
    run(db, "cup", "start", CUP, *PLAYERS, "--date", "2026-11-28", "--seed", "7", "--rounds", "2", "--hands", "4")
    folder = folder_of(db, tmp_path)
    secret = links.secret(folder)
    links.remember_address(folder, ["http://192.0.2.7:8002"], 1)  # as `serve --cup` leaves it for cup draw
    said = run(db, "cup", "draw")
    urls = re.findall(r"Tisch (\d): (http://192\.0\.2\.7:8002/t/\S+)", said)
    assert [t for t, _u in urls] == ["1", "2"], said
    assert "█" in said  # each with its QR code
    page = re.search(r"To print, one code a table: (file://\S+)", said)[1]
    printed = (folder / "cup-1" / "runde-1.html").read_text()
    assert page.endswith("runde-1.html") and printed.count("<svg") == 2 and urls[0][1] in printed

    ds, link = served(db, secret)
    phone = Phone(ds.app(), lang="de")
    table1 = urls[0][1].removeprefix("http://192.0.2.7:8002")
    page1 = phone.get(table1).text
    assert f"{CUP}, Runde 1, Tisch 1" in page1 and "0 von 4 Spielen" in page1
    vorhand = re.search(r"(\w+) ist Vorhand", page1)[1]
    partner = next(
        p for p in re.findall(r'name="partner" value="(\w+)"', page1) if p not in (vorhand, "talon", "selbst")
    )
    r = phone.post(table1, data=phone.form(table1, zeile=f"rufer {vorhand} {partner} +"))
    assert r.status_code == 303, r.text[:400]
    desk = phone.get(link("desk", None, 1)).text
    assert "Tisch 1</strong>: 1 von 4 Spielen" in desk and "Tisch 2</strong>: 0 von 4 Spielen" in desk
    standings = json.loads(run(db, "cup", "standings", "--json"))["players"]
    assert "Ergebnisliste" in desk and f"<td>{standings[0]['name']}" in desk
    assert phone.get(link("desk", None, 1) + "/codes").text.count("<svg") == 2

    run(db, "cup", "draw", "--force", "--yes")
    again = phone.get(table1).text
    follow = re.search(r'<a href="(/t/[^"]+)">Runde 2 ist ausgelost: Tisch 1 geht hier weiter', again)
    assert follow, again[:3000]
    round2 = phone.get(follow[1]).text
    assert f"{CUP}, Runde 2, Tisch 1" in round2
    assert "Dieser Abend ist closed" not in round2


def test_serve_without_the_extra_says_how_to_add_it(tmp_path, monkeypatch):
    import schreiber.serve

    monkeypatch.setattr(schreiber.serve, "installed", lambda: False)
    r = cli("--db", str(tmp_path / "x.db"), "serve")
    assert r.exit_code == 1
    assert str(r.exception) == 'the web server is not installed; pip install "schreiber[serve]"'


def test_serve_prints_each_link_with_its_code_and_new_links_replace_them(tmp_path, monkeypatch):
    """The command as typed (the server itself not started): 127.0.0.1 unless
    --lan; each open evening's link and the desk's with a QR code; after
    --new-links every link printed before opens nothing."""
    import schreiber.cli.serve as command

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / ".config"))
    started: list[tuple[str, int]] = []
    monkeypatch.setattr(command, "_run", lambda ds, host, port: started.append((host, port)))
    db = tmp_path / "abend.db"
    run(db, "evening", "start", *PLAYERS[:4], "--date", "2026-11-28")
    first = run(db, "serve", "--port", "8123")
    table = re.search(r"^  http://127\.0\.0\.1:8123(/t/\S+)$", first, re.M)[1]
    assert re.search(r"^Desk: http://127\.0\.0\.1:8123/d/\S+$", first, re.M) and first.count("█") > 100
    assert run(db, "serve", "--port", "8123") == first  # the same links when the server starts again
    renewed = run(db, "serve", "--port", "8123", "--new-links", "--lan")
    assert started == [("127.0.0.1", 8123), ("127.0.0.1", 8123), ("0.0.0.0", 8123)]
    assert table not in renewed
    secret = links.secret(folder_of(db, tmp_path))
    ds, link = served(db, secret)
    phone = Phone(ds.app())
    assert phone.get(table).status_code == 404 and phone.get(link("table", 1)).status_code == 200


def test_the_server_runs_with_the_cycle_collector_on(tmp_path, monkeypatch):
    """A command starts with Python's cycle collector off (schreiber/__init__.py);
    a server that lasts a cup day runs with it on, as tisch does, or what a
    request leaves in a cycle would stay for the whole day."""
    import gc
    from types import SimpleNamespace

    import uvicorn

    import schreiber.cli.serve as command

    seen: list[bool] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.append(gc.isenabled()))
    gc.disable()
    try:
        command._run(SimpleNamespace(app=lambda: "the app"), "127.0.0.1", 8123)  # type: ignore[arg-type]
    finally:
        gc.enable()
    assert seen == [True]
