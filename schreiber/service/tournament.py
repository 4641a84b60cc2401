"""The desk's service: a tournament (cup) across tables. Each round is drawn
at random into tables (as the cup's rule ``cup_draw`` says), each an evening
of the ledger under the cup's rules, seated in the order of the draw; their
hands are entered like any evening's.
"""

from __future__ import annotations

import contextlib
import secrets
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

from ..domain import tournament as rules_of_cup
from ..domain.cup_plan import draw_round
from ..domain.names import check_name, name_key
from ..domain.rules import Rules
from ..errors import SchreiberError
from ..i18n import _
from ..ledger.cup_book import Cup, CupTable
from ..ledger.store import Ledger
from ..ledger.stored import stored_rules

SEED_MAX = 2**31 - 1
HANDS_MAX = 100


class Drawn(NamedTuple):
    """One round drawn: its number and tables (each an evening)."""

    cup: Cup
    round: int
    tables: list[CupTable]
    closed: list[CupTable]  # the previous round's tables closed by this draw
    new: bool = True  # False: the round as drawn before, nothing played in it yet (nothing changed)


class Undone(NamedTuple):
    """A round taken back: its tables (their evenings kept, withdrawn) and
    those of the round before it, open again as before the draw."""

    cup: Cup
    round: int
    withdrawn: list[CupTable]
    reopened: list[CupTable]


class Unconfirmed(SchreiberError):
    """``cup draw --force`` would end tables that have not played all their
    hands: only with a yes. ``state`` is what was asked about (a yes to it
    ends nothing else); a round in which no table has played anything
    (``unplayed``) is ended only by a yes to that very question, never by
    a yes given beforehand."""

    def __init__(self, round_no: int, unfinished: str, unplayed: bool, state: tuple):
        self.round, self.unfinished, self.unplayed, self.state = round_no, unfinished, unplayed, state
        said = (
            _("no table of round {round_no} has played a hand")
            if unplayed
            else _("round {round_no} is not finished: {unfinished}")
        )
        super().__init__(said.format(round_no=round_no, unfinished=unfinished))


class RoundBegun(SchreiberError):
    """A round that cannot be taken back: something stands at its tables."""

    def __init__(self, round_no: int, name: str, tables: list[CupTable]):
        self.evenings = [t.evening_id for t in tables]
        super().__init__(
            _("round {round_no} of {name} cannot be taken back: entries stand at {tables}").format(
                round_no=round_no,
                name=name,
                tables=", ".join(
                    _("Tisch {table} (evening {n})").format(table=t.table_no, n=t.evening_id) for t in tables
                ),
            )
        )


def check_cup_rules(rules: Rules) -> None:
    """The cup keys within what the ledger can rank (one clear line otherwise)."""
    for key, high in {
        "cup_rounds": rules_of_cup.ROUNDS_MAX,
        "cup_hands": HANDS_MAX,
        "cup_hands_five": HANDS_MAX,
        "cup_best": 100,
    }.items():
        value = rules.setting(key)
        if not 1 <= value <= high:
            raise SchreiberError(
                _("{key}={value} is out of range; give {low} to {high}"), key=key, value=value, low=1, high=high
            )


def registration(players: list[str]) -> list[tuple[str, str | None]]:
    """The players as registered: "Name" or "Name@Ort" (place of residence), each once."""
    out: list[tuple[str, str | None]] = []
    seen: set[str] = set()
    for raw in players:
        name, _x, ort = raw.partition("@")
        name = check_name(name)
        if name_key(name) in seen:
            raise SchreiberError(_("{name} is registered twice; every player plays once").format(name=name))
        seen.add(name_key(name))
        out.append((name, check_name(ort, _("{name}'s place of residence").format(name=name)) if ort.strip() else None))
    rules_of_cup.table_sizes(len(out))  # a field that cannot be seated is said at once
    return out


class Desk:
    """Tournaments in one ledger, each change one transaction."""

    def __init__(self, ledger: Ledger):
        self.ledger = ledger

    def start(
        self, name: str, players: list[str], rules: Rules, date: str, season: str | None, seed: int | None
    ) -> Cup:
        """Register a cup and its players (``Name@Ort`` gives the place of residence)."""
        name = check_name(name, _("the tournament's name"))
        check_cup_rules(rules)
        field = registration(players)
        if seed is not None and not 0 <= seed <= SEED_MAX:
            raise SchreiberError(_("--seed {seed} is out of range; give 0 to {SEED_MAX}"), seed=seed, SEED_MAX=SEED_MAX)
        seed = secrets.randbelow(SEED_MAX) if seed is None else seed
        led = self.ledger
        with led.transaction(checked=True):
            if name_key(name) in {name_key(n) for n in led.cups.names()}:
                raise SchreiberError(_("there is already a tournament called '{name}'; give another name"), name=name)
            kept = led.kept_names(tuple(n for n, _x in field))  # "anna" is the Anna of earlier evenings
            lots = rules_of_cup.draw_lots(kept, seed)
            cup_id = led.cups.insert(name, date, season or rules_of_cup.season_of(date), rules, seed)
            register = led.cups.places()  # a place not given: the one the player last registered with
            for number, (player, (_n, ort)) in enumerate(zip(kept, field), start=1):
                ort = ort or register.get(player, ("", 0))[0] or None
                led.cups.insert_player(cup_id, led.player_id(player), number, ort, lots[player])
        return led.cups.find(name)

    def draw(self, name: str | None, force: bool = False, confirmed: object = None) -> Drawn:
        """Draw the next round into evenings; the previous round's tables are
        closed (ooe-2023.md §14 O-13; unfinished ones need ``force`` and a
        yes: ``confirmed``, see ``Unconfirmed``). A round drawn in which
        nothing is played yet is not drawn again: it is returned as it is
        (``Drawn.new`` False), unless ``force`` and a yes end it."""
        led = self.ledger
        with led.transaction(checked=True):
            cup = led.cups.find(name)
            tables = led.cups.tables(cup.id)
            last = max((t.round for t in tables), default=0)
            begun = not last or cup.status == "closed" or any(led.cups.entries_standing(cup.id, last).values())
            if not begun and (not force or last >= cup.rounds):
                return Drawn(cup, last, [t for t in tables if t.round == last], [], new=False)
            if last >= cup.rounds:
                said = (
                    _("all {rounds} rounds of {name} are drawn and it is finished; see schreiber cup standings")
                    if cup.status == "closed"
                    else _(
                        "all {rounds} rounds of {name} are drawn; once the last round is played, end it with: schreiber cup finish"
                    )
                )
                raise SchreiberError(said.format(rounds=cup.rounds, name=cup.name))
            previous = self._end_round(cup, tables, last, force, confirmed, begun)
            rules = stored_rules(cup.rules_json)  # a cup started before rule cup_draw draws as it drew then
            earlier = [[t.players for t in tables if t.round == r] for r in range(1, last + 1)]
            drawn = draw_round(led.cups.players(cup.id), cup.seed, cup.rounds, earlier, rules.cup_draw)
            for table_no, seats in enumerate(drawn, start=1):
                evening_id = led.insert_evening(seats, rules, cup.date, seats[0], rules.tarif_cents, Fraction(0))
                led.cups.insert_table(cup.id, last + 1, table_no, evening_id)
            new = [t for t in led.cups.tables(cup.id) if t.round == last + 1]
        return Drawn(cup, last + 1, new, previous)

    def undo(self, name: str | None) -> Undone:
        """Take back the last round drawn while nothing stands at its tables
        (no hand, no totals from paper, no Radl): its evenings are kept,
        withdrawn; the round before's tables, closed by the draw, are open
        again. The round can then be drawn again (the same seed: the same
        tables, unless the rounds before it changed)."""
        led = self.ledger
        with led.transaction(checked=True):
            cup = led.cups.find(name)
            tables = led.cups.tables(cup.id)
            last = max((t.round for t in tables), default=0)
            if not last:
                raise SchreiberError(_("no round of {name} is drawn; there is nothing to take back"), name=cup.name)
            if cup.status == "closed":
                raise SchreiberError(_("{name} is finished; its rounds stay as they were played"), name=cup.name)
            current = [t for t in tables if t.round == last]
            standing = led.cups.entries_standing(cup.id, last)
            begun = [t for t in current if standing.get(t.evening_id)]
            if begun:
                raise RoundBegun(last, cup.name, begun)
            for t in current:
                led.set_status(t.evening_id, "withdrawn")
            led.cups.withdraw(cup.id, last)
            reopened = [t for t in tables if t.round == last - 1 and t.status == "closed"]
            for t in reopened:
                led.set_status(t.evening_id, "open")
        return Undone(led.cups.find(cup.name), last, current, reopened)

    def finish(self, name: str | None, force: bool = False) -> tuple[Cup, list[CupTable]]:
        """Close the last round's tables (the tournament's end); unfinished ones need ``force``."""
        led = self.ledger
        with led.transaction():
            cup = led.cups.find(name)
            tables = led.cups.tables(cup.id)
            last = max((t.round for t in tables), default=0)
            current = self._end_round(cup, tables, last, force)
            if last == cup.rounds:
                led.cups.set_status(cup.id, "closed")
        return led.cups.find(cup.name), current

    def _end_round(
        self,
        cup: Cup,
        tables: list[CupTable],
        round_no: int,
        force: bool,
        confirmed: object = True,
        begun: bool = True,
    ) -> list[CupTable]:
        """Close the round's tables; unfinished ones are refused unless
        ``force`` and a yes (``confirmed``: True, given beforehand, or the
        ``Unconfirmed.state`` asked about; a round not begun only the latter)."""
        ended = [t for t in tables if t.round == round_no]
        short = [t for t in ended if t.hands < self.target(cup, t) and not t.paper]
        if short and not force:
            raise SchreiberError(
                _(
                    "round {round_no} is not finished: {unfinished}; merge the tables' ledgers first, "
                    "or end it with --force: the round then ends with the hands played (the director may close a "
                    "round early)"
                ).format(round_no=round_no, unfinished=unfinished(cup, short))
            )
        state = (round_no, tuple((t.table_no, t.hands) for t in short))
        if short and confirmed != state and (confirmed is not True or not begun):
            raise Unconfirmed(round_no, unfinished(cup, short), not begun, state)
        for t in ended:
            if t.status == "open":
                self.ledger.set_status(t.evening_id, "closed")
        return ended

    def table(self, name: str | None, round_no: int | None, table_no: int) -> tuple[Cup, CupTable]:
        """Table ``table_no`` of round ``round_no`` (None: the latest drawn) of the cup."""
        cup = self.ledger.cups.find(name)
        tables = self.ledger.cups.tables(cup.id)
        wanted = round_no or max((t.round for t in tables), default=0)
        found = next((t for t in tables if t.round == wanted and t.table_no == table_no), None)
        if found is None:
            have = ", ".join(str(t.table_no) for t in tables if t.round == wanted)
            raise SchreiberError(
                _("round {round} of {name} has no table {number}; tables: {have}").format(
                    round=wanted, name=cup.name, number=table_no, have=have or _("none (draw the round first)")
                )
            )
        return cup, found

    def table_copy(self, table: CupTable, path: Path, overwrite: bool = False) -> Path:
        """A copy of the ledger for one table at ``path``: the table's evening
        its one open evening (the others closed there, held by this ledger:
        merging the copy back does not close them here)."""
        target = self.ledger.backup(path, overwrite=overwrite)
        try:
            with contextlib.closing(Ledger(target)) as copy, copy.transaction():
                copy.hold_elsewhere(keep=table.evening_id)
        except BaseException:
            target.unlink(missing_ok=True)  # no copy rather than one open at every table
            raise
        return target

    @staticmethod
    def target(cup: Cup, table: CupTable) -> int:
        """The hands a table plays in a round (16 at four, 20 at five)."""
        return rules_of_cup.hands_per_round(len(table.players), cup.hands, cup.hands_five)


def unfinished(cup: Cup, tables: list[CupTable]) -> str:
    said = _("table {table} ({hands} of {target} hands)")
    return ", ".join(said.format(table=t.table_no, hands=t.hands, target=Desk.target(cup, t)) for t in tables)
