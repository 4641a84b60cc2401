"""Rows of the ledger's tables to typed values and back.

Points are whole 1/2520 units (``POINT_UNITS``): exact, summed by SQL. A
hand's items are scored again when asked for (m012,
``schreiber.service.rescored``), in the form ``sheet --explain --json``
prints (``stored_item``); a Schrift apart from the money keeps its items as
cells (``item_cells``, read back by ``item_of_cells``). Times are seconds
since the epoch, read back as the ISO text stored before m012 (``utc_text``).
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import math
import os
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..domain.evening import Entry, Outcome, State
from ..domain.points import POINT_UNITS, as_number, units
from .stored import Evening, StoredEntry, StoredResult

if TYPE_CHECKING:
    from ..domain.engine import Item


def placed(alias: str = "", desc: bool = False) -> str:
    """The ORDER BY of an evening's entries as its sheet has them: by place
    (``seq``); at one place the entries taken back or replaced before the one
    that stands, then by when each was made, then as entered. The same in
    every ledger that holds them: a merge inserts another ledger's rows with
    ids of its own, after the rows there (as entered, a row taken back here
    could come after the hand that took its place from there); rows of one
    ledger keep their order (a merge inserts them in it)."""
    way = " desc" if desc else ""
    return ", ".join(f"{alias}{c}{way}" for c in ("seq", "status = 'active'", "created_utc", "id"))


def now_utc() -> int:
    """Now, as every ``*_utc`` column stores it: whole seconds since the epoch (m012)."""
    return int(_dt.datetime.now(_dt.UTC).timestamp())


def utc_text(value: int | str | None) -> str | None:
    """A stored time as the text a ledger before m012 stored ("2026-11-24T20:24:00+00:00");
    a text that was no time then stays as it was."""
    if not isinstance(value, int):
        return value
    return _dt.datetime.fromtimestamp(value, _dt.UTC).isoformat(timespec="seconds")


def new_uid() -> str:
    """A row's global id (ledgers kept on several machines merge by it): a
    random UUID 4 as 32 hex digits, from ``os.urandom`` (``uuid`` costs every start its import)."""
    return new_uids(1)[0]


def new_uids(n: int) -> list[str]:
    """``n`` ids as ``new_uid`` describes them, from one ``os.urandom`` call (an import's entries)."""
    b = bytearray(os.urandom(16 * n))
    b[6::16] = bytes((x & 0x0F) | 0x40 for x in b[6::16])  # version 4
    b[8::16] = bytes((x & 0x3F) | 0x80 for x in b[8::16])  # the RFC 4122 variant
    text = b.hex()
    return [text[i : i + 32] for i in range(0, 32 * n, 32)]


dumps: Callable[[Any], str] = json.JSONEncoder(ensure_ascii=False).encode  # json.dumps(value, ensure_ascii=False)
compact: Callable[[Any], str] = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode  # no spaces


def exact(v: Fraction | int) -> int | str:
    """A figure as stored: an integer where whole, else the Fraction's text ("35/3")."""
    return int(v) if v.denominator == 1 else str(v)


# An evening's rules are stored once per distinct rule set (``rule_sets``, m011): known by the
# SHA-256 of their JSON written canonically (keys sorted, no spaces), so the same rules written
# differently are one set; ``pot_end`` is what the statistics read of them.
RULE_SET_INSERT = (
    "insert into rule_sets (sha256, rules_json, pot_end) "
    "values (?, ?, coalesce(json_extract(?, '$.rules.pagatkassa_end'), 'carry'))"
)


def rule_set_key(rules_json: str) -> str:
    canonical = json.dumps(json.loads(rules_json), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def rule_set_id(conn: Any, rules_json: str) -> int:
    """The id of the rule set of these rules, stored now if it is new."""
    key = rule_set_key(rules_json)
    row = conn.execute("select id from rule_sets where sha256 = ?", [key]).fetchone()
    if row:
        return int(row[0])
    return int(conn.execute(RULE_SET_INSERT, [key, rules_json, rules_json]).lastrowid)


def evening_of_row(row: dict) -> Evening:
    return Evening(row["id"], row["date"], row["preset"], row["rules_json"], tuple(json.loads(row["seating_json"])),
                   row["first_dealer"], row["tarif_cents"], row["status"], Fraction(row["start_pot"] or 0),
                   utc_text(row.get("created_utc")), utc_text(row.get("closed_utc")))  # fmt: skip


def entry_of_row(row: dict) -> StoredEntry:
    record = json.loads(row["record_json"]) if row["record_json"] else None
    return StoredEntry(row["id"], row["evening_id"], row["seq"], row["kind"], row["number"], record, row["player"],
                       row["status"], row["replaces"])  # fmt: skip


ENTRY_COLUMNS = ("id", "uid", "evening_id", "seq", "kind", "number", "record_json", "player", "status", "replaces",
                 "created_utc")  # fmt: skip


def entry_row(
    entry_id: int | None,
    evening_id: int,
    seq: int,
    entry: Entry,
    number: int | None,
    replaces: int | None,
    uid: str | None = None,
    created: int | None = None,
) -> tuple:
    """An entry's row of ``entries`` (``ENTRY_COLUMNS``; a new id where ``uid`` is None)."""
    record = entry.record
    return (entry_id, uid or new_uid(), evening_id, seq, entry.kind, number, compact(record) if record else None,
            entry.player, "active", replaces, created or now_utc())  # fmt: skip


def result_of_row(row: dict) -> StoredResult:
    schrift = json.loads(row["schrift_json"]) if row.get("schrift_json") else None
    return StoredResult(
        dealer=row["dealer"],
        radl_factor=row["radl_factor"] or 1,
        state=State.from_json(row["state_json"]),
        schrift={p: Fraction(v) for p, v in schrift["payments"].items()} if schrift else None,
        schrift_items=[item_of_cells(c) for c in schrift["items"]] if schrift else [],
    )


def stored_item(it: Item) -> dict:
    """An item in full: its JSON (as ``--json-out`` prints it) and its exact figures."""
    return it.to_json() | {
        "exact": {p: str(v) for p, v in it.payments},
        "exact_base": str(it.base),
        "exact_value": str(it.value),
    }


def item_cells(it: Item) -> list:
    """An item as stored: [kind, label, base, multipliers, payments], and
    {"note", "total"} where it has them (the value: base x multipliers, or the total)."""
    cells = [it.kind, it.label, exact(it.base), [[n, f] for n, f in it.multipliers],
             {p: exact(v) for p, v in it.payments}]  # fmt: skip
    extra: dict[str, Any] = {}
    if it.note:
        extra["note"] = it.note
    if it.total is not None:
        extra["total"] = exact(it.total)
    return cells + [extra] if extra else cells


def item_of_cells(cells: list | dict) -> dict:
    """An item in full (as ``stored_item``) from its cells; a dict is one stored whole (before m009)."""
    if isinstance(cells, dict):
        return cells
    kind, label, base, mults, pays = cells[:5]
    extra = cells[5] if len(cells) > 5 else {}
    b = Fraction(base)
    value = Fraction(extra["total"]) if "total" in extra else math.prod((f for _, f in mults), start=b)
    figures = {p: Fraction(v) for p, v in pays.items()}
    return {
        "kind": kind,
        "label": label,
        "base": as_number(b),
        "multipliers": [{"name": n, "factor": f} for n, f in mults],
        "value": as_number(value),
        "payments": {p: as_number(v) for p, v in figures.items()},
        **({"note": extra["note"]} if extra.get("note") else {}),
        "exact": {p: str(v) for p, v in figures.items()},
        "exact_base": str(b),
        "exact_value": str(value),
    }


def kept_items(text: str | None) -> list[dict] | None:
    """The items a result row keeps, in full (None: scored again; only hands
    stored before m012 that scoring again would not give back keep them)."""
    return None if text is None else [item_of_cells(c) for c in json.loads(text)]


RESULT_COLUMNS = ("entry_id", "evening_id", "number", "kind", "dealer", "contract", "declarer", "partner", "won",
                  "kontra", "radl_factor", "pot_after", "state_json", "schrift_json")  # fmt: skip


def result_row(evening_id: int, entry_id: int, number: int | None, o: Outcome) -> tuple:
    """An entry's row of ``results`` (``RESULT_COLUMNS``)."""
    h = o.hand
    won = None
    if o.score and o.score.declarer_won:
        won = int(all(w for _, w in o.score.declarer_won))
    pot = o.state.pot
    pot_after = str(pot.numerator) if pot.denominator == 1 else str(pot)  # as str(pot) writes it, sooner
    contract, declarer, partner, kontra = (
        (None, o.player, None, None) if h is None else (h.contract, ", ".join(h.declarers), h.partner, h.kontra)
    )
    return (entry_id, evening_id, number, o.kind, o.dealer, contract, declarer, partner, won, kontra, o.radl_factor,
            pot_after, o.state.to_json(), _schrift_json(o))  # fmt: skip


def _schrift_json(o: Outcome) -> str | None:
    """The Schrift of a hand where it differs from the money: payments and items."""
    if o.schrift is None:
        return None
    return compact({"payments": {p: exact(v) for p, v in o.schrift.payments},
                    "items": [item_cells(it) for it in o.schrift.items]})  # fmt: skip


PAYMENT_COLUMNS = ("entry_id", "evening_id", "player_id", "points_x2520", "schrift_x2520")


def payment_rows(evening_id: int, entry_id: int, o: Outcome, pid: Callable[[str], int]) -> list[tuple]:
    """Each player's payment in 1/2520 units, money and Schrift (``PAYMENT_COLUMNS``)."""
    schrift = dict(o.schrift.payments) if o.schrift else None
    rows = []
    for player, v in o.payments:
        x = v * POINT_UNITS if type(v) is int else units(v)  # most are whole: no call
        w = schrift.get(player, v) if schrift else v
        rows.append((entry_id, evening_id, pid(player), x, x if w is v else units(w)))
    return rows


def stored_record(outcome: Outcome) -> dict:
    """The canonical hand record as stored: names as seated, and the dealer
    pinned, so a later correction elsewhere never moves who dealt."""
    assert outcome.hand is not None
    return dict(outcome.hand.to_json(), dealer=outcome.dealer)


def renamed(value: Any, old: str, new: str) -> Any:
    """A player's name replaced everywhere in a hand record (keys and values)."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [renamed(v, old, new) for v in value]
    if isinstance(value, dict):
        return {(new if k == old else k): renamed(v, old, new) for k, v in value.items()}
    return value
