"""`schreiber settle` and `schreiber evening tarif`: the evening in money."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..i18n import _
from ..render import fit
from .inputs import parse_tarif
from .options import EveningNumber, json_option
from .report import screen_width
from .root import echo, print_json, service, writable_target, writing, wrote


def settle(
    json_out: Annotated[bool, json_option(_("Print the settlement as one JSON document."))] = False,
    evening_id: EveningNumber = None,
    close: Annotated[
        bool, typer.Option("--close", help=_("Also close the evening as settled (its tarif is then fixed)."))
    ] = False,
    out: Annotated[Path | None, typer.Option("--out", help=_("Also write the printable summary to this file."))] = None,
) -> None:
    """End-of-evening settlement: points x tarif, rounded once, and who pays whom.

    Amounts are rounded once per evening to the cent (largest remainder, ties
    in seating order) so they sum to exactly zero; the Pagat pot is carried to
    the next evening or shared out, as the rule pagatkassa_end says. Without
    --close nothing is written: settle as often as you like.

    Example: schreiber settle            (then: schreiber settle --close)
    """
    from ..reports.settlement import settle_evening, to_json, to_text

    if out is not None:
        writable_target(out, "settle", ".txt", a_file=True)
    svc = service()
    ev = svc.evening(evening_id)
    s = settle_evening(ev, svc.ledger.balance(ev.id), svc.ledger.last_state(ev).radl_left)
    text = to_text(s, ev)
    if out is not None:  # before the evening is closed: a summary that cannot be written closes nothing
        from ..ledger.targets import write_text

        with writing(_("cannot write the summary to {out}: {strerror}; give another --out"), out=out):
            wrote(write_text(out, text + "\n"))
    if close:
        ev = svc.settle_close(ev)
    if json_out:
        print_json(to_json(s, ev))
        return
    echo(fit(text, screen_width()))
    if close:
        echo(_("\nEvening {id} is settled and closed (reopen with: schreiber evening reopen {id}).").format(id=ev.id))


def tarif(
    amount: Annotated[str, typer.Argument(metavar=_("AMOUNT"), help=_("Money per point: 0.10 (euro) or 10c."))],
    evening_id: EveningNumber = None,
) -> None:
    """Set the open evening's tarif (money per point); settle uses it.

    Example: schreiber evening tarif 0.20
    """
    from ..render import euro

    cents = parse_tarif(amount)
    ev = service().set_tarif(cents, evening_id)
    echo(
        _("Evening {id}: tarif {money} per point (was {money2}).").format(
            id=ev.id, money=euro(cents), money2=euro(ev.tarif_cents)
        )
    )
