"""Every command's lines within a terminal 40 columns wide (issue 39, point 2:
"every screen reads the terminal's width and fits it, down to 40 columns; a
word is never broken"): what a command says in a sentence is broken between
words where its line is wider than the terminal (cli/root.py ``echo``), the
tournament's tables split into parts, the chart as wide as the terminal, a
progress line kept to one row. Where the output is no terminal (a pipe, a
file), every line stays whole, as scripts read it.

In this process the output is no terminal: ``root._a_terminal`` answers for
it, and ``at_width`` sets the terminal's size (tests/cli/test_screens_fit.py)."""

from __future__ import annotations

import pytest

from schreiber.cli import report, root
from schreiber.render import columns
from tests.cli.test_screens_fit import PUNCTUATION, at_width
from tests.helpers import cli

PLAYERS = ["Anna@Linz", "Berti@Wels", "Carl@Steyr", "Dora@Enns", "Emil@Linz", "Franz@Wels", "Gerti@Steyr", "Hans@Enns"]
COMMANDS = [  # what a scorekeeper and a cup's desk type, in order
    ["evening", "start", "Anna", "Berti", "Carl", "Dora", "--rules", "hausrunde", "--date", "2026-11-06"],
    ["hand", "add", "rufer", "berti", "carl", "+"],
    ["radl"],
    ["hand", "add", "piccolo", "carl", "+"],
    ["strafpunkt", "anna"],
    ["undo"],
    ["evening", "close"],
    ["evening", "list"],
    ["player", "list"],
    ["rules", "list"],
    ["cup", "start", "RTC Schlierbach Herbst 2026", *PLAYERS, "--date", "2026-11-20", "--rounds", "2", "--seed", "3"],
    ["cup", "draw"],
    ["cup", "status"],
    ["cup", "standings"],
    ["cup", "list"],
    ["chart", "--evening", "1"],
]


def said(monkeypatch, width: int | None) -> dict[str, str]:
    """Each command's output (standard output and error) with a terminal ``width`` columns wide (None: no terminal)."""
    at_width(monkeypatch, width)
    monkeypatch.setattr(root, "_a_terminal", lambda stream: width is not None)
    out = {}
    for args in COMMANDS:
        r = cli(*args)
        assert r.exit_code == 0, (args, r.output)
        out[" ".join(args[:2])] = r.output
    return out


@pytest.mark.parametrize("width", [40, 60])
def test_every_line_fits_a_narrow_terminal_and_no_word_is_broken(monkeypatch, tmp_path, lang, width):
    monkeypatch.setenv("SCHREIBER_DB", str(tmp_path / "whole.db"))
    whole = said(monkeypatch, None)
    words = {w.strip(PUNCTUATION) for text in whole.values() for w in text.split()}
    monkeypatch.setenv("SCHREIBER_DB", str(tmp_path / "narrow.db"))
    narrow = said(monkeypatch, width)
    wide = [(cmd, line) for cmd, text in narrow.items() for line in text.splitlines() if columns(line) > width]
    assert wide == []
    broken = [
        (cmd, w)
        for cmd, text in narrow.items()
        if cmd != "chart --evening"
        for w in text.split()
        if w.strip(PUNCTUATION) not in words and w.strip("-")
    ]  # fmt: skip (the chart: drawn, not words)
    assert broken == []
    assert " ".join(narrow["hand add"].split()) == " ".join(whole["hand add"].split())  # the same words


def test_without_a_terminal_every_line_stays_whole(monkeypatch):
    """A line wider than the terminal, written into a pipe: whole (a script reads it line by line)."""
    at_width(monkeypatch, 40)
    cli("evening", "start", "Anna", "Berti", "Carl", "Dora")
    out = cli("hand", "add", "rufer", "berti", "carl", "+").stdout
    assert out.splitlines()[0] == "Hand 1: Anna -1, Berti +1, Carl +1, Dora -1"  # 44 columns


def test_a_progress_line_stays_on_one_row(monkeypatch):
    """check's progress is overwritten in place: a line the terminal wrapped would leave its first row behind."""
    at_width(monkeypatch, 40)
    line = report.one_row("checking: SQLite integrity_check of the whole file ...")
    assert line == "checking: SQLite integrity_check of …" and columns(line) < 40
    assert report.one_row("checking: evening 3 of 9 re-scored") == "checking: evening 3 of 9 re-scored"
