"""The full command line: the app with its global options and every command
group registered (the console script loads only the groups a command needs,
see ``groups.py``)."""

from __future__ import annotations

from . import backup, cup, evening, exchange, hand, merge, money, publish, report, rules, stats, tisch  # noqa: F401  (register)
from .groups import app

__all__ = ["app"]
