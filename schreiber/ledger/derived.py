"""Rows for the statistics tables, derived from one scored hand.

The ledger keeps, beside each scored hand, who played which role in it
(``hand_players``, one row per player), the hand's sides as a whole
(``hand_facts``, one row per hand: for partner tables), which premiums were
played (``hand_premiums``) and who doubled what (``hand_kontras``), so
statistics are plain SQL aggregates over narrow, indexed rows and never
replay hands. Pure: an ``Outcome`` in, row dicts out; ``store`` writes
them in the same transaction as the hand (and they vanish with it: the
tables reference ``results`` with ON DELETE CASCADE, so a re-score after a
correction rewrites them).

Definitions (also in docs/datasette.md):

- role: ``declarer``, ``partner`` (held the called king; not when the king
  lay in the talon or the declarer called his own), ``opponent``, ``player``
  (Trischaken/Fahren: everyone for himself) or ``out`` (the dealer sitting
  out with five players). A hand a player sat out is not a hand he played.
- side: ``D`` (declarer's side), ``O`` (opponents), null (no sides).
  ``hand_facts.d_side``/``o_side`` list the player ids of each side
  (sorted, comma-separated); ``declarer_id`` is the one declarer (null in
  Trischaken and when ``several`` declarers play side by side: then
  ``hand_players`` has a declarer row for each, and sides are null).
- won: the player's side won the game (1/0); null where there is nothing to
  win or lose: Trischaken, a Renonce, opponents of several declarers who did
  not all fare alike.
- Kontra: the side not holding an item says Kontra (and Sub, Mord), the
  holding side answers Re (and Hirsch). The record says which side doubled,
  not who: every player of that side gets the row. ``won`` says whether the
  player's side won the doubled item.
"""

from __future__ import annotations

from typing import Callable

from ..domain.evening import Outcome
from ..domain.rules import KONTRA_LEVELS


def _answered(level: str) -> bool:
    """The holding side answered the Kontra (Re, or any level above)."""
    return KONTRA_LEVELS.index(level) >= 1


def derived_rows(evening_id: int, entry_id: int, o: Outcome, pid: Callable[[str], int]) -> dict[str, list[dict]]:
    """Rows of hand_players, hand_premiums and hand_kontras for one entry
    (nothing for entries that are not hands)."""
    out: dict[str, list[dict]] = {"hand_players": [], "hand_facts": [], "hand_premiums": [], "hand_kontras": []}
    h, table = o.hand, o.table
    if o.kind != "hand" or h is None or table is None:
        return out
    trisch = bool(h.scores)
    won_by = dict(o.score.declarer_won) if o.score else {}
    settled_otherwise = bool(h.renonce)

    side: dict[str, str | None] = {}
    role: dict[str, str] = {}
    won: dict[str, int | None] = {}
    decls = h.declarers
    for p in table.players:
        if p not in table.active:
            role[p], side[p], won[p] = "out", None, None
        elif trisch:
            role[p], side[p], won[p] = "player", None, None
        elif p in decls:
            role[p], side[p] = "declarer", "D"
            won[p] = None if settled_otherwise else int(bool(won_by.get(p)))
        elif len(decls) == 1 and p == h.partner:
            role[p], side[p] = "partner", "D"
            won[p] = None if settled_otherwise else int(bool(won_by.get(decls[0])))
        else:
            role[p], side[p] = "opponent", "O"
            results = {bool(won_by.get(d)) for d in decls}
            won[p] = None if settled_otherwise or len(results) != 1 else int(not results.pop())
    ids = {p: pid(p) for p in table.players}
    for seat, p in enumerate(table.players):
        out["hand_players"].append({
            "entry_id": entry_id, "evening_id": evening_id, "player_id": ids[p], "seat": seat,
            "role": role[p], "side": side[p], "won": won[p], "contract": h.contract,
        })
    d_side = ",".join(str(i) for i in sorted(ids[p] for p in table.players if side[p] == "D"))
    o_side = ",".join(str(i) for i in sorted(ids[p] for p in table.players if side[p] == "O"))
    results = {bool(won_by.get(d)) for d in decls}
    if len(decls) > 1:  # side by side: each declarer for himself, no partnership
        d_side = o_side = ""
    out["hand_facts"].append({
        "entry_id": entry_id, "evening_id": evening_id, "contract": h.contract,
        "declarer_id": ids[decls[0]] if len(decls) == 1 and not trisch else None,
        "several": int(len(decls) > 1),
        "d_side": d_side or None, "o_side": o_side or None,
        "won": None if trisch or settled_otherwise or len(results) != 1 else int(results.pop()),
    })

    members = {"D": [p for p in table.players if side[p] == "D"],
               "O": [p for p in table.players if side[p] == "O"]}
    for i, e in enumerate(h.premiums):
        out["hand_premiums"].append({
            "entry_id": entry_id, "evening_id": evening_id, "seq": i, "premium": e.name, "party": e.party,
            "announced": int(e.announced), "made": int(e.result == "won"), "kontra": e.kontra,
        })
    kontras = out["hand_kontras"]

    def add(item: str, holders: list[str], contra: list[str], level: str, holder_won: bool | None) -> None:
        for p in contra:
            kontras.append({"entry_id": entry_id, "evening_id": evening_id, "player_id": ids[p], "item": item,
                            "level": level, "role": "kontra",
                            "won": None if holder_won is None else int(not holder_won)})
        if _answered(level):
            for p in holders:
                kontras.append({"entry_id": entry_id, "evening_id": evening_id, "player_id": ids[p], "item": item,
                                "level": level, "role": "re",
                                "won": None if holder_won is None else int(holder_won)})

    if h.kontra and not trisch:
        decl_won = None if settled_otherwise or not decls else bool(won_by.get(decls[0]))
        add("game", members["D"], members["O"], h.kontra, decl_won)
    elif h.kontra_by:
        # each opponent doubles for himself (negative contracts, Trischaken): one row per doubler;
        # the declarer(s) get one Re row if anybody's doubling was answered
        results = {bool(won_by.get(d)) for d in decls}
        holder_won = None if trisch or settled_otherwise or len(results) != 1 else results.pop()
        top = max((lvl for _, lvl in h.kontra_by), key=KONTRA_LEVELS.index)
        for p, level in h.kontra_by:
            add("game", [], [p], level, holder_won)
        if not trisch:
            add("game", list(decls), [], top, holder_won)
    for e in h.premiums:
        if not e.kontra:
            continue
        holders = members["D"] if e.party == "declarer" else members["O"]
        contra = members["O"] if e.party == "declarer" else members["D"]
        add(e.name, holders, contra, e.kontra, None if settled_otherwise else e.result == "won")
    return out


SCHEMA = """
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
       pay.points as points_exact, pay.points_x2520 / 2520.0 as points, e.id as entry_id
from payments pay
join entries e on e.id = pay.entry_id
join evenings ev on ev.id = pay.evening_id
join players pl on pl.id = pay.player_id
where e.status = 'active';

create view if not exists v_evening_totals as
select pay.evening_id, ev.date, pl.name as player,
       sum(pay.points_x2520) / 2520.0 as points, ev.tarif_cents
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
         where pay.player_id = pl.id and e2.status = 'active') / 2520.0 as points
from hand_players hp
join entries e on e.id = hp.entry_id
join players pl on pl.id = hp.player_id
where e.status = 'active'
group by pl.id;
"""


def create_schema(db) -> None:
    """Create the tables and views (inside the migration's transaction:
    statement by statement, as ``executescript`` would commit early)."""
    for statement in SCHEMA.split(";\n"):
        if statement.strip():
            db.conn.execute(statement)


def backfill(db) -> None:
    """Fill the derived tables for hands recorded before they existed
    (migration m002): replay each evening, as a correction would."""
    import json
    from fractions import Fraction

    from ..domain.evening import initial_state, replay
    from ..domain.record import HandError
    from ..domain.rules import rules_from_json

    conn = db.conn
    ids = {name: pid for pid, name in conn.execute("select id, name from players")}
    for ev_id, rules_json, seating_json, first_dealer, start_pot in conn.execute(
        "select id, rules_json, seating_json, first_dealer, start_pot from evenings order by id"
    ).fetchall():
        rows = conn.execute(
            "select e.id, e.kind, e.record_json, e.player from entries e join results r on r.entry_id = e.id "
            "where e.evening_id = ? and e.status = 'active' order by e.seq, e.id", [ev_id]
        ).fetchall()
        if not rows:
            continue
        try:
            rules = rules_from_json(rules_json)
            players = tuple(json.loads(seating_json))
            entries = []
            for _, kind, record_json, player in rows:
                e = {"kind": kind}
                if kind == "hand":
                    e["record"] = json.loads(record_json)
                if player:
                    e["player"] = player
                entries.append(e)
            outs = replay(rules, players, entries,
                          initial_state(rules, players, first_dealer, Fraction(start_pot or "0")))
        except (HandError, ValueError, KeyError):
            continue  # an evening that no longer scores keeps no statistics rows
        for (entry_id, *_), o in zip(rows, outs):
            write_rows(db, derived_rows(ev_id, entry_id, o, ids.__getitem__))


def write_rows(db, rows: dict[str, list[dict]]) -> None:
    for table, items in rows.items():
        if items:
            cols = list(items[0])
            db.conn.executemany(
                f"insert into {table} ({', '.join(cols)}) values ({', '.join('?' for _ in cols)})",
                [[r[c] for c in cols] for r in items],
            )
