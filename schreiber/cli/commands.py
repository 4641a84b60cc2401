"""The full command line with every command module loaded (the console
script loads only the modules a command needs, see ``groups.py``)."""

from __future__ import annotations

from . import backup, cup, evening, export_import, hand, merge, money, publish, report, rules, serve, stats, tisch  # noqa: F401  (register)
from .groups import main_app

app = main_app()

__all__ = ["app"]
