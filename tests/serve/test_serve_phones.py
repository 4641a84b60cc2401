"""Two phones at one table play a whole `ooe` evening of 16 hands
(issue 40): `schreiber serve` started for real, headless Chromium driven
through chromedriver, each phone a browser of its own at 390 x 844 asking
for German pages. Phone A (JavaScript on) enters hands by taps and by the
short notation (one by the notation's suggestions), takes one back with
undo, replaces one (ändern N), sees phone B's hands arrive without being
reloaded, and loses the answer to one entry: its page keeps the hand,
says plainly it has not reached the ledger, sends it again with the same
key, and the server enters it once. Phone B (JavaScript off: plain forms)
enters hands too, and sends one from a page made stale by phone A's hand:
it is refused, and the page shows the new state with the line typed kept.
The same hands typed at the command line into a ledger of their own give
`balance --json` and `sheet --json` equal byte for byte. The table page
and a cup's desk page (its Ergebnisliste) are read from the DOM at 390
and 1200 pixels: nothing scrolls sideways, every figure of the sheet, the
standing and the list is inside the window; `erklär N` and the settlement are those of the command line.
Skipped, saying why, without Datasette, segno, Chromium or chromedriver."""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import cli
from tests.reports.publishing import chromium, free_port, stop

from .webdriver import WAIT, Phone, chromedriver, phones

pytest.importorskip("datasette", reason='Datasette is not installed: pip install -e ".[test]"')
pytest.importorskip("segno", reason='segno is not installed: pip install -e ".[test]"')
pytestmark = pytest.mark.skipif(
    chromium() is None or chromedriver() is None, reason="Chromium and chromedriver are needed for the phones"
)

PLAYERS = ["Anna", "Berti", "Carl", "Dora"]  # Anna deals the first hand, Berti is its Vorhand
START = ["evening", "start", *PLAYERS, "--rules", "ooe", "--date", "2026-11-28"]
# Each step: who does it, how, and what the command line types for it (the reference ledger).
TAPPED = {
    2: ({"spiel": "rufer", "spieler": "Carl", "partner": "Dora", "ergebnis": "won", "kontra_0": "kontra",
         "praemie_pagat": "angesagt"},
        {"contract": "rufer", "declarer": "Carl", "partner": "Dora", "result": "won", "kontra": "kontra",
         "kontra_from": "Anna", "premiums": [{"name": "pagat", "party": "declarer", "announced": True,
                                              "result": "won"}]}),
    4: ({"spiel": "piccolo", "spieler": "Berti", "punkte": "1", "kontra_2": "kontra"},
        {"contract": "piccolo", "declarer": "Berti", "tricks": 1, "kontra": {"Carl": "kontra"}}),
    6: ({"spiel": "trischaken", "augen_0": "20", "augen_1": "15", "augen_2": "25", "augen_3": "10"},
        {"contract": "trischaken", "scores": {"Anna": 20, "Berti": 15, "Carl": 25, "Dora": 10}}),
    8: ({"spiel": "dreier", "spieler": "Dora", "punkte": "30"}, {"contract": "dreier", "declarer": "Dora", "points": 30}),
    11: ({"spiel": "bettel", "spieler": "Carl", "ergebnis": "won", "kontra_3": "kontra"},
         {"contract": "bettel", "declarer": "Carl", "result": "won", "kontra": {"Dora": "kontra"}}),
    14: ({"spiel": "rufer", "spieler": "Carl", "partner": "Anna", "ergebnis": "lost", "praemie_trull": "still",
          "partei_trull": "opponents"},
         {"contract": "rufer", "declarer": "Carl", "partner": "Anna", "result": "lost",
          "premiums": [{"name": "trull", "party": "opponents", "announced": False, "result": "won"}]}),
}  # fmt: skip
TYPED = {1: ("A", "rufer berti carl +"), 3: ("B", "dreier anna 41"), 7: ("A", "bettel anna -"),
         9: ("B", "rufer berti anna +"), 10: ("A", "farbendreier carl +"), 13: ("B", "piccolo dora 0"),
         15: ("A", "sechserdreier dora 41"), 16: ("A", "rufer anna berti +")}  # fmt: skip
SUGGESTED = "rufer Berti talon -"  # hand 5, by the suggestions under the line
WRONG_12, RIGHT_12 = "dreier berti +", "rufer anna dora -"
EDIT_13 = "piccolo dora 1"
LOSE_NEXT_ANSWER = """
var real = window.fetch;
window.offline = false;
window.fetch = function (url, options) {
  if (window.offline) { return Promise.reject(new TypeError("no network")); }
  var answer = real.apply(this, arguments);
  if (options && options.method === "POST" && !window.lost) {
    window.lost = window.offline = true;  // the server gets the entry and answers; the answer never arrives
    return answer.then(function () { throw new TypeError("the network dropped the answer"); });
  }
  return answer;
};"""  # and the network stays down (every retry fails) until the test brings it back
# Where every figure of the page stands, and how wide the page is against its window.
MEASURE = """
var out = {page: [document.documentElement.scrollWidth, document.documentElement.clientWidth, window.innerWidth]};
out.figures = Array.prototype.map.call(document.querySelectorAll("td.zelle, td.fig, th.fig"), function (c) {
  var r = c.getBoundingClientRect(); return [c.innerText, r.left, r.right, r.width];
});
return out;"""


def reference(db: Path) -> None:
    """The evening typed at the command line, as the phones enter it."""

    def run(*args: str) -> None:
        r = cli("--db", str(db), *args)
        assert r.exit_code == 0, (args, r.output)

    run(*START)
    for n in range(1, 17):
        if n == 5:
            run("hand", "add", *SUGGESTED.split())
        elif n == 12:
            run("hand", "add", *WRONG_12.split())
            run("undo")
            run("hand", "add", *RIGHT_12.split())
        elif n in TAPPED:
            run("hand", "add", "--json", json.dumps(TAPPED[n][1]))
        else:
            run("hand", "add", *TYPED[n][1].split())
    run("hand", "edit", "13", *EDIT_13.split())


@contextlib.contextmanager
def serving(db: Path, home: Path):
    """`schreiber serve` in a process of its own until it has printed its links (bounded)."""
    port = free_port()
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), SCHREIBER_LANG="en")
    env.pop("SCHREIBER_DB", None)
    log = home / "serve.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "schreiber", "--db", str(db), "serve", "--port", str(port)],
                                stdout=out, stderr=subprocess.STDOUT, env=env)  # fmt: skip
    try:
        deadline = time.monotonic() + WAIT
        while "Desk:" not in log.read_text():
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"schreiber serve did not start: {log.read_text()}")
            time.sleep(0.1)  # polling its output, bounded by the deadline
        text = log.read_text()
        table = re.search(r"^  (http://\S+/t/\S+)$", text, re.M)[1]
        desk = re.search(r"^Desk: (http://\S+)$", text, re.M)[1]
        yield table, desk
    finally:
        stop(proc)


def tap_hand(phone, fields: dict[str, str]) -> None:
    """A hand entered by taps: the contract picked, each choice tapped."""
    phone.choose("#spiel", fields["spiel"])
    for name, value in fields.items():
        if name == "spiel":
            continue
        if name in ("spieler", "partner", "ergebnis"):
            phone.tap(f'#tipp-form input[name={name}][value="{value}"]')
        elif name.startswith(("augen_", "punkte")):
            phone.type(f"#tipp-form #{name}", value)
        elif name.startswith(("praemie_", "partei_")):
            if not phone.js("return document.querySelector('details[data-for=premiums]').open"):
                phone.tap("details[data-for=premiums] summary")
            phone.choose(f'#tipp-form select[name="{name}"]', value)
        else:
            phone.choose(f"#tipp-form select[name={name}]", value)
    phone.tap("#tipp-form button[type=submit]")


def said(phone, text: str) -> None:
    try:
        phone.wait(lambda: text in phone.text("#meldung"), f"the page says {text!r}")
    except AssertionError as exc:
        logs = phone.call("POST", "/se/log", {"type": "browser"})
        logs = [
            logs,
            phone.js(
                "return [JSON.stringify(localStorage), document.getElementById('offen').className, "
                "(document.getElementById('zeile') || {}).value, document.readyState]"
            ),
        ]
        raise AssertionError(f"{exc}; it says {phone.text('#meldung')!r}; the browser's log: {logs}") from None


def type_hand(phone, line: str, number: int, scripted: bool) -> None:
    if not scripted:  # without JavaScript the page stays as loaded: a player loads it anew before typing
        phone.go(phone.url().split("?")[0])
    phone.type("#zeile", line)
    if scripted:
        phone.tap("#zeile-form button[type=submit]")
    else:
        phone.send("#zeile")
    said(phone, f"Spiel {number}:")


def fits(phone, page: str, width: int) -> None:
    seen = phone.js(MEASURE)
    scroll, client, inner = seen["page"]
    assert scroll <= client <= width and inner == width, (page, width, seen["page"])
    shown = [f for f in seen["figures"] if f[0].strip()]
    assert shown, page
    out = [f for f in shown if f[3] <= 0 or f[1] < -0.5 or f[2] > client + 0.5]
    assert not out, (page, width, out[:5])


def test_two_phones_play_an_evening(tmp_path):
    db, ref = tmp_path / "abend.db", tmp_path / "cli.db"
    r = cli("--db", str(db), *START)
    assert r.exit_code == 0, r.output
    reference(ref)
    with serving(db, tmp_path) as (table, desk), phones(tmp_path, chromium(), True, False) as (a, b):
        a.go(table)
        b.go(table)
        assert "Abend 1, 2026-11-28, ooe" in a.text("#kopf") and "Berti ist Vorhand" in a.text("#naechstes")
        for n in range(1, 17):
            play(a, b, n)
        for args in (["balance", "--json"], ["sheet", "--json"], ["balance", "--json", "--schrift"]):
            assert cli("--db", str(db), *args).stdout == cli("--db", str(ref), *args).stdout, args
        cup_day(db)
        check_pages(a, table, desk)


def cup_day(db: Path) -> None:
    """A cup beside the evening, drawn, a hand played at its first table: its desk page has an Ergebnisliste."""

    def run(*args: str) -> str:
        r = cli("--db", str(db), *args)
        assert r.exit_code == 0, (args, r.output)
        return r.stdout

    names = ["Maximilian", "Bartholomäus", "Konstantin", "Friederike", "Wolfgang", "Gerti", "Hans", "Ida"]
    run("cup", "start", "Handycup", *names, "--date", "2026-11-28", "--seed", "3", "--rounds", "2")
    first = json.loads(run("cup", "draw", "--json"))["tables"][0]
    seated = first["players"]
    run("hand", "add", "--evening", str(first["evening"]), "--json",
        json.dumps({"contract": "dreier", "declarer": seated[2], "points": 44, "kontra": "kontra"}))  # fmt: skip


def play(a, b, n: int) -> None:
    """Hand ``n`` as the phones enter it (phone A once its page shows the hands phone B entered)."""
    a.wait(lambda: f"Spiel {n}:" in a.text("#naechstes"), f"phone A's page is at hand {n}")
    if n == 5:  # by the notation's suggestions: "ruf", tap "rufer", tap "Berti", then the rest typed
        a.type("#zeile", "ruf")
        a.wait(lambda: "rufer" in a.text("#vorschlaege").split("\n"), "rufer is offered")
        a.tap("#vorschlaege button:first-child")
        a.wait(lambda: "Berti" in a.text("#vorschlaege"), "the players are offered after the contract")
        a.js(
            "Array.prototype.find.call(document.querySelectorAll('#vorschlaege button'), "
            "function (b) { return b.textContent === 'Berti'; }).click()"
        )
        a.type("#zeile", "talon -", clear=False)
        assert a.js("return document.getElementById('zeile').value") == SUGGESTED
        a.tap("#zeile-form button[type=submit]")
        said(a, "Spiel 5:")
    elif n == 8:  # phone B's page is from before hand 8: its line is refused, the new state shown
        b.go(b.url())
        tap_hand(a, TAPPED[8][0])
        said(a, "Spiel 8:")
        b.type("#zeile", "rufer anna berti +")
        b.send("#zeile")
        said(b, "Der Abend wurde inzwischen anderswo geändert (1 Eintrag neu)")
        assert "Nichts wurde eingetragen" in b.text("#meldung")
        assert b.js("return document.getElementById('zeile').value") == "rufer anna berti +"
        assert "Spiel 9" in b.text("#naechstes") and "Dreier Dora" in b.text("#blatt")
    elif n == 10:  # the answer lost: kept, said, sent again with its key, entered once
        a.js(LOSE_NEXT_ANSWER)
        a.type("#zeile", TYPED[10][1])
        a.tap("#zeile-form button[type=submit]")
        a.wait(lambda: "NOCH NICHT im Schreiber: farbendreier carl +" in a.text("#offen"), "the page says so")
        assert a.js("return document.getElementById('zeile').value") == TYPED[10][1]
        a.js("window.offline = false")  # the network is back
        a.tap("#offen-jetzt")
        said(a, "Das war schon eingetragen")
        a.wait(lambda: "Spiel 11" in a.text("#naechstes"), "hand 10 is on the sheet once")
    elif n == 12:  # a wrong hand, taken back, the right one
        type_hand(a, WRONG_12, 12, True)
        a.tap("#mehr summary")
        a.tap("#f-undo button")
        said(a, "Zurückgenommen: Spiel 12")
        type_hand(a, RIGHT_12, 12, True)
    elif n == 13:
        type_hand(b, TYPED[13][1], 13, False)
        a.wait(lambda: "Piccolo Dora" in a.text("#blatt"), "phone B's hand shows on phone A without a reload")
        if not a.js("return document.getElementById('mehr').open"):
            a.tap("#mehr summary")
        a.type("#nummer", "13")
        a.type("#f-edit input[name=zeile]", EDIT_13)
        a.tap("#f-edit button")
        said(a, "Spiel 13 ausgebessert")
    elif n in TAPPED:
        tap_hand(a, TAPPED[n][0])
        said(a, f"Spiel {n}:")
    else:
        who, line = TYPED[n]
        if n == 9:  # on the page of the refusal, which shows the evening as it is
            b.type("#zeile", line)
            b.send("#zeile")
            said(b, "Spiel 9:")
        else:
            type_hand(a if who == "A" else b, line, n, who == "A")
        if who == "B" and n == 3:
            a.wait(lambda: "Spiel 4" in a.text("#naechstes"), "phone A follows without a reload")


def check_pages(a, table: str, desk: str) -> None:
    """The table page and the desk page fit a phone and a desk; erklär and the settlement are the CLI's."""
    a.go(table + "?erklaer=2")
    assert "Pagat" in a.text("#erklaerung")
    a.go(table + "?abrechnung=1")
    assert "zahlt" in a.text("#abrechnung")
    a.go(table)
    a.screenshot(Path(a.driver.log.name).with_name("tisch-390.png"))
    fits(a, "table", 390)
    a.go(desk)
    assert "Abend 1" in a.text("#pult") and "16 Spiele" in a.text("#pult")
    fits_desk = a.js("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert fits_desk[0] <= fits_desk[1] <= 390, fits_desk
    a.tap("#pult p.box a")  # the cup's own desk page
    a.wait(lambda: "Ergebnisliste" in a.text("#pult"), "the cup's desk page")
    assert "Tisch 1: 1 von 16 Spielen" in a.text("#pult")
    cup_desk = a.url()
    a.screenshot(Path(a.driver.log.name).with_name("pult-390.png"))
    fits(a, "cup desk", 390)
    wide = Phone(a.driver, chromium(), Path(a.driver.log.name).with_name("desk"), width=1200)
    try:
        wide.go(table)
        fits(wide, "table", 1200)
        wide.screenshot(Path(a.driver.log.name).with_name("tisch-1200.png"))
        wide.go(cup_desk)
        fits(wide, "cup desk", 1200)
        wide.screenshot(Path(a.driver.log.name).with_name("pult-1200.png"))
    finally:
        wide.close()
