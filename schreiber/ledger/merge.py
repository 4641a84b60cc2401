"""Bringing another ledger's rows into this one (``schreiber merge``).

A cup's desk hands each table a copy of its ledger; each table enters its
hands on its copy; the desk merges the copies back. Rows are matched by
their global id (``uid``, migration m005), players also by name. Only what
grows is merged: new players, evenings, entries, corrections and imports
are inserted (with their ids mapped to this ledger's), an evening's status
moves forward (open < closed < settled), never back. Whatever both ledgers
hold differently is a conflict (``MergeConflict``): nothing is written.
The other file is opened read-only and only read. Re-scoring the evenings
that got new entries is the service's business (it has the scorer).

The tables and how their rows match are data (``TABLES``): a table the
ledger gains later is merged by adding its ``Table`` line; a table that
either file lacks is skipped.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from ..i18n import N_, _
from .connection import LEDGER_TABLES
from .errors import MergeConflict, MergeRefused

SQLITE_HEADER = b"SQLite format 3\x00"
STATUS_RANK = {"open": 0, "closed": 1, "settled": 2}


class Table(NamedTuple):
    """How the rows of one table are merged.

    ``key``: the columns that name a row in both ledgers (after mapping);
    ``refs``: columns holding ids of rows of another table (mapped from the
    other ledger's ids to ours); ``same``: columns both ledgers must agree on
    where both hold the row; ``has_id``: an integer ``id`` key, new in ours;
    ``counted``: new rows are counted under the table's name."""

    name: str
    key: tuple[str, ...]
    refs: dict[str, str]
    same: tuple[str, ...]
    has_id: bool = True
    counted: bool = True


# Not the Pagat pot at the start: it is what the evening before left, carried
# on after every change (the service's ``_carry_on``), so a copy made before
# a change to an earlier evening may hold the pot as it was.
EVENING_SAME = ("date", "preset", "rule_set_id", "seating_json", "first_dealer")
TABLES = (
    Table("players", ("uid",), {}, ("name",)),
    Table("rule_sets", ("sha256",), {}, ("rules_json",), counted=False),  # the same rules: the same set
    Table("evenings", ("uid",), {"rule_set_id": "rule_sets"}, EVENING_SAME),
    Table("evening_players", ("evening_id", "seat"), {"evening_id": "evenings", "player_id": "players"},
          ("player_id",), has_id=False, counted=False),
    Table("entries", ("uid",), {"evening_id": "evenings", "replaces": "entries"},
          ("evening_id", "seq", "kind", "number", "record_json", "player", "replaces"), counted=False),
    Table("corrections", ("uid",), {"evening_id": "evenings", "entry_id": "entries", "replacement_id": "entries"},
          ("evening_id", "kind", "entry_id", "replacement_id")),
    Table("imports", ("uid",), {"evening_id": "evenings"}, ("evening_id", "sha256")),
    Table("cups", ("uid",), {}, ("name", "date", "season", "preset", "rules_json", "rounds", "hands", "hands_five",
          "points_scheme", "best", "seed")),
    Table("cup_players", ("cup_id", "player_id"), {"cup_id": "cups", "player_id": "players"}, ("number", "lot"),
          has_id=False, counted=False),
    Table("cup_tables", ("cup_id", "round", "table_no"), {"cup_id": "cups", "evening_id": "evenings"},
          ("evening_id",), has_id=False, counted=False),
)  # fmt: skip

WHAT = {"date": N_("date"), "preset": N_("rules"), "rules_json": N_("rules"), "rule_set_id": N_("rules"),
        "seating_json": N_("seating"), "first_dealer": N_("first dealer"), "player_id": N_("seating")}  # fmt: skip


class Merged(NamedTuple):
    """What a merge brought in: rows counted by kind, and the evenings (our
    ids) that got new entries or corrections, to be re-scored."""

    counts: dict[str, int]
    touched: list[int]


def open_other(path: Path, ours: Path, applied: list[str]) -> sqlite3.Connection:
    """The other ledger, read-only, once it is known to be a ledger of our
    schema (``applied``: our migrations) and not this ledger itself."""
    if not path.exists():
        raise MergeRefused(path, _("there is no file {path}").format(path=path), "missing")
    if path.is_dir():
        raise MergeRefused(path, _("{path} is a folder, not a ledger file").format(path=path), "missing")
    if ours.exists() and os.path.samefile(path, ours):
        raise MergeRefused(path, _("{path} is this ledger itself").format(path=path), "self")
    if _header(path) != SQLITE_HEADER:
        raise MergeRefused(
            path, _("{path} is not a schreiber ledger (not an SQLite database)").format(path=path), "foreign"
        )
    try:
        con = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True, isolation_level=None)
        theirs = _migrations(con, path)
    except sqlite3.DatabaseError as exc:
        raise MergeRefused(
            path, _("cannot read {path} as a ledger ({problem})").format(path=path, problem=exc), "foreign"
        ) from None
    if theirs != applied:
        con.close()
        if theirs == applied[: len(theirs)]:
            raise MergeRefused(
                path,
                _("{path} is a ledger of an older schema (it lacks {migration})").format(
                    path=path, migration=applied[len(theirs)]
                ),
                "older",
            )
        newer = next((n for n in theirs if n not in applied), theirs[-1] if theirs else "?")
        raise MergeRefused(
            path,
            _("{path} was written by a newer schreiber (schema {schema})").format(path=path, schema=newer),
            "newer",
        )
    return con


def _migrations(con: sqlite3.Connection, path: Path) -> list[str]:
    """The schreiber migrations applied to the other file (refused if it is no ledger)."""
    names = {r[0] for r in con.execute("select name from sqlite_master where type = 'table'")}
    if not names >= LEDGER_TABLES | {"_sqlite_migrations"}:
        con.close()
        raise MergeRefused(path, _("{path} is an SQLite file but not a schreiber ledger").format(path=path), "foreign")
    return [r[0] for r in con.execute(
        "select name from _sqlite_migrations where migration_set = 'schreiber' order by rowid")]  # fmt: skip


def _header(path: Path) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise MergeRefused(
            path, _("cannot read {path}: {why}").format(path=path, why=exc.strerror), "missing"
        ) from None


def merge_rows(ours: sqlite3.Connection, theirs: sqlite3.Connection, label: str) -> Merged:
    """Insert into ``ours`` (inside the caller's transaction) every row of
    ``theirs`` it lacks; raise MergeConflict at the first row both hold
    differently. ``label`` names the other ledger in messages."""
    m = _Merge(ours, theirs, label)
    theirs.execute("begin")  # one consistent snapshot of the other file
    try:
        for table in TABLES:
            if _has_table(ours, table.name) and _has_table(theirs, table.name):
                m.table(table)
    finally:
        theirs.execute("rollback")
    touched = sorted(m.touched)
    for evening_id in touched:  # a correction voids its entry
        ours.execute(
            "update entries set status = 'void' where evening_id = ? and status = 'active' "
            "and id in (select entry_id from corrections where evening_id = ?)",
            [evening_id, evening_id],
        )
    return Merged(m.counts, touched)


def _has_table(con: sqlite3.Connection, name: str) -> bool:
    return con.execute("select 1 from sqlite_master where type = 'table' and name = ?", [name]).fetchone() is not None


def _rows(con: sqlite3.Connection, sql: str, params: list) -> list[dict]:
    cur = con.execute(sql, params)
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, r)) for r in cur.fetchall()]


class _Merge:
    """One merge in progress: the other ledger's ids mapped to ours, table by table."""

    def __init__(self, ours: sqlite3.Connection, theirs: sqlite3.Connection, label: str):
        self.ours, self.theirs, self.label = ours, theirs, label
        self.ids: dict[str, dict[int, int]] = {t.name: {} for t in TABLES}
        self.counts = {"players": 0, "evenings": 0, "hands": 0, "other_entries": 0, "corrections": 0,
                       "status_changes": 0, "imports": 0}  # fmt: skip
        self.touched: set[int] = set()
        self.checks: dict[str, Callable[[dict, dict | None], None]] = {
            "players": self._player,
            "evenings": self._evening,
            "entries": self._entry,
            "corrections": self._correction,
        }

    def table(self, t: Table) -> None:
        columns = [r[1] for r in self.ours.execute(f'pragma table_info("{t.name}")')]
        select = ", ".join(f'"{c}"' for c in columns)
        index = self._index(t)
        for row in _rows(self.theirs, f'select {select} from "{t.name}" order by rowid', []):
            mapped = {c: self._mapped(t, c, row[c]) for c in columns}
            mine = index.get(tuple(mapped[c] for c in t.key)) or self._find(t, mapped)
            check = self.checks.get(t.name)
            if mine is not None:
                differ = [c for c in t.same if not _equal(c, mine[c], mapped[c])]
                if check:
                    check(mapped | {"differ": differ}, mine)
                elif differ:
                    what = ", ".join(sorted({_(WHAT[c]) if c in WHAT else c for c in differ}))
                    raise MergeConflict(self._where(mapped.get("evening_id")),
                                        _("{table} differs in both ledgers ({what})").format(table=t.name, what=what),
                                        "row")  # fmt: skip
            else:
                if check:
                    check(mapped, None)
                mine = {"id": self._insert(t, {c: v for c, v in mapped.items() if not (t.has_id and c == "id")})}
            if t.has_id:
                self.ids[t.name][row["id"]] = mine["id"]

    def _mapped(self, t: Table, column: str, value: object) -> object:
        target = t.refs.get(column)
        if target is None or value is None:
            return value
        assert isinstance(value, int)
        return self.ids[target][value]

    def _index(self, t: Table) -> dict[tuple, dict]:
        """Our rows of the table by their key, read once (a row looked up one by one cost a query each)."""
        return {tuple(r[c] for c in t.key): r for r in _rows(self.ours, f'select * from "{t.name}"', [])}

    def _find(self, t: Table, row: dict) -> dict | None:
        """A row the index does not hold by its key: a player of the same name (names are unique in a ledger)."""
        if t.name != "players":
            return None
        found = _rows(self.ours, "select * from players where name = ?", [row["name"]])
        return found[0] if found else None

    def _insert(self, t: Table, row: dict) -> int:
        cols = list(row)
        names = ", ".join(f'"{c}"' for c in cols)
        cur = self.ours.execute(
            f'insert into "{t.name}" ({names}) values ({", ".join("?" for _ in cols)})', [row[c] for c in cols]
        )
        if t.counted:  # entries are counted as hands and other entries
            self.counts[t.name] = self.counts.get(t.name, 0) + 1
        assert cur.lastrowid is not None
        return cur.lastrowid

    # Per table: what must hold where both have a row, or before a new one is inserted.

    def _player(self, theirs: dict, mine: dict | None) -> None:
        if mine is not None and mine["uid"] == theirs["uid"] and mine["name"] != theirs["name"]:
            raise MergeConflict(_("player {name}").format(name=mine["name"]),
                                _("{label} calls this player {name}").format(label=self.label, name=theirs["name"]),
                                "player")  # fmt: skip

    def _evening(self, theirs: dict, mine: dict | None) -> None:
        if mine is None:
            return
        where = self._where(mine["id"])
        if theirs["differ"]:
            what = ", ".join(sorted({_(WHAT[c]) if c in WHAT else c for c in theirs["differ"]}))
            raise MergeConflict(where, _("the evening was started differently in both ledgers ({what})").format(what=what),
                                "evening")  # fmt: skip
        if theirs["tarif_cents"] != mine["tarif_cents"]:
            raise MergeConflict(
                where,
                _("the tarif is {ours} here and {theirs} in {label}").format(
                    ours=f"{mine['tarif_cents'] / 100:.2f}",
                    theirs=f"{theirs['tarif_cents'] / 100:.2f}",
                    label=self.label,
                ),
                "tarif",
            )
        if STATUS_RANK.get(theirs["status"], 0) > STATUS_RANK.get(mine["status"], 0):
            self.ours.execute(
                "update evenings set status = ?, closed_utc = ? where id = ?",
                [theirs["status"], theirs["closed_utc"], mine["id"]],
            )
            self.counts["status_changes"] += 1

    def _entry(self, theirs: dict, mine: dict | None) -> None:
        if mine is not None:
            if theirs["differ"]:
                raise MergeConflict(self._where(mine["evening_id"]),
                                    _("{entry} was entered differently in both ledgers").format(entry=_name(mine)),
                                    "entry")  # fmt: skip
            return
        for other in _rows(
            self.ours, "select * from entries where evening_id = ? and seq = ?", [theirs["evening_id"], theirs["seq"]]
        ):
            if not self._theirs_has("entries", other["uid"]):
                mine_, theirs_ = _name(other), _name(theirs)
                what = (
                    _("{entry} was entered differently in both ledgers").format(entry=mine_)
                    if mine_ == theirs_
                    else _("{mine} here and {theirs} in {label} were entered at the same place").format(
                        mine=mine_, theirs=theirs_, label=self.label
                    )
                )
                raise MergeConflict(self._where(theirs["evening_id"]), what, "entry")
        self.counts["hands" if theirs["kind"] == "hand" else "other_entries"] += 1
        self.touched.add(theirs["evening_id"])

    def _correction(self, theirs: dict, mine: dict | None) -> None:
        if mine is not None:
            if theirs["differ"]:
                entry = _rows(self.ours, "select * from entries where id = ?", [mine["entry_id"]])[0]
                raise MergeConflict(self._where(mine["evening_id"]),
                                    _("{entry} was corrected differently in both ledgers").format(entry=_name(entry)),
                                    "correction")  # fmt: skip
            return
        entry = _rows(self.ours, "select * from entries where id = ?", [theirs["entry_id"]])[0]
        if self.ours.execute("select 1 from corrections where entry_id = ?", [theirs["entry_id"]]).fetchone():
            raise MergeConflict(self._where(theirs["evening_id"]),
                                _("{entry} was corrected differently in both ledgers").format(entry=_name(entry)),
                                "correction")  # fmt: skip
        self.touched.add(theirs["evening_id"])

    def _theirs_has(self, table: str, uid: str) -> bool:
        return self.theirs.execute(f'select 1 from "{table}" where uid = ?', [uid]).fetchone() is not None

    def _where(self, evening_id: object) -> str:
        """An evening as the conflict names it: its number here (and its cup table, where there is one)."""
        if evening_id is None:
            return _("the ledger")
        table = None
        if _has_table(self.ours, "cup_tables"):
            row = self.ours.execute("select table_no from cup_tables where evening_id = ?", [evening_id]).fetchone()
            table = row[0] if row else None
        if table is None:
            return _("evening {id}").format(id=evening_id)
        return _("evening {id} (table {table})").format(id=evening_id, table=table)


def _name(entry: dict) -> str:
    """An entry as the sheet names it: hand N, else its kind and place."""
    if entry["kind"] == "hand" and entry["number"] is not None:
        return _("hand {number}").format(number=entry["number"])
    return _("the {kind} entry at place {seq}").format(kind=entry["kind"], seq=entry["seq"])


def _equal(column: str, a: object, b: object) -> bool:
    if a == b:
        return True
    if column.endswith("_json") and isinstance(a, str) and isinstance(b, str):
        return json.loads(a) == json.loads(b)
    return False
