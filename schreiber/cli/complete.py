"""Shell completion (``schreiber --install-completion``): the players,
contracts and premiums the commands' ``autocompletion=`` callbacks offer.
Each runs in a fresh process at every Tab, so it reads as little as it can
(and never creates a ledger).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from ..domain.rules import Rules
    from ..ledger.store import Ledger


def _ledger(ctx: typer.Context) -> Ledger | None:
    """The ledger the command line names (--db, SCHREIBER_DB, the default), if it exists."""
    from .paths import default_ledger_path

    db = ctx.find_root().params.get("db") or os.environ.get("SCHREIBER_DB")
    path = Path(db).expanduser() if db else default_ledger_path()
    if not path.is_file():
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
    led = _ledger(ctx)
    if led is None:
        return []
    try:
        names = [p for ev in led.open_evenings() for p in ev.seating] or led.player_names()
    finally:
        led.close()
    return _matching(names, incomplete)


def _rules(ctx: typer.Context) -> tuple[Rules, tuple[str, ...]]:
    """The rules and seating of the evening the command works on (--evening N,
    else the one open evening), else the standard preset and no players."""
    from ..domain.rules import load_rules

    led = _ledger(ctx)
    if led is not None:
        try:
            number = ctx.params.get("evening_id")
            opened = [led.evening(number)] if number is not None else led.open_evenings()
            if len(opened) == 1:
                return opened[0].rules, opened[0].seating
        except Exception:  # no such evening: the preset's words
            pass
        finally:
            led.close()
    return load_rules("standard"), ()


def contracts(rules: Rules) -> list[str]:
    """In the order a table bids them, the Rufer first (as guided entry lists them)."""
    from ..domain.rules import bidding_order

    return bidding_order(rules)


def premiums(rules: Rules) -> list[str]:
    """Each premium as the notation writes it: won, announced (!), the opponents' (geg:)."""
    out = []
    for p in rules.active_premiums:
        out += [p, p + "!", "geg:" + p]
    return out


def hand_words(ctx: typer.Context, incomplete: str) -> list[str]:
    """A word of a hand in short notation: first the contract, then players,
    results, Kontra and premiums."""
    rules, seating = _rules(ctx)
    if not ctx.params.get("words"):
        return _matching(contracts(rules), incomplete)
    extra = ["+", "-", "talon", "selbst", *rules.kontra_levels]
    return _matching([*seating, *extra, *premiums(rules)], incomplete)


def known_players(ctx: typer.Context, incomplete: str) -> list[str]:
    """Every player in the ledger (a new evening's seating)."""
    led = _ledger(ctx)
    if led is None:
        return []
    try:
        return _matching(led.player_names(), incomplete)
    finally:
        led.close()


def presets(ctx: typer.Context, incomplete: str) -> list[str]:
    from ..domain.rules import PRESETS

    return _matching(list(PRESETS), incomplete)
