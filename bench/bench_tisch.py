"""Benchmark: the table session's cost per hand as the evening grows.

    .venv/bin/python bench/bench_tisch.py               # 420 hands
    .venv/bin/python bench/bench_tisch.py --hands 1000

One evening is played through the session of `schreiber tisch`
(`cli.session.Session`, what the command runs for each line: the prompt,
then the line in short notation, the hand stored and the sheet shown), in
one process. Printed: the median CPU time of a line over hands 1-20 (the floor
of this figure), and over each later stretch of 20 hands, with the ratio.
The evening is played --repeat times (a fresh ledger each) and each
stretch's figure is the least of its medians: on a shared machine a slower
half-minute would otherwise show as a stretch that costs more, where it
is the machine that does. Target (issue 14): after 400 hands a hand costs
at most 1.5x a hand at the start.
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


def growth(runs: list[list[float]], step: int = 20) -> list[tuple[str, float, float]]:
    """(stretch, median ms, ratio to hands 1-20) for every ``step`` hands:
    the least median of the stretch over the ``runs`` (each the times of one
    evening played through)."""

    def least(start: int) -> float:
        return min(statistics.median(times[start : start + step]) for times in runs)

    base = least(0)
    out = []
    for start in range(0, min(map(len, runs)) - step + 1, step):
        med = least(start)
        out.append((f"hands {start + 1}-{start + step}", 1000 * med, med / base))
    return out


def plays(hands: int, repeat: int) -> list[list[float]]:
    """The times of ``repeat`` evenings of ``hands`` hands, each on a fresh ledger."""
    with tempfile.TemporaryDirectory(prefix="schreiber-tisch-") as d:
        return [play(Path(d) / f"tisch{i}.db", hands) for i in range(repeat)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=420)
    ap.add_argument("--repeat", type=int, default=5, help="evenings played (default 5)")
    a = ap.parse_args()
    for name, ms, ratio in growth(plays(a.hands, a.repeat)):
        print(f"{name:<16} {ms:7.2f} ms  {ratio:5.2f}x")


if __name__ == "__main__":
    main()
