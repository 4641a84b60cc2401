"""Schrift and Geld as a user meets them: balance --schrift, the sheet,
sheet --explain, stats --schrift, the old rule key and an old Skoty ledger.
The Schrift is the written score (ooe-2023.md §5.2: no Kontra;
tirol-koenigrufen-de-luxe.txt:86, Skoty: only the simple Kontra); Geld is
the money (every Kontra level). Fritz deals the first hand."""

import json
import sqlite3

import pytest

from tests.helpers import F, G, H, I, cli

KONTRA_RUFER = {"contract": "rufer", "declarer": G, "partner": H, "result": "won", "kontra": "re"}


def start(*args):
    r = cli("evening", "start", F, G, H, I, *args)
    assert r.exit_code == 0, r.output


def add(record):
    r = cli("hand", "add", "--json", json.dumps(record))
    assert r.exit_code == 0, r.output


def as_json(*args):
    r = cli(*args)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_ooe_balance_geld_and_schrift():
    # ooe-2023.md §2.1 Rufer 1, §5.1 Rekontra x4, §5.2 the Schrift without Kontra:
    # Geld +4/-4 each, Schrift +1/-1 each. Dreier 4 won without Kontra (§2.1): both +12/-4.
    start("--rules", "ooe")
    add(KONTRA_RUFER)
    add({"contract": "dreier", "declarer": I, "result": "won"})  # Gerti deals, Hans is Vorhand
    assert as_json("balance", "--json") == {F: -4 - 4, G: 4 - 4, H: 4 - 4, I: -4 + 12}
    assert as_json("balance", "--json", "--schrift") == {F: -1 - 4, G: 1 - 4, H: 1 - 4, I: -1 + 12}
    settle = as_json("settle", "--json")  # settle uses the Geld (ooe-2023.md §14 O-16; RULINGS.md Later rulings)
    assert {p: v["points"] for p, v in settle["players"].items()} == {F: -8, G: 0, H: 0, I: 8}


@pytest.mark.lang("de")  # the screen in German, as the table speaks
def test_ooe_sheet_shows_both_where_they_differ():
    start("--rules", "ooe")
    add(KONTRA_RUFER)
    add({"contract": "dreier", "declarer": I, "result": "won"})
    data = as_json("sheet", "--json")
    assert data["schrift_totals"] == {F: -5, G: -3, H: -3, I: 11}
    assert data["hands"][0]["schrift"] == {F: -1, G: 1, H: 1, I: -1}
    text = cli("sheet").stdout
    assert "Schrift (ohne Kontra): Fritz -5, Gerti -3, Hans -3, Ilse +11" in text
    explain = cli("sheet", "--explain", "1").stdout
    assert "Schrift" in explain and "Re" in explain


def test_ooe_stats_rank_by_either():
    start("--rules", "ooe")
    add(KONTRA_RUFER)
    money = as_json("stats", "--json")
    written = as_json("stats", "--json", "--schrift")
    assert money["players"][G]["points"] == 4 and written["players"][G]["points"] == 1
    assert written["points_are"] != money["points_are"]


def test_a_preset_without_a_separate_schrift_writes_the_money():
    # interface.md: "Where a preset keeps no separate Schrift it equals the money."
    start("--rules", "standard")
    add(KONTRA_RUFER)
    assert as_json("balance", "--json", "--schrift") == as_json("balance", "--json")


def test_skoty_schrift_counts_the_simple_kontra_only():
    # tirol-koenigrufen-de-luxe.txt:86: the Skoty Trophy writes only the simple Kontra. Rufer 1 (tir:6)
    # with Re: Geld 4 each, Schrift 2 each. The old key sheet_simple_kontra=true reads as schrift_kontra=simple.
    for rule in ("schrift_kontra=simple", "sheet_simple_kontra=true"):
        cli("evening", "close")
        start("--rules", "tirol", "--rule", rule)
        add(KONTRA_RUFER)
        assert as_json("balance", "--json") == {F: -4, G: 4, H: 4, I: -4}
        assert as_json("balance", "--json", "--schrift") == {F: -2, G: 2, H: 2, I: -2}


def test_an_old_skoty_ledger_keeps_its_written_scores(ledger_env):
    # A ledger from before the Schrift had its name (results.written_json {name: points}, no
    # payments.schrift_x2520) is migrated: the written scores become the Schrift, the money is kept.
    start("--rules", "tirol", "--rule", "schrift_kontra=simple")
    add(KONTRA_RUFER)
    con = sqlite3.connect(ledger_env)
    with con:  # a ledger from before the cups (m006), which read the Schrift column
        for (view,) in con.execute(
            "select name from sqlite_master where type = 'view' and name like 'v_cup%'"
        ).fetchall():
            con.execute(f"drop view {view}")
        for table in ("cup_tables", "cup_players", "cup_fixed_points", "cups"):
            con.execute(f"drop table {table}")
        con.execute("delete from _sqlite_migrations where name = 'm006_cups'")
        con.execute("alter table results rename column schrift_json to written_json")
        con.execute(
            "update results set written_json = ? where written_json is not null",
            [json.dumps({F: -2, G: 2, H: 2, I: -2})],
        )
        # the cups (m006, later) read the Schrift in their views: back to before them too
        for kind, name in con.execute(
            "select type, name from sqlite_master where name like 'v_cup%' or name like 'cup%' order by type = 'table'"
        ).fetchall():
            con.execute(f"drop {kind} {name}")
        con.execute("alter table payments drop column schrift_x2520")
        con.execute("delete from _sqlite_migrations where name in ('m004_schrift', 'm006_cups')")
    con.close()
    assert as_json("balance", "--json") == {F: -4, G: 4, H: 4, I: -4}
    assert as_json("balance", "--json", "--schrift") == {F: -2, G: 2, H: 2, I: -2}
    assert as_json("sheet", "--json")["hands"][0]["schrift"] == {F: -2, G: 2, H: 2, I: -2}
    add({"contract": "rufer", "declarer": H, "partner": I, "result": "won"})  # Gerti deals, Hans is Vorhand
    assert as_json("balance", "--json", "--schrift") == {F: -3, G: 1, H: 3, I: -1}
