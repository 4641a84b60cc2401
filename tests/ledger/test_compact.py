"""What a hand's result is stored as (migration m009): its items as cells
and its state as a short list, read back exactly as the full form
(``codec.stored_item``) and ``State`` they come from; a ledger written in
the full form is migrated without changing a line of ``sheet --explain``.
(Since m012 a hand's items are scored again when asked for; a result keeps
them only where that would not give them back, see test_rescored.py.)"""

from __future__ import annotations

import json
import sqlite3
from fractions import Fraction

import sqlite_utils
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schreiber.domain.evening import Entry, State, initial_state, step
from schreiber.domain.rules import PRESETS, with_overrides
from schreiber.ledger.codec import (
    ENTRY_COLUMNS,
    compact,
    dumps,
    entry_row,
    item_cells,
    item_of_cells,
    stored_item,
    stored_record,
)
from schreiber.ledger.migrations import migrations
from schreiber.ledger.store import Ledger
from schreiber.service.rescored import evening_items
from tests.domain.test_properties import hands
from tests.helpers import ROOT, cli

PLAYERS = ["Anna", "Berti", "Carl", "Dora"]


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    preset=st.sampled_from(PRESETS),
    pot=st.integers(0, 5),
    radl=st.booleans(),
    holz=st.booleans(),
    schrift=st.sampled_from(["all", "simple", "none"]),
)
def test_cells_give_back_every_item_and_state(data, preset, pot, radl, holz, schrift):
    rules, players, rec = data.draw(hands(preset))
    rules = with_overrides(rules, [f"pagatkassa={pot}", f"holz={'true' if holz else 'false'}",
                                  f"schrift_kontra={schrift}"])  # fmt: skip
    state = initial_state(rules, players, rec.get("dealer"))
    if radl:
        state = step(rules, players, state, Entry("radl")).state
    o = step(rules, players, state, Entry.hand(rec))
    items = list(o.items) + (list(o.schrift.items) if o.schrift else [])
    for it in items:
        stored = json.loads(compact(item_cells(it)))
        assert dumps(item_of_cells(stored)) == dumps(stored_item(it))  # the same keys, in the same order
    for s in (state, o.state):
        assert State.from_json(s.to_json()) == s
        old = json.dumps({"next_dealer": s.next_dealer, "hands": s.hands, "radl": list(s.radl),
                          "holz": dict(s.holz), "pot": str(s.pot)})  # fmt: skip
        assert State.from_json(old) == s._replace(final=0, boost=0)


def _play(preset: str, db) -> None:
    lines = (ROOT / "examples" / "evenings" / f"{preset}.txt").read_text(encoding="utf-8")
    assert cli("--db", str(db), "evening", "start", *PLAYERS, "--rules", preset, "--date", "2026-11-06").exit_code == 0
    r = cli("--db", str(db), "tisch", input=lines)
    assert r.exit_code == 0, r.output


def _as_before_m009(db) -> None:
    """The ledger as a schreiber before m009 wrote it: every item whole,
    states as objects, and m009 not applied."""
    items = _items(db)
    con = sqlite3.connect(db)
    with con:
        rows = con.execute("select entry_id, state_json, schrift_json from results").fetchall()
        for entry_id, state, schrift in rows:
            s = State.from_json(state)
            old_state = {"next_dealer": s.next_dealer, "hands": s.hands, "radl": list(s.radl), "holz": dict(s.holz),
                         "pot": str(s.pot), **({"final": s.final, "boost": s.boost} if s.final else {})}  # fmt: skip
            old_schrift = None
            if schrift:
                w = json.loads(schrift)
                old_schrift = dumps({"payments": {p: str(v) for p, v in w["payments"].items()},
                                     "items": [item_of_cells(c) for c in w["items"]]})  # fmt: skip
            con.execute(
                "update results set items_json = ?, state_json = ?, schrift_json = ? where entry_id = ?",
                [dumps(items.get(entry_id, [])), dumps(old_state), old_schrift, entry_id],
            )
        con.execute("delete from _sqlite_migrations where name = 'm009_compact'")
        con.execute("create index idx_payments_evening_id on payments (evening_id)")
    con.close()


def _explained(db) -> list[str]:
    out = json.loads(cli("--db", str(db), "sheet", "--json").stdout)
    numbers = [h["number"] for h in out["hands"] if not h["void"]]
    explained = [
        cli("--db", str(db), "sheet", "--explain", str(n), *j).stdout for n in numbers for j in ([], ["--json"])
    ]
    return [*explained, cli("--db", str(db), "sheet").stdout]


def applied(db) -> list[str]:
    return [m.name for m in migrations.applied(sqlite_utils.Database(db))]


def test_m009_keeps_every_explained_line(tmp_path):
    for preset in PRESETS:
        db = tmp_path / f"{preset}.db"
        _play(preset, db)
        before_items = _stored(db)
        new = _explained(db)
        _as_before_m009(db)
        assert "m009_compact" not in applied(db)
        assert _explained(db) == new, preset  # the full form read as it was (this migrates it again)
        assert "m009_compact" in applied(db)
        assert _stored(db) == before_items
        raw = sqlite3.connect(db).execute("select items_json, state_json from results").fetchall()
        assert all(not i.startswith("[{") and s.startswith("[") for i, s in raw if i != "[]"), preset
        Ledger(db).close()


def _items(db) -> dict[int, list[dict] | None]:
    """Each active entry's items as the ledger gives them (kept, or scored again)."""
    led = Ledger(db)
    try:
        return {entry.id: items for ev in led.evenings() for entry, items in evening_items(led, ev)}
    finally:
        led.close()


def _stored(db) -> list:
    con = sqlite3.connect(db)
    rows = con.execute("select entry_id, schrift_json from results order by entry_id").fetchall()
    con.close()
    items = _items(db)
    return [(items.get(i), [item_of_cells(c) for c in json.loads(s)["items"]] if s else None) for i, s in rows]


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), preset=st.sampled_from(PRESETS))
def test_a_record_is_stored_compactly_and_read_back_identical(data, preset, tmp_path_factory):
    """The hand record is stored without spaces (m011 on) and read back, by
    the ledger and by JSON, the same record, key for key and in order."""
    rules, players, rec = data.draw(hands(preset))
    o = step(rules, players, initial_state(rules, players, rec.get("dealer")), Entry.hand(rec))
    record = stored_record(o)
    text = entry_row(None, 1, 1, Entry.hand(record), 1, None)[ENTRY_COLUMNS.index("record_json")]
    assert text == compact(record)
    assert json.loads(text) == json.loads(dumps(record)) == record
    assert list(json.loads(text)) == list(record)
    assert dumps(json.loads(text)) == dumps(record)  # the form an older ledger stored, given back as it was
    db = tmp_path_factory.mktemp("rec") / "l.db"
    led = Ledger(db)
    with led.transaction():
        ev = led.evening(led.insert_evening(tuple(players), rules, "2026-11-24", players[0], 10, Fraction(0)))
        led.insert_entry(ev, 1, Entry.hand(record), 1)
    assert [e.as_entry().record for e in led.replayed_entries(ev)] == [record]
    led.close()


def _as_at_m011(db) -> None:
    """The ledger as the schreiber before m012 wrote it: every hand's items
    stored as cells, each payment's exact text beside its units, times as
    ISO text, and m012 not applied."""
    from schreiber.domain.evening import replay
    from schreiber.ledger.codec import utc_text
    from schreiber.ledger.migrations import EXACT_SQL, UTC_COLUMNS

    led = Ledger(db)
    cells = {}
    for ev in led.evenings():
        entries = led.replayed_entries(ev)
        outcomes = replay(ev.rules, ev.seating, [e.as_entry() for e in entries], led.start_state(ev))
        cells.update({e.id: compact([item_cells(it) for it in o.items]) for e, o in zip(entries, outcomes)})
    led.close()
    con = sqlite3.connect(db)
    with con:
        con.executemany("update results set items_json = ? where entry_id = ?", [(c, i) for i, c in cells.items()])
        con.execute("alter table payments add column points text")
        con.execute(f"update payments set points = {EXACT_SQL.format(x='points_x2520')}")
        for table, column in UTC_COLUMNS:
            times = con.execute(f"select rowid, {column} from {table} where {column} is not null").fetchall()
            con.executemany(f"update {table} set {column} = ? where rowid = ?", [(utc_text(t), r) for r, t in times])
        con.execute("delete from _sqlite_migrations where name = 'm012_smaller'")
    con.close()


def _outputs(db) -> list[str]:
    args = [["balance", "--json"], ["stats", "--json"], ["sheet", "--json"]]
    args += [["export", "--what", w, "--format", "jsonl"] for w in ("hands", "items", "payments")]
    return _explained(db) + [cli("--db", str(db), *a).stdout for a in args]


def test_m012_keeps_every_explained_line(tmp_path):
    """A ledger of every preset as the schreiber before m012 stored it,
    migrated: every explained line, sheet, balance, statistic and export
    as before, and no hand keeps its items (scoring it again gives them)."""
    for preset in PRESETS:
        db = tmp_path / f"{preset}.db"
        _play(preset, db)
        before = _outputs(db)
        _as_at_m011(db)
        assert _kept(db) == _kept_total(db) > 0
        assert _outputs(db) == before, preset  # this migrates it
        assert "m012_smaller" in applied(db)
        assert _kept(db) == 0, preset


def _kept(db) -> int:
    con = sqlite3.connect(db)
    try:
        return con.execute("select count(*) from results where items_json is not null").fetchone()[0]
    finally:
        con.close()


def _kept_total(db) -> int:
    con = sqlite3.connect(db)
    try:
        return con.execute("select count(*) from results").fetchone()[0]
    finally:
        con.close()


def test_a_plain_state_is_written_as_the_general_form_writes_it():
    """Most hands leave only the dealer and the count (evening.State.to_json
    writes them directly): the same text as the JSON encoder gives, also for
    names JSON must escape."""
    for name in ("Anna", 'Dö"ra', "Back\\slash", "Zoë\tTab", "李"):
        for count in (0, 7, 1234):
            s = State(name, count)
            assert s.to_json() == json.dumps([name, count], ensure_ascii=False, separators=(",", ":"))
            assert State.from_json(s.to_json()) == s


def test_none_is_bound_as_null():
    """The ledger registers an adapter for None (ledger/connection.py: the
    bind is quicker): a None still lands as SQL NULL, alone and in many rows."""
    import schreiber.ledger.connection  # noqa: F401  (registers it)

    con = sqlite3.connect(":memory:")
    con.execute("create table t (a, b)")
    con.execute("insert into t values (?, ?)", (None, 1))
    con.executemany("insert into t values (?, ?), (?, ?)", [(None, None, 2, None)])
    assert con.execute("select typeof(a), typeof(b) from t").fetchall() == [
        ("null", "integer"), ("null", "null"), ("integer", "null")]  # fmt: skip
