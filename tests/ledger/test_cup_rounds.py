"""A cup's round counts once its table has played a hand (m015): a ledger
whose views counted a round once it was drawn, opened by today's schreiber,
gives a cup drawn but not played no cup points, and keeps every figure of a
played one."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from tests.helpers import cli

OLD_COUNT = "count(r.round) as rounds_played"  # before m015: every round drawn


def run(db: Path, *args: str) -> str:
    r = cli("--db", str(db), *args)
    assert r.exit_code == 0, (args, r.output, r.exception)
    return r.stdout


def _as_before_m015(db: Path) -> None:
    con = sqlite3.connect(db)
    with con:
        (sql,) = con.execute("select sql from sqlite_master where name = 'v_cup_standings'").fetchone()
        assert "count(case when r.played then r.round end) as rounds_played" in sql
        con.execute("drop view v_cup_standings")
        con.execute(sql.replace("count(case when r.played then r.round end) as rounds_played", OLD_COUNT))
        con.execute("delete from _sqlite_migrations where name = 'm015_cup_rounds_played'")
    con.close()


def _cup_points(db: Path, cup: str) -> list[int]:
    con = sqlite3.connect(db)
    try:
        return [p for (p,) in con.execute("select cup_points from v_cup_points where cup = ? order by rank", [cup])]
    finally:
        con.close()


def test_m015_a_cup_drawn_but_not_played_gives_no_cup_points(tmp_path):
    db = tmp_path / "ledger.db"
    run(db, "cup", "start", "Gespielt", *"ABCDEFGH", "--rounds", "1", "--hands", "1", "--date", "2026-11-20")
    for table in json.loads(run(db, "cup", "draw", "--json"))["tables"]:
        record = {"contract": "dreier", "declarer": table["players"][1], "points": 40}
        run(db, "hand", "add", "--evening", str(table["evening"]), "--json", json.dumps(record))
    run(db, "cup", "start", "Gelost", *"ABCDEFGH", "--date", "2026-11-27", "--seed", "1")
    run(db, "cup", "draw", "--cup", "Gelost")
    played = [run(db, "cup", "standings", "--cup", "Gespielt", *f) for f in ([], ["--json"], ["--csv"])]
    _as_before_m015(db)
    assert max(_cup_points(db, "Gelost")) == 223  # what the ledger said before
    assert [run(db, "cup", "standings", "--cup", "Gespielt", *f) for f in ([], ["--json"], ["--csv"])] == played
    assert set(_cup_points(db, "Gelost")) == {0}
    season = json.loads(run(db, "cup", "season", "--json"))
    assert season["tournaments"] == ["Gespielt", "Gelost"]
    assert sorted(p["points"] for p in season["players"]) == sorted(_cup_points(db, "Gespielt"))


R1_TO_R3 = 's.r1 as "R1", s.r2 as "R2", s.r3 as "R3", s.geld'  # v_cup_result_list before m020


def test_m020_the_result_list_has_every_round_of_a_cup(tmp_path):
    """A cup of four rounds: ``v_cup_result_list`` (Datasette's) showed R1
    to R3 alone before m020; a ledger of then, opened by today's
    schreiber, shows R4 too, as the standings have it, and its schema is a
    new ledger's (``check``)."""
    db = tmp_path / "ledger.db"
    run(db, "cup", "start", "Vier", *"ABCDEFGH", "--rounds", "4", "--hands", "1", "--date", "2026-11-20")
    for _round in range(4):
        for table in json.loads(run(db, "cup", "draw", "--json"))["tables"]:
            record = {"contract": "dreier", "declarer": table["players"][1], "points": 40}
            run(db, "hand", "add", "--evening", str(table["evening"]), "--json", json.dumps(record))
    con = sqlite3.connect(db)
    with con:
        (sql,) = con.execute("select sql from sqlite_master where name = 'v_cup_result_list'").fetchone()
        con.execute("drop view v_cup_result_list")
        con.execute(sql.replace(sql[sql.index('s.r1 as "R1"') : sql.index("s.geld")], R1_TO_R3[: -len("s.geld")]))
        con.execute("delete from _sqlite_migrations where name = 'm020_result_list_rounds'")
    assert "R4" not in [c[1] for c in con.execute("pragma table_info(v_cup_result_list)")]
    con.close()
    assert "Vier" in run(db, "cup", "list")  # opened: brought up to today's schema
    con = sqlite3.connect(db)
    rows = con.execute('select "Name", "R1", "R2", "R3", "R4" from v_cup_result_list order by "Name"').fetchall()
    standings = con.execute("select player, r1, r2, r3, r4 from v_cup_standings order by player").fetchall()
    con.close()
    assert rows == standings and all(r[4] is not None for r in rows) and len(rows) == 8
    assert cli("--db", str(db), "check").exit_code == 0
