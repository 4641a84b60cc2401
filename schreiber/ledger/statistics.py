"""The queries behind ``schreiber stats``: GROUP BYs over narrow rows.

Every figure comes from the rollups (``rollups.py``), or from ``payments``
and the statistics tables (``hand_rows.py``), grouped per evening first
(the evenings in range kept in a temporary table), then per player; no
hand is replayed. ``reports/stats.py`` turns the rows into the report.
"""

from __future__ import annotations

import json
import sqlite3
from fractions import Fraction
from typing import NamedTuple

from . import rollups
from .stored import DateRange


class StatsEvening(NamedTuple):
    id: int
    date: str
    players: tuple[int, ...]
    tarif_cents: int
    start_pot: Fraction
    pot_rule: str  # pagatkassa_end: carry | split


class Extreme(NamedTuple):
    """A player's best or worst evening: its points (1/2520), number and date."""

    units: int
    evening: int
    date: str


class Money(NamedTuple):
    """A player's points and money over the evenings in range (those with
    points at which he sat): the points counted (the money's, or the
    Schrift's where asked for) in 1/2520, the money in cents, each evening
    settled as ``settle`` settles it, and his best and worst evening by
    those points (ties: the earliest)."""

    units: int
    cents: int
    best: Extreme
    worst: Extreme


class StatsRows(NamedTuple):
    """Every aggregate the statistics need, as rows; players by id in ``names``."""

    names: dict[int, str]
    evenings: int  # evenings in range with points
    money: dict[int, Money]  # player -> his points and money
    roles: list[tuple[int, str, int | None, int]]  # player, role (or '#evenings'), won, hands
    declarer_contracts: list[tuple[int, str, int | None, int]]  # player, contract, won, hands
    contracts: list[tuple[str, int | None, int]]  # contract, won, hands
    premiums_by_side: list[tuple[str, str, str | None, str | None, int, int, int]]
    premiums: list[tuple[str, int, int, int, int, int]]  # premium, played, announced, ann. made, silent made, kontra
    kontras: list[tuple[int, str, int, int]]  # player, kontra|re, given, won
    sides: list[tuple[str, str, int, int]]  # declarer's side, opponents (player ids), won, hands
    schrift: bool = False  # the points are the Schrift's


# The hands' rows have no index by evening (m011; payments since m012): found by their entries.
ENTRIES_IN_RANGE = (
    "{t}.entry_id in (select e.id from entries e where e.evening_id in (select id from temp.stats_evenings))"
)
TEMP_TABLES = ("stats_evenings", "stats_years", "stats_rest")


def read_statistics(conn: sqlite3.Connection, rng: DateRange, schrift: bool = False, full: bool = False) -> StatsRows:
    """All the statistics' rows for the evenings in ``rng`` (``full``: summed
    from every hand's rows, not from the rollups)."""
    try:
        return _read(conn, rng, schrift, full)
    finally:
        for table in TEMP_TABLES:
            conn.execute(f"drop table if exists temp.{table}")


def _in_range(conn: sqlite3.Connection, rng: DateRange) -> None:
    """The evenings in range, one by one, into ``temp.stats_evenings``."""
    sel, params = rng.sql()
    conn.execute("create temp table stats_evenings (id integer primary key)")
    conn.execute(f"insert into temp.stats_evenings {sel}", params)


def _void_filter(conn: sqlite3.Connection) -> str:
    """A condition leaving out voided entries' rows, where any still has some (normally none does)."""
    stale = conn.execute(
        "select exists(select 1 from entries e where e.status != 'active' and ("
        "exists(select 1 from payments p where p.entry_id = e.id) or "
        "exists(select 1 from results r where r.entry_id = e.id)))"
    ).fetchone()[0]
    return " and {t}.entry_id not in (select id from entries where status != 'active')" if stale else ""


def _read(conn: sqlite3.Connection, rng: DateRange, schrift: bool, full: bool = False) -> StatsRows:
    """The rows from the rollups, or with ``full`` (or where a voided entry still has rows) from every hand's rows."""
    void = _void_filter(conn)
    if not void and not full:
        return _read_rollups(conn, rng, schrift)
    _in_range(conn, rng)

    def where(t: str) -> str:  # the rows of the derived table ``t`` (its alias) in range
        return ENTRIES_IN_RANGE.format(t=t) + void.format(t=t)

    points = conn.execute(POINTS.format(pay=where("pay"))).fetchall()
    written = conn.execute(SCHRIFT.format(pay=where("pay"))).fetchall() if schrift else points
    evenings, money = settled(_evenings(conn), points, written)
    parts = {r.table: rollups.per_evening(r, where(rollups.alias(r))) for r in rollups.ROLLUPS}
    roles = parts["roll_roles"]
    parts["evenings"] = f"(select player_id, count(distinct evening_id) as evenings from {roles} group by player_id)"
    return StatsRows._make([_names(conn), evenings, money, *_rolled(conn, parts), schrift])


def settled(
    evenings: list[StatsEvening], points: list[tuple[int, int, int]], scored: list[tuple[int, int, int]]
) -> tuple[int, dict[int, Money]]:
    """The evenings with points and each player's ``Money`` from the points
    per evening and player (``points``: the money's; ``scored``: what the
    ranking counts), every evening settled as ``rollups.settle`` does."""
    per: dict[int, dict[int, int]] = {ev.id: {} for ev in evenings}
    for eid, pid, x in points:
        per[eid][pid] = x
    counted: dict[int, dict[int, int]] = {ev.id: {} for ev in evenings}
    for eid, pid, x in scored:
        counted[eid][pid] = x
    units: dict[int, int] = {}
    cents: dict[int, int] = {}
    best: dict[int, Extreme] = {}
    worst: dict[int, Extreme] = {}
    for ev in sorted(evenings, key=lambda e: (e.date, e.id)):
        got = per[ev.id]
        if not got:
            continue
        seated = tuple(ev.players)
        money = rollups.evening_money(seated, got, ev.tarif_cents, ev.start_pot, ev.pot_rule)
        for p in seated:
            v = counted[ev.id].get(p, 0)
            units[p] = units.get(p, 0) + v
            cents[p] = cents.get(p, 0) + money[p]
            if p not in best or v > best[p].units:
                best[p] = Extreme(v, ev.id, ev.date)
            if p not in worst or v < worst[p].units:
                worst[p] = Extreme(v, ev.id, ev.date)
    return sum(1 for got in per.values() if got), {p: Money(units[p], cents[p], best[p], worst[p]) for p in units}


def _names(conn: sqlite3.Connection) -> dict[int, str]:
    return dict(conn.execute("select id, name from players").fetchall())


def _evenings(conn: sqlite3.Connection) -> list[StatsEvening]:
    """The evenings in range, with what settling them needs (players by id)."""
    ids = {name: pid for pid, name in _names(conn).items()}
    return [
        StatsEvening(eid, date, tuple(ids[p] for p in json.loads(seating)), tarif, Fraction(start_pot or "0"), rule)
        for eid, date, seating, tarif, start_pot, rule in conn.execute(EVENINGS)
    ]


def _read_rollups(conn: sqlite3.Connection, rng: DateRange, schrift: bool) -> StatsRows:
    rollups.read_range(conn, rng.since, rng.until)
    parts = {r.table: rollups.in_range(r) for r in rollups.ROLLUPS}
    parts["evenings"] = rollups.EVENINGS_IN_RANGE
    evenings = conn.execute(ROLLED_EVENINGS).fetchone()[0]
    money = _rolled_money(conn, conn.execute(ROLLED["money"]).fetchall(), schrift, rng)
    return StatsRows._make([_names(conn), evenings, money, *_rolled(conn, parts), schrift])


def _rolled(conn: sqlite3.Connection, parts: dict[str, str]) -> list[list]:
    """The rows of StatsRows' fields from ``roles`` on, grouped per player (or contract, premium, sides) from
    ``parts``: each rollup's rows per evening or year (``{roll_roles}``, ...) and each player's evenings."""
    return [conn.execute(ROLLED[k].format(**parts)).fetchall() for k in StatsRows._fields[3:-1]]


def _rolled_money(
    conn: sqlite3.Connection, sums: list[tuple[int, int, int, int]], schrift: bool, rng: DateRange
) -> dict[int, Money]:
    """Each player's ``Money`` from the sums, his best and worst evening from the index by points."""
    column = "schrift_x2520" if schrift else "points_x2520"
    out = {}
    for pid, points, written, cents in sums:
        best, worst = (_extreme(conn, pid, column, order, rng) for order in ("desc", "asc"))
        out[pid] = Money(written if schrift else points, cents, best, worst)
    return out


def _extreme(conn: sqlite3.Connection, player_id: int, column: str, order: str, rng: DateRange) -> Extreme:
    """The player's highest (``desc``) or lowest (``asc``) points of an
    evening in range, on the earliest evening of those points."""
    index = "roll_points_by_schrift" if column == "schrift_x2520" else "roll_points_by_points"
    every = rng.since is None and rng.until is None
    in_range = "" if every else "and " + rollups.DATE_IN_RANGE
    row = conn.execute(
        f"select r.{column}, ev.id, ev.date from roll_points r indexed by {index} cross join evenings ev "
        f"on ev.id = r.evening_id where r.player_id = ?3 {in_range.format(ev='ev')} and r.{column} = ("
        f"  select x.{column} from roll_points x indexed by {index} cross join evenings e on e.id = x.evening_id "
        f"  where x.player_id = ?3 {in_range.format(ev='e')} order by x.{column} {order} limit 1) "
        "order by ev.date, ev.id limit 1",
        [rng.since, rng.until, player_id],
    ).fetchone()
    return Extreme(*row)


# The same rows from the rollups (-1 and '' stand for NULL there).
ROLLED_EVENINGS = (
    "select (select coalesce(sum(c.evenings), 0) from temp.stats_years y cross join year_scored c on c.year = y.year)"
    " + (select count(*) from temp.stats_rest s where exists (select 1 from roll_points r where r.evening_id = s.id))"
)
ROLLED = {
    "money": """
        select player_id, sum(points_x2520), sum(schrift_x2520), sum(cents) from (
            select r.player_id, r.points_x2520, r.schrift_x2520, r.cents from temp.stats_years y
            cross join year_money r on r.year = y.year
            union all
            select r.player_id, r.points_x2520, r.schrift_x2520, r.cents from temp.stats_rest s
            cross join roll_points r on r.evening_id = s.id)
        group by player_id""",
    "roles": """
        select player_id, role, nullif(won, -1), sum(n) from {roll_roles} group by player_id, role, won
        union all
        select player_id, '#evenings', null, sum(evenings) from {evenings} group by player_id""",
    "declarer_contracts": """
        select player_id, contract, nullif(won, -1), sum(n) from {roll_declarers} where several = 0
        group by player_id, contract, won
        union all
        select player_id, contract, nullif(won, -1), sum(n) from {roll_declarers} where several = 1
        group by player_id, contract, won""",
    "contracts": "select contract, nullif(won, -1), sum(n) from {roll_contracts} group by contract, won",
    "premiums_by_side": """
        select premium, party, nullif(d_side, ''), nullif(o_side, ''), sum(announced), sum(announced_made),
               sum(silent_made)
        from {roll_premiums} group by premium, party, d_side, o_side""",
    "premiums": """
        select premium, sum(played), sum(announced), sum(announced_made), sum(silent_made), sum(kontra)
        from {roll_premiums} group by premium""",
    "kontras": "select player_id, role, sum(given), sum(won) from {roll_kontras} group by player_id, role",
    "sides": "select d_side, o_side, won, sum(n) from {roll_sides} group by d_side, o_side, won",
}

# The evenings in range, with what settlement needs.
EVENINGS = """
    select ev.id, ev.date, ev.seating_json, ev.tarif_cents, ev.start_pot, rs.pot_end
    from evenings ev indexed by evenings_stats join rule_sets rs on rs.id = ev.rule_set_id
    where ev.id in (select id from temp.stats_evenings)"""

# Points per player and evening: one GROUP BY over the evenings' payments.
POINTS = """
    select pay.evening_id, pay.player_id, sum(pay.points_x2520) from payments pay
    where {pay} group by pay.evening_id, pay.player_id"""
SCHRIFT = POINTS.replace("points_x2520", "schrift_x2520")
