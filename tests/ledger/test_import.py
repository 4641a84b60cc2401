"""A large import in one process, a batch at a time: Radl, a penalty point
and a redeal among the hands; the same evening on the screen whatever the
size of its batches, the rollups those of a full recomputation, the ids it
is given kept, and a bad entry anywhere adding nothing."""

from __future__ import annotations

import random
import sqlite3

import pytest

from schreiber.domain.evening import Entry
from schreiber.domain.rules import load_rules
from schreiber.domain.sample import random_hands
from schreiber.errors import SchreiberError
from schreiber.ledger.store import Ledger
from schreiber.service import Service
from tests.helpers import cli
from tests.ledger.test_rollups import SIDE_BY_SIDE, recomputed, tables

P4 = ("Anna", "Berti", "Carl", "Dora")


def _evening_of(rng: random.Random, svc: Service, preset: str, players: tuple[str, ...], overrides: list[str]):
    ev = svc.start_evening(players, load_rules(preset, overrides), "2025-04-01").evening_id
    if preset == "tirol":
        entries = [Entry.hand(r) for r in SIDE_BY_SIDE * 6]
    else:
        entries = [Entry.hand(r) for r in random_hands(rng, players, 60)]
    entries[10:10] = [Entry("radl"), Entry("strafpunkt", player=players[2]), Entry("redeal")]
    return ev, entries


CASES = [
    ("standard", P4, ["pagatkassa=1", "pagatkassa_end=split", "schrift_kontra=none"]),
    ("standard", ("Fritz", "Gerti", "Hans", "Ilse", "Josef"), ["holz=true"]),
    ("tirol", P4, []),
]


# What a user reads of an evening: its sheet, balance, statistics and payments.
SHOWN = (["sheet"], ["balance", "--json"], ["stats", "--json"], ["export", "--format", "jsonl", "--what", "payments"])


@pytest.mark.parametrize("preset, players, overrides", CASES)
def test_an_import_shows_the_same_evening_whatever_its_batches(tmp_path, preset, players, overrides):
    """A pot shared out and a Schrift apart from the money; five players
    with Holz; tirol's negative contracts side by side with single Kontras:
    imported in batches of 7 and in one, the sheet, balance, statistics and
    payments are the same, and the rollups those of a recomputation."""
    shown = []
    for batch in (7, 1000):
        path = tmp_path / f"{batch}.db"
        svc = Service(Ledger(path))
        ev, entries = _evening_of(random.Random(3), svc, preset, players, overrides)
        numbers = svc.import_entries(entries, svc.evening(ev), sha256="0" * 64, batch=batch).numbers
        svc.ledger.close()
        assert numbers[:13] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0] and numbers[-1] == len(entries) - 3
        assert tables(sqlite3.connect(path)) == recomputed(path)
        shown.append([cli("--db", str(path), *args).stdout for args in SHOWN])
    assert shown[0] == shown[1] and all(shown[0])


def test_an_import_keeps_the_ids_it_is_given(tmp_path):
    svc = Service(Ledger(tmp_path / "l.db"))
    ev, entries = _evening_of(random.Random(4), svc, "standard", P4, [])
    uids = [f"{i:032x}" if i % 2 else None for i in range(len(entries))]
    svc.import_entries(entries, svc.evening(ev), uids=uids, sha256="1" * 64)
    stored = [r[0] for r in svc.ledger.db.execute("select uid from entries where evening_id = ? order by seq", [ev])]
    assert [u for u in uids if u] == [s for s, u in zip(stored, uids) if u]
    assert len(set(stored)) == len(entries)  # the others got new ones, all different


def test_a_bad_entry_in_a_later_batch_adds_nothing(tmp_path):
    path = tmp_path / "l.db"
    svc = Service(Ledger(path))
    ev, entries = _evening_of(random.Random(5), svc, "standard", P4, [])
    entries.insert(40, Entry.hand({"contract": "schnapsen", "declarer": "Anna", "result": "won"}))
    entries.insert(50, Entry.hand({"contract": "dreier", "declarer": "Zenzi", "result": "won"}))
    count = "select count(*) from entries"
    before = svc.ledger.db.execute(count).fetchone()[0]
    labels = [f"line {i}" for i in range(1, len(entries) + 1)]
    with pytest.raises(SchreiberError) as exc:
        svc.import_entries(entries, svc.evening(ev), sha256="2" * 64, labels=labels, batch=5)
    said = str(exc.value)
    assert said.startswith(f"2 of {len(entries)} entries are wrong, nothing was added: line 41: "), said
    assert "; line 51: " in said and "schnapsen" in said and "Zenzi" in said
    assert svc.ledger.db.execute(count).fetchone()[0] == before
