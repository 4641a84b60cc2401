"""The ledger's hands and payments as rows, for export (the scored items,
which the ledger does not store, are scored again: ``schreiber.rescored``).

Rows stream straight from SQL (voided entries never appear), so a ledger of
any size goes out in constant memory. Points come out exact (Fractions);
``reports/export.py`` shapes them for CSV and JSON Lines.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator

from ..domain.points import from_units
from .values import DateRange


def _where(evening: int | None, rng: DateRange) -> tuple[str, list]:
    if evening is not None:
        return "e.evening_id = ?", [evening]
    sel, params = rng.sql()
    return f"e.evening_id in ({sel})", params


def hand_rows(db: sqlite3.Connection, evening: int | None, rng: DateRange) -> Iterator[dict]:
    """One row per active hand, with its payments, its record and its global
    id (``id``: ``hand import`` of the row again knows the hand)."""
    where, params = _where(evening, rng)
    cur = db.execute(
        "select e.uid, e.evening_id, ev.date, e.number, r.dealer, r.contract, r.declarer, r.partner, r.won, "
        "r.kontra, r.radl_factor, r.pot_after, e.record_json, "
        "(select json_group_object(pl.name, pay.points_x2520) from payments pay "
        "  join players pl on pl.id = pay.player_id where pay.entry_id = e.id) "
        "from entries e join results r on r.entry_id = e.id join evenings ev on ev.id = e.evening_id "
        f"where e.status = 'active' and e.kind = 'hand' and {where} order by ev.date, e.evening_id, e.seq, e.id",
        params,
    )
    for uid, eid, date, number, dealer, contract, declarer, partner, won, kontra, radl, pot, record_json, pays in cur:
        yield {
            "evening": eid,
            "date": date,
            "number": number,
            "id": uid,
            "dealer": dealer,
            "contract": contract,
            "declarer": declarer or None,
            "partner": partner,
            "result": None if won is None else ("won" if won else "lost"),
            "kontra": kontra,
            "radl_factor": radl,
            "pot_after": pot,
            "payments": {k: from_units(v) for k, v in json.loads(pays or "{}").items()},
            "record": json.loads(record_json) if record_json else None,
        }


def payment_rows(db: sqlite3.Connection, evening: int | None, rng: DateRange) -> Iterator[dict]:
    """One row per player and entry: the ledger's payments, exact and decimal."""
    where, params = _where(evening, rng)
    cur = db.execute(
        "select e.evening_id, ev.date, e.number, e.kind, pl.name, pay.points_x2520 "
        "from payments pay join entries e on e.id = pay.entry_id join evenings ev on ev.id = e.evening_id "
        "join players pl on pl.id = pay.player_id "
        f"where e.status = 'active' and {where} "
        "order by ev.date, e.evening_id, e.seq, e.id, pl.id",
        params,
    )
    for eid, date, number, kind, name, x in cur:
        points = from_units(x)
        yield {
            "evening": eid,
            "date": date,
            "number": number,
            "entry": kind,
            "player": name,
            "points": points,
            "points_exact": str(points),
        }


ROWS = {"hands": hand_rows, "payments": payment_rows}
