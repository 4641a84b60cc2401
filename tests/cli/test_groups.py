"""The console script loads only the command modules a command needs; each
command is then the same as in the full command line."""

import json
import subprocess
import sys

import pytest
import typer

from schreiber.cli.groups import MODULES, app_for, command_name, command_path

DUMP = """
import json, sys, typer
from schreiber.cli.groups import app_for

def shape(cmd):
    return {
        "help": cmd.help,
        "params": [[p.name, list(p.opts), getattr(p, "help", None), repr(p.default)] for p in cmd.params],
        "commands": {n: shape(c) for n, c in getattr(cmd, "commands", {}).items()},
    }

argv = sys.argv[1:]
app = app_for(argv)
root = typer.main.get_command(app)
if argv[:1] == ["--help"]:
    cmd = root
    for name in argv[1:]:
        cmd = cmd.commands[name]
    print(json.dumps(shape(cmd) if len(argv) > 1 else sorted(root.commands)))
else:
    cmd = root.commands[argv[0]]
    for name in argv[1:]:
        cmd = cmd.commands[name]
    print(json.dumps(shape(cmd)))
"""

# The groups whose subcommands are built alone when a command line names one.
GROUPS = ("cup", "entry", "evening", "hand", "player", "rules")


def dump(*argv):
    out = subprocess.run([sys.executable, "-c", DUMP, *argv], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_the_map_names_every_command_of_the_full_command_line():
    assert dump("--help") == sorted(MODULES)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_command_is_the_same_with_only_its_modules(name):
    full = dump("--help", name)
    assert dump(name) == full


@pytest.mark.parametrize("group", GROUPS)
def test_a_subcommand_is_the_same_alone(group):
    for sub in dump("--help", group)["commands"]:
        assert dump(group, sub) == dump("--help", group, sub), (group, sub)


def test_a_command_line_naming_a_command_builds_only_it():
    root = typer.main.get_command(app_for(["hand", "void", "3"]))
    assert sorted(root.commands) == ["hand"]
    assert sorted(root.commands["hand"].commands) == ["void"]
    assert "add" in typer.main.get_command(app_for(["hand", "--help"])).commands["hand"].commands
    assert command_path(["--db", "x.db", "entry", "void", "e2", "--evening", "3"]) == ["entry", "void", "e2"]
    assert command_path(["--db=x.db", "sheet"]) == ["sheet"]


def test_which_command_a_command_line_names():
    assert command_name(["--db", "x.db", "sheet", "--help"]) == "sheet"
    assert command_name(["--db=x.db", "hand", "add"]) == "hand"
    assert command_name(["--version"]) == ""
    assert command_name([]) == ""
    assert command_name(["--help"]) is None
    assert command_name(["--nonsense", "sheet"]) is None


LOADED = """
import os, sys
from schreiber.cli.entry import main
try:
    main()
except SystemExit:
    pass
sys.stdout.flush()
print("\\nMODULES " + " ".join(sorted(m for m in sys.modules if m.startswith("schreiber."))))
"""


def _loaded_by(argv: list[str], tmp_path, hand: list[str]) -> list[str]:
    """The schreiber modules a command loads, run on an evening with one hand (added by ``hand``)."""
    import os

    env = dict(os.environ, SCHREIBER_DB=str(tmp_path / "l.db"))
    for line in (["evening", "start", "Anna", "Berti", "Carl", "Dora"], hand):
        setup = subprocess.run(
            [sys.executable, "-m", "schreiber", *line], capture_output=True, text=True, env=env, timeout=60
        )
        assert setup.returncode == 0, setup.stderr
    out = subprocess.run([sys.executable, "-c", LOADED, *argv], capture_output=True, text=True, env=env, timeout=60)
    return out.stdout.rsplit("MODULES ", 1)[1].split()


@pytest.mark.parametrize("argv", [["sheet"], ["balance", "--json"], ["settle"]])
def test_a_command_that_only_reads_loads_nothing_that_writes_rows(argv, tmp_path):
    """``ledger/store.py`` imports the writers of the derived rows and their
    rollups (``derived``, ``rollups``) where it writes them: reading an
    evening does not load them at start-up."""
    hand = json.dumps({"contract": "rufer", "declarer": "Berti", "partner": "Carl", "result": "won"})
    loaded = _loaded_by(argv, tmp_path, ["hand", "add", "--json", hand])
    assert "schreiber.ledger.store" in loaded  # the command did read the ledger
    assert "schreiber.ledger.derived" not in loaded and "schreiber.ledger.rollups" not in loaded
