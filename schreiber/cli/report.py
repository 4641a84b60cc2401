"""`schreiber balance`: what the open evening stands at."""

from __future__ import annotations

from typing import Annotated

import typer

from . import app, ledger, print_json


def show_default() -> None:
    """Without a command: the open evening's balance, or how to start one."""
    led = ledger()
    rows = list(led.db.query("select * from evenings where status = 'open' order by id desc limit 1"))
    if not rows:
        typer.echo(f"Ledger: {led.path}\nNo evening is open. Start one with:\n"
                   "  schreiber evening start Anna Berti Carl Dora --rules standard\n"
                   "Then enter hands with schreiber hand add, see schreiber --help.")
        return
    _print_balance(led, rows[0])


def _print_balance(led, ev) -> None:
    from .hand import fmt_points

    totals = led.balance(ev["id"])
    typer.echo(f"Evening {ev['id']} ({ev['date']}, {ev['preset']}):")
    for p, v in totals.items():
        typer.echo(f"  {p:<12} {fmt_points(v):>8}")


@app.command("balance")
def balance(json_out: Annotated[bool, typer.Option("--json", help="Print JSON: player -> points.")] = False) -> None:
    """Running totals of the open evening, in points."""
    from ..engine import number

    led = ledger()
    ev = led.open_evening()
    if json_out:
        print_json({p: number(v) for p, v in led.balance(ev["id"]).items()})
    else:
        _print_balance(led, ev)
