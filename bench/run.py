"""Benchmarks: how long the commands a scorekeeper waits for take, each
beside its floor measured in the same run.

    .venv/bin/python bench/run.py                  # everything (several minutes)
    .venv/bin/python bench/run.py --hands 10000    # smaller ledgers, quicker
    .venv/bin/python bench/run.py --rounds 40      # more start-up samples
    .venv/bin/python bench/run.py --only startup   # just the start-up table
    .venv/bin/python bench/run.py --only import --repeat 3   # just `hand import` and the ledger's size
    .venv/bin/python bench/run.py --stats-db /tmp/club1m.db   # also stats over a ledger built before

Start-up: `hand add` (at hand 5 and at hand 400 of an evening: how a
hand's cost grows with the evening), `balance`, `sheet` (of a long evening,
50 hands), `settle`, `stats`, `undo`, `hand void` and `entry void` (a fresh
process each, as at the table) against the floor `bench/floor.py` (the
smallest typer command line over sqlite-utils: one command, a text
argument and an integer option, one row inserted), measured alternately in
the same run so that both see the same machine load; target: at most 1.1x
the floor.
Wall time and CPU time (user + system) of each: on a shared machine the CPU
time moves less with the load. "CPU vs floor, paired": every run of a
command has a run of the floor right beside it (taking turns which goes
first); the median of those ratios, so that a slower stretch of the
machine slows both sides of a ratio.
Two references beside it: a bare typer app with one `--json TEXT` option
(typer's own cost of parsing an option) and `schreiber --version`.

Size, each figure beside its floor: `sheet` of a 200-hand evening and
`stats` over club ledgers of --hands/10 and --hands hands (and any
--stats-db, e.g. 1,000,000 hands built once with bench/bench_stats.py
--db), beside the start-up floor; how the CPU time of a line of `schreiber
tisch` grows with the evening (bench_tisch.py: hands 1-20 are its floor);
`hand import` of --hands hands beside a Python process that parses the same
lines and stores one row per hand; the ledger's bytes per hand.

The child processes run without PYTHONDONTWRITEBYTECODE, as a user's do:
with it, every run would compile schreiber's modules afresh.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV_PY = ROOT / ".venv" / "bin" / "python"
PY = str(VENV_PY) if VENV_PY.exists() else sys.executable
EXE = ROOT / ".venv" / "bin" / "schreiber"
SCHREIBER = [str(EXE)] if EXE.exists() else [PY, "-m", "schreiber"]

PLAYERS = ("Anna", "Berti", "Carl", "Dora")
CIRCLES = (PLAYERS, ("Fritz", "Gerti", "Hans", "Ilse", "Josef"), ("Anna", "Hans", "Mizzi", "Pepi"))
# Valid under `standard` every time: the record names its dealer (Anna), so
# Berti is the Vorhand who may play the Rufer.
FLOOR = [PY, str(ROOT / "bench" / "floor.py")]  # then: FILE TEXT --number N
HAND = '{"contract": "rufer", "declarer": "Berti", "partner": "Carl", "result": "won", "dealer": "Anna"}'

TYPER_APP = """\
import typer, sqlite_utils
app = typer.Typer(add_completion=False)
@app.command()
def add(json_text: str = typer.Option(None, "--json"), quiet: bool = typer.Option(False, "--quiet", "-q")) -> None:
    pass
app()
"""


def child_env(db: Path) -> dict:
    env = dict(os.environ, SCHREIBER_DB=str(db))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def run(argv: list[str], env: dict, check: bool = True) -> tuple[float, subprocess.CompletedProcess]:
    secs, r, _ = run_cpu(argv, env, check)
    return secs, r


def run_cpu(argv: list[str], env: dict, check: bool = True) -> tuple[float, subprocess.CompletedProcess, float]:
    """Wall seconds, the finished process, and its CPU seconds (user + system):
    on a shared machine the CPU time moves less with the load than the wall time."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    r = subprocess.run(argv, env=env, capture_output=True, text=True)
    secs = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if check and r.returncode:
        raise SystemExit(f"failed: {' '.join(argv)}\n{r.stderr.strip()}")
    return secs, r, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def commands(env: dict) -> set[str]:
    """The commands `schreiber --help` and `schreiber hand --help` list."""
    found: set[str] = set()
    for prefix, argv in (("", ["--help"]), ("hand ", ["hand", "--help"])):
        _, r = run(SCHREIBER + argv, env, check=False)
        section = r.stdout.split("Commands:", 1)[1] if "Commands:" in r.stdout else ""
        found |= {prefix + m for m in re.findall(r"^\s{2}([a-z][\w-]*)\s", section, re.M)}
    return found


def machine() -> dict:
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        cpu = platform.processor() or "unknown"
    pyv = subprocess.run([PY, "-V"], stdout=subprocess.PIPE, text=True).stdout.strip()
    return {"nproc": os.cpu_count(), "python": pyv, "cpu": cpu, "system": platform.platform()}


# Start-up ----------------------------------------------------------------------


def startup(tmp: Path, rounds: int) -> list[list]:
    """Each command a table waits for beside the floor, alternating; the
    corrections and `hand add` work on ledgers of their own (`hand add` at
    hand 5 and at hand 400 of an evening: how a hand's cost grows with it)."""
    app = tmp / "typer_app.py"
    app.write_text(TYPER_APP)
    envs = {}
    for name, hands in (("evening", 50), ("void", 200), ("entry", 200), ("undo", rounds + 10), ("early", 4),
                        ("late", 399)):  # fmt: skip
        build_evening(tmp / f"{name}.db", hands)
        envs[name] = child_env(tmp / f"{name}.db")
    n = {"void": 200, "entry": 200}  # the hand each void takes back: the last one not yet void

    def void(what: str) -> list[str]:
        n[what] -= 1
        return SCHREIBER + [what if what == "entry" else "hand", "void", str(n[what] + 1)]

    cases: dict[str, tuple[str, object]] = {
        "floor: bench/floor.py (typer + sqlite-utils, one row)": ("evening", FLOOR + [str(tmp / "floor.db"), "hand", "--number", "5"]),
        "reference: bare typer app, one --json option": ("evening", [PY, str(app), "--json", HAND]),
        "schreiber --version": ("evening", SCHREIBER + ["--version"]),
        "schreiber hand add --json ... -q (hand 5 of the evening)": ("early", SCHREIBER + ["hand", "add", "--json", HAND, "-q"]),
        "schreiber hand add --json ... -q (hand 400 of the evening)": ("late", SCHREIBER + ["hand", "add", "--json", HAND, "-q"]),
        "schreiber balance": ("evening", SCHREIBER + ["balance"]),
        "schreiber balance --json": ("evening", SCHREIBER + ["balance", "--json"]),
        "schreiber sheet (a long evening: 50 hands)": ("evening", SCHREIBER + ["sheet"]),
        "schreiber settle": ("evening", SCHREIBER + ["settle"]),
        "schreiber stats": ("evening", SCHREIBER + ["stats"]),
        "schreiber undo": ("undo", SCHREIBER + ["undo"]),
        "schreiber hand void N (the last hand)": ("void", lambda: void("void")),
        "schreiber entry void N (the last hand)": ("entry", lambda: void("entry")),
    }  # fmt: skip

    def argv(case: tuple[str, object]) -> list[str]:
        return case[1]() if callable(case[1]) else case[1]  # type: ignore[return-value]

    for case in cases.values():  # warm the page cache and the bytecode caches
        for _ in range(2):
            run(argv(case), envs[case[0]])
    wall: dict[str, list[float]] = {name: [] for name in cases}
    cpu: dict[str, list[float]] = {name: [] for name in cases}
    pairs: dict[str, list[float]] = {name: [] for name in cases}
    names = list(cases)
    for i in range(rounds):
        for name in names[1 + i % (len(names) - 1) :] + names[1 : 1 + i % (len(names) - 1)]:  # rotating
            used = {}
            for who in (names[0], name) if i % 2 else (name, names[0]):  # beside a floor run, taking turns first
                secs, _, used[who] = run_cpu(argv(cases[who]), envs[cases[who][0]])
                wall[who].append(secs)
                cpu[who].append(used[who])
            pairs[name].append(used[name] / used[names[0]])
    return startup_rows(names, wall, cpu, pairs)


def startup_rows(
    names: list[str], wall: dict[str, list[float]], cpu: dict[str, list[float]], pairs: dict[str, list[float]]
) -> list[list]:
    floor, floor_cpu = statistics.median(wall[names[0]]), statistics.median(cpu[names[0]])
    typer_ref = statistics.median(wall[names[1]])
    rows = []
    for name in names:
        med, used = statistics.median(wall[name]), statistics.median(cpu[name])
        paired = statistics.median(pairs[name]) if pairs[name] else 1.0  # each run against the floor run beside it
        rows.append([name, f"{1000 * med:.0f}", f"{1000 * min(wall[name]):.0f}", f"{med / floor:.2f}x",
                     f"{1000 * used:.0f}", f"{used / floor_cpu:.2f}x", f"{paired:.2f}x",
                     f"{med / typer_ref:.2f}x"])  # fmt: skip
    early, late = (statistics.median(wall[n]) for n in names[3:5])
    rows.append(
        ["hand add: hand 400 / hand 5 of the evening (wall, median)", "", "", f"{late / early:.2f}x", "", "", "", ""]
    )
    return rows


# Size ----------------------------------------------------------------------------


def random_hands(rng: random.Random, players: tuple[str, ...], n: int):
    from schreiber.domain.sample import random_hands as hands

    return list(hands(rng, players, n))


def build_evening(path: Path, hands: int, seed: int = 7) -> None:
    from schreiber.domain.evening import Entry
    from schreiber.domain.rules import load_rules
    from schreiber.ledger.store import Ledger
    from schreiber.service import Service

    svc = Service(Ledger(path))
    svc.start_evening(PLAYERS, load_rules("standard"), "2026-11-21")
    svc.import_entries([Entry.hand(r) for r in random_hands(random.Random(seed), PLAYERS, hands)])
    svc.ledger.close()


def build_club(path: Path, hands: int, seed: int = 2026) -> int:
    """Many evenings of 30-50 hands in three circles, one transaction each."""
    from fractions import Fraction

    from schreiber.domain.evening import Entry
    from schreiber.domain.rules import load_rules
    from schreiber.ledger.store import Ledger
    from schreiber.service import Service

    rng = random.Random(seed)
    svc = Service(Ledger(path))
    led = svc.ledger
    plain, pot = load_rules("standard"), load_rules("standard", ["pagatkassa=1"])
    day = dt.date(2022, 9, 1)
    done = evenings = 0
    while done < hands:
        players = rng.choice(CIRCLES)
        n = min(hands - done, rng.randint(30, 50))
        rules = pot if rng.random() < 0.3 else plain
        with led.transaction():  # no Pagat pot carried over: the same ledger as before
            led.close_open_evenings()
            ev = led.insert_evening(players, rules, day.isoformat(), players[0], rules.tarif_cents, Fraction(0))
        svc.import_entries([Entry.hand(r) for r in random_hands(rng, players, n)], led.evening(ev))
        done += n
        evenings += 1
        day += dt.timedelta(days=rng.choice((0, 1, 1)))
    with led.transaction():
        led.close_open_evenings()
    led.close()
    return evenings


def best_of(argv: list[str], env: dict, repeat: int) -> tuple[float, float]:
    run(argv, env)  # warm-up
    ts = [run(argv, env)[0] for _ in range(repeat)]
    return min(ts), statistics.median(ts)


# The floor of an import: a Python process that reads the same lines as JSON
# and stores one row per hand (sqlite3, one executemany, one transaction).
IMPORT_FLOOR = """
import json, sqlite3, sys
rows = [(i, json.dumps(json.loads(line))) for i, line in enumerate(open(sys.argv[1], encoding="utf-8")) if line.strip()]
con = sqlite3.connect(sys.argv[2])
con.execute("create table hands (id integer primary key, record_json text)")
with con:
    con.executemany("insert into hands values (?, ?)", rows)
"""


def beside_floor(argv: list[str], env: dict, repeat: int) -> tuple[float, float]:
    """Median seconds of ``argv`` and of the start-up floor, run alternately."""
    run(argv, env)  # warm-up
    ts, fs = [], []
    for _ in range(repeat):
        fs.append(run(FLOOR + [str(Path(env["SCHREIBER_DB"]).with_name("floor.db")), "hand", "--number", "5"], env)[0])
        ts.append(run(argv, env)[0])
    return statistics.median(ts), statistics.median(fs)


def sizes(tmp: Path, hands: int, repeat: int, have: set[str], stats_dbs: list[Path]) -> list[list]:
    rows: list[list] = []
    db = tmp / "sheet.db"
    build_evening(db, 200)
    env = child_env(db)
    for argv in (["sheet", "--json"], ["sheet"]):
        med, floor = beside_floor(SCHREIBER + argv, env, repeat)
        rows.append([f"schreiber {' '.join(argv)} (200 hands)", f"{med:.3f}", f"{floor:.3f}", f"{med / floor:.2f}x"])
    rows += tisch_rows(tmp)
    rows += import_rows(tmp, hands)
    rows += stats_rows(tmp, hands, repeat, stats_dbs)
    return rows


def tisch_rows(tmp: Path) -> list[list]:
    """CPU time of a line of `schreiber tisch` at hand 400 against hands 1-20
    (bench_tisch.py: the least median of each stretch over five evenings)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_tisch import growth, plays

    out = []
    for name, ms, ratio in growth(plays(420, 5), 20):
        if name in ("hands 1-20", "hands 101-120", "hands 201-220", "hands 301-320", "hands 401-420"):
            out.append([f"tisch, a line at {name} (CPU ms; floor: hands 1-20)", f"{ms:.2f}", "", f"{ratio:.2f}x"])
    return out


def import_rows(tmp: Path, hands: int, repeat: int = 1) -> list[list]:
    """`hand import` of ``hands`` hands into a new evening beside its floor,
    run alternately ``repeat`` times (medians); the ledger's bytes per hand."""
    src = tmp / "hands.jsonl"
    with src.open("w", encoding="utf-8") as f:
        for r in random_hands(random.Random(11), PLAYERS, hands):
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    floors, times = [], []
    for i in range(repeat):
        db = tmp / f"import{i}.db"
        env = child_env(db)
        run(SCHREIBER + ["evening", "start", *PLAYERS], env)
        (tmp / "floor.db").unlink(missing_ok=True)
        floors.append(run([PY, "-c", IMPORT_FLOOR, str(src), str(tmp / "floor.db")], env)[0])
        times.append(run(SCHREIBER + ["hand", "import", str(src), "-q"], env)[0])
    secs, floor = statistics.median(times), statistics.median(floors)
    import sqlite3

    con = sqlite3.connect(db)
    n = con.execute("select count(*) from entries where kind = 'hand' and status = 'active'").fetchone()[0]
    con.execute("vacuum")
    con.close()
    if n != hands:
        raise SystemExit(f"import: expected {hands} hands in the ledger, found {n}")
    return [
        [f"schreiber hand import ({hands:,} hands; floor: parse + 1 row/hand)", f"{secs:.2f}", f"{floor:.2f}",
         f"{secs / floor:.1f}x"],
        ["ledger size after the import (bytes per hand, vacuumed)", f"{db.stat().st_size / hands:.0f}", "", ""],
    ]  # fmt: skip


def stats_rows(tmp: Path, hands: int, repeat: int, stats_dbs: list[Path]) -> list[list]:
    """`stats` over club ledgers of growing size (built here, or given with --stats-db)."""
    import sqlite3

    dbs = list(stats_dbs)
    for n in (hands // 10, hands):
        db = tmp / f"stats{n}.db"
        build_club(db, n)
        dbs.append(db)
    out = []
    for db in sorted(dbs, key=lambda p: p.stat().st_size):
        env = child_env(db)
        run(SCHREIBER + ["--version"], env)  # migrates a ledger given from before
        con = sqlite3.connect(db)
        n = con.execute("select count(*) from entries where kind = 'hand' and status = 'active'").fetchone()[0]
        con.close()
        for argv in (["stats"], ["stats", "--json"], ["stats", "--season", "2024/25"], ["stats", "--schrift"],
                     ["stats", "--since", "2024-03-01", "--csv", "--table", "partners"]):  # fmt: skip
            med, floor = beside_floor(SCHREIBER + argv, env, repeat)
            out.append(
                [f"schreiber {' '.join(argv)} ({n:,} hands)", f"{med:.3f}", f"{floor:.3f}", f"{med / floor:.2f}x"]
            )
    return out


def table(header: list[str], rows: list[list]) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]

    def line(cells: list) -> str:
        return "  ".join(
            str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(cells, widths))
        ).rstrip()

    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, rows)])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=20, help="start-up samples per command (default 20)")
    ap.add_argument("--hands", type=int, default=100_000, help="hands for stats and import (default 100000)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of sheet and stats (default 3)")
    ap.add_argument("--only", choices=("startup", "size", "import"), help="run only one table (import: its rows alone)")
    ap.add_argument(
        "--stats-db",
        type=Path,
        action="append",
        default=[],
        help="a further club ledger for the stats rows (e.g. 1,000,000 hands built once; a copy is used)",
    )
    a = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    m = machine()
    print(f"machine: {m['nproc']} CPUs ({m['cpu']}), {m['python']}, {m['system']}")
    with tempfile.TemporaryDirectory(prefix="schreiber-bench-") as d:
        tmp = Path(d)
        have = commands(child_env(tmp / "help.db"))
        if a.only in (None, "startup"):
            rows = startup(tmp, a.rounds)
            print(
                f"\nStart-up: a fresh process each, {a.rounds} rounds alternating (target: every table command <= 1.1x floor)"
            )
            print(table(["command", "median ms", "min ms", "vs floor", "CPU ms", "CPU vs floor", "CPU vs floor, paired",
                         "vs typer app"], rows))  # fmt: skip
        if a.only == "import":
            print(f"\nImport: median of {a.repeat} runs, alternating with its floor (parse + one row per hand)")
            print("(wall time; both run in one process)")
            print(table(["what", "figure", "floor", "vs floor"], import_rows(tmp, a.hands, a.repeat)))
        elif a.only != "startup":
            copies = []
            for i, given in enumerate(a.stats_db):
                copies.append(tmp / f"given{i}.db")
                shutil.copy(given, copies[-1])
            rows = sizes(tmp, a.hands, a.repeat, have, copies)
            print(f"\nSize: a fresh process each, median of {a.repeat} runs after one warm-up, beside its floor")
            print("(the start-up floor, run alternately; for the import: parsing the lines and storing a row per hand)")
            print(table(["what", "figure", "floor", "vs floor"], rows))


if __name__ == "__main__":
    main()
