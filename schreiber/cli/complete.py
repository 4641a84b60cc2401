"""Shell completion (``schreiber --install-completion``): the players,
contracts and premiums the commands' ``autocompletion=`` callbacks offer.
Each runs in a fresh process at every Tab, so it reads as little as it can
(and never creates a ledger).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from ..domain.rules import Rules
    from ..ledger.store import Ledger


@contextlib.contextmanager
def _ledger(ctx: typer.Context) -> Iterator[Ledger | None]:
    """The ledger the command line names (--db, SCHREIBER_DB, the default),
    open while in use, if it exists; None for a path that names none
    (``~nosuchuser``, an empty HOME): nothing to offer, never an error at a Tab."""
    led = _opened(ctx)
    try:
        yield led
    finally:
        if led is not None:
            led.close()


def _opened(ctx: typer.Context) -> Ledger | None:
    from ..errors import SchreiberError
    from .paths import default_ledger_path, user_path

    db = ctx.find_root().params.get("db") or os.environ.get("SCHREIBER_DB")
    try:
        path = user_path(db) if db else default_ledger_path()
        if not path.is_file():
            return None
    except (OSError, ValueError, SchreiberError):  # no app directory (HOME empty); a name the system refuses
        return None
    from ..ledger.store import Ledger

    try:
        return Ledger(path, read_only=True)  # a Tab never writes, not even a new schema
    except Exception:  # not a ledger, locked, newer: nothing to offer, never an error at a Tab
        return None


def _matching(words: list[str], incomplete: str) -> list[str]:
    """The words that start with what is typed, in any case, completed in the case typed ("be" -> "berti")."""
    low = incomplete.casefold()
    seen: dict[str, None] = {}
    for w in words:
        if w.casefold().startswith(low):
            seen.setdefault(incomplete + w[len(incomplete) :], None)
    return list(seen)


def players(ctx: typer.Context, incomplete: str) -> list[str]:
    """Player names: those of the open evenings, else every player in the ledger."""
    with _ledger(ctx) as led:
        names = ([p for ev in led.open_evenings() for p in ev.seating] or led.player_names()) if led else []
    return _matching(names, incomplete)


def _hand(ctx: typer.Context) -> tuple[Rules, tuple[str, ...], str | None]:
    """The rules and seating of the evening the command works on (--evening N,
    else the one open evening) and the Vorhand of its next hand (None for a
    correction of hand N: that hand's is not read here); else the standard
    preset and no players."""
    from ..domain.rules import load_rules
    from ..domain.table import Table

    with _ledger(ctx) as led, contextlib.suppress(Exception):  # no such evening: the preset's words
        number = ctx.params.get("evening_id")
        opened = [] if led is None else [led.evening(number)] if number is not None else led.open_evenings()
        if led is not None and len(opened) == 1:
            ev = opened[0]
            vorhand = None if "number" in ctx.params else Table(ev.seating, led.last_state(ev).next_dealer).vorhand
            return ev.rules, ev.seating, vorhand
    return load_rules("standard"), (), None


def hand_words(ctx: typer.Context, incomplete: str) -> list[str]:
    """A word of a hand in short notation, where the line has it (as the
    table session completes it, domain.notation.follows): first the
    contract, then players, then the result, Kontra and premiums; in the
    case typed ("be" -> "berti")."""
    from ..domain.notation.follows import next_words
    from ..domain.rules import bidding_order

    rules, seating, vorhand = _hand(ctx)
    done = list(ctx.params.get("words") or [])
    if not seating:  # no evening to read the hand for: its contract alone, in the order a table bids them
        return [] if done else _matching(bidding_order(rules), incomplete)
    low = incomplete.casefold()
    offered = next_words(done, incomplete, rules, seating, vorhand)
    return [incomplete + w[len(incomplete) :] if w.casefold().startswith(low) else w for w in offered]


def known_players(ctx: typer.Context, incomplete: str) -> list[str]:
    """Every player in the ledger (a new evening's seating)."""
    with _ledger(ctx) as led:
        return _matching(led.player_names() if led else [], incomplete)


def presets(ctx: typer.Context, incomplete: str) -> list[str]:
    from ..domain.rules import PRESETS

    return _matching(list(PRESETS), incomplete)
