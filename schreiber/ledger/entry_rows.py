"""An evening's entries in the ledger: written with what each did (its
derived rows, the rollups moved with them), voided, replaced, imported,
and read back for a replay. Part of ``store.Ledger``, the one door.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from ..domain.evening import Entry, Outcome, State, ends_evening, initial_state
from .codec import ENTRY_COLUMNS, compact, entry_of_row, entry_row, kept_items, new_uid, now_utc, placed
from .errors import NoSuchEntry, NoSuchHand
from .evening_rows import EveningRows, fits
from .stored import Evening, Scored, StoredEntry

if TYPE_CHECKING:
    from .hand_rows import Rows

IMPORT_CACHE_KIB = 65536  # SQLite's page cache while an import writes (its default is 2 MiB)


class EntryRows(EveningRows):
    """The entries of the ledger's evenings, and what was written beside them."""

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

    def places(self, evening: Evening) -> list[tuple[int, int | None, str, int | None, str, int]]:
        """(id, place, kind, number, status, scored) of every entry of the
        evening in the sheet's order (scored: a result is written beside it)."""
        return self.db.execute(
            "select e.id, e.seq, e.kind, e.number, e.status, r.entry_id is not null from entries e "
            f"left join results r on r.entry_id = e.id where e.evening_id = ? order by {placed('e.')}",
            [evening.id],
        ).fetchall()

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
        rows = list(self.db.query(f"{hands} and number = ?", [evening.id, number])) if fits(number) else []
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


class _PlayerIds(dict):
    """Players' ids by name; a name not yet known is looked up (or added) by ``new``."""

    def __init__(self, new: Callable[[str], int], known: list[tuple[str, int]]):
        super().__init__(known)
        self.new = new

    def __missing__(self, name: str) -> int:
        self[name] = pid = self.new(name)
        return pid
