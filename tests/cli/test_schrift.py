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


# At a table: the Schrift beside the money, where they differ and at every cup table (RULINGS.md
# "Schrift and Geld": settle pays the Geld, a cup ranks by the Schrift). Gerti's Dreier with Kontra:
# ooe-2023.md §2.1 rank 9, Dreier won 4, one against three: Schrift Gerti +12, each other -4;
# §5.1 Kontra x2 binds all players in a positive game, §5.2 only in the money: Geld Gerti +24,
# each other -8. Then Ilse's Dreier won without Kontra: +12/-4 in both.
DREIER_KONTRA = {"contract": "dreier", "declarer": G, "result": "won", "kontra": "kontra"}
GELD = {F: -8 - 4, G: 24 - 4, H: -8 - 4, I: -8 + 12}
SCHRIFT = {F: -4 - 4, G: 12 - 4, H: -4 - 4, I: -4 + 12}


def cup_table(*hands):
    """A cup of four under ooe, its one table drawn, the hands entered; the table's seating."""
    for args in (("cup", "start", "C", F, G, H, I, "--seed", "1", "--rounds", "1"), ("cup", "draw")):
        r = cli(*args)
        assert r.exit_code == 0, r.output
    for record in hands:
        add(record)
    return list(as_json("balance", "--json"))  # the players in seating order (the draw's)


def points(seating, figures):
    return ", ".join(f"{p} {figures[p]:+d}" for p in seating)


def test_cup_table_balance_shows_the_schrift_beside_the_geld():
    seating = cup_table(DREIER_KONTRA, {"contract": "dreier", "declarer": I, "result": "won"})
    assert as_json("balance", "--json") == GELD  # the money and its JSON as ever
    assert as_json("balance", "--json", "--schrift") == SCHRIFT
    settle = as_json("settle", "--json")
    assert {p: v["points"] for p, v in settle["players"].items()} == GELD  # settle pays the Geld
    lines = cli("balance").stdout.splitlines()
    assert lines[1:] == [
        "                   Geld  Schrift",
        *(f"  {p:<12} {GELD[p]:>+8d} {SCHRIFT[p]:>+8d}" for p in seating),
        "Schrift: without Kontra; settle pays the Geld.",
        "Cup C ranks by the Schrift (round 1, Tisch 1).",
    ]
    assert "  Gerti             +20       +8" in lines


def test_cup_table_sheet_says_which_standing_is_which():
    seating = cup_table(DREIER_KONTRA, {"contract": "dreier", "declarer": I, "result": "won"})
    text = cli("sheet").stdout
    assert "Standing (Geld): " + points(seating, GELD) + "\n" in text
    assert "Schrift (without Kontra): " + points(seating, SCHRIFT) + "\n" in text
    assert "Cup C ranks by the Schrift (round 1, Tisch 1).\n" in text
    assert "Standing: " not in text


@pytest.mark.lang("de")  # the table session in German, as the table speaks
def test_cup_table_tisch_shows_the_schrift_after_each_hand_and_at_stand():
    seating = cup_table()
    r = cli("tisch", input="dreier gerti + kontra\nstand\n")
    assert r.exit_code == 0, r.output
    geld, schrift = {p: -8 for p in seating} | {G: 24}, {p: -4 for p in seating} | {G: 12}
    both = f"Stand (Geld):    {points(seating, geld)}\nStand (Schrift): {points(seating, schrift)}\n"
    assert r.stdout.count(both) == 2  # after the hand and at "stand"
    assert r.stdout.count("Der Cup C wertet nach der Schrift (Runde 1, Tisch 1).\n") == 2  # at the start and "stand"
    assert "Stand: " not in r.stdout


def test_cup_table_shows_the_schrift_before_any_kontra():
    # at a cup table the table sees the figure it is ranked by from the first hand on, the same here
    seating = cup_table({"contract": "dreier", "declarer": I, "result": "won"})
    even = {p: -4 for p in seating} | {I: 12}
    assert cli("balance").stdout.splitlines()[-1] == "Cup C ranks by the Schrift (round 1, Tisch 1)."
    assert f"  {I:<12} {'+12':>8} {'+12':>8}" in cli("balance").stdout
    out = cli("tisch", input="stand\n").stdout
    assert f"Standing (Schrift): {points(seating, even)}\n" in out


def test_ooe_evening_shows_the_schrift_only_where_it_differs():
    start("--rules", "ooe")
    add({"contract": "dreier", "declarer": I, "result": "won"})  # no Kontra: one column, as ever
    assert cli("balance").stdout.splitlines()[1:] == [f"  {F:<12} {'-4':>8}", f"  {G:<12} {'-4':>8}",
                                                      f"  {H:<12} {'-4':>8}", f"  {I:<12} {'+12':>8}"]  # fmt: skip
    assert "Standing: Fritz -4, Gerti -4, Hans -4, Ilse +12\n" in cli("tisch", input="stand\n").stdout
    add(DREIER_KONTRA)  # Gerti deals; now they differ, and no cup ranks this evening
    text = cli("balance").stdout
    assert f"  {G:<12} {'+20':>8} {'+8':>8}" in text and "Cup" not in text
    assert text.endswith("Schrift: without Kontra; settle pays the Geld.\n")
    out = cli("tisch", input="stand\n").stdout
    assert "Standing (Geld):    Fritz -12, Gerti +20, Hans -12, Ilse +4\n" in out
    assert "Standing (Schrift): Fritz -8, Gerti +8, Hans -8, Ilse +8\n" in out


def test_a_preset_without_a_separate_schrift_prints_as_before():
    start("--rules", "hausrunde")
    # hausrunde keeps no Schrift apart (standard's schrift_kontra=all). Rufer 1 with Re x4, in the
    # first four hands x2 (hausrunde-skuesradl.txt:8): 8 each, written as paid.
    add(KONTRA_RUFER)
    lines = cli("balance").stdout.splitlines()
    assert lines[1:] == [f"  {F:<12} {'-8':>8}", f"  {G:<12} {'+8':>8}", f"  {H:<12} {'+8':>8}", f"  {I:<12} {'-8':>8}"]
    out = cli("tisch", input="stand\n").stdout
    assert "Standing: Fritz -8, Gerti +8, Hans +8, Ilse -8\n" in out and "Schrift" not in out
