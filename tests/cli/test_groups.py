"""The console script builds only the command a command line names (its
modules imported then); each command is the same as in the full command
line, and the map of modules names every command."""

import json
import subprocess
import sys

import pytest

from schreiber.cli.groups import MODULES
from schreiber.cli.root import app

DUMP = """
import json, sys, typer
FULL = sys.argv[1] == "full"
if FULL:
    from schreiber.cli import commands  # every module loaded first
from schreiber.cli.groups import main_app

def shape(cmd):
    return {
        "help": cmd.help,
        "params": [[p.name, list(p.opts), getattr(p, "help", None), repr(p.default)] for p in cmd.params],
        "commands": {n: shape(cmd.get_command(None, n)) for n in getattr(cmd, "commands", {})},
    }

root = typer.main.get_command(main_app())
print(json.dumps(shape(root.get_command(None, sys.argv[2]))))
"""


def dump(how: str, name: str):
    out = subprocess.run([sys.executable, "-c", DUMP, how, name], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_the_map_names_every_command_of_the_full_command_line():
    registered = [c.name for c in app.registered_commands] + [g.name for g in app.registered_groups]
    assert sorted(registered) == sorted(MODULES)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_command_is_the_same_with_only_its_modules(name):
    assert dump("alone", name) == dump("full", name)
