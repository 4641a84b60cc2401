"""A small tournament in a temp ledger, for the tests that read it back:
registered and drawn through the command line, each table's hands entered
through the service (random but valid ``ooe`` hands from a fixed seed)."""

from __future__ import annotations

import random
from pathlib import Path

from schreiber.domain.evening import Entry
from schreiber.ledger.store import Ledger
from schreiber.service import Service

from .helpers import cli

CUP = "Testcup"
PLAYERS = "Anna@Linz Berti@Wels Carl@Steyr Dora@Linz Emil@Gmunden Fini@Wels Gustl@Enns Hilde@Ried".split()


def random_hand(rng: random.Random, seating: list[str], dealer: str, vorhand: str) -> dict:
    """One valid ooe hand: mostly Rufer, some Piccolo, Dreier and Trischaken."""
    active = [p for p in seating if len(seating) == 4 or p != dealer]
    k = rng.random()
    if k < 0.6:
        rec = {
            "contract": "rufer",
            "declarer": vorhand,
            "partner": rng.choice([p for p in active if p != vorhand]),
            "result": rng.choice(["won", "lost"]),
        }
        if rng.random() < 0.3:
            rec["kontra"] = "kontra"
        return rec
    if k < 0.8:
        return {"contract": "piccolo", "declarer": rng.choice(active), "tricks": rng.choice([0, 1, 1, 2])}
    if k < 0.9:
        return {"contract": "dreier", "declarer": rng.choice(active), "points": rng.randint(20, 50)}
    cuts = sorted(rng.randint(0, 70) for _ in range(len(active) - 1))
    points = [b - a for a, b in zip([0] + cuts, cuts + [70])]
    return {"contract": "trischaken", "scores": dict(zip(active, points))}


def fill_round(path: Path, rng: random.Random) -> None:
    """Every hand of every open cup table."""
    led = Ledger(path)
    svc = Service(led)
    for ev in led.open_evenings():
        found = led.cups.table_of_evening(ev.id)
        if found is None:
            continue
        _, table = found
        for _ in range((16 if len(ev.seating) == 4 else 20) - table.hands):
            nxt = svc.next_hand(ev)
            record = random_hand(rng, list(ev.seating), nxt.table.dealer, nxt.table.vorhand)
            svc.add(Entry.hand(record), ev)
    led.close()


def play_cup(path: Path, seed: int = 3) -> None:
    """Testcup: eight players, three rounds of 16 hands, every round played;
    the last round's tables are closed (cup finish)."""
    ok = cli("--db", str(path), "cup", "start", CUP, *PLAYERS, "--seed", str(seed), "--date", "2026-11-20")
    assert ok.exit_code == 0, ok.output
    rng = random.Random(seed)
    for _ in range(3):
        drawn = cli("--db", str(path), "cup", "draw")
        assert drawn.exit_code == 0, drawn.output
        fill_round(path, rng)
    done = cli("--db", str(path), "cup", "finish")
    assert done.exit_code == 0, done.output
