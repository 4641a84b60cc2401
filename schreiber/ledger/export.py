"""The ledger's hands and payments as rows for export, streamed from SQL
(voided entries never among the payments), points exact;
``reports/export.py`` shapes them; the items: ``service.rescored``.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator

from ..domain.points import from_units
from .codec import placed
from .stored import DateRange


def _where(evening: int | None, rng: DateRange) -> tuple[str, list]:
    if evening is not None:
        return "e.evening_id = ?", [evening]
    sel, params = rng.sql()
    return f"e.evening_id in ({sel})", params


HAND_KEYS = ("evening", "date", "number", "id", "kind", "dealer", "contract", "declarer", "partner", "result",
             "kontra", "radl_factor", "pot_after", "payments", "record", "player", "final", "void", "correction",
             "replaces", "tarif_cents", "start_pot")  # fmt: skip


def hand_rows(db: sqlite3.Connection, evening: int | None, rng: DateRange) -> Iterator[dict]:
    """Every entry of the evenings as its sheet has it, voided ones too
    (``void``, their ``correction``, a replacement's ``replaces``), each
    evening opened by a row of kind ``evening`` (tarif, starting pot):
    ``hand import`` of one evening's rows makes it again, figure for figure."""
    where, params = _where(evening, rng)
    cur = db.execute(
        "select e.uid, e.evening_id, ev.date, ev.tarif_cents, ev.start_pot, e.number, e.kind, e.status, e.player, r.dealer, "
        "r.contract, r.declarer, r.partner, r.won, r.kontra, r.radl_factor, r.pot_after, e.record_json, c.kind, "
        "old.uid, (select json_group_object(pl.name, pay.points_x2520) from payments pay "
        "  join players pl on pl.id = pay.player_id where pay.entry_id = e.id and e.status = 'active') "
        "from entries e join evenings ev on ev.id = e.evening_id left join results r on r.entry_id = e.id "
        "left join corrections c on c.entry_id = e.id left join entries old on old.id = e.replaces "
        f"where {where} order by ev.date, e.evening_id, {placed('e.')}",
        params,
    )
    last = None
    for row in cur:
        if row[1] != last:
            last = row[1]
            opening = dict(evening=row[1], date=row[2], kind="evening", tarif_cents=row[3], start_pot=row[4] or "0")
            yield dict.fromkeys(HAND_KEYS) | opening
        yield _entry_row(row)


def _entry_row(row: tuple) -> dict:
    """An entry's row of the export (``hand_rows``) from its row of the query."""
    (uid, eid, date, _tarif, _pot, number, kind, status, player, dealer, contract, declarer, partner, won, kontra,
     radl, pot, record_json, correction, replaces, pays) = row  # fmt: skip
    record = json.loads(record_json) if record_json else None
    rec = record or {}
    payments = {k: from_units(v) for k, v in json.loads(pays or "{}").items()}
    out = dict.fromkeys(HAND_KEYS) | {
        "evening": eid, "date": date, "number": number, "id": uid, "kind": kind, "dealer": dealer,
        "radl_factor": radl, "pot_after": pot, "payments": payments, "player": player or None,
        "final": bool(rec.get("final")) if kind == "radl" else None,
        "void": status != "active", "correction": correction, "replaces": replaces,
    }  # fmt: skip
    if kind == "hand":
        result = None if won is None else ("won" if won else "lost")
        out |= {"dealer": dealer or rec.get("dealer"), "contract": contract or rec.get("contract"),
                "declarer": declarer or None, "partner": partner, "result": result, "kontra": kontra,
                "record": record}  # fmt: skip
    elif kind == "totals":
        out["record"] = record
    return out


def payment_rows(db: sqlite3.Connection, evening: int | None, rng: DateRange) -> Iterator[dict]:
    """One row per player and entry: the ledger's payments, exact and decimal."""
    where, params = _where(evening, rng)
    cur = db.execute(
        "select e.evening_id, ev.date, e.number, e.kind, pl.name, pay.points_x2520 "
        "from payments pay join entries e on e.id = pay.entry_id join evenings ev on ev.id = e.evening_id "
        "join players pl on pl.id = pay.player_id "
        f"where e.status = 'active' and {where} "
        f"order by ev.date, e.evening_id, {placed('e.')}, pl.id",
        params,
    )
    for eid, date, number, kind, name, x in cur:
        points = from_units(x)
        yield dict(zip(PAYMENT_KEYS, (eid, date, number, kind, name, points, str(points))))


PAYMENT_KEYS = ("evening", "date", "number", "entry", "player", "points", "points_exact")
ROWS = {"hands": hand_rows, "payments": payment_rows}
