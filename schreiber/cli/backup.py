"""`schreiber backup PATH`: a consistent copy of the ledger, safe while others write."""

from __future__ import annotations

from typing import Annotated

import typer

from ..errors import SchreiberError
from .root import app, db_path, ledger


@app.command("backup")
def backup(
    path: Annotated[str, typer.Argument(help="File to write the copy to (or a folder: a dated file in it).")],
    force: Annotated[bool, typer.Option("--force", help="Replace PATH if it already exists.")] = False,
) -> None:
    """Copy the ledger to PATH with SQLite's online backup (safe while hands are being added).

    Restore: while nobody writes, copy the backup over the ledger, or use it
    directly with --db PATH (see docs/backup.md).

    Example: schreiber backup ~/tarock-backup.db
    """
    if not db_path().exists():
        raise SchreiberError(f"there is no ledger at {db_path()} yet; nothing to back up")
    from ..ledger.store import backup_counts

    led = ledger()
    target = led.backup(path, overwrite=force)
    led.close()
    evenings, hands = backup_counts(target)  # what the copy holds, not what the ledger holds by now
    typer.echo(f"Backed up {led.path} to {target}: {evenings} evening(s), {hands} hand(s).")
