"""Make a large club ledger quickly from a smaller one: its evenings copied
N times over, each copy dated 5 years later per copy (so the statistics see
more seasons), with every row the ledger derives from them (results,
payments, statistics rows), then the statistics rollups made afresh.

    .venv/bin/python bench/bench_stats.py --db /tmp/club100k.db --hands 100000
    .venv/bin/python bench/grow_ledger.py /tmp/club100k.db /tmp/club1m.db --copies 10

Building 1,000,000 hands through the service takes many minutes on a small
machine; `stats` only reads what is stored, so copies serve to time it.
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

COPIED = ("evenings", "evening_players", "entries", "corrections", "results", "payments", "hand_players",
          "hand_facts", "hand_premiums", "hand_kontras")  # fmt: skip


def grow(src: Path, dst: Path, copies: int) -> None:
    from schreiber.ledger import rollups
    from schreiber.ledger.store import Ledger

    Ledger(src).close()  # migrated
    shutil.copy(src, dst)
    con = sqlite3.connect(dst)
    evenings = con.execute("select max(id) from evenings").fetchone()[0]
    entries = con.execute("select max(id) from entries").fetchone()[0]
    corrections = con.execute("select coalesce(max(id), 0) from corrections").fetchone()[0]
    for k in range(1, copies):
        for table in COPIED:
            cols = [r[1] for r in con.execute(f"pragma table_info({table})")]
            moved = {
                "evening_id": f"evening_id + {k * evenings}",
                "entry_id": f"entry_id + {k * entries}",
                "replaces": f"replaces + {k * entries}",
                "replacement_id": f"replacement_id + {k * entries}",
                "uid": f"uid || '{k}'",
                "date": f"printf('%04d', substr(date, 1, 4) + {5 * k}) || substr(date, 5)",
            }
            if table in ("evenings", "entries", "corrections"):
                moved["id"] = (
                    f"id + {k * {'evenings': evenings, 'entries': entries, 'corrections': corrections}[table]}"
                )
            select = ", ".join(moved.get(c, c) for c in cols)
            con.execute(f"insert into {table} ({', '.join(cols)}) select {select} from {table} where "
                        f"{'id' if table == 'evenings' else 'evening_id'} <= {evenings}")  # fmt: skip
        con.commit()
        print(f"  copy {k + 1}/{copies}", file=sys.stderr)
    rollups.drop(con)
    rollups.create(con)
    con.commit()
    con.execute("vacuum")
    con.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src", type=Path)
    ap.add_argument("dst", type=Path)
    ap.add_argument("--copies", type=int, default=10)
    a = ap.parse_args()
    grow(a.src, a.dst, a.copies)


if __name__ == "__main__":
    main()
