"""`schreiber cup publish DIR`: a tournament's results as a static site,
the pages `schreiber publish` serves (the same templates, the same
queries), written as files.

A cup of 12 players, two rounds of three tables, a few hands each (one
taken back and entered again), published; the pages read back with the
standard library's HTML parser: every file there, every link relative and
leading to a page of the site, the Ergebnisliste equal to `cup standings
--json` with signed, right-aligned figures, German headings and no
contract ids, each Tischblatt's running Schrift and totals rows equal to
`sheet --json`, the seating list, every name escaped. Writing: a folder
made, pages written before replaced (and one an earlier publish wrote and
this one does not, removed), nothing else touched, a ledger never written
over."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from schreiber.domain.rules import load_rules
from tests.cups import SMALL_CUP, play_small_cup
from tests.helpers import cli, dump, refused_line

PLAYERS = 12
TABLES = {1: 3, 2: 3}  # round -> tables
OWN = ["index.html", "ergebnisliste.html", "rangliste.html", "runden.html", "sitzplan.html"]  # headed with the cup
PAGES = (
    OWN
    + ["cupwertung.html", "saisonen.html"]
    + [f"runde-{r}-tisch-{t}.html" for r, n in TABLES.items() for t in range(1, n + 1)]
)


class Page(HTMLParser):
    """What a test reads of a page: its text by element, its links, its
    tables' rows (a cell's text without what it stacks below it on a phone,
    which is kept apart in ``stacked``)."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.h1: list[str] = []
        self.h2: list[str] = []
        self.heads: list[list[str]] = []  # each table's column headings
        self.rows: list[tuple[str, list[tuple[str, str]]]] = []  # (the row's class, [(cell class, text)])
        self.stacked: list[str] = []  # each cell's line below it on a phone (small class="schmal")
        self.text: list[str] = []
        self._in: list[tuple[str, str]] = []  # (tag, class) of the open elements
        self._cell: list[str] | None = None
        self._cls = ""
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self._in.append((tag, a.get("class") or ""))
        if tag == "a":
            self.links.append(a.get("href") or "")
        if tag == "tr":
            self.rows.append((a.get("class") or "", []))
        if tag in ("td", "th"):
            self._cell, self._cls = [], a.get("class") or ""
        if tag == "thead":
            self.heads.append([])
        if tag == "small" and a.get("class") == "schmal":
            self.stacked.append("")

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            text = "".join(self._cell).strip()
            if any(t == "thead" for t, _c in self._in):
                self.heads[-1].append(text)
            else:
                self.rows[-1][1].append((self._cls, text))
            self._cell = None
        while self._in and self._in.pop()[0] != tag:
            pass

    def handle_data(self, data):
        tags = {t for t, _c in self._in}
        if ("small", "schmal") in self._in:
            self.stacked[-1] += data
        elif self._cell is not None:
            self._cell.append(data)
        if "h1" in tags:
            self.h1.append(data)
        if "h2" in tags:
            self.h2.append(data)
        if not {"style", "title", "script"} & tags:
            self.text.append(data)

    @property
    def body(self) -> list[list[tuple[str, str]]]:
        """The rows with cells (td), not the heading rows."""
        return [cells for _cls, cells in self.rows if cells]


@pytest.fixture(scope="module")
def published(tmp_path_factory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("cup")
    db = folder / "cup.db"
    play_small_cup(db)
    site = folder / "web" / "turnier"  # made, with the folder above it
    r = cli("--db", str(db), "cup", "publish", str(site))
    assert r.exit_code == 0, r.output
    assert f"{len(PAGES)} pages written to {site}" in r.stdout
    return db, site


def pages(site: Path) -> dict[str, Page]:
    return {p.name: Page(p.read_text(encoding="utf-8")) for p in sorted(site.glob("*.html"))}


def sg(x: object) -> str:
    """A figure of --json as the pages write it: signed, whole or to two places; 0 as 0."""
    v = Fraction(str(x))
    if v == 0:
        return "0"
    return f"{int(v):+d}" if v.denominator == 1 else f"{float(v):+.2f}"


def as_json(db: Path, *args: str) -> dict:
    r = cli("--db", str(db), *args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_every_page_is_written(published):
    _db, site = published
    assert sorted(p.name for p in site.iterdir()) == sorted(PAGES)  # 5 pages and 6 Tischblätter, nothing beside


def test_every_link_is_relative_and_leads_to_a_page_of_the_site(published):
    _db, site = published
    read = pages(site)
    reached, todo = {"index.html"}, ["index.html"]
    for name, page in read.items():
        for href in page.links:
            parts = urlsplit(href)
            assert not parts.scheme and not parts.netloc and not href.startswith("/"), (name, href)
            if not parts.path:  # a place on the page itself (the seating list's letters)
                assert f'id="{parts.fragment}"' in (site / name).read_text(), (name, href)
                continue
            assert (site / parts.path).resolve().parent == site.resolve() and (site / parts.path).is_file(), href
    while todo:  # every page is reached from the index
        for href in read[todo.pop()].links:
            if href not in reached and not href.startswith("#"):
                reached.add(href)
                todo.append(href)
    assert reached == set(PAGES)


def test_every_page_has_the_tournaments_name_and_date_as_its_heading(published):
    _db, site = published
    read = pages(site)
    for name, page in read.items():
        if name in OWN or name.startswith("runde-"):
            assert "".join(page.h1) == f"{SMALL_CUP}, 20.11.2026", name  # the name as typed: escaped, read back whole
    assert "".join(read["cupwertung.html"].h1) == "Cupwertung 2026/27"
    assert "".join(read["saisonen.html"].h1) == "Saisonen"
    assert "&lt;Hausruck&gt; &amp; Co" in (site / "index.html").read_text()


def test_the_ergebnisliste_is_the_standings_with_signed_right_aligned_figures(published):
    db, site = published
    want = as_json(db, "cup", "standings")["players"]
    page = pages(site)["ergebnisliste.html"]
    assert page.heads == [["Rang", "Name", "Ort", "Cuppunkte", "Gesamt", "R1", "R2", "Geld"]]
    assert "".join(page.h2) == "Ergebnisliste"
    rows = page.body
    assert len(rows) == PLAYERS
    for row, p in zip(rows, want):
        texts = [t for _c, t in row]
        assert texts[:4] == [f"{p['rank']}.", p["name"], p["ort"] or "", str(p["cup_points"])]
        assert texts[4:7] == [sg(x) for x in [p["schrift"], *p["rounds"]]]
        assert texts[7] == f"{p['geld_euro'].replace('.', ',')} €"  # German pages: the decimal comma
        assert all(re.fullmatch(r"[+-]\d+|0", t) for t in texts[4:7]), texts  # every figure signed, 0 as 0
        assert [c for c, _t in row] == ["zahl", "name", "breit", "zahl", "zahl", "zahl breit", "zahl breit",
                                        "zahl breit"]  # fmt: skip
    assert any(t.startswith("-") for row in rows for _c, t in row[4:5])  # someone lost: a minus is there too
    assert "<b>Gustl</b>" in [t for row in rows for _c, t in row]  # the name as text, not markup
    # on a phone the rounds, the place and the money stand below the name (the columns marked breit left out)
    for below, p in zip(page.stacked, want):
        parts = ([p["ort"]] if p["ort"] else []) + [f"R{n} {sg(x)}" for n, x in enumerate(p["rounds"], start=1)]
        assert below == " · ".join([*parts, f"Geld {p['geld_euro'].replace('.', ',')} €"]), below


def test_the_pages_are_german_and_name_contracts_as_players_say_them(published):
    _db, site = published
    rules = load_rules("ooe")
    ids = {*rules.contracts, *rules.premiums, "won", "lost", "talon", "None", "null"}
    english = {"Round", "Table", "Rank", "Total", "hands", "played", "Contract", "Declarer", "Result", "Dealer"}
    for name, page in pages(site).items():
        words = set(re.findall(r"[\w-]+", " ".join(page.text)))
        assert not words & ids, (name, words & ids)  # farbendreier, koenig-ultimo, ...: never shown
        assert not words & english, (name, words & english)
    blatt = pages(site)["runde-1-tisch-1.html"]
    assert blatt.heads[0][:5] == ["Nr", "Geber", "Spiel", "Spieler", "Ergebnis"]
    cells = {t for row in blatt.body for _c, t in row}
    assert {"Farbendreier", "Rufer", "Piccolo", "gewonnen, Kontra", "gewonnen, Pagat angesagt"} <= cells
    assert any(c.endswith(" + Talon") for c in cells)  # the king lay in the talon
    assert "gewonnen, Pagat angesagt, zurückgenommen" in cells  # the hand taken back, as the sheet marks it


def running(hands_and_events: list[dict], players: list[str]) -> list[tuple[int | None, dict, bool]]:
    """(hand number, running Schrift, voided) after each row of ``sheet --json``, in order."""
    total = {p: Fraction(0) for p in players}
    out = []
    for row in hands_and_events:
        if not row["void"]:
            for p, v in (row.get("schrift") or row["payments"]).items():
                total[p] += Fraction(str(v))
        out.append((row.get("number"), dict(total), row["void"]))
    return out


def test_each_tischblatt_has_the_running_schrift_and_the_totals_of_sheet_json(published):
    db, site = published
    read = pages(site)
    status = as_json(db, "cup", "status")["tables"]
    assert len(status) == sum(TABLES.values())
    for t in status:
        sheet = as_json(db, "sheet", "--evening", str(t["evening"]))
        players = t["players"]
        page = read[f"runde-{t['round']}-tisch-{t['table']}.html"]
        assert page.heads[0][5:] == players
        rows = [cells for cls, cells in page.rows if cells and cls not in ("summe", "geld")]
        assert len(rows) == len(sheet["hands"]) and not sheet["events"]
        for cells, (number, total, void) in zip(rows, running(sheet["hands"], players)):
            texts = [text for _c, text in cells]
            assert texts[0] == str(number)
            figures = [text.split(" ")[0] for text in texts[5:]]  # the running total; the hand's own in brackets
            assert figures == (["–"] * 4 if void else [sg(total[p]) for p in players])
        foot = {cls: [text for _c, text in cells][5:] for cls, cells in page.rows if cls in ("summe", "geld")}
        assert foot["summe"] == [sg(sheet["schrift_totals"][p]) for p in players]
        assert foot["geld"] == [sg(sheet["totals"][p]) for p in players]  # Kontra: the money differs
    voided = [cls for cls, _cells in read["runde-1-tisch-1.html"].rows if cls == "gestrichen"]
    assert voided == ["gestrichen"]  # the hand taken back stays on the sheet, struck through


def test_the_rounds_page_lists_each_rounds_tables_and_how_far_each_is(published):
    db, site = published
    page = pages(site)["runden.html"]
    status = as_json(db, "cup", "status")["tables"]
    assert [[t for _c, t in row][:3] for row in page.body] == [
        [str(t["table"]), ", ".join(t["players"]), f"{t['hands']} von 16 Spielen"] for t in status
    ]
    assert [h for h in page.links if "tisch" in h] == [f"runde-{t['round']}-tisch-{t['table']}.html" for t in status]


def test_the_seating_list_gives_each_player_his_table_in_every_round_by_the_alphabet(published):
    db, site = published
    page = pages(site)["sitzplan.html"]
    assert page.heads == [["Name", "Ort", "Runde 1R1", "Runde 2R2"]]  # "R1" on a phone
    seated = {p: {} for t in as_json(db, "cup", "status")["tables"] for p in t["players"]}
    for t in as_json(db, "cup", "status")["tables"]:
        for p in t["players"]:
            seated[p][t["round"]] = f"Tisch {t['table']}"
    names = [row[0][1] for row in page.body]
    assert names == sorted(seated, key=str.casefold) and len(names) == PLAYERS  # <b>Gustl</b> first: "<"
    for row in page.body:
        assert [t for _c, t in row[2:]] == [seated[row[0][1]][r] for r in (1, 2)], row
    html = (site / "sitzplan.html").read_text()
    assert '<p class="suche" hidden>' in html  # the search box shows only where the script runs
    assert [h for h in page.links if h.startswith("#")] == ["#sitz-A", "#sitz-B", "#sitz-C", "#sitz-D", "#sitz-E",
                                                           "#sitz-F", "#sitz-G", "#sitz-H", "#sitz-I", "#sitz-J",
                                                           "#sitz-K"]  # fmt: skip
    assert all(f'id="{h[1:]}"' in html for h in page.links if h.startswith("#"))


def test_the_cupwertung_is_the_season(published):
    db, site = published
    want = as_json(db, "cup", "season")["players"]
    page = pages(site)["cupwertung.html"]
    assert page.heads == [["Rang", "Name", "Cuppunkte", "Wertungen", "Turniere", "Finale"]]
    assert [[t for _c, t in row][:3] for row in page.body] == [
        [f"{p['rank']}.", p["name"], str(p["points"])] for p in want
    ]
    assert (
        page.stacked[0]
        == f"{want[0]['played']} Turnier · {want[0]['results']} gewertet · Finale {want[0]['final_rank']}."
    )
    archive = pages(site)["saisonen.html"]
    assert [[t for _c, t in row] for row in archive.body] == [["20.11.2026", SMALL_CUP, "12", want[0]["name"]]]


def test_publishing_again_replaces_its_own_pages_and_leaves_every_other_file(published, tmp_path):
    db, site = published
    folder = tmp_path / "web"
    folder.mkdir()
    (folder / "verein.html").write_text("<p>Unser Verein</p>")
    assert cli("--db", str(db), "cup", "publish", str(folder)).exit_code == 0
    earlier = (folder / "index.html").read_text()
    (folder / "runde-1.html").write_text(earlier)  # a page an earlier schreiber wrote, no longer written
    (folder / "index.html").write_text((folder / "index.html").read_text().replace("Übersicht", "alt"))
    r = cli("--db", str(db), "cup", "publish", str(folder))
    assert r.exit_code == 0, r.output
    assert (folder / "verein.html").read_text() == "<p>Unser Verein</p>"
    assert (folder / "index.html").read_text() == (site / "index.html").read_text()
    assert sorted(p.name for p in folder.iterdir()) == sorted([*PAGES, "verein.html"])  # no temporary file left


def test_a_page_name_taken_by_another_file_is_refused_and_nothing_is_written(published, tmp_path):
    db, _site = published
    folder = tmp_path / "web"
    folder.mkdir()
    (folder / "runden.html").write_text("<html>the club's own page</html>")
    rows = dump(db)
    line = refused_line("--db", str(db), "cup", "publish", str(folder))
    assert "runden.html exists and was not written by cup publish" in line and "nothing was written" in line
    assert [p.name for p in folder.iterdir()] == ["runden.html"]
    assert (folder / "runden.html").read_text() == "<html>the club's own page</html>"
    assert dump(db) == rows


def test_a_file_or_the_ledger_as_the_folder_is_refused(published, tmp_path):
    db, _site = published
    plain = tmp_path / "liste.txt"
    plain.write_text("x")
    assert "is not a folder" in refused_line("--db", str(db), "cup", "publish", str(plain))
    assert plain.read_text() == "x"
    assert "is the ledger itself" in refused_line("--db", str(db), "cup", "publish", str(db))
    line = refused_line("--db", str(db), "cup", "publish", f"{db}-wal")
    assert "beside the ledger" in line and f"e.g. schreiber cup publish {db.parent}/cup-web" in line
    assert not Path(f"{db}-wal").is_dir()


def test_a_ledger_under_a_pages_name_is_never_written_over(published, tmp_path):
    db, _site = published
    folder = tmp_path / "web"
    folder.mkdir()
    (folder / "ergebnisliste.html").write_bytes(db.read_bytes())
    line = refused_line("--db", str(db), "cup", "publish", str(folder))
    assert "ergebnisliste.html is a schreiber ledger; nothing was written" in line
    assert [p.name for p in folder.iterdir()] == ["ergebnisliste.html"]
    assert (folder / "ergebnisliste.html").read_bytes() == db.read_bytes()


def test_season_chooses_the_cupwertung_and_must_be_the_tournaments(published, tmp_path):
    db, _site = published
    r = cli("--db", str(db), "cup", "publish", str(tmp_path / "a"), "--season", "2026-27")
    assert r.exit_code == 0, r.output  # the season as cup start takes it; the cup: its latest
    assert "Cupwertung 2026/27" in (tmp_path / "a" / "cupwertung.html").read_text()
    line = refused_line("--db", str(db), "cup", "publish", str(tmp_path / "b"), "--season", "2025/26")
    assert "no tournament counts for season 2025/26" in line and not (tmp_path / "b").exists()


def test_a_cup_not_yet_drawn_publishes_its_index_list_and_season(tmp_path):
    db = tmp_path / "cup.db"
    assert cli("--db", str(db), "cup", "start", "Frühjahrscup", *"ABCDEFGH", "--date", "2027-03-06").exit_code == 0
    r = cli("--db", str(db), "cup", "publish", str(tmp_path / "web"))
    assert r.exit_code == 0, r.output
    read = pages(tmp_path / "web")
    assert sorted(read) == ["cupwertung.html", "ergebnisliste.html", "index.html", "rangliste.html", "runden.html",
                            "saisonen.html", "sitzplan.html"]  # fmt: skip
    assert all(href in read for page in read.values() for href in page.links)
    assert "Noch keine Runde ausgelost." in read["index.html"].text
    assert "Noch hat niemand gespielt." in read["cupwertung.html"].text
    assert "".join(read["index.html"].h1) == "Frühjahrscup, 6.3.2027"


def test_a_tournament_of_another_season_than_the_one_given_is_refused(tmp_path):
    db = tmp_path / "cup.db"
    for name, date in (("Herbstcup", "2025-10-04"), ("Wintercup", "2026-12-05")):
        assert cli("--db", str(db), "cup", "start", name, *"ABCDEFGH", "--date", date).exit_code == 0
    line = refused_line(
        "--db", str(db), "cup", "publish", str(tmp_path / "web"), "--cup", "herbstcup", "--season", "2026/27"
    )
    assert "'Herbstcup' counts for season 2025/26, not 2026/27" in line and "--season 2025/26" in line
    assert not (tmp_path / "web").exists()
    r = cli("--db", str(db), "cup", "publish", str(tmp_path / "web"), "--season", "2025/26")
    assert r.exit_code == 0 and r.stdout.startswith("Herbstcup: "), r.output  # the season's latest tournament
