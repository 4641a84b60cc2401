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


SMALL_CUP = "Cup <Hausruck> & Co"  # a name to escape
SMALL_PLAYERS = ("Anna@Linz Berti@Wels Carl@Steyr Dora Emil Fritz Gerti Hans Ida Jakob Karl".split()
                 + ["<b>Gustl</b>@Enns & Co"])  # fmt: skip


def table_records(seating: list[str], count: int) -> list[dict]:
    """``count`` hands for a table of four following the deal: a Rufer with
    Kontra (the Schrift differs from the money), a Farbendreier, a Rufer
    with the king in the talon, a Piccolo, a Rufer with an announced Pagat."""
    out = []
    for i in range(count):
        vorhand, other = seating[(i + 1) % 4], seating[(i + 3) % 4]
        out.append([
            {"contract": "rufer", "declarer": vorhand, "partner": other, "result": "won", "kontra": "kontra"},
            {"contract": "farbendreier", "declarer": other, "result": "lost"},
            {"contract": "rufer", "declarer": vorhand, "partner": None, "result": "won"},
            {"contract": "piccolo", "declarer": other, "tricks": 1},
            {"contract": "rufer", "declarer": vorhand, "partner": other, "result": "won",
             "premiums": [{"name": "pagat", "party": "declarer", "announced": True, "result": "won"}]},
        ][i % 5])  # fmt: skip
    return out


def play_small_cup(path: Path) -> None:
    """12 players (one whose name is markup), two rounds of three tables:
    five hands a table in round 1 (table 1's last taken back with undo and
    entered again: a voided row), then the round ended with --force, three
    hands a table in round 2."""
    import json

    def run(*args: str) -> str:
        r = cli("--db", str(path), *args)
        assert r.exit_code == 0, r.output
        return r.stdout

    run("cup", "start", SMALL_CUP, *SMALL_PLAYERS, "--seed", "5", "--date", "2026-11-20", "--rounds", "2")
    for count in (5, 3):
        drawn = json.loads(run("cup", "draw", "--force", "--yes", "--json"))
        for t in drawn["tables"]:
            for rec in table_records(t["players"], count):
                run("hand", "add", "--evening", str(t["evening"]), "--json", json.dumps(rec))
            if count == 5 and t["table"] == 1:
                run("undo", "--evening", str(t["evening"]))
                run("hand", "add", "--evening", str(t["evening"]), "--json", json.dumps(rec))
