"""The ledger: the only package that touches SQLite.

``store.Ledger`` is its one door: every read and write of the file goes
through it; ``connection`` opens (and refuses) files and migrates them,
``migrations`` holds the schema, ``codec`` turns rows into the typed values
of ``stored``, ``hand_rows`` and ``rollups`` write the rows a hand leaves
and ``statistics`` reads them, ``cup_book`` keeps the cups, ``merge``
brings in another ledger, ``export``, ``backup`` and ``publish`` take data
out, ``targets`` guards the files a command writes, ``errors`` says what
went wrong in the ledger's own terms.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar


class Opened:
    """What this process did with ledger files, on the class every
    ``store.Ledger`` is: the ledger opened last (what an SQLite error is
    about), the one written last (what the line after Ctrl-C says), those
    to be made once the command has succeeded (``make_missing_files``),
    ``on_migrate(ledger, copy)``, told before a migration (minutes for a
    very large ledger), and ``by_sqlite``, the files SQLite has open here
    (their header is not read by hand again). Here, not in ``store``, so
    a command that opens no ledger does not import it."""

    last: ClassVar[Path | None] = None
    written: ClassVar[Path | None] = None
    unmade: ClassVar[list[Opened]] = []
    on_migrate: ClassVar[Callable[[Path, Path], None] | None] = None
    by_sqlite: ClassVar[set[str]] = set()

    def make_file(self) -> None:
        """Where there is no ledger file yet, make it (``store.Ledger``)."""

    @classmethod
    def make_missing_files(cls) -> None:
        """Once a command has succeeded (a failed one leaves no file): each
        missing or empty ledger file it opened made with the current schema."""
        while cls.unmade:
            cls.unmade.pop(0).make_file()
