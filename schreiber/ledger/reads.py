"""What the reports read of the ledger: an evening's balance and sheet,
payments and totals, the statistics, the rows of an export. Part of
``store.Ledger``, the one door.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING

from ..domain.points import from_units
from .codec import entry_of_row, placed, result_of_row
from .entry_rows import EntryRows
from .evening_rows import fits
from .stored import DateRange, Evening, SheetLine

if TYPE_CHECKING:
    from .statistics import StatsRows


class Reads(EntryRows):
    """The ledger read for the reports."""

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

    def sheet_lines(self, evening: Evening, after_seq: int = 0) -> list[SheetLine]:
        """Every entry of the evening after ``after_seq``, in order, voided ones too, with what is written beside it."""
        return self._lines("evening_id = ? and seq > ?", [evening.id, after_seq])

    def hand_lines(self, evening: Evening, number: int) -> list[SheetLine]:
        """The sheet's lines of hand ``number`` (a voided one and its replacement too)."""
        return (
            self._lines("evening_id = ? and kind = 'hand' and number = ?", [evening.id, number]) if fits(number) else []
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
