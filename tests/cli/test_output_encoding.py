"""Output never fails after a commit: on a terminal whose encoding cannot
show a player's name (ASCII, Latin-1), every screen (text, tables, --json,
CSV, the table session, the error line) shows it escaped as JSON writes it
(``\\u738b``), a --json document stays valid JSON, what the encoding can
show is shown (umlauts on Latin-1), and the exit status says what was
written: a hand is entered once. Where the output itself cannot be written
after a commit (a full disk), the change stands, the exit status is 0 and
one line says so. Real processes for the commands under test: the encoding
of the real streams is the point (what the ledger holds before and after is
read in the test's own process)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.helpers import SCHREIBER, run_at

SEATING = ("Zoë", "Anna", "王芳", "Dora😀")  # Zoë deals, Anna is the Vorhand of hand 1, 王芳 of hand 2
WANG = "\\u738b\\u82b3"  # 王芳 as the terminal shows it where it cannot show the name
DREIER = {"contract": "dreier", "declarer": "王芳", "points": 41}


def run(db: Path, *args: str, encoding: str = "utf-8", stdin: bytes | None = None, stdout=subprocess.PIPE, **env):
    """`schreiber ARGS` as a fresh process whose standard streams have this
    encoding (and this environment besides); bytes out."""
    env = dict(os.environ, SCHREIBER_DB=str(db), PYTHONIOENCODING=encoding, **env)
    return subprocess.run([*SCHREIBER, *args], env=env, input=stdin, stdout=stdout, stderr=subprocess.PIPE, timeout=60)


def ok(r: subprocess.CompletedProcess, encoding: str) -> str:
    assert r.returncode == 0, (r.returncode, r.stdout, r.stderr)
    assert b"Traceback" not in r.stderr
    return r.stdout.decode(encoding)  # the bytes are this encoding's, nothing else


def here(db: Path, *args: str) -> str:
    """`schreiber ARGS` where the terminal shows every name (UTF-8): in this
    process, as the ledger's state before and after the command under test."""
    return run_at(db, *args).stdout


def hands(db: Path) -> list[dict]:
    return [h for h in json.loads(here(db, "sheet", "--json"))["hands"] if not h["void"]]


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_name_the_terminal_cannot_show_is_escaped_and_the_hand_entered_once(tmp_path, encoding):
    db = tmp_path / "e.db"
    shown = ok(run(db, "evening", "start", *SEATING, encoding=encoding), encoding)
    assert WANG in shown
    shown = ok(run(db, "hand", "add", "--json", json.dumps(DREIER), encoding=encoding), encoding)
    assert shown.startswith("Hand 1: ") and WANG in shown and "\\ud83d\\ude00" in shown
    ok(run(db, "hand", "add", "dreier", "anna", "41", encoding=encoding), encoding)
    assert [h["declarer"] for h in hands(db)] == ["王芳", "Anna"]  # each once

    balance = ok(run(db, "balance", encoding=encoding), encoding)
    assert len(balance.splitlines()) == 1 + len(SEATING) and WANG in balance  # the whole list
    want = json.loads(here(db, "balance", "--json"))
    assert json.loads(ok(run(db, "balance", "--json", encoding=encoding), encoding)) == want  # valid JSON, same names
    sheet = json.loads(ok(run(db, "sheet", "--json", encoding=encoding), encoding))
    assert sheet == json.loads(here(db, "sheet", "--json"))
    exported = ok(run(db, "export", "--format", "jsonl", encoding=encoding), encoding)
    rows = [json.loads(line) for line in exported.splitlines()]
    assert [r["declarer"] for r in rows if r["kind"] == "hand"] == ["王芳", "Anna"]
    for args in (["sheet"], ["sheet", "--csv"], ["export"], ["stats"], ["settle"], ["evening", "list"], ["chart"]):
        assert WANG in ok(run(db, *args, encoding=encoding), encoding), args


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_the_table_session_and_the_error_line(tmp_path, encoding):
    db = tmp_path / "e.db"
    here(db, "evening", "start", *SEATING)
    session = ok(run(db, "tisch", stdin=b"dreier anna 41\nstand\nende\n", encoding=encoding), encoding)
    assert WANG in session and "Until next time." in session
    assert len(hands(db)) == 1
    # hand 2: 王芳 is the Vorhand, so Anna's Rufer is refused, naming 王芳
    r = run(db, "hand", "add", "rufer", "anna", "dora", "+", encoding=encoding)
    assert r.returncode == 1 and len(hands(db)) == 1
    line = r.stderr.decode(encoding)
    assert line.count("\n") == 1 and line.startswith("schreiber: error: ") and WANG in line, line


@pytest.mark.lang("de")
def test_a_german_screen_on_a_latin1_terminal_keeps_its_umlauts(tmp_path):
    db = tmp_path / "e.db"
    here(db, "evening", "start", *SEATING)
    here(db, "hand", "add", "dreier", "anna", "41")
    settle = ok(run(db, "settle", encoding="latin-1"), "latin-1")
    assert "größtem" in settle and "Zoë" in settle and WANG in settle
    assert "Als Nächstes" in ok(run(db, "sheet", encoding="latin-1"), "latin-1")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("unbuffered", ["", "1"])  # a shell's usual environment, and PYTHONUNBUFFERED=1
def test_output_that_cannot_be_written_after_a_commit_says_the_change_stands(tmp_path, unbuffered):
    db = tmp_path / "e.db"
    with open("/dev/full", "wb") as full:
        r = run(db, "evening", "start", *SEATING, stdout=full, PYTHONUNBUFFERED=unbuffered)
        assert r.returncode == 0, r.stderr
        assert r.stderr.decode().splitlines() == [
            "schreiber: the change was written; its output could not be (No space left on device)"
        ]
        r = run(db, "hand", "add", "dreier", "anna", "41", stdout=full, PYTHONUNBUFFERED=unbuffered)
        assert r.returncode == 0 and b"the change was written" in r.stderr
        for args in (["balance"], ["sheet", "--json"]):  # nothing written: one error line, exit 1
            r = run(db, *args, stdout=full, PYTHONUNBUFFERED=unbuffered)
            assert r.returncode == 1, (args, r.returncode, r.stderr)
            assert r.stderr.decode().splitlines() == ["schreiber: error: No space left on device"], args
    assert len(hands(db)) == 1


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_a_file_written_whole_stands_though_the_output_after_it_cannot_be_written(tmp_path):
    """`backup FILE`, `rules new --out`, `settle --out` with standard output
    on a full disk: the file is written whole, so the command has done what
    it was for: exit 0 and one line on stderr (before: exit 1, "No space
    left on device", and a retry met "exists")."""
    db = tmp_path / "e.db"
    here(db, "evening", "start", *SEATING)
    here(db, "hand", "add", "dreier", "anna", "41")
    backup, rules, summary = tmp_path / "copy.db", tmp_path / "club.toml", tmp_path / "abend.txt"
    with open("/dev/full", "wb") as full:
        for args, target in ((["backup", str(backup)], backup), (["rules", "new", "club", "--out", str(rules)], rules),
                             (["settle", "--out", str(summary)], summary)):  # fmt: skip
            r = run(db, *args, stdout=full)
            assert r.returncode == 0, (args, r.stderr)
            assert r.stderr.decode().splitlines() == [
                f"schreiber: {target} was written; its output could not be (No space left on device)"
            ]
            assert target.stat().st_size > 0
        r = run(db, "settle", "--close", "--out", str(summary), stdout=full)  # the file, and the evening closed
        assert r.returncode == 0 and r.stderr.decode().splitlines() == [
            f"schreiber: the change and {summary} were written; their output could not be (No space left on device)"
        ]
    assert [e["status"] for e in json.loads(here(db, "evening", "list", "--json"))] == ["settled"]
    assert "club" in rules.read_text() and backup.read_bytes()[:16] == b"SQLite format 3\x00"
