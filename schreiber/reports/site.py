"""A tournament's results as a static site (``schreiber cup publish DIR``):
an index, the Ergebnisliste, each round's tables, each table's sheet
(Tischblatt) and the season's Cupwertung, as HTML pages that need no server.

Pure: the ledger's values in, ``Page`` (file name, HTML text) out; figures
become text through ``render`` only. The pages are German in every language,
as the cups publish them; every name is escaped; links are relative (the
pages work from a folder on disk and from any web folder); one stylesheet in
each page lays a row on one line at phone width (390 px: the table scrolls
sideways in its box) and prints on A4.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from html import escape
from typing import NamedTuple

from ..domain.rules import Rules
from ..ledger.cup_book import Cup, CupTable, SeasonRow, StandingRow
from ..ledger.stored import Evening, SheetLine
from ..render import euro, signed
from .sheet import SheetRow, build, partner_text

GENERATOR = "schreiber cup publish"  # the mark a page carries: the writer replaces only pages that carry it
MARK = f'<meta name="generator" content="{GENERATOR}">'

STYLE = """
:root { color-scheme: light; }
body { font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111; background: #fff;
       margin: 0 auto; max-width: 64rem; padding: 0.5rem 1rem 2rem; }
nav { display: flex; flex-wrap: wrap; gap: 0.2rem 1rem; padding: 0.4rem 0; border-bottom: 1px solid #ccc; }
nav a { color: #0645ad; text-decoration: none; }
nav a[aria-current] { color: #111; font-weight: 600; }
h1 { font-size: 1.5rem; margin: 0.8rem 0 0.2rem; }
h2 { font-size: 1.2rem; margin: 1.2rem 0 0.4rem; }
h3 { font-size: 1.05rem; margin: 1rem 0 0.3rem; }
p.info { margin: 0.2rem 0 0.6rem; color: #444; }
.tafel { overflow-x: auto; -webkit-overflow-scrolling: touch; max-width: 100%; }
table { border-collapse: collapse; white-space: nowrap; }
th, td { padding: 0.25rem 0.55rem; border-bottom: 1px solid #ddd; text-align: left; vertical-align: baseline; }
th { border-bottom: 2px solid #999; font-weight: 600; }
.zahl { text-align: right; font-variant-numeric: tabular-nums; }
td small { color: #666; font-size: 0.8em; }
tr.summe td, tr.summe th { font-weight: 700; border-top: 2px solid #111; border-bottom: none; }
tr.gestrichen td { color: #888; text-decoration: line-through; }
tbody tr:nth-child(even) { background: #f6f6f6; }
footer { margin-top: 2rem; color: #666; font-size: 0.85rem; }
@media (max-width: 600px) {
  body { font-size: 14px; padding: 0.25rem 0.4rem 1rem; }
  th, td { padding: 0.2rem 0.3rem; }
  .breit, td small { display: none; }
}
@media print {
  @page { size: A4; margin: 12mm; }
  body { font-size: 10pt; max-width: none; padding: 0; }
  nav, footer { display: none; }
  .tafel { overflow: visible; }
  table { white-space: normal; font-size: 9pt; }
  th, td { padding: 0.1rem 0.3rem; }
  .zahl { white-space: nowrap; }
  td small, p.info small { display: none; }
  a { color: inherit; text-decoration: none; }
  tbody tr:nth-child(even) { background: none; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  h2, h3 { break-after: avoid; }
}
"""


class Page(NamedTuple):
    """One file of the site: its name in the folder and its HTML."""

    name: str
    html: str


class Table(NamedTuple):
    """One cup table as the site shows it: its draw and its sheet."""

    table: CupTable
    evening: Evening
    lines: list[SheetLine]


class Col(NamedTuple):
    """A column: its heading and its class (``zahl``: a figure, right-aligned;
    ``breit``: left out at phone width)."""

    title: str
    cls: str = ""


INDEX, RESULTS, SEASON = "index.html", "ergebnisliste.html", "cupwertung.html"
EVENT_WORDS = {"radl": "Radl", "redeal": "zusammengeschlagen", "strafpunkt": "Strafpunkt"}


def round_page(n: int) -> str:
    return f"runde-{n}.html"


def table_page(t: CupTable) -> str:
    return f"runde-{t.round}-tisch-{t.table_no}.html"


def german_date(iso: str) -> str:
    """2026-11-20 -> 20.11.2026, as the cups print a date."""
    y, m, d = iso.split("-")
    return f"{int(d)}.{int(m)}.{y}"


def played_rounds(tables: list[CupTable]) -> int:
    """Rounds counted as played: a round whose tables have played a hand."""
    return max((t.round for t in tables if t.hands), default=0)


def site(
    cup: Cup,
    rows: list[StandingRow],
    tables: list[Table],
    season: tuple[str, list[Cup], list[SeasonRow]],
    target: dict[int, int],
) -> list[Page]:
    """Every page of a tournament's site (``target``: evening -> the hands of its round)."""
    drawn = sorted({t.table.round for t in tables})
    frame = Frame(cup, drawn)
    pages = [
        frame.page(INDEX, "Übersicht", _index(cup, len(rows), tables, season[0])),
        frame.page(RESULTS, "Ergebnisliste", _results(cup, rows, played_rounds([t.table for t in tables]))),
        frame.page(SEASON, f"Cupwertung {season[0]}", _season(*season)),
    ]
    for n in drawn:
        of_round = [t for t in tables if t.table.round == n]
        pages.append(frame.page(round_page(n), f"Runde {n}", _round(n, of_round, target)))
        for t in of_round:
            title = f"Runde {n}, Tisch {t.table.table_no}: Tischblatt"
            pages.append(frame.page(table_page(t.table), title, _tischblatt(t, target), current=round_page(n)))
    return pages


class Frame:
    """What every page has around its content: the head with the
    stylesheet, the links to the others, the tournament's name and date."""

    def __init__(self, cup: Cup, rounds: list[int]):
        self.cup = cup
        self.links = [(INDEX, "Übersicht"), (RESULTS, "Ergebnisliste")]
        self.links += [(round_page(n), f"Runde {n}") for n in rounds]
        self.links.append((SEASON, "Cupwertung"))

    def page(self, name: str, title: str, body: str, current: str | None = None) -> Page:
        here = current or name
        current_mark = ' aria-current="page"'
        nav = " ".join(
            f'<a href="{href}"{current_mark if href == here else ""}>{escape(text)}</a>' for href, text in self.links
        )
        heading = f"{self.cup.name}, {german_date(self.cup.date)}"
        return Page(
            name,
            "<!DOCTYPE html>\n"
            '<html lang="de">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"{MARK}\n<title>{escape(title)} – {escape(heading)}</title>\n"
            f"<style>{STYLE}</style>\n</head>\n<body>\n<nav>{nav}</nav>\n"
            f"<header><h1>{escape(heading)}</h1></header>\n<main>\n<h2>{escape(title)}</h2>\n{body}</main>\n"
            f"<footer>Saison {escape(self.cup.season)} · Regeln {escape(self.cup.preset)} · "
            f"geschrieben mit schreiber</footer>\n</body>\n</html>\n",
        )


def html_table(cols: list[Col], body: Iterable[list[str]], foot: list[list[str]] | None = None) -> str:
    """A table in its scrolling box: each row of ``body`` and ``foot`` is the
    row's class ("" for none), then its cells, HTML already (names escaped)."""
    attrs = [f' class="{c.cls}"' if c.cls else "" for c in cols]

    def row(cells: list[str], tag: str = "td", cls: str = "") -> str:
        inner = "".join(f"<{tag}{a}>{x}</{tag}>" for a, x in zip(attrs, cells))
        return f'<tr class="{cls}">{inner}</tr>' if cls else f"<tr>{inner}</tr>"

    head = row([escape(c.title) for c in cols], "th")
    rows = "\n".join(row(cells[1:], cls=cells[0]) for cells in body)
    tfoot = "".join(row(r[1:], cls=r[0]) for r in foot or [])
    return (
        f'<div class="tafel"><table>\n<thead>{head}</thead>\n<tbody>\n{rows}\n</tbody>\n'
        + (f"<tfoot>{tfoot}</tfoot>\n" if tfoot else "")
        + "</table></div>\n"
    )


def _index(cup: Cup, players: int, tables: list[Table], season: str) -> str:
    played = played_rounds([t.table for t in tables])
    out = [
        f'<p class="info">{players} Spieler, {played} von {cup.rounds} Runden gespielt</p>',
        f'<ul>\n<li><a href="{RESULTS}">Ergebnisliste</a></li>',
    ]
    for n in sorted({t.table.round for t in tables}):
        links = ", ".join(
            f'<a href="{table_page(t.table)}">Tisch {t.table.table_no}</a>' for t in tables if t.table.round == n
        )
        out.append(f'<li><a href="{round_page(n)}">Runde {n}</a>: {links}</li>')
    out.append(f'<li><a href="{SEASON}">Cupwertung {escape(season)}</a></li>\n</ul>\n')
    if not tables:
        out.append('<p class="info">Noch keine Runde ausgelost.</p>\n')
    return "\n".join(out)


def _results(cup: Cup, rows: list[StandingRow], played: int) -> str:
    """The Ergebnisliste (ooe-2023.md §11.1) as ``cup standings`` ranks it;
    a round not yet played is left blank."""
    cols = [Col("Rang", "zahl"), Col("Name"), Col("Ort", "breit"), Col("Cuppunkte", "zahl"), Col("Gesamt", "zahl")]
    cols += [Col(f"R{n}", "zahl") for n in range(1, cup.rounds + 1)] + [Col("Geld", "zahl")]
    body = [
        ["", f"{r.rank}.", escape(r.player), escape(r.ort or ""), str(r.cup_points), signed(r.schrift)]
        + [signed(x) if n <= played else "" for n, x in enumerate(r.rounds[: cup.rounds], start=1)]
        + [euro(r.cents, comma=True)]
        for r in rows
    ]
    info = (
        f'<p class="info">{played} von {cup.rounds} Runden gespielt; Rang nach der Schrift, Geld mit Kontra '
        "zum Tarif des Turniers</p>\n"
    )
    return info + html_table(cols, body)


def _season(name: str, cups: list[Cup], rows: list[SeasonRow]) -> str:
    """The season's cup points over each player's best results."""
    if not cups:
        return '<p class="info">Kein Turnier zählt für diese Saison.</p>\n'
    scheme = "Fixpunkte" if cups[-1].points_scheme == "fixed" else "Heinepunkte"
    count = f"{len(cups)} Turnier" + ("e" if len(cups) != 1 else "")
    info = f'<p class="info">{count}, die besten {cups[-1].best} zählen ({scheme})</p>\n'
    if not rows:
        return info + '<p class="info">Noch hat niemand gespielt.</p>\n'
    cols = [Col("Rang", "zahl"), Col("Name"), Col("Cuppunkte", "zahl"), Col("Wertungen", "zahl")]
    cols += [Col("Turniere", "zahl"), Col("Finale", "zahl")]
    body = [
        ["", f"{r.rank}.", escape(r.player), str(r.points), str(r.results), str(r.played)]
        + [f"{r.final_rank}." if r.final_rank else "–"]
        for r in rows
    ]
    return info + html_table(cols, body)


def _round(n: int, tables: list[Table], target: dict[int, int]) -> str:
    """A round's tables: who sat where, each one's Schrift at the table."""
    out = []
    for t in tables:
        rows, _totals, rules = build(t.lines, t.evening)
        written = _written(rows, t.evening)
        order = sorted(t.evening.seating, key=lambda p: -written[p])
        body = [["", escape(p), signed(written[p])] for p in order]
        out.append(
            f'<h3>Tisch {t.table.table_no}</h3>\n<p class="info">{_progress(t, target)} · '
            f'<a href="{table_page(t.table)}">Tischblatt</a></p>\n'
            + html_table([Col("Name"), Col(_figure_word(rules), "zahl")], body)
        )
    return "".join(out)


def _progress(t: Table, target: dict[int, int]) -> str:
    done = "" if t.evening.is_open else " (abgeschlossen)"
    return f"{t.table.hands} von {target[t.table.evening_id]} Spielen{done}"


def _figure_word(rules: Rules) -> str:
    """What the table's figures are: the Schrift (where kept apart from the money: without Kontra)."""
    return "Schrift" if rules.schrift_kontra == "all" else "Schrift (ohne Kontra)"


def _written(rows: list[SheetRow], evening: Evening) -> dict[str, Fraction]:
    """Each player's Schrift after the last row (the money where the rules keep no Schrift apart)."""
    if not rows:
        return dict.fromkeys(evening.seating, Fraction(0))
    last = rows[-1]
    return dict(last.schrift if last.schrift is not None else last.totals)


def _tischblatt(t: Table, target: dict[int, int]) -> str:
    """Every entry of the table in order: number, dealer, contract as the
    players say it, declarer, partner (Talon, selbst), result, and each
    player's running Schrift with the entry's own points beside it; a totals
    row; the money (with Kontra) below it where it differs."""
    rows, totals, rules = build(t.lines, t.evening)
    players = t.evening.seating
    if not rows:
        return f'<p class="info">{", ".join(escape(p) for p in players)} · noch kein Spiel</p>\n'
    cols = [
        Col("Nr", "zahl"),
        Col("Geber", "breit"),
        Col("Spiel"),
        Col("Spieler"),
        Col("Partner"),
        Col("Ergebnis", "breit"),
    ]
    cols += [Col(p, "zahl") for p in players]
    body = [_sheet_cells(r, players, rules) for r in rows]
    written = _written(rows, t.evening)
    foot = [["summe", "", "", "Summe", "", "", "", *(signed(written[p]) for p in players)]]
    if rules.schrift_kontra != "all" and dict(totals) != written:  # the money, with Kontra, in points
        foot.append(["geld", "", "", "Geld in Punkten (mit Kontra)", "", "", "", *(signed(totals[p]) for p in players)])
    info = (
        f'<p class="info">{", ".join(escape(p) for p in players)} · {_progress(t, target)} · '
        f'{_figure_word(rules)}: Stand nach jedem Spiel<small class="breit"> (dieses Spiel)</small></p>\n'
    )
    return info + html_table(cols, body, foot)


def _sheet_cells(r: SheetRow, players: tuple[str, ...], rules: Rules) -> list[str]:
    """One row of the Tischblatt: its class first, then its cells."""
    label = r.contract if r.kind == "hand" else EVENT_WORDS.get(r.kind, r.contract)
    partner = partner_text(r) if r.kind == "hand" else ""
    result = ", ".join(w for w in [_result(r.record or {}, rules), *r.marks] if w)
    cells = [str(r.number) if r.number is not None else "", escape(r.dealer or ""), escape(label)]
    cells += [escape(r.declarer), escape(partner), escape(result)]
    if r.void:
        return ["gestrichen", *cells, *("–" for _p in players)]
    if r.kind == "radl":
        return ["", *cells, *("" for _p in players)]
    running = r.schrift if r.schrift is not None else r.totals
    own = r.schrift_payments if r.schrift_payments is not None else r.payments
    return ["", *cells, *(f"{signed(running[p])} <small>({signed(own.get(p, 0))})</small>" for p in players)]


def _result(record: dict, rules: Rules) -> str:
    """A hand's outcome in the players' words: won or lost (with the points),
    Kontra, the premiums by their names, Trischaken's card points."""
    words = {"won": "gewonnen", "lost": "verloren"}
    if record.get("renonce"):
        return f"Renonce {record['renonce']}"
    if record.get("conceded"):
        return "geschleift"
    parts: list[str] = []
    if record.get("scores"):
        parts.append(" ".join(f"{p} {v}" for p, v in record["scores"].items()))
    res = record.get("result")
    if isinstance(res, dict):
        parts.append(", ".join(f"{p} {words.get(v, v)}" for p, v in res.items()))
    elif isinstance(res, str):
        parts.append(words.get(res, res) + (f" ({record['points']})" if record.get("points") is not None else ""))
    kontra = record.get("kontra")
    if isinstance(kontra, str):
        parts.append(kontra.capitalize())
    elif isinstance(kontra, dict):
        parts.append(", ".join(f"{v.capitalize()} {p}" for p, v in kontra.items()))
    parts += [_premium(p, rules) for p in record.get("premiums") or []]
    return ", ".join(w for w in parts if w)


def _premium(p: dict, rules: Rules) -> str:
    """A premium in the players' words: "Pagat angesagt", "Trull (Gegner)", "König ultimo verloren"."""
    known = rules.premiums.get(p.get("name", ""))
    words = [known.name if known else str(p.get("name", ""))]
    if p.get("announced"):
        words.append("angesagt")
    if p.get("party") == "opponents":
        words.append("(Gegner)")
    if p.get("result") == "lost":
        words.append("verloren")
    if p.get("kontra"):
        words.append(str(p["kontra"]).capitalize())
    return " ".join(words)
