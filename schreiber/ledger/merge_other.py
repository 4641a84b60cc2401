"""The other ledger of a merge read: each table once (parents first), each
column checked to hold what the schema says it holds (its type, its JSON,
the ids of the rows it names: read from this ledger's own tables, not
restated), each entry and correction in its place. The first row that
breaks it is named (MergeRefused, "damaged").
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from collections.abc import Callable, Iterable
from operator import itemgetter
from pathlib import Path
from typing import Any

from ..domain.evening import ENTRY_KINDS
from ..i18n import _
from .codec import rule_set_key
from .errors import MergeRefused

CORRECTIONS = ("undo", "void", "edit")
TIME_MAX = 253402300800  # the year 10000, in seconds since the epoch
MERGED = ("players", "rule_sets", "evenings", "entries", "corrections", "imports", "cups", "cup_players", "cup_tables",
          "cup_withdrawn_tables")  # fmt: skip
# What the schema does not say of a column (the tables of version 1 were made without it): the ones that may
# be NULL (and every time, ``*_utc``), and the references to an entry.
MAY_BE_NULL = frozenset({"entries.number", "entries.record_json", "entries.player", "entries.replaces",
                         "corrections.replacement_id", "cup_players.ort"})  # fmt: skip
NAMES_AN_ENTRY = frozenset({"replaces", "entry_id", "replacement_id"})
# A value that is not of its kind, in SQL (``_Other._column``): one query a column finds the first such
# row. A global id as ``hand_file.ID_PATTERN`` reads one (an export's "id" may become an entry's).
BAD = {
    "int": "typeof({c}) != 'integer'",
    "text": "typeof({c}) != 'text'",
    "json": "typeof({c}) != 'text' or not json_valid({c})",
    "uid": "typeof({c}) != 'text' or length({c}) not between 1 and 64 or {c} glob '*[^0-9A-Za-z_-]*'",
    "time": f"not (typeof({{c}}) = 'text' or typeof({{c}}) = 'integer' and {{c}} between 0 and {TIME_MAX - 1})",
}
BAD_REF = "typeof({c}) != 'integer' or not exists (select 1 from \"{target}\" t where t.id = {c})"


def shapes(conn: sqlite3.Connection) -> dict[str, dict[str, str]]:
    """What each column of the merged tables holds, as the schema of the
    ledger ``conn`` says ("?": or NULL): a whole number, a text, a global id,
    JSON text (``*_json``), a time (``*_utc``: seconds, or the ISO text of a
    ledger before m012), or the id of a row of the table it references."""
    out: dict[str, dict[str, str]] = {}
    for table in MERGED:
        refs = {r[3]: r[2] for r in conn.execute(f'pragma foreign_key_list("{table}")')}
        out[table] = {}
        for _cid, name, declared, _notnull, _default, _pk in conn.execute(f'pragma table_info("{table}")'):
            if name in refs or name in NAMES_AN_ENTRY:
                kind = "->" + refs.get(name, "entries")
            elif name == "uid" or name.endswith(("_json", "_utc")):
                kind = "uid" if name == "uid" else name.rpartition("_")[2].replace("utc", "time")
            else:
                kind = "int" if declared.lower() == "integer" else "text"
            out[table][name] = kind + ("?" if f"{table}.{name}" in MAY_BE_NULL or kind == "time" else "")
    return out


def grouped(rows: list[dict], key: Callable[[dict], int]) -> defaultdict[int, list[dict]]:
    out: defaultdict[int, list[dict]] = defaultdict(list)
    for r in rows:
        out[key(r)].append(r)
    return out


def rows_of(con: sqlite3.Connection, sql: str, params: Iterable = ()) -> list[dict]:
    cur = con.execute(sql, list(params))
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, r)) for r in cur.fetchall()]


class Other:
    """The other ledger's rows, each table read once and checked."""

    def __init__(self, con: sqlite3.Connection, label: str, shapes: dict[str, dict[str, str]]):
        self.label, self.path, self.shapes = label, Path(label), shapes
        self.rows: dict[str, list[dict]] = {}
        self.by_id: dict[str, dict[int, dict]] = {}
        for table, shape in shapes.items():
            for column, kind in shape.items():
                self._column(con, table, column, kind)
            cols = ", ".join(f'"{c}"' for c in shape)
            self.rows[table] = rows_of(con, f'select rowid as "rowid:", {cols} from "{table}" order by rowid')
            self.by_id[table] = {r["id"]: r for r in self.rows[table] if "id" in r}
        for ev in self.rows["evenings"]:
            ev["seating"] = self.json("evenings", ev, "seating_json")
        self.entries = grouped(self.rows["entries"], itemgetter("evening_id"))
        self.corrections = grouped(self.rows["corrections"], itemgetter("evening_id"))
        for c in self.rows["corrections"]:
            self._correction(c)
        corrected = {c["entry_id"] for c in self.rows["corrections"]}
        for e in self.rows["entries"]:
            self._entry(e, e["id"] in corrected)
        for entries in self.entries.values():
            self._standing(entries)
        self.table_of = {t["evening_id"]: t for t in self.rows["cup_tables"]}
        # closed as a copy: not carried
        self.held = {r[0] for r in con.execute("select evening_id from held_elsewhere")}
        self._rules_keys: dict[int, str] = {}

    def damaged(self, table: str, row: dict, problem: str) -> MergeRefused:
        return MergeRefused(self.path, _("{label} is damaged: row {row} of its table {table}: {problem}").format(
            label=self.label, row=row["rowid:"], table=table, problem=problem), "damaged")  # fmt: skip

    def _column(self, con: sqlite3.Connection, table: str, column: str, kind: str) -> None:
        """The first row whose ``column`` does not hold what ``kind`` says (one query a column), named."""
        c, nullable, kind = f'o."{column}"', kind.endswith("?"), kind.rstrip("?")
        target = kind[2:]
        bad = BAD_REF.format(c=c, target=target) if kind.startswith("->") else BAD[kind].format(c=c)
        where = f"{c} is not null and ({bad})" if nullable else f"{c} is null or ({bad})"
        found = con.execute(f'select o.rowid, {c} from "{table}" o where {where} order by o.rowid limit 1').fetchone()
        if found is None:
            return
        row, value = {"rowid:": found[0]}, found[1]
        if value is None:
            problem = _("{column} is empty")
        elif kind.startswith("->"):
            problem = _("{column} is {value}, which names no row of its table {target}")
        elif kind == "int":
            problem = _("{column} is {value}, not a whole number")
        elif kind in ("text", "json") and type(value) is not str:
            problem = _("{column} is {value}, not a text")
        elif kind == "json":
            self.json(table, {"rowid:": found[0], column: value}, column)
            problem = _("{column} is not JSON ({error})")
        elif kind == "uid":
            problem = _("{column} is {value}, not a global id")
        else:
            problem = _("{column} is {value}, not a time")
        shown = repr(value)[:40]
        raise self.damaged(table, row, problem.format(column=column, value=shown, target=target, error=shown))

    def json(self, table: str, row: dict, column: str) -> Any:
        """A JSON column of a row, read (None for NULL); a text that is no JSON names the row."""
        text = row[column]
        try:
            return None if text is None else json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise self.damaged(
                table, row, _("{column} is not JSON ({error})").format(column=column, error=exc)
            ) from None

    def record(self, entry: dict) -> Any:
        return self.json("entries", entry, "record_json")

    def rules_key(self, evening: dict) -> str:
        """The key of an evening's rules (``codec.rule_set_key``), worked out once per rule set."""
        set_id = evening["rule_set_id"]
        if set_id not in self._rules_keys:
            self._rules_keys[set_id] = rule_set_key(self.rules_text(evening))
        return self._rules_keys[set_id]

    def _entry(self, e: dict, corrected: bool) -> None:
        """An entry in its place (from 1), a hand numbered (from 1), another not,
        a replacement at its entry's place; void where a correction names it."""
        problem = None
        if e["seq"] < 1:
            problem = _("its place in its evening (seq) is {seq}").format(seq=e["seq"])
        elif e["kind"] not in ENTRY_KINDS:
            problem = _("kind {kind!r} is no kind of entry ({kinds})").format(
                kind=e["kind"], kinds=", ".join(ENTRY_KINDS)
            )
        elif (e["kind"] == "hand") != (e["number"] is not None and e["number"] >= 1):
            problem = _("a {kind} entry with the number {number}").format(kind=e["kind"], number=e["number"])
        elif e["status"] not in ("active", "void"):
            problem = _("status {status!r} is neither active nor void").format(status=e["status"])
        elif (e["status"] == "void") != corrected:
            problem = _("it is void without a correction") if corrected is False else _("it is corrected but not void")
        elif e["replaces"] is not None:
            old = self.by_id["entries"][e["replaces"]]
            if (old["evening_id"], old["seq"]) != (e["evening_id"], e["seq"]) or old["id"] >= e["id"]:
                problem = _("it replaces row {row}, which is not the entry before it at its place").format(
                    row=old["rowid:"]
                )
        if problem:
            raise self.damaged("entries", e, problem)

    def _standing(self, entries: list[dict]) -> None:
        """At most one entry stands (is active) at each place of an evening, and each hand number once."""
        places: set[int] = set()
        numbers: set[int] = set()
        for e in entries:
            if e["status"] != "active":
                continue
            if e["seq"] in places or (e["kind"] == "hand" and e["number"] in numbers):
                raise self.damaged("entries", e, _("another entry of its evening stands at its place or number"))
            places.add(e["seq"])
            if e["kind"] == "hand":
                numbers.add(e["number"])

    def _correction(self, c: dict) -> None:
        """A correction of an entry of its evening; an edit names its replacement, undo and void none."""
        entry = self.by_id["entries"][c["entry_id"]]
        new = self.by_id["entries"].get(c["replacement_id"]) if c["replacement_id"] is not None else None
        if c["kind"] not in CORRECTIONS:
            problem = _("kind {kind}; a correction is {kinds}").format(kind=c["kind"], kinds=", ".join(CORRECTIONS))
        elif entry["evening_id"] != c["evening_id"]:
            problem = _("it corrects an entry of another evening")
        elif (c["kind"] == "edit") != (new is not None) or (new is not None and new["replaces"] != entry["id"]):
            problem = _("its replacement does not replace the entry it corrects")
        else:
            return
        raise self.damaged("corrections", c, problem)

    def rules_text(self, evening: dict) -> str:
        return self.by_id["rule_sets"][evening["rule_set_id"]]["rules_json"]
