"""Several processes writing one ledger at once: no hand lost, none locked out.

Each hand is its own `schreiber hand add` process, as when two tablets and a
laptop score the same evening; the ledger serialises them with one short
BEGIN IMMEDIATE transaction per hand, WAL mode and a busy timeout. The
hands are Dreier games, valid whoever deals, so the order in which the
writers get the lock does not matter; each hand is told apart by its
(declarer, points) pair.
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path

import pytest

from schreiber.domain.engine import score
from schreiber.domain.record import check_hand
from schreiber.domain.rules import load_rules
from tests.ledger_checks import PLAYERS, check_ledger, dreier, process, run_cli

WRITERS = 4
HANDS_EACH = 3
READERS = 3


def hand_of(w: int, i: int) -> dict:
    """Writer w's hand i: told apart by (declarer, points)."""
    return dreier(PLAYERS[w % 4], 30 + 10 * (w // 4) + i)


def expected_balance(records: list[dict]) -> dict[str, Fraction]:
    """Dreier payments do not depend on the order (no Radl, no pot)."""
    rules = load_rules("standard")
    total = {p: Fraction(0) for p in PLAYERS}
    for rec in records:
        hand, table = check_hand(rec, rules, PLAYERS, PLAYERS[0])
        for p, v in score(hand, rules, table).payments:
            total[p] += v
    return total


def writer(db: Path, w: int) -> list[tuple[int, str]]:
    """One writer: its hands one after the other, each a fresh process."""
    out = []
    for i in range(HANDS_EACH):
        r = process("hand", "add", "--json", json.dumps(hand_of(w, i)), "-q", db=db)
        out.append((r.returncode, r.stderr))
    return out


def reader(db: Path, n: int) -> list[tuple[int, str]]:
    out = []
    for _ in range(n):
        r = process("balance", "--json", db=db)
        out.append((r.returncode, r.stderr))
        if r.returncode == 0:
            json.loads(r.stdout)
    return out


def test_parallel_writers_lose_nothing(tmp_path):
    db = tmp_path / "ledger.db"
    assert run_cli("evening", "start", *PLAYERS, db=db).returncode == 0
    with ThreadPoolExecutor(WRITERS + READERS) as pool:
        writers = [pool.submit(writer, db, w) for w in range(WRITERS)]
        readers = [pool.submit(reader, db, 3) for _ in range(READERS)]
        results = [f.result() for f in writers + readers]
    for runs in results:
        for code, err in runs:
            assert "locked" not in err
            assert code == 0, err
    info = check_ledger(db)
    assert info["hands"] == WRITERS * HANDS_EACH
    stored = {(r["declarer"], r["points"]) for r in info["records"]}
    want = {(hand_of(w, i)["declarer"], hand_of(w, i)["points"]) for w in range(WRITERS) for i in range(HANDS_EACH)}
    assert stored == want
    bal = run_cli("balance", "--json", db=db)
    assert bal.returncode == 0
    expected = expected_balance([hand_of(w, i) for w in range(WRITERS) for i in range(HANDS_EACH)])
    assert {k: Fraction(v) for k, v in json.loads(bal.stdout).items()} == expected
    assert info["balance"] == {k: v for k, v in expected.items()}


def test_parallel_first_use_of_a_new_ledger(tmp_path):
    """Four processes starting the first evening of a new ledger at once,
    while four read it: the file is made once (under the write lock), no
    reader fails, no process fails with "database is locked"; a start that
    finds the new file filled by another meanwhile writes nothing and says
    to try again (the file is made only by a write that succeeds)."""
    for trial in range(2):
        db = tmp_path / f"new{trial}.db"
        with ThreadPoolExecutor(8) as pool:
            starts = [pool.submit(process, "evening", "start", *PLAYERS, db=db) for _ in range(4)]
            reads = [pool.submit(process, "evening", "list", "--json", db=db) for _ in range(4)]
            started = 0
            for f in starts:
                r = f.result()
                assert r.returncode == 0 or "meanwhile; nothing was written; try again" in r.stderr, r.stderr
                started += r.returncode == 0
            for f in reads:
                assert f.result().returncode == 0, f.result().stderr
        assert started >= 1
        assert len(json.loads(run_cli("evening", "list", "--json", db=db).stdout)) == started
        assert check_ledger(db)["hands"] == 0


@pytest.mark.parametrize("writers", [3])
def test_parallel_imports_and_adds(tmp_path, writers):
    """`hand import` (one transaction for a whole file) beside single adds:
    each import lands whole, every add lands."""
    have = run_cli("hand", "--help").stdout
    if "import" not in have:
        pytest.skip("schreiber hand import is not available")
    db = tmp_path / "ledger.db"
    assert run_cli("evening", "start", *PLAYERS, db=db).returncode == 0
    files = []
    for w in range(writers):
        f = tmp_path / f"import{w}.jsonl"
        f.write_text("".join(json.dumps(dreier(PLAYERS[w], 20 + i)) + "\n" for i in range(25)), encoding="utf-8")
        files.append(f)
    with ThreadPoolExecutor(writers + 1) as pool:
        imports = [pool.submit(process, "hand", "import", str(f), "-q", db=db) for f in files]
        adds = pool.submit(writer, db, 3)
        for fut in imports:
            r = fut.result()
            assert r.returncode == 0, r.stderr
        for code, err in adds.result():
            assert code == 0, err
    info = check_ledger(db)
    assert info["hands"] == writers * 25 + HANDS_EACH
    # an import is one transaction: its 25 hands are consecutive on the sheet
    seq = [(r["declarer"], r["points"]) for r in info["records"]]
    for w in range(writers):
        pos = [i for i, (d, _) in enumerate(seq) if d == PLAYERS[w]]
        assert pos == list(range(pos[0], pos[0] + 25))
