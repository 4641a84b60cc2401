"""Every screen of an evening in a terminal 40, 60 and 80 columns wide, in
German and in English: the ooe evening of examples/evenings/ooe.txt played
through tisch, then schrift, hilfe, erklär, sheet, sheet --explain, check,
settle and stats. Each is compared with its golden file
(tests/golden/screens/SCREEN.LANG.WIDTH.txt; --snapshot-update after a
deliberate change), and read: no line wider than the terminal, no word
broken (every word stands whole on the screen without a terminal or at
200 columns), on a German screen no English word of ours, on an English one
no German word of the table's commands."""

from __future__ import annotations

import os
import re
import sys

import pytest

from schreiber.render import columns
from tests.german import english_words
from tests.helpers import ROOT, cli, without_echo

PLAYERS = ("Anna", "Berti", "Carl", "Dora")
WIDTHS = (40, 60, 80)
EVENING = (ROOT / "examples" / "evenings" / "ooe.txt").read_text(encoding="utf-8")
SCREENS = {  # name: the command line, what is typed into it
    "tisch": (["tisch"], EVENING + "schrift\nhilfe\nerklär 24\nstand\nende\n"),
    "sheet": (["sheet"], None),
    "explain": (["sheet", "--explain", "24"], None),
    "check": (["check"], None),
    "settle": (["settle"], None),
    "stats": (["stats"], None),
    "stats-schrift": (["stats", "--schrift", "--table", "leaderboard"], None),
}
FIGURE = re.compile(r"G?[-+]?[0-9]+|\(?[-+]?[0-9]+\)?")  # a cell's figure, which no layout breaks
GOLDEN = ROOT / "tests" / "golden" / "screens"
# The table's German commands, which an English screen names by their English words.
GERMAN_COMMANDS = re.compile(r"\b(hilfe|schrift alle|erklär|ändern|zurück|storno|zusammen|sküsradl|straf|ende)\b")
PUNCTUATION = "\"'()[],.:;!?"
CATALOG = ROOT / "schreiber" / "locale" / "de" / "LC_MESSAGES" / "schreiber.po"


def at_width(monkeypatch, width: int | None) -> None:
    """A terminal ``width`` columns wide and 20 lines high (None: no terminal) for every screen."""
    size = None if width is None else os.terminal_size((width, 20))
    for name, module in list(sys.modules.items()):
        if name.startswith("schreiber.") and hasattr(module, "terminal_size"):
            monkeypatch.setattr(module, "terminal_size", lambda: size)


def screens(monkeypatch, folder, widths) -> dict[tuple[str, int | None], str]:
    """Each screen at each width, the evening played through tisch at that width on a ledger of its own."""
    out = {}
    for width in widths:
        db = folder / f"at-{width}.db"
        monkeypatch.setenv("SCHREIBER_DB", str(db))
        at_width(monkeypatch, width)
        r = cli("evening", "start", *PLAYERS, "--rules", "ooe", "--date", "2026-11-06")
        assert r.exit_code == 0, r.output
        for name, (args, typed) in SCREENS.items():
            r = cli(*args, input=typed)
            assert r.exit_code == 0, (name, width, r.output)
            out[name, width] = r.stdout.replace(str(db), "LEDGER")
    return out


def test_every_screen_fits_40_60_and_80_columns(monkeypatch, tmp_path, lang, snapshot_update):
    shown = screens(monkeypatch, tmp_path, (None, 200, *WIDTHS))
    texts = [shown[key] for key in shown if key[1] in (None, 200)] + [CATALOG.read_text(encoding="utf-8")]
    whole = {word.strip(PUNCTUATION) for text in texts for word in text.split()}  # every word whole
    problems = []
    for (name, width), text in shown.items():
        if width not in WIDTHS:
            continue
        golden = GOLDEN / f"{name}.{lang}.{width}.txt"
        if snapshot_update or not golden.exists():
            golden.parent.mkdir(exist_ok=True)
            golden.write_text(text, encoding="utf-8")
        assert text == golden.read_text(encoding="utf-8"), golden.name
        for line in text.split("\n"):
            shown_line = line.split("] > ")[-1]  # the prompt, which the typed line (not echoed here) follows
            if columns(line) > width and "] > " not in line:
                problems.append((name, width, "wide", line))
            broken = [w for w in shown_line.split() if w.strip(PUNCTUATION) not in whole and not FIGURE.fullmatch(w)]
            if broken:
                problems.append((name, width, "broken", broken))
            if lang == "de" and english_words(shown_line):
                problems.append((name, width, "English", english_words(shown_line)))
            if lang == "en" and GERMAN_COMMANDS.search(shown_line):
                problems.append((name, width, "German command", line))
    assert problems == [], problems


@pytest.mark.parametrize("width", WIDTHS)
def test_the_compact_rows_show_the_schrift_under_ooe(monkeypatch, width):
    """ooe-2023.md §2.1: the Schrift leaves the Kontra out, the money doubles it. Hand 10 of the
    example, a Solodreier won with Kontra (value 8, §4): the Schrift writes Carl +24 and each other
    -8, the money pays +48 and -16 each; the row shows the Schrift and G with the money beside it."""
    cli("evening", "start", *PLAYERS, "--rules", "ooe", "--date", "2026-11-06")
    lines = EVENING.splitlines()
    hands = [line for line in lines if line and not line.startswith("#")]
    at_width(monkeypatch, width)
    out = cli("tisch", input="\n".join(hands[:10]) + "\n").stdout
    tail = out[out.rindex("10 Ber Solodreier") :]
    assert re.search(r"\+24\)? G\+48", tail), tail
    assert len(re.findall(r"-8\)? G-16", tail)) == 3, tail


def test_an_ooe_evening_at_60x20(ledger_env, tmp_path, lang):
    """The ooe evening typed into tisch in a 60x20 terminal (pty): every line within 60 columns,
    and the rows show the Schrift, the money beside it after G where a hand pays otherwise
    (hand 10, a Solodreier won with Kontra: ooe-2023.md §2.1, +24 written, +48 paid)."""
    import pexpect

    from tests.helpers import terminal

    env = dict(os.environ, SCHREIBER_DB=str(ledger_env), TERM="dumb", SCHREIBER_LANG=lang)
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    start = f"{sys.executable} -m schreiber evening start {' '.join(PLAYERS)} --rules ooe"
    p = terminal("sh", ["-c", f"{start}; {sys.executable} -m schreiber tisch"], env=env, cwd=str(tmp_path),
                 encoding="utf-8", dimensions=(20, 60))  # fmt: skip
    seen = []
    p.logfile_read = type("Log", (), {"write": lambda self, s: seen.append(s), "flush": lambda self: None})()
    typed = [*(h for h in EVENING.splitlines() if h and not h.startswith("#")), "schrift"]
    for line in typed:
        p.expect(r"\] > ")
        p.sendline(line)
    p.expect(r"\] > ")
    p.sendline("ende")
    p.expect(pexpect.EOF)
    screen = "".join(seen).replace("\r", "")
    # the lines typed after the prompt, which the line editor scrolls within the terminal, left out
    assert [line for line in without_echo(screen, typed) if columns(line) > 60] == []
    assert re.search(r"\+24\)? G\+48", screen), screen


def test_who_sits_out_is_marked_in_the_row(lang):
    """Five at the table: the dealer sits out (tirol-koenigrufen-de-luxe.txt, five players); his cell
    says so instead of a 0 as if he had played and gained nothing. Rufer won, value 1."""
    cli("evening", "start", *PLAYERS, "Emil", "--rules", "tirol")
    out = cli("tisch", input="rufer berti carl +\n").stdout
    row = next(line for line in out.splitlines() if line.startswith("1 "))
    assert row.split()[-10:] == ["0", f"({'aus' if lang == 'de' else 'out'})", "1", "(+1)", "1", "(+1)",
                                 "-1", "(-1)", "-1", "(-1)"], row  # fmt: skip
