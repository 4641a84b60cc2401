"""Rows for the statistics tables, derived from one scored hand.

Beside each scored hand the ledger keeps who played which role in it
(``hand_players``), the hand's sides as a whole (``hand_facts``), the
premiums played (``hand_premiums``) and who doubled what (``hand_kontras``),
so statistics are plain SQL aggregates over narrow rows and never replay
hands. Pure: an ``Outcome`` in, row tuples out; ``store`` writes them in
the hand's transaction (they cascade with ``results``, so a re-score
rewrites them). What each column means: docs/datasette.md, "The tables".
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from typing import TYPE_CHECKING, NamedTuple

from ..domain.evening import Outcome, initial_state, replay
from ..domain.names import KONTRA_LEVELS
from ..domain.points import POINT_UNITS
from ..errors import HandError
from .codec import (
    ENTRY_COLUMNS,
    PAYMENT_COLUMNS,
    RESULT_COLUMNS,
    entry_of_row,
    entry_row,
    evening_of_row,
    new_uids,
    payment_rows,
    result_row,
)

if TYPE_CHECKING:
    from .stored import Scored

    # A hand as its statistics rows see it (``played``), in plain values.
    Played = tuple[
        str,  # contract
        tuple[str, ...],  # declarers
        str | None,  # partner
        str | None,  # the game's Kontra level
        tuple[tuple[str, str], ...],  # Kontra by player
        tuple[tuple[str, str, bool, str, str | None], ...],  # premiums: name, party, announced, result, Kontra
        bool,  # each for himself (Trischaken, Fahren)
        bool,  # settled by a Renonce
        tuple[str, ...],  # the players in seating order
        tuple[str, ...],  # those in the hand
        tuple[tuple[str, bool], ...],  # whether each declarer won
    ]

TABLES = ("hand_players", "hand_facts", "hand_premiums", "hand_kontras")
# The columns of each table's rows, in the order ``derived_rows`` gives them (and ``write_rows`` writes them).
COLUMNS: dict[str, tuple[str, ...]] = {
    "entries": ENTRY_COLUMNS,
    "results": RESULT_COLUMNS,
    "payments": PAYMENT_COLUMNS,
    "hand_players": ("entry_id", "evening_id", "player_id", "seat", "role", "side", "won", "contract"),
    "hand_facts": ("entry_id", "evening_id", "contract", "declarer_id", "several", "d_side", "o_side", "won"),
    "hand_premiums": ("entry_id", "evening_id", "seq", "premium", "party", "announced", "made", "kontra"),
    "hand_kontras": ("entry_id", "evening_id", "player_id", "item", "level", "role", "won"),
}
CHUNK = 50  # rows one INSERT statement writes (``write_rows``)
Rows = dict[str, list[tuple]]  # rows to write, by table (``COLUMNS``), each a tuple in column order
PlayerId = Callable[[str], int]  # a player's id by name
Seat = tuple[str, int, str, str | None, int | None]  # (player, id, role, side, won) of a seat in a hand


def played(o: Outcome) -> Played | None:
    """What the statistics rows of a scored entry are made of; None for an entry that is no hand."""
    h, table = o.hand, o.table
    if o.kind != "hand" or h is None or table is None:
        return None
    premiums = tuple([(e.name, e.party, e.announced, e.result, e.kontra) for e in h.premiums]) if h.premiums else ()
    return (h.contract, h.declarers, h.partner, h.kontra, h.kontra_by, premiums, bool(h.scores), bool(h.renonce),
            table.players, table.active, o.score.declarer_won if o.score else ())  # fmt: skip


class _Hand(NamedTuple):
    """One scored hand as the Kontra rows see it."""

    evening_id: int
    entry_id: int
    played: Played
    won_by: dict[str, bool]
    ids: dict[str, int]
    side: dict[str, str | None]
    alike_won: bool | None  # all declarers fared alike and won (None: not alike, or nothing to win)

    def members(self, side: str) -> list[str]:
        """The players of a side, in seating order."""
        seating = self.played[8]
        return [p for p in seating if self.side[p] == side]


def new_rows() -> Rows:
    return {t: [] for t in COLUMNS}


def scored_rows(evening_id: int, first: int, scored: list[Scored], pid: PlayerId, now: int) -> Rows:
    """Every row new entries make: their rows of ``entries`` (ids from
    ``first`` on, a new uid where none) and their results' rows."""
    rows = new_rows()
    entries = rows["entries"]
    uids = new_uids(len(scored))
    for entry_id, (seq, entry, number, uid, o) in enumerate(scored, first):
        entries.append(entry_row(entry_id, evening_id, seq, entry, number, None, uid or uids[entry_id - first], now))
        if o is not None:
            result_rows(evening_id, entry_id, number, o, pid, rows)
    return rows


def result_rows(evening_id: int, entry_id: int, number: int | None, o: Outcome, pid: PlayerId, out: Rows) -> Rows:
    """Its row of ``results``, its payments and statistics rows, added to ``out``."""
    out["results"].append(result_row(evening_id, entry_id, number, o))
    out["payments"] += payment_rows(evening_id, entry_id, o, pid)
    return derived_rows(evening_id, entry_id, played(o), pid, out)


def derived_rows(evening_id: int, entry_id: int, hand: Played | None, pid: PlayerId, out: Rows | None = None) -> Rows:
    """An entry's statistics rows (none where ``hand`` is None: no hand),
    added to ``out`` (or new rows): tuples, as an import writes some ten a
    hand and a dict a row cost more than SQLite's writing them."""
    if out is None:
        out = new_rows()
    if hand is None:
        return out
    contract, decls, _partner, kontra, kontra_by, premiums, trisch, renonce, _players, _active, won = hand
    won_by = dict(won)
    results = {bool(won_by.get(d)) for d in decls}
    alike_won = None if trisch or renonce or len(results) != 1 else next(iter(results))
    seats = _roles(hand, won_by, results, pid)
    out["hand_players"] += [
        (entry_id, evening_id, i, seat, role, side, w, contract) for seat, (_p, i, role, side, w) in enumerate(seats)
    ]
    out["hand_facts"].append(_facts(entry_id, evening_id, contract, decls, seats, alike_won))
    if premiums:
        out["hand_premiums"] += [
            (entry_id, evening_id, i, name, party, int(announced), int(result == "won"), level)
            for i, (name, party, announced, result, level) in enumerate(premiums)
        ]
    if kontra or kontra_by or premiums:  # nobody doubled anything: no rows
        ids = {p: i for p, i, _r, _s, _w in seats}
        side = {p: s for p, _i, _r, s, _w in seats}
        out["hand_kontras"] += _kontras(_Hand(evening_id, entry_id, hand, won_by, ids, side, alike_won))
    return out


def _roles(hand: Played, won_by: dict[str, bool], results: set[bool], pid: PlayerId) -> list[Seat]:
    """Each seat (``Seat``); ``results``: whether each declarer won."""
    _c, decls, partner, _k, _kb, _pr, trisch, other, players, active, _w = hand
    opponents_won = None if other or len(results) != 1 else int(not next(iter(results)))  # all declarers lost
    if len(decls) != 1:
        partner = None
    seats: list[Seat] = []
    for p in players:
        if p not in active:
            seats.append((p, pid(p), "out", None, None))
        elif trisch:
            seats.append((p, pid(p), "player", None, None))
        elif p in decls:
            seats.append((p, pid(p), "declarer", "D", None if other else int(bool(won_by.get(p)))))
        elif partner is not None and p == partner:
            seats.append((p, pid(p), "partner", "D", None if other else int(bool(won_by.get(decls[0])))))
        else:
            seats.append((p, pid(p), "opponent", "O", opponents_won))
    return seats


def _facts(
    entry_id: int, evening_id: int, contract: str, decls: tuple[str, ...], seats: list[Seat], won: bool | None
) -> tuple:
    d_side = o_side = declarer = None
    if len(decls) == 1:  # several side by side: each declarer for himself, no partnership
        d_side = _ids([i for _p, i, _r, s, _w in seats if s == "D"])
        o_side = _ids([i for _p, i, _r, s, _w in seats if s == "O"])
        declarer = next((i for p, i, _r, s, _w in seats if s == "D" and p == decls[0]), None)
    return (entry_id, evening_id, contract, declarer, int(len(decls) > 1), d_side, o_side,
            None if won is None else int(won))  # fmt: skip


def _ids(ids: list[int]) -> str | None:
    """A side's player ids as stored: sorted, comma-separated (None: nobody)."""
    return ",".join(map(str, sorted(ids))) or None


def _kontras(h: _Hand) -> list[tuple]:
    """Who doubled what: the game and every announced premium."""
    rows: list[tuple] = []
    key = (h.entry_id, h.evening_id)

    def add(item: str, holders: list[str], contra: list[str], level: str, holder_won: bool | None) -> None:
        for players, role, side_won in (
            (contra, "kontra", None if holder_won is None else not holder_won),
            (holders if KONTRA_LEVELS.index(level) >= 1 else [], "re", holder_won),  # answered: Re or above
        ):
            for p in players:
                rows.append((*key, h.ids[p], item, level, role, None if side_won is None else int(side_won)))

    _c, decls, _p, kontra, kontra_by, premiums, trisch, renonce, _pl, _a, _w = h.played
    if kontra and not trisch:
        decl_won = None if renonce or not decls else bool(h.won_by.get(decls[0]))
        add("game", h.members("D"), h.members("O"), kontra, decl_won)
    elif kontra_by:
        # each opponent doubles for himself (negative contracts, Trischaken): one row per doubler;
        # the declarer(s) get one Re row if anybody's doubling was answered
        holder_won = h.alike_won
        top = max((lvl for _, lvl in kontra_by), key=KONTRA_LEVELS.index)
        for p, level in kontra_by:
            add("game", [], [p], level, holder_won)
        if not trisch:
            add("game", list(decls), [], top, holder_won)
    for name, party, _announced, result, doubled in premiums:
        if doubled:
            holders = h.members("D") if party == "declarer" else h.members("O")
            contra = h.members("O") if party == "declarer" else h.members("D")
            add(name, holders, contra, doubled, None if renonce else result == "won")
    return rows


SCHEMA = f"""
create table if not exists hand_players (
    entry_id integer not null references results(entry_id) on delete cascade,
    evening_id integer not null references evenings(id),
    player_id integer not null references players(id),
    seat integer not null,
    role text not null,
    side text,
    won integer,
    contract text not null,
    primary key (entry_id, player_id)
);
create index if not exists hand_players_stats on hand_players(evening_id, player_id, role, won);
create table if not exists hand_facts (
    entry_id integer primary key references results(entry_id) on delete cascade,
    evening_id integer not null references evenings(id),
    contract text not null,
    declarer_id integer references players(id),
    several integer not null default 0,
    d_side text,
    o_side text,
    won integer
);
create index if not exists hand_facts_contract on hand_facts(evening_id, contract, won);
create index if not exists hand_facts_declarer on hand_facts(evening_id, declarer_id, contract, won);
create index if not exists hand_facts_sides on hand_facts(evening_id, d_side, o_side, won);
create table if not exists hand_premiums (
    entry_id integer not null references results(entry_id) on delete cascade,
    evening_id integer not null references evenings(id),
    seq integer not null,
    premium text not null,
    party text not null,
    announced integer not null,
    made integer not null,
    kontra text,
    primary key (entry_id, seq)
);
create index if not exists hand_premiums_evening on hand_premiums(evening_id);
create table if not exists hand_kontras (
    entry_id integer not null references results(entry_id) on delete cascade,
    evening_id integer not null references evenings(id),
    player_id integer not null references players(id),
    item text not null,
    level text not null,
    role text not null,
    won integer,
    primary key (entry_id, player_id, item)
);
create index if not exists hand_kontras_evening on hand_kontras(evening_id, player_id, role, won);
create index if not exists payments_stats on payments(evening_id, player_id, points_x2520);
create index if not exists entries_status on entries(status);

-- Datasette-friendly views (docs/datasette.md). Voided entries never appear.
create view if not exists v_hands as
select e.evening_id, ev.date, e.number, r.dealer, r.contract, r.declarer, r.partner,
       case r.won when 1 then 'won' when 0 then 'lost' end as result,
       r.kontra, r.radl_factor, r.pot_after, e.record_json, e.id as entry_id
from entries e
join results r on r.entry_id = e.id
join evenings ev on ev.id = e.evening_id
where e.status = 'active' and e.kind = 'hand';

create view if not exists v_payments as
select pay.evening_id, ev.date, e.number, e.kind, pl.name as player,
       pay.points as points_exact, pay.points_x2520 / {POINT_UNITS}.0 as points, e.id as entry_id
from payments pay
join entries e on e.id = pay.entry_id
join evenings ev on ev.id = pay.evening_id
join players pl on pl.id = pay.player_id
where e.status = 'active';

create view if not exists v_evening_totals as
select pay.evening_id, ev.date, pl.name as player,
       sum(pay.points_x2520) / {POINT_UNITS}.0 as points, ev.tarif_cents
from payments pay
join entries e on e.id = pay.entry_id
join evenings ev on ev.id = pay.evening_id
join players pl on pl.id = pay.player_id
where e.status = 'active'
group by pay.evening_id, pl.name;

create view if not exists v_player_stats as
select pl.name as player,
       count(distinct hp.evening_id) as evenings,
       sum(hp.role != 'out') as hands,
       sum(hp.role = 'declarer') as declared,
       sum(hp.role = 'declarer' and hp.won = 1) as declared_won,
       (select sum(pay.points_x2520) from payments pay join entries e2 on e2.id = pay.entry_id
         where pay.player_id = pl.id and e2.status = 'active') / {POINT_UNITS}.0 as points
from hand_players hp
join entries e on e.id = hp.entry_id
join players pl on pl.id = hp.player_id
where e.status = 'active'
group by pl.id;
"""


def create_schema(db) -> None:
    """The tables and views, statement by statement (``executescript`` would commit the migration early)."""
    for statement in SCHEMA.split(";\n"):
        if statement.strip():
            db.conn.execute(statement)


def backfill(db) -> None:
    """The statistics rows of hands recorded before them (m002): each evening replayed."""
    conn = db.conn
    ids = {name: pid for pid, name in conn.execute("select id, name from players")}
    for row in list(db.query("select * from evenings order by id")):
        rows = list(
            db.query(
                "select e.* from entries e join results r on r.entry_id = e.id "
                "where e.evening_id = ? and e.status = 'active' order by e.seq, e.id",
                [row["id"]],
            )
        )
        if not rows:
            continue
        try:
            ev = evening_of_row(row)
            rules = ev.rules
            outs = replay(
                rules,
                ev.seating,
                [entry_of_row(r).as_entry() for r in rows],
                initial_state(rules, ev.seating, ev.first_dealer, ev.start_pot),
            )
        except (HandError, ValueError, KeyError):
            continue  # an evening that no longer scores keeps no statistics rows
        for r, o in zip(rows, outs):
            write_rows(db, derived_rows(ev.id, r["id"], played(o), ids.__getitem__))


def write_rows(db, rows: Rows) -> None:
    """Rows (by table, tuples in ``COLUMNS`` order) inserted, ``CHUNK`` rows
    a statement: one statement SQLite runs for fifty rows instead of fifty."""
    conn = db.conn
    for table, items in rows.items():
        if not items:
            continue
        cols = COLUMNS[table]
        one = f"({', '.join('?' for _ in cols)})"
        insert = f"insert into {table} ({', '.join(cols)}) values "
        whole = len(items) - len(items) % CHUNK
        if whole:
            conn.executemany(
                insert + ", ".join([one] * CHUNK),
                [tuple(chain.from_iterable(items[i : i + CHUNK])) for i in range(0, whole, CHUNK)],
            )
        if whole < len(items):
            conn.executemany(insert + one, items[whole:])
