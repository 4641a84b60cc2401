"""The rows behind the published pages (ledger/pages/*.sql), run here with
sqlite3 as Datasette runs them, for the pages served and the files of `cup
publish DIR` alike: the Tischblatt says what the score sheet (reports.sheet)
says, entry by entry (every premium by its name, a Kontra with who gave it
in a negative game, the card points, a hand taken back or corrected struck
through and marked, a Radl, a redeal, a Strafpunkt, the running Schrift and
money), and a round entered from paper reads as played, not as "0" hands.
"""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
from pathlib import Path

import pytest

from schreiber.ledger import pages
from schreiber.ledger.store import Ledger
from schreiber.render import rounded
from schreiber.reports.sheet import build, partner_text
from tests.helpers import cli

CIRCLE = ["Anna", "Berti", "Carl", "Dora"]


def run(db: Path, *args: str) -> str:
    r = cli("--db", str(db), *args)
    assert r.exit_code == 0, (args, r.output)
    return r.stdout


def hand(db: Path, record: dict) -> None:
    run(db, "hand", "add", "--json", json.dumps(record))


@pytest.fixture(scope="module")
def ledger(tmp_path_factory) -> Path:
    """A club evening under hausrunde (its first hands double: a Radl mark on
    them), with premiums of both sides, announced, silent, lost and doubled,
    a Piccolo doubled by one opponent, a Trischaken, card points, a redeal,
    a Strafpunkt, a hand taken back, one voided and one corrected; and a cup
    of eight whose table 2 writes its round on paper."""
    db = tmp_path_factory.mktemp("rows") / "rows.db"
    run(db, "evening", "start", *CIRCLE, "--rules", "hausrunde", "--date", "2026-11-06")
    hand(db, {"contract": "rufer", "declarer": "Berti", "partner": "Dora", "result": "won", "premiums": [
        {"name": "pagat", "party": "declarer", "announced": True, "result": "won", "kontra": "kontra"},
        {"name": "trull", "party": "opponents", "announced": False, "result": "won"}]})  # fmt: skip
    hand(db, {"contract": "piccolo", "declarer": "Dora", "tricks": 1, "kontra": {"Anna": "kontra"}})
    run(db, "redeal")
    hand(db, {"contract": "dreier", "declarer": "Anna", "points": 41,
              "premiums": [{"name": "uhu", "party": "declarer", "announced": True, "result": "lost"}]})  # fmt: skip
    run(db, "strafpunkt", "carl")
    hand(db, {"contract": "trischaken", "scores": {"Carl": 20, "Dora": 10, "Anna": 30, "Berti": 10}})
    hand(db, {"contract": "dreier", "declarer": "Carl", "result": "lost"})
    run(db, "undo")
    hand(db, {"contract": "dreier", "declarer": "Carl", "result": "won"})
    hand(db, {"contract": "dreier", "declarer": "Dora", "result": "won"})
    run(db, "hand", "void", "6")
    run(db, "hand", "edit", "5", "--json", json.dumps({"contract": "dreier", "declarer": "Carl", "result": "won",
                                                      "kontra": "kontra"}))  # fmt: skip
    run(db, "cup", "start", "Papiercup", *CIRCLE, "Emil", "Fritz", "Gerti", "Hans", "--date", "2026-11-20",
        "--seed", "7", "--rounds", "1", "--hands", "4")  # fmt: skip
    tables = json.loads(run(db, "cup", "draw", "--json"))["tables"]
    first = tables[0]
    run(db, "hand", "add", "--evening", str(first["evening"]), "--json",
        json.dumps({"contract": "dreier", "declarer": first["players"][1], "result": "won"}))  # fmt: skip
    second = tables[1]["players"]
    run(db, "cup", "score", "1", "2", *(f"{p}={v:+d}" for p, v in zip(second, (12, -4, -4, -4))))
    return db


def sheet_rows(db: Path, sql: str, evening: int) -> list[list[dict]]:
    """The query's rows of an evening, an entry's rows (one a player) together."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
        con.row_factory = sqlite3.Row
        rows = [dict(r) for r in con.execute(sql, {"abend": str(evening)})]
    seats = len({r["Sitz"] for r in rows})
    return [rows[i : i + seats] for i in range(0, len(rows), seats)]


def test_the_tischblatt_is_the_sheet_the_table_keeps(ledger):
    """Each entry of the sheet, in its order, is a row of the Tischblatt: its
    number, the contract by its name, the partner (Talon, selbst), struck
    through where it is void, each player's Schrift and money after it, the
    sheet's marks (Radl x2, zurückgenommen, storniert, ausgebessert, Ersatz),
    and every premium and Kontra of its record by name."""
    led = Ledger(ledger, read_only=True)
    try:
        evenings = led.evenings()
        sheets = {ev.id: (ev, build(led.sheet_lines(ev), ev)) for ev in evenings}
    finally:
        led.close()
    for evening_id, (ev, (sheet, _totals, rules)) in sheets.items():
        got = sheet_rows(ledger, pages.sql("tischblatt"), evening_id)
        assert len(got) == len(sheet), evening_id
        for r, e in zip(sheet, got):
            first = e[0]
            assert (first["Nr"], first["Spiel"], first["Partner"] or "") == (r.number, r.contract, partner_text(r))
            assert bool(first["Gestrichen"]) == r.void and (first["Vermerk"] or "") == ", ".join(r.marks)
            assert {x["Name"]: x["Stand"] for x in e} == {p: rounded((r.schrift or r.totals)[p], 2) for p in ev.seating}
            assert {x["Name"]: x["Geld"] for x in e} == {p: rounded(r.totals[p], 2) for p in ev.seating}
            record = r.record or {}
            for premium in record.get("premiums") or []:
                assert rules.premiums[premium["name"]].name in (first["Prämien"] or ""), (r.number, first)
            if isinstance(record.get("kontra"), dict):
                assert all(name in first["Kontra"] for name in record["kontra"]), (r.number, first)


def test_the_tischblatt_names_premiums_and_who_gave_a_kontra(ledger):
    """As the sheet shows them: hand 1 a Rufer with Pagat (ultimo) announced and
    doubled, the opponents' silent Trull; hand 2 a Piccolo doubled by Anna
    alone; hand 3 a Dreier with 41 points and an Uhu announced and lost."""
    entries = [e[0] for e in sheet_rows(ledger, pages.sql("tischblatt"), 1) if e[0]["Art"] == "hand"]
    words = [(e["Nr"], e["Ergebnis"], e["Kontra"], e["Prämien"]) for e in entries[:3]]
    assert words == [
        (1, "gewonnen", None, "Pagat ultimo angesagt Kontra, Trull (Gegner)"),
        (2, "gewonnen", "Kontra Anna", None),
        (3, "gewonnen (41)", None, "Uhu angesagt verloren"),
    ]
    assert [e[0]["Spiel"] for e in sheet_rows(ledger, pages.sql("tischblatt"), 1)[2:5]] == [
        "zusammengeschlagen", "Dreier", "Strafpunkt"]  # fmt: skip


def test_a_round_from_paper_reads_as_played(ledger):
    """The paper table's row of Runden und Tische says so (Papier), its sheet
    is one row "Rundensumme (Papier)"; the table that played one hand of
    four reads 1 of 4."""
    with contextlib.closing(sqlite3.connect(f"file:{ledger}?mode=ro", uri=True)) as con:
        con.row_factory = sqlite3.Row
        tables = [dict(r) for r in con.execute(pages.sql("turniere"), {"cup": "Papiercup"})]
    assert [(t["Tisch"], t["Spiele"], t["Soll"], t["Papier"]) for t in tables] == [(1, 1, 4, 0), (2, 0, 4, 1)]
    paper = sheet_rows(ledger, pages.sql("tischblatt"), tables[1]["Abend"])
    assert [e[0]["Spiel"] for e in paper] == ["Rundensumme (Papier)"] and paper[0][0]["Soll"] == 4


def test_a_round_from_paper_reads_as_played_on_the_static_pages(ledger, tmp_path):
    """`cup publish DIR`: Runden und Tische says "von Papier" for the paper
    table and "1 von 4 Spielen" for the other; the paper table's sheet says
    it came from paper, not "0 von 4 Spielen"."""
    run(ledger, "cup", "publish", str(tmp_path / "web"), "--cup", "Papiercup")
    rounds = (tmp_path / "web" / "runden.html").read_text()
    assert "<td>1 von 4 Spielen</td>" in rounds and "<td>von Papier</td>" in rounds
    assert "0 von 4" not in rounds
    sheet = (tmp_path / "web" / "runde-1-tisch-2.html").read_text()
    assert "von Papier (offen)" in sheet and "Rundensumme (Papier)" in sheet and "0 von 4" not in sheet


def test_a_sheet_in_halves_writes_every_figure_alike_on_its_page(tmp_path):
    """Issue 39, point 9, on the published Tischblatt: a Rufer worth 2.5 (the circle's file; 1 in
    standard-koenigrufen.txt:29,31) and a Piccolo 2 (:35): Berti -2,50 after hand 1, -4,50 after hand 2
    (Piccolo Carl won: -2 each). Every figure of the page with two places and the decimal comma,
    as the sheet writes them: -4,50 (-2,00), never -4,5 or (-2) beside a share."""
    from jinja2 import Environment, FileSystemLoader

    from schreiber.publish import template_dir
    from schreiber.reports.site import FRAME

    rules = tmp_path / "halb.toml"
    rules.write_text('base = "standard"\npreset = "halb"\n\n[contracts.rufer]\nvalue = 2.5\n', encoding="utf-8")
    db = tmp_path / "halb.db"
    run(db, "evening", "start", *CIRCLE, "--rules", str(rules))
    run(db, "hand", "add", "rufer", "berti", "carl", "-")
    run(db, "hand", "add", "piccolo", "carl", "+")
    rows = [row for entry in sheet_rows(db, pages.sql("tischblatt"), 1) for row in entry]
    env = Environment(loader=FileSystemLoader(template_dir()), autoescape=True)
    page = env.get_template("schreiber/tischblatt.html").render(
        rahmen=FRAME, database="", datei=lambda name, params=None: "", generator="schreiber",
        canned_query="tischblatt", named_parameter_values={"abend": 1}, rows=rows,
    )  # fmt: skip
    cells = re.findall(r'<td class="zahl punkte">(.*?)</td>', page, re.S)
    figures = [" ".join(re.sub(r"<[^>]+>", "", c).split()) for c in cells]
    assert figures[:4] == ["+2,50 (+2,50)", "-2,50 (-2,50)", "-2,50 (-2,50)", "+2,50 (+2,50)"]
    assert figures[4:8] == ["+0,50 (-2,00)", "-4,50 (-2,00)", "+3,50 (+6,00)", "+0,50 (-2,00)"]
    assert figures[8:12] == ["+0,50", "-4,50", "+3,50", "+0,50"]  # the totals at the foot
