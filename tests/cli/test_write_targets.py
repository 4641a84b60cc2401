"""No command writes a file over a ledger (docs/backup.md, "What the ledger
promises"): every command that writes a file (``export --out``, ``rules new
--out``, ``settle --out``, ``backup``, ``cup table --out``, ``cup publish``'s folder) refuses the
ledger in use however it is named (the same path, a relative one, a
symbolic link, a hard link, ``..``), SQLite's files beside it, any other
schreiber ledger and its files, and a symbolic link that points nowhere,
whatever the flags: one line, exit status 1, nothing written. Real
processes, run in the ledger's folder."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from tests.helpers import dump
from tests.ledger_checks import run_schreiber

WRITERS = {  # each command with T where the file it writes goes
    "export": ["export", "--out", "T"],
    "export jsonl": ["export", "--format", "jsonl", "--what", "payments", "--out", "T"],
    "rules new": ["rules", "new", "stammtisch", "--out", "T", "--force"],
    "settle": ["settle", "--evening", "1", "--close", "--out", "T"],
    "backup": ["backup", "T", "--force"],
    "cup table": ["cup", "table", "1", "--out", "T", "--force"],
    "cup publish": ["cup", "publish", "T"],  # T: the folder of the pages
}
THE_LEDGER = {  # the ledger led.db (in the working folder) by another name
    "same path": "led.db",
    "relative": "./led.db",
    "absolute": "{folder}/led.db",
    "dotdot": "sub/../led.db",
    "symlink": "link.db",
    "symlinked folder": "subdir-link/../led.db",
    "hard link": "hard.db",
    "wal": "led.db-wal",
    "journal": "led.db-journal",
    "shm": "./led.db-shm",
}
OTHERS = {  # not the ledger in use, never to be written over either
    "another ledger": "other.db",
    "another ledger's wal": "other.db-wal",
    "link to another ledger": "other-link.db",
    "dangling link": "nowhere-link.csv",
}


def schreiber(folder: Path, *args: str, db: str = "led.db"):
    env = dict(os.environ, HOME=str(folder))
    for name in ("SCHREIBER_DB", "XDG_CONFIG_HOME"):
        env.pop(name, None)
    return run_schreiber(["--db", db, *args], env=env, cwd=folder)


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> Path:
    """A ledger with a one-table cup and a hand, and another ledger, once."""
    folder = tmp_path_factory.mktemp("made")
    for args in (
        ["cup", "start", "Testcup", "Anna", "Berti", "Carl", "Dora", "--seed", "1", "--rounds", "1"],
        ["cup", "draw"],
        [
            "hand",
            "add",
            "--evening",
            "1",
            "--json",
            json.dumps({"contract": "dreier", "declarer": "Anna", "points": 41}),
        ],
    ):
        r = schreiber(folder, *args)
        assert r.returncode == 0, r.stderr
    r = schreiber(folder, "evening", "start", "Emil", "Fritz", "Gerti", "Hans", db="other.db")
    assert r.returncode == 0, r.stderr
    return folder


@pytest.fixture
def folder(made, tmp_path) -> Path:
    """A fresh copy of the two ledgers with every other name for them."""
    for name in ("led.db", "other.db"):
        (tmp_path / name).write_bytes((made / name).read_bytes())
    (tmp_path / "sub").mkdir()
    (tmp_path / "subdir-link").symlink_to(tmp_path / "sub")
    (tmp_path / "link.db").symlink_to("led.db")
    (tmp_path / "other-link.db").symlink_to("other.db")
    (tmp_path / "nowhere-link.csv").symlink_to("nowhere/at-all.csv")
    os.link(tmp_path / "led.db", tmp_path / "hard.db")
    return tmp_path


def files(folder: Path) -> dict[str, bytes | str]:
    """Every file of the folder by name: its bytes, or where a link points."""
    return {
        p.name: os.readlink(p) if p.is_symlink() else p.read_bytes() for p in sorted(folder.iterdir()) if not p.is_dir()
    }


def refused(folder: Path, writer: str, target: str) -> str:
    args = [a if a != "T" else target.format(folder=folder) for a in WRITERS[writer]]
    before, rows = files(folder), dump(folder / "led.db")
    r = schreiber(folder, *args)
    assert r.returncode == 1, (args, r.stdout, r.stderr)
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("schreiber: error: "), r.stderr
    assert "nothing was written" in lines[0] and "Traceback" not in r.stderr and "unexpected" not in r.stderr
    assert files(folder) == before, args  # not a byte changed, nothing made beside
    assert dump(folder / "led.db") == rows
    return lines[0]


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("name", THE_LEDGER)
def test_no_command_writes_over_the_ledger_by_any_name(folder, writer, name):
    line = refused(folder, writer, THE_LEDGER[name])
    assert "e.g." in line  # what to type instead
    if writer == "settle":
        evenings = json.loads(schreiber(folder, "evening", "list", "--json").stdout)
        assert [e["status"] for e in evenings] == ["open"]  # --close closed nothing


def test_the_refused_ledger_checks_clean_with_the_same_figures(folder, made):
    for writer in WRITERS:
        refused(folder, writer, "link.db")
    check = schreiber(folder, "check")
    assert check.returncode == 0, check.stdout + check.stderr
    assert schreiber(folder, "sheet", "--json").stdout == schreiber(made, "sheet", "--json").stdout


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("name", OTHERS)
def test_no_command_writes_over_another_ledger_or_through_a_dangling_link(folder, writer, name):
    line = refused(folder, writer, OTHERS[name])
    words = "does not exist" if name == "dangling link" else "ledger"
    assert words in line
    assert not (folder / "nowhere").exists()


def test_what_to_type_instead_works(folder):
    line = refused(folder, "export", "led.db")
    assert line.endswith("give another file, e.g. --out led-hands.csv"), line
    r = schreiber(folder, "export", "--out", "led-hands.csv")
    assert r.returncode == 0 and (folder / "led-hands.csv").read_text(encoding="utf-8").startswith("evening,")


def test_a_ledger_not_made_yet_is_not_written_as_an_export(tmp_path):
    r = schreiber(tmp_path, "export", "--out", "new.db", db="new.db")
    assert r.returncode == 1 and "ledger itself" in r.stderr, r.stderr
    assert list(tmp_path.iterdir()) == []


def test_files_that_are_not_ledgers_are_written_as_before(folder):
    (folder / "old.csv").write_text("an older export\n")
    for args in (["export", "--out", "old.csv"], ["settle", "--evening", "1", "--out", "summary.txt"],
                 ["rules", "new", "stammtisch", "--out", "stammtisch.toml"]):  # fmt: skip
        r = schreiber(folder, *args)
        assert r.returncode == 0, r.stderr
    assert (folder / "old.csv").read_text(encoding="utf-8").startswith("evening,")
    assert "Anna" in (folder / "summary.txt").read_text(encoding="utf-8")
    (folder / "copy.db").write_text("not a ledger")
    assert schreiber(folder, "backup", "copy.db", "--force").returncode == 0
    assert not [p.name for p in folder.iterdir() if p.name.endswith(".part")]  # the export's own file is gone


def test_an_export_never_writes_a_file_that_was_there_under_its_temporary_name(folder):
    """The export is written to a file it makes itself, then renamed: a
    ledger named like that file (out.part, as it once was) stays as it is."""
    (folder / "x.csv.part").write_bytes((folder / "other.db").read_bytes())
    before = (folder / "x.csv.part").read_bytes()
    r = schreiber(folder, "export", "--out", "x.csv")
    assert r.returncode == 0, r.stderr
    assert (folder / "x.csv.part").read_bytes() == before


def test_the_rules_folder_is_not_written_over_a_ledger_there(folder):
    """``rules new NAME`` writes to the rules folder by default: a ledger
    kept under that name there is refused too, --force or not."""
    rules = folder / ".config" / "schreiber" / "rules"
    rules.mkdir(parents=True)
    (rules / "stammtisch.toml").write_bytes((folder / "other.db").read_bytes())
    before = (rules / "stammtisch.toml").read_bytes()
    for db in ("led.db", str(rules / "stammtisch.toml")):
        r = schreiber(folder, "rules", "new", "stammtisch", "--force", db=db)
        assert r.returncode == 1 and "nothing was written" in r.stderr, r.stderr
    assert (rules / "stammtisch.toml").read_bytes() == before


def test_a_file_is_written_through_a_link_and_into_a_pipe(folder):
    """An --out that is a symbolic link to a file: the file gets the new
    content, the link stays; one that is a pipe is written into as it is."""
    (folder / "real.csv").write_text("an older export\n")
    (folder / "to-real.csv").symlink_to("real.csv")
    for args in (["export", "--out", "to-real.csv"], ["settle", "--evening", "1", "--out", "to-real.csv"]):
        assert schreiber(folder, *args).returncode == 0
        assert (folder / "to-real.csv").is_symlink() and os.readlink(folder / "to-real.csv") == "real.csv"
    assert "Anna" in (folder / "real.csv").read_text(encoding="utf-8")
    os.mkfifo(folder / "pipe")
    read: list[str] = []
    reader = threading.Thread(target=lambda: read.append((folder / "pipe").read_text(encoding="utf-8")))
    reader.start()
    assert schreiber(folder, "settle", "--evening", "1", "--out", "pipe").returncode == 0
    reader.join(timeout=60)
    assert "Anna" in read[0]
    assert not [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]
