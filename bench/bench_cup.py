"""Benchmark: a large cup stays quick at the desk.

    .venv/bin/python bench/bench_cup.py                 # 200 players, 3 rounds of 16 hands
    .venv/bin/python bench/bench_cup.py --players 100 --runs 5

Builds a cup of N players (50 tables of four at 200), all three rounds
played (2,400 hands), then times as whole processes, each beside the floor
`python -c "import typer, sqlite_utils"` in the same run (alternating):

- `schreiber cup standings --json` over the whole cup;
- `schreiber merge TABLE.db`: one table's copy, its 16 hands of the last
  round entered there, merged into the desk's ledger (a fresh copy of the
  desk's ledger for each run, so every run merges the same 16 hands).

Target (issue: "well under a second" each).
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from schreiber.domain.evening import Entry  # noqa: E402
from schreiber.domain.rules import load_preset  # noqa: E402
from schreiber.ledger.store import Ledger  # noqa: E402
from schreiber.service import Service  # noqa: E402
from schreiber.service.tournament import Desk  # noqa: E402

VENV_PY = ROOT / ".venv" / "bin" / "python"
PY = str(VENV_PY) if VENV_PY.exists() else sys.executable
SCHREIBER = [PY, "-m", "schreiber"]
FLOOR = [PY, "-c", "import typer, sqlite_utils"]


def hands_for(seating: tuple[str, ...], first: str, n: int, rng: random.Random) -> list[Entry]:
    """n valid `ooe` hands at a table of four: Rufer of the Vorhand, Piccolo, Dreier."""
    out, dealer = [], seating.index(first)
    for _ in range(n):
        vorhand = seating[(dealer + 1) % 4]
        pick = rng.random()
        if pick < 0.6:
            partner = rng.choice([p for p in seating if p != vorhand])
            rec = {"contract": "rufer", "declarer": vorhand, "partner": partner,
                   "result": rng.choice(["won", "lost"])}  # fmt: skip
        elif pick < 0.8:
            rec = {"contract": "piccolo", "declarer": rng.choice(seating), "tricks": rng.choice([0, 1, 2])}
        else:
            rec = {"contract": "dreier", "declarer": rng.choice(seating), "result": rng.choice(["won", "lost"])}
        out.append(Entry.hand(rec))
        dealer = (dealer + 1) % 4
    return out


def fill_open_tables(led: Ledger, rng: random.Random, keep_one: bool = False) -> int | None:
    """Enter every open cup table's hands; with ``keep_one`` the last table is left empty (its evening id)."""
    svc, left = Service(led), None
    tables = [ev for ev in led.open_evenings() if led.cups.table_of_evening(ev.id)]
    for i, ev in enumerate(tables):
        if keep_one and i == len(tables) - 1:
            left = ev.id
            continue
        svc.import_entries(hands_for(ev.seating, ev.first_dealer, 16, rng), ev)
    return left


def build(folder: Path, players: int) -> tuple[Path, Path]:
    """The desk's ledger with rounds 1-3 played but one table of round 3, and that table's copy played."""
    desk = folder / "desk.db"
    led, rng = Ledger(desk), random.Random(1)
    names = [f"Spieler{n:03d}" for n in range(1, players + 1)]
    Desk(led).start("Benchcup", names, load_preset("ooe"), "2026-11-20", None, 1)
    for _ in range(3):
        Desk(led).draw("Benchcup")
        left = fill_open_tables(led, rng, keep_one=True)
        if _ < 2:
            ev = led.evening(left)
            Service(led).import_entries(hands_for(ev.seating, ev.first_dealer, 16, rng), ev)
    table = folder / "table.db"
    led.backup(table)
    copy = Ledger(table)
    ev = copy.evening(left)
    Service(copy).import_entries(hands_for(ev.seating, ev.first_dealer, 16, rng), ev)
    copy.close()
    led.close()
    return desk, table


def timed(cmd: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def pair(label: str, cmd, runs: int, prepare=None) -> None:
    ours, floor = [], []
    for _ in range(runs + 1):  # the first pair warms up
        if prepare:
            prepare()
        a = timed(cmd())
        b = timed(FLOOR)
        ours.append(a)
        floor.append(b)
    ours, floor = ours[1:], floor[1:]
    ratio = statistics.median(a / b for a, b in zip(ours, floor))
    print(f"{label:<34} {statistics.median(ours) * 1000:8.0f} ms   floor {statistics.median(floor) * 1000:5.0f} ms"
          f"   ratio {ratio:4.1f}x")  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=200)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        t = time.perf_counter()
        desk, table = build(folder, args.players)
        print(f"cup of {args.players} players, 3 rounds x 16 hands built in {time.perf_counter() - t:.1f} s")
        pair("cup standings --json", lambda: SCHREIBER + ["--db", str(desk), "cup", "standings", "--json"], args.runs)
        has_merge = subprocess.run(SCHREIBER + ["merge", "--help"], capture_output=True).returncode == 0
        if not has_merge:
            print("merge                              not available")
            return
        work = folder / "work.db"

        def fresh() -> None:
            for suffix in ("-wal", "-shm"):
                Path(str(work) + suffix).unlink(missing_ok=True)
            shutil.copy(desk, work)

        pair("merge TABLE.db (16 new hands)", lambda: SCHREIBER + ["--db", str(work), "merge", str(table)], args.runs,
             fresh)  # fmt: skip


if __name__ == "__main__":
    main()
