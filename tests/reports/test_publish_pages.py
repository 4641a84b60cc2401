"""The organizer's full view (`schreiber publish`) in a real browser: one
Datasette process for the module, started by `schreiber publish` on the
ledger of tests/reports/publishing.py; headless Chromium takes screenshots
1200 and 390 pixels wide, prints the Ergebnisliste to PDF, and reads every
page back from its DOM (publishing.PROBE): German words and none of
Datasette's English controls, no SQL, a heading with the tournament's (or
the evening's) name and date, signed right-aligned figures, the contracts
by their names, the Tischblatt's running totals and totals row, the start
page's links with their parameters, and at 390 pixels a row on one line.
The server is used by one test only, so that however the tests are spread
over workers it is started once. Skipped, saying why, without Datasette or
Chromium."""

from __future__ import annotations

import json
import re
import sqlite3
import urllib.parse
from fractions import Fraction
from pathlib import Path

import pytest

from tests.cups import SMALL_CUP
from tests.helpers import cli

from .publishing import (
    CLUB_PLAYERS,
    HEADING,
    OTHER_CUP,
    Front,
    Served,
    assert_one_line_a_row,
    assert_public_words,
    build_ledger,
    chromium,
    measured,
    png_width,
    run_all,
    serving,
)

pytest.importorskip("datasette", reason='Datasette is not installed: pip install -e ".[test]"')

SIGNED = re.compile(r"^(\+[1-9]\d*(\.\d\d)?|-[1-9]\d*(\.\d\d)?|-?0\.\d\d|\+0\.\d\d|0)$")  # +13, -4, 0, +1.50


@pytest.fixture(scope="module")
def ledger(tmp_path_factory) -> tuple[Path, dict[str, int]]:
    db = tmp_path_factory.mktemp("pages") / "turnier.db"
    return db, build_ledger(db)


def pages(db: str, club: int) -> dict[str, str]:
    cup = urllib.parse.urlencode({"cup": SMALL_CUP})
    return {
        "start": "/",
        "database": f"/{db}",
        "ergebnisliste": f"/{db}/ergebnisliste?{cup}",
        "rangliste": f"/{db}/rangliste?{cup}",
        "turniere": f"/{db}/turniere",
        "tischblatt": f"/{db}/tischblatt?abend=1",
        "abend": f"/{db}/tischblatt?abend={club}",
        "cupwertung": f"/{db}/cupwertung?saison=2026%2F27",
        "abende": f"/{db}/abende",
        "unbekannt": f"/{db}/ergebnisliste?cup=Keiner",
        "ohne": f"/{db}/tischblatt",
    }


def test_the_full_view_in_a_headless_browser(ledger, tmp_path):
    """Every Chromium run at once (the screenshots, the PDF, the measuring
    page at 1200 and at 390 pixels), then what each shows."""
    browser = chromium()
    if browser is None:
        pytest.skip("no Chromium installed: apt-get install chromium")
    db, ids = ledger
    with serving(db, tmp_path) as served, Front(served) as front:
        shown = pages(served.database, ids["club"])
        phone = {k: shown[k] for k in ("ergebnisliste", "tischblatt", "turniere", "abende")}
        shots = {"liste": "ergebnisliste", "blatt": "tischblatt"}
        runs = {
            f"{name}-{width}": [f"--window-size={width},900", f"--screenshot={tmp_path / f'{name}-{width}.png'}",
                                served.root + shown[page]]
            for name, page in shots.items() for width in (1200, 390)
        }  # fmt: skip
        runs["pdf"] = [
            "--no-pdf-header-footer",
            f"--print-to-pdf={tmp_path / 'liste.pdf'}",
            served.root + shown["ergebnisliste"],
        ]
        runs["wide"] = ["--window-size=1300,900", "--dump-dom", front.probe_url("wide", shown, 1200)]
        runs["phone"] = ["--window-size=800,900", "--dump-dom", front.probe_url("phone", phone, 390)]
        out = run_all(browser, runs, tmp_path)
        wide = measured(out["wide"])
        screenshots_and_the_pdf_are_drawn(tmp_path)
        every_page_is_german_and_shows_no_sql(wide)
        each_page_is_headed_with_the_tournament_or_the_evening_and_its_date(wide, ids["club"])
        the_ergebnisliste_has_signed_right_aligned_figures(wide, db)
        the_tischblatt_runs_its_totals_and_names_contracts_as_players_do(wide, served)
        the_start_pages_links_carry_their_parameters(wide, served)
        at_390_pixels_a_row_keeps_to_one_line(measured(out["phone"]))


def screenshots_and_the_pdf_are_drawn(tmp: Path) -> None:
    for name in ("liste-1200", "liste-390", "blatt-1200", "blatt-390"):
        png = tmp / f"{name}.png"
        assert png.stat().st_size > 10_000 and png_width(png) == int(name.split("-")[1]), name
    pdf = (tmp / "liste.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and len(pdf) > 10_000
    assert re.search(rb"/MediaBox \[0 0 59[45](\.\d+)? 84[12](\.\d+)?\]", pdf)  # A4: 595 x 842 points


def every_page_is_german_and_shows_no_sql(wide: dict) -> None:
    for page, seen in wide.items():
        assert_public_words(page, seen)
    assert "Ergebnisliste" in wide["ergebnisliste"]["text"] and "Geld" in wide["ergebnisliste"]["text"]
    assert "Kein Turnier „Keiner“" in wide["unbekannt"]["text"]  # not "0 results"
    assert "Welcher Tisch?" in wide["ohne"]["text"]


def each_page_is_headed_with_the_tournament_or_the_evening_and_its_date(wide: dict, club: int) -> None:
    for page in ("ergebnisliste", "rangliste", "tischblatt"):
        assert wide[page]["h1"] == [HEADING], page
        assert HEADING in wide[page]["title"], page
    assert "Runde 1, Tisch 1: Tischblatt" in wide["tischblatt"]["text"]
    assert wide["abend"]["h1"] == [f"Abend {club}, 10.12.2026"]
    assert wide["cupwertung"]["h1"] == ["Cupwertung 2026/27"]
    assert wide["start"]["h1"] == ["Tarock-Schreiber"]
    assert HEADING in wide["start"]["text"] and f"{OTHER_CUP}, 4.12.2026" in wide["start"]["text"]


def _table(seen: dict) -> tuple[list[str], list[list[tuple[str, str]]]]:
    """A page's table as the browser shows it: its headings, then its rows (text, alignment of each cell)."""
    head, *rows = seen["cells"]
    return [h[0] for h in head], rows


def the_ergebnisliste_has_signed_right_aligned_figures(wide: dict, db: Path) -> None:
    want = json.loads(cli("--db", str(db), "cup", "standings", "--cup", SMALL_CUP, "--json").stdout)["players"]
    heads, rows = _table(wide["ergebnisliste"])
    assert heads == ["Rang", "Name", "Ort", "Cuppunkte", "Gesamt", "R1", "R2", "Geld"]
    assert [r[1][0] for r in rows] == [p["name"] for p in want]  # <b>Gustl</b> as text, never markup
    for r, p in zip(rows, want):
        total, r1, r2 = (r[i][0] for i in (4, 5, 6))
        assert all(SIGNED.match(x) for x in (total, r1, r2)), r
        assert total == _signed(p["schrift"]) and [r1, r2] == [_signed(x) for x in p["rounds"]]
        assert r[7][0] == p["geld_euro"].replace(".", ",") + " €"
        assert {r[i][1] for i in (0, 3, 4, 5, 6, 7)} == {"right"} and r[1][1] != "right"
    assert any(r[4][0].startswith("+") for r in rows) and any(r[4][0].startswith("-") for r in rows)


def _signed(v: float | int) -> str:
    return ("+" if v > 0 else "") + (str(v) if v == int(v) else f"{v:.2f}").removesuffix(".0")


def the_tischblatt_runs_its_totals_and_names_contracts_as_players_do(wide: dict, served: Served) -> None:
    heads, rows = _table(wide["tischblatt"])
    players = heads[7:]
    assert heads[:7] == ["Nr", "Geber", "Spiel", "Spieler", "Partner", "Ergebnis", "Kontra"]
    body, total = rows[:-1], rows[-1]
    assert [r[2][0] for r in body] == ["Rufer", "Farbendreier", "Rufer", "Piccolo", "Rufer"]
    assert [r[4][0] for r in body][:3] == [body[0][4][0], "", "Talon"] and body[0][4][0] in players
    assert body[0][6][0] == "Kontra" and body[1][5][0] == "verloren"
    running = dict.fromkeys(players, Fraction(0))
    for r in body:
        for p, (cell, align) in zip(players, r[7:]):
            stand, own = re.fullmatch(r"(\S+) \((\S+)\)", cell).groups()
            assert SIGNED.match(stand) and SIGNED.match(own) and align == "right", cell
            running[p] += Fraction(own)
            assert Fraction(stand) == running[p]
    assert total[2][0] == "Summe" and [c[0] for c in total[7:]] == [_signed(int(running[p])) for p in players]
    r1 = {r["Name"]: r["R1"] for r in served.rows("ergebnisliste", cup=SMALL_CUP)}
    assert {p: int(running[p]) for p in players} == {p: r1[p] for p in players}
    assert "farbendreier" not in wide["tischblatt"]["text"]  # the id, never shown
    club = _table(wide["abend"])[1]
    assert [r[2][0] for r in club[:-1]] == ["Dreier", "Dreier"] and _table(wide["abend"])[0][7:] == CLUB_PLAYERS


def the_start_pages_links_carry_their_parameters(wide: dict, served: Served) -> None:
    links = dict(wide["start"]["links"][:4])  # the newest tournament first
    assert links["Ergebnisliste"] == f"/{served.database}/ergebnisliste?cup={OTHER_CUP}"
    small = {text: href for text, href in wide["start"]["links"][4:8]}
    assert small["Ergebnisliste"].endswith("?cup=Cup+%3CHausruck%3E+%26+Co")
    assert small["Cupwertung 2026/27"].endswith("?saison=2026%2F27")
    hrefs = [href for _text, href in wide["start"]["links"] + wide["turniere"]["links"] + wide["abende"]["links"]]
    assert len(hrefs) > 20
    for href in hrefs:
        status, text = served.fetch(href)
        assert status == 200, href
        assert "Kein Turnier" not in text and "Welcher Tisch" not in text and "0 results" not in text, href
        if "?" in href:
            path, query = href.split("?", 1)
            assert served.fetch(f"{path}.json?{query}&_shape=array")[1] != "[]", href


def at_390_pixels_a_row_keeps_to_one_line(phone: dict) -> None:
    for page, seen in phone.items():
        assert_one_line_a_row(page, seen, 390)


def test_the_tischblatt_is_the_sheet_the_table_keeps(ledger):
    """Every evening's Tischblatt, as the shipped query gives it (run here
    with sqlite3, as Datasette runs it), is the score sheet of reports.sheet:
    each counted entry in order, the contract by its name, the partner
    (Talon, selbst), each player's Schrift after it."""
    from schreiber import publish
    from schreiber.ledger.store import Ledger
    from schreiber.render import rounded
    from schreiber.reports.sheet import build, partner_text

    db, _ids = ledger
    sql = publish.shipped()["databases"][publish.SHIPPED_DATABASE]["queries"]["tischblatt"]["sql"]
    led = Ledger(db, read_only=True)
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    con.row_factory = sqlite3.Row
    try:
        evenings = led.evenings()
        assert len(evenings) == 8
        for ev in evenings:
            sheet, _totals, _rules = build(led.sheet_lines(ev), ev)
            counted = [r for r in sheet if not r.void and r.kind not in ("radl", "redeal")]
            want = [
                (r.number, r.contract, partner_text(r), {p: rounded((r.schrift or r.totals)[p], 2) for p in ev.seating})
                for r in counted
            ]
            rows = [dict(r) for r in con.execute(sql, {"abend": str(ev.id)})]
            by_entry = [rows[i : i + len(ev.seating)] for i in range(0, len(rows), len(ev.seating))]
            got = [
                (e[0]["Nr"], e[0]["Spiel"], e[0]["Partner"] or "", {r["Name"]: r["Stand"] for r in e}) for e in by_entry
            ]
            assert got == want, ev.id
    finally:
        con.close()
        led.close()
