"""A cup's evening at two tables, each on its own copy of the desk's ledger,
merged back: through the console command, as the desk would type it."""

from __future__ import annotations

import json
import sqlite3

from tests.helpers import merged
from tests.ledger_checks import check_ledger, dreier, run_cli

TABLE_1 = ("Anna", "Berti", "Carl", "Dora")
TABLE_2 = ("Emil", "Fritz", "Gerti", "Hans")


def test_two_tables_merged_back_at_the_desk(tmp_path):
    desk = tmp_path / "cup.db"
    # the desk's ledger is made by its first write (an evening of its own, closed)
    assert run_cli("evening", "start", "Ida", "Jana", "Kurt", "Lisa", db=desk).returncode == 0
    assert run_cli("evening", "close", db=desk).returncode == 0
    copies = []
    for n, players in ((1, TABLE_1), (2, TABLE_2)):
        copy = tmp_path / f"table{n}.db"
        assert run_cli("backup", str(copy), db=desk).returncode == 0
        assert run_cli("evening", "start", *players, "--date", "2026-04-18", db=copy).returncode == 0
        for i, who in enumerate(players * 2):
            r = run_cli("hand", "add", "--json", json.dumps(dreier(who, 40 + i + n)), db=copy)
            assert r.returncode == 0, r.stderr
        copies.append(copy)
    run_cli("undo", db=copies[1])
    balances = [json.loads(run_cli("balance", "--json", db=c).stdout) for c in copies]
    r = run_cli("merge", str(copies[0]), db=desk)
    assert (r.returncode, merged(r.stdout), r.stderr) == (
        0,
        f"merged from {copies[0]}: 4 players, 1 evening, 8 hands\n",
        "",
    )
    r = run_cli("merge", str(copies[1]), "--json", db=desk)
    assert r.returncode == 0 and json.loads(r.stdout) | {"from": ""} == {
        "from": "",
        "merged": True,
        "players": 4,
        "evenings": 1,
        "hands": 8,
        "other_entries": 0,
        "corrections": 1,
        "status_changes": 0,
        "imports": 0,
    }
    r = run_cli("merge", str(copies[1]), db=desk)
    assert r.stdout == f"nothing new in {copies[1]}\n"
    # each evening's totals at the desk are the table's
    con = sqlite3.connect(desk)
    for evening_id, want in ((2, balances[0]), (3, balances[1])):
        got = dict(
            con.execute(
                "select p.name, sum(pay.points_x2520) / 2520.0 from payments pay join players p on p.id = pay.player_id "
                "join entries e on e.id = pay.entry_id where e.status = 'active' and pay.evening_id = ? group by p.name",
                [evening_id],
            ).fetchall()
        )
        assert got == want
    con.close()
    assert check_ledger(desk)["hands"] == 15


def test_a_whole_settled_evening_the_desk_never_had_comes_in_without_settle_again(tmp_path):
    """Before, merging a settled evening the desk had never held said its
    balance changed and to settle it again (its balance "was" nothing)."""
    desk = tmp_path / "desk.db"
    assert run_cli("evening", "start", *TABLE_1, db=desk).returncode == 0
    assert run_cli("hand", "add", "--json", json.dumps(dreier("Berti", 41)), db=desk).returncode == 0
    table = tmp_path / "table.db"
    assert run_cli("backup", str(table), db=desk).returncode == 0
    assert run_cli("evening", "start", *TABLE_2, "--date", "2026-11-20", "--keep-open", db=table).returncode == 0
    assert run_cli("hand", "add", "--evening", "2", "--json", json.dumps(dreier("Fritz", 41)), db=table).returncode == 0
    assert run_cli("settle", "--close", "--evening", "2", db=table).returncode == 0
    r = run_cli("merge", str(table), db=desk)
    assert (r.returncode, merged(r.stdout), r.stderr) == (
        0,
        f"merged from {table}: 4 players, 1 evening, 1 hand\n",
        "",
    )
    assert json.loads(run_cli("balance", "--json", "--evening", "2", db=desk).stdout) == json.loads(
        run_cli("balance", "--json", "--evening", "2", db=table).stdout
    )


def test_after_a_desk_undo_and_merges_both_ways_both_ledgers_read_the_same(tmp_path):
    """The desk takes hand 2 back; the table has its own hand 2 and 3. After
    merging both ways the taken-back row stood before the table's hand 2 at
    the desk and after it at the table, for good ("nothing new" both ways):
    at one place the row taken back comes first, in every ledger."""
    desk, table = tmp_path / "desk.db", tmp_path / "table.db"
    assert run_cli("evening", "start", *TABLE_1, db=desk).returncode == 0
    assert run_cli("hand", "add", "rufer", "berti", "carl", "+", db=desk).returncode == 0
    assert run_cli("backup", str(table), db=desk).returncode == 0
    assert run_cli("hand", "add", "rufer", "carl", "dora", "+", db=desk).returncode == 0
    assert run_cli("undo", db=desk).returncode == 0
    for hand in (["rufer", "carl", "anna", "-"], ["rufer", "dora", "anna", "-"]):
        assert run_cli("hand", "add", *hand, db=table).returncode == 0
    assert run_cli("merge", str(table), db=desk).returncode == 0
    assert run_cli("merge", str(desk), db=table).returncode == 0
    for there, here in ((table, desk), (desk, table)):
        assert run_cli("merge", str(there), db=here).stdout.startswith("nothing new in ")
    shown = {}
    for db in (desk, table):
        sheet = json.loads(run_cli("sheet", "--json", db=db).stdout)
        exported = run_cli("export", "--format", "jsonl", db=db).stdout
        compact = run_cli("sheet", "--compact", db=db).stdout
        shown[db] = (sheet, exported, compact)
        rows = [line.split()[0] + (" tb" if line.endswith(" tb") else "") for line in compact.splitlines()[3:7]]
        assert rows == ["1", "2 tb", "2", "3"], compact
    assert shown[desk] == shown[table]
    check_ledger(desk, zero_sum=True)
    check_ledger(table, zero_sum=True)
