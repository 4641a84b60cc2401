"""Several evenings open at once (the tables of a tournament): ``--evening N``
picks one, for writing and for reading; without it, while several are open,
every command says which are open. Run through the console script's entry
point in process."""

import json
import sqlite3

import pytest

from tests.helpers import cli, console, dump

T1 = ("Anna", "Berti", "Carl", "Dora")  # evening 1: Anna deals first, Berti is Vorhand
T2 = ("Emil", "Fritz", "Gerti", "Hans")  # evening 2: Emil deals first, Fritz is Vorhand
DATE = "2026-03-07"
SEVERAL = (
    "schreiber: error: 2 evenings are open: 1 (Anna, Berti, Carl, Dora), 2 (Emil, Fritz, Gerti, Hans); "
    "choose one with --evening N\n"
)
CLOSED_1 = f"schreiber: error: evening 1 ({DATE}) is closed; reopen it with: schreiber evening reopen 1\n"


def run(*args, input=None):
    return console(list(args), input=input)


def ok(*args, input=None):
    p = run(*args, input=input)
    assert p.returncode == 0, (args, p.stdout, p.stderr)
    return p.stdout


def fails(*args, input=None):
    p = run(*args, input=input)
    assert p.returncode == 1 and p.stdout == "", (args, p.returncode, p.stdout, p.stderr)
    return p.stderr


def as_json(*args):
    return json.loads(ok(*args))


def rec(**fields):
    return json.dumps(fields)


@pytest.fixture
def two_open():
    """Evening 1 (T1) and evening 2 (T2), both open (set up in process: it is quicker)."""
    assert cli("evening", "start", *T1, "--date", DATE).exit_code == 0
    r = cli("evening", "start", *T2, "--date", DATE, "--keep-open")
    assert r.exit_code == 0 and "Evening 1 is open as well: give --evening 2 for this one." in r.stdout
    return [ev["id"] for ev in json.loads(cli("evening", "list", "--json").stdout) if ev["status"] == "open"]


def test_hands_go_to_the_evening_named(two_open):
    assert two_open == [1, 2]
    short = ["hand", "add", "--evening", "2", "rufer", "fritz", "gerti", "+"]  # std: Rufer 1
    assert ok(*short) == "Hand 1: Emil -1, Fritz +1, Gerti +1, Hans -1\n"
    assert ok("hand", "add", "--evening=1", "rufer", "berti", "carl", "+") == (
        "Hand 1: Anna -1, Berti +1, Carl +1, Dora -1\n"
    )
    dreier = ["hand", "add", "--evening", "2", "--json", rec(contract="dreier", declarer="Hans", result="won")]
    assert ok(*dreier) == "Hand 2: Emil -4, Fritz -4, Gerti -4, Hans +12\n"  # std: Dreier 4 from each
    # in process, and as a script with --json-out
    r = cli("hand", "add", "--evening", "1", "--json", rec(contract="dreier", declarer="Anna", result="won"))
    assert r.exit_code == 0 and r.stdout == "Hand 2: Anna +12, Berti -4, Carl -4, Dora -4\n", r.output
    full = ["hand", "add", "--json-out", "--evening", "1", "dreier", "dora", "+"]
    assert as_json(*full)["payments"] == {"Anna": -4, "Berti": -4, "Carl": -4, "Dora": 12}
    assert as_json("balance", "--json", "--evening", "1") == {"Anna": 7, "Berti": -7, "Carl": -7, "Dora": 7}
    assert as_json("balance", "--json", "--evening", "2") == {"Emil": -5, "Fritz": -3, "Gerti": -3, "Hans": 11}
    sheet = as_json("sheet", "--json", "--evening", "2")
    assert [(h["number"], h["contract"], h["declarer"]) for h in sheet["hands"]] == [
        (1, "rufer", "Fritz"),
        (2, "dreier", "Hans"),
    ]
    assert sheet["totals"] == {"Emil": -5, "Fritz": -3, "Gerti": -3, "Hans": 11}
    assert ok("balance", "--evening", "2").startswith(f"Evening 2 ({DATE}, standard):")


@pytest.mark.parametrize(
    "args",
    [
        ["hand", "add", "rufer", "berti", "carl", "+"],
        ["hand", "add", "--json", rec(contract="dreier", declarer="Anna", result="won")],
        ["hand", "add", "--json-out", "rufer", "berti", "carl", "+"],
        ["undo"],
        ["radl"],
        ["redeal"],
        ["strafpunkt", "anna"],
        ["hand", "void", "1"],
        ["hand", "edit", "1", "rufer", "berti", "carl", "-"],
        ["balance"],
        ["balance", "--json"],
        ["sheet", "--json"],
        ["sheet", "--explain", "1"],
        ["settle", "--json"],
        ["evening", "tarif", "0.20"],
        ["evening", "close"],
        ["chart"],
        ["tisch"],
    ],
)
def test_without_evening_every_command_lists_the_open_ones(two_open, ledger_env, args):
    before = dump(ledger_env)
    assert fails(*args, input="") == SEVERAL
    assert dump(ledger_env) == before


def test_hand_import_into_the_evening_named(two_open, ledger_env, tmp_path):
    hands = tmp_path / "hands.jsonl"
    hands.write_text(
        rec(contract="rufer", declarer="Fritz", partner="Gerti", result="lost")
        + "\n"
        + rec(contract="dreier", declarer="Emil", result="won")
        + "\n",
        encoding="utf-8",
    )
    before = dump(ledger_env)
    assert fails("hand", "import", str(hands)) == SEVERAL
    assert dump(ledger_env) == before
    assert ok("hand", "import", "--evening", "2", str(hands)) == "Imported 2 hands (hands 1..2) into evening 2.\n"
    assert as_json("balance", "--json", "--evening", "2") == {
        "Emil": 1 + 12,
        "Fritz": -1 - 4,
        "Gerti": -1 - 4,
        "Hans": 1 - 4,
    }
    assert as_json("balance", "--json", "--evening", "1") == dict.fromkeys(T1, 0)


def test_corrections_and_reports_of_the_evening_named(two_open):
    ok("hand", "add", "--evening", "1", "rufer", "berti", "carl", "+")  # 1: Anna deals, Berti Vorhand
    ok("hand", "add", "--evening", "2", "rufer", "fritz", "gerti", "+")  # 1: Emil deals, Fritz Vorhand
    ok("hand", "add", "--evening", "2", "dreier", "hans", "+")  # 2: Dreier 4 from each
    assert ok("undo", "--evening", "2") == "Undone: hand 2 (kept in the ledger as void).\n"
    assert ok("hand", "void", "1", "--evening", "1") == "Hand 1 voided (kept on the sheet).\n"
    assert as_json("balance", "--json", "--evening", "1") == dict.fromkeys(T1, 0)
    assert as_json("balance", "--json", "--evening", "2") == {"Emil": -1, "Fritz": 1, "Gerti": 1, "Hans": -1}
    # hand 1 of evening 2, lost instead of won; read with the dealer it had (Emil)
    assert ok("hand", "edit", "--evening", "2", "1", "rufer", "fritz", "gerti", "-") == (
        "Hand 1 corrected: Emil +1, Fritz -1, Gerti -1, Hans +1\n"
    )
    out = ok("radl", "--evening", "2")
    assert out.startswith("Radl: the next 4 hands count double;"), out
    assert ok("hand", "add", "--evening", "2", "dreier", "hans", "+") == (  # doubled: 8 from each
        "Hand 2: Emil -8, Fritz -8, Gerti -8, Hans +24\n"  # in the stead of the hand taken back
    )
    assert ok("redeal", "--evening", "1").startswith("Redeal recorded;")
    assert ok("strafpunkt", "--evening", "1", "dora") == "Strafpunkt for Dora: Dora -3, Anna +1, Berti +1, Carl +1\n"
    assert as_json("balance", "--json", "--evening", "2") == {
        "Emil": 1 - 8,
        "Fritz": -1 - 8,
        "Gerti": -1 - 8,
        "Hans": 1 + 24,
    }
    explained = as_json("sheet", "--evening", "2", "--explain", "2", "--json")
    assert [(h["number"], h["void"]) for h in explained] == [(2, True), (2, False)]  # the one taken back, then
    assert "Dreier" in ok("sheet", "--explain", "2", "--evening", "2")
    assert fails("sheet", "--explain", "3", "--evening", "1").startswith("schreiber: error: there is no hand 3")
    ok("evening", "tarif", "--evening", "2", "0.50")
    settled = as_json("settle", "--json", "--evening", "2")
    assert {p: v["amount"] for p, v in settled["players"].items()} == {
        "Emil": "-3.50",
        "Fritz": "-4.50",
        "Gerti": "-4.50",
        "Hans": "12.50",
    }
    assert as_json("settle", "--json", "--evening", "1")["players"]["Dora"]["amount"] == "-0.30"


def test_a_closed_evening_is_read_but_not_written(two_open, ledger_env, tmp_path):
    ok("hand", "add", "--evening", "1", "rufer", "berti", "carl", "+")
    assert ok("evening", "close", "--evening", "1") == f"Evening 1 ({DATE}) is closed.\n"
    # only evening 2 is open now: it is the one without --evening
    assert ok("hand", "add", "rufer", "fritz", "gerti", "+") == "Hand 1: Emil -1, Fritz +1, Gerti +1, Hans -1\n"
    assert as_json("balance", "--json", "--evening", "1") == {"Anna": -1, "Berti": 1, "Carl": 1, "Dora": -1}
    assert as_json("sheet", "--json", "--evening", "1")["totals"] == {"Anna": -1, "Berti": 1, "Carl": 1, "Dora": -1}
    assert as_json("settle", "--json", "--evening", "1")["players"]["Berti"]["amount"] == "0.10"
    hands = tmp_path / "one.jsonl"
    hands.write_text(rec(contract="dreier", declarer="Dora", result="won") + "\n", encoding="utf-8")
    before = dump(ledger_env)
    for args in (
        ["hand", "add", "--evening", "1", "rufer", "carl", "dora", "+"],
        ["hand", "add", "--evening", "1", "--json", rec(contract="dreier", declarer="Dora", result="won")],
        ["hand", "add", "--json-out", "--evening", "1", "dreier", "dora", "+"],
        ["hand", "import", "--evening", "1", str(hands)],
        ["undo", "--evening", "1"],
        ["radl", "--evening", "1"],
        ["redeal", "--evening", "1"],
        ["hand", "void", "--evening", "1", "1"],
        ["hand", "edit", "--evening", "1", "1", "rufer", "berti", "carl", "-"],
        ["evening", "tarif", "--evening", "1", "0.20"],
    ):
        assert fails(*args) == CLOSED_1, args
    assert fails("evening", "close", "--evening", "1") == f"schreiber: error: evening 1 ({DATE}) is closed already\n"
    assert fails("tisch", "--evening", "1", input="") == CLOSED_1
    assert dump(ledger_env) == before


def test_an_unknown_number_lists_the_evenings(two_open, ledger_env):
    before = dump(ledger_env)
    line = (
        "schreiber: error: there is no evening 9; the ledger holds evenings 1, 2 (open: 1, 2); "
        "see schreiber evening list\n"
    )
    for args in (
        ["hand", "add", "--evening", "9", "rufer", "berti", "carl", "+"],
        ["hand", "add", "--evening=9", "--json", rec(contract="dreier", declarer="Anna", result="won")],
        ["undo", "--evening", "9"],
        ["balance", "--json", "--evening", "9"],
        ["sheet", "--evening", "9"],
        ["settle", "--json", "--evening", "9"],
    ):
        assert fails(*args) == line, args
    assert dump(ledger_env) == before


def test_tisch_at_one_of_several_evenings(two_open):
    out = ok("--lang", "de", "tisch", "--evening", "2", input="rufer fritz gerti +\nende\n")  # as the table speaks
    assert f"Tisch: Abend 2 ({DATE}, standard): Emil, Fritz, Gerti, Hans." in out
    assert "[Abend 2, Spiel 1: Emil gibt, Fritz Vorhand] > " in out
    assert "Spiel 1: Emil -1, Fritz +1, Gerti +1, Hans -1" in out
    assert "[Abend 2, Spiel 2: Fritz gibt, Gerti Vorhand] > " in out
    assert as_json("balance", "--json", "--evening", "1") == dict.fromkeys(T1, 0)
    ok("evening", "close", "--evening", "1")
    out = ok("--lang", "de", "tisch", input="dreier carl +\nende\n")  # one evening open: no number in the prompt
    assert "[2: Fritz gibt, Gerti Vorhand] > " in out and "[Abend" not in out
    line = (
        "schreiber: Fehler: entweder SPIELER (ein neuer Abend) oder --evening N (ein offener) angeben, nicht beides\n"
    )
    assert fails("--lang", "de", "tisch", *T1, "--evening", "2", input="") == line


def test_evening_list_and_the_default_show_the_open_ones(two_open):
    ok("evening", "close", "--evening", "1")
    ok("evening", "start", "Ilse", "Josef", "Karl", "Lisa", "--date", DATE, "--keep-open")
    listed = ok("evening", "list").splitlines()
    assert listed[0].startswith("   1  ") and " closed " in listed[0]
    assert listed[1].startswith("   2* ") and listed[2].startswith("   3* ")
    assert listed[3] == "* open: evenings 2, 3; choose one with --evening N"
    shown = ok()
    assert f"Evening 2 ({DATE}, standard):" in shown and f"Evening 3 ({DATE}, standard):" in shown
    assert "Evening 1" not in shown


def test_reopen_closes_the_others_unless_kept_open(two_open):
    ok("evening", "close", "--evening", "1")
    out = ok("evening", "reopen", "1")
    assert out == (
        f"Evening 2 ({DATE}) was still open and is now closed.\n"
        "To go back to it: schreiber evening reopen 2\n"
        f"Evening 1 ({DATE}) is open again.\n"
    )
    assert ok("evening", "reopen", "2", "--keep-open") == f"Evening 2 ({DATE}) is open again.\n"
    assert [ev["status"] for ev in as_json("evening", "list", "--json")] == ["open", "open"]


def test_evening_start_leaves_the_tables_of_a_tournament_open(two_open, ledger_env):
    # a later migration adds cup_tables; an evening listed there is a table of a
    # tournament and stays open when another evening starts
    con = sqlite3.connect(ledger_env)
    con.execute(
        "create table if not exists cup_tables (cup_id integer, round integer, table_no integer, evening_id integer)"
    )
    con.executemany(
        "insert into cup_tables (cup_id, round, table_no, evening_id) values (1, 1, ?, ?)", [(1, 1), (2, 2)]
    )
    con.commit()
    con.close()
    out = ok("evening", "start", "Ilse", "Josef", "Karl", "Lisa", "--date", DATE)
    assert "now closed" not in out
    assert "Evenings 1, 2 are open as well: give --evening 3 for this one." in out
    out = ok("evening", "start", "Mara", "Nina", "Otto", "Paul", "--date", DATE)
    assert out.splitlines()[:2] == [
        f"Evening 3 ({DATE}) was still open and is now closed.",
        "To go back to it: schreiber evening reopen 3",
    ]
    statuses = {ev["id"]: ev["status"] for ev in as_json("evening", "list", "--json")}
    assert statuses == {1: "open", 2: "open", 3: "closed", 4: "open"}
    assert ok("evening", "reopen", "3").endswith(f"Evening 3 ({DATE}) is open again.\n")
    statuses = {ev["id"]: ev["status"] for ev in as_json("evening", "list", "--json")}
    assert statuses == {1: "open", 2: "open", 3: "open", 4: "closed"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_evening_start_says_it_in_lines_of_80_columns(lang):
    ok("--lang", lang, "evening", "start", "Anna", "Berti", "Carl", "Dora", "--date", DATE)
    out = ok("--lang", lang, "evening", "start", "Anna", "Berti", "Carl", "Dora", "Emil", "--rules", "tirol")
    lines = out.splitlines()
    assert len(lines) == 4 and all(len(line) <= 80 for line in lines), lines
    assert lines[3] == {"en": "Anna deals the first hand.", "de": "Anna gibt das erste Spiel."}[lang]
