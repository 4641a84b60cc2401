"""What one server serves: the ledger (opened at the first request, in the
server's own thread, and kept), the keys of the corrections written while
it runs, and the language of a browser that asks for neither German nor
English (the screen's that started it)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .writes import Keys

if TYPE_CHECKING:
    from ..ledger.store import Ledger


class Served:
    def __init__(self, ledger: Path, language: str):
        self.path = ledger
        self.language = language
        self.keys = Keys()
        self._ledger: Ledger | None = None

    @property
    def ledger(self) -> Ledger:
        if self._ledger is None:
            from ..ledger.store import Ledger

            self._ledger = Ledger(self.path)
        return self._ledger

    def close(self) -> None:
        if self._ledger is not None:
            self._ledger.close()
            self._ledger = None
