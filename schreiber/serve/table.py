"""A table's page, read from the ledger: the evening's sheet (the rows of
``schreiber sheet``), the standing with the Schrift beside the money
where they differ, who deals the next hand and who is Vorhand, who sits
out, the Radl, and what the tap form offers under the evening's rules.
Everything here is read in the page's language (``i18n.choose`` before),
into plain values a template shows."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..domain.evening import radl_factor
from ..domain.names import spoken_order
from ..domain.notation.follows import contract_premiums, next_words
from ..domain.rules import bidding_order
from ..domain.tournament import hands_per_round
from ..i18n import _
from ..render import alike, gain
from ..reports import sheet as sh
from ..reports import sheet_screen
from ..service import Service

if TYPE_CHECKING:
    from ..ledger.store import Ledger
    from ..ledger.stored import Evening

SUGGESTIONS = 12  # words offered under the notation's line at most


def version(led: Ledger, ev: Evening) -> str:
    """The evening's state as a page saw it: its entries and corrections
    (``Ledger.change_count``); a write that carries another is refused."""
    entries, corrections = led.change_count(ev)
    return f"{entries}.{corrections}"


def seen_of(text: str | None) -> tuple[int, int] | None:
    """The state a write carries (``version``), or None where it is none."""
    entries, dot, corrections = (text or "").partition(".")
    if not (dot and entries.isascii() and entries.isdigit() and corrections.isascii() and corrections.isdigit()):
        return None
    if len(entries) > 9 or len(corrections) > 9:
        return None
    return int(entries), int(corrections)


def cup_place(led: Ledger, ev: Evening) -> dict[str, Any] | None:
    """At a cup table: the cup, round, table, the round's hands and those entered."""
    found = led.cups.table_of_evening(ev.id)
    if found is None:
        return None
    cup, table = found
    target = hands_per_round(len(table.players), cup.hands, cup.hands_five)
    return {"name": cup.name, "id": cup.id, "round": table.round, "rounds": cup.rounds, "table": table.table_no,
            "target": target, "hands": table.hands, "done": table.hands >= target or table.paper}  # fmt: skip


def next_round(led: Ledger, ev: Evening, place: dict[str, Any] | None) -> tuple[int, int, int] | None:
    """Once the next round is drawn: (round, table, evening) of the table of
    the same number in it (the phone at that table goes on there)."""
    if place is None:
        return None
    later = [t for t in led.cups.tables(place["id"]) if t.round == place["round"] + 1]
    same = next((t for t in later if t.table_no == place["table"]), None)
    return (same.round, same.table_no, same.evening_id) if same else None


def next_hand(led: Ledger, ev: Evening) -> dict[str, Any]:
    """Who deals the next hand (its number), the Vorhand, who sits out, the
    Radl running, and whether the evening is past its end."""
    nxt = Service(led).next_hand(ev)
    t, state, rules = nxt.table, nxt.state, ev.rules
    radl = None
    if state.doubled_left:
        radl = {"factor": radl_factor(rules, state), "left": state.doubled_left, "final": bool(state.final)}
    return {"number": nxt.number, "dealer": t.dealer, "vorhand": t.vorhand,
            "out": [p for p in ev.seating if p not in t.active], "radl": radl,
            "at_end": ev.is_open and led.at_end(ev, state)}  # fmt: skip


def standing(led: Ledger, ev: Evening, cup: bool) -> dict[str, Any]:
    """Each player's money, and the Schrift beside it where the rules keep
    it apart and it differs (at a cup table always: the cup ranks by it)."""
    money = led.balance(ev.id)
    written: dict[str, Fraction] | None = None
    if ev.rules.schrift_kontra != "all":
        written = led.balance(ev.id, schrift=True)
        if written == money and not cup:
            written = None
    with alike([*money.values(), *(written or {}).values()]):
        rows = [{"player": p, "money": gain(money.get(p, Fraction(0))),
                 "schrift": gain(written.get(p, Fraction(0))) if written is not None else None}
                for p in ev.seating]  # fmt: skip
    return {"rows": rows, "schrift": written is not None}


def sheet(led: Ledger, ev: Evening) -> dict[str, Any]:
    """The sheet's rows as ``schreiber sheet`` writes them (its wide form's
    cells), each with the reference to type to take it back."""
    rows, _totals, rules = sh.build(led.sheet_lines(ev), ev)
    headers, body = sheet_screen.table_rows(rows, ev.seating, rules)
    n = len(ev.seating)
    out = []
    for r, cells in zip(rows, body):
        game = " ".join(str(c) for c in cells[2:4] if c)
        partner = str(cells[4])
        if partner:
            game += f" + {partner}"
        out.append({"ref": cells[0], "dealer": cells[1], "game": game, "result": str(cells[5]),
                    "cells": [str(c) for c in cells[6 : 6 + n]], "note": str(cells[6 + n]),
                    "extra": [f"{h}: {c}" for h, c in zip(headers[7 + n :], cells[7 + n :]) if c != ""],
                    "void": r.void, "kind": r.kind})  # fmt: skip
    return {"headers": headers, "rows": out, "players": list(ev.seating)}


def form_choices(ev: Evening, vorhand: str) -> dict[str, Any]:
    """What the tap form offers: the contracts in the order a table bids
    them, the premiums each allows, the Kontra levels of the rules."""
    return dict(_choices(ev.rules_json), players=list(ev.seating), vorhand=vorhand)


@lru_cache(maxsize=64)
def _choices(rules_json: str) -> dict[str, Any]:
    """The tap form's choices under one evening's rules (read once a server: a page is shown often)."""
    from ..ledger.stored import stored_rules

    rules = stored_rules(rules_json)
    contracts = []
    for cid in bidding_order(rules):
        c = rules.active_contracts[cid]
        contracts.append({"id": cid, "name": c.name, "kind": c.kind, "call": c.call, "vorhand": c.vorhand,
                          "premiums": contract_premiums(rules, c)})  # fmt: skip
    premiums = [{"id": p, "name": rules.premiums[p].name} for p in spoken_order(rules.active_premiums)]
    return {"contracts": contracts, "premiums": premiums, "levels": list(rules.kontra_levels),
            "each_kontra": rules.trischaken_kontra}  # fmt: skip


def suggestions(led: Ledger, ev: Evening, line: str) -> list[str]:
    """The words the short notation reads next on ``line`` (its own
    ``follows``, as tab completion at the terminal offers them)."""
    words = line.split(" ")
    done, word = [w for w in words[:-1] if w], words[-1]
    if len(line) > 300 or len(done) > 40:
        return []
    t = Service(led).next_hand(ev).table
    return next_words(done, word, ev.rules, ev.seating, t.vorhand)[:SUGGESTIONS]


def explained(led: Ledger, ev: Evening, number: int) -> str | None:
    """Every item of hand ``number`` (``sheet --explain N``), or None where there is no such hand."""
    from ..service.rescored import hand_items

    lines = led.hand_lines(ev, number)
    if not lines:
        return None
    before = led.last_state(ev, before_seq=lines[0].entry.seq)
    rows = [r for r in sh.hand_rows(lines, ev, before) if r.number == number and r.kind == "hand"]
    if not rows:
        return None
    return "\n\n".join(sheet_screen.explain(r, [] if r.void else hand_items(led, ev, number)) for r in rows)


def settlement(led: Ledger, ev: Evening) -> str:
    """``schreiber settle``: points x tarif, rounded once, and who pays whom (nothing written)."""
    from ..reports.settlement import settle_evening, to_text

    return to_text(settle_evening(ev, led.balance(ev.id), led.last_state(ev).radl_left), ev)


def heading(ev: Evening, place: dict[str, Any] | None) -> str:
    """What the page is headed with: the cup, round and table, or the evening."""
    if place is not None:
        return _("{cup}, round {round}, Tisch {table}").format(
            cup=place["name"], round=place["round"], table=place["table"]
        )
    return _("Evening {n}, {date}, {preset}").format(n=ev.id, date=ev.date, preset=ev.rules.preset)


def hand_said(number: int, payments: Iterable[tuple[str, Fraction | int]]) -> str:
    """A hand entered, as the page says it: its number and each player's points."""
    from ..render import player_points

    return _("Hand {number}: {player_points}").format(number=number, player_points=player_points(payments))
