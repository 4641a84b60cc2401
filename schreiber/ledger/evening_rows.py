"""The ledger's evenings and players: read, started, closed, their tarif
and Pagat pot at the start, a player's name. Part of ``store.Ledger``, the
one door; the base of its parts (``db``, ``_insert``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING

from ..domain.names import known_player
from ..i18n import _
from .codec import compact, dumps, evening_of_row, new_uid, now_utc, renamed, rule_set_id
from .errors import LedgerError, NoSuchEvening
from .stored import DateRange, Evening

if TYPE_CHECKING:
    import sqlite_utils

    from ..domain.rules import Rules

INT64_MAX = 2**63 - 1
# An evening's row with its rules (stored once per rule set, m011).
EVENINGS = "select ev.*, rs.rules_json from evenings ev join rule_sets rs on rs.id = ev.rule_set_id"


def fits(n: int) -> bool:
    """A number from outside that SQLite can compare (a 64-bit integer)."""
    return -INT64_MAX <= n <= INT64_MAX


class EveningRows:
    """The evenings and players of an open ledger (``db``)."""

    db: sqlite_utils.Database

    def _insert(self, table: str, row: dict) -> int:
        """Insert one row (``table`` and the keys are ours, never the user's);
        its id. Not sqlite-utils' ``insert``, which reads the table's columns first."""
        cols = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        cursor = self.db.execute(f"insert into {table} ({cols}) values ({marks})", list(row.values()))
        assert cursor.lastrowid is not None  # every table inserted to has an integer id
        return int(cursor.lastrowid)

    def open_evenings(self) -> list[Evening]:
        """Every open evening, oldest first (several: a tournament's tables; ``Service.evening`` picks one)."""
        return [evening_of_row(r) for r in self.db.query(f"{EVENINGS} where status = 'open' order by ev.id")]

    def evening(self, evening_id: int) -> Evening:
        rows = list(self.db.query(f"{EVENINGS} where ev.id = ?", [evening_id])) if fits(evening_id) else []
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

    def hold_elsewhere(self, keep: int) -> None:
        """A table's copy: every open evening but ``keep`` closed, as held by
        the ledger it was copied from (a merge does not carry this closing)."""
        held = [ev.id for ev in self.open_evenings() if ev.id != keep]
        for evening_id in held:
            self.set_status(evening_id, "closed")
            self.db.execute("insert or ignore into held_elsewhere (evening_id) values (?)", [evening_id])

    def close_open_evenings(self, keep: int | None = None) -> list[Evening]:
        """Close every open evening but ``keep`` and a tournament's tables
        (open while their round is played); those closed."""
        tables = {r[0] for r in self.db.execute("select evening_id from cup_tables")}
        closing = [ev for ev in self.open_evenings() if ev.id != keep and ev.id not in tables]
        for ev in closing:
            self.set_status(ev.id, "closed")
        return closing

    def set_tarif(self, evening_id: int, cents: int) -> None:
        from . import rollups

        self.db.execute("update evenings set tarif_cents = ? where id = ?", [cents, evening_id])
        rollups.resettle(self.db.conn, evening_id)  # the statistics' money of the evening

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
