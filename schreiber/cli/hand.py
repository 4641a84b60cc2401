"""`schreiber hand add`, `radl`, `undo`: entering and taking back hands."""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from ..errors import SchreiberError
from . import app, ledger, print_json

hand_app = typer.Typer(help="Enter hands.", no_args_is_help=True)
app.add_typer(hand_app, name="hand")


from .entry import fmt_points, notation_record, read_record  # noqa: E402  (shared with the fast path)


@hand_app.command("add", context_settings={"ignore_unknown_options": True})
def add(
    words: Annotated[Optional[list[str]], typer.Argument(help="The hand in short notation, e.g.: rufer berti carl +")] = None,
    json_text: Annotated[Optional[str], typer.Option("--json", help="The hand record as JSON, or '-' to read it from stdin.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing on success.")] = False,
    json_out: Annotated[bool, typer.Option("--json-out", help="Print the scored hand as JSON.")] = False,
) -> None:
    """Add one hand to the open evening: in short notation, as JSON, or step by step.

    Examples:
      schreiber hand add rufer berti carl + pagat!
      schreiber hand add --json '{"contract": "rufer", "declarer": "Berti", "partner": "Carl", "result": "won"}'
      schreiber hand add          (asks step by step)
    """
    led = ledger()
    if json_text is not None and words:
        raise SchreiberError("give the hand either in notation or with --json, not both")
    if json_text is not None:
        record = read_record(json_text)
    elif words:
        record = notation_record(led, words)
    elif sys.stdin.isatty():
        from .guided import ask_hand

        record = ask_hand(led)
    else:
        raise SchreiberError("give the hand: schreiber hand add rufer berti carl +  (or --json '{...}')")
    number, outcome = led.add_entry({"kind": "hand", "record": record})
    if json_out:
        from ..domain.engine import number as num

        print_json({"number": number, "payments": {p: num(v) for p, v in outcome.payments},
                    "items": [it.to_json() for it in outcome.items]})
    elif not quiet:
        pays = ", ".join(f"{p} {fmt_points(v)}" for p, v in outcome.payments)
        typer.echo(f"Hand {number}: {pays}")


@app.command("radl")
def radl(
    dealer: Annotated[Optional[str], typer.Option("--dealer", help="Start at this player's deal (e.g. who held the Sküs).")] = None,
) -> None:
    """Start a doubled round (Radl, e.g. the Sküsradl) with the next hand.

    Example: schreiber radl --dealer Carl
    """
    led = ledger()
    entry = {"kind": "radl"}
    if dealer:
        entry["player"] = pick_player(led.seating(led.open_evening()), dealer)
    _, outcome = led.add_entry(entry)
    typer.echo(f"Radl: the next {outcome.state.radl_left} hands count double; {outcome.state.next_dealer} deals.")


def pick_player(names: tuple[str, ...], word: str) -> str:
    """A player by name or unique prefix, case-insensitive."""
    w = word.strip().casefold()
    match = [p for p in names if p.casefold() == w] or [p for p in names if p.casefold().startswith(w)]
    if len(match) != 1:
        which = f"'{word}' could be {', '.join(match)}" if match else f"unknown player '{word}'"
        raise SchreiberError(f"{which}; the evening's players are {', '.join(names)}")
    return match[0]


@app.command("undo")
def undo(
    entry: Annotated[bool, typer.Option("--entry", help="Take back the last entry of any kind (a Radl, a redeal, a Strafpunkt).")] = False,
) -> None:
    """Take back the last hand of the open evening (recorded, not erased)."""
    led = ledger()
    row = led.undo(any_entry=entry)
    what = f"hand {row['number']}" if row["kind"] == "hand" else row["kind"]
    typer.echo(f"Undone: {what} (kept in the ledger as void).")


@hand_app.command("void")
def void(number: Annotated[int, typer.Argument(help="The hand's number on the sheet.")]) -> None:
    """Void hand N: it stays on the sheet, marked, and counts nothing; later hands are re-scored."""
    led = ledger()
    led.void(number)
    typer.echo(f"Hand {number} voided (kept on the sheet).")


@hand_app.command("edit", context_settings={"ignore_unknown_options": True})
def edit(
    number: Annotated[int, typer.Argument(help="The hand's number on the sheet.")],
    words: Annotated[Optional[list[str]], typer.Argument(help="The corrected hand in short notation.")] = None,
    json_text: Annotated[Optional[str], typer.Option("--json", help="The corrected hand record, or '-' for stdin.")] = None,
) -> None:
    """Correct hand N: recorded as void plus replacement; later hands are re-scored.

    Examples:
      schreiber hand edit 3 rufer berti carl -
      schreiber hand edit 3 --json '{"contract": "rufer", "declarer": "Berti", "partner": "Carl", "result": "lost"}'
    """
    led = ledger()
    if json_text is not None:
        record = read_record(json_text)
    elif words:
        record = edit_notation_record(led, number, words)
    else:
        raise SchreiberError("give the corrected hand: schreiber hand edit N rufer berti carl +  (or --json '{...}')")
    outcome = led.edit(number, record)
    pays = ", ".join(f"{p} {fmt_points(v)}" for p, v in outcome.payments)
    typer.echo(f"Hand {number} corrected: {pays}")


def edit_notation_record(led, number: int, words: list[str]) -> dict:
    """Notation for a correction: read with the dealer the original hand had."""
    import json as _json

    from ..domain.notation import parse_notation
    from ..domain.table import Table

    ev = led.open_evening()
    row = led._hand_row(ev, number)
    dealer = (_json.loads(row["record_json"]) or {}).get("dealer")
    players = led.seating(ev)
    vorhand = Table(players, dealer).vorhand if dealer in players else None
    record = parse_notation(list(words), led.rules(ev), players, vorhand)
    if dealer and "dealer" not in record:
        record["dealer"] = dealer
    return record


@app.command("redeal")
def redeal() -> None:
    """Record a redeal (zusammenschlagen): no payments, the same dealer deals again."""
    led = ledger()
    _, outcome = led.add_entry({"kind": "redeal"})
    typer.echo(f"Redeal recorded; {outcome.dealer} deals again.")


@app.command("strafpunkt")
def strafpunkt(player: Annotated[str, typer.Argument(help="Who gets the penalty point.")]) -> None:
    """A penalty point (Strafpunkt): the player pays the rule's value to each other player."""
    led = ledger()
    ev = led.open_evening()
    who = pick_player(led.seating(ev), player)
    _, outcome = led.add_entry({"kind": "strafpunkt", "player": who})
    typer.echo(f"Strafpunkt for {who}: " + ", ".join(f"{p} {fmt_points(v)}" for p, v in outcome.payments))


player_app = typer.Typer(help="Players across evenings.", no_args_is_help=True)
app.add_typer(player_app, name="player")


@player_app.command("list")
def player_list() -> None:
    """Every player in the ledger, with the number of evenings."""
    led = ledger()
    for name, n in led.db.execute(
            "select p.name, count(ep.evening_id) from players p left join evening_players ep on ep.player_id = p.id "
            "group by p.id order by p.name"):
        typer.echo(f"{name:<20} {n} evening{'s' if n != 1 else ''}")


@player_app.command("rename")
def player_rename(old: Annotated[str, typer.Argument()], new: Annotated[str, typer.Argument()]) -> None:
    """Rename a player everywhere (the same person; figures unchanged)."""
    led = ledger()
    n = led.rename_player(old, new)
    typer.echo(f"{old} is now {new} ({n} evening{'s' if n != 1 else ''}).")
