"""Every page fits its window, served and static, in a real browser.

The ledger of tests/reports/publishing.py (a cup of twelve at three tables
for two rounds, a second cup, a club evening) and a third cup: one table of
five players with long names. The organizer's full view is served by
`schreiber publish` (every page: the start page, the database's page, each
page of each tournament, the Tischblatt of every evening, the Cupwertung,
the seasons, the evenings, a query of the organizer's own, a page not found,
every table and view of the ledger and a row), and the small cup and the
five's cup are written by `cup publish DIR` (every file). Headless Chromium
opens each page in a frame 1200 and one 390 pixels wide
(publishing.PROBE) and reads from the DOM: the page is no wider than its
window (nothing to scroll sideways), no table is wider than its page, and
every figure of a Tischblatt is inside the window. It takes screenshots of
the five's Tischblatt, served and static, at both widths and prints the
static Ergebnisliste and that Tischblatt to PDF (A4), and the static pages'
DOM gives the tournament's heading and the Ergebnisliste's first row as
`cup standings --json` ranks it; the seating list's search box, served and
static, shows and finds the names a few letters are in. Skipped, saying
why, without Datasette or Chromium."""

from __future__ import annotations

import json
import re
import urllib.parse
from pathlib import Path

import pytest

from tests.cups import SMALL_CUP
from tests.helpers import cli

from .publishing import (
    HEADING,
    Front,
    build_ledger,
    by_width,
    chromium,
    fit_problems,
    measured,
    png_width,
    run_all,
    serving,
)

pytest.importorskip("datasette", reason='Datasette is not installed: pip install -e ".[test]"')

FIVE_CUP = "Fünfercup"
FIVE = ["Maximilian", "Bartholomäus", "Konstantin", "Friederike", "Wolfgang"]  # one table of five, long names
WIDTHS = (1200, 390)
# The seating list's search box, used: each frame's box shown, "an" typed, the names of the rows still shown.
SEARCH = """<!DOCTYPE html><html><body>
FRAMES
<pre id="out"></pre>
<script>
var results = {};
function search(frame) {
  var d = frame.contentDocument, box = d.querySelector("p.suche"), input = d.getElementById("suche");
  var shown = box.hidden ? "hidden" : getComputedStyle(box).display;
  input.value = "an";
  input.dispatchEvent(new Event("input"));
  var rows = Array.prototype.filter.call(d.querySelectorAll("table.sitzplan tbody tr"), function (r) {
    return r.getBoundingClientRect().height > 0;
  });
  results[frame.dataset.page] = {box: shown, names: rows.map(function (r) { return r.cells[0].firstChild.textContent; })};
  document.getElementById("out").textContent = JSON.stringify(results);
}
</script></body></html>"""


def run(db: Path, *args: str) -> str:
    r = cli("--db", str(db), *args)
    assert r.exit_code == 0, (args, r.output)
    return r.stdout


@pytest.fixture(scope="module")
def ledger(tmp_path_factory) -> tuple[Path, dict[str, int]]:
    db = tmp_path_factory.mktemp("fit") / "turnier.db"
    ids = build_ledger(db)
    run(db, "cup", "start", FIVE_CUP, *FIVE, "--date", "2026-12-12", "--seed", "3", "--rounds", "1")
    table = json.loads(run(db, "cup", "draw", "--cup", FIVE_CUP, "--json"))["tables"][0]
    seats, evening = table["players"], str(table["evening"])
    for i, record in enumerate([
        {"contract": "farbendreier", "result": "lost", "kontra": "kontra"},
        {"contract": "piccolo", "tricks": 1, "kontra": {}},
        {"contract": "dreier", "points": 41, "premiums": [
            {"name": "pagat", "party": "declarer", "announced": True, "result": "won"},
            {"name": "trull", "party": "opponents", "announced": False, "result": "won"}]},
    ]):  # fmt: skip
        playing = [p for p in seats if p != seats[i % 5]]  # the dealer sits out
        record["declarer"] = playing[2]
        if record.get("kontra") == {}:
            record["kontra"] = {playing[0]: "kontra"}  # one opponent doubles the Piccolo
        run(db, "hand", "add", "--evening", evening, "--json", json.dumps(record))
    ids["five"] = table["evening"]
    return db, ids


def served_pages(db: str, evenings: list[int], tables: list[str]) -> dict[str, str]:
    """Every page of the full view by a name of the test's own."""
    out = {"start": "/", "database": f"/{db}", "abende": f"/{db}/abende", "saisonen": f"/{db}/saisonen",
           "cupwertung": f"/{db}/cupwertung?saison=2026%2F27", "turniere": f"/{db}/turniere",
           "sql": f"/{db}?sql=select+*+from+entries", "unbekannt": f"/{db}/gibt-es-nicht",
           "zeile": f"/{db}/evenings/1"}  # fmt: skip
    for cup in (SMALL_CUP, "Zweitcup", FIVE_CUP):
        given = urllib.parse.urlencode({"cup": cup})
        for page in ("ergebnisliste", "rangliste", "turniere", "sitzplan"):
            out[f"{page}-{cup}"] = f"/{db}/{page}?{given}"
    out |= {f"tischblatt-{n}": f"/{db}/tischblatt?abend={n}" for n in evenings}
    out |= {f"tabelle-{t}": f"/{db}/{urllib.parse.quote(t)}" for t in tables}
    return out


def test_every_page_fits_its_window(ledger, tmp_path):
    browser = chromium()
    if browser is None:
        pytest.skip("no Chromium installed: apt-get install chromium")
    db, ids = ledger
    web = tmp_path / "web"
    for folder, cup in (("klein", SMALL_CUP), ("fuenf", FIVE_CUP)):
        run(db, "cup", "publish", str(web / folder), "--cup", cup)
    static = {f"{folder.name}/{p.name}": f"/web/{folder.name}/{p.name}" for folder in sorted(web.iterdir())
              for p in sorted(folder.glob("*.html"))}  # fmt: skip
    with serving(db, tmp_path) as served, Front(served, web) as front:
        listing = json.loads(served.fetch(f"/{served.database}.json")[1])
        tables = [t["name"] for t in listing["tables"] if not t["hidden"]] + [v["name"] for v in listing["views"]]
        shown = served_pages(served.database, list(range(1, ids["five"] + 1)), tables) | static
        blatt = f"/{served.database}/tischblatt?abend={ids['five']}"
        shots = {"blatt": served.root + blatt, "datei": f"{front.root}/web/fuenf/runde-1-tisch-1.html"}
        runs = {f"{name}-{w}": [f"--window-size={w},900", f"--screenshot={tmp_path / f'{name}-{w}.png'}", url]
                for name, url in shots.items() for w in WIDTHS}  # fmt: skip
        for name, page in (("liste", "klein/ergebnisliste.html"), ("blatt", "fuenf/runde-1-tisch-1.html")):
            runs[f"pdf-{name}"] = ["--no-pdf-header-footer", f"--print-to-pdf={tmp_path / f'{name}.pdf'}",
                                   f"{front.root}/web/{page}"]  # fmt: skip
        runs["dom"] = ["--window-size=1200,900", "--dump-dom", f"{front.root}/web/klein/ergebnisliste.html"]
        runs["probe"] = ["--window-size=1300,900", "--dump-dom", front.probe_url("fit", shown, *WIDTHS)]
        seating = {"served": shown[f"sitzplan-{SMALL_CUP}"], "datei": "/web/klein/sitzplan.html"}
        frames = "".join(f'<iframe data-page="{k}" src="{v.replace("&", "&amp;")}" onload="search(this)"></iframe>'
                         for k, v in seating.items())  # fmt: skip
        front.probes["/probe-suche.html"] = SEARCH.replace("FRAMES", frames).encode()
        runs["suche"] = ["--window-size=1300,900", "--dump-dom", f"{front.root}/probe-suche.html"]
        out = run_all(browser, runs, tmp_path)
    seen = by_width(out["probe"])
    for w in WIDTHS:
        assert set(seen[w]) == set(shown), set(shown) - set(seen[w])
    problems = [p for w in WIDTHS for page, found in seen[w].items() for p in fit_problems(page, found, w)]
    assert not problems, problems
    every_figure_of_the_tischblatt_of_five_is_in_sight(seen, ids["five"])
    a_phone_shows_the_lists_columns_below_the_name(seen)
    for page, found in measured(out["suche"]).items():  # the box shows where the script runs, and finds
        assert found == {"box": "block", "names": ["Anna", "Hans"]}, (page, found)
    drawn_and_printed(tmp_path, out["dom"], db)


def every_figure_of_the_tischblatt_of_five_is_in_sight(seen: dict, five: int) -> None:
    """The five's sheet: three hands, the totals and the money (Kontra), each
    player's figure in each, inside the window at both widths, served and static."""
    for w in WIDTHS:
        for page in (f"tischblatt-{five}", "fuenf/runde-1-tisch-1.html"):
            figures = [f for f in seen[w][page]["figures"] if f[3] > 0]
            assert len(figures) == 5 * (3 + 2), (w, page, figures)
            assert all(re.fullmatch(r"[+-]?\d+( \([+-]?\d+\))?", text) for text, *_e in figures), figures
            assert (" (" in figures[0][0]) == (w == 1200), figures[0]  # the hand's own points: not on a phone


def a_phone_shows_the_lists_columns_below_the_name(seen: dict) -> None:
    """At 390 pixels the Ergebnisliste's rounds and money and the Cupwertung's
    tournaments stand below each name (at 1200 in their own columns, once)."""
    for page in (f"ergebnisliste-{SMALL_CUP}", "klein/ergebnisliste.html"):
        phone, desk = seen[390][page]["text"], seen[1200][page]["text"]
        assert phone.count(" · R2 ") == 12 and phone.count(" · Geld ") == 12, (page, phone)
        assert " · R2 " not in desk and "R2" in desk, (page, desk)
    for page in ("cupwertung", "klein/cupwertung.html"):
        phone = seen[390][page]["text"]
        assert phone.count("1 Turnier · 1 gewertet") == 16 + len(FIVE), (page, phone)


def drawn_and_printed(tmp: Path, dom: str, db: Path) -> None:
    for name in ("blatt", "datei"):
        for w in WIDTHS:
            png = tmp / f"{name}-{w}.png"
            assert png.stat().st_size > 10_000 and png_width(png) == w, png  # a page drawn, not a blank
    for name in ("liste", "blatt"):
        pdf = (tmp / f"{name}.pdf").read_bytes()
        assert pdf.startswith(b"%PDF") and len(pdf) > 10_000, name
        assert re.search(rb"/MediaBox \[0 0 59[45](\.\d+)? 84[12](\.\d+)?\]", pdf), name  # A4: 595 x 842 points
    heading = re.search(r"<h1>(.*?)</h1>", dom, re.S)
    assert heading and heading.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&") == HEADING
    first = json.loads(cli("--db", str(db), "cup", "standings", "--cup", SMALL_CUP, "--json").stdout)["players"][0]
    row = re.search(r"<tbody>\s*<tr>(.*?)</tr>", dom, re.S)
    assert row is not None
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)
    assert [re.sub(r"<small.*?</small>", "", c) for c in cells[:4]] == [
        "1.", first["name"], first["ort"] or "", str(first["cup_points"])]  # fmt: skip
