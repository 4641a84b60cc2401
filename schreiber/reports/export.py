"""The ledger's rows as CSV or JSON Lines: exact points as numbers rounded
to six places (the exact value stays beside them where the row has it)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import IO

from ..render import rounded, write_csv, write_jsonl

WHATS = ("hands", "items", "payments")
FORMATS = ("csv", "jsonl")
CSV_COLUMNS = {
    "hands": [
        "evening",
        "date",
        "number",
        "dealer",
        "contract",
        "declarer",
        "partner",
        "result",
        "kontra",
        "radl_factor",
        "pot_after",
        "payments",
        "record",
        "kind",
        "player",
        "final",
        "void",
        "correction",
        "replaces",
        "tarif_cents",
        "start_pot",
        "id",
    ],
    "items": [
        "evening",
        "date",
        "number",
        "entry",
        "item",
        "kind",
        "label",
        "base",
        "multipliers",
        "value",
        "payments",
    ],
    "payments": ["evening", "date", "number", "entry", "player", "points", "points_exact"],
}


def _shaped(rows: Iterable[dict]) -> Iterator[dict]:
    for row in rows:
        out = dict(row)
        if isinstance(out.get("points"), Fraction):
            out["points"] = rounded(out["points"], 6)
        if isinstance(out.get("payments"), dict):
            out["payments"] = {p: rounded(v, 6) if isinstance(v, Fraction) else v for p, v in out["payments"].items()}
        yield out


def write(out: IO[str], rows: Iterable[dict], what: str, fmt: str) -> int:
    """Write rows to the text stream ``out``; returns how many."""
    if fmt == "jsonl":
        return write_jsonl(out, _shaped(rows))
    return write_csv(out, CSV_COLUMNS[what], _shaped(rows))
