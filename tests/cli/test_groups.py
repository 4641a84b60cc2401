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
import json, os, sys, typer

def shape(cmd):
    return {
        "help": cmd.help,
        "params": [[p.name, list(p.opts), getattr(p, "help", None), repr(p.default)] for p in cmd.params],
        "commands": {n: shape(cmd.get_command(None, n)) for n in getattr(cmd, "commands", {})},
    }

def built(name):
    from schreiber.cli.groups import main_app

    root = typer.main.get_command(main_app())
    return shape(root.get_command(None, name))

FULL, NAMES = sys.argv[1] == "full", sys.argv[2:]
if FULL:
    from schreiber.cli import commands  # every module loaded first
    print(json.dumps({name: built(name) for name in NAMES}))
else:  # each command in a process of its own that has loaded no module of the command line
    shapes = {}
    for name in NAMES:
        read, write = os.pipe()
        if os.fork() == 0:
            os.close(read)
            os.write(write, json.dumps(built(name)).encode())
            os._exit(0)
        os.close(write)
        with os.fdopen(read, "rb") as said:
            shapes[name] = json.loads(said.read())
        assert os.wait()[1] == 0, name
    print(json.dumps(shapes))
"""


@pytest.fixture(scope="module")
def shapes() -> dict[str, dict]:
    """Each command as typer builds it: with only its modules loaded, and with every module loaded."""
    said = {}
    for how in ("alone", "full"):
        out = subprocess.run([sys.executable, "-c", DUMP, how, *MODULES], capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        said[how] = json.loads(out.stdout)
    return said


def test_the_map_names_every_command_of_the_full_command_line():
    registered = [c.name for c in app.registered_commands] + [g.name for g in app.registered_groups]
    assert sorted(registered) == sorted(MODULES)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_command_is_the_same_with_only_its_modules(name, shapes):
    assert shapes["alone"][name] == shapes["full"][name]
