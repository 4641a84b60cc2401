"""An evening as a sequence of entries, replayed into scores: ``step`` scores
one entry from the state before it (the deal, Radl, Holz, the Pagat pot,
as immutable values), ``replay`` a whole evening."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from ..errors import HandError
from ..i18n import _
from .points import KEEPABLE, Exact, format_points
from .table import Table

if TYPE_CHECKING:  # the scoring is imported where an entry is scored: reading the ledger never needs it
    from .engine import Item, Score
    from .engine.items import Context
    from .hand import Hand
    from .rules import Rules

ENTRY_KINDS = ("hand", "radl", "redeal", "strafpunkt", "totals")


class State(NamedTuple):
    """The evening between two entries."""

    next_dealer: str
    hands: int = 0  # hands scored so far
    radl: tuple[int, ...] = ()  # hands left in each running Radl (queued: one entry)
    holz: tuple[tuple[str, int], ...] = ()
    pot: Fraction = Fraction(0)
    final: int = 0  # hands left until the end of the evening's final Radl (Sküsradl); 0 = none running
    boost: int = 0  # Radls stacked onto the final Radl's remaining hands (each doubles them again)
    paper: int = 0  # 1 once the round's totals from paper are entered: the evening takes no hands

    @property
    def radl_left(self) -> int:
        return sum(self.radl)

    @property
    def doubled_left(self) -> int:
        """How many of the next deals a running Radl doubles (Radls that
        stack, ``radl_stack``, run side by side: the longest counts)."""
        return max(self.radl, default=0)

    def to_json(self) -> str:
        """[next dealer, hands, Radl, Holz, pot, final, boost, paper], defaults left off the end."""
        if not (
            self.radl or self.holz or self.pot or self.final or self.boost or self.paper
        ):  # most hands: dealer and count
            return f"[{_JSON_TEXT(self.next_dealer)},{self.hands}]"
        cells = [self.next_dealer, self.hands, list(self.radl), dict(self.holz), str(self.pot), self.final, self.boost,
                 self.paper]  # fmt: skip
        while len(cells) > 2 and cells[-1] == _STATE_DEFAULTS[len(cells) - 1]:
            cells.pop()
        return _STATE_JSON(cells)

    @classmethod
    def from_json(cls, text: str) -> State:
        """A state from ``to_json`` (or the object a ledger from before m009 stored)."""
        d = json.loads(text)
        if isinstance(d, dict):
            d = [d["next_dealer"], d["hands"], d["radl"], d["holz"], d["pot"], d.get("final", 0), d.get("boost", 0)]
        d += _STATE_DEFAULTS[len(d) :]
        return cls(d[0], d[1], tuple(d[2]), tuple(d[3].items()), Fraction(d[4]), d[5], d[6], d[7])


_STATE_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_JSON_TEXT = json.encoder.encode_basestring  # a str as JSON writes it (ensure_ascii=False)
# What State.to_json leaves off the end: a cell at its default.
_STATE_DEFAULTS: list = [None, None, [], {}, "0", 0, 0, 0]


def initial_state(
    rules: Rules, players: tuple[str, ...], dealer: str | None = None, pot: Fraction = Fraction(0)
) -> State:
    radl = (rules.first_hands_double,) if rules.first_hands_double else ()
    holz = tuple((p, 0) for p in players) if rules.holz else ()
    return State(dealer or players[0], 0, radl, holz, Fraction(pot))


class Outcome(NamedTuple):
    """What one entry did: its items and payments, and the state after it."""

    kind: str
    dealer: str | None
    hand: Hand | None
    table: Table | None
    items: tuple[Item, ...]
    payments: tuple[tuple[str, Exact], ...]
    radl_factor: int
    state: State
    score: Score | None = None
    player: str | None = None
    notes: tuple[str, ...] = ()
    schrift: Score | None = None  # the Schrift (written score), where a rule makes it differ from the money


def radl_hands(rules: Rules, players: tuple[str, ...]) -> int:
    """How many deals one Radl doubles (rule ``radl_length``)."""
    return len(players) if rules.radl_length == "players" else int(rules.radl_length)


def _add_radl(rules: Rules, state: State, n: int, within_final: bool = False) -> State:
    """A Radl of ``n`` deals starts: it runs beside the running one (x4,
    ``radl_stack``) or queues behind it. While the evening's final Radl runs,
    nothing may queue past its end: the new Radl is stacked onto the final
    Radl's remaining hands, which count double again (RULINGS.md Later
    rulings; hausrunde-skuesradl.txt:66). ``within_final``: the Radl ends
    inside the final one (a doubled next hand), so where Radls stack it runs
    beside it like any other."""
    if state.final and not (within_final and rules.radl_stack):
        return state._replace(boost=state.boost + 1)
    if rules.radl_stack or not state.radl:
        return state._replace(radl=state.radl + (n,))
    return state._replace(radl=state.radl[:-1] + (state.radl[-1] + n,))


def ends_evening(before: State, after: State) -> bool:
    """Whether the deal from ``before`` to ``after`` was the last of the
    evening's final Radl (the Sküsradl, hausrunde-skuesradl.txt:65: "die
    letzten 4 Spiele"): a hand after it is one past the evening's end."""
    return before.final == 1 and after.final == 0


def radl_factor(rules: Rules, state: State) -> int:
    if not state.radl:
        return 1
    factor = 2 ** len(state.radl) if rules.radl_stack else 2
    return factor * 2**state.boost if state.final else factor


# A payment is kept as a whole number of 1/2520 points in 64 bits (ledger, payments.points_x2520): the
# rules' values keep it there (rules.VALUE_MAX) unless Radls double them past it; below this factor no
# hand comes near it, so only a hand doubled further is measured.
FACTOR_CHECKED = 2**20
UNITS_KEPT = 2**63 - 1


def radl_refused(rules: Rules, after: State) -> str | None:
    """Why a Radl entered now is refused: it would make more Radls double
    the same hands than the rule ``radl_stack_max`` allows (``after``: the
    state with it); None where it may start. Only a Radl entered is asked
    (the service), never one replayed: a stored evening plays as stored."""
    factor, most = radl_factor(rules, after), 2**rules.radl_stack_max
    if factor <= most:
        return None
    return _(
        "a Radl now would make the next hands count x{factor}; these rules let {n} Radls double the same hands at most (x{most}, rule radl_stack_max): play the doubled hands first"
    ).format(factor=factor, n=rules.radl_stack_max, most=most)


def _kept_whole(payments: Iterable[Exact], factor: int) -> None:
    """A hand whose payments the ledger cannot keep (more than 64 bits of
    1/2520 points: Radls doubled it x``factor``) is refused, not written half."""
    from .points import POINT_UNITS

    if any(abs(Fraction(v)) * POINT_UNITS > UNITS_KEPT for v in payments):
        raise HandError(
            [
                _(
                    "the hand's payments are too large to keep: the Radls double it x{factor}; take a Radl back (schreiber entry void eN)"
                ).format(factor=factor)
            ]
        )


def _start_radl(rules: Rules, players: tuple[str, ...], state: State, entry: Entry) -> Outcome:
    """A Radl entry (``record`` {"final": true}: the evening's last, the Sküsradl)."""
    new = _add_radl(rules, state, radl_hands(rules, players))
    if (entry.record or {}).get("final") and not state.final:
        new = new._replace(final=max(new.radl))
    if entry.player:  # the Sküsradl starts at the Sküs holder's deal (hausrunde.txt:65)
        new = new._replace(next_dealer=entry.player)
    return Outcome("radl", entry.player, None, None, (), (), 1, new, player=entry.player)


class Entry(NamedTuple):
    """One entry of an evening: a hand, the start of a Radl (``player``: at
    whose deal), a redeal, a penalty point (``player``: the offender), or
    a round's totals written on paper (``record`` {"schrift": {name: N}})."""

    kind: str = "hand"
    record: dict | None = None
    player: str | None = None

    @classmethod
    def hand(cls, record: dict) -> Entry:
        return cls("hand", record)

    @classmethod
    def of(cls, data: Entry | dict) -> Entry:
        """An entry from its JSON shape {"kind": ..., "record": ..., "player": ...}."""
        if isinstance(data, Entry):
            return data
        return cls(data.get("kind", "hand"), data.get("record"), data.get("player"))


def step(rules: Rules, players: tuple[str, ...], state: State, entry: Entry) -> Outcome:
    """Score one entry from the state before it."""
    out = _step(rules, players, state, entry)
    if not rules.bounded:  # a rules file of the first release, whose whole numbers had no bound
        _keepable(out)
    return out


def _keepable(out: Outcome) -> None:
    """Payments the ledger can keep (each a 64-bit number of 1/2520 points):
    rules whose whole numbers have no bound can ask for more."""
    for p, v in out.payments:
        if not -KEEPABLE <= v <= KEEPABLE:
            raise HandError(
                [
                    _(
                        "{player}'s payment of {points} points is more than the ledger can keep; lower the "
                        "values of the rules file (one of the first release, which took any number)"
                    ).format(player=p, points=format_points(Fraction(-v if v < 0 else v)))
                ]
            )


def _step(rules: Rules, players: tuple[str, ...], state: State, entry: Entry) -> Outcome:
    if entry.kind == "totals":
        return _totals(players, state, entry.record)
    if state.paper and entry.kind in ("hand", "radl", "redeal"):
        raise HandError(
            [
                _(
                    "this round's totals are entered from paper, so it takes no hands; correct them (cup score), or take them back first (undo)"
                )
            ]
        )
    if entry.kind == "radl":
        return _start_radl(rules, players, state, entry)
    if entry.kind == "dealt":
        return _dealt(rules, players, state, entry.record or {})
    if entry.kind == "redeal":
        return Outcome("redeal", state.next_dealer, None, None, (), (), 1, state)
    if entry.kind == "strafpunkt":
        return _strafpunkt(rules, players, state, entry.player or "")
    if entry.kind != "hand":
        raise HandError([_("unknown entry kind '{kind}'").format(kind=entry.kind)])
    return _hand(rules, players, state, entry.record)


def _totals(players: tuple[str, ...], state: State, record: object) -> Outcome:
    """A round's totals as the paper's Schrift has them (ooe-2023.md §11:
    each player's Schrift of the round): every player of the table once, whole
    points adding up to nothing. They are the money too (paper writes no
    Kontra apart), and no hand: the round is played, its deals are not known."""
    if state.hands:
        raise HandError(
            [
                _(
                    "this evening has hands already; paper totals stand for a whole round: enter the rest as hands, or void the hands first (hand void N)"
                )
            ]
        )
    if state.paper:
        raise HandError([_("this round's totals are entered already; correct them rather than adding more")])
    schrift = record.get("schrift") if isinstance(record, dict) and len(record) == 1 else None
    if not isinstance(schrift, dict) or len(schrift) != len(players) or set(schrift) != set(players):
        raise HandError([_("paper totals name every player of the table once")])  # in any order: JSON keeps none
    if not all(type(v) is int for v in schrift.values()) or sum(schrift.values()):
        raise HandError([_("paper totals are whole points adding up to zero")])
    payments = tuple((p, schrift[p]) for p in players)
    return Outcome("totals", None, None, None, (), payments, 1, state._replace(paper=1))


def _dealt(rules: Rules, players: tuple[str, ...], state: State, record: dict) -> Outcome:
    """A hand struck from the sheet afterwards (``hand void``): it counts
    nothing, but it was dealt, so the deal passes on and it keeps its place
    in a running Radl (RULINGS.md Later rulings: a Radl counts deals);
    under ``void_was_dealt = false`` (evenings of the first rules format) it
    is struck as if it had never been dealt."""
    if not rules.void_was_dealt:
        return Outcome("dealt", None, None, None, (), (), radl_factor(rules, state), state)
    recorded = record.get("dealer")
    dealer = recorded if isinstance(recorded, str) and recorded in players else state.next_dealer
    table = Table(players, dealer)
    new = _after_deal(state, table.next_dealer(), state.hands, state.holz, state.pot)
    return Outcome("dealt", dealer, None, None, (), (), radl_factor(rules, state), new)


def _after_deal(state: State, next_dealer: str, hands: int, holz: tuple[tuple[str, int], ...], pot: Fraction) -> State:
    """The state after a deal: one deal of every running Radl used up, the other cells given."""
    final = max(state.final - 1, 0)
    radl = tuple(n - 1 for n in state.radl if n > 1) if state.radl else ()
    return State(next_dealer, hands, radl, holz, pot, final, state.boost if final else 0)


def _strafpunkt(rules: Rules, players: tuple[str, ...], state: State, offender: str) -> Outcome:
    v = Fraction(rules.strafpunkt)
    from .engine import Item, one_against_all

    pay = one_against_all(-v, offender, players)
    item = Item("strafpunkt", f"Strafpunkt für {offender}", v, (), tuple(sorted(pay.items())))
    return Outcome("strafpunkt", None, None, None, (item,), tuple(pay.items()), 1, state, player=offender)


def _stake(rules: Rules, pot: Fraction, dealer: str) -> Item | None:
    """The dealer's stake into the Pagat pot (RULINGS.md Pagatkassa)."""
    if not rules.pagatkassa:
        return None
    stake: Exact = rules.pagatkassa + (rules.pagatkassa_start if pot == 0 else 0)
    if rules.pagatkassa_cap:
        stake = max(0, min(stake, rules.pagatkassa_cap - pot))
    from .engine import Item

    return Item("stake", f"Einsatz Pagatkassa ({dealer} gibt)", stake, (), ((dealer, -stake),)) if stake else None


@cache
def _scoring() -> tuple[Callable[..., tuple[Hand, Table]], type[Context], Callable[..., Score]]:
    """The record check and the engine, imported at the first hand scored and kept."""
    from .engine import Context, score
    from .record import check_hand

    return check_hand, Context, score


def _hand(rules: Rules, players: tuple[str, ...], state: State, record: object) -> Outcome:
    check_hand, Context, score = _scoring()
    hand, table = check_hand(record, rules, players, state.next_dealer)
    stake = _stake(rules, state.pot, table.dealer)
    pot = state.pot + stake.base if stake else state.pot
    factor = radl_factor(rules, state)
    holders = tuple(p for p, n in state.holz if n > 0) if rules.holz else ()
    ctx = Context(factor, rules.radl_scope, holders, pot, rules.pagatkassa_cap)
    sc = score(hand, rules, table, ctx)
    payments: dict[str, Exact] = dict.fromkeys(players, 0)
    if stake:
        payments[table.dealer] -= stake.base
    for p, v in sc.payments:
        payments[p] += v
    if factor > FACTOR_CHECKED:
        _kept_whole(payments.values(), factor)
    new, notes = _after_hand(rules, players, state, hand, table, sc, pot + sc.pot_delta if sc.pot_delta else pot)
    schrift = _schrift(rules, hand, table, ctx, stake) if rules.schrift_kontra != "all" else None
    return Outcome(
        "hand",
        table.dealer,
        hand,
        table,
        (stake, *sc.items) if stake else sc.items,
        tuple(payments.items()),
        factor,
        new,
        sc,
        notes=notes,
        schrift=schrift,
    )


def _after_hand(
    rules: Rules, players: tuple[str, ...], state: State, hand: Hand, table: Table, sc: Score, pot: Fraction
) -> tuple[State, tuple[str, ...]]:
    """The state after a hand: Holz given and returned, the Radl used up and
    started again by its triggers, the pot, the next dealer."""
    holz = state.holz
    if rules.holz:  # RULINGS.md Holz: one for everyone after a Trischaken; a winning declarer gives one back
        counts = dict(holz)
        if rules.contracts[hand.contract].kind == "trischaken":
            for p in table.active:
                counts[p] = counts.get(p, 0) + 1
        else:
            for d, won in sc.declarer_won:
                if won and counts.get(d, 0) > 0 and not hand.renonce:
                    counts[d] -= 1
        holz = tuple(counts.items())
    new = _after_deal(state, table.next_dealer(), state.hands + 1, holz, pot)
    if not sc.events:  # most hands start no Radl
        return new, ()
    notes = []
    for trigger, event in (
        ("radl_after_trischaken", "trischaken"),
        ("radl_after_catch", "catch"),
        ("radl_after_split", "split"),
    ):
        if rules.setting(trigger) and event in sc.events:
            nxt = event == "catch" and rules.catch_doubles == "next"  # the next hand doubled: a Radl of one deal
            boost = new.boost
            new = _add_radl(rules, new, 1 if nxt else radl_hands(rules, players), within_final=nxt)
            stacked = f", aufs letzte Radl aufgeschlagen ({new.final} Spiele)" if new.boost > boost else ""
            notes.append(f"{'nächstes Spiel doppelt' if nxt else 'Radl'} nach {event}{stacked}")
    return new, tuple(notes)


def _schrift(rules: Rules, hand: Hand, table: Table, ctx: Context, stake: Item | None) -> Score:
    """The hand as the Schrift writes it: scored again with only the Kontra
    levels the rule ``schrift_kontra`` counts (Skoty Trophy,
    tirol-koenigrufen-de-luxe.txt:86: the simple one; ooe-2023.md §5.2:
    none); the dealer's Pagat stake is on it as on the money."""
    from .engine import counted_kontra, score, without_kontra

    written = score(without_kontra(counted_kontra(hand, rules, table), rules.schrift_kontra), rules, table, ctx, True)
    pays: dict[str, Exact] = dict.fromkeys(table.players, 0)  # every seat, as the money has it
    for p, v in written.payments:
        pays[p] += v
    if not stake:
        return written._replace(payments=tuple(pays.items()))
    pays[table.dealer] -= stake.base
    return written._replace(items=(stake, *written.items), payments=tuple(pays.items()))


def step_or_none(rules: Rules, players: tuple[str, ...], state: State, entry: Entry) -> Outcome | None:
    """``step``, or None where a stored entry no longer scores (an older
    schreiber's record that today's check refuses); any other error is a bug."""
    try:
        return step(rules, players, state, entry)
    except HandError:
        return None


def replay(
    rules: Rules,
    players: tuple[str, ...],
    entries: list[Entry],
    start: State,
    first: int | Callable[[], int] = 1,
) -> list[Outcome]:
    """Score a whole evening from its start (or its entries from number
    ``first`` on, from the state before them); raises HandError naming the
    entry. ``first`` may be a function giving the number, asked only when an
    entry fails (counting the entries before can read the whole evening)."""
    out = []
    state = start
    for i, entry in enumerate(entries):
        try:
            o = step(rules, players, state, entry)
        except HandError as exc:
            n = i + (first() if callable(first) else first)
            raise HandError([_("entry {n}: {problem}").format(n=n, problem=p) for p in exc.problems]) from None
        out.append(o)
        state = o.state
    return out


def balances(players: tuple[str, ...], outcomes: list[Outcome]) -> dict[str, Fraction]:
    total = {p: Fraction(0) for p in players}
    for o in outcomes:
        for p, v in o.payments:
            total[p] += v
    return total
