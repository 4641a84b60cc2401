"""What the tests of the published pages share (test_publish_pages.py,
test_publish_cup.py, test_pages_fit.py): a ledger whose cup shows what a
page must show (tests.cups.play_small_cup: a Farbendreier, a king in the
talon, Kontra, a voided hand, a player whose name is markup, a cup name to
escape) beside what a cup's results must not show (a club evening, a second
cup); `schreiber publish` started for real on a free port (the port polled
until it answers, the process always stopped); headless Chromium; and a
front of the test's own on another port that serves a measuring page and
the files of `cup publish DIR` and passes every other request on to
Datasette, so that page reads the pages in frames of its own origin (their
DOM text, their links, where their tables and a Tischblatt's figures stand)
and writes what it read into its DOM, read back with --dump-dom; and what
makes a page fit its window (fit_problems).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from html import unescape
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.cups import SMALL_CUP, play_small_cup
from tests.helpers import WAIT, cli

HOST = "127.0.0.1"
OTHER_CUP = "Zweitcup"
HEADING = f"{SMALL_CUP}, 20.11.2026"  # the small cup's pages are headed so
OTHER_PLAYERS = ["Otto", "Paula", "Quirin", "Rosa"]  # seated in the other cup only
CLUB_PLAYERS = ["Ulla", "Vera", "Walter", "Xaver"]  # a club evening's, in no cup
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip
# Datasette's own words that the public pages must not show (its query page, footer, empty list)
ENGLISH = ["Custom SQL query", "Query parameters", "Run SQL", "This data as", "Powered by", "0 results",
           "returning", "rows", "Edit SQL", "hide", "Format SQL", "Apply", "Advanced export", "View and edit SQL",
           "Next page", "records", "Links from other tables", "column", "Sort", "(view)"]  # fmt: skip
SQL_WORDS = ["select ", " from ", " where ", "order by", " join ", "group_concat", "collate", "create table",
             "create view"]  # fmt: skip


def build_ledger(db: Path) -> dict[str, int]:
    """The small cup (2 rounds of 3 tables), a second cup with one table
    and a hand, a club evening with two hands; the evenings' ids by what they are."""

    def run(*args: str) -> str:
        r = cli("--db", str(db), *args)
        assert r.exit_code == 0, r.output
        return r.stdout

    play_small_cup(db)
    run("cup", "start", OTHER_CUP, *OTHER_PLAYERS, "--date", "2026-12-04", "--seed", "1")
    other = json.loads(run("cup", "draw", "--cup", OTHER_CUP, "--json"))["tables"][0]
    run("hand", "add", "--evening", str(other["evening"]), "--json",
        json.dumps({"contract": "rufer", "declarer": other["players"][1], "partner": other["players"][2],
                    "result": "won"}))  # fmt: skip
    run("evening", "start", *CLUB_PLAYERS, "--date", "2026-12-10")
    with contextlib.closing(sqlite3.connect(db)) as con:
        (club,) = con.execute("select max(id) from evenings").fetchone()
    for declarer in CLUB_PLAYERS[1:3]:
        run("hand", "add", "--evening", str(club), "--json",
            json.dumps({"contract": "dreier", "declarer": declarer, "points": 40}))  # fmt: skip
    return {"other_cup": other["evening"], "club": club}


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class Served:
    """A running `schreiber publish`: its root URL and the database's path in it."""

    def __init__(self, proc: subprocess.Popen, port: int, database: str, said: Path):
        self.proc, self.port, self.database, self.said = proc, port, database, said
        self.root = f"http://{HOST}:{port}"

    def fetch(self, path: str) -> tuple[int, str]:
        """The status and text of a path under the root (an error status too)."""
        try:
            with urllib.request.urlopen(self.root + path, timeout=WAIT) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    def rows(self, query: str, **params: str) -> list[dict]:
        status, text = self.fetch(
            f"/{self.database}/{query}.json?{urllib.parse.urlencode(dict(params, _shape='array'))}"
        )
        assert status == 200, text
        return json.loads(text)


@contextlib.contextmanager
def serving(db: Path, home: Path, *args: str) -> Iterator[Served]:
    """`schreiber --db DB publish ARGS` in a process of its own, with its own
    HOME, until the port answers (bounded); stopped at the end."""
    port = free_port()
    said = home / f"publish-{port}.log"
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"))
    env.pop("SCHREIBER_DB", None)
    with said.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "schreiber", "--db", str(db), "publish", *args,
                                 "--port", str(port)], stdout=out, stderr=subprocess.STDOUT, env=env)  # fmt: skip
    try:
        served = Served(proc, port, db.stem, said)
        deadline = time.monotonic() + WAIT
        while True:
            if proc.poll() is not None:
                pytest.fail(f"schreiber publish exited with {proc.returncode}: {said.read_text()}")
            with contextlib.suppress(OSError):
                served.fetch("/")
                break
            if time.monotonic() > deadline:
                pytest.fail(f"schreiber publish did not answer within {WAIT} s: {said.read_text()}")
            time.sleep(0.1)  # polling the port, bounded by the deadline
        yield served
    finally:
        stop(proc)


def stop(proc: subprocess.Popen) -> None:
    """The server ended: asked to, then killed if it does not within 10 s."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


def chromium() -> str | None:
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    return shutil.which("chromium") or shutil.which("chromium-browser")


def run_all(browser: str, runs: dict[str, list[str]], tmp: Path) -> dict[str, str]:
    """Each run's standard output; the runs at once, each with its own profile."""
    procs = {
        name: subprocess.Popen(
            [browser, *FLAGS, f"--user-data-dir={tmp / ('profile-' + name)}", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        for name, args in runs.items()
    }
    out = {}
    try:
        for name, p in procs.items():
            out[name] = p.communicate(timeout=WAIT)[0]
            assert p.returncode == 0, (name, p.returncode)
    finally:
        for p in procs.values():
            if p.poll() is None:
                p.kill()
                p.wait()
    return out


def png_width(path: Path) -> int:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return int.from_bytes(data[16:20], "big")


# The measuring page: each page in a frame ``width`` pixels wide; for each,
# the text it shows (innerText of the content and of the header), the links
# of its content, its headings, the cells of its own tables (not the rows of the ledger's tables and
# views, table.roh, which no test reads: each cell's style read took some 3 of the 20 s of
# test_pages_fit), and its layout: the page's width beside the frame's (a page wider than the frame scrolls
# sideways), each table's left and right edge, and where each figure of a
# Tischblatt stands (table.blatt: each player's figure, td.punkte).
PROBE = """<!DOCTYPE html><html><head><script>
var results = {};
function edges(e) { var r = e.getBoundingClientRect(); return [r.left, r.right, r.width]; }
function measure(frame) {
  try { results[frame.dataset.page] = read(frame.contentDocument); }
  catch (e) { results[frame.dataset.page] = {error: String(e), html: frame.contentDocument.documentElement.outerHTML.slice(0, 800)}; }
  document.getElementById("out").textContent = JSON.stringify(results);
}
function read(d) {
  var content = d.querySelector("section.content");
  return {
    text: content.innerText,
    header: d.querySelector("header").innerText,
    footer: d.querySelector("footer").innerText,
    title: d.title,
    h1: Array.prototype.map.call(d.querySelectorAll("h1"), function (h) { return h.innerText; }),
    links: Array.prototype.map.call(content.querySelectorAll("a"), function (a) {
      return [a.innerText, a.getAttribute("href")];
    }),
    cells: Array.prototype.map.call(d.querySelectorAll(".tafel table:not(.roh) tr"), function (r) {
      return Array.prototype.map.call(r.children, function (c) {
        return [c.innerText, getComputedStyle(c).textAlign];
      });
    }),
    page: [d.documentElement.scrollWidth, d.documentElement.clientWidth],
    tables: Array.prototype.map.call(d.querySelectorAll("table"), edges),
    figures: Array.prototype.map.call(d.querySelectorAll("table.blatt td.punkte"), function (c) {
      return [c.innerText].concat(edges(c));
    })
  };
}
</script></head><body style="margin:0">
<pre id="out"></pre>
FRAMES
</body></html>"""
FRAME = '<iframe data-page="{page}" src="{url}" onload="measure(this)" style="width:{width}px;height:700px;border:0"></iframe>'


class Front:
    """A server of the test's own: /probe-NAME.html are measuring pages,
    /web/PATH a file below the folder ``web`` (sites of cup publish DIR),
    every other path is passed on to Datasette as it is (same origin for
    the frames)."""

    def __init__(self, served: Served | None, web: Path | None = None):
        self.served = served
        self.probes: dict[str, bytes] = {}
        front = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                path = self.path.split("#")[0]
                if path in front.probes:
                    status, body, kind = 200, front.probes[path], "text/html; charset=utf-8"
                elif web is not None and path.startswith("/web/"):
                    file = (web / urllib.parse.unquote(path[len("/web/") :])).resolve()
                    found = file.is_file() and file.is_relative_to(web.resolve())
                    status, body = (200, file.read_bytes()) if found else (404, b"")
                    kind = "text/html; charset=utf-8"
                elif served is None:
                    status, body, kind = 404, b"", "text/plain"
                else:
                    try:
                        with urllib.request.urlopen(served.root + self.path, timeout=WAIT) as r:
                            status, body, kind = r.status, r.read(), r.headers.get("content-type", "")
                    except urllib.error.HTTPError as e:
                        status, body, kind = e.code, e.read(), e.headers.get("content-type", "")
                self.send_response(status)
                self.send_header("content-type", kind)
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer((HOST, 0), Handler)
        self.root = f"http://{HOST}:{self.server.server_address[1]}"

    def __enter__(self) -> Front:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def probe_url(self, name: str, pages: dict[str, str], *widths: int) -> str:
        """A measuring page for ``pages`` (name: path under the root), in
        frames of each of ``widths`` (one browser for all: ``by_width``)."""
        frames = "\n".join(
            FRAME.format(page=f"{width} {page}", url=path.replace("&", "&amp;"), width=width)
            for width in widths
            for page, path in pages.items()
        )
        self.probes[f"/probe-{name}.html"] = PROBE.replace("FRAMES", frames).encode()
        return f"{self.root}/probe-{name}.html"


def by_width(dom: str) -> dict[int, dict[str, dict]]:
    """What a measuring page of several widths read: each page by its width."""
    out: dict[int, dict[str, dict]] = {}
    for key, seen in measured(dom).items():
        width, _space, page = key.partition(" ")
        out.setdefault(int(width), {})[page] = seen
    return out


def measured(dom: str) -> dict[str, dict]:
    """What the measuring page wrote into its DOM."""
    import re

    found = re.search(r'<pre id="out">(.*?)</pre>', dom, re.S)
    assert found, dom[:2000]
    seen = json.loads(unescape(found.group(1)))
    unread = {page: got for page, got in seen.items() if "error" in got}
    assert not unread, f"pages the measuring page could not read: {unread}"
    return seen


def assert_public_words(page: str, seen: dict) -> None:
    """A page as the public sees it: German, none of Datasette's English controls, no SQL."""
    shown = "\n".join([seen["text"], seen["header"], seen["footer"], seen["title"]])
    for word in ENGLISH:
        assert word not in shown, (page, word, shown)
    for word in SQL_WORDS:
        assert word not in shown.lower(), (page, word, shown)
    assert "schreiber" in seen["footer"] and "Aufgeschrieben" in seen["footer"], (page, seen["footer"])


SLACK = 0.5  # of a pixel: edges are fractions


def fit_problems(page: str, seen: dict, width: int) -> list[tuple]:
    """What keeps a page from fitting its window: the page wider than the
    window (something to scroll sideways), a table wider than the page, a
    figure of a Tischblatt outside the window where it is shown (a figure
    left out at this width has no width), a Tischblatt with no figure shown."""
    scroll, client = seen["page"]
    found: list[tuple] = []
    if not scroll <= client <= width:
        found.append((page, width, "the page scrolls sideways", seen["page"]))
    for left, right, _w in seen["tables"]:
        if left < -SLACK or right > client + SLACK:
            found.append((page, width, "a table wider than its page", left, right, client))
    shown = [f for f in seen["figures"] if f[3] > 0]
    for text, left, right, _w in shown:
        if left < -SLACK or right > client + SLACK:
            found.append((page, width, "a figure out of sight", text, left, right, client))
    if ("tischblatt" in page or "-tisch-" in page) and not any(text.strip() for text, *_e in shown):
        found.append((page, width, "no figure shown", seen["figures"]))
    return found


def assert_fits(page: str, seen: dict, width: int) -> None:
    problems = fit_problems(page, seen, width)
    assert not problems, problems
