"""Typed values the ledger hands out and takes in (no row dicts past its door)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DateRange:
    """The evenings whose date lies in [since, until] (ISO dates, inclusive;
    None leaves that end open)."""

    since: str | None = None
    until: str | None = None

    def sql(self) -> tuple[str, list]:
        """A subquery of the ids of the evenings in range, and its parameters."""
        return ("select id from evenings where (? is null or date >= ?) and (? is null or date <= ?)",
                [self.since, self.since, self.until, self.until])
