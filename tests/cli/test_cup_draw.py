"""`cup draw` spreads the meetings (ooe-2023.md §11.1: "so one meets new
opponents each round"), and a cup started before the rule ``cup_draw``
draws its next round as the version that started it did."""

from __future__ import annotations

import itertools
import json
import sqlite3
from collections import Counter

from tests.helpers import cli

TWELVE = ["Anna", "Berti", "Carl", "Dora", "Emil", "Fritz", "Gerti", "Hans", "Ida", "Jakob", "Karl", "Lena"]


def run(*args: str) -> str:
    r = cli(*args)
    assert r.exit_code == 0, r.output
    return r.output


def three_rounds(cup: str) -> list[list[tuple[str, ...]]]:
    """Rounds 1-3 as `cup draw` draws them, each ended as it stands after a
    hand at each table (--force --yes: a round nobody played is not ended
    without a yes at a terminal)."""
    drawn = []
    for round_no in (1, 2, 3):
        force = ["--force", "--yes"] if round_no > 1 else []
        tables = json.loads(run("cup", "draw", "--cup", cup, "--json", *force))["tables"]
        drawn.append([tuple(t["players"]) for t in tables])
        for t in tables:
            run("hand", "add", "--evening", str(t["evening"]), "dreier", t["players"][1], "+")
    return drawn


def met_again(drawn: list[list[tuple[str, ...]]], round_no: int) -> Counter[int]:
    """How often each pair seated in ``round_no`` had met before it: {times: pairs}."""
    before = Counter(
        frozenset(p) for tables in drawn[: round_no - 1] for t in tables for p in itertools.combinations(t, 2)
    )
    return Counter(before[frozenset(p)] for t in drawn[round_no - 1] for p in itertools.combinations(t, 2))


def test_the_third_round_of_twelve_seats_no_pair_a_third_time():
    """Twelve players, seed 1: round 3 was drawn with Fritz-Emil, Karl-Dora and
    Berti-Carl meeting a third time; tables exist with none, and with six
    pairs meeting a second time at the least (round 2 seats three: twelve
    players from three tables of four at three tables)."""
    run("cup", "start", "Zwölf", *TWELVE, "--seed", "1", "--date", "2026-11-20")
    drawn = three_rounds("Zwölf")
    assert met_again(drawn, 2) == Counter({0: 15, 1: 3})
    assert met_again(drawn, 3) == Counter({0: 12, 1: 6})
    for tables in drawn:
        assert sorted(p for t in tables for p in t) == sorted(TWELVE)


def test_a_cup_started_before_the_rule_draws_as_it_drew_then(ledger_env):
    """A cup whose stored rules are of format 2 (no ``cup_draw``: started by a
    schreiber before the rule) draws its rounds by shuffles, as that schreiber
    did: the same tables as ``--rule cup_draw=shuffles``, round 3 of seed 1
    seating three pairs a third time."""
    run("cup", "start", "Alt", *TWELVE, "--seed", "1", "--date", "2026-11-20")
    con = sqlite3.connect(ledger_env)
    (text,) = con.execute("select rules_json from cups").fetchone()
    data = json.loads(text)
    data["format"] = 2
    del data["rules"]["cup_draw"]
    con.execute("update cups set rules_json = ?", [json.dumps(data, sort_keys=True, ensure_ascii=False)])
    con.commit()
    con.close()
    old = three_rounds("Alt")
    assert met_again(old, 3) == Counter({0: 15, 2: 3})
    assert old[2] == [
        ("Jakob", "Karl", "Lena", "Dora"),
        ("Fritz", "Ida", "Gerti", "Emil"),
        ("Carl", "Anna", "Hans", "Berti"),
    ]
    run("cup", "start", "Neu", *TWELVE, "--seed", "1", "--date", "2026-11-20", "--rule", "cup_draw=shuffles")
    assert three_rounds("Neu") == old
