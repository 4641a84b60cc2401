"""`schreiber merge LEDGER`: bring the ledger of another table (a copy of
this one, written on elsewhere) back into this one."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..i18n import _
from .root import app, print_json, service

# How each kind of merged row is named in the one-line summary.
NAMES = (
    ("players", "player", "players"),
    ("evenings", "evening", "evenings"),
    ("hands", "hand", "hands"),
    ("other_entries", "other entry", "other entries"),
    ("corrections", "correction", "corrections"),
    ("status_changes", "evening closed or settled", "evenings closed or settled"),
    ("imports", "import record", "import records"),
    ("cups", "tournament", "tournaments"),
)


@app.command("merge")
def merge(
    other: Annotated[str, typer.Argument(help=_("The other ledger file (e.g. a table's copy of this one)."))],
    json_out: Annotated[bool, typer.Option("--json", help=_("Print what was merged as JSON."))] = False,
) -> None:
    """Bring in what the ledger LEDGER has and this one lacks (new evenings, hands,
    corrections), in one transaction; LEDGER itself is only read.

    Rows are matched by their ids, players also by name. Merging the same
    ledger again changes nothing. Anything both ledgers hold differently (a
    hand entered differently, the same hand corrected differently) is a
    conflict: nothing is merged. See docs/merge.md.

    Example: schreiber --db cup.db merge table2.db
    """
    counts = service().merge(Path(other).expanduser())
    if json_out:
        print_json({"from": other, "merged": any(counts.values()), **counts})
        return
    named = {key for key, _, _ in NAMES}
    parts = [f"{n} {one if n == 1 else many}" for key, one, many in NAMES if (n := counts.get(key, 0))]
    parts += [f"{n} {key.replace('_', ' ')}" for key, n in counts.items() if n and key not in named]
    typer.echo(f"merged from {other}: {', '.join(parts)}" if parts else f"nothing new in {other}")
