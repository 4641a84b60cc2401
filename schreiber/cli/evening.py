"""`schreiber evening ...`: start, list, close and reopen evenings."""

from __future__ import annotations

import datetime as _dt
from typing import Annotated, Optional

import typer

from ..errors import SchreiberError
from . import app, ledger, print_json

evening_app = typer.Typer(help="Start, list, close and reopen evenings.", no_args_is_help=True)
app.add_typer(evening_app, name="evening")


def parse_date(text: Optional[str]) -> str:
    if not text:
        return _dt.date.today().isoformat()
    try:
        return _dt.date.fromisoformat(text).isoformat()
    except ValueError:
        import pendulum

        try:
            return pendulum.parse(text, strict=False).date().isoformat()
        except Exception:
            raise SchreiberError(f"date '{text}' is not a date; write it as YYYY-MM-DD, e.g. 2026-11-21") from None


def check_players(players: list[str]) -> tuple[str, ...]:
    names = tuple(p.strip() for p in players)
    if len(names) not in (4, 5):
        raise SchreiberError(f"Königrufen is played by 4 or 5 players, not {len(names)}; list them in seating order")
    if any(not n for n in names):
        raise SchreiberError("a player's name is empty")
    folded = [n.casefold() for n in names]
    dup = next((n for n in names if folded.count(n.casefold()) > 1), None)
    if dup:
        raise SchreiberError(f"{dup} is listed twice; every player sits once")
    return names


@evening_app.command("start")
def start(
    players: Annotated[list[str], typer.Argument(help="4 or 5 players in seating order (direction of play).")],
    rules: Annotated[str, typer.Option("--rules", help="Preset (standard, tirol, hausrunde, gumpoldskirchen, lungau) or a rules .toml file.")] = "standard",
    rule: Annotated[Optional[list[str]], typer.Option("--rule", help="Override one house rule: KEY=VALUE (e.g. pagatkassa=3).")] = None,
    date: Annotated[Optional[str], typer.Option("--date", help="Date of the evening, YYYY-MM-DD (default: today).")] = None,
    dealer: Annotated[Optional[str], typer.Option("--dealer", help="Who deals the first hand (default: the first listed).")] = None,
    tarif: Annotated[Optional[str], typer.Option("--tarif", help="Money per point, e.g. 0.10 (euro) (default: the preset's).")] = None,
) -> None:
    """Start an evening; any open evening is closed.

    Example: schreiber evening start Anna Berti Carl Dora --rules tirol --rule pagatkassa=3
    """
    from ..domain.rules import RulesError, load_rules

    from .rules import resolve

    names = check_players(players)
    try:
        r = load_rules(resolve(rules), rule or [])
    except RulesError as exc:
        raise SchreiberError(str(exc)) from None
    if dealer is not None:
        match = [p for p in names if p.casefold() == dealer.strip().casefold()]
        if not match:
            raise SchreiberError(f"dealer '{dealer}' is not at the table; players: {', '.join(names)}")
        dealer = match[0]
    tarif_cents = parse_tarif(tarif) if tarif else None
    led = ledger()
    from ..reports.settlement import carried_pot  # the circle's Pagat pot (pagatkassa_end=carry)

    pot, pot_from = carried_pot(led, names, parse_date(date)) if r.pagatkassa else (0, None)
    still_open = list(led.db.query("select id, date from evenings where status = 'open'"))
    eid = led.start_evening(names, r, parse_date(date), dealer, tarif_cents, start_pot=pot)
    first = dealer or names[0]
    for ev in still_open:
        typer.echo(f"Evening {ev['id']} ({ev['date']}) was still open and is now closed "
                   f"(schreiber evening reopen {ev['id']} to go back to it).")
    typer.echo(f"Evening {eid} started under {r.preset}: {', '.join(names)}. {first} deals the first hand.")
    if pot:
        typer.echo(f"Pagat pot carried over from evening {pot_from}: {pot} points.")


def parse_tarif(text: str) -> int:
    """'0.10', '10c', '10 ct' -> cents."""
    from decimal import Decimal, InvalidOperation

    t = text.strip().lower().replace("€", "").replace("eur", "").replace(",", ".").strip()
    cents = t.endswith(("c", "ct", "cent"))
    t = t.rstrip("centt ").strip() if cents else t
    try:
        d = Decimal(t)
    except InvalidOperation:
        raise SchreiberError(f"tarif '{text}' is not an amount; write e.g. 0.10 (euro) or 10c") from None
    value = d if cents else d * 100
    if value != value.to_integral_value() or value < 0:
        raise SchreiberError(f"tarif '{text}' must be a whole number of cents, e.g. 0.10 or 10c")
    return int(value)


@evening_app.command("list")
def list_evenings(json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the evenings in the ledger."""
    led = ledger()
    rows = list(led.db.query("select id, date, preset, seating_json, status from evenings order by id"))
    import json as _json

    data = [{"id": r["id"], "date": r["date"], "rules": r["preset"], "players": _json.loads(r["seating_json"]),
             "status": r["status"]} for r in rows]
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
    from ..ledger.store import now_utc

    led = ledger()
    with led.write() as db:
        ev = led.open_evening()
        db.execute("update evenings set status = 'closed', closed_utc = ? where id = ?", [now_utc(), ev["id"]])
    typer.echo(f"Evening {ev['id']} ({ev['date']}) is closed.")


@evening_app.command("reopen")
def reopen(evening_id: Annotated[int, typer.Argument(help="The evening's number (see schreiber evening list).")]) -> None:
    """Reopen a closed evening so hands can be added again."""
    led = ledger()
    with led.write() as db:
        ev = led.evening(evening_id)
        db.execute("update evenings set status = 'closed' where status = 'open' and id != ?", [evening_id])
        db.execute("update evenings set status = 'open', closed_utc = null where id = ?", [evening_id])
    typer.echo(f"Evening {evening_id} ({ev['date']}) is open again.")
