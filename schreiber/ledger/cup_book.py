"""Tournaments (cups) in the ledger: the cup, its players, its tables (one
evening each), and the views that rank them (``v_cup_standings``,
``v_cup_points``, ``v_cup_season``, ``v_cup_result_list``), read by the
command line and Datasette alike; sums in exact units (points x 2520).
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from fractions import Fraction
from typing import NamedTuple

import sqlite_utils

from ..domain.names import name_key
from ..domain.points import from_units
from ..domain.rules import Rules
from ..domain.tournament import FIXED_POINTS, ROUNDS_MAX
from .codec import now_utc
from .errors import CupAmbiguous, NoSuchCup


def points(units: str) -> str:
    """Points for reading from a column in units of 1/2520: whole where whole, else to two places."""
    return f"(case when {units} % 2520 = 0 then {units} / 2520 else round({units} / 2520.0, 2) end)"


# Each round's column of the standings, and the rounds that break a tie (best first).
_ROUNDS = range(1, ROUNDS_MAX + 1)
_ROUND_SUMS = ", ".join(f"sum(case when r.round = {n} then r.schrift_x2520 end) as r{n}_x2520" for n in _ROUNDS)
_BEST_ROUNDS = ", ".join(f"max(case when k = {n} then s end) as b{n}" for n in _ROUNDS)
_TIE_BREAKS = ", ".join(f"coalesce(b.b{n}, 0) desc" for n in _ROUNDS)
_ROUND_DECIMALS = ", ".join(f"{points(f't.r{n}_x2520')} as r{n}" for n in _ROUNDS)
_ROUND_UNITS = ", ".join(f"t.r{n}_x2520" for n in _ROUNDS)
_RESULT_ROUNDS = ", ".join(f's.r{n} as "R{n}"' for n in _ROUNDS)


CUP_TABLES = """
create table cups (
    id integer primary key, uid text not null unique, name text not null unique, date text not null,
    season text not null, preset text not null, rules_json text not null, rounds integer not null,
    hands integer not null, hands_five integer not null, points_scheme text not null, best integer not null,
    seed integer not null, status text not null default 'open', created_utc text
);
create table cup_players (
    cup_id integer not null references cups(id), player_id integer not null references players(id),
    number integer not null, ort text, lot integer not null, primary key (cup_id, player_id)
);
create table cup_tables (
    cup_id integer not null references cups(id), round integer not null, table_no integer not null,
    evening_id integer not null unique references evenings(id), primary key (cup_id, round, table_no)
);
create table cup_fixed_points (place integer primary key, points integer not null);
"""

# The tables of a round drawn and taken back (``cup draw --undo``; m018): their evenings are kept, withdrawn.
WITHDRAWN_TABLES = """
create table cup_withdrawn_tables (
    cup_id integer not null references cups(id), round integer not null, table_no integer not null,
    evening_id integer not null unique references evenings(id), withdrawn_utc integer
)
"""

CUP_VIEWS = f"""
create view v_cup_rounds as
with sums as (
    select e.evening_id, pay.player_id, sum(pay.schrift_x2520) as s, sum(pay.points_x2520) as g,
           count(distinct pay.entry_id) as entries
    from entries e join payments pay on pay.entry_id = e.id
    where e.status = 'active' and e.evening_id in (select evening_id from cup_tables)
    group by e.evening_id, pay.player_id
)
select c.id as cup_id, c.name as cup, t.round, t.table_no, t.evening_id, p.name as player,
       coalesce(s.s, 0) as schrift_x2520, coalesce(s.g, 0) as geld_x2520,
       {points("coalesce(s.s, 0)")} as schrift, {points("coalesce(s.g, 0)")} as geld
from cup_tables t join cups c on c.id = t.cup_id
join evening_players ep on ep.evening_id = t.evening_id join players p on p.id = ep.player_id
left join sums s on s.evening_id = t.evening_id and s.player_id = p.id;

create view v_cup_standings as
with r as (
    select cup_id, round, player, schrift_x2520, geld_x2520,
           exists (select 1 from entries e where e.evening_id = v.evening_id and e.kind in ('hand', 'totals')
                   and e.status = 'active') as played
    from v_cup_rounds v
),
k as (
    select cup_id, player, schrift_x2520 as s,
           row_number() over (partition by cup_id, player order by schrift_x2520 desc) as k
    from r
),
b as (select cup_id, player, {_BEST_ROUNDS} from k group by cup_id, player),
t as (
    select c.id as cup_id, c.name as cup, pl.name as player, cp.ort, cp.lot,
           coalesce(sum(r.schrift_x2520), 0) as schrift_x2520, coalesce(sum(r.geld_x2520), 0) as geld_x2520,
           count(case when r.played then r.round end) as rounds_played, {_ROUND_SUMS}
    from cup_players cp join cups c on c.id = cp.cup_id join players pl on pl.id = cp.player_id
    left join r on r.cup_id = cp.cup_id and r.player = pl.name
    group by cp.cup_id, cp.player_id
)
select t.cup_id, t.cup,
       rank() over (partition by t.cup_id order by t.schrift_x2520 desc, {_TIE_BREAKS}, t.lot) as rank,
       t.player, t.ort, {points("t.schrift_x2520")} as schrift, {points("t.geld_x2520")} as geld,
       {_ROUND_DECIMALS}, t.rounds_played, t.lot, t.schrift_x2520, t.geld_x2520, {_ROUND_UNITS}
from t left join b on b.cup_id = t.cup_id and b.player = t.player;

create view v_cup_points as
select s.cup_id, s.cup, c.season, c.date, s.rank, s.player, s.schrift_x2520, s.rounds_played,
       case
           when s.rounds_played = 0 then 0
           when c.points_scheme = 'fixed' then coalesce(fp.points, 0)
           when s.schrift_x2520 <= 0 then 0
           when s.schrift_x2520 <= 100 * 2520 then s.schrift_x2520 / 2520
           else min(200, 100 + (s.schrift_x2520 - 100 * 2520) / 5040)
       end as cup_points
from v_cup_standings s join cups c on c.id = s.cup_id left join cup_fixed_points fp on fp.place = s.rank;

create view v_cup_result_list as
select s.cup, s.rank as "Rang", s.player as "Name", s.ort as "Ort", p.cup_points as "Cuppunkte",
       s.schrift as "Gesamt", {_RESULT_ROUNDS}, s.geld as "Geld"
from v_cup_standings s join v_cup_points p on p.cup_id = s.cup_id and p.player = s.player;

create view v_cup_season as
with pts as (
    select p.season, p.cup_id, p.player, p.cup_points,
           row_number() over (partition by p.season, p.player order by p.cup_points desc, p.date, p.cup_id) as k
    from v_cup_points p where p.rounds_played > 0
),
last as (
    select season, id as cup_id, best from cups c
    where id = (select c2.id from cups c2 where c2.season = c.season order by c2.date desc, c2.id desc limit 1)
),
tot as (
    select pts.season, pts.player, sum(case when pts.k <= last.best then pts.cup_points else 0 end) as points,
           sum(case when pts.k <= last.best then 1 else 0 end) as results, count(*) as played,
           (select f.rank from v_cup_points f where f.cup_id = last.cup_id and f.player = pts.player
            and f.rounds_played > 0) as final_rank
    from pts join last on last.season = pts.season group by pts.season, pts.player
)
select season, rank() over (partition by season order by points desc, coalesce(final_rank, 1000000)) as rank,
       player, points, results, played, final_rank
from tot;
"""


def create_schema(db: sqlite_utils.Database) -> None:
    """The cup tables, the fixed points of ooe-2023.md §11.2 and the views."""
    for statement in _statements(CUP_TABLES):  # not executescript: it would commit the migration's transaction
        db.conn.execute(statement)
    db.conn.executemany(
        "insert into cup_fixed_points (place, points) values (?, ?)",
        [(place, pts) for place, pts in enumerate(FIXED_POINTS, start=1)],
    )
    for statement in _statements(CUP_VIEWS):
        db.conn.execute(statement)


def cup_ranking_views() -> list[tuple[str, str]]:
    """(name, statement) of the views over ``v_cup_rounds``, in order (m015 and m017 make them anew)."""
    statements = _statements(CUP_VIEWS)[1:]
    return [(s.split()[2], s) for s in statements]


def cup_rounds_view() -> str:
    """The statement that makes ``v_cup_rounds`` (m012 makes it anew)."""
    return _statements(CUP_VIEWS)[0]


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";\n") if s.strip()]


class Cup(NamedTuple):
    """A tournament as registered: its rules, rounds, seed and season."""

    id: int
    name: str
    date: str
    season: str
    preset: str
    rules_json: str
    rounds: int
    hands: int
    hands_five: int
    points_scheme: str
    best: int
    seed: int
    status: str


class CupTable(NamedTuple):
    """One table of one round: its evening, seating and hands played, or
    whether its round's totals were entered from paper (``paper``)."""

    round: int
    table_no: int
    evening_id: int
    players: tuple[str, ...]
    hands: int
    status: str
    paper: bool = False


class WithdrawnTable(NamedTuple):
    """A table of a round drawn and taken back (``cup draw --undo``): its evening is kept, withdrawn."""

    round: int
    table_no: int
    evening_id: int
    players: tuple[str, ...]


class StandingRow(NamedTuple):
    rank: int
    player: str
    ort: str | None
    schrift: Fraction
    geld: Fraction
    rounds: tuple[Fraction, ...]
    rounds_played: int
    cup_points: int
    cents: int  # the money of the player's tables, each settled at its tarif (``roll_points``)


class SeasonRow(NamedTuple):
    rank: int
    player: str
    points: int
    results: int
    played: int
    final_rank: int | None


_CUP_COLUMNS = ", ".join(Cup._fields)


class CupBook:
    """The cups of one open ledger (``Ledger.cups``): every query and write
    about tournaments; writes run inside the ledger's transaction."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def insert(self, name: str, date: str, season: str, rules: Rules, seed: int) -> int:
        cur = self.conn.execute(
            "insert into cups (uid, name, date, season, preset, rules_json, rounds, hands, hands_five, points_scheme, "
            "best, seed, status, created_utc) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?)",
            [uuid.uuid4().hex, name, date, season, rules.preset, rules.to_json(), rules.cup_rounds, rules.cup_hands,
             rules.cup_hands_five, rules.cup_points, rules.cup_best, seed, now_utc()],
        )  # fmt: skip
        assert cur.lastrowid is not None
        return cur.lastrowid

    def insert_player(self, cup_id: int, player_id: int, number: int, ort: str | None, lot: int) -> None:
        self.conn.execute(
            "insert into cup_players (cup_id, player_id, number, ort, lot) values (?, ?, ?, ?, ?)",
            [cup_id, player_id, number, ort, lot],
        )

    def insert_table(self, cup_id: int, round_no: int, table_no: int, evening_id: int) -> None:
        self.conn.execute(
            "insert into cup_tables (cup_id, round, table_no, evening_id) values (?, ?, ?, ?)",
            [cup_id, round_no, table_no, evening_id],
        )

    def names(self) -> list[str]:
        return [r[0] for r in self.conn.execute("select name from cups order by date, id")]

    def find(self, name: str | None) -> Cup:
        """The cup named (in any case), or the one cup whose name begins so
        ("rtc sch" is "RTC Schlierbach 2026"); without a name the latest open
        one, else the latest. A beginning several names share is refused,
        naming them."""
        sql = f"select {_CUP_COLUMNS} from cups "
        if name is None:
            row = self.conn.execute(sql + "order by status = 'open' desc, date desc, id desc limit 1").fetchone()
        else:
            names = self.names()
            key = name_key(name)
            whole = [n for n in names if name_key(n) == key]
            begun = whole or [n for n in names if key and name_key(n).startswith(key)]
            if len(begun) > 1:
                raise CupAmbiguous(name, begun)
            row = self.conn.execute(sql + "where name = ?", begun).fetchone() if begun else None
        if row is None:
            raise NoSuchCup(name, self.names())
        return Cup(*row)

    def places(self) -> dict[str, tuple[str, int]]:
        """The player register: each player who played a tournament, by
        name, with his place of residence as last registered (the latest
        tournament that gave one; "" where none did) and how many
        tournaments he was registered for."""
        rows = self.conn.execute(
            "select p.name, coalesce((select cp2.ort from cup_players cp2 join cups c2 on c2.id = cp2.cup_id "
            "  where cp2.player_id = p.id and cp2.ort is not null order by c2.date desc, c2.id desc limit 1), ''), "
            "count(*) from cup_players cp join players p on p.id = cp.player_id group by p.id"
        ).fetchall()
        return {name: (ort, n) for name, ort, n in rows}

    def players(self, cup_id: int) -> list[str]:
        registered = "select p.name from cup_players cp join players p on p.id = cp.player_id where cp.cup_id = ?"
        return [r[0] for r in self.conn.execute(f"{registered} order by cp.number", [cup_id])]

    def tables(self, cup_id: int) -> list[CupTable]:
        """Every table drawn so far, by round and table, with its hands played."""
        rows = self.conn.execute(
            "select t.round, t.table_no, t.evening_id, ev.seating_json, ev.status, "
            "(select count(*) from entries e where e.evening_id = t.evening_id and e.kind = 'hand' "
            " and e.status = 'active'), "
            "exists (select 1 from entries e where e.evening_id = t.evening_id and e.kind = 'totals' "
            " and e.status = 'active') "
            "from cup_tables t join evenings ev on ev.id = t.evening_id where t.cup_id = ? order by t.round, t.table_no",
            [cup_id],
        ).fetchall()
        return [CupTable(r[0], r[1], r[2], tuple(json.loads(r[3])), r[5], r[4], bool(r[6])) for r in rows]

    def entries_standing(self, cup_id: int, round_no: int) -> dict[int, int]:
        """The entries that stand (hands, totals from paper, Radl, ...) in
        each table of the round, by its evening: a round with none is not begun."""
        rows = self.conn.execute(
            "select t.evening_id, (select count(*) from entries e where e.evening_id = t.evening_id "
            "and e.status = 'active') from cup_tables t where t.cup_id = ? and t.round = ?",
            [cup_id, round_no],
        )
        return dict(rows.fetchall())

    def withdraw(self, cup_id: int, round_no: int) -> None:
        """The round's tables taken back: kept in ``cup_withdrawn_tables``, no longer the round's."""
        self.conn.execute(
            "insert into cup_withdrawn_tables (cup_id, round, table_no, evening_id, withdrawn_utc) "
            "select cup_id, round, table_no, evening_id, ? from cup_tables where cup_id = ? and round = ?",
            [now_utc(), cup_id, round_no],
        )
        self.conn.execute("delete from cup_tables where cup_id = ? and round = ?", [cup_id, round_no])

    def withdrawn(self, cup_id: int) -> list[WithdrawnTable]:
        """The tables of every round drawn and taken back, as they were drawn."""
        rows = self.conn.execute(
            "select w.round, w.table_no, w.evening_id, ev.seating_json from cup_withdrawn_tables w "
            "join evenings ev on ev.id = w.evening_id where w.cup_id = ? order by w.evening_id",
            [cup_id],
        )
        return [WithdrawnTable(r[0], r[1], r[2], tuple(json.loads(r[3]))) for r in rows.fetchall()]

    def withdrawn_table(self, evening_id: int) -> tuple[Cup, WithdrawnTable, int | None] | None:
        """The cup whose withdrawn table an evening is, the table, and the
        evening that table is now (its round drawn again), if it is one."""
        row = self.conn.execute(
            "select w.cup_id, w.round, w.table_no, ev.seating_json, "
            "(select t.evening_id from cup_tables t where t.cup_id = w.cup_id and t.round = w.round "
            " and t.table_no = w.table_no) "
            "from cup_withdrawn_tables w join evenings ev on ev.id = w.evening_id where w.evening_id = ?",
            [evening_id],
        ).fetchone()
        if row is None:
            return None
        cup = Cup(*self.conn.execute(f"select {_CUP_COLUMNS} from cups where id = ?", [row[0]]).fetchone())
        return cup, WithdrawnTable(row[1], row[2], evening_id, tuple(json.loads(row[3]))), row[4]

    def table_of_evening(self, evening_id: int) -> tuple[Cup, CupTable] | None:
        """The cup table an evening is, if it is one."""
        row = self.conn.execute(
            "select cup_id, round, table_no from cup_tables where evening_id = ?", [evening_id]
        ).fetchone()
        if row is None:
            return None
        cup = Cup(*self.conn.execute(f"select {_CUP_COLUMNS} from cups where id = ?", [row[0]]).fetchone())
        table = next(t for t in self.tables(cup.id) if t.round == row[1] and t.table_no == row[2])
        return cup, table

    def set_status(self, cup_id: int, status: str) -> None:
        self.conn.execute("update cups set status = ? where id = ?", [status, cup_id])

    def standings(self, cup_id: int, rounds: int) -> list[StandingRow]:
        """The ranking by Schrift (``v_cup_standings``) with each player's cup points."""
        per_round = ", ".join(f"s.r{n}_x2520" for n in range(1, rounds + 1))
        rows = self.conn.execute(
            f"select s.rank, s.player, s.ort, s.schrift_x2520, s.geld_x2520, s.rounds_played, p.cup_points, {per_round} "
            "from v_cup_standings s join v_cup_points p on p.cup_id = s.cup_id and p.player = s.player "
            "where s.cup_id = ? order by s.rank, s.player",
            [cup_id],
        ).fetchall()
        money = (
            "select p.name, sum(r.cents) from cup_tables t join roll_points r on r.evening_id = t.evening_id "
            "join players p on p.id = r.player_id where t.cup_id = ? group by p.name"
        )
        cents = dict(self.conn.execute(money, [cup_id]).fetchall())
        return [
            StandingRow(r[0], r[1], r[2], from_units(r[3]), from_units(r[4]),
                        tuple(from_units(x or 0) for x in r[7:]), r[5], r[6], cents.get(r[1], 0))
            for r in rows
        ]  # fmt: skip

    def season(self, name: str) -> list[SeasonRow]:
        rows = self.conn.execute(
            "select rank, player, points, results, played, final_rank from v_cup_season where season = ? "
            "order by rank, player",
            [name],
        ).fetchall()
        return [SeasonRow(*r) for r in rows]

    def seasons(self) -> list[str]:
        return [r[0] for r in self.conn.execute("select season from cups group by season order by max(date), max(id)")]

    def season_cups(self, name: str) -> list[Cup]:
        cups = self.conn.execute(f"select {_CUP_COLUMNS} from cups where season = ? order by date, id", [name])
        return [Cup(*r) for r in cups]
