"""Benchmark: `schreiber stats` on a ledger of 100,000 hands over several seasons.

    .venv/bin/python bench/bench_stats.py                 # build (about a minute), then time
    .venv/bin/python bench/bench_stats.py --db big.db     # keep/reuse the ledger file
    .venv/bin/python bench/bench_stats.py --hands 20000   # smaller

The ledger is built through the library as an import would (Service.import_entries:
one transaction per evening, scored incrementally), with random but valid
`standard` hands (schreiber/sample.py): three circles (two of four players,
one of five) of a club, evenings of 30-50 hands on most days from September
2022 on (about four and a half seasons), some with a Pagat pot. Then the
whole command (`schreiber stats`, a fresh process, as a user runs it) is
timed, best of --repeat runs, and the in-process part on its own. Target: under 1 s for 100,000 hands.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fractions import Fraction  # noqa: E402

from schreiber.domain.evening import Entry  # noqa: E402
from schreiber.domain.rules import load_rules  # noqa: E402
from schreiber.domain.sample import random_hands  # noqa: E402
from schreiber.ledger.store import Ledger  # noqa: E402
from schreiber.service import Service  # noqa: E402

CIRCLES = (
    ("Anna", "Berti", "Carl", "Dora"),
    ("Fritz", "Gerti", "Hans", "Ilse", "Josef"),
    ("Anna", "Hans", "Mizzi", "Pepi"),
)


def build(path: Path, hands: int, seed: int = 2026) -> tuple[int, int, float]:
    rng = random.Random(seed)
    svc = Service(Ledger(path))
    led = svc.ledger
    plain = load_rules("standard")
    pot = load_rules("standard", ["pagatkassa=1"])
    day = dt.date(2022, 9, 1)
    done = evenings = 0
    t0 = time.perf_counter()
    while done < hands:
        players = rng.choice(CIRCLES)
        n = min(hands - done, rng.randint(30, 50))
        rules = pot if rng.random() < 0.3 else plain
        with led.transaction():  # no Pagat pot carried over between evenings: the ledger as before
            led.close_open_evenings()
            ev = led.insert_evening(players, rules, day.isoformat(), players[0], rules.tarif_cents, Fraction(0))
        svc.import_entries([Entry.hand(r) for r in random_hands(rng, players, n)], led.evening(ev))
        done += n
        evenings += 1
        day += dt.timedelta(days=rng.choice((0, 1, 1)))  # a club: several tables a week
        if evenings % 200 == 0:
            print(f"  built {done}/{hands} hands ({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    with led.transaction():
        led.close_open_evenings()
    led.close()
    return done, evenings, time.perf_counter() - t0


def time_cli(path: Path, args: list[str], repeat: int) -> float:
    exe = ROOT / ".venv" / "bin" / "schreiber"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "schreiber"]
    env = dict(os.environ, SCHREIBER_DB=str(path))
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        r = subprocess.run(cmd + args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        best = min(best, time.perf_counter() - t)
        if r.returncode:
            raise SystemExit(f"schreiber {' '.join(args)} failed: {r.stderr}")
    return best


def time_sql(path: Path, repeat: int, rng=None) -> float:
    from schreiber.ledger.stored import DateRange as Range
    from schreiber.reports.stats import compute

    led = Ledger(path)
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        compute(led.statistics(rng or Range()))
        best = min(best, time.perf_counter() - t)
    led.close()
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--db", type=Path, help="ledger file to build or reuse (default: a temporary file)")
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    tmp = None
    path = a.db
    if path is None:
        tmp = tempfile.TemporaryDirectory()
        path = Path(tmp.name) / "bench.db"
    if not path.exists():
        print(f"building {a.hands} hands in {path} ...", file=sys.stderr)
        hands, evenings, secs = build(path, a.hands)
        print(
            f"built {hands} hands in {evenings} evenings in {secs:.1f} s "
            f"({hands / secs:.0f} hands/s through Service.import_entries)",
            file=sys.stderr,
        )
    import sqlite3

    con = sqlite3.connect(path)
    hands = con.execute("select count(*) from entries where kind = 'hand' and status = 'active'").fetchone()[0]
    evenings = con.execute("select count(*) from evenings").fetchone()[0]
    con.close()

    from tabulate import tabulate

    from schreiber.ledger.stored import DateRange as Range

    rows = [
        ["schreiber stats (whole command)", time_cli(path, ["stats"], a.repeat)],
        ["schreiber stats --json", time_cli(path, ["stats", "--json"], a.repeat)],
        ["schreiber stats --season 2024", time_cli(path, ["stats", "--season", "2024"], a.repeat)],
        ["schreiber chart --season 2024/25", time_cli(path, ["chart", "--season", "2024/25"], a.repeat)],
        ["schreiber --version (startup only)", time_cli(path, ["--version"], a.repeat)],
        ["stats SQL in-process (all)", time_sql(path, a.repeat)],
        ["stats SQL in-process (2024)", time_sql(path, a.repeat, Range("2024-01-01", "2024-12-31"))],
    ]
    print(f"ledger: {hands} hands, {evenings} evenings ({path.stat().st_size / 1e6:.0f} MB)")
    print(
        tabulate(
            [[name, f"{secs:.3f}", "yes" if secs < 1 else "NO"] for name, secs in rows],
            ["what", f"best of {a.repeat} (s)", "< 1 s"],
            tablefmt="simple",
        )
    )
    if tmp:
        tmp.cleanup()


if __name__ == "__main__":
    main()
