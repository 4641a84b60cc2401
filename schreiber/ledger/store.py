"""The ledger: one SQLite file, and the one door to it.

An evening's entries (hands, Radl starts, redeals, penalty points) are the
record; corrections append (the entry voided, a replacement added, the
correction logged), nothing is erased. Results and payments are derived:
written in the entry's transaction, rewritten after a correction. Every
write is one short ``BEGIN IMMEDIATE`` transaction (``transaction()``);
what to write is ``schreiber.service``'s to decide. ``Ledger`` opens the
file and keeps the transaction; its parts read and write by job: the
evenings and players (``evening_rows``), the entries and what was written
beside them (``entry_rows``), what the reports read (``reads``). The
writers (``hand_rows``, ``rollups``) are imported by the methods that
write, so a command that only reads does not load them.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import SchreiberError
from ..faults import fault
from ..i18n import _
from . import Opened
from .connection import copy_new, create_database, left_whole, mark_whole, open_database, quick_check
from .errors import LedgerUnavailable, sqlite_problem
from .reads import Reads

if TYPE_CHECKING:
    from .cup_book import CupBook
    from .merge import Checks, Merged


class Ledger(Reads, Opened):
    """An open ledger file (see ``connection``: what is refused, what is
    read-only, and when a new file is made; ``Opened``: what the command
    line is told of it)."""

    def __init__(self, path: str | Path, create_folder: bool = False, read_only: bool = False):
        self.path = Path(path)
        self.create_folder = create_folder
        self.db, self.mode = open_database(self.path, create_folder, read_only)
        Opened.last = self.path
        if self.mode == "new" and not read_only:
            Opened.unmade.append(self)

    def close(self) -> None:
        self.db.conn.close()
        if self in Opened.unmade:
            Opened.unmade.remove(self)

    @contextlib.contextmanager
    def transaction(self, checked: bool = False) -> Iterator[None]:
        """One short write transaction: all of it lands, or none of it.
        ``checked`` (the writes that start something): a ledger not as
        schreiber left it (``left_whole``) gets SQLite's ``quick_check``
        first and is refused if damaged; otherwise SQLite notices damage in
        the pages a write touches. A ledger known whole is marked so again."""
        if self.mode == "ro":
            raise LedgerUnavailable(
                _(
                    "ledger {path} is read-only (the file, its folder or the medium); nothing was written; copy it somewhere writable to change it"
                ),
                path=self.path,
            )
        if self.mode == "new":
            yield from self._first_write()
            return
        conn = self.db.conn
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise self._problem(exc) from None
        committing = False
        try:
            whole = left_whole(self.path)  # under the write lock: no schreiber is between commit and mark
            if checked and not whole:
                quick_check(conn, self.path)
                whole = True
            yield
            fault("commit")
            committing = True
            conn.execute("COMMIT")
            fault("committed")
        except BaseException as exc:
            if committing and not conn.in_transaction and not isinstance(exc, sqlite3.Error):
                # Ctrl-C the moment the commit returned: it is written
                Opened.written = self.path
                raise
            if conn.in_transaction:  # some errors (disk full) end the transaction themselves
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error):
                raise self._problem(exc) from None
            raise
        Opened.written = self.path
        if whole:
            mark_whole(conn, self.path)

    def _first_write(self) -> Iterator[None]:
        """Where there is no ledger yet: the write goes to the in-memory
        ledger, and the file is made with its rows only if it succeeds."""
        memory = self.db
        memory.conn.execute("BEGIN")
        try:
            yield
        except BaseException:
            memory.conn.execute("ROLLBACK")
            raise
        memory.conn.execute("COMMIT")
        try:
            self.db = copy_new(memory, self.path, self.create_folder)
        except sqlite3.Error as exc:
            raise self._problem(exc) from None
        self.mode = "rw"
        memory.conn.close()
        Opened.written = self.path
        mark_whole(self.db.conn, self.path)  # a file this process made

    def make_file(self) -> None:
        """Where there is no ledger file yet: make it, empty."""
        if self.mode != "new":
            return
        try:
            made = create_database(self.path, self.create_folder)  # or the one another process made meanwhile
        except sqlite3.Error as exc:
            raise self._problem(exc) from None
        self.db.conn.close()
        self.db, self.mode = made, "rw"

    def _problem(self, exc: sqlite3.Error) -> Exception:
        """An SQLite error in the ledger's terms; anything else as it was."""
        return sqlite_problem(self.path, exc) or exc

    def check(self) -> list[str]:
        """SQLite's ``integrity_check`` and ``foreign_key_check`` of the file:
        their problems ([] when it is whole)."""
        problems: list[str] = []
        try:
            rows = [r[0] for r in self.db.execute("PRAGMA integrity_check(20)")]
            problems += [] if rows == ["ok"] else [line for r in rows for line in r.splitlines()][:20]
            for table, rowid, parent, _x in self.db.execute("PRAGMA foreign_key_check"):
                problems.append(
                    _("row {rowid} of {table} points to a missing row of {parent}").format(
                        rowid=rowid, table=table, parent=parent
                    )
                )
        except sqlite3.DatabaseError as exc:
            problems.append(str(exc))
        return problems

    def schema_problems(self) -> list[str]:
        """What the file's tables, views, indexes and triggers lack of this
        version's, or hold otherwise (``connection.schema_problems``)."""
        from .connection import schema_problems

        try:
            return schema_problems(self.db.conn)
        except sqlite3.DatabaseError as exc:
            return [str(exc)]

    @property
    def cups(self) -> CupBook:
        """The tournaments in this ledger (ledger/cup_book.py)."""
        from .cup_book import CupBook

        return CupBook(self.db.conn)

    @contextlib.contextmanager
    def other_ledger(self, path: Path) -> Iterator[sqlite3.Connection]:
        """Another ledger file, open read-only for ``merge_from``, refused as
        any ledger opened is, and if it is this one. One of an older schema
        is read through a migrated copy in a temporary folder; the file
        itself is never written."""
        import tempfile

        from .connection import migrated_copy
        from .errors import MergeRefused
        from .merge import open_other

        con, older = open_other(path, self.path)
        try:
            if not older:
                yield con
                return
            with tempfile.TemporaryDirectory(prefix="schreiber-merge-") as folder:
                try:
                    copy = migrated_copy(con, Path(folder) / "copy.db")
                except (sqlite3.Error, SchreiberError, ValueError) as exc:  # a row it cannot read: no JSON, no number
                    raise MergeRefused(path, _(
                        "{path} is a ledger of an older schreiber that cannot be brought to this one's tables ({problem})"
                    ).format(path=path, problem=exc), "damaged") from None  # fmt: skip
                try:
                    yield copy
                finally:
                    copy.close()
        finally:
            con.close()

    def merge_from(self, other: sqlite3.Connection, label: str, checks: Checks) -> Merged:
        """Bring in every row of ``other`` this ledger lacks, each checked by
        ``checks`` (ledger/merge.py); the evenings to re-score."""
        from .errors import MergeConflict
        from .merge import merge_rows

        try:
            return merge_rows(self.db.conn, other, label, checks)
        except MergeConflict as exc:
            exc.ours = self.path  # the fix to type here names this ledger too (--db)
            raise

    def backup(self, path: str | Path, overwrite: bool = False) -> Path:
        """A copy of the ledger at ``path`` (a folder: a dated file in it), never over a ledger."""
        from . import backup as _backup
        from .targets import refuse_ledger_target

        target = _backup.target_for(self.path, Path(path))
        refuse_ledger_target(target, self.path)
        return _backup.backup(self.db.conn, self.path, target, overwrite)
