"""A whole cup day as a desk runs it (docs/cup.md): 20 players, three rounds
of 16 hands (ooe-2023.md §11.1); for every round the desk draws, hands each
table a copy of its ledger (`cup table T --out FILE`), each table enters its
hands on its own copy (`--evening E`), and the desk merges the copies back.

Checked: every player sits once per round; the standings equal the sum of
the tables' own Schrift (each copy's `balance --json --schrift`), and the
money the sum of their Geld; merging a copy twice changes nothing; a hand
changed differently on a copy and at the desk is a conflict that writes
nothing; the result list against a golden file (refresh with
--snapshot-update)."""

from __future__ import annotations

import json
import random
from collections import Counter
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from tests.helpers import ROOT, cli, console, dump

PLAYERS = ["Anna@Linz", "Berti@Wels", "Carl@Steyr", "Dora@Enns", "Emil", "Fritz", "Gerti", "Hans", "Ida", "Jakob",
           "Karl", "Lena", "Max", "Nina", "Otto", "Paula", "Quirin", "Rosa", "Sepp", "Toni"]  # fmt: skip
GOLDEN = ROOT / "tests" / "golden" / "cup.result.txt"


def run(db: Path, *args: str) -> str:
    r = cli("--db", str(db), *args)
    assert r.exit_code == 0, r.output
    return r.output


def as_json(db: Path, *args: str):
    return json.loads(run(db, *args, "--json"))


def table_hands(seating: list[str], rng: random.Random) -> list[dict]:
    """16 valid `ooe` hands following the deal (the first listed deals first):
    Rufer of the Vorhand (some with Kontra: Geld differs from the Schrift),
    Piccolo, Dreier, Trischaken."""
    out = []
    for i in range(16):
        vorhand = seating[(i + 1) % 4]
        pick = rng.random()
        if pick < 0.55:
            partner = rng.choice([p for p in seating if p != vorhand])
            rec = {"contract": "rufer", "declarer": vorhand, "partner": partner, "result": rng.choice(["won", "lost"])}
            if rng.random() < 0.3:
                rec["kontra"] = "kontra"
        elif pick < 0.75:
            rec = {"contract": "piccolo", "declarer": rng.choice(seating), "tricks": rng.choice([0, 1, 1, 2])}
        elif pick < 0.9:
            rec = {"contract": "dreier", "declarer": rng.choice(seating), "result": rng.choice(["won", "lost"])}
        else:
            cuts = sorted(rng.randint(0, 70) for _ in range(3))
            pts = [b - a for a, b in zip([0] + cuts, cuts + [70])]
            rec = {"contract": "trischaken", "scores": dict(zip(seating[1:] + seating[:1], pts))}
        out.append(rec)
    return out


def play_round(desk: Path, tmp: Path, round_no: int, rng: random.Random) -> tuple[dict, dict, list[Path]]:
    """Draw, play each table on its own copy, merge back; the tables' own Schrift and Geld per player."""
    drawn = as_json(desk, "cup", "draw")
    assert drawn["round"] == round_no
    seated = Counter(p for t in drawn["tables"] for p in t["players"])
    assert sorted(seated) == sorted(p.split("@")[0] for p in PLAYERS) and set(seated.values()) == {1}
    schrift: dict[str, Fraction] = {}
    geld: dict[str, Fraction] = {}
    copies = []
    for t in drawn["tables"]:
        copy = tmp / f"r{round_no}t{t['table']}.db"
        run(desk, "cup", "table", str(t["table"]), "--out", str(copy))
        hands = tmp / f"r{round_no}t{t['table']}.jsonl"
        hands.write_text("".join(json.dumps(h) + "\n" for h in table_hands(t["players"], rng)), encoding="utf-8")
        run(copy, "hand", "import", str(hands), "--evening", str(t["evening"]))
        for name, v in as_json(copy, "balance", "--schrift", "--evening", str(t["evening"])).items():
            schrift[name] = Fraction(v)
        for name, v in as_json(copy, "balance", "--evening", str(t["evening"])).items():
            geld[name] = Fraction(v)
        copies.append(copy)
    for copy in copies:
        run(desk, "merge", str(copy))
    return schrift, geld, copies


def test_a_cup_day_across_machines(tmp_path, snapshot_update):
    desk = tmp_path / "desk.db"
    run(desk, "cup", "start", "Tarockcup Testdorf", *PLAYERS, "--seed", "11", "--date", "2026-11-20")
    rng = random.Random(2026)
    rounds = []
    for round_no in (1, 2, 3):
        schrift, geld, copies = play_round(desk, tmp_path, round_no, rng)
        rounds.append((schrift, geld))
        status = as_json(desk, "cup", "status")
        assert {(t["hands"], t["of"]) for t in status["tables"] if t["round"] == round_no} == {(16, 16)}

        before = dump(desk)  # merging a copy again changes nothing
        run(desk, "merge", str(copies[0]))
        assert dump(desk) == before

    standings = as_json(desk, "cup", "standings")
    assert standings["rounds_played"] == 3
    for p in standings["players"]:
        name = p["name"]
        assert p["rounds"] == [float(r[0][name]) if r[0][name].denominator > 1 else int(r[0][name]) for r in rounds]
        assert Fraction(p["schrift"]) == sum(r[0][name] for r in rounds)
        assert Fraction(p["geld"]) == sum(r[1][name] for r in rounds)
    # the money in euros: each table settled as `settle` settles its evening (ooe-2023.md §1.4: 10 cent a point)
    euros: dict[str, Decimal] = {}
    for table in as_json(desk, "cup", "status")["tables"]:
        for name, figures in as_json(desk, "settle", "--evening", str(table["evening"]))["players"].items():
            euros[name] = euros.get(name, Decimal(0)) + Decimal(figures["amount"])
    assert {p["name"]: Decimal(p["geld_euro"]) for p in standings["players"]} == euros
    totals = [Fraction(p["schrift"]) for p in standings["players"]]
    assert totals == sorted(totals, reverse=True)
    assert sum(totals) == 0  # every hand's Schrift sums to zero
    assert any(p["geld"] != p["schrift"] for p in standings["players"])  # Kontra counts only in the money

    run(desk, "cup", "finish")
    text = run(desk, "cup", "standings")
    if snapshot_update or not GOLDEN.exists():
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_a_hand_changed_differently_on_a_copy_and_at_the_desk_is_a_conflict(tmp_path):
    desk = tmp_path / "desk.db"
    run(desk, "cup", "start", "Konfliktcup", "Anna", "Berti", "Carl", "Dora", "--seed", "1", "--rounds", "1")
    table = as_json(desk, "cup", "draw")["tables"][0]
    evening = str(table["evening"])
    vorhand = table["players"][1]
    copy = tmp_path / "tisch1.db"
    run(desk, "cup", "table", "1", "--out", str(copy))
    run(copy, "hand", "add", "--evening", evening, "dreier", vorhand, "+")
    run(desk, "merge", str(copy))
    # the same hand 1 corrected at the table and, differently, at the desk
    run(copy, "hand", "edit", "1", "--evening", evening, "dreier", vorhand, "-")
    run(desk, "hand", "edit", "1", "--evening", evening, "piccolo", vorhand, "1")
    before = dump(desk)
    p = console(["--db", str(desk), "merge", str(copy)])
    assert p.returncode == 1, p.stdout
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "conflict" in lines[0], p.stderr
    assert dump(desk) == before
