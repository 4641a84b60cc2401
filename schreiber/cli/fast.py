"""The hot path of the table: ``schreiber [--db PATH] hand add ...`` in its
plain forms, without building the typer command tree.

Building the whole command tree (typer, every option's converter) costs
more than the hand itself, so the plain forms (``--json TEXT``, ``--json -``,
short notation, ``-q``, ``--evening N``, ``--db PATH``, ``--lang de``) are read here and
handed to the same service as the full command line (``commands.py``); every
other form (``--help`` among them, or an ``--evening`` that is not a number)
returns None and goes to the full command line.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable


def fast_hand_add(argv: list[str]) -> Callable[[], None] | None:
    """The plain forms of `hand add` as a command to run, or None."""
    if os.environ.get("_SCHREIBER_COMPLETE"):
        return None  # shell completion (typer's): the full command line answers it
    given, args = leading_options(argv)
    db = given.get("--db")
    if args[:2] != ["hand", "add"]:
        return None
    parsed = _hand_add_args(args[2:])
    if parsed is None:
        return None
    json_text, quiet, evening, words = parsed

    def run() -> None:
        from ..ledger.store import Ledger
        from ..render import player_points
        from ..service import Service
        from .inputs import read_record
        from .paths import ledger_path

        svc = Service(Ledger(*ledger_path(db)))
        record = read_record(json_text) if json_text is not None else svc.read_notation(words, evening)
        added = svc.add_hand(record, evening)
        if not quiet:
            sys.stdout.write(f"Hand {added.number}: {player_points(added.outcome.payments)}\n")
        if svc.carried:  # the hand went into an evening whose Pagat pot later evenings carry on
            from .root import tell_carried

            tell_carried(svc)

    return run


GLOBAL_OPTIONS = ("--db", "--lang")  # the root's options that take a value (groups.py)


def leading_options(argv: list[str]) -> tuple[dict[str, str], list[str]]:
    """The global options with a value before the command (``--db PATH``,
    ``--lang de``, each also as ``--db=PATH``), and the rest of the line."""
    given: dict[str, str] = {}
    args = list(argv)
    while args:
        name, eq, value = args[0].partition("=")
        if name not in GLOBAL_OPTIONS or name in given:
            break
        if eq:
            given[name], args = value, args[1:]
        elif len(args) > 1:
            given[name], args = args[1], args[2:]
        else:
            break
    return given, args


def _hand_add_args(rest: list[str]) -> tuple[str | None, bool, int | None, list[str]] | None:
    """(--json text, quiet, --evening number, notation words) of the plain forms, else None."""
    json_text, quiet, evening, words = None, False, None, []
    i = 0
    while i < len(rest):
        a = rest[i]
        if a in ("--json", "--evening") and i + 1 < len(rest):
            value, i = rest[i + 1], i + 2
        elif a.startswith(("--json=", "--evening=")):
            a, _, value = a.partition("=")
            i += 1
        else:
            if a in ("-q", "--quiet"):
                quiet = True
            elif a == "-" or not a.startswith("-"):
                words.append(a)
            else:
                return None  # --help, --json-out, anything unknown: the full command line
            i += 1
            continue
        if a == "--json" and json_text is None:
            json_text = value
        elif a == "--evening" and evening is None and _is_number(value):
            evening = int(value)
        else:
            return None  # given twice, or not a number: the full command line says what is wrong
    if (json_text is None) == (not words):
        return None  # neither or both: guided entry or the full error message
    return json_text, quiet, evening, words


def _is_number(text: str) -> bool:
    return text.isascii() and text.isdigit()
