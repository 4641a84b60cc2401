"""The ledger's schema, one numbered migration at a time (sqlite-utils
``Migrations``): a new file gets them all, an older file the ones it lacks.
A migration never changes a figure; tests/ledger/test_migrate.py opens a
version-1 ledger and checks every figure and the schema a new file gets.
"""

from __future__ import annotations

import hashlib
import json
import math
import sqlite3
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import sqlite_utils
from sqlite_utils import Migrations

from ..domain.evening import State, initial_state, step_or_none
from ..domain.points import from_units, units
from .codec import (
    compact,
    dumps,
    entry_of_row,
    evening_of_row,
    exact,
    item_of_cells,
    rule_set_id,
    rule_set_key,
    stored_item,
)
from .errors import LedgerDamaged
from .stored import Evening, StoredEntry

migrations = Migrations("schreiber")
KNOWN: list[str] = []  # every migration's name (sqlite-utils names one by its function), in order


def migration(fn: Callable[[sqlite_utils.Database], None]) -> Callable[[sqlite_utils.Database], None]:
    """A migration of the ledger's (``migrations``), its name kept in ``KNOWN``."""
    KNOWN.append(fn.__name__)
    return migrations()(fn)


# The tables of version 1, column by column (frozen: later versions add migrations).
V1_EVENINGS = {"id": int, "date": str, "preset": str, "rules_json": str, "seating_json": str, "first_dealer": str,
               "tarif_cents": int, "status": str, "start_pot": str, "created_utc": str, "closed_utc": str}  # fmt: skip
V1_ENTRIES = {"id": int, "evening_id": int, "seq": int, "kind": str, "number": int, "record_json": str,
              "player": str, "status": str, "replaces": int, "created_utc": str}  # fmt: skip
V1_CORRECTIONS = {"id": int, "evening_id": int, "kind": str, "entry_id": int, "replacement_id": int,
                  "created_utc": str}  # fmt: skip
V1_RESULTS = {"entry_id": int, "evening_id": int, "number": int, "kind": str, "dealer": str, "contract": str,
              "declarer": str, "partner": str, "won": int, "kontra": str, "radl_factor": int, "pot_after": str,
              "state_json": str, "items_json": str}  # fmt: skip
V1_PAYMENTS = {"entry_id": int, "evening_id": int, "player_id": int, "points": str, "points_x2520": int}


@migration
def m001_initial(db: sqlite_utils.Database) -> None:
    evening = ("evening_id", "evenings", "id")
    db.table("players").create({"id": int, "name": str, "created_utc": str}, pk="id", not_null={"name"})
    db.table("players").create_index(["name"], unique=True)
    db.table("evenings").create(V1_EVENINGS, pk="id", defaults={"status": "open", "start_pot": "0"})
    db.table("evening_players").create(
        {"evening_id": int, "seat": int, "player_id": int},
        pk=("evening_id", "seat"),
        foreign_keys=[evening, ("player_id", "players", "id")],
    )
    db.table("entries").create(V1_ENTRIES, pk="id", defaults={"status": "active"}, foreign_keys=[evening])
    db.table("entries").create_index(["evening_id", "seq"])
    db.table("corrections").create(V1_CORRECTIONS, pk="id", foreign_keys=[evening])
    db.table("results").create(V1_RESULTS, pk="entry_id", foreign_keys=[("entry_id", "entries", "id"), evening])
    db.table("results").create_index(["evening_id"])
    db.table("payments").create(
        V1_PAYMENTS,
        pk=("entry_id", "player_id"),
        foreign_keys=[("entry_id", "entries", "id"), ("player_id", "players", "id")],
    )
    db.table("payments").create_index(["evening_id"])
    db.table("payments").create_index(["player_id"])


@migration
def m002_derived_stats(db: sqlite_utils.Database) -> None:
    """Statistics tables and the Datasette views (ledger/hand_rows.py, docs/datasette.md)."""
    from .hand_rows import backfill, create_schema

    create_schema(db)
    backfill(db)


@migration
def m003_written_score(db: sqlite_utils.Database) -> None:
    """A hand's written score (Schrift) where a rule keeps it apart from the money (Skoty Trophy)."""
    db.table("results").add_column("written_json", str)


@migration
def m004_schrift(db: sqlite_utils.Database) -> None:
    """One name for the written score, the Schrift: each payment gets
    ``schrift_x2520`` beside its money; the result's ``written_json``
    becomes ``schrift_json`` (payments and items, for ``sheet --explain``)."""
    db.execute("alter table results rename column written_json to schrift_json")
    db.execute("alter table payments add column schrift_x2520 integer")
    db.execute("update payments set schrift_x2520 = points_x2520")
    names = dict(db.execute("select name, id from players").fetchall())
    for entry_id, written in db.execute(
        "select entry_id, schrift_json from results where schrift_json is not null"
    ).fetchall():
        old = json.loads(written)
        for name, v in old.items():
            db.execute("update payments set schrift_x2520 = ? where entry_id = ? and player_id = ?",
                       [units(Fraction(v)), entry_id, names[name]])  # fmt: skip
        db.execute("update results set schrift_json = ? where entry_id = ?",
                   [json.dumps({"payments": old, "items": []}, ensure_ascii=False), entry_id])  # fmt: skip


# The tables whose rows get a globally unique id (m005); merge matches rows by it.
UID_TABLES = ("players", "evenings", "entries", "corrections")


# What names a row of a ledger made before global ids (m005), in every copy of that ledger alike: the
# columns no command ever changes (a name, a seating or a record can be renamed or corrected), the row's
# own id and time, and the uid of the row it belongs to.
ROW_IDENTITY = {
    "players": "select p.id, p.created_utc from players p order by p.id",
    "evenings": "select ev.id, ev.date, ev.created_utc from evenings ev order by ev.id",
    "entries": "select e.id, ev.uid, e.seq, e.kind, e.created_utc from entries e "
    "left join evenings ev on ev.id = e.evening_id order by e.id",
    "corrections": "select c.id, ev.uid, e.uid, c.kind, c.created_utc from corrections c "
    "left join evenings ev on ev.id = c.evening_id left join entries e on e.id = c.entry_id order by c.id",
}


@migration
def m005_global_ids(db: sqlite_utils.Database) -> None:
    """A global id (``uid``) on every player, evening, entry and correction,
    so the ledgers of several tables can be merged (ledger/merge.py); and
    ``imports``: the files ``hand import`` brought into an evening, by the
    SHA-256 of their content. Rows already there get ids derived from
    themselves (``_derived_uid``), the same in two copies of one ledger
    migrated each on its own."""
    origin = db.execute(
        "select applied_at from _sqlite_migrations where migration_set = 'schreiber' order by id limit 1"
    ).fetchone()
    for table in UID_TABLES:  # in this order: an entry's id names its evening's, a correction's its entry's
        db.execute(f"alter table {table} add column uid text")
        rows = db.execute(ROW_IDENTITY[table]).fetchall()
        db.conn.executemany(
            f"update {table} set uid = ? where id = ?", [(_derived_uid(table, origin, row), row[0]) for row in rows]
        )
        db.execute(f"create unique index {table}_uid on {table}(uid)")
    db.table("imports").create(
        {"id": int, "uid": str, "evening_id": int, "sha256": str, "entries": int, "hands": int, "created_utc": str},
        pk="id",
        not_null={"uid", "evening_id", "sha256"},
        foreign_keys=[("evening_id", "evenings", "id")],
    )
    db.execute("create unique index imports_uid on imports(uid)")
    db.execute("create index imports_file on imports(evening_id, sha256)")


@migration
def m006_cups(db: sqlite_utils.Database) -> None:
    """Tournaments: cups, their players and tables, the fixed cup points of
    ooe-2023.md §11.2 and the views that rank them (ledger/cup_book.py)."""
    from .cup_book import create_schema as create_cup_schema

    create_cup_schema(db)


@migration
def m008_rollups(db: sqlite_utils.Database) -> None:
    """Per-evening rollups of the statistics rows (ledger/rollups.py)."""
    from . import rollups

    rollups.create_counts(db.conn)
    db.conn.execute(rollups.EVENINGS_INDEX_M008)


@migration
def m009_compact(db: sqlite_utils.Database) -> None:
    """Each hand's result stored compactly: its items and Schrift as cells
    (codec.item_cells; an item they cannot say exactly stays as it was), its
    state as a short list (State.to_json). The index of payments by evening
    goes: ``payments_stats`` begins with the evening."""
    conn = db.conn
    last = 0
    while True:
        rows = conn.execute(
            "select entry_id, items_json, state_json, schrift_json from results where entry_id > ? "
            "order by entry_id limit 2000",
            [last],
        ).fetchall()
        if not rows:
            break
        conn.executemany(
            "update results set items_json = ?, state_json = ?, schrift_json = ? where entry_id = ?",
            [(_items(items), _state(state), _schrift(schrift), entry_id) for entry_id, items, state, schrift in rows],
        )
        last = rows[-1][0]
    conn.execute("drop index if exists idx_payments_evening_id")


def _derived_uid(table: str, origin: tuple | None, row: tuple) -> str:
    """A row's global id in an older ledger: 32 hex digits of the SHA-256
    of its table, the ledger's origin (its first migration's time: the same
    in every copy) and the row's identity (``ROW_IDENTITY``)."""
    text = json.dumps([table, origin[0] if origin else None, *row], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _items(text: str | None) -> str | None:
    return compact([_cells(d) for d in json.loads(text)]) if text else text


def _cells(d: dict) -> list | dict:
    """An item stored whole as its cells, where they give back exactly the same (else the item as it was)."""
    if not _stored_item(d):
        return d
    try:
        base, total = Fraction(d["exact_base"]), Fraction(d["exact_value"])
        by_player = {p: exact(Fraction(v)) for p, v in d["exact"].items()}
    except (ValueError, ZeroDivisionError):  # a text that is no number
        return d
    cells: list = [d["kind"], d["label"], exact(base), [[m["name"], m["factor"]] for m in d["multipliers"]], by_player]
    value = math.prod((m["factor"] for m in d["multipliers"]), start=base)
    extra = {"note": d["note"]} if d.get("note") else {}
    if total != value:
        extra["total"] = exact(total)
    cells += [extra] if extra else []
    return cells if dumps(item_of_cells(cells)) == dumps(d) else d


def _stored_item(d: object) -> bool:
    """An item as schreiber stored it before m009: its exact values numbers (or their text), its multipliers whole."""
    number = (str, int)
    multipliers = d.get("multipliers") if isinstance(d, dict) else None
    return (isinstance(d, dict) and isinstance(multipliers, list) and {"kind", "label"} <= d.keys()
            and all(isinstance(m, dict) and "name" in m and type(m.get("factor")) is int for m in multipliers)
            and isinstance(d.get("exact"), dict) and all(isinstance(v, number) for v in d["exact"].values())
            and isinstance(d.get("exact_base"), number) and isinstance(d.get("exact_value"), number))  # fmt: skip


def _state(text: str) -> str:
    return State.from_json(text).to_json()


def _schrift(text: str | None) -> str | None:
    if not text:
        return text
    old = json.loads(text)
    payments = {p: exact(Fraction(v)) for p, v in old["payments"].items()}
    return compact({"payments": payments, "items": [_cells(d) for d in old["items"]]})


@migration
def m010_evening_money(db: sqlite_utils.Database) -> None:
    """Each evening's money beside its points in the rollups, and both per year (ledger/rollups.py)."""
    from . import rollups

    rollups.create_money(db.conn, rollups.POT_RULE_M010)


# The rows written with every hand, each keyed by its hand (m011): no rowid of their own, so no second
# copy of the key in an index; the columns stay as they were.
KEYED = {
    "payments": (
        "entry_id integer not null references entries(id), evening_id integer, "
        "player_id integer not null references players(id), points text, points_x2520 integer, "
        "schrift_x2520 integer, primary key (entry_id, player_id)",
        ["create index payments_stats on payments(evening_id, player_id, points_x2520)"],
    ),
    "hand_players": (
        "entry_id integer not null references results(entry_id) on delete cascade, "
        "evening_id integer not null references evenings(id), player_id integer not null references players(id), "
        "seat integer not null, role text not null, side text, won integer, contract text not null, "
        "primary key (entry_id, player_id)",
        [],
    ),
    "hand_premiums": (
        "entry_id integer not null references results(entry_id) on delete cascade, "
        "evening_id integer not null references evenings(id), seq integer not null, premium text not null, "
        "party text not null, announced integer not null, made integer not null, kontra text, "
        "primary key (entry_id, seq)",
        [],
    ),
    "hand_kontras": (
        "entry_id integer not null references results(entry_id) on delete cascade, "
        "evening_id integer not null references evenings(id), player_id integer not null references players(id), "
        "item text not null, level text not null, role text not null, won integer, "
        "primary key (entry_id, player_id, item)",
        [],
    ),
}


@migration
def m011_rule_sets(db: sqlite_utils.Database) -> None:
    """A smaller ledger: each distinct rule set stored once (``rule_sets``)
    instead of with every evening; the rows written with every hand keyed by
    their hand without a rowid; of the indexes per hand only those a query
    reads (a hand's payments by evening stay). No figure changes."""
    from . import rollups

    conn = db.conn
    conn.execute(
        "create table rule_sets (id integer primary key, sha256 text not null, rules_json text not null, "
        "pot_end text not null)"
    )
    conn.execute("create unique index rule_sets_sha256 on rule_sets(sha256)")
    conn.execute("alter table evenings add column rule_set_id integer references rule_sets(id)")
    for (text,) in conn.execute("select distinct rules_json from evenings").fetchall():
        conn.execute("update evenings set rule_set_id = ? where rules_json = ?", [rule_set_id(conn, text), text])
    conn.execute("drop index if exists evenings_stats")
    conn.execute("alter table evenings drop column rules_json")
    conn.execute(rollups.EVENINGS_INDEX)
    legacy = conn.execute("pragma legacy_alter_table").fetchone()[0]
    conn.execute("pragma legacy_alter_table = on")  # the views naming these tables stay as they are
    try:
        for table, (columns, indexes) in KEYED.items():
            names = ", ".join(r[1] for r in conn.execute(f"pragma table_info({table})"))
            conn.execute(f"create table {table}_keyed ({columns}) without rowid")
            conn.execute(f"insert into {table}_keyed ({names}) select {names} from {table}")
            conn.execute(f"drop table {table}")
            conn.execute(f"alter table {table}_keyed rename to {table}")
            for statement in indexes:
                conn.execute(statement)
    finally:
        conn.execute(f"pragma legacy_alter_table = {int(legacy)}")
    for index in ("hand_facts_contract", "hand_facts_declarer", "hand_facts_sides", "entries_status"):
        conn.execute(f"drop index if exists {index}")
    conn.execute("create index entries_void on entries(evening_id) where status != 'active'")


# A payment's exact points as text ("35/3", "-2") from its 1/2520 units, in plain SQL (2520 = 8 * 9 * 5 * 7:
# the fraction is reduced by the greatest common divisor of the units and 2520, found prime power by prime power).
_GCD = ("((case when {x} % 8 = 0 then 8 when {x} % 4 = 0 then 4 when {x} % 2 = 0 then 2 else 1 end) * "
        "(case when {x} % 9 = 0 then 9 when {x} % 3 = 0 then 3 else 1 end) * "
        "(case when {x} % 5 = 0 then 5 else 1 end) * (case when {x} % 7 = 0 then 7 else 1 end))")  # fmt: skip
EXACT_SQL = f"(case when 2520 / {_GCD} = 1 then cast({{x}} / {_GCD} as text) else ({{x}} / {_GCD}) || '/' || (2520 / {_GCD}) end)"
V_PAYMENTS_M012 = f"""
create view v_payments as
select pay.evening_id, ev.date, e.number, e.kind, pl.name as player,
       {EXACT_SQL.format(x="pay.points_x2520")} as points_exact, pay.points_x2520 / 2520.0 as points,
       e.id as entry_id
from payments pay
join entries e on e.id = pay.entry_id
join evenings ev on ev.id = pay.evening_id
join players pl on pl.id = pay.player_id
where e.status = 'active'"""
# Every stored time (m012: seconds since the epoch instead of ISO text).
UTC_COLUMNS = (("players", "created_utc"), ("evenings", "created_utc"), ("evenings", "closed_utc"),
               ("entries", "created_utc"), ("corrections", "created_utc"), ("imports", "created_utc"),
               ("cups", "created_utc"))  # fmt: skip


@migration
def m012_smaller(db: sqlite_utils.Database) -> None:
    """A smaller ledger, every figure and ``--explain`` line kept: a hand's
    items are scored again when asked for (service/rescored.py) and stay in
    ``items_json`` only where that would not give them back; a payment's
    exact text goes (its 1/2520 units, checked first, say it), with the
    indexes of payments and results by evening; every time is stored as
    seconds since the epoch (read back as its ISO text: ``codec.utc_text``)."""
    from .cup_book import cup_rounds_view

    conn = db.conn
    _check_points(conn)
    # The views go first and come back last: SQLite checks every view again at each ALTER TABLE below.
    views = conn.execute(
        "select name, sql from sqlite_master where type = 'view' and name not in ('v_payments', 'v_cup_rounds') "
        "order by rowid"
    ).fetchall()
    for name in ["v_payments", "v_cup_rounds"] + [n for n, _ in views]:
        conn.execute(f'drop view if exists "{name}"')
    conn.execute("drop index if exists payments_stats")
    conn.execute("alter table payments drop column points")
    conn.execute("drop index if exists idx_results_evening_id")
    for (evening_id,) in conn.execute("select id from evenings order by id").fetchall():
        _drop_rescorable_items(conn, evening_id)
    for table, column in UTC_COLUMNS:
        conn.execute(f"alter table {table} add column {column}_s integer")
        conn.execute(  # a text that is no time stays as it was
            f"update {table} set {column}_s = coalesce(cast(strftime('%s', {column}) as integer), {column})"
        )
        conn.execute(f"alter table {table} drop column {column}")
        conn.execute(f"alter table {table} rename column {column}_s to {column}")
    for _, sql in views:
        conn.execute(sql)
    conn.execute(V_PAYMENTS_M012)
    conn.execute(cup_rounds_view())


def _drop_rescorable_items(conn: sqlite3.Connection, evening_id: int) -> None:
    """The evening's entries scored again, each from the state before it:
    their stored items go where that gives them back, or the entry is void."""
    ev = evening_of_row(dict(zip(("id", "date", "preset", "rules_json", "seating_json", "first_dealer", "tarif_cents",
        "status", "start_pot"), conn.execute(
        "select ev.id, ev.date, ev.preset, rs.rules_json, ev.seating_json, ev.first_dealer, ev.tarif_cents, "
        "ev.status, ev.start_pot from evenings ev join rule_sets rs on rs.id = ev.rule_set_id where ev.id = ?",
        [evening_id]).fetchone())))  # fmt: skip
    before = initial_state(ev.rules, ev.seating, ev.first_dealer, ev.start_pot)
    cur = conn.execute(
        "select e.*, r.items_json as stored_items, r.state_json as stored_state from entries e "
        "join results r on r.entry_id = e.id where e.evening_id = ? and (e.status = 'active' or r.kind = 'dealt') "
        "order by e.seq, e.id",
        [evening_id],
    )
    names = [d[0] for d in cur.description]
    gone = []
    for row in cur.fetchall():
        r = dict(zip(names, row))
        entry = entry_of_row(r)
        if entry.is_void or _rescored_items(ev, entry, before) == _stored_items(r["stored_items"]):
            gone.append((entry.id,))
        before = State.from_json(r["stored_state"])
    conn.executemany("update results set items_json = null where entry_id = ?", gone)


def _rescored_items(ev: Evening, entry: StoredEntry, before: State) -> str | None:
    o = step_or_none(ev.rules, ev.seating, before, entry.as_entry())
    return dumps([stored_item(it) for it in o.items]) if o else None


def _stored_items(text: str | None) -> str:
    return dumps([item_of_cells(c) for c in json.loads(text)] if text else [])


def _check_points(conn: sqlite3.Connection) -> None:
    """Every payment's exact text is its 1/2520 units; else the ledger is damaged and stays as it was."""
    exact = EXACT_SQL.format(x="points_x2520")
    for entry_id, points, x in conn.execute(
        f"select entry_id, points, points_x2520 from payments where points is not {exact}"
    ).fetchall():
        if points is None or x is None or Fraction(points) != from_units(x):
            path = Path(conn.execute("pragma database_list").fetchone()[2])
            raise LedgerDamaged(path, f"entry {entry_id}: a payment stored as {points} and as {x}/2520 points")


@migration
def m013_hand_numbers(db: sqlite_utils.Database) -> None:
    """The evening's hands by number: the next hand's number and hand N
    found without reading every entry of the evening, which made a line of
    ``tisch`` and ``hand add`` cost more the longer the evening."""
    db.conn.execute("create index entries_hand_number on entries(evening_id, number) where kind = 'hand'")


@migration
def m014_rules_format(db: sqlite_utils.Database) -> None:
    """Every stored set of rules (an evening's, a cup's) says its rules
    format (``domain.rules.RULES_FORMAT``), those written before it was kept
    the one their keys tell: a rule added later reads there as schreiber
    played before it. No figure changes."""
    from ..domain.rules import rules_format

    conn = db.conn
    for rid, text in conn.execute("select id, rules_json from rule_sets").fetchall():
        stamped = _with_format(text, rules_format)
        if stamped is not None:
            conn.execute(
                "update rule_sets set rules_json = ?, sha256 = ? where id = ?", [stamped, rule_set_key(stamped), rid]
            )
    for cid, text in conn.execute("select id, rules_json from cups").fetchall():
        stamped = _with_format(text, rules_format)
        if stamped is not None:
            conn.execute("update cups set rules_json = ? where id = ?", [stamped, cid])


def _with_format(text: str, rules_format) -> str | None:
    """Stored rules with their format said; None where said already or not rules (``schreiber check`` says so)."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or "format" in data:
        return None
    data["format"] = rules_format(data, "stored rules")
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


@migration
def m015_cup_rounds_played(db: sqlite_utils.Database) -> None:
    """A cup's round counts for a player once his table has played a hand
    in it, not once it is drawn (a tournament drawn but not played gave cup
    points by the lot): the views over ``v_cup_rounds`` made anew; every
    played tournament keeps its figures."""
    _ranking_views_anew(db)


@migration
def m016_every_year(db: sqlite_utils.Database) -> None:
    """Every year's rollups summed together (``'*'``) and ``year_scored`` (ledger/rollups.py)."""
    from . import rollups

    rollups.create_every_year(db.conn)


@migration
def m017_paper_totals(db: sqlite_utils.Database) -> None:
    """A cup table's round may come from paper (``cup score``: an entry of
    kind ``totals``): such a round counts as played like one with hands. The
    views over ``v_cup_rounds`` are made anew; a schreiber from before this
    step refuses the ledger (a newer schreiber's) rather than replaying an
    entry it does not know. No figure changes: no evening had totals before."""
    _ranking_views_anew(db)


@migration
def m018_withdrawn_tables(db: sqlite_utils.Database) -> None:
    """A drawn round taken back before a hand was played in it (``cup draw
    --undo``): its tables leave ``cup_tables`` for ``cup_withdrawn_tables``
    (the round can be drawn again under its numbers), their evenings are
    kept, with the status ``withdrawn``. No figure changes: nothing was
    withdrawn before."""
    from .cup_book import WITHDRAWN_TABLES

    db.conn.execute(WITHDRAWN_TABLES)


@migration
def m019_held_elsewhere(db: sqlite_utils.Database) -> None:
    """The evenings a table's copy (``cup table N --out FILE``) holds closed
    because the desk's ledger keeps them: the copy's own table is its one
    open evening, and a merge does not carry their closing back to the desk.
    A new table, empty in every ledger made before; no figure changes."""
    db.conn.execute("create table held_elsewhere (evening_id integer primary key references evenings(id))")


@migration
def m020_result_list_rounds(db: sqlite_utils.Database) -> None:
    """``v_cup_result_list`` with a column for every round a cup may have
    (R1 to R6), not R1 to R3 alone: the views over ``v_cup_rounds`` made
    anew. No figure changes."""
    _ranking_views_anew(db)


def _ranking_views_anew(db: sqlite_utils.Database) -> None:
    """The views over ``v_cup_rounds`` dropped and made as this version makes them (``cup_book``)."""
    from .cup_book import cup_ranking_views

    views = cup_ranking_views()
    for name, _sql in reversed(views):
        db.conn.execute(f'drop view if exists "{name}"')
    for _name, sql in views:
        db.conn.execute(sql)
