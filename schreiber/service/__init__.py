"""The one way every front end changes the ledger: evenings and their
entries (``evenings``), a tournament's desk (``tournament``), a hand's items
scored again when they are asked for (``rescored``)."""

from .evenings import EveningChanged, Imported, PastTheEnd, Service, collector_paused, seating

__all__ = ["EveningChanged", "Imported", "PastTheEnd", "Service", "collector_paused", "seating"]
