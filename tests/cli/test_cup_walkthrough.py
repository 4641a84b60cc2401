"""docs/cup.md "A cup day, start to finish" runs as written: every command of
its shell block, in order, in a fresh folder; the Ergebnisliste it shows is
what `cup standings` prints at the end."""

from __future__ import annotations

import re
import shlex

from tests.helpers import ROOT, console

DOC = ROOT / "docs" / "cup.md"


def walkthrough() -> tuple[list[list[str]], str]:
    """The section's commands (comments left out) and the text block after them."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## A cup day, start to finish", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```(\w*)\n(.*?)```", section, re.S)
    commands = [shlex.split(line) for line in blocks[0][1].splitlines() if line and not line.startswith("#")]
    return commands, blocks[1][1]


def test_the_cup_day_of_the_docs_runs_as_written(tmp_path):
    commands, shown = walkthrough()
    assert len(commands) == 21
    said = {}
    for words in commands:
        assert words[0] == "schreiber", words
        r = console(words[1:], cwd=tmp_path)
        assert r.returncode == 0, (words, r.stdout, r.stderr)
        said[" ".join(words[3:5])] = r.stdout  # the command after --db FILE
    assert said["merge tisch1.db"] == "merged from tisch1.db: 4 hands\n"  # the hand taken back at the desk gives way
    assert said["cup standings"] == shown
    assert (tmp_path / "web" / "index.html").exists()
