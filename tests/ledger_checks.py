"""Checks that a ledger file is whole: for the concurrency, crash, backup and
hostile-input tests. Reads the file with plain sqlite3, as an outsider."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

from schreiber.ledger.store import Ledger
from schreiber.service.rescored import evening_items
from tests.helpers import SCHREIBER, console

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ("Anna", "Berti", "Carl", "Dora")


def run_cli(*args: str, db: Path | str | None = None, input: str | None = None) -> subprocess.CompletedProcess:
    """`schreiber ARGS` as its console script runs it (``helpers.console``)."""
    env = dict(os.environ)
    if db is not None:
        env["SCHREIBER_DB"] = str(db)
    return console(list(args), env=env, input=input)


def run_schreiber(
    args: list[str], env: dict[str, str], input: str | None = None, cwd: Path | str | None = None
) -> subprocess.CompletedProcess:
    """`schreiber ARGS` with this environment and working folder (``helpers.console``)."""
    return console(args, env=env, input=input, cwd=cwd)


def process(*args: str, db: Path | str) -> subprocess.CompletedProcess:
    """`schreiber ARGS` as a process of its own: for the tests of several
    processes writing one ledger at once."""
    env = dict(os.environ, SCHREIBER_DB=str(db))
    return subprocess.run(SCHREIBER + list(args), env=env, capture_output=True, text=True, timeout=60)


def dreier(declarer: str, points: int) -> dict:
    """A hand valid whoever deals (any player may bid a Dreier with four at
    the table); (declarer, points) tells the hands of a test apart."""
    return {"contract": "dreier", "declarer": declarer, "points": points}


def row_counts(db: Path | str) -> dict[str, int]:
    con = sqlite3.connect(db)
    try:
        names = [
            r[0]
            for r in con.execute(
                "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name"
            )
        ]
        return {n: con.execute(f'select count(*) from "{n}"').fetchone()[0] for n in names}
    finally:
        con.close()


def check_ledger(db: Path | str, zero_sum: bool = True) -> dict:
    """Assert the ledger is whole; return {"hands": N, "records": [...], "balance": {...}}.

    - PRAGMA integrity_check is ok and no foreign key dangles;
    - every active entry has exactly one result row, and no result or
      payment belongs to a missing or voided entry;
    - the payments of each entry are the sum of its scored items (scored
      again from the state stored before it) and (without a Pagat pot) sum
      to zero;
    - hand numbers of each evening run 1..n without a gap (voided hands
      included) and no active hand shares its number with another.
    """
    con = sqlite3.connect(db)
    con.row_factory = sqlite3.Row
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert con.execute("PRAGMA foreign_key_check").fetchall() == []
        active = {r["id"]: r for r in con.execute("select * from entries where status = 'active'")}
        results = defaultdict(list)
        for r in con.execute("select * from results"):
            results[r["entry_id"]].append(r)
        assert set(results) == set(active), (
            f"entries without a result: {sorted(set(active) - set(results))}; "
            f"results without an active entry: {sorted(set(results) - set(active))}"
        )
        assert all(len(v) == 1 for v in results.values())
        names = {r["id"]: r["name"] for r in con.execute("select id, name from players")}
        paid = defaultdict(dict)
        for p in con.execute("select * from payments"):
            assert p["entry_id"] in active, f"payment of entry {p['entry_id']}, which is not active"
            paid[p["entry_id"]][names[p["player_id"]]] = Fraction(p["points_x2520"], 2520)
        _items_add_up(db, set(active))
        for eid in active:
            got = {k: v for k, v in paid[eid].items() if v}
            if zero_sum:
                assert sum(got.values()) == 0, f"entry {eid}: payments do not sum to zero: {got}"
        active_numbers, all_numbers = defaultdict(list), defaultdict(set)
        for e in con.execute("select * from entries where kind = 'hand'"):
            all_numbers[e["evening_id"]].add(e["number"])
            if e["status"] == "active":
                active_numbers[e["evening_id"]].append(e["number"])
        for ev, numbers in all_numbers.items():  # a voided hand keeps its number on the sheet
            assert numbers == set(range(1, len(numbers) + 1)), f"evening {ev}: hand numbers {sorted(numbers)}"
            assert len(set(active_numbers[ev])) == len(active_numbers[ev]), f"evening {ev}: a number twice"
        records = [
            json.loads(e["record_json"]) for e in sorted(active.values(), key=lambda e: e["id"]) if e["kind"] == "hand"
        ]
        balance: dict[str, Fraction] = defaultdict(Fraction)
        for pays in paid.values():
            for k, v in pays.items():
                balance[k] += v
        return {"hands": len(records), "records": records, "balance": dict(balance), "entry_ids": sorted(active)}
    finally:
        con.close()


def _items_add_up(db: Path | str, active: set[int]) -> None:
    """Every active entry's items, scored again, add up to its stored payments."""
    led = Ledger(db, read_only=True)
    try:
        seen = set()
        for ev in led.evenings():
            for entry, items in evening_items(led, ev):
                assert items is not None, f"entry {entry.id}: its items do not add up to its stored payments"
                seen.add(entry.id)
        assert seen == active
    finally:
        led.close()
