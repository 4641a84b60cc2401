"""The organizer's desk page: a cup's tables round by round with their
progress ("Tisch 3: 7 von 16"), the links of the round drawn last (and a
page of their QR codes to print), and the Ergebnisliste as it grows; for
the whole ledger (a desk link without a cup), every open evening."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from datasette import NotFound

from ..domain.tournament import hands_per_round
from ..reports.standings import result_list
from . import links, qr

if TYPE_CHECKING:
    from datasette.app import Datasette

    from ..ledger.cup_book import Cup, CupTable
    from ..ledger.store import Ledger


def find_cup(led: Ledger, cup_id: int) -> Cup:
    for season in led.cups.seasons():
        for c in led.cups.season_cups(season):
            if c.id == cup_id:
                return c
    raise NotFound("not found")


def _open_cups(led: Ledger) -> list[Cup]:
    """The tournaments not finished, the latest first: the whole ledger's desk leads to each one's."""
    cups = [c for season in led.cups.seasons() for c in led.cups.season_cups(season) if c.status == "open"]
    return sorted(cups, key=lambda c: (c.date, c.id), reverse=True)


def target(cup: Cup, t: CupTable) -> int:
    return hands_per_round(len(t.players), cup.hands, cup.hands_five)


def version(led: Ledger, grant: links.Grant) -> str:
    """The state of every table the desk shows: it reloads where it moved."""
    if grant.cup is None:
        evenings = led.open_evenings()
    else:
        cup = find_cup(led, grant.cup)
        evenings = [led.evening(t.evening_id) for t in led.cups.tables(cup.id)]
    counts = ",".join(f"{ev.id}:{ev.status}:{led.change_count(ev)}" for ev in evenings)
    return hashlib.sha256(counts.encode()).hexdigest()[:16]


def _table_links(ds: Datasette, request: Any, cup: Cup, t: CupTable) -> dict[str, str]:
    base = f"{request.scheme}://{request.host}"
    table = links.path(ds.sign, links.Grant("table", t.evening_id, cup.id, t.round, t.table_no))
    watch = links.path(ds.sign, links.Grant("watch", t.evening_id))
    return {"link": base + table, "follow": base + watch}


def context(ds: Datasette, request: Any, led: Ledger, grant: links.Grant, w: dict[str, str]) -> dict[str, Any]:
    """The desk page's values, in the page's language."""
    ctx: dict[str, Any] = {"w": w, "grant": grant, "seen": version(led, grant), "here": request.path}
    if grant.cup is None:
        ctx["heading"] = led.path.name
        ctx["evenings"] = [_evening_row(ds, request, led, ev) for ev in led.open_evenings()]
        ctx["cups"] = [{"name": c.name, "date": c.date, "link": links.path(ds.sign, links.Grant("desk", None, c.id))}
                       for c in _open_cups(led)]  # fmt: skip
        return ctx
    cup = find_cup(led, grant.cup)
    tables = led.cups.tables(cup.id)
    last = max((t.round for t in tables), default=0)
    rounds = []
    for r in range(1, last + 1):
        rows = []
        for t in (t for t in tables if t.round == r):
            row = {"table": t.table_no, "players": ", ".join(t.players), "hands": t.hands, "target": target(cup, t),
                   "paper": t.paper, "status": t.status}  # fmt: skip
            if r == last:
                row.update(_table_links(ds, request, cup, t))
            rows.append(row)
        rounds.append({"round": r, "tables": rows})
    played = max((t.round for t in tables if t.hands or t.paper), default=0)
    ctx.update(heading=f"{cup.name}, {cup.date}", cup=cup, rounds=rounds, last=last, played=played,
               liste=_liste(led, cup, played), codes=request.path + "/codes")  # fmt: skip
    return ctx


def _liste(led: Ledger, cup: Cup, played: int) -> dict[str, Any]:
    """The Ergebnisliste as ``cup standings`` prints it, in four columns that
    fit a phone (Rang, Name, Cuppunkte, Gesamt): the place, each round's
    Schrift and the Geld below the name."""
    headers, body = result_list(led.cups.standings(cup.id, cup.rounds), cup.rounds, played)
    rows = []
    for row in body:
        cells = [str(c) for c in row]
        more = [cells[2]] if cells[2] else []
        more += [f"{h} {c}" for h, c in zip(headers[5:], cells[5:]) if c]
        rows.append(
            {"rank": cells[0], "name": cells[1], "points": cells[3], "total": cells[4], "more": " · ".join(more)}
        )
    return {"headers": [headers[0], headers[1], headers[3], headers[4]], "rows": rows}


def _evening_row(ds: Datasette, request: Any, led: Ledger, ev: Any) -> dict[str, Any]:
    base = f"{request.scheme}://{request.host}"
    return {"id": ev.id, "date": ev.date, "players": ", ".join(ev.seating), "hands": led.next_number(ev) - 1,
            "link": base + links.path(ds.sign, links.Grant("table", ev.id)),
            "follow": base + links.path(ds.sign, links.Grant("watch", ev.id))}  # fmt: skip


def codes(ds: Datasette, request: Any, led: Ledger, grant: links.Grant, w: dict[str, str]) -> dict[str, Any]:
    """The page to print: one QR code a table of the round drawn last (or of each open evening)."""
    ctx = context(ds, request, led, grant, w)
    cards = []
    if grant.cup is None:
        for ev in ctx["evenings"]:
            cards.append({"title": w["evening"].format(n=ev["id"]), "players": ev["players"], "url": ev["link"]})
    elif ctx["rounds"]:
        for t in ctx["rounds"][-1]["tables"]:
            cards.append({"title": w["table_no"].format(n=t["table"]), "players": t["players"], "url": t["link"]})
    for card in cards:
        card["svg"] = qr.svg(card["url"], 5)
    ctx["cards"] = cards
    return ctx
