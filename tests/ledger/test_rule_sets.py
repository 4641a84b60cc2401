"""Each distinct rule set is stored once (``rule_sets``): evenings of the
same rules share it, a migrated ledger keeps every evening's rules, and a
merge brings the other ledger's rule sets in, mapped to ours."""

from __future__ import annotations

import json
import shutil
import sqlite3

from schreiber.ledger.store import Ledger
from tests.helpers import TESTS, cli

FOUR = ("Anna", "Berti", "Carl", "Dora")


def ok(db, *args) -> str:
    r = cli("--db", str(db), *args)
    assert r.exit_code == 0, r.output
    return r.stdout


def rules_of(db) -> dict[str, dict]:
    """Each evening's rules by its global id, read through the ledger."""
    led = Ledger(db)
    try:
        uids = dict(led.db.execute("select id, uid from evenings").fetchall())
        return {uids[ev.id]: json.loads(ev.rules_json) for ev in led.evenings()}
    finally:
        led.close()


def count(db, sql: str) -> int:
    con = sqlite3.connect(db)
    try:
        return con.execute(sql).fetchone()[0]
    finally:
        con.close()


def test_the_same_rules_are_stored_once(tmp_path):
    db = tmp_path / "l.db"
    for _ in range(3):
        ok(db, "evening", "start", *FOUR)
    ok(db, "evening", "start", *FOUR, "--rule", "pagatkassa=1")
    assert count(db, "select count(*) from rule_sets") == 2
    assert count(db, "select count(distinct rule_set_id) from evenings") == 2
    assert [r["rules"]["pagatkassa"] for r in rules_of(db).values()] == [0, 0, 0, 1]


def test_a_migrated_ledger_keeps_every_evenings_rules(tmp_path):
    db = tmp_path / "v1.db"
    shutil.copyfile(TESTS / "fixtures" / "ledger_v1.db", db)
    con = sqlite3.connect(db)
    before = [json.loads(t) for (t,) in con.execute("select rules_json from evenings order by id")]
    con.close()
    ok(db, "balance", "--json")  # migrates
    led = Ledger(db)
    after = [json.loads(ev.rules_json) for ev in led.evenings()]
    led.close()
    # kept as they were, and saying the rules format they were written in (m014): that of the first
    # release, whose rules name radl_hands (domain/rules.py, rules_format)
    assert all("radl_hands" in r["rules"] for r in before)
    assert after == [dict(r, format=1) for r in before]
    assert count(db, "select count(*) from rule_sets") == len({json.dumps(r, sort_keys=True) for r in before})


def test_a_merge_maps_the_rule_sets(tmp_path):
    ours, theirs = tmp_path / "a.db", tmp_path / "b.db"
    ok(ours, "evening", "start", *FOUR)
    shutil.copyfile(ours, theirs)
    ok(theirs, "evening", "start", *FOUR, "--rule", "pagatkassa=2")
    ok(ours, "evening", "start", *FOUR, "--rule", "pagatkassa=3")
    ok(ours, "merge", str(theirs))
    assert {r["rules"]["pagatkassa"] for r in rules_of(ours).values()} == {0, 2, 3}
    assert rules_of(ours) == rules_of(ours) | rules_of(theirs)
    assert count(ours, "select count(*) from rule_sets") == 3
    ok(ours, "merge", str(theirs))  # again: nothing new
    assert count(ours, "select count(*) from rule_sets") == 3
