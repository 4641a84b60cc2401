"""The pages of `schreiber cup publish` in a real browser: headless Chromium
opens them from the file system (file://, as a club opens the folder before
uploading it), takes screenshots 1200 and 390 pixels wide, prints the
Ergebnisliste to PDF, and gives back the DOM it built: the heading holds the
tournament's name and date, and the first-ranked player's row is there.

At 390 pixels the layout is measured in the browser itself: a page of the
test's own (outside the site) holds the Ergebnisliste and a Tischblatt in
frames 390 pixels wide and writes into its DOM, read back with --dump-dom,
each table row's height beside the line height (a row on one line is less
than two lines high), the page's width (no wider than the phone: only the
table's box scrolls sideways) and the box's overflow. Every Chromium runs at
once, each with its own profile; skipped, saying why, without Chromium."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from tests.cups import SMALL_CUP, play_small_cup
from tests.helpers import cli
from tests.reports.publishing import chromium, png_width, run_all

PAGES_MEASURED = ("ergebnisliste.html", "runde-1-tisch-1.html")

PROBE = """<!DOCTYPE html><html><body style="margin:0">
FRAMES
<pre id="out"></pre>
<script>
var results = {};
function measure(frame) {
  var d = frame.contentDocument, td = d.querySelector("tbody td");
  var style = getComputedStyle(td);
  var line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
  var box = d.querySelector(".tafel");
  results[frame.dataset.page] = {
    line: line,
    rows: Array.prototype.map.call(d.querySelectorAll("tbody tr, tfoot tr"), function (r) {
      return r.getBoundingClientRect().height;
    }),
    page: [d.documentElement.scrollWidth, d.documentElement.clientWidth],
    box: [box.scrollWidth, box.clientWidth, getComputedStyle(box).overflowX],
    nowrap: getComputedStyle(d.querySelector("table")).whiteSpace
  };
  document.getElementById("out").textContent = JSON.stringify(results);
}
</script></body></html>"""
FRAME = (
    '<iframe data-page="{page}" src="{url}" onload="measure(this)" style="width:390px;height:700px;border:0"></iframe>'
)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("browser")
    db, out = folder / "cup.db", folder / "web"
    play_small_cup(db)
    r = cli("--db", str(db), "cup", "publish", str(out))
    assert r.exit_code == 0, r.output
    return db, out


def test_the_pages_in_a_headless_browser(site, tmp_path):
    browser = chromium()
    if browser is None:
        pytest.skip("no Chromium installed: apt-get install chromium")
    db, web = site
    probe = tmp_path / "probe.html"
    frames = "\n".join(FRAME.format(page=p, url=(web / p).as_uri()) for p in PAGES_MEASURED)
    probe.write_text(PROBE.replace("FRAMES", frames), encoding="utf-8")
    results = web / "ergebnisliste.html"
    shots = {"wide": (1200, results), "phone": (390, results), "phone-tisch": (390, web / "runde-1-tisch-1.html")}
    runs = {
        name: [f"--window-size={width},900", f"--screenshot={tmp_path / (name + '.png')}", page.as_uri()]
        for name, (width, page) in shots.items()
    }
    runs["pdf"] = ["--no-pdf-header-footer", f"--print-to-pdf={tmp_path / 'liste.pdf'}", results.as_uri()]
    runs["dom"] = ["--window-size=1200,900", "--dump-dom", results.as_uri()]
    runs["probe"] = ["--allow-file-access-from-files", "--window-size=800,900", "--dump-dom", probe.as_uri()]
    out = run_all(browser, runs, tmp_path)

    for name, (width, _page) in shots.items():
        png = tmp_path / f"{name}.png"
        assert png.stat().st_size > 10_000 and png_width(png) == width, name  # a page drawn, not a blank
    pdf = (tmp_path / "liste.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and len(pdf) > 10_000
    assert re.search(rb"/MediaBox \[0 0 59[45](\.\d+)? 84[12](\.\d+)?\]", pdf)  # A4: 595 x 842 points

    dom = out["dom"]
    heading = re.search(r"<h1>(.*?)</h1>", dom, re.S)
    assert heading and unescape(heading.group(1)) == f"{SMALL_CUP}, 20.11.2026"
    first = json.loads(cli("--db", str(db), "cup", "standings", "--json").stdout)["players"][0]
    row = re.search(r"<tbody>\s*<tr>(.*?)</tr>", dom, re.S)
    assert row is not None
    cells = [unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row.group(1))]
    assert cells[:4] == ["1.", first["name"], first["ort"] or "", str(first["cup_points"])]

    measured = json.loads(unescape(re.search(r'<pre id="out">(.*?)</pre>', out["probe"], re.S).group(1)))
    assert set(measured) == set(PAGES_MEASURED)
    for page, m in measured.items():
        assert m["rows"] and max(m["rows"]) < 2 * m["line"], (page, m)  # every row one line high
        assert m["page"][0] <= m["page"][1] <= 390, (page, m)  # the page is no wider than the phone
        assert m["box"][2] == "auto" and m["nowrap"] == "nowrap", (page, m)  # the table scrolls in its box
