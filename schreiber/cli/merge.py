"""`schreiber merge LEDGER`: bring the ledger of another table (a copy of
this one, written on elsewhere) back into this one."""

from __future__ import annotations

from typing import Annotated

import typer

from ..i18n import _
from .options import json_option
from .paths import user_path
from .root import COUNTED, echo, print_json, service, tell_carried


def merge(
    other: Annotated[
        str, typer.Argument(metavar=_("LEDGER"), help=_("The other ledger file (e.g. a table's copy of this one)."))
    ],
    json_out: Annotated[bool, json_option(_("Print what was merged as JSON."))] = False,
) -> None:
    """Bring in what the ledger LEDGER has and this one lacks (new evenings, hands,
    corrections), in one transaction; LEDGER itself is only read.

    Rows are matched by their ids, players also by name. Merging the same
    ledger again changes nothing. Anything both ledgers hold differently (a
    hand entered differently, the same hand corrected differently) is a
    conflict: nothing is merged. See docs/merge.md.

    Example: schreiber --db cup.db merge table2.db
    """
    svc = service()
    counts = svc.merge(user_path(other))
    tell_carried(svc)
    if json_out:
        print_json({"from": other, "merged": any(counts.values()), **counts})
        return
    parts = [name(n).format(n=n) for key, name in COUNTED.items() if (n := counts.get(key, 0))]
    parts += [f"{n} {key.replace('_', ' ')}" for key, n in counts.items() if n and key not in COUNTED]
    if parts:
        echo("\n".join(_summary(_("merged from {other}: {parts}"), other, parts)))
    else:
        echo(_("nothing new in {other}").format(other=other))


WIDTH = 80  # columns of a terminal, as every line of ours keeps
NBSP = "\u00a0"


def _summary(said: str, other: str, parts: list[str]) -> list[str]:
    """The summary on one line where it fits 80 columns, else the file on the
    first line and what came in below it, broken between parts ("3 hands")."""
    import textwrap

    head, tail = said.format(other=other, parts="\x00").split("\x00")
    line = head + ", ".join(parts) + tail
    if len(line) <= WIDTH:
        return [line]
    kept = ", ".join(p.replace(" ", NBSP) for p in parts) + tail
    lines = textwrap.wrap(kept, WIDTH, initial_indent="  ", subsequent_indent="  ", break_on_hyphens=False)
    return [head.rstrip()] + [ln.replace(NBSP, " ") for ln in lines]
