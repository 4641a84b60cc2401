"""Published results: the ledger in Datasette, with the German titles,
descriptions and canned queries shipped in ``datasette.yaml`` and the
German pages of the template folder ``templates`` (Datasette's own
``--template-dir``). This module writes the metadata for one ledger (its
database named after the file), says what a cup's results server holds,
where publish keeps its files (a folder for each ledger, a folder in it for
each cup) and builds Datasette's command line.

Datasette opens a database file as an SQLite URI (``file:PATH?...``), in
which ``%``, ``?`` and ``#`` are not what they are in a file name: it gets
only paths without them (``plain``), a ledger whose path has them through a
symbolic link under a plain name in the ledger's folder (``linked``).

Two ways to serve: the organizer's full view (``schreiber publish``: the
ledger itself, every table and view, and the pages) and one cup's results
(``schreiber publish --cup NAME``): a small database of the rows the cup's
pages show, read from the ledger by the same queries, served with no SQL of
the visitor's own (Datasette's setting ``default_allow_sql`` off and
``allow_sql: false``), no download and no table of its own to browse.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import os
import sys
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from ..ledger import pages

METADATA = "datasette.yaml"
TEMPLATES = "templates"
SHIPPED_DATABASE = "ledger"  # the name the shipped file uses for the ledger's database
MAX_ROWS = 10000  # Datasette's max_returned_rows: a Tischblatt has a row per entry and player
# How the cup's database answers each parameter, as the ledger's queries do
# (left empty: the one cup, its season).
CUP_FILTERS = {
    "cup": "(:cup = '' or \"Turnier\" = :cup collate nocase)",
    "saison": "(:saison = '' or \"Saison\" = :saison)",
    "abend": '"Abend" = cast(:abend as integer)',
}
# Datasette's settings for a cup's results: no SQL of the visitor's own, no
# download of the database, no facets.
PUBLIC_SETTINGS = (("default_allow_sql", "off"), ("allow_download", "off"), ("allow_facet", "off"),
                   ("suggest_facets", "off"))  # fmt: skip
# The plugin that closes Datasette's own pages under /-/ on a cup's results server (closed/closed_pages.py).
CLOSED = "closed"
NOT_IN_URI = "%?#"  # characters SQLite reads otherwise in a URI than in a file name
NAME_CHARS = 60  # of the ledger's name in the name of its folder (the rest: the key)


class Heading(NamedTuple):
    """A tournament as the start page links to it."""

    name: str
    date: str  # YYYY-MM-DD
    season: str


def installed() -> bool:
    """Whether Datasette can be run with this interpreter."""
    from importlib.util import find_spec

    return find_spec("datasette") is not None


def database_name(ledger: Path) -> str:
    """The name Datasette gives the ledger's database (``turnier.2026.db``:
    ``turnier.2026``), without a character a URI reads otherwise
    (``Turnier #3.db``: ``Turnier _3``)."""
    name = "".join("_" if c in NOT_IN_URI else c for c in ledger.stem)
    return "_" if name == "-" else name  # the database "-" would be at /-/, Datasette's own pages


def direct(ledger: Path) -> bool:
    """Whether Datasette can be given the ledger's own path: ``plain``, and
    named as ``database_name`` names it."""
    return plain(served(ledger)) and database_name(ledger) == ledger.stem


def plain(path: Path | str) -> bool:
    """Whether SQLite reads ``file:PATH`` as this very path: no ``%``, ``?``
    or ``#`` in it, and no ``//`` at its start (a URI's authority)."""
    text = str(path)
    return not any(c in NOT_IN_URI for c in text) and not text.startswith("//")


def ledger_folder(ledger: Path, folder: Path) -> Path:
    """The folder of publish's files for this ledger in ``folder`` (one a
    ledger: two ledgers of one name in different folders have one each),
    named by the ledger's name and a key of its real path."""
    real = os.path.realpath(ledger).encode("utf-8", "surrogateescape")
    key = hashlib.sha256(real).hexdigest()[:12]
    return folder / f"{database_name(ledger)[:NAME_CHARS]}-{key}"


def linked(ledger: Path, folder: Path) -> Path:
    """A database file in ``folder`` named as the ledger's database is: the
    link to a ledger that is not ``direct`` (in its ``ledger_folder``), or a
    cup's database in its ``cup_folder`` (its pages have the ledger's URLs)."""
    return folder / f"{database_name(ledger)}.db"


def make_link(ledger: Path, link: Path) -> Path:
    """``link`` made a symbolic link to the ledger's real path (made beside
    it, then renamed over the link that was there): SQLite follows it and
    finds the ledger's write-ahead log beside the ledger."""
    part = link.with_name(f".{link.name}.{os.getpid()}.part")
    part.unlink(missing_ok=True)
    os.symlink(os.path.realpath(ledger), part)
    os.replace(part, link)
    return link


def database_path(ledger: Path) -> str:
    """The database's path in Datasette's URLs (``turnier.2026``: ``turnier~2E2026``; needs Datasette)."""
    from datasette.utils import tilde_encode

    return tilde_encode(database_name(ledger))


def served(path: Path) -> str:
    """A file's path for Datasette: absolute (``..`` kept), so a name starting with ``-`` is never an option."""
    return str(Path(path).absolute())


def template_dir() -> Path:
    """The German pages, installed with the package."""
    return Path(str(resources.files(__package__).joinpath(TEMPLATES)))


def plugins_dir() -> Path:
    """The plugin of a cup's results server (Datasette's ``--plugins-dir``), installed with the package."""
    return Path(str(resources.files(__package__).joinpath(CLOSED)))


def shipped() -> dict[str, Any]:
    """The shipped metadata (needs PyYAML, which Datasette brings), each
    page's query with its SQL and parameters (ledger/pages/NAME.sql)."""
    import yaml

    data: dict[str, Any] = yaml.safe_load(resources.files(__package__).joinpath(METADATA).read_text(encoding="utf-8"))
    for name, query in data["databases"][SHIPPED_DATABASE]["queries"].items():
        query.update(sql=pages.sql(name), params=pages.params(name))
    return data


def metadata(ledger: Path, cups: list[Heading] | None = None) -> dict[str, Any]:
    """The shipped metadata with its database under the ledger's name and
    the tournaments the start page links to (``turniere``, newest first)."""
    data = shipped()
    database = data["databases"][SHIPPED_DATABASE]
    database["turniere"] = [c._asdict() for c in cups or []]
    data["databases"] = {database_name(ledger): database}
    return data


def cup_table(query: str) -> str:
    """The table of a cup's database that holds a query's rows."""
    return f"daten_{query}"


def cup_parts(cup: Heading, evenings: list[int], table: Callable[[str], str] = cup_table) -> list[pages.Part]:
    """What a cup's pages are read from: each of its pages' queries, as the
    full view runs them for this cup (a Tischblatt for each table), each
    into the table ``table(query)`` (a cup's database: ``daten_QUERY``)."""
    given = {"cup": cup.name, "saison": cup.season}
    parts = []
    for name in pages.CUP_QUERIES:
        sql, params = pages.sql(name), pages.params(name)
        if "abend" in params:  # each table's sheet; none drawn yet: the table's columns, no row
            parts += [pages.Part(table(name), sql, {"abend": e}) for e in [str(e) for e in evenings] or [""]]
        else:
            parts.append(pages.Part(table(name), sql, {p: given[p] for p in params}))
    return parts


def cup_metadata(ledger: Path, cup: Heading, title: str) -> dict[str, Any]:
    """The metadata of a cup's results: its pages only, each reading its
    table of the cup's database; the tables themselves not to be browsed;
    no SQL of the visitor's own."""
    full = shipped()
    ledger_db = full["databases"][SHIPPED_DATABASE]
    queries = {}
    for name in pages.CUP_QUERIES:
        q = dict(ledger_db["queries"][name])
        where = " and ".join(CUP_FILTERS[p] for p in q.get("params", [])) or "1"
        q["sql"] = f"select * from {cup_table(name)} where {where} order by rowid"
        queries[name] = q
    database = {
        "title": title,
        "description": "Die Ergebnisse des Turniers: Ergebnisliste, Rangliste, die Tische jeder Runde mit "
        "ihrem Tischblatt, der Sitzplan, die Cupwertung der Saison und die Saisonen davor.",
        "turniere": [cup._asdict()],
        "tables": {cup_table(name): {"allow": False} for name in pages.CUP_QUERIES},
        "queries": queries,
    }
    return {"title": title, "description": database["description"], "allow_sql": False,
            "databases": {database_name(ledger): database}}  # fmt: skip


def metadata_file(ledger: Path, folder: Path) -> Path:
    """Where the ledger's metadata is written in ``folder``."""
    return folder / f"{database_name(ledger)}.metadata.json"


def cup_folder(folder: Path, cup_id: int) -> Path:
    """Where a cup's database and metadata are written in the ledger's
    ``folder`` (``ledger_folder``): a folder for each cup of each ledger."""
    return folder / f"cup-{cup_id}"


def write_metadata(data: dict[str, Any], target: Path) -> Path:
    """``data`` as the JSON file ``target`` (rewritten each time)."""
    from ..ledger.targets import write_text

    target.parent.mkdir(parents=True, exist_ok=True)
    return write_text(target, json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def command(database: Path, metadata_file: Path, host: str, port: int, live: bool = False,
            public: bool = False) -> list[str]:  # fmt: skip
    """``datasette serve`` for the database (the ledger, or a cup's):
    immutable (a snapshot, no locks taken) unless ``live`` (read-only,
    showing hands as they come in), with the German pages; ``public``: a
    cup's results, with Datasette's settings for them (``PUBLIC_SETTINGS``)."""
    files = [served(database)] if live else ["--immutable", served(database)]
    settings = [("max_returned_rows", str(MAX_ROWS)), *(PUBLIC_SETTINGS if public else ())]
    closed = ["--plugins-dir", served(plugins_dir())] if public else []
    return [sys.executable, "-m", "datasette", "serve", *files, "--metadata", served(metadata_file),
            "--template-dir", served(template_dir()), *closed, *(a for s in settings for a in ("--setting", *s)),
            "--host", host, "--port", str(port)]  # fmt: skip
