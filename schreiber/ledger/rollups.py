"""Rollups of the statistics rows: what ``schreiber stats`` sums, summed
already per evening (``roll_*``) and per year (``year_*``; the year ``'*'``,
``EVERY_YEAR``, holds every year's sums together).

A row per evening (or year) and group (player, role, contract, premium,
sides ...) with its counts: the first step of ``statistics.py``, which then
groups per player. A date range is read as the years it holds whole plus
the evenings of the years it cuts (``read_range``), every evening as the
``'*'`` rows alone, so a club's decades cost a few rows per year, or none.
Points stay per evening: money is settled evening by evening.
``year_evenings`` counts each player's evenings in a year, ``year_scored``
the evenings with points.

Kept in the transaction that writes the derived rows (``replace_rows``):
the counts of the rows replaced taken away, those of the rows written
added, so a write costs what it changes, not what its year holds
(docs/benchmarks.md, "Rollups rebuilt by their own SQL"). Closing and
reopening an evening changes no rollup. A NULL key cell is stored as -1
(numbers) or '' (text), which the queries turn back. An evening's year is
the first four characters of its date. ``tests/ledger/test_rollups.py``
checks them against a full recomputation after random corrections.
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import NamedTuple

from ..domain.money import evening_cents
from ..domain.points import POINT_UNITS
from .hand_rows import COLUMNS, Rows
from .rollup_counts import Groups, counted


class Rollup(NamedTuple):
    table: str
    keys: tuple[str, ...]  # after evening_id
    sums: tuple[str, ...]
    select: str  # evening_id, *keys, *sums of the derived rows where {where}, grouped


ROLLUPS = (
    Rollup(
        "roll_points",
        ("player_id",),
        ("points_x2520", "schrift_x2520"),
        "select pay.evening_id, pay.player_id, sum(pay.points_x2520), sum(pay.schrift_x2520) from payments pay "
        "where {where} group by pay.evening_id, pay.player_id",
    ),
    Rollup(
        "roll_roles",
        ("player_id", "role", "won"),
        ("n",),
        "select hp.evening_id, hp.player_id, hp.role, coalesce(hp.won, -1), count(*) from hand_players hp "
        "where {where} group by hp.evening_id, hp.player_id, hp.role, hp.won",
    ),
    Rollup(
        "roll_declarers",
        ("player_id", "contract", "won", "several"),
        ("n",),
        "select f.evening_id, f.declarer_id, f.contract, coalesce(f.won, -1), 0, count(*) from hand_facts f "
        "where f.declarer_id is not null and {where} group by f.evening_id, f.declarer_id, f.contract, f.won "
        "union all "
        "select f.evening_id, hp.player_id, hp.contract, coalesce(hp.won, -1), 1, count(*) from hand_facts f "
        "join hand_players hp on hp.entry_id = f.entry_id and hp.role = 'declarer' "
        "where f.several = 1 and {where} group by f.evening_id, hp.player_id, hp.contract, hp.won",
    ),
    Rollup(
        "roll_contracts",
        ("contract", "won"),
        ("n",),
        "select f.evening_id, f.contract, coalesce(f.won, -1), count(*) from hand_facts f "
        "where {where} group by f.evening_id, f.contract, f.won",
    ),
    Rollup(
        "roll_premiums",
        ("premium", "party", "d_side", "o_side"),
        ("played", "announced", "announced_made", "silent_made", "kontra"),
        "select pr.evening_id, pr.premium, pr.party, coalesce(f.d_side, ''), coalesce(f.o_side, ''), count(*), "
        "sum(pr.announced), sum(pr.announced and pr.made), sum(not pr.announced and pr.made), "
        "sum(pr.kontra is not null) from hand_premiums pr join hand_facts f on f.entry_id = pr.entry_id "
        "where {where} group by pr.evening_id, pr.premium, pr.party, f.d_side, f.o_side",
    ),
    Rollup(
        "roll_kontras",
        ("player_id", "role"),
        ("given", "won"),
        "select k.evening_id, k.player_id, k.role, count(*), sum(k.won = 1) from hand_kontras k "
        "where {where} group by k.evening_id, k.player_id, k.role",
    ),
    Rollup(
        "roll_sides",
        ("d_side", "o_side", "won"),
        ("n",),
        "select f.evening_id, f.d_side, f.o_side, f.won, count(*) from hand_facts f "
        "where f.won is not null and f.d_side is not null and f.o_side is not null and {where} "
        "group by f.evening_id, f.d_side, f.o_side, f.won",
    ),
)

# The alias of the derived table each rollup's rows are selected from (for the entry filter).
_ALIAS = {"roll_points": "pay", "roll_roles": "hp", "roll_premiums": "pr", "roll_kontras": "k"}


YEAR = "coalesce(substr(ev.date, 1, 4), '')"
EVERY_YEAR = "*"  # the year rows that sum every year (a year of the evenings is four digits or '')
# An evening's date in [?1, ?2] (ISO dates; NULL leaves that end open), as ``DateRange.sql`` reads it.
DATE_IN_RANGE = "(?1 is null or {ev}.date >= ?1) and (?2 is null or {ev}.date <= ?2)"


def read_range(conn: sqlite3.Connection, since: str | None, until: str | None) -> None:
    """The evenings in [since, until] (None: open) as the statistics read
    them: ``temp.stats_years`` the years wholly in it (``'*'`` for every
    year), ``temp.stats_rest`` its evenings of the other years. Each year
    that holds rows is asked by its first and last evening (the index by
    date); only the years the range cuts are read evening by evening."""
    conn.execute("create temp table stats_years (year text primary key)")
    conn.execute("create temp table stats_rest (id integer primary key)")
    whole, cut = [], False
    in_range = DATE_IN_RANGE.format(ev="ev")
    years = "select year from year_scored union select year from year_evenings"
    for (year,) in conn.execute(years).fetchall() if since is not None or until is not None else ():
        if year == EVERY_YEAR:
            continue
        if len(year) != 4:  # not the year of a date (none is written so): its evenings one by one
            of_year, args = f"{YEAR} = ?3", [since, until, year]
            out = _exists(conn, f"select 1 from evenings ev where {of_year} and not coalesce({in_range}, 0)", args)
        else:  # the evenings dated from the year up to the next
            of_year, args = "ev.date >= ?3 and ev.date < ?4", [since, until, year, year[:3] + chr(ord(year[3]) + 1)]
            first, last = (
                conn.execute(f"select min(ev.date) from evenings ev where {of_year}", args).fetchone()[0],
                conn.execute(f"select max(ev.date) from evenings ev where {of_year}", args).fetchone()[0],
            )
            if first is None or (since is not None and last < since) or (until is not None and first > until):
                cut = True
                continue  # no evening of the year in range
            out = (since is not None and first < since) or (until is not None and last > until)
        cut = cut or out
        if not out:
            whole.append(year)
        else:
            conn.execute(
                f"insert into temp.stats_rest select ev.id from evenings ev where {of_year} and {in_range}", args
            )
    conn.executemany("insert into temp.stats_years values (?)", [(y,) for y in (whole if cut else [EVERY_YEAR])])


def alias(r: Rollup) -> str:
    return _ALIAS.get(r.table, "f")


def per_evening(r: Rollup, where: str) -> str:
    """A subquery of the rollup's rows (evening_id, keys, sums) of the derived rows where ``where`` holds."""
    return f"(with x({_cols(r)}) as ({r.select.format(where=where)}) select * from x)"


def _year_table(r: Rollup) -> str:
    return "year_" + r.table.removeprefix("roll_")


def _by_year(r: Rollup) -> str:
    """The rollup's rows per evening summed per year and keys."""
    keys = "".join(f", x.{k}" for k in r.keys)
    sums = "".join(f", sum(x.{s})" for s in r.sums)
    return f"select {YEAR}{keys}{sums} from {r.table} x join evenings ev on ev.id = x.evening_id group by 1{keys}"


def in_range(r: Rollup) -> str:
    """A subquery of the rollup's rows (keys, sums) in range (``read_range``): whole years, then the rest."""
    cols = ", ".join(f"r.{c}" for c in (*r.keys, *r.sums))
    return (
        f"(select {cols} from temp.stats_years y cross join {_year_table(r)} r on r.year = y.year union all "
        f"select {cols} from temp.stats_rest s cross join {r.table} r on r.evening_id = s.id)"
    )


EVENINGS_IN_RANGE = """(
    select r.player_id, r.evenings from temp.stats_years y cross join year_evenings r on r.year = y.year
    union all
    select r.player_id, count(distinct r.evening_id) from temp.stats_rest s cross join roll_roles r
    on r.evening_id = s.id group by r.player_id)"""
# What the statistics read of each evening, in an index: the evenings' rows
# are long (their rules), and the statistics read every evening in range.
EVENINGS_INDEX = "create index evenings_stats on evenings(date, id, tarif_cents, start_pot, seating_json, rule_set_id)"
# The same index as migration m008 made it, while the rules were stored with each evening.
EVENINGS_INDEX_M008 = (
    "create index evenings_stats on evenings(date, id, tarif_cents, start_pot, seating_json, "
    "coalesce(json_extract(rules_json, '$.rules.pagatkassa_end'), 'carry'))"
)


def create(conn: sqlite3.Connection) -> None:
    """Every rollup table, filled from the derived rows."""
    create_counts(conn)
    conn.execute(EVENINGS_INDEX)
    create_money(conn)
    create_every_year(conn)


def _cols(r: Rollup, first: str = "evening_id") -> str:
    return ", ".join((first, *r.keys, *r.sums))


def create_counts(conn: sqlite3.Connection) -> None:
    """The rollup tables of migration m008, filled from the derived rows."""
    for r in ROLLUPS:
        for table, first in ((r.table, "evening_id integer not null"), (_year_table(r), "year text not null")):
            if table == "year_points":
                continue
            cols = ", ".join([first, *(f"{k} not null" for k in r.keys), *r.sums])
            key = ", ".join((first.split()[0], *r.keys))
            conn.execute(f"create table {table} ({cols}, primary key ({key})) without rowid")
    conn.execute("create table year_evenings (year text not null, player_id not null, evenings, "
                 "primary key (year, player_id)) without rowid")  # fmt: skip
    for r in ROLLUPS:
        conn.execute(
            f"insert into {r.table} ({_cols(r)}) {r.select.format(where=alias(r) + '.evening_id is not null')}"
        )
        if r.table != "roll_points":
            conn.execute(f"insert into {_year_table(r)} {_by_year(r)}")
    conn.execute(
        f"insert into year_evenings select {YEAR}, r.player_id, count(distinct r.evening_id) from roll_roles r "
        "join evenings ev on ev.id = r.evening_id group by 1, r.player_id"
    )


def replace_rows(conn: sqlite3.Connection, evening_id: int, old: Rows, new: Rows) -> None:
    """An evening's and its year's rollups after some of its derived rows
    changed: the counts of ``old`` (as read before a re-score deleted them)
    taken away, those of ``new`` added, grouped as each rollup's ``select``
    groups them (``counted``)."""
    was, now = counted({t: old.get(t, []) for t in COLUMNS}), counted(new)
    if not any(was.values()) and not any(now.values()):
        return
    year = _year(conn, evening_id)
    money = _money(conn, evening_id)
    seen = _players(conn, evening_id)
    for r in ROLLUPS:
        if r.table == "roll_kontras":
            _kontra_groups(conn, r, evening_id, year, was[r.table], now[r.table])
        else:
            _add_groups(conn, r, evening_id, year, _delta(was[r.table], now[r.table]))
    _points_left(conn, evening_id, {k[0] for k in was["roll_points"]} - {k[0] for k in now["roll_points"]})
    _year_evenings(conn, year, seen, _players(conn, evening_id))
    settle(conn, [evening_id])
    _year_money_delta(conn, evening_id, year, money)


def _year(conn: sqlite3.Connection, evening_id: int) -> str:
    """The year an evening's rollups count in (``YEAR``)."""
    return conn.execute(f"select {YEAR} from evenings ev where ev.id = ?", [evening_id]).fetchone()[0]


def _delta(was: Groups, now: Groups) -> Groups:
    """Each group's sums in ``now`` less those in ``was`` (unchanged groups
    left out); ``was`` empty: ``now`` as it is, NULL sums and all."""
    if not was:
        return now
    out = {k: [-v for v in sums] for k, sums in was.items()}
    for k, sums in now.items():
        out[k] = [a + b for a, b in zip(out.get(k) or [0] * len(sums), sums)]
    return {k: sums for k, sums in out.items() if any(sums)}


def _add_groups(conn: sqlite3.Connection, r: Rollup, evening_id: int, year: str, delta: Groups) -> None:
    """The groups' sums added to the evening's rollup and its year's; a group
    whose count falls to 0 is no more (the points: ``_points_left``)."""
    if not delta:
        return
    targets = [(r.table, "evening_id", evening_id)] + (
        [] if r.table == "roll_points" else [(_year_table(r), "year", year), (_year_table(r), "year", EVERY_YEAR)]
    )
    fell = any(sums[0] < 0 for sums in delta.values() if sums[0] is not None)
    for table, first_key, first in targets:
        key = ", ".join((first_key, *r.keys))
        update = ", ".join(f"{s} = {_PLUS.format(s=s)}" for s in r.sums)
        marks = ", ".join("?" for _ in range(1 + len(r.keys) + len(r.sums)))
        conn.executemany(
            f"insert into {table} ({_cols(r, first_key)}) values ({marks}) on conflict ({key}) do update set {update}",
            [(first, *k, *sums) for k, sums in delta.items()],
        )
        if fell and r.table != "roll_points":
            conn.execute(f"delete from {table} where {first_key} = ? and {r.sums[0]} = 0", [first])


def _kontra_groups(conn: sqlite3.Connection, r: Rollup, evening_id: int, year: str, was: Groups, now: Groups) -> None:
    """The Kontras given (a count: by difference) and won, of the evening and
    its year. Won is a sum of NULLs until a winner's count comes; where rows
    with winners go and none come, the rows left are asked (``_won_after``)."""
    changed = sorted(k for k in was.keys() | now.keys() if was.get(k) != now.get(k))
    if not changed:
        return
    left = "select 1 from entries e join hand_kontras k on k.entry_id = e.id where k.player_id = ? " \
           "and k.role = ? and k.won is not null and e.evening_id = ?"  # fmt: skip
    before, after = _kontra_level(conn, (r.table, "evening_id", evening_id), changed, was, now, left)
    year_rows = f"select 1 from evenings ev join roll_kontras r on r.evening_id = ev.id and r.player_id = ? " \
                f"and r.role = ? where r.won is not null and {YEAR} = ?"  # fmt: skip
    was_year, now_year = _kontra_level(conn, ("year_kontras", "year", year), changed, before, after, year_rows)
    years = "select 1 from year_kontras where player_id = ? and role = ? and won is not null and year != ?"
    _kontra_level(conn, ("year_kontras", "year", EVERY_YEAR), changed, was_year, now_year, years)


def _kontra_level(
    conn: sqlite3.Connection, at: tuple[str, str, object], changed: list[tuple], was: Groups, now: Groups, below: str
) -> tuple[Groups, Groups]:
    """The Kontra groups ``changed`` of the evening, its year or every year
    (``at``: table, key, value) after the level below went from ``was`` to
    ``now`` (``below``: whether a row below has a winner); before and after."""
    table, first_key, first = at
    held = {row[:2]: list(row[2:]) for row in conn.execute(
        f"select player_id, role, given, won from {table} where {first_key} = ?", [first])}  # fmt: skip
    old = {k: held.get(k, [0, None]) for k in changed}
    new = {}
    for k in changed:
        (given, won), (bg, bw), (ag, aw) = (x.get(k, [0, None]) for x in (old, was, now))
        new[k] = [given - bg + ag, _won_after(won, bw, aw, partial(_exists, conn, below, [*k, first]))]
    _put_groups(conn, table, first_key, first, new)
    return old, new


def _won_after(total: int | None, taken: int | None, added: int | None, others_won: Callable[[], bool]) -> int | None:
    """A sum of NULLs and numbers after ``taken`` and ``added``; ``others_won``
    asked only where the figures cannot tell whether a number is left."""
    if added is None and taken is None:
        return total
    figure = (total or 0) - (taken or 0) + (added or 0)
    return figure if added is not None or others_won() else None


def _exists(conn: sqlite3.Connection, select: str, args: list) -> bool:
    return conn.execute(f"{select} limit 1", args).fetchone() is not None


def _put_groups(conn: sqlite3.Connection, table: str, first_key: str, first: object, groups: Groups) -> None:
    """Kontra groups written as they are now (a count of 0: gone)."""
    conn.executemany(
        f"delete from {table} where {first_key} = ? and player_id = ? and role = ?",
        [(first, *k) for k, (given, _w) in groups.items() if given == 0],
    )
    conn.executemany(
        f"insert into {table} ({first_key}, player_id, role, given, won) values (?, ?, ?, ?, ?) "
        f"on conflict ({first_key}, player_id, role) do update set given = excluded.given, won = excluded.won",
        [(first, *k, given, won) for k, (given, won) in groups.items() if given != 0],
    )


def _points_left(conn: sqlite3.Connection, evening_id: int, players: set[int]) -> None:
    """The evening's points rows of ``players`` gone where no payment of theirs is left (all where none is)."""
    if not players:
        return
    paid = "select 1 from entries e join payments p on p.entry_id = e.id where e.evening_id = ?"
    if not _exists(conn, paid, [evening_id]):
        conn.execute("delete from roll_points where evening_id = ?", [evening_id])
        return
    conn.executemany(
        f"delete from roll_points where evening_id = ? and player_id = ? and not exists ({paid} and p.player_id = ?)",
        [(evening_id, p, evening_id, p) for p in sorted(players)],
    )


def _players(conn: sqlite3.Connection, evening_id: int) -> set[int]:
    """The players with a role in the evening's hands (whose evenings ``year_evenings`` counts)."""
    return {p for (p,) in conn.execute("select distinct player_id from roll_roles where evening_id = ?", [evening_id])}


def _year_evenings(conn: sqlite3.Connection, year: str, before: set[int], after: set[int]) -> None:
    """A player's evenings in the year: one more where he came into the evening's rollups, one less where he left them."""
    change = [(p, 1) for p in sorted(after - before)] + [(p, -1) for p in sorted(before - after)]
    _add_to_years(conn, "year_evenings", year, change)


def _add_to_years(conn: sqlite3.Connection, table: str, year: str, rows: list[tuple]) -> None:
    """``rows`` (the key cells after the year, then the sums: ``YEAR_TABLES``)
    added to the year's and every year's; a row whose evenings fall to 0 is no more."""
    keys, sums = YEAR_TABLES[table]
    update = ", ".join(f"{s} = {s} + excluded.{s}" for s in sums)
    for y in (year, EVERY_YEAR) if rows else ():
        conn.executemany(
            f"insert into {table} values ({', '.join('?' * (1 + len(keys) + len(sums)))}) "
            f"on conflict ({', '.join(('year', *keys))}) do update set {update}",
            [(y, *r) for r in rows],
        )
        conn.execute(f"delete from {table} where year = ? and evenings = 0", [y])


# A sum and the sum of new rows added up: NULL (a sum of NULLs only) where both are,
# else the one that is not (``won + NULL`` would stay NULL for good).
_PLUS = "case when {s} is null then excluded.{s} when excluded.{s} is null then {s} else {s} + excluded.{s} end"


def drop(conn: sqlite3.Connection) -> None:
    conn.execute("drop index if exists evenings_stats")
    conn.execute("drop table if exists year_money")
    for r in ROLLUPS:
        conn.execute(f"drop table if exists {r.table}")
        conn.execute(f"drop table if exists {_year_table(r)}")
    conn.execute("drop table if exists year_evenings")
    conn.execute("drop table if exists year_scored")


# The money (migration m010) ---------------------------------------------------
#
# ``roll_points`` also holds each seated player's cents, the evening settled
# as ``schreiber settle`` settles it (``domain.money.evening_cents``), and
# ``year_money`` sums them per year and player with the points, so the
# statistics settle no evening. Once an evening has points every seated
# player has a row. A new entry, a re-score (``settle``) and a new tarif
# (``resettle``) settle the evening again and move its year's figures.

# What becomes of a Pagat pot left at the end of the evening (``rule_sets.pot_end``); m010 read it from
# the evening's own rules.
POT_RULE = "(select rs.pot_end from rule_sets rs where rs.id = ev.rule_set_id)"
POT_RULE_M010 = "coalesce(json_extract(ev.rules_json, '$.rules.pagatkassa_end'), 'carry')"
YEAR_MONEY = (
    "create table year_money (year text not null, player_id not null, evenings, points_x2520, schrift_x2520, "
    "cents, primary key (year, player_id)) without rowid"
)
MONEY_INDEXES = (  # a player's best and worst evening: the first row in range of these
    "create index roll_points_by_points on roll_points(player_id, points_x2520)",
    "create index roll_points_by_schrift on roll_points(player_id, schrift_x2520)",
)


def create_money(conn: sqlite3.Connection, pot_rule: str = POT_RULE) -> None:
    """The money beside the points (migration m010): every evening settled."""
    conn.execute("alter table roll_points add column cents integer not null default 0")
    conn.execute(YEAR_MONEY)
    for statement in MONEY_INDEXES:
        conn.execute(statement)
    settle(conn, None, pot_rule)
    _year_money(conn)


def settle(conn: sqlite3.Connection, evening_ids: list[int] | None, pot_rule: str = POT_RULE) -> None:
    """The evenings' money into their rows of ``roll_points`` (None: every evening)."""
    where = "true" if evening_ids is None else f"ev.id in ({', '.join(str(int(e)) for e in evening_ids)})"
    points: dict[int, dict[int, int]] = {}
    for evening_id, player_id, x in conn.execute(
        f"select r.evening_id, r.player_id, r.points_x2520 from roll_points r join evenings ev on ev.id = r.evening_id "
        f"where {where}"
    ):
        points.setdefault(evening_id, {})[player_id] = x
    ids = dict(conn.execute("select name, id from players").fetchall())
    rows = []
    for evening_id, seating, tarif, start_pot, pot_end in conn.execute(
        f"select ev.id, ev.seating_json, ev.tarif_cents, ev.start_pot, {pot_rule} from evenings ev where {where}"
    ):
        got = points.get(evening_id)
        if not got:
            continue
        seated = tuple(ids[p] for p in json.loads(seating))
        cents = evening_money(seated, got, tarif, Fraction(start_pot or "0"), pot_end)
        rows += [(evening_id, p, cents[p]) for p in seated]
    conn.executemany(
        "insert into roll_points (evening_id, player_id, points_x2520, schrift_x2520, cents) values (?, ?, 0, 0, ?) "
        "on conflict (evening_id, player_id) do update set cents = excluded.cents",
        rows,
    )


def evening_money(
    seated: tuple[int, ...], points: dict[int, int], tarif: int, pot: Fraction, pot_end: str
) -> dict[int | str, int]:
    """Each seated player's cents from the evening's points (1/2520) and the Pagat pot it started with."""
    den = math.lcm(POINT_UNITS, pot.denominator)
    k = den // POINT_UNITS
    return evening_cents(
        seated, {p: x * k for p, x in points.items()}, den, tarif, pot.numerator * (den // pot.denominator), pot_end
    )


def resettle(conn: sqlite3.Connection, evening_id: int) -> None:
    """The evening settled again (its tarif changed), and its year with it."""
    year = _year(conn, evening_id)
    money = _money(conn, evening_id)
    settle(conn, [evening_id])
    _year_money_delta(conn, evening_id, year, money)


def _money(conn: sqlite3.Connection, evening_id: int) -> dict[int, tuple[int, int, int]]:
    """Each player's row of the evening's points: (points, Schrift, cents)."""
    rows = conn.execute(
        "select player_id, points_x2520, schrift_x2520, cents from roll_points where evening_id = ?", [evening_id]
    )
    return {p: (x, w, c) for p, x, w, c in rows}


def _year_money_delta(
    conn: sqlite3.Connection, evening_id: int, year: str, before: dict[int, tuple[int, int, int]]
) -> None:
    """The year's and every year's points and money moved from the evening's
    rows ``before`` to its rows now, and its count in ``year_scored``."""
    after = _money(conn, evening_id)
    change = []
    for p in sorted(before.keys() | after.keys()):
        old, new = before.get(p, (0, 0, 0)), after.get(p, (0, 0, 0))
        evenings = (p in after) - (p in before)
        if evenings or old != new:
            change.append((p, evenings, *(b - a for a, b in zip(old, new))))
    _add_to_years(conn, "year_money", year, change)
    scored = bool(after) - bool(before)
    _add_to_years(conn, "year_scored", year, [(scored,)] if scored else [])


def _year_money(conn: sqlite3.Connection) -> None:
    """Every evening's money and points summed per year and player, into the table just made."""
    conn.execute(
        f"insert into year_money select {YEAR}, r.player_id, count(*), sum(r.points_x2520), sum(r.schrift_x2520), "
        "sum(r.cents) from roll_points r join evenings ev on ev.id = r.evening_id group by 1, r.player_id"
    )


# Every year together (migration m016): each year table's rows summed under the year ``'*'``, and
# ``year_scored``, the evenings with points of each year and every year; kept with the years' rows.

# The year tables beside the rollups' own: their key cells after the year, and their sums.
YEAR_TABLES = {"year_evenings": (("player_id",), ("evenings",)), "year_scored": ((), ("evenings",)),
               "year_money": (("player_id",), ("evenings", "points_x2520", "schrift_x2520", "cents"))}  # fmt: skip
YEAR_SCORED = "create table year_scored (year text not null primary key, evenings integer not null) without rowid"


def create_every_year(conn: sqlite3.Connection) -> None:
    """The rows of every year (``'*'``) in each year table, and ``year_scored`` (m016)."""
    conn.execute(YEAR_SCORED)
    conn.execute(
        f"insert into year_scored select {YEAR}, count(*) from evenings ev "
        "where exists (select 1 from roll_points r where r.evening_id = ev.id) group by 1"
    )
    tables = [(_year_table(r), r.keys, r.sums) for r in ROLLUPS if r.table != "roll_points"]
    tables += [(table, keys, sums) for table, (keys, sums) in YEAR_TABLES.items()]
    for table, keys, sums in tables:
        cols = ", ".join(("year", *keys, *sums))
        keyed = "".join(f", {k}" for k in keys)
        conn.execute(
            f"insert into {table} ({cols}) select '{EVERY_YEAR}'{keyed}{''.join(f', sum({s})' for s in sums)} "
            f"from {table} group by 1{keyed}"
        )
