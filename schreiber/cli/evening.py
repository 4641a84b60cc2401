"""`schreiber evening ...`: start, list, close and reopen evenings."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from .inputs import parse_date, parse_tarif
from .root import app, ledger, print_json, service

evening_app = typer.Typer(help="Start, list, close and reopen evenings.", no_args_is_help=True)
app.add_typer(evening_app, name="evening")


@evening_app.command("start")
def start(
    players: Annotated[list[str], typer.Argument(help="4 or 5 players in seating order (direction of play).")],
    rules: Annotated[
        str,
        typer.Option(
            "--rules", help="Preset (standard, tirol, hausrunde, gumpoldskirchen, lungau) or a rules .toml file."
        ),
    ] = "standard",
    rule: Annotated[
        list[str] | None, typer.Option("--rule", help="Override one house rule: KEY=VALUE (e.g. pagatkassa=3).")
    ] = None,
    date: Annotated[
        str | None, typer.Option("--date", help="Date of the evening, YYYY-MM-DD (default: today).")
    ] = None,
    dealer: Annotated[
        str | None, typer.Option("--dealer", help="Who deals the first hand (default: the first listed).")
    ] = None,
    tarif: Annotated[
        str | None, typer.Option("--tarif", help="Money per point, e.g. 0.10 (euro) (default: the preset's).")
    ] = None,
) -> None:
    """Start an evening; any open evening is closed.

    Example: schreiber evening start Anna Berti Carl Dora --rules tirol --rule pagatkassa=3
    """
    from ..domain.rules import load_rules
    from ..service import seating
    from .rules import resolve

    names, _ = seating(players)
    r = load_rules(resolve(rules), rule or [])
    seating(names, dealer)  # a dealer who is not at the table: said before the ledger is opened
    tarif_cents = parse_tarif(tarif) if tarif else None
    started = service().start_evening(names, r, parse_date(date), dealer, tarif_cents)
    for ev in started.closed:
        typer.echo(
            f"Evening {ev.id} ({ev.date}) was still open and is now closed "
            f"(schreiber evening reopen {ev.id} to go back to it)."
        )
    typer.echo(
        f"Evening {started.evening_id} started under {r.preset}: {', '.join(names)}. "
        f"{started.dealer} deals the first hand."
    )
    if started.pot:
        typer.echo(f"Pagat pot carried over from evening {started.pot_from}: {started.pot} points.")


@evening_app.command("list")
def list_evenings(json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the evenings in the ledger."""
    data: list[dict[str, Any]] = [
        {"id": ev.id, "date": ev.date, "rules": ev.preset, "players": list(ev.seating), "status": ev.status}
        for ev in ledger().evenings()
    ]
    if json_out:
        print_json(data)
        return
    if not data:
        typer.echo("No evenings yet. Start one with: schreiber evening start NAME NAME NAME NAME")
        return
    for d in data:
        typer.echo(f"{d['id']:>4}  {d['date']}  {d['rules']:<16} {d['status']:<7} {', '.join(d['players'])}")


@evening_app.command("close")
def close() -> None:
    """Close (lock) the open evening; it refuses new hands until reopened."""
    ev = service().close_evening()
    typer.echo(f"Evening {ev.id} ({ev.date}) is closed.")


@evening_app.command("reopen")
def reopen(
    evening_id: Annotated[int, typer.Argument(help="The evening's number (see schreiber evening list).")],
) -> None:
    """Reopen a closed evening so hands can be added again."""
    ev = service().reopen_evening(evening_id)
    typer.echo(f"Evening {evening_id} ({ev.date}) is open again.")
