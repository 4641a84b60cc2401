"""The cup draw's figures for docs/cup.md: every field of 8 to 60 players
that tables of four and five can seat, over 3 to 6 rounds, seeds 1-20.

    .venv/bin/python bench/draw_figures.py                  # the whole table (some minutes)
    .venv/bin/python bench/draw_figures.py --players 16,20 --rounds 4,5 --seeds 5

For each field and number of rounds, over the seeds: the repeats of the
plan (``cup_draw = plan``, as ``cup draw`` draws it: each draw takes its
round of the plan made from the seed, tests/domain/test_cup_plan.py), the
same of the draw one round ahead (``spread``, the default before), and the
least possible: ``repeat_bound`` (domain/cup_plan.py), written ``=`` where a
plan reaches it (then it is the least there is), ``≥`` where none does.

Repeats: for every two rounds, the pairs that sat together in both, summed
(a pair meeting twice counts 1, three times 3); where no pair meets three
times, the pairs that meet twice. A figure with ``*`` seats some pair a
third time for some seed (the number after it: the most such pairs).
Prints a Markdown table and the slowest plan's time.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from schreiber.domain.cup_plan import figures, plan_schedule, repeat_bound  # noqa: E402
from schreiber.domain.tournament import draw_tables, table_sizes  # noqa: E402

FIELDS = [n for n in range(8, 61) if n - 5 * (n % 4) >= 0]


def spread(names: list[str], rounds: int, seed: int) -> list[list[tuple[str, ...]]]:
    """The rounds as the spread draw draws them, one after the other."""
    out: list[list[tuple[str, ...]]] = []
    for round_no in range(1, rounds + 1):
        out.append(draw_tables(names, round_no, seed, [t for r in out for t in r]))
    return out


def span(values: list[tuple[int, int, int]]) -> str:
    """min-max of the repeats, with * and the most pairs meeting three times where any does."""
    low, high = min(v[0] for v in values), max(v[0] for v in values)
    third = max(v[2] for v in values)
    text = str(low) if low == high else f"{low}-{high}"
    return f"{text}*{third}" if third else text


def cell(count: int, rounds: int, seeds: range, slowest: list[float]) -> str:
    names = [f"P{n:02d}" for n in range(1, count + 1)]
    planned, spreads = [], []
    for seed in seeds:
        start = time.perf_counter()
        planned.append(figures(plan_schedule(names, seed, rounds, [])))
        slowest[0] = max(slowest[0], time.perf_counter() - start)
        spreads.append(figures(spread(names, rounds, seed)))
    bound = repeat_bound(count, rounds)
    least = f"= {bound}" if min(v[0] for v in planned) == bound else f"≥ {bound}"
    return f"{span(planned)} ({span(spreads)}) {least}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", default=",".join(str(n) for n in FIELDS))
    ap.add_argument("--rounds", default="3,4,5,6")
    ap.add_argument("--seeds", type=int, default=20)
    args = ap.parse_args()
    counts = [int(n) for n in args.players.split(",")]
    rounds = [int(r) for r in args.rounds.split(",")]
    seeds = range(1, args.seeds + 1)
    slowest = [0.0]
    print("| players | tables | " + " | ".join(f"{r} rounds" for r in rounds) + " |")
    print("| ---: | --- | " + " | ".join("---" for _ in rounds) + " |")
    for count in counts:
        sizes = table_sizes(count)
        tables = f"{sizes.count(4)}x4" + (f" + {sizes.count(5)}x5" if 5 in sizes else "")
        cells = [cell(count, r, seeds, slowest) for r in rounds]
        print(f"| {count} | {tables} | " + " | ".join(cells) + " |", flush=True)
    print(f"\nslowest plan: {slowest[0]:.3f} s", flush=True)


if __name__ == "__main__":
    main()
