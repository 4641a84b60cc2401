"""Benchmark: `cup draw` stays quick with the plan of all rounds.

    .venv/bin/python bench/bench_draw.py                      # 60 players, six rounds
    .venv/bin/python bench/bench_draw.py --players 27 --runs 5
    .venv/bin/python bench/bench_draw.py --keep /tmp/draw     # keep the ledgers, e.g. for farm-bench

Builds a cup of N players over R rounds (rule ``cup_draw = plan``, one hand
a round, so that a round ends quickly), each round but the last drawn and
its hand played at every table, and times as whole processes, each beside
the floor `python -c "import typer, sqlite_utils"` in the same run
(alternating), each run on a fresh copy of the ledger:

- `schreiber cup draw` of round 1 (the plan made from the seed);
- `schreiber cup draw` of round R (the plan made again, the rounds drawn
  found to be the plan's).

Then the plan alone, in this process (``plan_schedule``, the best of five).
Target (issue 38): under a second for 60 players.
"""

from __future__ import annotations

import argparse
import shutil
import time
from pathlib import Path

# the same floor, processes and pairing as the cup's benchmark (which puts the checkout on sys.path)
from bench_cup import SCHREIBER, pair

from schreiber.domain.cup_plan import plan_schedule
from schreiber.domain.evening import Entry
from schreiber.domain.rules import load_rules
from schreiber.ledger.store import Ledger
from schreiber.service import Service
from schreiber.service.tournament import Desk


def build(folder: Path, players: int, rounds: int) -> tuple[Path, Path]:
    """The cup before its first draw, and before its last (every earlier round drawn and played)."""
    first, last = folder / "round1.db", folder / f"round{rounds}.db"
    names = [f"Spieler{n:02d}" for n in range(1, players + 1)]
    led = Ledger(first)
    rules = load_rules("ooe", [f"cup_rounds={rounds}", "cup_hands=1", "cup_hands_five=1"])
    Desk(led).start("Benchcup", names, rules, "2026-11-20", None, 1)
    led.close()
    shutil.copy(first, last)
    led = Ledger(last)
    for _round in range(rounds - 1):
        for table in Desk(led).draw("Benchcup").tables:
            ev = led.evening(table.evening_id)
            record = {"contract": "dreier", "declarer": ev.seating[1], "result": "won"}
            Service(led).import_entries([Entry.hand(record)], ev)
    led.close()
    return first, last


def fresh(base: Path, work: Path):
    """Before each run: the ledger as built, so every run draws the same round."""

    def copy() -> None:
        for suffix in ("-wal", "-shm"):
            Path(str(work) + suffix).unlink(missing_ok=True)
        shutil.copy(base, work)

    return copy


def main() -> None:
    import tempfile

    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--keep", help="build the ledgers in this folder and keep them")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.keep or tmp)
        folder.mkdir(parents=True, exist_ok=True)
        first, last = build(folder, args.players, args.rounds)
        work = folder / "work.db"
        print(f"cup of {args.players} players over {args.rounds} rounds (rule cup_draw = plan)")
        draw = [*SCHREIBER, "--db", str(work), "cup", "draw"]
        pair("cup draw (round 1)", lambda: draw, args.runs, fresh(first, work))
        pair(f"cup draw (round {args.rounds})", lambda: draw, args.runs, fresh(last, work))
        names = [f"Spieler{n:02d}" for n in range(1, args.players + 1)]
        best = min(_plan_time(names, args.rounds) for _ in range(5))
        print(f"{'the plan alone (in process)':<28} {best * 1000:6.0f} ms")


def _plan_time(names: list[str], rounds: int) -> float:
    t = time.perf_counter()
    plan_schedule(names, 1, rounds, [])
    return time.perf_counter() - t


if __name__ == "__main__":
    main()
