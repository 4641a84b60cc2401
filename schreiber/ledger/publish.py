"""The ledger made ready for Datasette: opened as every command opens it
(refused if no ledger, migrated if older) and, for a reader that opens it
``--immutable`` and never reads the write-ahead log, that log written into
the file."""

from __future__ import annotations

from pathlib import Path

from .store import Ledger


def flush(path: Path, checkpoint: bool = True) -> bool:
    """Open the ledger and, with ``checkpoint``, move the write-ahead log
    into the file. False if another process was writing and some of it
    stayed behind (a reader of the log sees it all)."""
    led = Ledger(path)
    try:
        if not checkpoint:
            return True
        busy, _, _ = led.db.conn.execute("pragma wal_checkpoint(TRUNCATE)").fetchone()
    finally:
        led.close()
    return not busy
