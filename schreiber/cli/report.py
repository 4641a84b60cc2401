"""`schreiber balance`: what the open evening stands at."""

from __future__ import annotations

from typing import Annotated, Optional

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
    from ..domain.engine import number

    led = ledger()
    ev = led.open_evening()
    if json_out:
        print_json({p: number(v) for p, v in led.balance(ev["id"]).items()})
    else:
        _print_balance(led, ev)


@app.command("sheet")
def sheet(
    explain: Annotated[Optional[int], typer.Option("--explain", help="Itemize hand N: every item, base value, multipliers.")] = None,
    fmt: Annotated[str, typer.Option("--fmt", help="Table format: any tabulate format (simple, github, grid, ...).")] = "simple",
    json_out: Annotated[bool, typer.Option("--json", help="Print the sheet as JSON.")] = False,
    csv_out: Annotated[bool, typer.Option("--csv", help="Print the sheet as CSV.")] = False,
    evening_id: Annotated[Optional[int], typer.Option("--evening", help="Another evening than the open one.")] = None,
) -> None:
    """The score sheet (Schrift) of the open evening: every hand, running totals, marks.

    Example: schreiber sheet --explain 3
    """
    from ..reports import sheet as sh
    from ..errors import SchreiberError
    from ..render import csv_text, table

    led = ledger()
    ev = led.evening(evening_id) if evening_id else led.open_evening()
    rows, totals, rules = sh.build(led, ev)
    players = led.seating(ev)
    if explain is not None:
        match = [r for r in rows if r.number == explain and r.kind == "hand"]
        if not match:
            raise SchreiberError(f"there is no hand {explain} on this sheet; hands: "
                                 + (", ".join(str(r.number) for r in rows if r.kind == "hand") or "none yet"))
        if json_out:
            print_json([{"number": r.number, "void": r.void, "items": r.items} for r in match])
        else:
            typer.echo("\n\n".join(sh.explain(r) for r in match))
        return
    if json_out:
        print_json(sh.to_json(rows, totals, ev, rules))
        return
    headers, body = sh.table_rows(rows, players, rules)
    if csv_out:
        typer.echo(csv_text(headers, body), nl=False)
        return
    typer.echo(f"Evening {ev['id']}, {ev['date']}, {rules.preset}")
    if not body:
        typer.echo("No hands yet.")
    else:
        typer.echo(table(headers, body, fmt))
    from .hand import fmt_points

    typer.echo("Stand: " + ", ".join(f"{p} {fmt_points(v)}" for p, v in totals.items()))
    written = sh.written_totals(rows)
    if written is not None:
        typer.echo("Schrift (nur einfaches Kontra): " + ", ".join(f"{p} {fmt_points(v)}" for p, v in written.items()))
    typer.echo(_next_line(led, ev, rules))


def _next_line(led, ev, rules) -> str:
    """Who deals next, who is Vorhand, how many doubled hands remain."""
    from ..domain.table import Table

    state = led._last_state(ev, rules)
    t = Table(led.seating(ev), state.next_dealer)
    line = f"Next: {t.dealer} deals, {t.vorhand} is Vorhand"
    if state.radl_left:
        line += f"; {state.radl_left} doubled hand{'s' if state.radl_left != 1 else ''} to go"
    if rules.holz and any(n for _, n in state.holz):
        line += "; Holz: " + ", ".join(f"{p} {n}" for p, n in state.holz if n)
    if rules.pagatkassa:
        from ..render import cell

        line += f"; Pagatkassa {cell(state.pot)}"
    return line
