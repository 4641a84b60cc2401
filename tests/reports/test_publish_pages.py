"""The organizer's full view (`schreiber publish`) in a real browser: one
Datasette process for the module, started by `schreiber publish` on the
ledger of tests/reports/publishing.py; headless Chromium takes screenshots
1200 and 390 pixels wide, prints the Ergebnisliste to PDF, and reads every
page back from its DOM (publishing.PROBE): German words and none of
Datasette's English controls, no SQL, a heading with the tournament's (or
the evening's) name and date, signed right-aligned figures, the contracts
by their names, the Tischblatt's running totals and totals row, the start
page's links with their parameters, the Tischblatt showing what the sheet
shows (a premium, a Kontra with who gave it), and the table pages of the
ledger in German without Datasette's English controls or SQL (whether every
page fits its width: test_pages_fit.py).
The server is used by one test only, so that however the tests are spread
over workers it is started once. Skipped, saying why, without Datasette or
Chromium."""

from __future__ import annotations

import json
import re
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
    assert_public_words,
    build_ledger,
    by_width,
    chromium,
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
        "sitzplan": f"/{db}/sitzplan?{cup}",
        "saisonen": f"/{db}/saisonen",
        "tabelle": f"/{db}/entries",
        "ansicht": f"/{db}/v_hands",
        "zeile": f"/{db}/players/1",
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
        out = run_all(browser, runs, tmp_path)
        wide = by_width(out["wide"])[1200]
        screenshots_and_the_pdf_are_drawn(tmp_path)
        every_page_is_german_and_shows_no_sql(wide)
        each_page_is_headed_with_the_tournament_or_the_evening_and_its_date(wide, ids["club"])
        the_ergebnisliste_has_signed_right_aligned_figures(wide, db)
        the_tischblatt_runs_its_totals_and_names_contracts_as_players_do(wide, served)
        the_start_pages_links_carry_their_parameters(wide, served)
        the_ledgers_tables_are_german_pages(wide)


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
    players = heads[5:]
    assert heads[:5] == ["Nr", "Geber", "Spiel", "Spieler", "Ergebnis"]
    foot = [r for r in rows if r[2][0] in ("Summe", "Geld in Punkten (mit Kontra)")]
    body, total = rows[: -len(foot)], foot[0]
    assert [r[2][0] for r in body] == ["Rufer", "Farbendreier", "Rufer", "Piccolo", "Rufer", "Rufer"]
    declarer, partner = body[0][3][0].split(" + ")  # the declarer with his partner
    assert {declarer, partner} <= set(players) and body[2][3][0].endswith(" + Talon") and " + " not in body[1][3][0]
    assert body[0][4][0] == "gewonnen, Kontra" and body[1][4][0] == "verloren"
    assert body[4][4][0] == "gewonnen, Pagat angesagt, zurückgenommen"  # the hand taken back, struck through
    assert [c[0] for c in body[4][5:]] == ["–"] * len(players)
    assert body[5][4][0] == "gewonnen, Pagat angesagt"  # the premium, as the sheet has it
    running = dict.fromkeys(players, Fraction(0))
    for r in body[:4] + body[5:]:
        for p, (cell, align) in zip(players, r[5:]):
            stand, own = re.fullmatch(r"(\S+) \((\S+)\)", cell).groups()
            assert SIGNED.match(stand) and SIGNED.match(own) and align == "right", cell
            running[p] += Fraction(own)
            assert Fraction(stand) == running[p]
    assert total[2][0] == "Summe" and [c[0] for c in total[5:]] == [_signed(int(running[p])) for p in players]
    assert foot[1][2][0] == "Geld in Punkten (mit Kontra)"  # the Kontra of hand 1: the money differs
    r1 = {r["Name"]: r["R1"] for r in served.rows("ergebnisliste", cup=SMALL_CUP)}
    assert {p: int(running[p]) for p in players} == {p: r1[p] for p in players}
    assert "farbendreier" not in wide["tischblatt"]["text"]  # the id, never shown
    club = _table(wide["abend"])[1]
    assert [r[2][0] for r in club[:-1]] == ["Dreier", "Dreier"] and _table(wide["abend"])[0][5:] == CLUB_PLAYERS
    assert [r[4][0] for r in club[:-1]] == ["gewonnen (40)", "gewonnen (40)"]  # the card points, as the sheet


def the_start_pages_links_carry_their_parameters(wide: dict, served: Served) -> None:
    links = dict(wide["start"]["links"][:5])  # the newest tournament first
    assert links["Ergebnisliste"] == f"/{served.database}/ergebnisliste?cup={OTHER_CUP}"
    small = {text: href for text, href in wide["start"]["links"][5:10]}
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


def the_ledgers_tables_are_german_pages(wide: dict) -> None:
    """A table, a view and a row of the full view: German, no filters, no SQL (assert_public_words above)."""
    assert wide["tabelle"]["h1"] == ["Einträge"] and "Zeilen" in wide["tabelle"]["text"]
    assert wide["ansicht"]["h1"] == ["Spiele (Ansicht)"]
    assert wide["zeile"]["h1"][0].startswith("Spieler: 1") and "Verweise aus anderen Tabellen" in wide["zeile"]["text"]
    for page in ("tabelle", "ansicht", "zeile"):
        assert "JSON" in wide[page]["text"] and "Apply" not in wide[page]["text"], page
