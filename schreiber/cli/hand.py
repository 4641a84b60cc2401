"""`schreiber hand add`, `radl`, `undo`: entering and taking back hands."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Optional

import typer

from ..errors import SchreiberError
from . import app, ledger, print_json

hand_app = typer.Typer(help="Enter hands.", no_args_is_help=True)
app.add_typer(hand_app, name="hand")


def read_record(text: str) -> dict:
    if text == "-":
        text = sys.stdin.read()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SchreiberError(f"the hand is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno}); "
                             "see the hand record in the README") from None
    if not isinstance(data, dict):
        raise SchreiberError("the hand must be a JSON object like {\"contract\": \"rufer\", ...}")
    return data


def fmt_points(v) -> str:
    from fractions import Fraction

    v = Fraction(v)
    if v.denominator == 1:
        return f"{int(v):+d}"
    return f"{float(v):+.2f}"


@hand_app.command("add")
def add(
    json_text: Annotated[Optional[str], typer.Option("--json", help="The hand record as JSON, or '-' to read it from stdin.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing on success.")] = False,
    json_out: Annotated[bool, typer.Option("--json-out", help="Print the scored hand as JSON.")] = False,
) -> None:
    """Add one hand to the open evening.

    Example: schreiber hand add --json '{"contract": "rufer", "declarer": "Berti", "partner": "Carl", "result": "won"}'
    """
    if json_text is None:
        raise SchreiberError("give the hand: schreiber hand add --json '{\"contract\": \"rufer\", ...}'")
    record = read_record(json_text)
    led = ledger()
    number, outcome = led.add_entry({"kind": "hand", "record": record})
    if json_out:
        from ..engine import number as num

        print_json({"number": number, "payments": {p: num(v) for p, v in outcome.payments},
                    "items": [it.to_json() for it in outcome.items]})
    elif not quiet:
        pays = ", ".join(f"{p} {fmt_points(v)}" for p, v in outcome.payments)
        typer.echo(f"Hand {number}: {pays}")


@app.command("radl")
def radl() -> None:
    """Start a doubled round (Radl, e.g. the Sküsradl) with the next hand."""
    led = ledger()
    _, outcome = led.add_entry({"kind": "radl"})
    typer.echo(f"Radl: the next {outcome.state.radl_left} hands count double.")


@app.command("undo")
def undo() -> None:
    """Take back the last entry of the open evening (recorded, not erased)."""
    led = ledger()
    row = led.undo()
    what = f"hand {row['number']}" if row["kind"] == "hand" else row["kind"]
    typer.echo(f"Undone: {what} (kept in the ledger as void).")
