"""Work made apart (schreiber/apart.py), and a large import scored in a
second process while this one writes (service._batches): the very rows an
import in process writes, all or nothing, errors named by line."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import time
from fractions import Fraction

import pytest

from schreiber import apart, service
from schreiber.domain.evening import Entry
from schreiber.domain.rules import load_rules
from schreiber.domain.sample import random_hands
from schreiber.errors import SchreiberError
from schreiber.ledger.store import Ledger
from schreiber.service import Service
from tests.ledger.test_rollups import SIDE_BY_SIDE, recomputed, tables

pytestmark = pytest.mark.skipif(not apart.available(), reason="work is made apart only on Linux (fork, pipe size)")


def test_items_arrive_in_order_as_made():
    values = [(1, "Anna", None), {"entries": [(2, "Dora\tß", -5)]}, [10**30, True], "x" * 300_000]
    with apart.made_apart(lambda: iter(values)) as items:
        assert list(items) == values


def test_an_exception_in_the_child_is_raised_here_as_it_was():
    def make():
        yield 1
        raise SchreiberError("line 7: no such contract 'rufa'")

    got = []
    with pytest.raises(SchreiberError, match="line 7: no such contract 'rufa'"), apart.made_apart(make) as items:
        got.extend(items)
    assert got == [1]


def test_what_marshal_cannot_send_is_refused_in_the_child_and_said_here():
    with pytest.raises(ValueError, match="unmarshallable"), apart.made_apart(lambda: iter([Fraction(1, 3)])) as items:
        list(items)


def test_a_child_that_dies_is_noticed():
    def make():
        yield os.getpid()
        time.sleep(60)
        yield "never"

    with pytest.raises(apart.ChildEnded, match="signal 9"), apart.made_apart(make) as items:
        for pid in items:
            os.kill(pid, signal.SIGKILL)
    with pytest.raises(apart.ChildEnded, match="exit status 1"), apart.made_apart(_interrupted) as items:
        list(items)  # KeyboardInterrupt is no Exception: the child ends, and says nothing of it


def _interrupted():
    yield 1
    raise KeyboardInterrupt


def test_leaving_early_ends_the_child():
    def endless():
        yield os.getpid()
        while True:
            yield 0

    with apart.made_apart(endless) as items:
        pid = next(items)
    with pytest.raises(ChildProcessError):  # killed and reaped: no such child any more
        os.waitpid(pid, os.WNOHANG)


def _ledger_rows(path) -> dict[str, list]:
    """Every table's rows, the random uids and times left out (they differ from run to run)."""
    conn = sqlite3.connect(path)
    out = {}
    for (t,) in conn.execute("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'"):
        cols = [r[1] for r in conn.execute(f"pragma table_info('{t}')")]
        keep = [c for c in cols if c != "uid" and not c.endswith("_utc") and c != "applied_at"]
        out[t] = sorted(conn.execute(f"select {', '.join(keep)} from {t}").fetchall(), key=repr)
    conn.close()
    return out


def _evening_of(rng: random.Random, svc: Service, preset: str, players: tuple[str, ...], overrides: list[str]):
    ev = svc.start_evening(players, load_rules(preset, overrides), "2025-04-01").evening_id
    if preset == "tirol":
        entries = [Entry.hand(r) for r in SIDE_BY_SIDE * 6]
    else:
        entries = [Entry.hand(r) for r in random_hands(rng, players, 60)]
    entries[10:10] = [Entry("radl"), Entry("strafpunkt", player=players[2]), Entry("redeal")]
    return ev, entries


CASES = [
    ("standard", ("Anna", "Berti", "Carl", "Dora"), ["pagatkassa=1", "pagatkassa_end=split", "schrift_kontra=none"]),
    ("standard", ("Fritz", "Gerti", "Hans", "Ilse", "Josef"), ["holz=true"]),
    ("tirol", ("Anna", "Berti", "Carl", "Dora"), []),
]


@pytest.mark.parametrize("preset, players, overrides", CASES)
def test_an_import_made_apart_writes_what_one_in_process_writes(tmp_path, monkeypatch, preset, players, overrides):
    """Three evenings (a pot shared out and a Schrift apart from the money;
    five players with Holz; tirol's negative contracts side by side with
    single Kontras) with Radl, a penalty point and a redeal among the hands,
    imported once in process and once apart, in batches of 7: every row of
    every table the same, and the rollups those of a full recomputation."""
    monkeypatch.setattr(service, "BATCH", 7)
    went_apart = []
    made_apart = apart.made_apart
    monkeypatch.setattr(apart, "made_apart", lambda make: went_apart.append(1) or made_apart(make))
    ledgers = []
    for apart_from in (10**9, 1):
        monkeypatch.setattr(service, "APART_FROM", apart_from)
        path = tmp_path / f"{apart_from}.db"
        svc = Service(Ledger(path))
        ev, entries = _evening_of(random.Random(3), svc, preset, players, overrides)
        numbers = svc.import_entries(entries, [None] * len(entries), "0" * 64, svc.evening(ev)).numbers
        svc.ledger.close()
        ledgers.append(path)
    assert went_apart == [1]
    assert numbers[:13] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0] and numbers[-1] == len(entries) - 3
    ours, theirs = (_ledger_rows(p) for p in ledgers)
    assert sum(map(len, ours.values())) > 600
    assert ours == theirs
    conn = sqlite3.connect(ledgers[1])
    assert tables(conn) == recomputed(ledgers[1])


def test_an_import_made_apart_keeps_the_ids_it_is_given(tmp_path, monkeypatch):
    monkeypatch.setattr(service, "APART_FROM", 1)
    svc = Service(Ledger(tmp_path / "l.db"))
    ev, entries = _evening_of(random.Random(4), svc, "standard", ("Anna", "Berti", "Carl", "Dora"), [])
    uids = [f"{i:032x}" if i % 2 else None for i in range(len(entries))]
    svc.import_entries(entries, uids, "1" * 64, svc.evening(ev))
    stored = [r[0] for r in svc.ledger.db.execute("select uid from entries where evening_id = ? order by seq", [ev])]
    assert [u for u in uids if u] == [s for s, u in zip(stored, uids) if u]
    assert len(set(stored)) == len(entries)  # the others got new ones, all different


def test_a_bad_entry_in_an_import_made_apart_adds_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(service, "APART_FROM", 1)
    monkeypatch.setattr(service, "BATCH", 5)
    path = tmp_path / "l.db"
    svc = Service(Ledger(path))
    ev, entries = _evening_of(random.Random(5), svc, "standard", ("Anna", "Berti", "Carl", "Dora"), [])
    entries.insert(40, Entry.hand({"contract": "schnapsen", "declarer": "Anna", "result": "won"}))  # left out, as if
    entries.insert(50, Entry.hand({"contract": "dreier", "declarer": "Zenzi", "result": "won"}))  # not there
    before = _ledger_rows(path)
    labels = [f"line {i}" for i in range(1, len(entries) + 1)]
    with pytest.raises(SchreiberError) as exc:
        svc.import_entries(entries, [None] * len(entries), "2" * 64, svc.evening(ev), labels)
    said = str(exc.value)
    assert said.startswith(f"2 of {len(entries)} entries are wrong, nothing was added: line 41: "), said
    assert "; line 51: " in said and "schnapsen" in said and "Zenzi" in said
    assert _ledger_rows(path) == before
