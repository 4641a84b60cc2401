"""The ledger: one SQLite file, and the one door to it.

An evening's entries (hands, Radl starts, redeals, penalty points) are the
record; corrections append (the entry voided, a replacement added, the
correction logged), nothing is erased. Results and payments are derived:
written in the entry's transaction, rewritten after a correction. Every
write is one short ``BEGIN IMMEDIATE`` transaction (``transaction()``);
what to write is ``schreiber.service``'s to decide. The writers
(``hand_rows``, ``rollups``) are imported by the methods that write, so a
command that only reads does not load them.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from ..domain.evening import Entry, Outcome, State, ends_evening, initial_state
from ..domain.names import known_player
from ..domain.points import from_units
from ..errors import SchreiberError
from ..faults import fault
from ..i18n import _
from . import Opened
from .codec import (
    ENTRY_COLUMNS,
    compact,
    dumps,
    entry_of_row,
    entry_row,
    evening_of_row,
    kept_items,
    new_uid,
    now_utc,
    placed,
    renamed,
    result_of_row,
    rule_set_id,
)
from .connection import copy_new, create_database, left_whole, mark_whole, open_database, quick_check
from .errors import (
    LedgerError,
    LedgerUnavailable,
    NoSuchEntry,
    NoSuchEvening,
    NoSuchHand,
    sqlite_problem,
)
from .stored import DateRange, Evening, Scored, SheetLine, StoredEntry

if TYPE_CHECKING:
    from ..domain.rules import Rules
    from .cup_book import CupBook
    from .hand_rows import Rows
    from .merge import Checks, Merged
    from .statistics import StatsRows


INT64_MAX = 2**63 - 1
IMPORT_CACHE_KIB = 65536  # SQLite's page cache while an import writes (its default is 2 MiB)
# An evening's row with its rules (stored once per rule set, m011).
EVENINGS = "select ev.*, rs.rules_json from evenings ev join rule_sets rs on rs.id = ev.rule_set_id"


def _fits(n: int) -> bool:
    """A number from outside that SQLite can compare (a 64-bit integer)."""
    return -INT64_MAX <= n <= INT64_MAX


class Ledger(Opened):
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

    def _insert(self, table: str, row: dict) -> int:
        """Insert one row (``table`` and the keys are ours, never the user's);
        its id. Not sqlite-utils' ``insert``, which reads the table's columns first."""
        cols = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        cursor = self.db.execute(f"insert into {table} ({cols}) values ({marks})", list(row.values()))
        assert cursor.lastrowid is not None  # every table inserted to has an integer id
        return int(cursor.lastrowid)

    # Evenings ----------------------------------------------------------------

    def open_evenings(self) -> list[Evening]:
        """Every open evening, oldest first (several: a tournament's tables; ``Service.evening`` picks one)."""
        return [evening_of_row(r) for r in self.db.query(f"{EVENINGS} where status = 'open' order by ev.id")]

    def evening(self, evening_id: int) -> Evening:
        rows = list(self.db.query(f"{EVENINGS} where ev.id = ?", [evening_id])) if _fits(evening_id) else []
        if not rows:
            ids = self.db.execute("select id, status from evenings order by id").fetchall()
            raise NoSuchEvening(evening_id, [i for i, _x in ids], [i for i, st in ids if st == "open"])
        return evening_of_row(rows[0])

    def evenings(self, rng: DateRange | None = None) -> list[Evening]:
        """Every evening by number; with ``rng``, those in range by date."""
        if rng is None:
            return [evening_of_row(r) for r in self.db.query(f"{EVENINGS} order by ev.id")]
        sel, params = rng.sql()
        return [
            evening_of_row(r) for r in self.db.query(f"{EVENINGS} where ev.id in ({sel}) order by date, ev.id", params)
        ]

    def latest_evening(self) -> Evening | None:
        """The last evening started (what a report shows while none is open; not one withdrawn)."""
        rows = list(self.db.query(f"{EVENINGS} where status != 'withdrawn' order by ev.id desc limit 1"))
        return evening_of_row(rows[0]) if rows else None

    def circle_evenings(self, players: tuple[str, ...], date: str | None) -> Iterator[Evening]:
        """The evenings of these players (in any seating) on or before ``date``,
        latest first; not one withdrawn (a table of a draw taken back holds no pot)."""
        circle = set(players)
        for row in self.db.query(
            f"{EVENINGS} where (? is null or date <= ?) and status != 'withdrawn' order by date desc, ev.id desc",
            [date, date],
        ):
            if set(json.loads(row["seating_json"])) == circle:
                yield evening_of_row(row)

    def circle(self, players: tuple[str, ...]) -> list[Evening]:
        """The evenings of these players (in any seating) in the order the
        Pagat pot passes through them: by date, then in the order started."""
        return list(reversed(list(self.circle_evenings(players, None))))

    def has_later_evening(self, evening: Evening) -> bool:
        """Whether any evening comes after this one (by date, then as started)."""
        later = "select 1 from evenings where (date > ? or (date = ? and id > ?)) and status != 'withdrawn' limit 1"
        return self.db.execute(later, [evening.date, evening.date, evening.id]).fetchone() is not None

    def set_start_pot(self, evening_id: int, pot: Fraction) -> None:
        """The Pagat pot the evening starts with (carried on from the evening
        before it); its settled money follows (the re-score is the service's)."""
        from . import rollups

        self.db.execute("update evenings set start_pot = ? where id = ?", [str(pot), evening_id])
        rollups.resettle(self.db.conn, evening_id)

    def insert_evening(
        self, players: tuple[str, ...], rules: Rules, date: str, dealer: str, tarif_cents: int, start_pot: Fraction
    ) -> int:
        evening_id = self._insert("evenings", {
            "uid": new_uid(), "date": date, "preset": rules.preset,
            "rule_set_id": rule_set_id(self.db.conn, rules.to_json()), "seating_json": dumps(list(players)),
            "first_dealer": dealer, "tarif_cents": tarif_cents, "status": "open",
            "start_pot": str(start_pot), "created_utc": now_utc()})  # fmt: skip
        for seat, name in enumerate(players):
            self._insert("evening_players", {"evening_id": evening_id, "seat": seat, "player_id": self.player_id(name)})
        return evening_id

    def set_status(self, evening_id: int, status: str) -> None:
        """open, closed, settled or withdrawn; closing stamps the time, reopening clears it
        (an evening a table's copy held closed for the desk is then its own)."""
        closed = None if status == "open" else now_utc()
        self.db.execute("update evenings set status = ?, closed_utc = ? where id = ?", [status, closed, evening_id])
        if status == "open":
            self.db.execute("delete from held_elsewhere where evening_id = ?", [evening_id])

    def hold_elsewhere(self, keep: int) -> list[int]:
        """A table's copy: every open evening but ``keep`` closed, as held by
        the ledger it was copied from (a merge does not carry this closing)."""
        held = [ev.id for ev in self.open_evenings() if ev.id != keep]
        for evening_id in held:
            self.set_status(evening_id, "closed")
            self.db.execute("insert or ignore into held_elsewhere (evening_id) values (?)", [evening_id])
        return held

    def close_open_evenings(self, keep: int | None = None) -> list[Evening]:
        """Close every open evening but ``keep`` and a tournament's tables
        (open while their round is played); those closed."""
        tables = self.tournament_evening_ids()
        closing = [ev for ev in self.open_evenings() if ev.id != keep and ev.id not in tables]
        for ev in closing:
            self.set_status(ev.id, "closed")
        return closing

    def tournament_evening_ids(self) -> set[int]:
        """The evenings that are a tournament's tables (none where ``cup_tables`` is not yet)."""
        if not self.db.execute("select 1 from sqlite_master where type = 'table' and name = 'cup_tables'").fetchone():
            return set()
        return {r[0] for r in self.db.execute("select evening_id from cup_tables where evening_id is not null")}

    def set_tarif(self, evening_id: int, cents: int) -> None:
        from . import rollups

        self.db.execute("update evenings set tarif_cents = ? where id = ?", [cents, evening_id])
        rollups.resettle(self.db.conn, evening_id)  # the statistics' money of the evening

    # Players -----------------------------------------------------------------

    def player_id(self, name: str) -> int:
        """The player's id, added where new; never a second player of one
        ``name_key`` (give the name as kept: ``kept_names``)."""
        row = self.db.execute("select id from players where name = ?", [name]).fetchone()
        if row:
            return row[0]
        kept = known_player(name, self.player_names())
        if kept is not None:
            raise LedgerError(
                _("{name} is the player {kept} of this ledger; give the name as it is kept"), name=name, kept=kept
            )
        return self._insert("players", {"uid": new_uid(), "name": name, "created_utc": now_utc()})

    def kept_names(self, names: tuple[str, ...]) -> tuple[str, ...]:
        """Each name as the ledger keeps its player (``names.known_player``):
        "anna" or "ANNA" is the Anna of earlier evenings; a new name as given."""
        known = self.player_names()
        return tuple(known_player(n, known) or n for n in names)

    def players(self) -> list[tuple[str, int]]:
        """Every player by name, with the number of evenings he sat at."""
        return self.db.execute(
            "select p.name, count(ep.evening_id) from players p left join evening_players ep on ep.player_id = p.id "
            "group by p.id order by p.name"
        ).fetchall()

    def player_names(self) -> list[str]:
        return [r[0] for r in self.db.execute("select name from players order by name")]

    def rename_player(self, old: str, new: str) -> list[Evening]:
        """Rename the player ``old`` (a free ``new``) in his row, his evenings'
        seating and first dealer and their records; the evenings touched (to be re-scored)."""
        (player_id,) = self.db.execute("select id from players where name = ?", [old]).fetchone()
        self.db.execute("update players set name = ? where id = ?", [new, player_id])
        seated = "select e.* from evenings e join evening_players ep on ep.evening_id = e.id where ep.player_id = ?"
        touched = []
        for ev in list(self.db.query(seated, [player_id])):
            self.db.execute(
                "update evenings set seating_json = ?, first_dealer = ? where id = ?",
                [
                    dumps(renamed(json.loads(ev["seating_json"]), old, new)),
                    renamed(ev["first_dealer"], old, new),
                    ev["id"],
                ],
            )
            entries = "select id, record_json, player from entries where evening_id = ?"
            for e in list(self.db.query(entries, [ev["id"]])):
                rec = json.loads(e["record_json"]) if e["record_json"] else None
                self.db.execute(
                    "update entries set record_json = ?, player = ? where id = ?",
                    [compact(renamed(rec, old, new)) if rec else None, renamed(e["player"], old, new), e["id"]],
                )
            touched.append(self.evening(ev["id"]))
        return touched

    # Entries -----------------------------------------------------------------

    def last_active_entry(self, evening: Evening, hands_only: bool = True) -> StoredEntry | None:
        """The evening's last entry not voided (its last hand, with ``hands_only``), off the end of its index."""
        kind = "and kind = 'hand' " if hands_only else ""
        sql = f"select * from entries where evening_id = ? and status = 'active' {kind}order by {placed(desc=True)} limit 1"
        return next(map(entry_of_row, self.db.query(sql, [evening.id])), None)

    def replayed_before(self, evening: Evening, seq: int) -> int:
        """How many entries a replay of the evening goes through before ``seq``."""
        return self.db.execute(
            "select count(*) from entries where evening_id = ? and seq < ? and (status = 'active' or id in "
            "(select entry_id from corrections where evening_id = ? and kind = 'void'))",
            [evening.id, seq, evening.id],
        ).fetchone()[0]

    def replayed_entries(self, evening: Evening, from_seq: int = 0) -> list[StoredEntry]:
        """What a replay of the evening goes through (from ``from_seq`` on):
        the active entries and the hands voided by ``hand void``, which were
        dealt (RULINGS.md Later rulings: a Radl counts deals)."""
        return [
            entry_of_row(r)
            for r in self.db.query(
                "select * from entries where evening_id = ? and seq >= ? and (status = 'active' or kind = 'hand' and id in "
                f"(select entry_id from corrections where evening_id = ? and kind = 'void')) order by {placed()}",
                [evening.id, from_seq, evening.id],
            )
        ]

    def places(self, evening: Evening) -> list[tuple[int, int | None, str, int | None, str, bool]]:
        """(id, place, kind, number, status, scored) of every entry of the
        evening in the sheet's order (scored: a result is written beside it)."""
        return [
            (i, seq, kind, number, status, bool(scored))
            for i, seq, kind, number, status, scored in self.db.execute(
                "select e.id, e.seq, e.kind, e.number, e.status, r.entry_id is not null from entries e "
                f"left join results r on r.entry_id = e.id where e.evening_id = ? order by {placed('e.')}",
                [evening.id],
            )
        ]

    def start_state(self, evening: Evening) -> State:
        return initial_state(evening.rules, evening.seating, evening.first_dealer, evening.start_pot)

    def last_state(self, evening: Evening, before_seq: int | None = None) -> State:
        """The evening's state after its last replayed entry (or the last before ``before_seq``)."""
        row = self.db.execute(
            "select r.state_json from results r join entries e on e.id = r.entry_id "
            "where e.evening_id = ? and (e.status = 'active' or r.kind = 'dealt') and (? is null or e.seq < ?) "
            f"order by {placed('e.', desc=True)} limit 1",
            [evening.id, before_seq, before_seq],
        ).fetchone()
        return State.from_json(row[0]) if row else self.start_state(evening)

    def scored_entries(self, evening: Evening) -> Iterator[tuple[StoredEntry, State, list[dict] | None]]:
        """What a replay of the evening goes through, in order: each entry
        with the state stored after it and the items it keeps (``kept_items``;
        others are scored again: ``schreiber.service.rescored``)."""
        for row in self.db.query(
            "select e.*, r.state_json, r.items_json from entries e join results r on r.entry_id = e.id "
            f"where e.evening_id = ? and (e.status = 'active' or r.kind = 'dealt') order by {placed('e.')}",
            [evening.id],
        ):
            yield entry_of_row(row), State.from_json(row["state_json"]), kept_items(row["items_json"])

    def kept_items(self, entry_id: int) -> list[dict] | None:
        """The items the entry's result keeps (``codec.kept_items``; mostly None)."""
        row = self.db.execute("select items_json from results where entry_id = ?", [entry_id]).fetchone()
        return kept_items(row[0]) if row else None

    def entry_payments(self, entry_id: int) -> dict[str, Fraction]:
        """The payments stored for one entry, by player."""
        return {
            name: from_units(x)
            for name, x in self.db.execute(
                "select p.name, pay.points_x2520 from payments pay join players p on p.id = pay.player_id "
                "where pay.entry_id = ?",
                [entry_id],
            )
        }

    def at_end(self, evening: Evening, after: State | None = None) -> bool:
        """Whether the evening's last deal was the last of its final Radl
        (``ends_evening``) and no final Radl runs again: the next hand would
        be one past the evening's end (``after``: its last state, where read)."""
        after = self.last_state(evening) if after is None else after
        if after.final:
            return False
        row = self.db.execute(  # the last hand dealt (standing, or voided afterwards), off the end of its index
            "select e.seq from entries e join results r on r.entry_id = e.id where e.evening_id = ? "
            "and e.kind = 'hand' and (e.status = 'active' or r.kind = 'dealt') order by e.seq desc limit 1",
            [evening.id],
        ).fetchone()
        return row is not None and ends_evening(self.last_state(evening, before_seq=row[0]), after)

    def next_seq(self, evening: Evening) -> int:
        return self.db.execute(
            "select coalesce(max(seq), 0) + 1 from entries where evening_id = ?", [evening.id]
        ).fetchone()[0]

    def next_number(self, evening: Evening) -> int:
        """The number the evening's next hand gets: the one after the last hand
        dealt. A hand voided afterwards was dealt and keeps its number; one
        taken back (``undo``) or replaced was not, so the hand entered in its
        stead has its number, as the prompt said it would."""
        last = self.db.execute(  # off the end of entries_hand_number, past the hands taken back at its end
            "select e.number from entries e left join results r on r.entry_id = e.id "
            "where e.evening_id = ? and e.kind = 'hand' and (e.status = 'active' or r.kind = 'dealt') "
            "order by e.number desc limit 1",
            [evening.id],
        ).fetchone()
        return (last[0] if last else 0) + 1

    def hand_entry(self, evening: Evening, number: int) -> StoredEntry:
        """The active hand ``number`` of the evening."""
        hands = "select * from entries where evening_id = ? and kind = 'hand' and status = 'active'"
        rows = list(self.db.query(f"{hands} and number = ?", [evening.id, number])) if _fits(number) else []
        if not rows:
            raise NoSuchHand(number, [r["number"] for r in self.db.query(f"{hands} order by seq", [evening.id])])
        return entry_of_row(rows[0])

    def other_entry(self, evening: Evening, ref: int) -> StoredEntry:
        """The evening's entry e``ref``: its ``ref``-th entry that is not a hand
        (a Radl, a redeal, a Strafpunkt), counted as the sheet numbers them."""
        others = f"select * from entries where evening_id = ? and kind != 'hand' order by {placed()}"
        rows = list(self.db.query(others, [evening.id]))
        if not 1 <= ref <= len(rows):
            raise NoSuchEntry(ref, len(rows))
        return entry_of_row(rows[ref - 1])

    def change_count(self, evening: Evening) -> tuple[int, int]:
        """(entries, corrections) of the evening: a cheap sign that another session changed it."""
        row = self.db.execute(
            "select (select count(*) from entries where evening_id = ?), "
            "(select count(*) from corrections where evening_id = ?)",
            [evening.id, evening.id],
        ).fetchone()
        return int(row[0]), int(row[1])

    def insert_entry(
        self,
        evening: Evening,
        seq: int,
        entry: Entry,
        number: int | None,
        replaces: int | None = None,
        uid: str | None = None,
    ) -> int:
        """Record an entry (with ``uid`` as its id where it has one already, e.g. from an export)."""
        row = entry_row(None, evening.id, seq, entry, number, replaces, uid)
        return self._insert("entries", dict(zip(ENTRY_COLUMNS[1:], row[1:])))  # the id: SQLite's

    def insert_scored(self, evening: Evening, scored: list[Scored]) -> None:
        """New entries with what each did (a hand added, an import's batch),
        ids following the largest (the transaction keeps other writers out)."""
        from .hand_rows import scored_rows

        if scored:
            self._write(evening, scored_rows(evening.id, self.next_entry_id(), scored, self._player_ids(), now_utc()))

    def _write(self, evening: Evening, rows: Rows, old: Rows | None = None) -> None:
        """The one way an entry's results are written: ``rows`` inserted, and
        the evening's and its year's rollups moved from ``old`` (the rows they replace)."""
        from . import rollups
        from .hand_rows import write_rows

        self.db.execute(f"PRAGMA cache_size = -{IMPORT_CACHE_KIB}")  # the indexes of a large import stay in memory
        write_rows(self.db, rows)
        rollups.replace_rows(self.db.conn, evening.id, old or {}, rows)

    def next_entry_id(self) -> int:
        """The id the next entry gets (an import numbers its entries from it)."""
        return self.db.execute("select coalesce(max(id), 0) + 1 from entries").fetchone()[0]

    def _player_ids(self) -> Callable[[str], int]:
        """``player_id`` with the ids looked up once (new players added as met): an import asks it often."""
        return _PlayerIds(self.player_id, self.db.execute("select name, id from players").fetchall()).__getitem__

    def replace_results(
        self, evening: Evening, entries: list[StoredEntry], outcomes: list[Outcome], from_seq: int = 0
    ) -> None:
        """After a correction: every derived row of the evening's entries from
        ``from_seq`` on written anew (the rows before it stay as they are)."""
        from .hand_rows import COLUMNS, TABLES, new_rows, result_rows

        later = "evening_id = ? and entry_id in (select id from entries where evening_id = ? and seq >= ?)"
        args = [evening.id, evening.id, from_seq]
        old = {t: self.db.execute(f"select {', '.join(COLUMNS[t])} from {t} where {later}", args).fetchall()
               for t in ("payments", *TABLES)}  # fmt: skip
        self.db.execute(f"delete from payments where {later}", args)
        self.db.execute(f"delete from results where {later}", args)
        pid, rows = self._player_ids(), new_rows()
        for e, o in zip(entries, outcomes):
            result_rows(evening.id, e.id, e.number, o, pid, rows)
        self._write(evening, rows, old)

    def void_entry(self, evening: Evening, entry_id: int, kind: str, replacement_id: int | None = None) -> None:
        """Mark an entry void and log the correction (undo, void or edit)."""
        self.db.execute("update entries set status = 'void' where id = ?", [entry_id])
        self._insert("corrections", {"uid": new_uid(), "evening_id": evening.id, "kind": kind, "entry_id": entry_id,
                                     "replacement_id": replacement_id, "created_utc": now_utc()})  # fmt: skip

    def set_replaces(self, entry_id: int, replaced_id: int) -> None:
        """The replacement ``entry_id`` of the voided hand ``replaced_id`` (an import of an edit)."""
        self.db.execute("update entries set replaces = ? where id = ?", [replaced_id, entry_id])

    def set_record(self, entry_id: int, record: dict) -> None:
        self.db.execute("update entries set record_json = ? where id = ?", [compact(record), entry_id])

    # Imports -------------------------------------------------------------------

    def entry_uids(self, evening: Evening, uids: list[str]) -> tuple[set[str], set[str]]:
        """Of ``uids``: those of entries in this evening, and those of entries in another."""
        here: set[str] = set()
        elsewhere: set[str] = set()
        for i in range(0, len(uids), 500):
            chunk = uids[i : i + 500]
            for uid, evening_id in self.db.execute(
                f"select uid, evening_id from entries where uid in ({', '.join('?' for _x in chunk)})", chunk
            ):
                (here if evening_id == evening.id else elsewhere).add(uid)
        return here, elsewhere

    def earlier_import(self, evening: Evening, sha256: str) -> tuple[int, int] | None:
        """(entries, hands) of the file with this content imported into the evening before, if it was."""
        row = self.db.execute(
            "select entries, hands from imports where evening_id = ? and sha256 = ? order by id limit 1",
            [evening.id, sha256],
        ).fetchone()
        return (row[0], row[1]) if row else None

    def record_import(self, evening: Evening, sha256: str, entries: int, hands: int) -> None:
        self._insert(
            "imports",
            {"uid": new_uid(), "evening_id": evening.id, "sha256": sha256, "entries": entries, "hands": hands,
             "created_utc": now_utc()},
        )  # fmt: skip

    # Reading -----------------------------------------------------------------

    def balance(self, evening_id: int, schrift: bool = False) -> dict[str, Fraction]:
        """Each player's points of the evening: the money, or with ``schrift`` the written score."""
        column = "schrift_x2520" if schrift else "points_x2520"
        totals = {p: Fraction(0) for p in self.evening(evening_id).seating}
        for name, x in self.db.execute(  # the evening's rollup: the sum of its payments, kept with every change
            f"select p.name, r.{column} from roll_points r join players p on p.id = r.player_id where r.evening_id = ?",
            [evening_id],
        ):
            totals[name] = from_units(x)
        return totals

    def paid_in(self, evening: Evening) -> Fraction:
        """What the players paid in all this evening (minus: what the pot took)."""
        x = self.db.execute(
            "select coalesce(sum(p.points_x2520), 0) from entries e join payments p on p.entry_id = e.id "
            "where e.evening_id = ? and e.status = 'active'",
            [evening.id],
        ).fetchone()[0]
        return from_units(x)

    def sheet_lines(self, evening: Evening, after_seq: int = 0) -> list[SheetLine]:
        """Every entry of the evening after ``after_seq``, in order, voided ones too, with what is written beside it."""
        return self._lines("evening_id = ? and seq > ?", [evening.id, after_seq])

    def hand_lines(self, evening: Evening, number: int) -> list[SheetLine]:
        """The sheet's lines of hand ``number`` (a voided one and its replacement too)."""
        return (
            self._lines("evening_id = ? and kind = 'hand' and number = ?", [evening.id, number])
            if _fits(number)
            else []
        )

    def hand_numbers(self, evening: Evening) -> list[int]:
        """The number of every hand on the evening's sheet (voided ones too), in order."""
        return [
            r[0]
            for r in self.db.execute(
                f"select number from entries where evening_id = ? and kind = 'hand' order by {placed()}", [evening.id]
            )
        ]

    def _lines(self, entries: str, args: list) -> list[SheetLine]:
        """The entries where ``entries`` holds, in order, each with its result, payments and correction."""
        these = f"where {{0}}.entry_id in (select id from entries where {entries})"
        results = {r["entry_id"]: r for r in self.db.query(f"select r.* from results r {these.format('r')}", args)}
        pays: dict[int, dict[str, Fraction]] = {}
        for entry_id, name, x in self.db.execute(
            "select pay.entry_id, p.name, pay.points_x2520 from payments pay join players p on p.id = pay.player_id "
            + these.format("pay"),
            args,
        ):
            pays.setdefault(entry_id, {})[name] = from_units(x)
        corrected = {
            r["entry_id"]: r["kind"]
            for r in self.db.query(f"select c.entry_id, c.kind from corrections c {these.format('c')}", args)
        }
        out = []
        for row in self.db.query(f"select * from entries where {entries} order by {placed()}", args):
            e = entry_of_row(row)
            res = results.get(e.id)
            out.append(
                SheetLine(
                    e, result_of_row(res) if res and not e.is_void else None, pays.get(e.id, {}), corrected.get(e.id)
                )
            )
        return out

    def data_version(self) -> int:
        """Changes whenever another connection commits a change to the ledger."""
        return self.db.execute("pragma data_version").fetchone()[0]

    def entry_totals(self, evening: Evening) -> list[tuple[int, str, int]]:
        """(entry id, player, points in 1/2520) of every active payment, in entry order."""
        return self.db.execute(
            "select pay.entry_id, pl.name, pay.points_x2520 from entries e "
            "join payments pay on pay.entry_id = e.id join players pl on pl.id = pay.player_id "
            f"where e.evening_id = ? and e.status = 'active' order by {placed('e.')}",
            [evening.id],
        ).fetchall()

    def evening_totals(self, rng: DateRange) -> list[tuple[int, str, str, int]]:
        """(evening id, date, player, points in 1/2520) per evening in range, in date order."""
        sel, params = rng.sql()
        return self.db.execute(
            "select ev.id, ev.date, pl.name, sum(pay.points_x2520) from entries e "
            "join payments pay on pay.entry_id = e.id join evenings ev on ev.id = e.evening_id "
            "join players pl on pl.id = pay.player_id "
            f"where e.evening_id in ({sel}) and e.status = 'active' group by ev.id, pl.name order by ev.date, ev.id",
            params,
        ).fetchall()

    def game_names(self, rng: DateRange) -> tuple[dict[str, str], dict[str, str]]:
        """Each contract's and premium's name (id -> name) in the rules the
        evenings in range were played under, as the rules stored with them
        name it (``Rules.to_json``: each one's ``name``, read without parsing
        the rules); where two rules name one differently, the latest evening's."""
        sel, params = rng.sql()
        names: tuple[dict[str, str], dict[str, str]] = ({}, {})
        for kind, key, name in self.db.execute(
            "select k.kind, j.key, json_extract(j.value, '$.name') from (select rule_set_id, max(date) as last, "
            f"max(id) as latest from evenings where id in ({sel}) group by rule_set_id) ev "
            "join rule_sets rs on rs.id = ev.rule_set_id "
            "join (select 0 as kind, '$.contracts' as path union all select 1, '$.premiums') k "
            "join json_each(rs.rules_json, k.path) j order by ev.last, ev.latest",
            params,
        ).fetchall():
            names[kind][key] = name
        return names

    def statistics(self, rng: DateRange, schrift: bool = False, full: bool = False) -> StatsRows:
        """Every aggregate ``schreiber stats`` needs (``full``: from every hand's rows, not the rollups)."""
        from .statistics import read_statistics

        return read_statistics(self.db.conn, rng, schrift, full)

    def export_rows(self, what: str, evening: Evening | None, rng: DateRange) -> Iterator[dict]:
        """Hands or payments of one evening or a date range (the items: ``service.rescored.item_rows``)."""
        from . import export as _export

        return _export.ROWS[what](self.db.conn, evening.id if evening else None, rng)

    # Merge ---------------------------------------------------------------------

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
                except (sqlite3.Error, SchreiberError, ValueError, KeyError, TypeError) as exc:
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

    # Backup --------------------------------------------------------------------

    def backup(self, path: str | Path, overwrite: bool = False) -> Path:
        """A copy of the ledger at ``path`` (a folder: a dated file in it), never over a ledger."""
        from . import backup as _backup
        from .targets import refuse_ledger_target

        target = _backup.target_for(self.path, Path(path))
        refuse_ledger_target(target, self.path)
        return _backup.backup(self.db.conn, self.path, target, overwrite)


class _PlayerIds(dict):
    """Players' ids by name; a name not yet known is looked up (or added) by ``new``."""

    def __init__(self, new: Callable[[str], int], known: list[tuple[str, int]]):
        super().__init__(known)
        self.new = new

    def __missing__(self, name: str) -> int:
        self[name] = pid = self.new(name)
        return pid


def backup_counts(path: Path) -> tuple[int, int]:
    """(evenings, active hands) in a ledger file: what a backup holds."""
    from . import backup as _backup

    return _backup.counts(path)
