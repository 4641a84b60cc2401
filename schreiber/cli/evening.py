"""`schreiber evening ...`: start, list, close and reopen evenings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..i18n import _, ngettext
from . import complete
from .inputs import parse_date, parse_tarif
from .options import EveningNumber, JsonOut
from .root import echo, ledger, print_json, service, tell_carried

if TYPE_CHECKING:
    from ..ledger.stored import Evening

KeepOpen = Annotated[
    bool,
    typer.Option(
        "--keep-open", help=_("Leave the other open evenings open (several tables at once; then give --evening N).")
    ),
]


def start(
    players: Annotated[
        list[str],
        typer.Argument(
            metavar=_("PLAYERS"),
            help=_("4 or 5 players in seating order (direction of play)."),
            autocompletion=complete.known_players,
        ),
    ],
    rules: Annotated[
        str,
        typer.Option(
            "--rules",
            help=_("Preset (schreiber rules list names them) or a rules .toml file."),
            autocompletion=complete.presets,
        ),
    ] = "standard",
    rule: Annotated[
        list[str] | None,
        typer.Option(
            "--rule", metavar=_("KEY=VALUE"), help=_("Override one house rule: KEY=VALUE (e.g. pagatkassa=3).")
        ),
    ] = None,
    date: Annotated[
        str | None, typer.Option("--date", help=_("Date of the evening, YYYY-MM-DD (default: today)."))
    ] = None,
    dealer: Annotated[
        str | None,
        typer.Option(
            "--dealer",
            help=_("Who deals the first hand (default: the first listed)."),
            autocompletion=complete.known_players,
        ),
    ] = None,
    tarif: Annotated[
        str | None, typer.Option("--tarif", help=_("Money per point, e.g. 0.10 (euro) (default: the preset's)."))
    ] = None,
    keep_open: KeepOpen = False,
) -> None:
    """Start an evening; any open evening is closed (not the tables of a tournament).

    Example: schreiber evening start Anna Berti Carl Dora --rules tirol --rule pagatkassa=3
    """
    start_evening(players, rules, rule, date, dealer, tarif, keep_open)


def start_evening(
    players: list[str],
    rules: str = "standard",
    rule: list[str] | None = None,
    date: str | None = None,
    dealer: str | None = None,
    tarif: str | None = None,
    keep_open: bool = False,
) -> int:
    """``evening start`` (also for ``tisch PLAYERS``): the new evening's number."""
    from ..domain.rules import load_rules
    from ..service import seating
    from .rules import resolve

    names, _x = seating(players)
    r = load_rules(resolve(rules), rule or [])
    seating(names, dealer)  # a dealer who is not at the table: said before the ledger is opened
    tarif_cents = parse_tarif(tarif) if tarif else None
    started = service().start_evening(names, r, parse_date(date), dealer, tarif_cents, keep_open)
    _say_closed(started.closed)
    from .report import fitted

    said = _("Evening {evening_id} started under {preset}: {names}.").format(
        evening_id=started.evening_id, preset=r.preset, names=", ".join(started.seating)
    )
    echo(fitted(said, ", "))  # on a narrow terminal broken between the players
    echo(_("{dealer} deals the first hand.").format(dealer=started.dealer))
    if started.still_open:
        n = len(started.still_open)
        echo(
            ngettext(
                "Evening {ids} is open as well: give --evening {n} for this one.",
                "Evenings {ids} are open as well: give --evening {n} for this one.",
                n,
            ).format(ids=", ".join(str(ev.id) for ev in started.still_open), n=started.evening_id)
        )
    if started.pot:
        echo(
            _("Pagat pot carried over from evening {pot_from}: {pot} points.").format(
                pot_from=started.pot_from, pot=started.pot
            )
        )
    return started.evening_id


def _say_closed(closed: tuple[Evening, ...] | list[Evening]) -> None:
    for ev in closed:
        echo(_("Evening {id} ({date}) was still open and is now closed.").format(id=ev.id, date=ev.date))
        echo(_("To go back to it: schreiber evening reopen {id}").format(id=ev.id))


def list_evenings(json_out: JsonOut = False) -> None:
    """List the evenings in the ledger."""
    data: list[dict[str, Any]] = [
        {"id": ev.id, "date": ev.date, "rules": ev.preset, "players": list(ev.seating), "status": ev.status}
        for ev in ledger().evenings()
    ]
    if json_out:
        print_json(data)
        return
    from .report import EVENING_STATUS

    if not data:
        echo(_("No evenings yet. Start one with: schreiber evening start NAME NAME NAME NAME"))
        return
    ids = max(4, *(len(str(d["id"])) for d in data))
    rules = max(16, *(len(d["rules"]) for d in data))
    state = max(len(_(s)) for s in EVENING_STATUS)  # the column as wide as its longest word in the screen's language
    for d in data:
        mark = "*" if d["status"] == "open" else " "
        shown = _(d["status"])
        players = ", ".join(d["players"])
        echo(f"{d['id']:>{ids}}{mark} {d['date']}  {d['rules']:<{rules}} {shown:<{state}} {players}")
    opened = [str(d["id"]) for d in data if d["status"] == "open"]
    if len(opened) > 1:
        echo(_("* open: evenings {opened}; choose one with --evening N").format(opened=", ".join(opened)))


def close(evening_id: EveningNumber = None) -> None:
    """Close (lock) the open evening; it refuses new hands until reopened."""
    ev = service().close_evening(evening_id)
    echo(_("Evening {id} ({date}) is closed.").format(id=ev.id, date=ev.date))


def reopen(
    evening_id: Annotated[
        int, typer.Argument(metavar="N", help=_("The evening's number (see schreiber evening list)."))
    ],
    keep_open: KeepOpen = False,
) -> None:
    """Reopen a closed evening so hands can be added again; any other open
    evening is closed (not the tables of a tournament; not with --keep-open)."""
    svc = service()
    ev, closed = svc.reopen_evening(evening_id, keep_open)
    _say_closed(closed)
    tell_carried(svc)
    echo(_("Evening {evening_id} ({date}) is open again.").format(evening_id=evening_id, date=ev.date))
