"""`schreiber hand ...`, `radl`, `undo`, `redeal`, `strafpunkt`, `player ...`:
entering and correcting an evening, all through the service."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import SchreiberError
from ..i18n import _, ngettext
from . import complete
from .inputs import pick_player, read_record
from .options import EveningNumber
from .root import echo, ledger, print_json, service, tell_carried

if TYPE_CHECKING:
    from ..service import PastTheEnd, Service
    from ..service.entries import Added

# The hand record's old option (interface.md, scripts): as --record, not in the help.
OldJson = Annotated[str | None, typer.Option("--json", metavar="JSON", hidden=True)]


def given_record(record: str | None, old_name: str | None) -> str | None:
    """The hand record's JSON, given with --record or with --json, its old name."""
    if record is not None and old_name is not None:
        raise SchreiberError(_("give the hand record once, with --record (--json is its old name)"))
    return record if record is not None else old_name


def add(
    words: Annotated[
        list[str] | None,
        typer.Argument(
            metavar=_("HAND"),
            help=_("The hand in short notation, e.g.: rufer berti carl +"),
            autocompletion=complete.hand_words,
        ),
    ] = None,
    record: Annotated[
        str | None,
        typer.Option("--record", metavar="JSON", help=_("The hand record as JSON, or '-' to read it from stdin.")),
    ] = None,
    old_name: OldJson = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=_("Print nothing on success."))] = False,
    json_out: Annotated[bool, typer.Option("--json-out", help=_("Print the scored hand as JSON."))] = False,
    after_end: Annotated[
        bool,
        typer.Option(
            "--after-end",
            help=_("Enter the hand though the Sküsradl is played, without asking (the table plays on after the end)."),
        ),
    ] = False,
    evening_id: EveningNumber = None,
) -> None:
    """Add one hand to the open evening: in short notation, as JSON, or step by step.

    Examples:
      schreiber hand add rufer berti carl + pagat!
      schreiber hand add --record '{"contract": "rufer", "declarer": "Berti", "partner": "Carl", "result": "won"}'
      schreiber hand add --evening 5 dreier dora +     (while several evenings are open)
      schreiber hand add          (asks step by step)
    """
    from ..domain.checker import record_input
    from ..service import PastTheEnd

    svc = service()
    text = given_record(record, old_name)
    hand = _record(svc, words, text, after_end, evening_id)
    with record_input(text is not None):  # a hand record's problems in its keys, the notation's in its words
        try:
            added = svc.add_hand(hand, evening_id, after_end)
        except PastTheEnd as exc:
            _play_on(exc)
            added = svc.add_hand(hand, evening_id, after_end=True)
    tell_carried(svc)
    _tell_added(svc, added, json_out, quiet)


def _tell_added(svc: Service, added: Added, json_out: bool, quiet: bool) -> None:
    """The hand written: as JSON, or its line (the money and the Schrift
    labelled where they differ or a cup ranks by the Schrift), and the
    evening's end where it came."""
    from ..domain.points import as_number
    from .report import hand_lines

    if json_out:
        print_json(
            {
                "number": added.number,
                "payments": {p: as_number(v) for p, v in added.outcome.payments},
                "items": [it.to_json() for it in added.outcome.items],
            }
        )
    elif not quiet:
        from ..render import alike

        cup = added.outcome.schrift is not None and svc.ledger.cups.table_of_evening(added.evening) is not None
        with alike(in_parts=added.pays_parts):
            echo("\n".join(hand_lines(added.number, added.outcome, cup)))
        if added.ends:
            from .report import end_line

            echo(end_line())


def _record(
    svc: Service, words: list[str] | None, json_text: str | None, after_end: bool, evening_id: int | None
) -> dict:
    """The hand to add: in notation, as JSON, or asked step by step (on a
    terminal; after the evening's end refused before the first question)."""
    if json_text is not None and words:
        raise SchreiberError(_("give the hand either in notation or with --record, not both"))
    if json_text is not None:
        return read_record(json_text)
    if words:
        return svc.read_notation(words, evening_id)
    if not sys.stdin.isatty():
        raise SchreiberError(_("give the hand: schreiber hand add rufer berti carl +  (or --record '{...}')"))
    from ..service import PastTheEnd
    from .guided import ask_hand

    ev = svc.evening(evening_id, writable=True)
    if not after_end and svc.ledger.at_end(ev):
        _play_on(PastTheEnd(ev.id, svc.ledger.next_number(ev)))
    return ask_hand(svc, ev)


def _play_on(exc: PastTheEnd) -> None:
    """A hand after the Sküsradl: on a terminal the table is asked whether it
    plays on (no: nothing entered, exit 1); a script's hand is entered, with
    a line on stderr saying it came after the end (``--after-end``: neither)."""
    from .inputs import plays_on, typed

    if not plays_on(exc, typed if sys.stdin.isatty() else None, lambda line: echo(line, err=True)):
        echo(_("Not entered."))
        raise typer.Exit(1)


def radl(
    dealer: Annotated[
        str | None,
        typer.Option(
            "--dealer", help=_("Start at this player's deal (e.g. who held the Sküs)."), autocompletion=complete.players
        ),
    ] = None,
    final: Annotated[
        bool,
        typer.Option(
            "--final",
            "--sküsradl",
            "--skuesradl",
            help=_("The evening's last Radl (Sküsradl): a Radl started during it is stacked onto its remaining hands."),
        ),
    ] = False,
    evening_id: EveningNumber = None,
) -> None:
    """Start a doubled round (Radl, e.g. the Sküsradl) with the next hand.

    Example: schreiber radl --final --dealer Carl
    """
    svc = service()
    ev = svc.evening(evening_id, writable=True)
    player = pick_player(ev.seating, dealer) if dealer else None
    state = svc.radl(player, final, ev).outcome.state
    tell_carried(svc)
    last = _("; the evening ends after {n} hands").format(n=state.final) if state.final else ""
    echo(
        _("Radl: the next {radl_left} hands count double; {next_dealer} deals{last}.").format(
            radl_left=state.radl_left, next_dealer=state.next_dealer, last=last
        )
    )


def undo(
    entry: Annotated[
        bool, typer.Option("--entry", help=_("Take back the last entry of any kind (a Radl, a redeal, a Strafpunkt)."))
    ] = False,
    evening_id: EveningNumber = None,
) -> None:
    """Take back the last hand of the open evening (recorded, not erased)."""
    svc = service()
    e = svc.undo(any_entry=entry, evening=evening_id)
    tell_carried(svc)
    from ..reports.sheet_screen import entry_text

    what = entry_text(e.kind, e.number)
    echo(_("Undone: {what} (kept in the ledger as void).").format(what=what))


def void(
    number: Annotated[int, typer.Argument(metavar="N", help=_("The hand's number on the sheet."))],
    evening_id: EveningNumber = None,
) -> None:
    """Void hand N: it stays on the sheet, marked, and counts nothing; later hands are re-scored."""
    svc = service()
    svc.void(number, evening_id)
    tell_carried(svc)
    echo(_("Hand {number} voided (kept on the sheet).").format(number=number))


def entry_void(
    ref: Annotated[
        str, typer.Argument(metavar=_("ENTRY"), help=_("The entry as the sheet's # column names it: 5 (hand 5) or e2."))
    ],
    evening_id: EveningNumber = None,
) -> None:
    """Take back any entry by its number on the sheet: a hand (5), or a Radl,
    redeal or Strafpunkt (e1, e2, ...). It stays on the sheet, marked, and
    counts nothing; later hands are re-scored.

    Example: schreiber entry void e2
    """
    svc = service()
    e = svc.take_back(ref, evening_id)
    tell_carried(svc)
    what = (
        _("Hand {n}").format(n=e.number)
        if e.kind == "hand"
        else _("Entry {ref} ({kind})").format(ref=ref.strip().lower(), kind=e.kind)
    )
    echo(_("{what} voided (kept on the sheet).").format(what=what))


def edit(
    number: Annotated[int, typer.Argument(metavar="N", help=_("The hand's number on the sheet."))],
    words: Annotated[
        list[str] | None,
        typer.Argument(
            metavar=_("HAND"), help=_("The corrected hand in short notation."), autocompletion=complete.hand_words
        ),
    ] = None,
    record: Annotated[
        str | None, typer.Option("--record", metavar="JSON", help=_("The corrected hand record, or '-' for stdin."))
    ] = None,
    old_name: OldJson = None,
    evening_id: EveningNumber = None,
) -> None:
    """Correct hand N: recorded as void plus replacement; later hands are re-scored.

    Examples:
      schreiber hand edit 3 rufer berti carl -
      schreiber hand edit 3 --record '{"contract": "rufer", "declarer": "Berti", "partner": "Carl", "result": "lost"}'
    """
    from ..domain.checker import record_input
    from ..render import alike, player_points

    svc = service()
    text = given_record(record, old_name)
    if text is not None:
        hand = read_record(text)
    elif words:
        hand = svc.read_edit_notation(number, words, evening_id)
    else:
        raise SchreiberError(
            _("give the corrected hand: schreiber hand edit N rufer berti carl +  (or --record '{...}')")
        )
    with record_input(text is not None):
        outcome = svc.edit(number, hand, evening_id)
    tell_carried(svc)
    with alike(in_parts=svc.evening(evening_id).rules.pays_parts):
        said = player_points(outcome.payments)
    echo(_("Hand {number} corrected: {player_points}").format(number=number, player_points=said))


def redeal(evening_id: EveningNumber = None) -> None:
    """Record a redeal (zusammenschlagen): no payments, the same dealer deals again."""
    svc = service()
    outcome = svc.redeal(evening_id).outcome
    tell_carried(svc)
    echo(_("Redeal recorded; {dealer} deals again.").format(dealer=outcome.dealer))


def strafpunkt(
    player: Annotated[
        str, typer.Argument(metavar=_("PLAYER"), help=_("Who gets the penalty point."), autocompletion=complete.players)
    ],
    evening_id: EveningNumber = None,
) -> None:
    """A penalty point (Strafpunkt): the player pays the rule's value to each other player."""
    from ..render import alike, player_points

    svc = service()
    ev = svc.evening(evening_id, writable=True)
    who = pick_player(ev.seating, player)
    outcome = svc.strafpunkt(who, ev).outcome
    tell_carried(svc)
    with alike(in_parts=ev.rules.pays_parts):
        echo(_("Strafpunkt for {who}: {payments}").format(who=who, payments=player_points(outcome.payments)))


def player_list() -> None:
    """Every player in the ledger, with the number of evenings; a player of
    a tournament also with his place of residence as last registered (a
    later cup start takes it where NAME@ORT is not given) and his
    tournaments."""
    from .report import screen_width

    led = ledger()
    register = led.cups.places()
    rows = [
        (name, ngettext("{n} evening", "{n} evenings", n).format(n=n), register.get(name)) for name, n in led.players()
    ]
    width = max((len(said) for _name, said, _r in rows), default=0)
    narrow = (screen_width() or 80) < 60  # names as wide as the longest, not 20 columns
    names = max((len(name) for name, _s, _r in rows), default=0) + 1 if narrow else 20
    for name, said, registered in rows:
        if registered is None:
            echo(f"{name:<{names}} {said}")
            continue
        ort, cups = registered
        tournaments = ngettext("{n} tournament", "{n} tournaments", cups).format(n=cups)
        echo(f"{name:<{names}} {said:<{width}}  {tournaments}" + (f", {ort}" if ort else ""))


def player_rename(
    old: Annotated[str, typer.Argument(metavar=_("OLD"), autocompletion=complete.known_players)],
    new: Annotated[str, typer.Argument(metavar=_("NEW"))],
) -> None:
    """Rename a player everywhere (the same person; figures unchanged)."""
    n = service().rename_player(old, new)
    echo(
        ngettext("{old} is now {new} ({n} evening).", "{old} is now {new} ({n} evenings).", n).format(
            old=old, new=new, n=n
        )
    )
