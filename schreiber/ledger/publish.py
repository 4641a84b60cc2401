"""The ledger made ready for Datasette: opened as every command opens it
(refused if no ledger, migrated if older) and, for a reader that opens it
``--immutable`` and never reads the write-ahead log, that log written into
the file; and a cup's results read from it into a database of their own."""

from __future__ import annotations

import errno
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from .pages import Part, read
from .store import Ledger
from .targets import written


def flush(path: Path, checkpoint: bool = True) -> bool:
    """Open the ledger and, with ``checkpoint``, move the write-ahead log
    into the file. False if another process was writing and some of it
    stayed behind (a reader of the log sees it all)."""
    led = Ledger(path)
    try:
        if not checkpoint:
            return True
        busy, _, _ = led.db.conn.execute("pragma wal_checkpoint(TRUNCATE)").fetchone()
    finally:
        led.close()
    return not busy


def snapshot(led: Ledger, target: Path, parts: Iterable[Part]) -> int:
    """Each part's query (table, SQL, parameters), read from the ledger in
    one read transaction (``pages.read``), as a table of a new SQLite file
    at ``target``, whole or not at all. Returns the rows written."""
    tables = read(led, parts)
    _write_tables(target, {name: (t.columns, t.rows) for name, t in tables.items()})
    return sum(len(t.rows) for t in tables.values())


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _write_tables(target: Path, tables: dict[str, tuple[list[str], list[tuple]]]) -> None:
    """The tables as a new SQLite file (no column types: each value keeps its own) at ``target`` (``targets.written``)."""
    try:
        with written(target, by_name=True) as part:
            out = sqlite3.connect(part)
            try:
                for table, (columns, rows) in tables.items():
                    out.execute(f"create table {_quoted(table)} ({', '.join(map(_quoted, columns))})")
                    out.executemany(f"insert into {_quoted(table)} values ({', '.join('?' * len(columns))})", rows)
                out.commit()
            finally:
                out.close()
    except sqlite3.Error as exc:  # a full disk: said as the file system would say it
        raise OSError(errno.EIO, str(exc)) from None
