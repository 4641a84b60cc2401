"""The console script loads only the command modules a command needs; each
command is then the same as in the full command line."""

import json
import subprocess
import sys

import pytest

from schreiber.cli.groups import MODULES, command_name

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
name = argv[-1] if argv[-1:] != ["--help"] else None
print(json.dumps(shape(root.commands[name]) if name else sorted(root.commands)))
"""


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


def test_which_command_a_command_line_names():
    assert command_name(["--db", "x.db", "sheet", "--help"]) == "sheet"
    assert command_name(["--db=x.db", "hand", "add"]) == "hand"
    assert command_name(["--version"]) == ""
    assert command_name([]) == ""
    assert command_name(["--help"]) is None
    assert command_name(["--nonsense", "sheet"]) is None
