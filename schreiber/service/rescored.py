"""A hand's items, scored again from the state stored before it when they are
asked for (the ledger keeps no items since m012). Items that do not add up
to the stored payments (an older schreiber's scoring) are not shown: the
caller says so instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING

from ..domain.evening import Outcome, step_or_none
from ..domain.points import from_units
from ..ledger.codec import stored_item

if TYPE_CHECKING:
    from ..ledger.store import Ledger
    from ..ledger.stored import DateRange, Evening, StoredEntry


def _items(o: Outcome, stored: dict[str, Fraction]) -> list[dict] | None:
    """The outcome's items in full, where they add up to the stored payments (else None)."""
    items = [stored_item(it) for it in o.items]
    total: dict[str, Fraction] = {}
    for it in o.items:
        for p, v in it.payments:
            total[p] = total.get(p, Fraction(0)) + v
    same = {p: v for p, v in total.items() if v} == {p: v for p, v in stored.items() if v}
    return items if same else None


def hand_items(led: Ledger, evening: Evening, number: int) -> list[dict] | None:
    """The items of the evening's active hand ``number`` (None: they do not add up)."""
    entry = led.hand_entry(evening, number)
    kept = led.kept_items(entry.id)
    if kept is not None:
        return kept
    o = step_or_none(evening.rules, evening.seating, led.last_state(evening, before_seq=entry.seq), entry.as_entry())
    return _items(o, led.entry_payments(entry.id)) if o else None


def evening_items(led: Ledger, evening: Evening) -> Iterator[tuple[StoredEntry, list[dict] | None]]:
    """Every active entry of the evening in order with its items (None: they do not add up)."""
    stored: dict[int, dict[str, Fraction]] = {}
    for entry_id, name, x in led.entry_totals(evening):
        stored.setdefault(entry_id, {})[name] = from_units(x)
    before = led.start_state(evening)
    for entry, after, kept in led.scored_entries(evening):
        if kept is not None and not entry.is_void:
            yield entry, kept
        elif not entry.is_void:
            o = step_or_none(evening.rules, evening.seating, before, entry.as_entry())  # None: it no longer scores
            yield entry, _items(o, stored.get(entry.id, {})) if o else None
        before = after


def item_rows(
    led: Ledger, evening: Evening | None, rng: DateRange, left_out: list[tuple[int, int | None, int]]
) -> Iterator[dict]:
    """One row per item of one evening or the evenings in range, for ``export
    --what items``; entries whose items do not add up are named in
    ``left_out`` (evening, hand number or None, entry seq)."""
    for ev in [evening] if evening else led.evenings(rng):
        for entry, items in evening_items(led, ev):
            if items is None:
                left_out.append((ev.id, entry.number, entry.seq))
                continue
            for i, it in enumerate(items, 1):
                yield {
                    "evening": ev.id,
                    "date": ev.date,
                    "number": entry.number,
                    "entry": entry.kind,
                    "item": i,
                    "kind": it.get("kind"),
                    "label": it.get("label"),
                    "base": it.get("base"),
                    "multipliers": " ".join(f"{m['name']} x{m['factor']}" for m in it.get("multipliers", [])),
                    "value": it.get("value"),
                    "payments": {p: Fraction(v) for p, v in it["exact"].items()},
                }
