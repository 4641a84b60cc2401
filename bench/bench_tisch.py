"""Benchmark: the table session's cost per hand as the evening grows.

    .venv/bin/python bench/bench_tisch.py               # 420 hands
    .venv/bin/python bench/bench_tisch.py --hands 1000

One evening is played through the session of `schreiber tisch`
(`cli.session.Session`, what the command runs for each line: the prompt,
then the line in short notation, the hand stored and the sheet shown), in
one process. Printed: the median CPU time of a line over hands 1-20 (the floor
of this figure), and over each later stretch of 20 hands, with the ratio.
Target (issue 14): after 400 hands a hand costs at most 1.5x a hand at the
start.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PLAYERS = ("Anna", "Berti", "Carl", "Dora")


def play(path: Path, hands: int, seed: int = 5) -> list[float]:
    """CPU seconds of each line (prompt + hand + sheet) of an evening of
    ``hands`` hands (the process's own time: other load on the machine does
    not count)."""
    from schreiber.cli.session import Session
    from schreiber.domain.notation.format import format_notation
    from schreiber.domain.rules import load_rules
    from schreiber.domain.sample import random_hands
    from schreiber.ledger.store import Ledger
    from schreiber.service import Service

    rules = load_rules("standard")
    svc = Service(Ledger(path))
    ev = svc.start_evening(PLAYERS, rules, "2026-11-21")
    out: list[str] = []
    session = Session(svc, ev.evening_id, out=out.append)
    times = []
    for rec in random_hands(random.Random(seed), PLAYERS, hands):
        line = format_notation(rec, rules)
        t = time.process_time()
        session.prompt()
        session.handle(line)
        times.append(time.process_time() - t)
        if out and out[-1].startswith("Fehler"):
            raise SystemExit(f"{line}: {out[-1]}")
    return times


def growth(times: list[float], step: int = 20) -> list[tuple[str, float, float]]:
    """(stretch, median ms, ratio to hands 1-20) for every ``step`` hands."""
    base = statistics.median(times[:step])
    out = []
    for start in range(0, len(times) - step + 1, step):
        med = statistics.median(times[start : start + step])
        out.append((f"hands {start + 1}-{start + step}", 1000 * med, med / base))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=420)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="schreiber-tisch-") as d:
        times = play(Path(d) / "tisch.db", a.hands)
    for name, ms, ratio in growth(times):
        print(f"{name:<16} {ms:7.2f} ms  {ratio:5.2f}x")


if __name__ == "__main__":
    main()
