"""Bringing another ledger's rows into this one (``schreiber merge``).

A cup's desk hands each table a copy of its ledger and merges the copies
back. The copy is outside input: checked as any ledger opened
(``connection.open_to_read``), every row as a ledger holds it (``_Other``:
types, JSON, ids naming its rows), and every row it brings in as if typed
(``Checks``, by the service).

Rows are matched by their global id (``uid``, m005), players also by name,
an evening also as the same table of a tournament's round or by its start
(a copy of an older ledger migrated on its own has other ids). Only what
grows is merged: new rows are inserted with their ids mapped to ours, and
an evening's status moves forward (open < closed < settled), never back.

An evening's entries are compared place by place (``seq``; a correction
at its entry's place). What only one ledger has new at a place is taken;
where both have, what stands there decides: the same hand (or nothing) is
no conflict, a hand one ledger added and took back gives way; anything
else is a conflict naming both versions and ``MergeConflict.fixes``, and
nothing is written. Re-scoring is the service's business.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from collections import defaultdict
from collections.abc import Callable, Iterable
from operator import itemgetter
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from ..domain.evening import ENTRY_KINDS
from ..domain.names import match_players
from ..domain.notation.format import format_notation
from ..errors import SchreiberError
from ..i18n import N_, _
from .codec import dumps, new_uid, now_utc, placed, rule_set_id, rule_set_key
from .errors import Fix, MergeConflict, MergeRefused
from .stored import stored_rules

STATUS_RANK = {"open": 0, "closed": 1, "settled": 2, "withdrawn": 3}  # withdrawn: a table of a draw taken back
CUP_STATUS_RANK = {"open": 0, "closed": 1}
CORRECTIONS = ("undo", "void", "edit")
SHA256 = re.compile(r"[0-9a-f]{64}")
TIME_MAX = 253402300800  # the year 10000, in seconds since the epoch

# What each column of the other ledger holds ("?": or NULL): a whole number, a text, a global id, JSON
# text, a time (seconds, or the ISO text of a ledger before m012), or the id of a row of one of its tables.
SHAPES: dict[str, dict[str, str]] = {
    "players": {"id": "int", "uid": "uid", "name": "text", "created_utc": "time?"},
    "rule_sets": {"id": "int", "rules_json": "json"},
    "evenings": {"id": "int", "uid": "uid", "date": "text", "preset": "text", "rule_set_id": "->rule_sets",
                 "seating_json": "json", "first_dealer": "text", "tarif_cents": "int", "status": "text",
                 "start_pot": "text", "created_utc": "time?", "closed_utc": "time?"},
    "entries": {"id": "int", "uid": "uid", "evening_id": "->evenings", "seq": "int", "kind": "text",
                "number": "int?", "record_json": "json?", "player": "text?", "status": "text",
                "replaces": "->entries?", "created_utc": "time?"},
    "corrections": {"id": "int", "uid": "uid", "evening_id": "->evenings", "kind": "text", "entry_id": "->entries",
                    "replacement_id": "->entries?", "created_utc": "time?"},
    "imports": {"id": "int", "uid": "uid", "evening_id": "->evenings", "sha256": "text", "entries": "int",
                "hands": "int", "created_utc": "time?"},
    "cups": {"id": "int", "uid": "uid", "name": "text", "date": "text", "season": "text", "preset": "text",
             "rules_json": "json", "rounds": "int", "hands": "int", "hands_five": "int", "points_scheme": "text",
             "best": "int", "seed": "int", "status": "text", "created_utc": "time?"},
    "cup_players": {"cup_id": "->cups", "player_id": "->players", "number": "int", "ort": "text?", "lot": "int"},
    "cup_tables": {"cup_id": "->cups", "round": "int", "table_no": "int", "evening_id": "->evenings"},
    "cup_withdrawn_tables": {"cup_id": "->cups", "round": "int", "table_no": "int", "evening_id": "->evenings",
                             "withdrawn_utc": "time?"},
}  # fmt: skip
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
CUP_SAME = tuple(k for k in SHAPES["cups"] if k not in ("id", "uid", "status", "created_utc"))  # how a cup was started
START = {"date": N_("date"), "preset": N_("rules"), "rules": N_("rules"), "seating": N_("seating"),
         "first_dealer": N_("first dealer")}  # fmt: skip
KIND_NAMES = {"radl": N_("the Radl"), "redeal": N_("the redeal"), "strafpunkt": N_("the Strafpunkt"),
              "totals": N_("the totals from paper")}  # fmt: skip


class Merged(NamedTuple):
    """What a merge brought in: rows counted by kind, the evenings (our ids)
    that got new entries or corrections, to be re-scored, and of those the
    evenings this ledger did not have before (``made``: nothing of theirs changed here)."""

    counts: dict[str, int]
    touched: list[int]
    made: frozenset[int] = frozenset()


class Checks(Protocol):
    """What the service checks of each row a merge brings in, as if it had
    been typed; each raises SchreiberError saying what is wrong."""

    def player(self, name: str) -> None: ...

    def evening(self, row: dict) -> None: ...

    def entry(self, kind: str, record: Any, player: str | None, seating: tuple[str, ...]) -> None: ...

    def cup(self, row: dict) -> None: ...

    def cup_player(self, ort: str | None) -> None: ...


def open_other(path: Path, ours: Path) -> tuple[sqlite3.Connection, bool]:
    """The other ledger, open read-only, and whether its schema is older;
    MergeRefused if missing, this ledger, or refused as any ledger is."""
    from .connection import open_to_read
    from .errors import LedgerDamaged, LedgerUnavailable, NewerLedger, NotALedger

    if not path.exists():
        raise MergeRefused(path, _("there is no file {path}").format(path=path), "missing")
    if path.is_dir():
        raise MergeRefused(path, _("{path} is a folder, not a ledger file").format(path=path), "missing")
    if ours.exists() and os.path.samefile(path, ours):
        raise MergeRefused(path, _("{path} is this ledger itself").format(path=path), "self")
    reasons = ((NotALedger, "foreign"), (NewerLedger, "newer"), (LedgerDamaged, "damaged"),
               (LedgerUnavailable, "missing"))  # fmt: skip
    try:
        return open_to_read(path)
    except (NotALedger, NewerLedger, LedgerDamaged, LedgerUnavailable) as exc:
        reason = next(r for cls, r in reasons if isinstance(exc, cls))
        raise MergeRefused(path, str(exc), reason) from None


def merge_rows(ours: sqlite3.Connection, theirs: sqlite3.Connection, label: str, checks: Checks) -> Merged:
    """Insert into ``ours`` every row of ``theirs`` it lacks, each checked by
    ``checks``: MergeRefused for a wrong row, MergeConflict for what both
    hold differently. ``label``: the other ledger's path as given."""
    theirs.execute("begin")  # one consistent snapshot of the other file
    try:
        other = _Other(theirs, label)
    finally:
        theirs.execute("rollback")
    m = _Merge(ours, other, checks)
    try:
        m.players()
        m.cups()
        m.evenings()
        for theirs_id, ours_id in m.matched.items():
            _Places(m, theirs_id, ours_id).merge()
        m.imports()
        m.cup_tables()
        m.withdrawn_tables()
        touched = sorted(m.touched)
        for evening_id in touched:  # a correction voids its entry
            ours.execute(
                "update entries set status = 'void' where evening_id = ? and status = 'active' "
                "and id in (select entry_id from corrections where evening_id = ?)",
                [evening_id, evening_id],
            )
        m.check_numbers()
    except sqlite3.IntegrityError as exc:  # what the checks above missed: one line, not a traceback
        raise MergeRefused(other.path, _("{label} cannot be merged ({problem})").format(label=label, problem=exc),
                           "damaged") from None  # fmt: skip
    return Merged(m.counts, touched, frozenset(m.ids["evenings"].values()) - frozenset(m.matched.values()))


def _grouped(rows: list[dict], key: Callable[[dict], int]) -> defaultdict[int, list[dict]]:
    out: defaultdict[int, list[dict]] = defaultdict(list)
    for r in rows:
        out[key(r)].append(r)
    return out


def _rows(con: sqlite3.Connection, sql: str, params: Iterable = ()) -> list[dict]:
    cur = con.execute(sql, list(params))
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, r)) for r in cur.fetchall()]


# The other ledger's rows ------------------------------------------------------------


class _Other:
    """The other ledger's rows, each table read once (parents first) and
    checked: each column's type, its JSON, ids naming rows the file holds,
    each entry and correction in its place. The first row that breaks it
    is named (MergeRefused, "damaged")."""

    def __init__(self, con: sqlite3.Connection, label: str):
        self.label, self.path = label, Path(label)
        self.rows: dict[str, list[dict]] = {}
        self.by_id: dict[str, dict[int, dict]] = {}
        for table, shape in SHAPES.items():
            for column, kind in shape.items():
                self._column(con, table, column, kind)
            cols = ", ".join(f'"{c}"' for c in shape)
            self.rows[table] = _rows(con, f'select rowid as "rowid:", {cols} from "{table}" order by rowid')
            self.by_id[table] = {r["id"]: r for r in self.rows[table] if "id" in r}
        for ev in self.rows["evenings"]:
            ev["seating"] = self.json("evenings", ev, "seating_json")
        self.entries = _grouped(self.rows["entries"], itemgetter("evening_id"))
        self.corrections = _grouped(self.rows["corrections"], itemgetter("evening_id"))
        for c in self.rows["corrections"]:
            self._correction(c)
        corrected = {c["entry_id"] for c in self.rows["corrections"]}
        for e in self.rows["entries"]:
            self._entry(e, e["id"] in corrected)
        for entries in self.entries.values():
            self._standing(entries)
        self.table_of = {t["evening_id"]: t for t in self.rows["cup_tables"]}
        self.held = {
            r[0] for r in con.execute("select evening_id from held_elsewhere")
        }  # closed as a copy: not carried
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


# The merge ------------------------------------------------------------------------------


class _Merge:
    """One merge in progress: the other ledger's ids mapped to ours, table by table."""

    def __init__(self, ours: sqlite3.Connection, other: _Other, checks: Checks):
        self.ours, self.other, self.checks, self.label = ours, other, checks, other.label
        self.ids: dict[str, dict[int, int]] = defaultdict(dict)
        kinds = ("players", "evenings", "hands", "other_entries", "corrections", "status_changes", "imports")
        self.counts = dict.fromkeys(kinds, 0)  # cups: counted once there is one
        self.touched: set[int] = set()
        self.matched: dict[int, int] = {}  # their evenings that are ours too: their id -> ours
        self.seating: dict[int, tuple[str, ...]] = {}  # every evening's seating, by their id

    def invalid(self, what: str, exc: SchreiberError | str) -> MergeRefused:
        """A row that is not what typing would have made (one line: which row of which file)."""
        return MergeRefused(self.other.path, _("{label}, {what}: {problem}").format(
            label=self.label, what=what, problem=exc), "invalid")  # fmt: skip

    def conflict(self, where: str, what: str, kind: str, fixes: list[Fix] | None = None) -> MergeConflict:
        return MergeConflict(where, what, kind, fixes, self.other.path)

    def insert(self, table: str, row: dict) -> int:
        names = ", ".join(f'"{c}"' for c in row)
        cur = self.ours.execute(
            f'insert into "{table}" ({names}) values ({", ".join("?" for _ in row)})', list(row.values())
        )
        return int(cur.lastrowid or 0)

    def where(self, evening_id: int) -> str:
        """An evening of ours as the organizer knows it: its number, and its table and round in a tournament."""
        row = self.ours.execute("select table_no, round from cup_tables where evening_id = ?", [evening_id]).fetchone()
        if row is None:
            return _("evening {id}").format(id=evening_id)
        return _("evening {id} (table {table}, round {round})").format(id=evening_id, table=row[0], round=row[1])

    # Players ---------------------------------------------------------------------

    def players(self) -> None:
        by_uid = {r["uid"]: r for r in _rows(self.ours, "select id, uid, name from players")}
        by_name = {r["name"]: r for r in by_uid.values()}
        for p in self.other.rows["players"]:
            mine = by_uid.get(p["uid"]) or by_name.get(p["name"])
            if mine is None or mine["name"] != p["name"]:  # a name brought in, or offered in a conflict
                self._check(_("player {name!r}").format(name=p["name"]), self.checks.player, p["name"])
            if mine is None:
                self._same_player(p["name"], list(by_name))
            if mine is not None and mine["uid"] == p["uid"] and mine["name"] != p["name"]:
                raise self.conflict(_("player {name}").format(name=mine["name"]),
                                    _("{label} calls this player {name}").format(label=self.label, name=p["name"]),
                                    "player", [Fix("ours", "rename", (mine["name"], p["name"])),
                                               Fix("theirs", "rename", (p["name"], mine["name"]))])  # fmt: skip
            if mine is None:
                mine = {
                    "id": self.insert("players", {"uid": p["uid"], "name": p["name"], "created_utc": p["created_utc"]})
                }
                by_name[p["name"]] = mine
                self.counts["players"] += 1
            self.ids["players"][p["id"]] = mine["id"]

    def _same_player(self, name: str, ours: list[str]) -> None:
        """A player of the same ``name_key`` written otherwise ("anna" there,
        "Anna" here): one player under two names, a conflict (domain/names.py)."""
        same = match_players(name, ours)
        if same:
            raise self.conflict(_("player {name}").format(name=same[0]),
                                _("{label} calls this player {name}").format(label=self.label, name=name),
                                "player", [Fix("theirs", "rename", (name, same[0])),
                                           Fix("ours", "rename", (same[0], name))])  # fmt: skip

    def player_id(self, name: str) -> int:
        row = self.ours.execute("select id from players where name = ?", [name]).fetchone()
        if row:
            return int(row[0])
        self.counts["players"] += 1
        return self.insert("players", {"uid": new_uid(), "name": name, "created_utc": now_utc()})

    def _check(self, what: str, check: Any, *args: Any) -> None:
        try:
            check(*args)
        except SchreiberError as exc:
            raise self.invalid(what, exc) from None

    # Tournaments -----------------------------------------------------------------

    def cups(self) -> None:
        by_uid = {r["uid"]: r for r in _rows(self.ours, "select * from cups")}
        names = {r["name"].casefold(): r for r in by_uid.values()}
        for c in self.other.rows["cups"]:
            what = _("tournament {name!r}").format(name=c["name"])
            mine = by_uid.get(c["uid"])
            if mine is None and c["name"].casefold() in names:
                raise self.invalid(what, _("this ledger holds another tournament of that name, started on its own"))
            if mine is None:
                self._check(what, self.checks.cup, c)
                row = {k: c[k] for k in SHAPES["cups"] if k != "id"}
                mine = {"id": self.insert("cups", row)}
                self.counts["cups"] = self.counts.get("cups", 0) + 1
            else:
                differ = [k for k in CUP_SAME if mine[k] != c[k]]
                if differ:
                    raise self.invalid(what, _("started differently here ({what})").format(what=", ".join(differ)))
                if CUP_STATUS_RANK.get(c["status"], -1) > CUP_STATUS_RANK.get(mine["status"], 0):
                    self.ours.execute("update cups set status = ? where id = ?", [c["status"], mine["id"]])
            self.ids["cups"][c["id"]] = mine["id"]
        self._cup_players()

    def _cup_players(self) -> None:
        have = {(r["cup_id"], r["player_id"]): r for r in _rows(self.ours, "select * from cup_players")}
        for cp in self.other.rows["cup_players"]:
            key = (self.ids["cups"][cp["cup_id"]], self.ids["players"][cp["player_id"]])
            what = _("{player}'s registration in tournament {cup!r}").format(
                player=self.other.by_id["players"][cp["player_id"]]["name"],
                cup=self.other.by_id["cups"][cp["cup_id"]]["name"],
            )
            mine = have.get(key)
            if mine is None:
                self._check(what, self.checks.cup_player, cp["ort"])
                self.insert("cup_players", {"cup_id": key[0], "player_id": key[1], "number": cp["number"],
                                            "ort": cp["ort"], "lot": cp["lot"]})  # fmt: skip
            elif (mine["number"], mine["lot"]) != (cp["number"], cp["lot"]):
                raise self.invalid(what, _("registered with another number or lot here"))

    def cup_tables(self) -> None:
        have = {(r["cup_id"], r["round"], r["table_no"]): r for r in _rows(self.ours, "select * from cup_tables")}
        taken = {r["evening_id"] for r in have.values()}
        back = {r["evening_id"] for r in _rows(self.ours, "select evening_id from cup_withdrawn_tables")}
        for t in self.other.rows["cup_tables"]:
            key = (self.ids["cups"][t["cup_id"]], t["round"], t["table_no"])
            evening = self.ids["evenings"][t["evening_id"]]
            if evening in back:  # a table of a draw taken back here (``_withdrawn_alike``: nothing of it new)
                continue
            mine = have.get(key)
            if mine is not None and mine["evening_id"] == evening:
                continue
            what = _("evening {id} (table {table}, round {round})").format(
                id=t["evening_id"], table=t["table_no"], round=t["round"])  # fmt: skip
            cup = self.other.by_id["cups"][t["cup_id"]]
            if mine is not None or evening in taken or not (1 <= t["round"] <= cup["rounds"] and t["table_no"] >= 1):
                raise self.invalid(what, _("no table of a round as this ledger has drawn it"))
            self.insert("cup_tables", {"cup_id": key[0], "round": key[1], "table_no": key[2], "evening_id": evening})
            taken.add(evening)

    def withdrawn_tables(self) -> None:
        """The tables of draws taken back there that this ledger lacks (their evenings came in withdrawn)."""
        back = {r["evening_id"] for r in _rows(self.ours, "select evening_id from cup_withdrawn_tables")}
        for t in self.other.rows["cup_withdrawn_tables"]:
            evening = self.ids["evenings"][t["evening_id"]]
            if evening in back:
                continue
            what = _("evening {id} (table {table}, round {round}, taken back)").format(
                id=t["evening_id"], table=t["table_no"], round=t["round"])  # fmt: skip
            status = self.other.by_id["evenings"][t["evening_id"]]["status"]
            if status != "withdrawn" or t["evening_id"] in self.other.table_of or t["round"] < 1 or t["table_no"] < 1:
                raise self.invalid(what, _("no table of a round as a draw taken back leaves it"))
            self.insert("cup_withdrawn_tables", {"cup_id": self.ids["cups"][t["cup_id"]], "round": t["round"],
                                                 "table_no": t["table_no"], "evening_id": evening,
                                                 "withdrawn_utc": t["withdrawn_utc"]})  # fmt: skip
            back.add(evening)

    # Evenings ---------------------------------------------------------------------

    def evenings(self) -> None:
        ours = _rows(self.ours, "select ev.*, rs.sha256 as rules_key from evenings ev "
                                "join rule_sets rs on rs.id = ev.rule_set_id")  # fmt: skip
        by_uid = {r["uid"]: r for r in ours}
        theirs_uids = {e["uid"] for e in self.other.rows["evenings"]}
        by_start: dict[tuple, list[dict]] = defaultdict(list)
        for r in ours:
            if r["uid"] not in theirs_uids and r["status"] != "withdrawn":  # one of ours it does not hold by its id
                by_start[_start_key(r, json.loads(r["seating_json"]), r["rules_key"])].append(r)
        tables = {(r["cup_id"], r["round"], r["table_no"]): r["evening_id"]
                  for r in _rows(self.ours, "select * from cup_tables")}  # fmt: skip
        by_id = {r["id"]: r for r in ours}
        for ev in self.other.rows["evenings"]:
            key = self.other.rules_key(ev)
            mine = by_uid.get(ev["uid"])
            table = self.other.table_of.get(ev["id"])
            if mine is None and table is not None:
                mine = by_id.get(tables.get((self.ids["cups"][table["cup_id"]], table["round"], table["table_no"])))
            if mine is None and ev["status"] != "withdrawn":  # a table taken back is the same only by its id
                found = by_start.get(_start_key(ev, ev["seating"], key), [])
                mine = found[0] if len(found) == 1 else None
            self.seating[ev["id"]] = tuple(ev["seating"]) if isinstance(ev["seating"], list) else ()
            if mine is None:
                self.ids["evenings"][ev["id"]] = self._new_evening(ev)
            else:
                self._withdrawn_alike(ev, mine)
                self._same_evening(ev, mine, key)
                self.ids["evenings"][ev["id"]] = self.matched[ev["id"]] = mine["id"]

    def _new_evening(self, ev: dict) -> int:
        what = _("evening {id}").format(id=ev["id"])
        rules_json = self.other.rules_text(ev)
        self._check(what, self.checks.evening, dict(ev, rules_json=rules_json))
        evening_id = self.insert("evenings", {
            "uid": ev["uid"], "date": ev["date"], "preset": ev["preset"],
            "rule_set_id": rule_set_id(self.ours, rules_json), "seating_json": dumps(ev["seating"]),
            "first_dealer": ev["first_dealer"], "tarif_cents": ev["tarif_cents"], "status": ev["status"],
            "start_pot": ev["start_pot"], "created_utc": ev["created_utc"], "closed_utc": ev["closed_utc"]})  # fmt: skip
        for seat, name in enumerate(ev["seating"]):
            self.insert("evening_players", {"evening_id": evening_id, "seat": seat, "player_id": self.player_id(name)})
        self.counts["evenings"] += 1
        entries, corrections = self.other.entries[ev["id"]], self.other.corrections[ev["id"]]
        for e in entries:
            self.insert_entry(e, evening_id, ev["id"])
        for c in corrections:
            self.insert_correction(c, evening_id)
        if entries:
            self.touched.add(evening_id)
        return evening_id

    def _closes(self, ev: dict, mine: dict) -> bool:
        """Whether a cup table closed there is closed here too: a round is
        closed by the draw of the next (or by cup finish after the last), so
        only where the next round stands here or there, not where its draw
        was taken back here (the copy was made before ``cup draw --undo``);
        a table closed by hand where no next round stands closes here too."""
        row = self.ours.execute(
            "select t.cup_id, t.round, c.rounds from cup_tables t join cups c on c.id = t.cup_id where t.evening_id = ?",
            [mine["id"]],
        ).fetchone()
        if ev["status"] != "closed" or row is None or row[1] >= row[2]:
            return True
        cup, after = row[0], row[1] + 1
        if self.ours.execute("select 1 from cup_tables where cup_id = ? and round = ?", [cup, after]).fetchone():
            return True
        back = {r[0] for r in self.ours.execute(
            "select ev.uid from cup_withdrawn_tables w join evenings ev on ev.id = w.evening_id where w.cup_id = ?",
            [cup])}  # fmt: skip
        theirs = [
            t for t in self.other.rows["cup_tables"] if self.ids["cups"][t["cup_id"]] == cup and t["round"] == after
        ]
        if not theirs:  # closed by hand there, not by a draw: it carries as every evening's closing does
            return True
        return any(self.other.by_id["evenings"][t["evening_id"]]["uid"] not in back for t in theirs)

    def _withdrawn_alike(self, ev: dict, mine: dict) -> None:
        """A table of a draw taken back (``cup draw --undo``) in one ledger is
        taken back in the other too: it stands in neither, and what was
        entered in it on one side alone is refused, saying where it belongs."""
        theirs_back, ours_back = ev["status"] == "withdrawn", mine["status"] == "withdrawn"
        if theirs_back and not ours_back:
            raise MergeRefused(self.other.path, _(
                "{label} took back the draw of {where}, which stands here; the desk draws the rounds and takes "
                "them back: make the table a new copy (schreiber cup table T --out FILE)"
            ).format(label=self.label, where=self.where(mine["id"])), "withdrawn")  # fmt: skip
        have = {r["uid"] for r in _rows(self.ours, "select uid from entries where evening_id = ?", [mine["id"]])}
        if ours_back and any(e["uid"] not in have for e in self.other.entries[ev["id"]]):
            raise MergeRefused(self.other.path, self._taken_back(ev, mine["id"]), "withdrawn")

    def _taken_back(self, ev: dict, mine: int) -> str:
        """Entries of a copy's table whose draw was taken back here: where they belong now."""
        row = self.ours.execute(
            "select w.round, w.table_no, t.evening_id from cup_withdrawn_tables w left join cup_tables t "
            "on t.cup_id = w.cup_id and t.round = w.round and t.table_no = w.table_no where w.evening_id = ?",
            [mine],
        ).fetchone()
        said = _("{label} holds entries of evening {id}, Tisch {table} of round {round} as drawn before the draw "
                 "was taken back here (cup draw --undo)").format(label=self.label, id=ev["id"], table=row[1],
                                                                  round=row[0])  # fmt: skip
        if row[2] is None:
            return said + _("; draw the round again here (schreiber cup draw), then merge again")
        return said + _(
            "; bring them to the table as drawn now: schreiber --db {label} export --format jsonl --what hands "
            "--evening {id} --out FILE, then schreiber hand import FILE --evening {now}"
        ).format(label=self.label, id=ev["id"], now=row[2])

    def _same_evening(self, ev: dict, mine: dict, rules_key: str) -> None:
        """Their evening is ours: started alike, the same tarif; its status moves forward here."""
        differ = [k for k, a, b in (("date", mine["date"], ev["date"]), ("preset", mine["preset"], ev["preset"]),
                                    ("rules", mine["rules_key"], rules_key),
                                    ("seating", json.loads(mine["seating_json"]), ev["seating"]),
                                    ("first_dealer", mine["first_dealer"], ev["first_dealer"])) if a != b]  # fmt: skip
        # Not the Pagat pot at the start: it is what the evening before left, carried on after every change
        # (the service's ``_carry_on``), so a copy made before a change to an earlier evening may hold it as it was.
        where = self.where(mine["id"])
        if differ or ev["tarif_cents"] != mine["tarif_cents"]:  # theirs first checked as typed: a conflict names it
            self._check(_("evening {id}").format(id=ev["id"]), self.checks.evening,
                        dict(ev, rules_json=self.other.rules_text(ev)))  # fmt: skip
        if differ:
            what = ", ".join(sorted({_(START[k]) for k in differ}))
            raise self.conflict(
                where,
                _("evening {id} of {label} is this evening but was started differently ({what})").format(
                    id=ev["id"], label=self.label, what=what
                ),
                "evening",
            )
        if ev["tarif_cents"] != mine["tarif_cents"]:
            raise self.conflict(where, _("the tarif is {ours} here and {theirs} in {label}").format(
                ours=_cents(mine["tarif_cents"]), theirs=_cents(ev["tarif_cents"]), label=self.label), "tarif",
                [Fix("ours", "tarif", (mine["id"], _cents(ev["tarif_cents"]), mine["status"])),
                 Fix("theirs", "tarif", (ev["id"], _cents(mine["tarif_cents"]), ev["status"]))])  # fmt: skip
        if ev["status"] not in STATUS_RANK:
            raise self.invalid(_("evening {id}").format(id=ev["id"]), _("status {status}").format(status=ev["status"]))
        if ev["id"] in self.other.held:  # a table's copy holds it closed for this ledger, which keeps it
            return
        if STATUS_RANK[ev["status"]] > STATUS_RANK.get(mine["status"], 0) and self._closes(ev, mine):
            self.ours.execute("update evenings set status = ?, closed_utc = ? where id = ?",
                              [ev["status"], ev["closed_utc"], mine["id"]])  # fmt: skip
            self.counts["status_changes"] += 1

    # Entries and corrections -------------------------------------------------------------

    def insert_entry(self, e: dict, evening_id: int, theirs_evening: int) -> int:
        what = _("{entry} of evening {id}").format(entry=_name(e), id=theirs_evening)
        self._check(what, self.checks.entry, e["kind"], self.other.record(e), e["player"], self.seating[theirs_evening])
        new = self.insert("entries", {
            "uid": e["uid"], "evening_id": evening_id, "seq": e["seq"], "kind": e["kind"], "number": e["number"],
            "record_json": e["record_json"], "player": e["player"], "status": e["status"],
            "replaces": self.ids["entries"][e["replaces"]] if e["replaces"] is not None else None,
            "created_utc": e["created_utc"]})  # fmt: skip
        self.ids["entries"][e["id"]] = new
        self.counts["hands" if e["kind"] == "hand" else "other_entries"] += 1
        return new

    def insert_correction(self, c: dict, evening_id: int) -> None:
        replacement = self.ids["entries"][c["replacement_id"]] if c["replacement_id"] is not None else None
        self.insert("corrections", {"uid": c["uid"], "evening_id": evening_id, "kind": c["kind"],
                                    "entry_id": self.ids["entries"][c["entry_id"]], "replacement_id": replacement,
                                    "created_utc": c["created_utc"]})  # fmt: skip
        self.counts["corrections"] += 1

    def check_numbers(self) -> None:
        """No hand number stands twice on a merged evening's sheet."""
        for evening_id in sorted(self.touched & set(self.matched.values())):
            row = self.ours.execute(
                "select number from entries where evening_id = ? and kind = 'hand' and status = 'active' "
                "group by number having count(*) > 1 order by number limit 1", [evening_id]).fetchone()  # fmt: skip
            if row:
                theirs = next(t for t, o in self.matched.items() if o == evening_id)
                raise self.conflict(
                    self.where(evening_id),
                    _(
                        "hand {number} of this ledger and hand {number} of {label} would both stand, at different "
                        "places"
                    ).format(number=row[0], label=self.label),
                    "entry",
                    [Fix("ours", "void", (evening_id, str(row[0]))), Fix("theirs", "void", (theirs, str(row[0])))],
                )

    # Imports ---------------------------------------------------------------------------

    def imports(self) -> None:
        have = {r["uid"] for r in _rows(self.ours, "select uid from imports")}
        files = {(r["evening_id"], r["sha256"]) for r in _rows(self.ours, "select evening_id, sha256 from imports")}
        for i in self.other.rows["imports"]:
            evening = self.ids["evenings"][i["evening_id"]]
            if i["uid"] in have or (evening, i["sha256"]) in files:
                continue
            if not SHA256.fullmatch(i["sha256"]) or i["entries"] < 0 or not 0 <= i["hands"] <= i["entries"]:
                raise self.invalid(_("the record of an imported file (row {row})").format(row=i["rowid:"]),
                                   _("not as hand import writes it"))  # fmt: skip
            self.insert("imports", {"uid": i["uid"], "evening_id": evening, "sha256": i["sha256"],
                                    "entries": i["entries"], "hands": i["hands"], "created_utc": i["created_utc"]})  # fmt: skip
            files.add((evening, i["sha256"]))
            self.counts["imports"] += 1


class _Places:
    """The entries and corrections of one evening both ledgers hold, merged
    place by place (see the module's docstring)."""

    def __init__(self, m: _Merge, theirs_id: int, ours_id: int):
        self.m, self.theirs_id, self.ours_id = m, theirs_id, ours_id
        self.t_entries = m.other.entries[theirs_id]
        self.t_corr = m.other.corrections[theirs_id]
        self.o_entries = _rows(m.ours, f"select * from entries where evening_id = ? order by {placed()}", [ours_id])
        self.o_corr = _rows(m.ours, "select c.*, e.seq from corrections c join entries e on e.id = c.entry_id "
                                    "where c.evening_id = ? order by c.id", [ours_id])  # fmt: skip
        self.o_by_uid = {e["uid"]: e for e in self.o_entries}
        self.oc_by_uid = {c["uid"]: c for c in self.o_corr}
        self.t_uids = {e["uid"] for e in self.t_entries} | {c["uid"] for c in self.t_corr}

    def merge(self) -> None:
        unknown = [e for e in self.t_entries if e["uid"] not in self.o_by_uid]
        for i in range(0, len(unknown), 500):  # an entry of theirs that is, by its id, one of another evening here
            chunk = [e["uid"] for e in unknown[i : i + 500]]
            found = self.m.ours.execute(
                f"select uid from entries where uid in ({', '.join('?' for _ in chunk)}) limit 1", chunk
            ).fetchone()
            if found:
                e = next(e for e in unknown if e["uid"] == found[0])
                raise self.m.other.damaged("entries", e, _("its id is that of an entry of another evening here"))
        seq_of = {e["id"]: e["seq"] for e in self.t_entries}
        t_at, o_at, oc_at = (
            _grouped(rows, itemgetter("seq")) for rows in (self.t_entries, self.o_entries, self.o_corr)
        )
        tc_at = _grouped(self.t_corr, lambda c: seq_of[c["entry_id"]])
        for seq in sorted(t_at):
            self.place(seq, t_at[seq], o_at.get(seq, []), tc_at.get(seq, []), oc_at.get(seq, []))

    def place(self, seq: int, t_at: list[dict], o_at: list[dict], tc_at: list[dict], oc_at: list[dict]) -> None:
        ids = self.m.ids["entries"]
        t_new = []
        for t in t_at:
            mine = self.o_by_uid.get(t["uid"])
            if mine is not None and mine["seq"] == seq and self._same_entry(t, mine):
                ids[t["id"]] = mine["id"]
            else:
                t_new.append(t)
        tc_new = [c for c in tc_at if not self._same_correction(c, self.oc_by_uid.get(c["uid"]))]
        shared = {ids[t["id"]] for t in t_at if t not in t_new}
        o_new = [o for o in o_at if o["id"] not in shared]
        oc_new = [c for c in oc_at if c["uid"] not in self.t_uids]
        if not t_new and not tc_new:
            return
        if not o_new and not oc_new:
            self._take(t_new, tc_new)
            return
        o_final = next((o for o in o_at if o["status"] == "active"), None)
        t_final = next((t for t in t_at if t["status"] == "active"), None)
        if o_final is None and t_final is None:
            return  # voided in both
        if o_final is not None and t_final is not None and _same_content(t_final, o_final):
            ids[t_final["id"]] = o_final["id"]  # the same entry stands in both
            return
        if self._gives_way(o_at, o_new, t_new + tc_new):
            self._take(t_new, tc_new)  # this ledger added an entry here and took it back: theirs stands
            return
        if t_final is None and len(t_new) == len(t_at):
            return  # the other ledger added an entry here and took it back: ours stands
        raise self._conflict(o_final, t_final)

    def _gives_way(self, o_at: list[dict], o_new: list[dict], t_rows: list[dict]) -> bool:
        """Everything this ledger has at the place it added itself and took back again (undo, void)."""
        return (len(o_new) == len(o_at) and all(o["status"] == "void" for o in o_at)
                and not any(r["uid"] in self.o_by_uid or r["uid"] in self.oc_by_uid for r in t_rows))  # fmt: skip

    def _take(self, t_new: list[dict], tc_new: list[dict]) -> None:
        for t in t_new:
            self.m.insert_entry(t, self.ours_id, self.theirs_id)
        for c in tc_new:
            self.m.insert_correction(c, self.ours_id)
        self.m.touched.add(self.ours_id)

    def _same_entry(self, t: dict, mine: dict) -> bool:
        replaces = self.m.ids["entries"].get(t["replaces"]) if t["replaces"] is not None else None
        return replaces == mine["replaces"] and _same_content(t, mine)

    def _same_correction(self, c: dict, mine: dict | None) -> bool:
        if mine is None:
            return False
        ids = self.m.ids["entries"]
        replacement = ids.get(c["replacement_id"], -1) if c["replacement_id"] is not None else None
        return (mine["kind"], mine["entry_id"], mine["replacement_id"]) == (
            c["kind"],
            ids.get(c["entry_id"]),
            replacement,
        )

    def _conflict(self, ours: dict | None, theirs: dict | None) -> MergeConflict:
        if theirs is not None:  # what the conflict offers to type in here is checked as typed first
            what = _("{entry} of evening {id}").format(entry=_name(theirs), id=self.theirs_id)
            self.m._check(what, self.m.checks.entry, theirs["kind"], self.m.other.record(theirs), theirs["player"],
                          self.m.seating[self.theirs_id])  # fmt: skip
        rules = stored_rules(self.m.other.rules_text(self.m.other.by_id["evenings"][self.theirs_id]))
        o_text, t_text = _shown(ours, rules), _shown(theirs, rules)
        hand = next((e for e in (ours, theirs) if e is not None and e["kind"] == "hand"), None)
        if hand is not None and all(e is None or e["kind"] == "hand" for e in (ours, theirs)):
            what = _("hand {number} is {ours} here and {theirs} in {label}").format(
                number=hand["number"], ours=o_text, theirs=t_text, label=self.m.label
            )
        else:
            what = _("{ours} here and {theirs} in {label} stand at the same place").format(
                ours=o_text, theirs=t_text, label=self.m.label
            )
        fixes = self._fixes(ours, theirs)
        return self.m.conflict(self.m.where(self.ours_id), what, "entry", fixes)

    def _fixes(self, ours: dict | None, theirs: dict | None) -> list[Fix]:
        """How either ledger agrees: the other's hand typed in, or the entry voided; else both voided."""
        fixes = []
        for side, mine, other, evening, entries in (
            ("ours", ours, theirs, self.ours_id, self.o_entries),
            ("theirs", theirs, ours, self.theirs_id, self.t_entries),
        ):
            if mine is not None and other is None:
                fixes.append(Fix(side, "void", (evening, _ref(mine, entries))))
            elif mine is not None and other is not None and mine["kind"] == other["kind"] == "hand":
                fixes.append(Fix(side, "edit", (evening, str(mine["number"]), other["record_json"])))
        if fixes:
            return fixes
        if not (ours and theirs):
            return [Fix("both", "void", ())]
        return [Fix("both", "void", ()), Fix("ours", "void", (self.ours_id, _ref(ours, self.o_entries))),
                Fix("theirs", "void", (self.theirs_id, _ref(theirs, self.t_entries)))]  # fmt: skip


def _same_content(a: dict, b: dict) -> bool:
    """Two entries alike: kind, hand number, player and record (as JSON, whatever its spelling)."""
    if (a["kind"], a["number"], a["player"]) != (b["kind"], b["number"], b["player"]):
        return False
    if a["record_json"] == b["record_json"]:
        return True
    try:
        return json.loads(a["record_json"] or "null") == json.loads(b["record_json"] or "null")
    except (ValueError, RecursionError):
        return False


def _start_key(ev: dict, seating: Any, rules_key: str) -> tuple:
    """What an evening was started with, and when: the same evening in two copies of one ledger."""
    return (ev["created_utc"], ev["date"], json.dumps(seating), ev["first_dealer"], rules_key)  # the pot: carried


def _placed(e: dict) -> tuple:
    """An entry's place on its sheet, as ``codec.placed`` orders them (SQL puts a null first)."""
    made = e["created_utc"]
    return (e["seq"], e["status"] == "active", made is not None, made or 0, e["id"])


def _ref(entry: dict, entries: list[dict]) -> str:
    """An entry as the sheet's # column names it: 5 (hand 5) or e2."""
    if entry["kind"] == "hand":
        return str(entry["number"])
    others = [e["id"] for e in sorted(entries, key=_placed) if e["kind"] != "hand"]
    return f"e{others.index(entry['id']) + 1}"


def _shown(entry: dict | None, rules: Any) -> str:
    """An entry as the conflict shows it: a hand in short notation, another entry by its kind, or void."""
    if entry is None:
        return _("void")
    if entry["kind"] != "hand":
        who = f" ({entry['player']})" if entry["player"] else ""
        if entry["kind"] == "totals":  # which figures: the paper's Schrift of each player
            record = json.loads(entry["record_json"] or "{}")
            figures = record.get("schrift") if isinstance(record, dict) else None
            figures = figures if isinstance(figures, dict) else {}
            who = " (" + ", ".join(f"{p} {v:+}" if type(v) is int else f"{p} {v}" for p, v in figures.items()) + ")"
        return _(KIND_NAMES.get(entry["kind"], entry["kind"])) + who
    try:
        return "'" + format_notation(json.loads(entry["record_json"]), rules) + "'"
    except (SchreiberError, ValueError, TypeError, KeyError):
        return entry["record_json"] or ""


def _name(entry: dict) -> str:
    """An entry as a refusal names it: hand N, else its kind and place."""
    if entry["kind"] == "hand" and entry["number"] is not None:
        return _("hand {number}").format(number=entry["number"])
    return _("the {kind} entry at place {seq}").format(kind=entry["kind"], seq=entry["seq"])


def _cents(cents: int) -> str:
    """A tarif as ``evening tarif`` takes it (0.20), exactly."""
    euro, cent = divmod(cents, 100)
    return f"{euro}.{cent:02d}"
