"""Bringing another ledger's rows into this one (``schreiber merge``).

A cup's desk hands each table a copy of its ledger and merges the copies
back. The copy is outside input: checked as any ledger opened
(``connection.open_to_read``), every row as a ledger holds it
(``merge_other``: types, JSON, ids naming its rows), and every row it
brings in as if typed (``Checks``, by the service; ``merge_entries``).

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
import sqlite3
from collections import defaultdict
from pathlib import Path
from typing import Any, NamedTuple

from ..i18n import N_, _
from .codec import dumps, rule_set_id
from .errors import Fix, MergeRefused
from .merge_entries import Checks, MergeBase, Places
from .merge_other import Other, rows_of, shapes

STATUS_RANK = {"open": 0, "closed": 1, "settled": 2, "withdrawn": 3}  # withdrawn: a table of a draw taken back
CUP_STATUS_RANK = {"open": 0, "closed": 1}
NOT_HOW_STARTED = ("id", "uid", "status", "created_utc")  # of a cup: the rest says how it was started
START = {"date": N_("date"), "preset": N_("rules"), "rules": N_("rules"), "seating": N_("seating"),
         "first_dealer": N_("first dealer")}  # fmt: skip
__all__ = ["Checks", "Merged", "merge_rows", "open_other"]


class Merged(NamedTuple):
    """What a merge brought in: rows counted by kind, the evenings (our ids)
    that got new entries or corrections, to be re-scored, and of those the
    evenings this ledger did not have before (``made``: nothing of theirs changed here)."""

    counts: dict[str, int]
    touched: list[int]
    made: frozenset[int] = frozenset()


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
        other = Other(theirs, label, shapes(ours))
    finally:
        theirs.execute("rollback")
    m = _Merge(ours, other, checks)
    try:
        m.players()
        m.cups()
        m.evenings()
        for theirs_id, ours_id in m.matched.items():
            Places(m, theirs_id, ours_id).merge()
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


class _Merge(MergeBase):
    """A merge's evenings and tournaments: matched to ours, or brought in."""

    def cups(self) -> None:
        by_uid = {r["uid"]: r for r in rows_of(self.ours, "select * from cups")}
        names = {r["name"].casefold(): r for r in by_uid.values()}
        for c in self.other.rows["cups"]:
            what = _("tournament {name!r}").format(name=c["name"])
            mine = by_uid.get(c["uid"])
            if mine is None and c["name"].casefold() in names:
                raise self.invalid(what, _("this ledger holds another tournament of that name, started on its own"))
            if mine is None:
                self._check(what, self.checks.cup, c)
                row = {k: c[k] for k in self.other.shapes["cups"] if k != "id"}
                mine = {"id": self.insert("cups", row)}
                self.counts["cups"] = self.counts.get("cups", 0) + 1
            else:
                differ = [k for k in self.other.shapes["cups"] if k not in NOT_HOW_STARTED and mine[k] != c[k]]
                if differ:
                    raise self.invalid(what, _("started differently here ({what})").format(what=", ".join(differ)))
                if CUP_STATUS_RANK.get(c["status"], -1) > CUP_STATUS_RANK.get(mine["status"], 0):
                    self.ours.execute("update cups set status = ? where id = ?", [c["status"], mine["id"]])
            self.ids["cups"][c["id"]] = mine["id"]
        self._cup_players()

    def _cup_players(self) -> None:
        have = {(r["cup_id"], r["player_id"]): r for r in rows_of(self.ours, "select * from cup_players")}
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
        have = {(r["cup_id"], r["round"], r["table_no"]): r for r in rows_of(self.ours, "select * from cup_tables")}
        taken = {r["evening_id"] for r in have.values()}
        back = {r["evening_id"] for r in rows_of(self.ours, "select evening_id from cup_withdrawn_tables")}
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
        back = {r["evening_id"] for r in rows_of(self.ours, "select evening_id from cup_withdrawn_tables")}
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

    def evenings(self) -> None:
        ours = rows_of(self.ours, "select ev.*, rs.sha256 as rules_key from evenings ev "
                                "join rule_sets rs on rs.id = ev.rule_set_id")  # fmt: skip
        by_uid = {r["uid"]: r for r in ours}
        theirs_uids = {e["uid"] for e in self.other.rows["evenings"]}
        by_start: dict[tuple, list[dict]] = defaultdict(list)
        for r in ours:
            if r["uid"] not in theirs_uids and r["status"] != "withdrawn":  # one of ours it does not hold by its id
                by_start[_start_key(r, json.loads(r["seating_json"]), r["rules_key"])].append(r)
        tables = {(r["cup_id"], r["round"], r["table_no"]): r["evening_id"]
                  for r in rows_of(self.ours, "select * from cup_tables")}  # fmt: skip
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
        have = {r["uid"] for r in rows_of(self.ours, "select uid from entries where evening_id = ?", [mine["id"]])}
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


def _start_key(ev: dict, seating: Any, rules_key: str) -> tuple:
    """What an evening was started with, and when: the same evening in two copies of one ledger."""
    return (ev["created_utc"], ev["date"], json.dumps(seating), ev["first_dealer"], rules_key)  # the pot: carried


def _cents(cents: int) -> str:
    """A tarif as ``evening tarif`` takes it (0.20), exactly."""
    euro, cent = divmod(cents, 100)
    return f"{euro}.{cent:02d}"
