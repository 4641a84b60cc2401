"""The ledger made ready for a reader that opens it immutable (Datasette
``--immutable``): such a reader never looks at the write-ahead log, so the
hands still in it must first be written into the file itself."""

from __future__ import annotations

from pathlib import Path

from .store import Ledger


def flush(path: Path) -> bool:
    """Open the ledger (migrating an older schema, so every view exists) and
    move the write-ahead log into the file. False if another process was
    writing and some of it stayed behind (a reader of the log sees it all)."""
    led = Ledger(path)
    try:
        busy, _, _ = led.db.conn.execute("pragma wal_checkpoint(TRUNCATE)").fetchone()
    finally:
        led.close()
    return not busy
