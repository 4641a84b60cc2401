"""A cup's results server (`schreiber publish --cup NAME`) for real: one
Datasette process for the module, started on the ledger of
tests/reports/publishing.py (the cup, a second cup of the same season, a
club evening). It serves that cup's pages only (and its season's
Cupwertung and the season archive, which names every tournament and its
winner), German and without SQL, each fitting its page at 1200 and at 390
pixels (publishing.assert_fits), in a browser as in
the full view (screenshots 1200 and 390 pixels wide, the Ergebnisliste
printed to PDF, the pages read back from the DOM); the other evenings, the
ledger's tables and views and any SQL of the visitor's own are refused;
and every page answers as the organizer's full view answers for that cup
(the same queries, run here with sqlite3 on the ledger and on the cup's
database). The server is used by one test only: started once however the
tests are spread over workers."""

from __future__ import annotations

import contextlib
import json
import re
import shlex
import sqlite3
import urllib.parse
from pathlib import Path

import pytest

from schreiber import publish
from schreiber.ledger import pages
from tests.cups import SMALL_CUP
from tests.helpers import cli

from .publishing import (
    CLUB_PLAYERS,
    HEADING,
    OTHER_CUP,
    OTHER_PLAYERS,
    Front,
    Served,
    assert_fits,
    assert_public_words,
    build_ledger,
    by_width,
    chromium,
    png_width,
    run_all,
    serving,
)

pytest.importorskip("datasette", reason='Datasette is not installed: pip install -e ".[test]"')

DEFAULTS = {"cup": SMALL_CUP, "saison": "2026/27"}  # what the cup's pages read for a parameter left empty


@pytest.fixture(scope="module")
def ledger(tmp_path_factory) -> tuple[Path, dict[str, int]]:
    db = tmp_path_factory.mktemp("cup") / "turnier.db"
    return db, build_ledger(db)


def test_the_cups_results_server(ledger, tmp_path):
    """Over HTTP: what is refused, what the served database holds, the line
    it says; then the pages in headless Chromium."""
    db, ids = ledger
    with serving(db, tmp_path, "--cup", SMALL_CUP.upper()) as served:  # the name in any case
        no_other_evening_no_table_of_the_ledger_no_sql(served, ids)
        none_of_datasettes_own_pages(served, tmp_path)
        the_database_served_holds_the_cups_results_only(
            served, publish.ledger_folder(db, tmp_path / ".config" / "schreiber" / "publish")
        )
        the_line_says_where_the_results_are(served)
        browser = chromium()
        if browser is None:
            pytest.skip("no Chromium installed: apt-get install chromium (the checks over HTTP passed)")
        the_pages_in_a_headless_browser(served, browser, tmp_path)


def the_pages_in_a_headless_browser(served: Served, browser: str, tmp_path: Path) -> None:
    cup = urllib.parse.urlencode({"cup": SMALL_CUP})
    shown = {
        "start": "/",
        "ergebnisliste": f"/{served.database}/ergebnisliste?{cup}",
        "tischblatt": f"/{served.database}/tischblatt?abend=1",
        "turniere": f"/{served.database}/turniere?{cup}",
        "cupwertung": f"/{served.database}/cupwertung?saison=2026%2F27",
        "rangliste": f"/{served.database}/rangliste?{cup}",
        "sitzplan": f"/{served.database}/sitzplan?{cup}",
        "saisonen": f"/{served.database}/saisonen",
        "verweigert": f"/{served.database}?sql=select+1",
    }
    with Front(served) as front:
        runs = {
            f"liste-{w}": [f"--window-size={w},900", f"--screenshot={tmp_path / f'liste-{w}.png'}",
                           served.root + shown["ergebnisliste"]]
            for w in (1200, 390)
        }  # fmt: skip
        runs["pdf"] = [
            "--no-pdf-header-footer",
            f"--print-to-pdf={tmp_path / 'liste.pdf'}",
            served.root + shown["ergebnisliste"],
        ]
        runs["probe"] = ["--window-size=1300,900", "--dump-dom", front.probe_url("probe", shown, 1200, 390)]
        out = run_all(browser, runs, tmp_path)
    for w in (1200, 390):
        png = tmp_path / f"liste-{w}.png"
        assert png.stat().st_size > 10_000 and png_width(png) == w
    assert (tmp_path / "liste.pdf").read_bytes().startswith(b"%PDF")
    widths = by_width(out["probe"])
    wide = widths[1200]
    for page, seen in wide.items():
        assert_public_words(page, seen)
        assert not any(p in seen["text"] for p in CLUB_PLAYERS), page
        assert page == "saisonen" or OTHER_CUP not in seen["text"], page  # the archive names every tournament
    assert wide["start"]["h1"] == [HEADING] == wide["ergebnisliste"]["h1"] == wide["tischblatt"]["h1"]
    assert [text for text, _href in wide["start"]["links"]] == [
        "Ergebnisliste", "Rangliste", "Runden und Tische", "Sitzplan", "Cupwertung 2026/27"]  # fmt: skip
    assert all("?cup=Cup+%3CHausruck%3E+%26+Co" in href for _t, href in wide["start"]["links"][:4])
    assert "Farbendreier" in wide["tischblatt"]["text"] and "Talon" in wide["tischblatt"]["text"]
    assert wide["verweigert"]["h1"] == ["Nicht erlaubt"]
    for page, seen in wide.items():
        assert_fits(page, seen, 1200)
    for page, found in widths[390].items():
        assert_fits(page, found, 390)


def no_other_evening_no_table_of_the_ledger_no_sql(served: Served, ids: dict[str, int]) -> None:
    db = served.database
    for path in (f"/{db}/evenings", f"/{db}/entries.json", f"/{db}/v_hands", f"/{db}/payments.json?_shape=array",
                 f"/{db}/abende", f"/{db}/cups", f"/{db}/v_cup_result_list.json"):  # fmt: skip
        assert served.fetch(path)[0] == 404, path
    for path in (f"/{db}?sql=select+1", f"/{db}.json?sql=select+*+from+daten_tischblatt",
                 f"/{db}/daten_tischblatt", f"/{db}/daten_ergebnisliste.json", f"/{db}/daten_tischblatt/1",
                 f"/{db}.db"):  # fmt: skip
        assert served.fetch(path)[0] == 403, path
    for evening in (ids["club"], ids["other_cup"]):
        assert served.rows("tischblatt", abend=str(evening)) == []
        status, page = served.fetch(f"/{db}/tischblatt?abend={evening}")
        assert status == 200 and f"Keinen Tisch (Abend) {evening} gibt es hier" in page
    assert served.rows("ergebnisliste", cup=OTHER_CUP) == [] and served.rows("turniere", cup=OTHER_CUP) == []
    assert served.rows("ergebnisliste") == served.rows("ergebnisliste", cup=SMALL_CUP)  # none given: this cup


DATASETTES_OWN = ["/-/databases.json", "/-/databases", "/-/versions.json", "/-/versions", "/-/threads.json",
                  "/-/threads", "/-/plugins.json", "/-/plugins", "/-/settings.json", "/-/settings", "/-/config.json",
                  "/-/metadata.json", "/-/metadata", "/-/actor.json", "/-/permissions", "/-/messages",
                  "/-/allow-debug", "/-/patterns", "/-/auth-token", "/-/logout", "/-/static-plugins/x/y.js",
                  "/-/databases.json/", "/%2D/databases.json", "/-/nothing-yet"]  # fmt: skip


def none_of_datasettes_own_pages(served: Served, home: Path) -> None:
    """Datasette's own pages under /-/ are not there (its databases with their
    paths, versions, threads, plugins, settings ...); its style sheet is. No
    page says where the organizer keeps his files."""
    for path in DATASETTES_OWN:
        status, text = served.fetch(path)
        assert status == 404, (path, status, text[:200])
    assert served.fetch("/-/static/app.css")[0] == 200  # the pages' style
    for path in ("/", "/.json", f"/{served.database}", f"/{served.database}.json", "/nichts", "/-/databases.json"):
        assert str(home) not in served.fetch(path)[1], path


def the_database_served_holds_the_cups_results_only(served: Served, folder: Path) -> None:
    path = publish.cup_folder(folder, 1) / "turnier.db"
    assert path.is_file()  # a copy in the app directory, not the ledger
    season, archive = publish.cup_table("cupwertung"), publish.cup_table("saisonen")
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as con:
        tables = [r[0] for r in con.execute("select name from sqlite_master where type = 'table' order by name")]
        assert tables == sorted(publish.cup_table(q) for q in pages.CUP_QUERIES)
        text_of = {t: " ".join(str(v) for row in con.execute(f"select * from {t}") for v in row) for t in tables}
        evenings = {r[0] for r in con.execute("select distinct Abend from daten_tischblatt")}
        ranked = {r[0] for r in con.execute(f"select Name from {season}")}
    assert SMALL_CUP in text_of[publish.cup_table("ergebnisliste")] and evenings == set(range(1, 7))
    for table, values in text_of.items():
        assert not any(p in values for p in CLUB_PLAYERS), table
        assert table == archive or OTHER_CUP not in values, table  # the archive: every tournament and its winner
        assert table in (season, archive) or not any(p in values for p in OTHER_PLAYERS), table
    assert set(OTHER_PLAYERS) <= ranked  # the season's Cupwertung ranks every player of its tournaments


def the_line_says_where_the_results_are(served: Served) -> None:
    said = served.said.read_text()
    assert re.search(rf"Serving the results of {re.escape(SMALL_CUP)} on http://127\.0\.0\.1:{served.port}/ ", said)
    assert "anyone who can reach it" not in said


def test_every_page_answers_as_the_full_view_does_for_this_cup(ledger, tmp_path, monkeypatch):
    """The cup's database (written by publish --cup --print, in this
    process) gives each page the rows the ledger's own query gives for it."""
    db, _ids = ledger
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / ".config"))
    r = cli("--db", str(db), "publish", "--cup", SMALL_CUP, "--print")
    assert r.exit_code == 0, r.output
    served = Path(shlex.split(r.stdout)[shlex.split(r.stdout).index("--immutable") + 1])
    cup_queries = json.loads(served.with_name("turnier.metadata.json").read_text())["databases"]["turnier"]["queries"]
    queries = publish.shipped()["databases"][publish.SHIPPED_DATABASE]["queries"]
    asked = [("turniere", {"cup": SMALL_CUP}), ("ergebnisliste", {"cup": SMALL_CUP.lower()}),
             ("rangliste", {"cup": SMALL_CUP}), ("cupwertung", {"saison": "2026/27"}),
             ("ergebnisliste", {"cup": ""}), ("cupwertung", {"saison": ""})]  # fmt: skip
    asked += [("tischblatt", {"abend": str(n)}) for n in range(1, 7)]
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as full:
        with contextlib.closing(sqlite3.connect(f"file:{served}?mode=ro", uri=True)) as cup:
            full.row_factory = cup.row_factory = sqlite3.Row
            for name, params in asked:
                want = [dict(row) for row in full.execute(queries[name]["sql"], params)]
                if not params.get("cup", "x") or not params.get("saison", "x"):  # the ledger's latest is the other cup
                    want = [dict(row) for row in full.execute(queries[name]["sql"], {**params, **DEFAULTS})]
                got = [dict(row) for row in cup.execute(cup_queries[name]["sql"], params)]
                assert want and got == want, (name, params)
