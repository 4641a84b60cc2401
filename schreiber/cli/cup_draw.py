"""`schreiber cup draw`, as an organizer runs it more than once: the next
round is drawn once; run again before a hand is played in it, the round
is shown as drawn (plain or ``--json`` alike, nothing changed). ``--force``
ends an unfinished round only with a yes: asked at a terminal, or
``--yes`` given; a round nobody has played is ended only by a yes typed at
a terminal. ``--undo`` takes the last round drawn back while nothing
stands at its tables (docs/cup.md, "Draw a round")."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import typer

from ..errors import SchreiberError
from ..i18n import _
from .inputs import ask_yes
from .root import echo, ledger, print_json

if TYPE_CHECKING:
    from ..ledger.cup_book import WithdrawnTable
    from ..service.tournament import Desk, Drawn, Unconfirmed, Undone


def run_draw(cup: str | None, json_out: bool, force: bool, yes: bool, undo: bool) -> None:
    """What ``cup draw`` does with its options."""
    from ..service.tournament import Desk, RoundBegun

    desk = Desk(ledger())
    if not undo:
        _say_drawn(_drawn(desk, cup, force, yes), json_out)
        return
    if force or yes:
        raise SchreiberError(_("--undo takes the last round back; give it without --force and --yes"))
    try:
        undone = desk.undo(cup)
    except RoundBegun as exc:
        evening = exc.evenings[0]
        raise SchreiberError(
            _(
                "{what}; only a round in which nothing stands can be taken back: take each entry back first "
                "(schreiber undo --evening {evening}, as often as it takes), then cup draw --undo again"
            ).format(what=exc, evening=evening)
        ) from None
    _say_undone(undone, json_out)


def _drawn(desk: Desk, cup: str | None, force: bool, yes: bool) -> Drawn:
    """The round drawn, asking where ``--force`` needs a yes (again if the
    round changed while asking); without a terminal, a round nobody has
    played is shown as drawn and one begun is refused without ``--yes``."""
    from ..service.tournament import Unconfirmed

    confirmed: object = True if yes else None
    while True:
        try:
            return desk.draw(cup, force, confirmed)
        except Unconfirmed as asked:
            if not sys.stdin.isatty() and not asked.unplayed:
                raise SchreiberError(
                    _(
                        "{what}; to end it as it stands, answer yes at a terminal (schreiber cup draw --force) "
                        "or type: schreiber cup draw --force --yes"
                    ).format(what=asked)
                ) from None
            if sys.stdin.isatty() and ask_yes(_question(asked), err=True):
                confirmed = asked.state
                continue
            if not asked.unplayed:
                echo(_("Nothing changed: round {round} goes on.").format(round=asked.round), err=True)
                raise typer.Exit(1) from None
            if not sys.stdin.isatty():
                echo(
                    _(
                        "note: {what}, so it is shown as drawn; a round nobody has played is ended only by a yes "
                        "at a terminal (schreiber cup draw --force); to take it back: schreiber cup draw --undo"
                    ).format(what=asked),
                    err=True,
                )
            return desk.draw(cup)


def _question(asked: Unconfirmed) -> str:
    if asked.unplayed:
        return _(
            "No table of round {round} has played a hand. End round {round} unplayed and draw round {next}?"
        ).format(round=asked.round, next=asked.round + 1)
    return _("Round {round} is not finished: {unfinished}. End it as it stands and draw round {next}?").format(
        round=asked.round, unfinished=asked.unfinished, next=asked.round + 1
    )


def _say_drawn(drawn: Drawn, json_out: bool) -> None:
    from ..reports.standings import draw_json
    from ..service.tournament import Desk

    if json_out:
        print_json(draw_json(drawn.round, drawn.tables))
        return
    said = (
        _("{name}, round {round} of {rounds}:")
        if drawn.new
        else _("{name}, round {round} of {rounds}, as drawn (no hand played yet; cup draw --undo takes it back):")
    )
    echo(said.format(name=drawn.cup.name, round=drawn.round, rounds=drawn.cup.rounds))
    for t in drawn.tables:
        echo(
            _("  Tisch {table_no}: {players}  (evening {evening_id}, {target} hands, {players2} deals first)").format(
                table_no=t.table_no,
                players=", ".join(t.players),
                evening_id=t.evening_id,
                target=Desk.target(drawn.cup, t),
                players2=t.players[0],
            )
        )
    from .serve import draw_links

    draw_links(drawn)


def _say_undone(undone: Undone, json_out: bool) -> None:
    withdrawn = [t.evening_id for t in undone.withdrawn]
    reopened = [t.evening_id for t in undone.reopened]
    if json_out:
        print_json({"undone": undone.round, "withdrawn": withdrawn, "reopened": reopened})
        return
    evenings = ", ".join(str(n) for n in withdrawn)
    echo(
        _(
            "{name}: round {round} taken back; its evenings {evenings} are kept as withdrawn (schreiber evening list)."
        ).format(name=undone.cup.name, round=undone.round, evenings=evenings)
    )
    if reopened:
        echo(
            _("Round {round} goes on: its tables are open again (evenings {evenings}).").format(
                round=undone.round - 1, evenings=", ".join(str(n) for n in reopened)
            )
        )
    echo(_("Draw round {round} again with: schreiber cup draw").format(round=undone.round))


def say_withdrawn(tables: list[WithdrawnTable]) -> None:
    """Below ``cup status``: each round drawn and taken back, and the evenings it kept (withdrawn)."""
    rounds: dict[int, list[int]] = {}
    for t in tables:
        rounds.setdefault(t.round, []).append(t.evening_id)
    for round_no, evenings in rounds.items():
        echo(
            _("Taken back: round {round} as drawn before (evenings {evenings}, withdrawn; cup draw --undo).").format(
                round=round_no, evenings=", ".join(str(n) for n in evenings)
            )
        )
