"""Export the ledger as CSV or JSON Lines, and read hand files for import.

Export streams rows straight from SQL (voided entries never appear), so a
ledger of any size goes out in constant memory. The hand lines of a JSONL
export can be imported again: ``parse_lines`` accepts a bare hand record, an
exported line (its ``record``, with the exported ``dealer``), or a non-hand
entry ``{"kind": "radl" | "redeal" | "strafpunkt", "player": NAME}``.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Iterable, Iterator

from ..domain.evening import ENTRY_KINDS as EVENING_ENTRY_KINDS
from ..errors import SchreiberError

WHATS = ("hands", "items", "payments")
FORMATS = ("csv", "jsonl")
ENTRY_KINDS = tuple(k for k in EVENING_ENTRY_KINDS if k != "hand")


def _number(x2520: int):
    v = Fraction(x2520, 2520)
    return int(v) if v.denominator == 1 else round(float(v), 6)


def _where(evening: int | None, rng) -> tuple[str, list]:
    if evening is not None:
        return "e.evening_id = ?", [evening]
    sel, params = rng.sql()
    return f"e.evening_id in ({sel})", params


def hand_rows(db, evening: int | None = None, rng=None) -> Iterator[dict]:
    """One row per active hand, with its payments and its record."""
    where, params = _where(evening, rng)
    cur = db.execute(
        "select e.id, e.evening_id, ev.date, e.number, r.dealer, r.contract, r.declarer, r.partner, r.won, "
        "r.kontra, r.radl_factor, r.pot_after, e.record_json, "
        "(select json_group_object(pl.name, pay.points_x2520) from payments pay "
        "  join players pl on pl.id = pay.player_id where pay.entry_id = e.id) "
        "from entries e join results r on r.entry_id = e.id join evenings ev on ev.id = e.evening_id "
        f"where e.status = 'active' and e.kind = 'hand' and {where} order by ev.date, e.evening_id, e.seq, e.id",
        params,
    )
    for (_, eid, date, number, dealer, contract, declarer, partner, won, kontra, radl, pot, record_json,
         pays) in cur:
        yield {
            "evening": eid, "date": date, "number": number, "dealer": dealer, "contract": contract,
            "declarer": declarer or None, "partner": partner,
            "result": None if won is None else ("won" if won else "lost"),
            "kontra": kontra, "radl_factor": radl, "pot_after": pot,
            "payments": {k: _number(v) for k, v in json.loads(pays or "{}").items()},
            "record": json.loads(record_json) if record_json else None,
        }


def item_rows(db, evening: int | None = None, rng=None) -> Iterator[dict]:
    """One row per scored item (game, premium, Valat, stake, pot, ...)."""
    where, params = _where(evening, rng)
    cur = db.execute(
        "select e.evening_id, ev.date, e.number, e.kind, r.items_json from entries e "
        "join results r on r.entry_id = e.id join evenings ev on ev.id = e.evening_id "
        f"where e.status = 'active' and {where} order by ev.date, e.evening_id, e.seq, e.id",
        params,
    )
    for eid, date, number, kind, items_json in cur:
        for i, it in enumerate(json.loads(items_json or "[]"), 1):
            yield {
                "evening": eid, "date": date, "number": number, "entry": kind, "item": i,
                "kind": it.get("kind"), "label": it.get("label"), "base": it.get("base"),
                "multipliers": " ".join(f"{m['name']} x{m['factor']}" for m in it.get("multipliers", [])),
                "value": it.get("value"),
                "payments": {p: _exact_number(v) for p, v in (it.get("exact") or it.get("payments") or {}).items()},
            }


def _exact_number(v):
    if isinstance(v, str):
        f = Fraction(v)
        return int(f) if f.denominator == 1 else round(float(f), 6)
    return v


def payment_rows(db, evening: int | None = None, rng=None) -> Iterator[dict]:
    """One row per player and entry: the ledger's payments, exact and decimal."""
    where, params = _where(evening, rng)
    cur = db.execute(
        "select e.evening_id, ev.date, e.number, e.kind, pl.name, pay.points, pay.points_x2520 "
        "from payments pay join entries e on e.id = pay.entry_id join evenings ev on ev.id = e.evening_id "
        "join players pl on pl.id = pay.player_id "
        f"where e.status = 'active' and {where} "
        "order by ev.date, e.evening_id, e.seq, e.id, pl.id",
        params,
    )
    for eid, date, number, kind, name, exact, x in cur:
        yield {"evening": eid, "date": date, "number": number, "entry": kind, "player": name,
               "points": _number(x), "points_exact": exact}


ROWS = {"hands": hand_rows, "items": item_rows, "payments": payment_rows}
CSV_COLUMNS = {
    "hands": ["evening", "date", "number", "dealer", "contract", "declarer", "partner", "result", "kontra",
              "radl_factor", "pot_after", "payments", "record"],
    "items": ["evening", "date", "number", "entry", "item", "kind", "label", "base", "multipliers", "value",
              "payments"],
    "payments": ["evening", "date", "number", "entry", "player", "points", "points_exact"],
}


def write(out, rows: Iterable[dict], what: str, fmt: str) -> int:
    """Write rows to the text stream ``out``; returns how many."""
    n = 0
    if fmt == "jsonl":
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
            n += 1
        return n
    import csv

    cols = CSV_COLUMNS[what]
    w = csv.writer(out, lineterminator="\n")
    w.writerow(cols)
    for row in rows:
        w.writerow([json.dumps(row[c], ensure_ascii=False) if isinstance(row[c], (dict, list)) else
                    ("" if row[c] is None else row[c]) for c in cols])
        n += 1
    return n


# Import ------------------------------------------------------------------

def parse_lines(lines: Iterable[str], players: tuple[str, ...]
                ) -> tuple[list[dict], list[int], list[tuple[int, str]]]:
    """Entries of a JSON Lines hand file, the line number of each, and
    (line number, problem) for every line that is not an entry at all."""
    entries: list[dict] = []
    numbers: list[int] = []
    problems: list[tuple[int, str]] = []
    for n, line in enumerate(lines, 1):
        text = line.strip()
        if not text:
            continue
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            problems.append((n, f"not valid JSON ({exc.msg} at column {exc.colno})"))
            continue
        except (ValueError, RecursionError):  # a number of thousands of digits, or nesting thousands deep
            problems.append((n, "not a hand record (a number too long or lists nested too deep)"))
            continue
        if not isinstance(data, dict):
            problems.append((n, "a hand record must be a JSON object like {\"contract\": \"rufer\", ...}"))
            continue
        kind = data.get("kind")
        if kind is not None:
            if kind not in ENTRY_KINDS + ("hand",):
                problems.append((n, f"unknown entry kind '{kind}'; valid: hand, {', '.join(ENTRY_KINDS)}"))
                continue
            if kind == "strafpunkt":
                who = data.get("player")
                match = [p for p in players if isinstance(who, str) and p.casefold() == who.strip().casefold()]
                if not match:
                    problems.append((n, f"a strafpunkt needs the offender as \"player\"; "
                                    f"players: {', '.join(players)}"))
                    continue
                entries.append({"kind": "strafpunkt", "player": match[0]})
            elif kind == "hand":
                if not isinstance(data.get("record"), dict):
                    problems.append((n, "an entry of kind hand needs its \"record\" object"))
                    continue
                entries.append({"kind": "hand", "record": data["record"]})
            else:
                entries.append({"kind": kind})
        elif isinstance(data.get("record"), dict):  # a line of `schreiber export --what hands --format jsonl`
            record = dict(data["record"])
            if data.get("dealer") and "dealer" not in record:
                record["dealer"] = data["dealer"]
            entries.append({"kind": "hand", "record": record})
        else:
            entries.append({"kind": "hand", "record": data})
        numbers.append(n)
    return entries, numbers, problems


def read_text(path: str) -> list[str]:
    """The lines of a file (or stdin for '-'), as one clear error if unreadable."""
    import sys

    if path == "-":
        return sys.stdin.read().splitlines()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().splitlines()
    except FileNotFoundError:
        raise SchreiberError(f"there is no file {path}; check the path") from None
    except IsADirectoryError:
        raise SchreiberError(f"{path} is a folder; give a JSON Lines file") from None
    except UnicodeDecodeError:
        raise SchreiberError(f"{path} is not UTF-8 text; save it as UTF-8 JSON Lines") from None
    except OSError as exc:
        raise SchreiberError(f"cannot read {path}: {exc.strerror}") from None
