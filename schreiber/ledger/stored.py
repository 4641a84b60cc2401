"""Typed values the ledger hands out and takes in (no row dicts past its
door): named tuples, cheaper at start-up than frozen dataclasses.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from ..domain.evening import Entry, Outcome, State

if TYPE_CHECKING:
    from ..domain.rules import Rules


class DateRange(NamedTuple):
    """The evenings whose date lies in [since, until] (ISO dates, inclusive;
    None leaves that end open)."""

    since: str | None = None
    until: str | None = None

    def sql(self) -> tuple[str, list]:
        """A subquery of the ids of the evenings in range, and its parameters."""
        return (
            "select id from evenings where (? is null or date >= ?) and (? is null or date <= ?)",
            [self.since, self.since, self.until, self.until],
        )


class Evening(NamedTuple):
    """One evening at one table: its seating, rules, tarif and state."""

    id: int
    date: str
    preset: str
    rules_json: str
    seating: tuple[str, ...]
    first_dealer: str
    tarif_cents: int
    status: str  # open | closed | settled
    start_pot: Fraction
    created_utc: str | None = None
    closed_utc: str | None = None

    @property
    def rules(self) -> Rules:
        """The rules the evening is played under (parsed once per distinct text)."""
        return stored_rules(self.rules_json)

    @property
    def is_open(self) -> bool:
        return self.status == "open"


@lru_cache(maxsize=64)
def stored_rules(rules_json: str) -> Rules:
    from ..domain.rules import rules_from_json  # read where an evening's rules are: a balance never needs them

    return rules_from_json(rules_json)


class StoredEntry(NamedTuple):
    """An entry of an evening as recorded: a hand, a Radl start, a redeal,
    a penalty point or a round's totals from paper; voided entries stay
    (``status`` void)."""

    id: int
    evening_id: int
    seq: int
    kind: str
    number: int | None
    record: dict | None
    player: str | None
    status: str
    replaces: int | None

    @property
    def is_void(self) -> bool:
        return self.status == "void"

    def as_entry(self) -> Entry:
        """The entry to replay; a voided hand only as dealt (it keeps its place in a Radl)."""
        if self.is_void and self.kind == "hand":
            return Entry("dealt", self.record)
        return Entry(self.kind, self.record if self.kind in ("hand", "radl", "totals") else None, self.player or None)


class StoredResult(NamedTuple):
    """What the ledger wrote beside an active entry (its items are scored again: ``service.rescored``)."""

    dealer: str | None
    radl_factor: int
    state: State
    schrift: dict[str, Fraction] | None  # the Schrift (written score) where it differs from the money
    schrift_items: list[dict]  # its items, as stored


class SheetLine(NamedTuple):
    """One entry of an evening with everything the score sheet shows of it."""

    entry: StoredEntry
    result: StoredResult | None  # None for a voided entry
    payments: dict[str, Fraction]
    correction: str | None  # undo | void | edit, for a voided entry


class Scored(NamedTuple):
    """A new entry scored, to be written: its place, hand number (None: not
    a hand), its id where it has one (from an export), and what it did."""

    seq: int
    entry: Entry
    number: int | None
    uid: str | None
    outcome: Outcome | None  # None: struck from the sheet and not replayed (an import of a correction)
