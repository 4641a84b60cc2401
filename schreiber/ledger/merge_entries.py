"""What a merge brings in row by row: players, entries and corrections (an
evening both ledgers hold merged place by place, ``Places``), the records
of imported files; each checked as if typed (``Checks``), a conflict named
with how either side settles it. ``merge.py`` adds the evenings and cups.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections import defaultdict
from operator import itemgetter
from typing import Any, Protocol

from ..domain.names import match_players
from ..domain.notation.format import format_notation
from ..domain.record import check_hand
from ..errors import SchreiberError
from ..i18n import N_, _
from .codec import new_uid, now_utc, placed
from .errors import Fix, MergeConflict, MergeRefused
from .merge_other import Other, grouped, rows_of
from .stored import stored_rules

SHA256 = re.compile(r"[0-9a-f]{64}")
KIND_NAMES = {"radl": N_("the Radl"), "redeal": N_("the redeal"), "strafpunkt": N_("the Strafpunkt"),
              "totals": N_("the totals from paper")}  # fmt: skip


class Checks(Protocol):
    """What the service checks of each row a merge brings in, as if it had
    been typed; each raises SchreiberError saying what is wrong."""

    def player(self, name: str) -> None: ...

    def evening(self, row: dict) -> None: ...

    def entry(self, kind: str, record: Any, player: str | None, seating: tuple[str, ...]) -> None: ...

    def cup(self, row: dict) -> None: ...

    def cup_player(self, ort: str | None) -> None: ...


class MergeBase:
    """One merge in progress: the other ledger's ids mapped to ours, table by table."""

    def __init__(self, ours: sqlite3.Connection, other: Other, checks: Checks):
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

    def players(self) -> None:
        by_uid = {r["uid"]: r for r in rows_of(self.ours, "select id, uid, name from players")}
        by_name = {r["name"]: r for r in by_uid.values()}
        for p in self.other.rows["players"]:
            mine = by_uid.get(p["uid"]) or by_name.get(p["name"])
            if mine is None or mine["name"] != p["name"]:  # a name brought in, or offered in a conflict
                self._check(_("player {name!r}").format(name=p["name"]), self.checks.player, p["name"])
            if mine is None and (same := match_players(p["name"], list(by_name))):  # "anna" there, "Anna" here
                raise self._named_otherwise(same[0], p["name"], "theirs")
            if mine is not None and mine["uid"] == p["uid"] and mine["name"] != p["name"]:
                raise self._named_otherwise(mine["name"], p["name"], "ours")
            if mine is None:
                mine = {
                    "id": self.insert("players", {"uid": p["uid"], "name": p["name"], "created_utc": p["created_utc"]})
                }
                by_name[p["name"]] = mine
                self.counts["players"] += 1
            self.ids["players"][p["id"]] = mine["id"]

    def _named_otherwise(self, ours: str, theirs: str, first: str) -> MergeConflict:
        """One player under two names (the same id, or the same ``name_key``
        written otherwise): renamed in either ledger, ``first`` offered first."""
        fixes = [Fix("ours", "rename", (ours, theirs)), Fix("theirs", "rename", (theirs, ours))]
        if first == "theirs":
            fixes.reverse()
        said = _("{label} calls this player {name}").format(label=self.label, name=theirs)
        return self.conflict(_("player {name}").format(name=ours), said, "player", fixes)

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

    def imports(self) -> None:
        have = {r["uid"] for r in rows_of(self.ours, "select uid from imports")}
        files = {(r["evening_id"], r["sha256"]) for r in rows_of(self.ours, "select evening_id, sha256 from imports")}
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


class Places:
    """The entries and corrections of one evening both ledgers hold, merged
    place by place (see the module's docstring)."""

    def __init__(self, m: MergeBase, theirs_id: int, ours_id: int):
        self.m, self.theirs_id, self.ours_id = m, theirs_id, ours_id
        self.t_entries = m.other.entries[theirs_id]
        self.t_corr = m.other.corrections[theirs_id]
        self.o_entries = rows_of(m.ours, f"select * from entries where evening_id = ? order by {placed()}", [ours_id])
        self.o_corr = rows_of(m.ours, "select c.*, e.seq from corrections c join entries e on e.id = c.entry_id "
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
        t_at, o_at, oc_at = (grouped(rows, itemgetter("seq")) for rows in (self.t_entries, self.o_entries, self.o_corr))
        tc_at = grouped(self.t_corr, lambda c: seq_of[c["entry_id"]])
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
        seating = self.m.seating[self.theirs_id]
        o_text, t_text = _shown(ours, rules, seating), _shown(theirs, rules, seating)
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


def _shown(entry: dict | None, rules: Any, seating: tuple[str, ...]) -> str:
    """An entry as the conflict shows it: a hand in short notation (as
    stored where it is none, or the notation cannot write it), another
    entry by its kind, or void."""
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
        record = json.loads(entry["record_json"] or "null")
        check_hand(record, rules, seating, None)
        return "'" + format_notation(record, rules) + "'"
    except (SchreiberError, ValueError):  # not JSON, not a hand (HandError), not in the notation
        return entry["record_json"] or ""


def _name(entry: dict) -> str:
    """An entry as a refusal names it: hand N, else its kind and place."""
    if entry["kind"] == "hand" and entry["number"] is not None:
        return _("hand {number}").format(number=entry["number"])
    return _("the {kind} entry at place {seq}").format(kind=entry["kind"], seq=entry["seq"])
