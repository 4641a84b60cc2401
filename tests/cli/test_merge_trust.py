"""A table's copy is outside input: `schreiber merge COPY` as the desk types
it. Copies of a ledger made before global ids merge without doubling; a
copy is refused as every other command refuses it; every row it brings in
is checked as if it had been typed, and a row that is wrong is named in one
line; the same correction on both sides is no conflict, and every conflict
says what to type to settle it. After each merge (and each refusal) the
desk's ledger passes `schreiber check`.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import sqlite3
from pathlib import Path

import pytest

from schreiber.cli.errors import message, one_line
from schreiber.errors import SchreiberError
from schreiber.ledger import Opened
from tests.helpers import TESTS, cli, dump, merged

FIXTURE = TESTS / "fixtures" / "ledger_v1.db"
FOUR = ("Anna", "Berti", "Carl", "Dora")
GUESTS = ("Emil", "Fritz", "Gerti", "Hans")


@pytest.fixture(autouse=True)
def _ledgers_let_go():
    """The ledgers a test's commands opened are let go after it, as the console script does when a
    command ends (in process they would stay open, three file handles each, for the whole run)."""
    yield
    Opened.make_missing_files()


def ok(db: Path, *args: str) -> str:
    r = cli("--db", str(db), *args)
    assert r.exit_code == 0, (args, r.output, r.exception)
    return r.stdout


def refused(db: Path, *args: str) -> str:
    """The one line a refused command prints (as cli.errors words it): a SchreiberError, never another exception."""
    r = cli("--db", str(db), *args)
    assert r.exit_code == 1 and isinstance(r.exception, SchreiberError), (r.output, repr(r.exception))
    line = one_line(message(r.exception))
    assert "\n" not in line and "unexpected" not in line, line
    return line


def checked(db: Path) -> None:
    """`schreiber check` finds the ledger whole and every evening re-scored as stored."""
    out = ok(db, "check")
    lines = out.splitlines()[1:]  # after "Ledger PATH": one line a check, each ending ok
    checks = [line for line in lines if not line.startswith("    ")]
    assert len(checks) >= 2 and all(line.endswith(": ok") for line in checks) and len(checks) == len(lines), out


def sql(db: Path, *statements: str) -> None:
    con = sqlite3.connect(db)
    for s in statements:
        con.execute(s)
    con.commit()
    con.close()


def figures(db: Path) -> tuple:
    """What a doubling would change: evenings, entries, corrections, players, and every evening's balance."""
    con = sqlite3.connect(db)
    try:
        counts = tuple(con.execute(f"select count(*) from {t}").fetchone()[0]
                       for t in ("evenings", "entries", "corrections", "players", "payments", "hand_players"))  # fmt: skip
    finally:
        con.close()
    evenings = [e["id"] for e in json.loads(ok(db, "evening", "list", "--json"))]
    return counts, [ok(db, "balance", "--json", "--evening", str(n)) for n in evenings], ok(db, "stats", "--json")


# 2. Copies of a ledger from before global ids ------------------------------------------------------


@pytest.fixture
def two_old_copies(tmp_path) -> tuple[Path, Path]:
    """The same ledger of schema version 1, copied twice, as two tables took it."""
    a, b = tmp_path / "desk.db", tmp_path / "table.db"
    shutil.copyfile(FIXTURE, a)
    shutil.copyfile(FIXTURE, b)
    return a, b


def test_two_copies_of_an_old_ledger_merge_without_doubling(two_old_copies):
    desk, table = two_old_copies
    ok(desk, "evening", "list")  # each copy opened on its own: migrated, each row given its id
    ok(table, "evening", "list")
    before = figures(desk)
    assert ok(desk, "merge", str(table)) == f"nothing new in {table}\n"
    assert figures(desk) == before
    checked(desk)
    ok(table, "hand", "add", "--evening", "2", "dreier", "hans", "40")  # and what the table adds comes in alone
    assert merged(ok(desk, "merge", str(table))) == f"merged from {table}: 1 hand\n"
    assert figures(desk) == figures(table)
    checked(desk)


def test_an_old_copy_not_yet_opened_is_read_through_a_migrated_copy(two_old_copies):
    """Merged as it is: its schema is brought up to date in a temporary copy; the file is not written."""
    desk, table = two_old_copies
    ok(desk, "evening", "list")
    content, beside = table.read_bytes(), sorted(os.listdir(table.parent))
    before = figures(desk)
    assert ok(desk, "merge", str(table)) == f"nothing new in {table}\n"
    assert figures(desk) == before
    assert table.read_bytes() == content
    assert [n for n in sorted(os.listdir(table.parent)) if n not in beside and not n.endswith(("-wal", "-shm"))] == []
    checked(desk)


def test_copies_migrated_with_random_ids_are_known_by_their_content(two_old_copies):
    """A copy migrated by a schreiber that gave old rows random ids: the same evenings, hands and
    corrections are recognised by what they are (the evening by its start, each entry at its place)."""
    desk, table = two_old_copies
    ok(desk, "evening", "list")
    ok(table, "evening", "list")
    con = sqlite3.connect(table)
    for t in ("players", "evenings", "entries", "corrections"):
        con.execute(f"update {t} set uid = lower(hex(randomblob(16)))")
    con.commit()
    con.close()
    before = figures(desk)
    assert ok(desk, "merge", str(table)) == f"nothing new in {table}\n"
    assert figures(desk) == before
    ok(table, "hand", "add", "--evening", "2", "dreier", "hans", "40")
    ok(table, "undo", "--evening", "2")
    ok(table, "hand", "add", "--evening", "2", "dreier", "ilse", "45")
    assert merged(ok(desk, "merge", str(table))) == f"merged from {table}: 2 hands, 1 correction\n"
    assert figures(desk) == figures(table)
    assert ok(table, "merge", str(desk)) == f"nothing new in {desk}\n"
    checked(desk)


# 6. A copy every other command refuses ----------------------------------------------------------


def _newer(db: Path) -> None:
    sql(db, "pragma user_version = 2")


def _foreign(db: Path) -> None:
    sql(db, "pragma application_id = 1234")


def _future_step(db: Path) -> None:
    sql(db, "insert into _sqlite_migrations (migration_set, name, applied_at) values ('schreiber', 'm099_x', '')")


def _damaged(db: Path) -> None:
    sql(db, "pragma wal_checkpoint(truncate)")
    data = bytearray(db.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    data[page * 3 + 8 : page * 3 + 200] = os.urandom(192)  # the b-tree pages after the schema: a table damaged
    db.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("make", "elsewhere"),
    [(_newer, ("balance",)), (_foreign, ("balance",)), (_future_step, ("balance",)),
     (_damaged, ("evening", "reopen", "1", "--keep-open"))],  # damage: refused where a change starts
)  # fmt: skip
def test_a_copy_other_commands_refuse_is_not_merged(tmp_path, make, elsewhere):
    desk = tmp_path / "desk.db"
    ok(desk, "evening", "start", *FOUR, "--date", "2026-03-01")
    ok(desk, "hand", "add", "dreier", "berti", "40")
    copy = tmp_path / "table.db"
    ok(desk, "backup", str(copy))
    ok(copy, "hand", "add", "dreier", "carl", "40")
    make(copy)
    sql(copy, "pragma wal_checkpoint(truncate)")  # every change in the file itself, none in its -wal
    content, before = copy.read_bytes(), dump(desk)
    other = refused(copy, *elsewhere)  # what other commands say of the file ...
    said = refused(desk, "merge", str(copy))  # ... merge says too
    assert other.split(";")[0] in said, (other, said)
    assert copy.read_bytes() == content and dump(desk) == before
    checked(desk)


# 7. Every row brought in is checked as if typed --------------------------------------------------


@pytest.fixture
def desk_and_copy(tmp_path) -> tuple[Path, Path]:
    """The desk's ledger, and a table's copy that started an evening of its own (evening 2 there),
    under rules of its own (a rule set only that evening uses), with two hands and a Strafpunkt."""
    desk, copy = tmp_path / "desk.db", tmp_path / "table.db"
    ok(desk, "evening", "start", *FOUR, "--date", "2026-03-01", "--rules", "hausrunde")
    ok(desk, "hand", "add", "dreier", "berti", "40")
    ok(desk, "backup", str(copy))
    ok(copy, "evening", "start", *GUESTS, "--date", "2026-03-02", "--rules", "hausrunde", "--rule", "pagatkassa=2")
    ok(copy, "hand", "add", "dreier", "fritz", "40")
    ok(copy, "strafpunkt", "gerti")
    ok(copy, "hand", "add", "dreier", "gerti", "45")
    return desk, copy


RULES_OF_2 = "(select rule_set_id from evenings where id = 2)"
NOT_AS_TYPED = {
    "a negative tarif": ("update evenings set tarif_cents = -10 where id = 2", "tarif"),
    "a tarif out of range": ("update evenings set tarif_cents = 100000000 where id = 2", "tarif"),
    "a tarif that is no number": ("update evenings set tarif_cents = 'zehn' where id = 2", "tarif_cents"),
    "a date 2026-13-45": ("update evenings set date = '2026-13-45' where id = 2", "2026-13-45"),
    "a date in words": ("update evenings set date = 'yesterday' where id = 2", "yesterday"),
    "a seating of three": ("""update evenings set seating_json = '["Emil", "Fritz", "Gerti"]' where id = 2""", "3"),
    "a seating of six": (
        """update evenings set seating_json = '["Emil","Fritz","Gerti","Hans","Ida","Jo"]' where id = 2""", "6"),
    "a player seated twice": ("""update evenings set seating_json = '["Emil","Fritz","Gerti","emil"]' where id = 2""",
                              "twice"),
    "a seating that is no list": ("""update evenings set seating_json = '"Emil"' where id = 2""", "seating"),
    "a first dealer not at the table": ("update evenings set first_dealer = 'Zorro' where id = 2", "Zorro"),
    "a NULL preset": ("update evenings set preset = NULL where id = 2", "preset"),
    "another preset than its rules": ("update evenings set preset = 'tirol' where id = 2", "tirol"),
    "rules that are not JSON": (f"update rule_sets set rules_json = '{{nope' where id = {RULES_OF_2}", "JSON"),
    "rules that cannot be read": (f"""update rule_sets set rules_json = '{{"rules": 1}}' where id = {RULES_OF_2}""",
                                  "rules"),
    "a negative Pagat pot": ("update evenings set start_pot = '-2' where id = 2", "-2"),
    "a status that is none": ("update evenings set status = 'halfway' where id = 2", "halfway"),
    "a name with a control character": ("update players set name = 'Em' || char(10) || 'il' where name = 'Emil'",
                                        "control character"),
    "a name with an escape in the seating": (
        "update evenings set seating_json = json_array('Em' || char(27) || 'il', 'Fritz', 'Gerti', 'Hans'), "
        "first_dealer = 'Em' || char(27) || 'il' where id = 2", "control character"),
    "a name with a zero-width space": ("update players set name = 'Fritz' || char(8203) where name = 'Fritz'",
                                       "invisible"),
    "a name with spaces around it": ("update players set name = ' Hans ' where name = 'Hans'", "Hans"),
    "a hand with no evening": ("update entries set evening_id = NULL where evening_id = 2", "evening_id"),
    "a hand with no place": ("update entries set seq = NULL where evening_id = 2 and number = 2", "seq"),
    "a hand at place 0": ("update entries set seq = 0 where evening_id = 2 and number = 2", "seq"),
    "a hand without a number": ("update entries set number = NULL where evening_id = 2 and number = 2", "number"),
    "two hands at one place": ("update entries set seq = 1 where evening_id = 2 and number = 2", "place"),
    "a hand whose record is no object": ("update entries set record_json = '[1, 2]' where evening_id = 2", "record"),
    "a hand that does not score": (
        """update entries set record_json = '{"contract": "rufer"}' where evening_id = 2 and number = 2""",
        "declarer"),
    "an entry of no kind": ("update entries set kind = 'zauber' where evening_id = 2 and number is null", "zauber"),
    "a Strafpunkt for no player": ("update entries set player = 'Zorro' where evening_id = 2 and number is null",
                                   "strafpunkt"),
    "a void hand without a correction": ("update entries set status = 'void' where evening_id = 2 and number = 2",
                                         "void"),
    "a status that is no status": ("update entries set status = 'gone' where evening_id = 2 and number = 2", "gone"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(NOT_AS_TYPED), ids=list(NOT_AS_TYPED))
def test_a_row_that_was_not_typed_so_is_named_and_nothing_is_merged(desk_and_copy, case):
    desk, copy = desk_and_copy
    statement, says = NOT_AS_TYPED[case]
    sql(copy, statement)
    before = dump(desk)
    line = refused(desk, "merge", str(copy))
    assert str(copy) in line and says in line, line
    assert dump(desk) == before
    checked(desk)
    for command in (("evening", "list"), ("balance",), ("sheet",)):
        ok(desk, *command)


def paid(db: Path, evening_date: str) -> dict:
    """Each player's stored payments on the evening of that date (1/2520 points), as plain SQL reads them."""
    con = sqlite3.connect(db)
    try:
        return dict(con.execute(
            "select p.name, sum(pay.points_x2520) from payments pay join players p on p.id = pay.player_id "
            "join evenings ev on ev.id = pay.evening_id where ev.date = ? group by p.name", [evening_date]))  # fmt: skip
    finally:
        con.close()


def test_a_good_copy_comes_in_whole_and_scored_here(desk_and_copy):
    """The copy's own evening arrives; its payments are scored at the desk, not taken from the copy."""
    desk, copy = desk_and_copy
    scored = paid(copy, "2026-03-02")
    sql(copy, "update payments set points_x2520 = points_x2520 * 3")  # what the copy says was paid counts nothing
    assert merged(ok(desk, "merge", str(copy))) == (
        f"merged from {copy}: 4 players, 1 evening, 2 hands, 1 other entry, 1 evening closed or settled\n"
    )  # (evening start at the table closed the evening it had from the desk)
    assert paid(desk, "2026-03-02") == scored != paid(copy, "2026-03-02")
    checked(desk)


# 8. A row that is no ledger's row: one line naming it -----------------------------------------------


BROKEN = {
    "an evening id that names no evening": ("update entries set evening_id = 99 where evening_id = 2", "evening_id"),
    "a correction of no entry": (
        "insert into corrections (uid, evening_id, kind, entry_id) values ('c0ffee', 2, 'void', 999)", "entry_id"),
    "a replaced entry that is not there": ("update entries set replaces = 999 where evening_id = 2", "replaces"),
    "a rule set that is not there": ("update evenings set rule_set_id = 99 where id = 2", "rule_set_id"),
    "a record that is not JSON": ("update entries set record_json = '{contract: rufer' where evening_id = 2",
                                  "record_json"),
    "a seating that is not JSON": ("update evenings set seating_json = '[Emil' where id = 2", "seating_json"),
    "an id that is no id": ("update entries set uid = 'a b' where evening_id = 2 and number = 1", "uid"),
    "a time that is no time": ("update evenings set created_utc = 1e300 where id = 2", "created_utc"),
    "a cup table of no evening": (
        "insert into cup_tables (cup_id, round, table_no, evening_id) values (77, 1, 1, 2)", "cup_id"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(BROKEN), ids=list(BROKEN))
def test_a_broken_row_is_named_in_one_line(desk_and_copy, case):
    desk, copy = desk_and_copy
    statement, column = BROKEN[case]
    con = sqlite3.connect(copy)
    con.execute("pragma foreign_keys = off")
    con.execute(statement)
    con.commit()
    con.close()
    before = dump(desk)
    line = refused(desk, "merge", str(copy))
    assert f"{copy} is damaged: row " in line and column in line, line
    assert dump(desk) == before
    checked(desk)


# 9. The same correction twice is none; every conflict can be settled ------------------------------


@pytest.fixture
def evening_copy(tmp_path) -> tuple[Path, Path]:
    """An evening of six hands with a Radl, and a table's copy of it."""
    desk, copy = tmp_path / "desk.db", tmp_path / "table.db"
    ok(desk, "evening", "start", *FOUR, "--date", "2026-03-01")
    for who in ("berti", "carl", "dora"):
        ok(desk, "hand", "add", "dreier", who, "40")
    ok(desk, "radl")
    for who in ("anna", "berti", "carl"):
        ok(desk, "hand", "add", "dreier", who, "41")
    ok(desk, "backup", str(copy))
    return desk, copy


SAME_ON_BOTH = {
    "hand void": (("hand", "void", "2"), ("hand", "void", "2")),
    "undo": (("undo",), ("undo",)),
    "undo here, hand void there": (("undo",), ("hand", "void", "6")),
    "entry void": (("entry", "void", "e1"), ("entry", "void", "e1")),
    "the same edit": (("hand", "edit", "3", "dreier", "dora", "30"), ("hand", "edit", "3", "dreier", "dora", "30")),
}


@pytest.mark.parametrize("case", list(SAME_ON_BOTH), ids=list(SAME_ON_BOTH))
def test_the_same_correction_on_both_sides_is_no_conflict(evening_copy, case):
    desk, copy = evening_copy
    here, there = SAME_ON_BOTH[case]
    ok(desk, *here)
    ok(copy, *there)
    ok(copy, "hand", "add", "dreier", "dora", "42")  # and what the table played since
    assert merged(ok(desk, "merge", str(copy))) == f"merged from {copy}: 1 hand\n"
    for _again in range(2):  # every later merge, either way, brings nothing new
        assert ok(desk, "merge", str(copy)) == f"nothing new in {copy}\n"
        assert ok(copy, "merge", str(desk)).startswith(("nothing new", "merged from"))
    assert ok(desk, "balance", "--json") == ok(copy, "balance", "--json")
    checked(desk)


def settle(line: str, desk: Path, copy: Path, keep: str) -> None:
    """Type what the conflict line says to keep ``keep``'s version ("copy": the table's, "desk": ours)."""
    said = line.split(": to keep ", 1)[1]
    ways = {}
    for way in said.split("; to keep "):
        who, _x, command = way.partition(", type: ")
        ways["desk" if who == "this ledger's" else "copy"] = command.split("; then merge again")[0]
    words = shlex.split(ways[keep])
    assert words[:2] == ["schreiber", "--db"]  # pasted as printed: each names the ledger it acts on
    assert words[2] == str(desk if keep == "copy" else copy), words
    ok(Path(words[2]), *words[3:])


CONFLICTS = {
    "two hands at one place": (("hand", "add", "dreier", "dora", "50"), ("hand", "add", "dreier", "anna", "50")),
    "edited differently": (("hand", "edit", "2", "dreier", "carl", "30"), ("hand", "edit", "2", "dreier", "carl", "20")),
    "edited here, voided there": (("hand", "edit", "2", "dreier", "carl", "30"), ("hand", "void", "2")),
    "voided here, edited there": (("hand", "void", "5"), ("hand", "edit", "5", "dreier", "anna", "30")),
}  # fmt: skip


@pytest.mark.parametrize("keep", ["copy", "desk"])
@pytest.mark.parametrize("case", list(CONFLICTS), ids=list(CONFLICTS))
def test_a_conflict_names_what_to_type_and_that_settles_it(evening_copy, case, keep):
    desk, copy = evening_copy
    here, there = CONFLICTS[case]
    ok(desk, *here)
    ok(copy, *there)
    before = dump(desk)
    line = refused(desk, "merge", str(copy))
    assert line.startswith("conflict in evening 1: hand ") and "; nothing was merged: to keep " in line, line
    assert dump(desk) == before
    checked(desk)
    if f"to keep {copy}'s" not in line or "to keep this ledger's" not in line:  # one way only: a void cannot be undone
        keep = "copy" if f"to keep {copy}'s" in line else "desk"
    settle(line, desk, copy, keep)
    ok(desk, "merge", str(copy))
    assert ok(desk, "merge", str(copy)) == f"nothing new in {copy}\n"
    ok(copy, "merge", str(desk))
    assert ok(desk, "balance", "--json") == ok(copy, "balance", "--json")
    checked(desk)
    checked(copy)


def test_a_hand_taken_back_at_the_desk_gives_way_to_the_tables(evening_copy):
    """Both added a hand 7; the desk takes its own back (undo): the table's comes in at its place."""
    desk, copy = evening_copy
    ok(desk, "hand", "add", "dreier", "dora", "50")
    ok(copy, "hand", "add", "dreier", "anna", "50")
    ok(copy, "hand", "add", "dreier", "berti", "50")
    refused(desk, "merge", str(copy))
    ok(desk, "undo")
    assert merged(ok(desk, "merge", str(copy))) == f"merged from {copy}: 2 hands\n"
    assert ok(desk, "balance", "--json") == ok(copy, "balance", "--json")
    checked(desk)


def test_a_copy_brought_in_by_import_still_merges_without_doubling(evening_copy, tmp_path):
    """The desk imported the table's hands from an export of its copy; the
    table played on; merging the copy brings in what it played since, once."""
    desk, copy = evening_copy
    ok(copy, "hand", "add", "dreier", "dora", "50")
    ok(copy, "hand", "add", "dreier", "anna", "50")
    export = tmp_path / "table.jsonl"
    ok(copy, "export", "--evening", "1", "--format", "jsonl", "--out", str(export))
    ok(desk, "hand", "import", str(export), "--evening", "1")
    ok(copy, "hand", "add", "dreier", "berti", "50")
    assert merged(ok(desk, "merge", str(copy))) == f"merged from {copy}: 1 hand\n"
    assert ok(desk, "merge", str(copy)) == f"nothing new in {copy}\n"
    assert ok(desk, "balance", "--json") == ok(copy, "balance", "--json")
    checked(desk)


def test_other_conflicts_say_what_to_type(evening_copy):
    desk, copy = evening_copy
    ok(copy, "evening", "tarif", "0.20")
    line = refused(desk, "merge", str(copy))
    assert (
        "the tarif is 0.10 here and 0.20 in" in line and f"schreiber --db {desk} evening tarif 0.20 --evening 1" in line
    )
    assert f"schreiber --db {copy} evening tarif 0.10 --evening 1" in line
    ok(desk, "evening", "tarif", "0.20")
    ok(desk, "merge", str(copy))
    ok(copy, "player", "rename", "Dora", "Dorothea")
    line = refused(desk, "merge", str(copy))
    assert (
        f"schreiber --db {desk} player rename Dora Dorothea" in line
        and f"schreiber --db {copy} player rename Dorothea Dora" in line
    )
    ok(desk, "player", "rename", "Dora", "Dorothea")
    assert ok(desk, "merge", str(copy)) == f"nothing new in {copy}\n"
    checked(desk)


def test_a_copy_that_drew_the_next_round_itself(tmp_path):
    """A table's copy drew round 2 itself, as the desk did: the same tables, so the copy's hands at
    them come in; a conflict there names the table and round as the organizer knows them."""
    desk, copy = tmp_path / "desk.db", tmp_path / "table.db"
    ok(desk, "cup", "start", "Cup", "A", "B", "C", "D", "E", "F", "G", "H", "--seed", "3", "--hands", "2")
    for first in json.loads(ok(desk, "cup", "draw", "--json"))["tables"]:  # round 1 begun: a hand at each table
        ok(desk, "hand", "add", "--evening", str(first["evening"]), "dreier", first["players"][1], "40")
    ok(desk, "backup", str(copy))
    drawn = json.loads(ok(copy, "cup", "draw", "--force", "--yes", "--json"))
    ours = json.loads(ok(desk, "cup", "draw", "--force", "--yes", "--json"))
    assert [t["players"] for t in drawn["tables"]] == [t["players"] for t in ours["tables"]]
    table = drawn["tables"][0]
    ok(copy, "hand", "add", "--evening", str(table["evening"]), "dreier", table["players"][1], "40")
    assert merged(ok(desk, "merge", str(copy))) == f"merged from {copy}: 1 hand\n"
    assert json.loads(ok(desk, "cup", "status", "--json"))["tables"][2]["hands"] == 1
    assert ok(desk, "merge", str(copy)) == f"nothing new in {copy}\n"
    assert ok(copy, "merge", str(desk)) == f"nothing new in {desk}\n"
    checked(desk)
    evening = str(ours["tables"][0]["evening"])
    ok(desk, "hand", "add", "--evening", evening, "dreier", table["players"][2], "40")
    ok(copy, "hand", "add", "--evening", str(table["evening"]), "dreier", table["players"][3], "40")
    line = refused(desk, "merge", str(copy))
    assert line.startswith(f"conflict in evening {evening} (table 1, round 2): hand 2 is "), line
    assert "cup_tables" not in line and f"schreiber --db {desk} hand edit 2 --evening {evening} --record" in line
    settle(line, desk, copy, "copy")
    assert ok(desk, "merge", str(copy)) == f"nothing new in {copy}\n"
    checked(desk)


def test_what_came_in_is_said_in_lines_of_80_columns(desk_and_copy, lang, monkeypatch):
    """A summary that would pass 80 columns names the file on its first line and what came in
    below it, broken between its parts, in either language; a short one stays one line."""
    desk, copy = desk_and_copy
    monkeypatch.chdir(copy.parent)
    wanted = {
        "en": [
            f"merged from {copy}:",
            "  4 players, 1 evening, 2 hands, 1 other entry, 1 evening closed or settled",
        ],
        "de": [
            f"übernommen aus {copy}:",
            "  4 Spieler, 1 Abend, 2 Spiele, 1 anderer Eintrag,",
            "  1 Abend abgeschlossen oder abgerechnet",
        ],
    }
    assert ok(desk, "merge", str(copy)).splitlines() == wanted[lang]
    ok(copy, "hand", "add", "dreier", "fritz", "40")
    assert ok(desk, "merge", "table.db").splitlines() == [
        {"en": "merged from table.db: 1 hand", "de": "übernommen aus table.db: 1 Spiel"}[lang]
    ]
