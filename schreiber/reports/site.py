"""A tournament's results as a static site (``schreiber cup publish DIR``):
the pages ``schreiber publish`` serves, written as files that need no
server: an overview, the Ergebnisliste and the Rangliste, the rounds and
tables, each table's sheet (Tischblatt), the seating list, the season's
Cupwertung and the seasons before.

One renderer: the pages are the Jinja templates Datasette serves
(schreiber/publish/templates, given as ``templates``), filled with the rows
of the same queries (ledger/pages), each in a frame of its own
(schreiber/datei.html) whose links lead from file to file. Pure: rows in,
pages out; German in every language, as the cups publish them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

GENERATOR = "schreiber cup publish"  # the mark a page carries: the writer replaces only pages that carry it
MARK = f'<meta name="generator" content="{GENERATOR}">'
FRAME = "schreiber/datei.html"
INDEX = "index.html"
# Each page of a tournament by its query: the file it is written to and its template.
FILES = {
    "ergebnisliste": ("ergebnisliste.html", "schreiber/liste.html"),
    "rangliste": ("rangliste.html", "schreiber/liste.html"),
    "turniere": ("runden.html", "schreiber/turniere.html"),
    "sitzplan": ("sitzplan.html", "schreiber/sitzplan.html"),
    "cupwertung": ("cupwertung.html", "schreiber/cupwertung.html"),
    "saisonen": ("saisonen.html", "schreiber/saisonen.html"),
}


class Page(NamedTuple):
    """One file of the site: its name in the folder and its HTML."""

    name: str
    html: str


class Site(NamedTuple):
    """What a tournament's pages show: its name and season, and the rows of
    each page's query (``tischblatt``: every table's, one after another)."""

    cup: str
    season: str
    rows: dict[str, list[dict[str, Any]]]


def german_date(iso: str) -> str:
    """2026-11-20 -> 20.11.2026, as the cups print a date."""
    y, m, d = iso.split("-")
    return f"{int(d)}.{int(m)}.{y}"


def table_file(round_no: int, table_no: int) -> str:
    return f"runde-{round_no}-tisch-{table_no}.html"


def files(site: Site) -> Callable[[str, dict[str, Any]], str]:
    """The file a page is, by its query and parameters, as the templates ask
    for it (``datei``); "" for a page the site does not have (another
    tournament's, another season's, the ledger's evenings)."""
    tables = {int(r["Abend"]): table_file(r["Runde"], r["Tisch"]) for r in site.rows["turniere"] if r["Abend"]}
    ours = {"cup": site.cup, "saison": site.season}

    def datei(name: str, params: dict[str, Any] | None = None) -> str:
        given = dict(params or {})
        if name == "index":
            return INDEX
        if name == "tischblatt":
            return tables.get(int(given.get("abend") or 0), "")
        if name not in FILES or any(ours.get(k) != v for k, v in given.items()):
            return ""
        return FILES[name][0]

    return datei


def site(data: Site, templates: Path) -> list[Page]:
    """Every page of the tournament: the overview first, then each page of
    ``FILES``, then each table's sheet."""
    from jinja2 import Environment, FileSystemLoader

    env = Environment(loader=FileSystemLoader(templates), autoescape=True)
    common = {"rahmen": FRAME, "database": "", "datei": files(data), "generator": GENERATOR}

    def render(template: str, query: str, rows: list[dict[str, Any]], given: dict[str, Any], **more: Any) -> str:
        context = {**common, "canned_query": query, "named_parameter_values": given, "rows": rows, **more}
        return env.get_template(template).render(context)

    cup, season = {"cup": data.cup}, {"saison": data.season}
    overview = render("schreiber/uebersicht.html", "turniere", data.rows["turniere"], cup,
                      liste=data.rows["ergebnisliste"])  # fmt: skip
    pages = [Page(INDEX, overview)]
    for query, (name, template) in FILES.items():
        given = season if query == "cupwertung" else {} if query == "saisonen" else cup
        pages.append(Page(name, render(template, query, data.rows[query], given)))
    for r in data.rows["turniere"]:
        if r["Abend"]:
            sheet = [row for row in data.rows["tischblatt"] if row["Abend"] == r["Abend"]]
            html = render("schreiber/tischblatt.html", "tischblatt", sheet, {"abend": r["Abend"]})
            pages.append(Page(table_file(r["Runde"], r["Tisch"]), html))
    return pages
