"""The queries behind the published pages (docs/datasette.md, "The canned
queries"): one SQL file each in ``pages/``, run by Datasette as the canned
queries of ``schreiber publish``, and here on the ledger for a cup's
results server (``publish --cup``) and the static pages of ``cup publish
DIR``, so that every page shows the same rows however it is published.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .store import Ledger

# Every page's query; the ones a tournament's own pages read (a cup's results server, the static pages)
# come first. ``abende`` lists every evening of the ledger: the organizer's full view only.
QUERIES = ("turniere", "ergebnisliste", "rangliste", "tischblatt", "sitzplan", "cupwertung", "saisonen", "abende")
CUP_QUERIES = QUERIES[:-1]


class Part(NamedTuple):
    """One query of a page run with its parameters, its rows kept as the table ``table``."""

    table: str
    sql: str
    params: dict[str, str]


class Rows(NamedTuple):
    """A table of rows read: the columns' names and the rows in order."""

    columns: list[str]
    rows: list[tuple]

    def dicts(self) -> list[dict]:
        return [dict(zip(self.columns, r)) for r in self.rows]


SHARED = re.compile(r"^-- \+ (_\w+\.sql)\n", re.M)  # a line "-- + _NAME.sql": that file's text in its place


@cache
def sql(name: str) -> str:
    """The query of the page ``name`` (its SQL file, installed with the package;
    a part several pages share is a file of its own, ``_NAME.sql``, named in it)."""
    return SHARED.sub(lambda m: _text(m.group(1)), _text(f"{name}.sql")).strip() + "\n"


def _text(file: str) -> str:
    return resources.files(__package__).joinpath("pages", file).read_text(encoding="utf-8")


def params(name: str) -> list[str]:
    """The named parameters of a page's query (``:cup``), in the order they first appear."""
    text = re.sub(r"--[^\n]*|'[^']*'", "", sql(name))  # not in a comment or a string
    return list(dict.fromkeys(re.findall(r"(?<!:):([A-Za-z_]\w*)", text)))


def read(led: Ledger, parts: Iterable[Part]) -> dict[str, Rows]:
    """Each part's query read from the ledger in one read transaction (one
    moment of it, while others may write); parts naming the same table add
    to it."""
    conn = led.db.conn
    tables: dict[str, Rows] = {}
    try:
        conn.execute("BEGIN")
        try:
            for table, query, given in parts:
                cursor = conn.execute(query, given)
                columns = [d[0] for d in cursor.description]
                tables.setdefault(table, Rows(columns, [])).rows.extend(cursor.fetchall())
        finally:
            conn.execute("COMMIT")
    except sqlite3.Error as exc:
        raise led._problem(exc) from None  # the ledger's own line for what SQLite says of it
    return tables
