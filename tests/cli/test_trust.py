"""What the ledger promises, tested as a user meets it (docs/backup.md,
"What the ledger promises"): a file that is not ours is refused and left
byte for byte as it was, with nothing beside it; an empty path is an error;
a damaged ledger is never written to and `schreiber check` says so; every
number from outside is bounded with a message that gives the range; names
are kept in one form and never carry control characters; Ctrl-C is one line
and exit status 130; a read-only ledger can be read; a full disk is one
line; no command leaves a file behind when it fails.

Each test here failed before these promises were kept. Run through the
console script's entry point (``run_cli``), or as real processes where the
process is the point (a full disk, Ctrl-C at start-up), unless said otherwise.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import resource
import signal
import sqlite3
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import SCHREIBER, dump
from tests.ledger_checks import PLAYERS, check_ledger, dreier, row_counts, run_cli, run_schreiber

APPLICATION_ID = 0x53434852
HUGE = str(2**64 + 1)
HYPO = settings(derandomize=True, database=None, suppress_health_check=list(HealthCheck))


def one_error_line(r: subprocess.CompletedProcess, *words: str) -> str:
    assert r.returncode == 1, (r.returncode, r.stdout, r.stderr)
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("schreiber: error: "), r.stderr
    assert "Traceback" not in r.stderr and "unexpected" not in r.stderr, r.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]


def beside(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


_MADE: dict[int, bytes] = {}


def ledger_with_hands(db: Path, n: int = 3) -> None:
    """An evening of the four PLAYERS with ``n`` Dreier hands (made once per
    ``n`` through the command line, then copied)."""
    if n not in _MADE:
        made = db.with_name(f"made-{n}.db")
        assert run_cli("evening", "start", *PLAYERS, db=made).returncode == 0
        if n:
            src = db.with_name("made.jsonl")
            src.write_text("".join(json.dumps(dreier(PLAYERS[i % 4], 30 + i)) + "\n" for i in range(n)))
            assert run_cli("hand", "import", str(src), "-q", db=made).returncode == 0
            src.unlink()
        _MADE[n] = made.read_bytes()
        made.unlink()
    db.write_bytes(_MADE[n])


# 1. Another program's file ----------------------------------------------------------


def sqlite_utils_app(path: Path, wal: bool = False) -> None:
    """Another program's database, with its own sqlite-utils migrations."""
    import sqlite_utils
    from sqlite_utils import Migrations

    blog = Migrations("blog")

    @blog()
    def m001_posts(db):
        db["posts"].insert({"id": 1, "title": "Hallo"}, pk="id")

    db = sqlite_utils.Database(path)
    if wal:
        db.enable_wal()
    blog.apply(db)
    db.close()


WRITES_AND_READS = [
    ["balance", "--json"],
    ["evening", "list"],
    ["evening", "start", *PLAYERS],
    ["hand", "add", "--json", json.dumps(dreier("Anna", 40))],
    ["check"],
]


@pytest.mark.parametrize("wal", [False, True], ids=["rollback-journal", "wal"])
def test_another_sqlite_utils_database_is_refused_untouched(tmp_path, wal):
    other = tmp_path / "other.db"
    sqlite_utils_app(other, wal)
    before = other.read_bytes()
    for args in WRITES_AND_READS + [["backup", str(tmp_path / "copy.db")]]:
        one_error_line(run_cli(*args, db=other), "not a schreiber ledger", "untouched")
        assert other.read_bytes() == before, args
        assert beside(tmp_path) == ["other.db"], args  # no .bak, no -wal, no copy


def test_foreign_application_id_and_text_file_refused(tmp_path):
    other = tmp_path / "app.db"
    con = sqlite3.connect(other)
    con.execute("pragma application_id = 1234")
    for t in ("players", "evenings", "entries", "results", "payments"):  # even with tables named like ours
        con.execute(f"create table {t} (id integer)")
    con.commit()
    con.close()
    text = tmp_path / "notes.txt"
    text.write_text("Einkaufsliste: Milch, Brot\n")
    for f in (other, text):
        before = f.read_bytes()
        for args in WRITES_AND_READS:
            one_error_line(run_cli(*args, db=f), "not a schreiber ledger")
        assert f.read_bytes() == before
    assert beside(tmp_path) == ["app.db", "notes.txt"]


def test_newer_schreibers_ledger_refused(tmp_path):
    db = tmp_path / "ledger.db"
    ledger_with_hands(db, 1)
    con = sqlite3.connect(db)
    con.execute(
        "insert into _sqlite_migrations (migration_set, name, applied_at) values ('schreiber', 'm099_future', 'x')"
    )
    con.commit()
    con.close()
    before = dump(db)
    for args in WRITES_AND_READS:
        one_error_line(run_cli(*args, db=db), "newer schreiber", "m099_future")
    assert dump(db) == before
    con = sqlite3.connect(db)
    con.execute("delete from _sqlite_migrations where name = 'm099_future'")
    con.execute("pragma user_version = 7")
    con.commit()
    con.close()
    one_error_line(run_cli("balance", db=db), "newer schreiber", "format 7")


def test_our_ledger_is_marked_and_an_older_one_recognized(tmp_path):
    db = tmp_path / "ledger.db"
    ledger_with_hands(db, 1)
    con = sqlite3.connect(db)
    assert con.execute("pragma application_id").fetchone()[0] == APPLICATION_ID
    assert con.execute("pragma user_version").fetchone()[0] == 1
    # a ledger from before the marks: known by its tables and the names of its migrations
    con.execute("pragma application_id = 0")
    con.execute("pragma user_version = 0")
    con.commit()
    con.close()
    r = run_cli("balance", "--json", db=db)
    assert r.returncode == 0, r.stderr
    con = sqlite3.connect(db)
    assert con.execute("pragma application_id").fetchone()[0] == APPLICATION_ID  # marked at its next open
    con.close()


# 2. Empty paths, missing folders ------------------------------------------------------


def test_empty_db_env_or_home_is_an_error(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("SCHREIBER_DB", "XDG_CONFIG_HOME")}
    cases = [
        (["--db", "", "evening", "start", *PLAYERS], dict(env, HOME=str(tmp_path)), "--db is empty"),
        (["evening", "start", *PLAYERS], dict(env, SCHREIBER_DB="", HOME=str(tmp_path)), "SCHREIBER_DB"),
        (["evening", "start", *PLAYERS], dict(env, HOME=""), "HOME"),
        (["hand", "add", "dreier", "anna", "40"], dict(env, SCHREIBER_DB=" "), "SCHREIBER_DB"),  # the fast path
    ]
    for args, e, word in cases:
        r = run_schreiber(args, env=e, cwd=tmp_path)
        one_error_line(r, word)
    assert beside(tmp_path) == []
    assert not Path("/.config/schreiber").exists()  # where an empty HOME used to put the ledger


def test_default_ledger_folder_made_on_first_use(tmp_path):
    """The README's quick start: no --db, the app directory is made at the first write."""
    env = {k: v for k, v in os.environ.items() if k not in ("SCHREIBER_DB", "XDG_CONFIG_HOME")}
    env["HOME"] = str(tmp_path)
    env["XDG_CONFIG_HOME"] = ""  # empty counts as unset
    r = run_schreiber(["balance"], env=env)
    assert beside(tmp_path) == []  # reading makes nothing
    r = run_schreiber(["evening", "start", *PLAYERS], env=env)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / ".config" / "schreiber" / "ledger.db").exists()


def test_db_in_a_missing_folder_is_refused(tmp_path):
    db = tmp_path / "no" / "such" / "ledger.db"
    one_error_line(run_cli("evening", "start", *PLAYERS, db=db), "does not exist")
    assert beside(tmp_path) == []


# 8. No files left behind ---------------------------------------------------------------


def test_failed_commands_leave_no_file(tmp_path):
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    missing = tmp_path / "missing.db"
    for db in (empty, missing):
        one_error_line(run_cli("hand", "add", "--json", json.dumps(dreier("Anna", 40)), db=db), "no evening")
        one_error_line(run_cli("undo", db=db), "no evening")
        one_error_line(run_cli("balance", db=db), "no evening")
    assert beside(tmp_path) == ["empty.db"]
    assert empty.read_bytes() == b""  # no schema left in it


def test_a_command_that_succeeds_creates_the_missing_ledger(tmp_path):
    """interface.md: "A missing file is created with the current schema"; a
    failed command leaves none (above), a successful one leaves a marked ledger."""
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    missing = tmp_path / "missing.db"
    for db in (empty, missing):
        assert run_cli("evening", "list", db=db).returncode == 0
        con = sqlite3.connect(db)
        tables = {r[0] for r in con.execute("select name from sqlite_master where type = 'table'")}
        assert {"players", "evenings", "entries", "results", "payments"} <= tables
        assert con.execute("pragma application_id").fetchone()[0] == APPLICATION_ID
        con.close()
    assert beside(tmp_path) == ["empty.db", "missing.db"]  # no -wal, -shm or backup beside them


# 3. A damaged ledger ---------------------------------------------------------------------


def damage(db: Path, table: str = "payments") -> None:
    """Flip bytes in the root page of ``table`` so that integrity_check fails."""
    con = sqlite3.connect(db)
    con.execute("pragma wal_checkpoint(truncate)")
    size = con.execute("pragma page_size").fetchone()[0]
    root = con.execute("select rootpage from sqlite_master where name = ?", [table]).fetchone()[0]
    con.close()
    data = bytearray(db.read_bytes())
    for i in range(8, 200):
        data[(root - 1) * size + i] ^= 0x5A
    db.write_bytes(bytes(data))
    con = sqlite3.connect(db)
    try:  # a damaged root page of a table without rowid fails the check itself
        assert con.execute("pragma integrity_check").fetchone()[0] != "ok"
    except sqlite3.DatabaseError:
        pass
    con.close()


def test_damaged_ledger_is_not_written_and_check_says_so(tmp_path):
    db = tmp_path / "ledger.db"
    ledger_with_hands(db, 40)
    r = run_cli("check", db=db)
    assert r.returncode == 0, r.stderr
    assert "integrity (SQLite integrity_check, foreign keys): ok" in r.stdout
    assert "40 hands in 1 evening," in r.stdout and r.stdout.rstrip().endswith("ok")
    damage(db)
    before = db.read_bytes()
    src = tmp_path / "hands.jsonl"
    src.write_text(json.dumps(dreier("Anna", 40)) + "\n")
    for args in (["evening", "start", *PLAYERS], ["hand", "import", str(src)], ["player", "rename", "Anna", "Anni"]):
        line = one_error_line(run_cli(*args, db=db), "is damaged", "nothing was written", "schreiber check")
        assert "backup" in line
        assert db.read_bytes() == before, args
    r = run_cli("check", db=db)
    assert "DAMAGED" in r.stdout
    one_error_line(r, "fails its check", "docs/backup.md")
    assert db.read_bytes() == before


def test_check_checks_the_whole_schema_the_commands_rely_on(tmp_path):
    """A ledger that lacks one of its views passed `check`, while `cup
    standings` then called it damaged: check compares every table, view,
    index and trigger with this version's, and refuses a trigger of another
    program's (it would change what a write does); a view of the organizer's
    own beside them is no problem."""
    db = tmp_path / "ledger.db"
    ledger_with_hands(db, 4)
    with contextlib.closing(sqlite3.connect(db)) as con:
        con.execute("create view meine_abende as select id, date from evenings")  # the organizer's own
        con.commit()
    r = run_cli("check", db=db)
    assert r.returncode == 0 and "  the schema (every table, view, index and trigger of this version): ok\n" in r.stdout
    for change, said in (
        ("drop view v_cup_standings", "view v_cup_standings is missing"),
        ("drop view v_hands; create view v_hands as select 1 as entry_id", "view v_hands is not as this version makes it"),
        ("create trigger nachher after insert on payments begin delete from payments; end",
         "trigger nachher is not schreiber's"),
    ):  # fmt: skip
        copy = tmp_path / "copy.db"
        copy.write_bytes(db.read_bytes())
        with contextlib.closing(sqlite3.connect(copy)) as con:
            con.executescript(change)
        r = run_cli("check", db=copy)
        assert "the schema (every table, view, index and trigger of this version): 1 problem\n    " + said in r.stdout
        one_error_line(r, "fails its check (1 problem(s))")


def test_check_shows_its_progress_on_a_terminal_only(tmp_path):
    """A check of a large ledger takes a while: on a terminal stderr says how
    far it is (one line, overwritten, cleared before the result); on a pipe
    nothing (the pipe is the run_cli case above)."""
    import pty

    db = tmp_path / "ledger.db"
    ledger_with_hands(db, 3)
    leader, follower = pty.openpty()
    try:
        r = subprocess.run(SCHREIBER + ["--db", str(db), "check"], stdout=subprocess.PIPE, stderr=follower,
                           text=True, timeout=60)  # fmt: skip
        os.close(follower)
        said = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal's other end is closed: all read
                break
            if not chunk:
                break
            said += chunk
    finally:
        os.close(leader)
    assert r.returncode == 0, said
    assert b"checking: evening 1 of 1 re-scored" in said and said.endswith(b"\r\x1b[K")
    assert "checking" not in r.stdout
    assert run_cli("check", db=db).stderr == ""


def test_check_finds_payments_that_do_not_match(tmp_path):
    db = tmp_path / "ledger.db"
    ledger_with_hands(db, 3)
    con = sqlite3.connect(db)
    con.execute(
        "update payments set points_x2520 = points_x2520 + 2520 "
        "where (entry_id, player_id) = (select entry_id, player_id from payments order by entry_id, player_id limit 1)"
    )
    con.commit()
    con.close()
    r = run_cli("check", db=db)
    one_error_line(r, "fails its check")
    assert "the stored payments differ" in r.stdout or "do not sum to zero" in r.stdout


# 4 and 6. Numbers from outside ------------------------------------------------------------


def deep_rules(tmp_path: Path) -> str:
    f = tmp_path / "deep.toml"
    f.write_text("a = " + "[" * 3000 + "]" * 3000 + "\n")
    return str(f)


BOUNDS = [
    (["evening", "start", *PLAYERS, "--rule", "pagatkassa=" + "9" * 30], ["pagatkassa", "0 to 1000"]),
    (["evening", "start", *PLAYERS, "--rule", "contract.piccolo.value=1000000000000000"], ["value", "0 to 1000"]),
    (["evening", "start", *PLAYERS, "--rule", "premium.pagat.announced=" + HUGE], ["announced", "0 to 1000"]),
    (["evening", "start", *PLAYERS, "--rule", "tarif_cents=" + HUGE], ["tarif_cents", "0 to 100000"]),
    (["evening", "start", *PLAYERS, "--tarif", "inf"], ["tarif", "0 to 1000.00"]),
    (["evening", "tarif", "1e308"], ["tarif", "0 to 1000.00"]),
    (["evening", "tarif", "inf"], ["tarif", "0 to 1000.00"]),
    (["evening", "tarif", "--", "-0.10"], ["tarif", "0 to 1000.00"]),
    (["evening", "tarif", "9" * 40], ["tarif", "0 to 1000.00"]),
    (["hand", "void", HUGE], ["no hand", "hands 1..3"]),
    (["hand", "edit", HUGE, "dreier", "anna", "40"], ["no hand", "hands 1..3"]),
    (["evening", "reopen", HUGE], ["no evening", "the ledger holds evenings 1"]),
    (["sheet", "--evening", HUGE], ["no evening", "the ledger holds evenings 1"]),
    (["rules", "new", "x" * 300], ["1 to 60"]),
    (["rules", "new", "kreis", "--out", "/proc/no/kreis.toml"], ["cannot write"]),
    (["--db", "x" * 300, "balance"], ["255"]),
    (["--db", "~nosuchuser/ledger.db", "balance"], ["no such user"]),
]


@pytest.mark.parametrize("args,words", BOUNDS, ids=[" ".join(a)[:40] for a, _ in BOUNDS])
def test_numbers_and_paths_from_outside_are_bounded(tmp_path, args, words):
    db = tmp_path / "ledger.db"
    ledger_with_hands(db)
    before = dump(db)
    one_error_line(run_cli(*args, db=db), *words)
    assert dump(db) == before
    assert beside(tmp_path) == ["ledger.db"]


def test_deeply_nested_rules_file(tmp_path):
    db = tmp_path / "ledger.db"
    ledger_with_hands(db)
    before = dump(db)
    one_error_line(run_cli("evening", "start", *PLAYERS, "--rules", deep_rules(tmp_path), db=db), "more than 32 deep")
    assert dump(db) == before


# 5. Names --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad,what",
    [("Anna\x1b[2J", "control"), ("An\nna", "control"), ("An\u200bna", "invisible"), ("\u202eAnna", "invisible")],
)
def test_names_with_control_characters_refused(tmp_path, bad, what):
    db = tmp_path / "ledger.db"
    ledger_with_hands(db, 1)
    before = dump(db)
    for args in (
        ["evening", "start", bad, "Berti", "Carl", "Dora"],
        ["player", "rename", "Anna", bad],
        ["cup", "start", "Cup", bad, *"BCDEFGH"],
        ["cup", "start", "Cup" + bad, *"ABCDEFGH"],
    ):
        r = run_cli(*args, db=db)
        line = one_error_line(r, what)
        assert "\x1b" not in r.stderr and "\u200b" not in r.stderr and "\u202e" not in r.stderr  # shown escaped
        assert "\n" not in line
    assert dump(db) == before


def test_names_are_one_form_everywhere(tmp_path):
    """NFC: "Ju\u0308rgen" (u + combining diaeresis) is "Jürgen", however it enters."""
    db = tmp_path / "ledger.db"
    decomposed = "Ju\u0308rgen"
    r = run_cli("evening", "start", " " + decomposed + " ", "Berti", "Carl", "Dora", db=db)
    assert r.returncode == 0, r.stderr
    assert json.loads(run_cli("evening", "list", "--json", db=db).stdout)[0]["players"][0] == "Jürgen"
    assert run_cli("hand", "add", "dreier", "jürgen", "40", db=db).returncode == 0  # notation
    rec = {"contract": "dreier", "declarer": decomposed, "points": 40}
    assert run_cli("hand", "add", "--json", json.dumps(rec, ensure_ascii=False), db=db).returncode == 0
    src = tmp_path / "hands.jsonl"
    src.write_text(json.dumps({"kind": "strafpunkt", "player": decomposed}, ensure_ascii=False) + "\n")
    r = run_cli("hand", "import", str(src), db=db)
    assert r.returncode == 0, r.stderr
    con = sqlite3.connect(db)
    assert [n for (n,) in con.execute("select name from players order by id")] == ["Jürgen", "Berti", "Carl", "Dora"]
    con.close()
    assert json.loads(run_cli("balance", "--json", db=db).stdout)["Jürgen"] > 0
    one_error_line(run_cli("player", "rename", "Berti", "Jürgen", db=db), "already a player")
    assert run_cli("player", "rename", decomposed, "Jürgen Maier", db=db).returncode == 0


CONTROL = st.sampled_from(["\x00", "\x07", "\x1b", "\n", "\r", "\x7f", "\x9b", "\u200b", "\u200d", "\ufeff", "\u2028"])


@HYPO
@given(head=st.text(max_size=6), bad=CONTROL, tail=st.text(max_size=6))
def test_names_fuzzed_with_control_characters(head, bad, tail):
    """In-process: the name checker refuses every control or format character,
    and its message carries none of them."""
    from schreiber.domain.names import check_name
    from schreiber.errors import SchreiberError

    name = head + bad + tail
    try:
        kept = check_name(name)
    except SchreiberError as exc:
        assert not any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in str(exc))
        return
    assert bad not in kept and kept == kept.strip()  # only where the control character was trimmed away


# 8. Import: a byte-order mark, progress only on a terminal --------------------------------------


def test_import_with_bom_and_no_progress_off_a_terminal(tmp_path):
    db = tmp_path / "ledger.db"
    ledger_with_hands(db, 0)
    src = tmp_path / "hands.jsonl"
    src.write_bytes(b"\xef\xbb\xbf" + "".join(json.dumps(dreier("Anna", 40)) + "\n" for _ in range(1200)).encode())
    r = run_cli("hand", "import", str(src), db=db)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""  # stderr is a pipe here: no progress lines
    assert check_ledger(db)["hands"] == 1200
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(dreier("Anna", 40)) + "\n" for _ in range(1200)) + "{nope}\n")
    before = dump(db)
    one_error_line(run_cli("hand", "import", str(bad), db=db), "line 1201")
    assert dump(db) == before


# 8. Read-only ledgers ---------------------------------------------------------------------------


def test_read_only_ledger_is_read_not_written(tmp_path, monkeypatch):
    """In-process, with os.access saying the file cannot be written (root
    may write anything; tests/cli/test_hostile.py runs the same as another
    user on a real read-only folder). It proves the read-only path: SQLite
    opened with mode=ro, reads and backup work, every write is refused."""
    from schreiber.ledger import connection
    from schreiber.ledger.errors import LedgerUnavailable
    from schreiber.ledger.store import Ledger
    from schreiber.service import Service

    db = tmp_path / "ledger.db"
    ledger_with_hands(db, 2)
    before = dump(db)
    real = os.access
    monkeypatch.setattr(connection.os, "access", lambda p, m: False if m == os.W_OK else real(p, m))
    led = Ledger(db)
    assert led.mode == "ro"
    assert sum(led.balance(1).values()) == 0
    assert led.backup(tmp_path / "copy.db").exists()
    with pytest.raises(LedgerUnavailable, match="read-only"):
        Service(led).add_hand(dreier("Anna", 40))
    led.close()
    assert dump(db) == before


# 6. A full disk -----------------------------------------------------------------------------------


def small_disk(limit: int):
    def setup():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return setup


def test_full_disk_is_one_line_and_nothing_written(tmp_path):
    db = tmp_path / "ledger.db"
    ledger_with_hands(db, 2)
    before = dump(db)
    src = tmp_path / "hands.jsonl"
    src.write_text("".join(json.dumps(dreier(PLAYERS[i % 4], i % 70)) + "\n" for i in range(2000)))
    limit = db.stat().st_size + 64 * 1024
    env = dict(os.environ, SCHREIBER_DB=str(db))
    for args in (["hand", "import", str(src)], ["backup", str(tmp_path / "copy.db")]):
        r = subprocess.run(SCHREIBER + args, env=env, capture_output=True, text=True, preexec_fn=small_disk(limit))
        if args[0] == "backup" and r.returncode == 0:
            continue  # the copy fitted
        one_error_line(r, "disk")
    assert dump(db) == before
    assert check_ledger(db)["hands"] == 2
    assert not [p for p in beside(tmp_path) if p.endswith(".tmp")]


# 7. Ctrl-C (in the middle of a write: tests/ledger/test_crash.py) ------------------------------------


STOPPED_AT_IMPORT = r"""
import importlib, os, signal, sys
module, stop_at = sys.argv.pop(1).split(":"), sys.argv.pop(1)
files = tuple(stop_at.replace(".", os.sep) + end for end in (os.sep + "__init__.py", ".py"))
def stop(event, args):  # a module's code is run the first time it is imported
    if event == "exec" and getattr(args[0], "co_filename", "").endswith(files):
        os.kill(os.getpid(), signal.SIGSTOP)
sys.addaudithook(stop)
sys.argv[0] = "schreiber"
sys.exit(getattr(importlib.import_module(module[0]), module[1])())
"""


def interrupted_while_importing(module: str, args: list[str], db: Path) -> subprocess.CompletedProcess:
    """The console script's entry point, as a process of its own stopped
    when it starts to import ``module``; there it gets the real SIGINT, as
    from a terminal."""
    from importlib.metadata import entry_points

    (script,) = entry_points(group="console_scripts", name="schreiber")
    p = subprocess.Popen(
        [sys.executable, "-c", STOPPED_AT_IMPORT, script.value, module, *args],
        env=dict(os.environ, SCHREIBER_DB=str(db)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as from a terminal, even in a background job
    )
    _, status = os.waitpid(p.pid, os.WUNTRACED)
    assert os.WIFSTOPPED(status), f"{module} was not imported"
    p.send_signal(signal.SIGINT)  # pending until it runs again
    p.send_signal(signal.SIGCONT)
    out, err = p.communicate(timeout=60)
    return subprocess.CompletedProcess(args, p.returncode, out.decode(), err.decode())


@pytest.mark.parametrize("module", ["schreiber.cli", "json", "sqlite3", "sqlite_utils"])
@pytest.mark.parametrize(
    "args", [["balance"], ["hand", "add", "dreier", "anna", "40", "-q"], ["evening", "list"]], ids=" ".join
)
def test_ctrl_c_at_start_up(tmp_path, module, args):
    """SIGINT while the program starts (its imports, from its own to those
    that open the ledger): one line, exit status 130, nothing written."""
    db = tmp_path / "ledger.db"
    ledger_with_hands(db, 1)
    before = dump(db)
    r = interrupted_while_importing(module, args, db)
    assert (r.returncode, r.stderr) == (130, "schreiber: interrupted; nothing was written\n")
    assert dump(db) == before


# Rule overrides fuzzed through storage --------------------------------------------------------------

KEYS = st.sampled_from(
    ["pagatkassa", "pagatkassa_cap", "pagatkassa_start", "strafpunkt", "valat_silent", "valat_announced",
     "first_hands_double", "renonce_trischaken", "tarif_cents", "radl_length", "kontra_max", "holz",
     "contract.dreier.value", "contract.piccolo.value", "contract.rufer.lost_value", "premium.pagat.announced",
     "premium.trull.silent", "contract.solo.premium_factor"]
)  # fmt: skip
VALUES = st.one_of(
    st.integers(-5, 1200).map(str),
    st.sampled_from(["0", "1000", "1001", HUGE, "9" * 40, "1e9", "inf", "true", "mord", "players", "-1"]),
)


@pytest.fixture(scope="module")
def fuzz_db(tmp_path_factory):
    return tmp_path_factory.mktemp("trust") / "ledger.db"


@HYPO
@given(overrides=st.lists(st.builds(lambda k, v: f"{k}={v}", KEYS, VALUES), max_size=3), seed=st.integers(0, 99))
def test_rule_overrides_through_storage(fuzz_db, overrides, seed):
    """In-process: any --rule accepted is stored with an evening, its hands
    are scored and written, and balance, statistics and the check still work."""
    from schreiber.domain.evening import Entry
    from schreiber.domain.rules import RulesError, load_rules
    from schreiber.domain.sample import random_hands
    from schreiber.ledger.store import Ledger
    from schreiber.ledger.stored import DateRange
    from schreiber.reports.stats import compute
    from schreiber.service import Service

    try:
        rules = load_rules("standard", overrides)
    except RulesError as exc:
        assert "out of range" in str(exc) or "valid" in str(exc) or "not" in str(exc)
        return
    svc = Service(Ledger(fuzz_db))
    ev = svc.start_evening(PLAYERS, rules, "2026-11-21")
    evening = svc.ledger.evening(ev.evening_id)
    hands = [Entry.hand(r) for r in random_hands(random.Random(seed), PLAYERS, 6)]
    try:
        svc.import_entries(hands, evening)
    except Exception as exc:  # a sample hand this variant of the rules refuses: nothing written
        assert type(exc).__name__ == "SchreiberError", exc
    bal = svc.ledger.balance(ev.evening_id)
    assert all(abs(v) < 10**9 for v in bal.values())
    compute(svc.ledger.statistics(DateRange()))
    hands_checked, problems = svc.check_consistency()
    assert problems == []
    svc.ledger.close()


def test_fuzzed_ledger_is_whole(fuzz_db):
    if fuzz_db.exists():
        check_ledger(fuzz_db, zero_sum=False)
        assert row_counts(fuzz_db)["evenings"] >= 1


def test_typed_paths_are_echoed_without_control_characters(tmp_path):
    db = tmp_path / "ledger.db"
    ledger_with_hands(db, 1)
    r = run_cli("backup", str(tmp_path / "b\x1b[2J.db"), db=db)
    assert r.returncode == 0, r.stderr
    assert "\x1b" not in r.stdout and "\\x1b" in r.stdout
