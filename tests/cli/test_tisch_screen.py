"""What the table session shows: the Radl's mark in words, the Sküsradl
and the evening's end (a hand after it asked for first; on the command
line entered with a note, asked for on a terminal), the sheet's last rows within the
window; and a whole evening of these in an 80x24 terminal (pty), in German
and in English, every line within 80 columns."""

import json
import os
import re
import sys

import pexpect
import pytest

from schreiber.cli import report as report_module
from schreiber.cli import table_sheet as table_sheet_module
from schreiber.cli.session import Session
from schreiber.ledger.store import Ledger
from schreiber.service import Service
from tests.cli.test_tisch import ENGLISH
from tests.helpers import F, G, H, I, cli, dump, terminal

HAUSRUNDE = ("Anna", "Berti", "Carl", "Dora")  # Anna deals first, Berti is Vorhand


def ok(*args, input=None):
    r = cli(*args, input=input)
    assert r.exit_code == 0, (args, r.output)
    return r.stdout


def balance():
    return json.loads(ok("balance", "--json"))


def skuesradl_evening():
    """hausrunde: the first four hands double (hausrunde-skuesradl.txt:8),
    then the Sküsradl, "die letzten 4 Spiele" (hausrunde-skuesradl.txt:65)."""
    ok("evening", "start", F, G, H, I, "--rules", "hausrunde")
    for _ in range(4):
        ok("hand", "add", "dreier", "fritz", "+")
    ok("radl", "--final")
    for _ in range(3):
        ok("hand", "add", "dreier", "fritz", "+")


@pytest.mark.lang("de")  # the screen in German, as the table speaks
def test_the_radl_mark_is_said_in_words_where_it_first_shows_and_in_hilfe():
    r = cli("tisch", *HAUSRUNDE, "--rules", "hausrunde", input="dreier anna +\nhilfe\nsküsradl\n")
    assert r.exit_code == 0, r.output
    out = r.stdout
    said = "x2 (4) = Radl: doppelt, noch 4 Spiele\n[1: Anna gibt, Berti Vorhand x2 (4)] > "
    assert said in out and out.count("= Radl: doppelt") == 1  # at its first showing only
    assert "[2: Berti gibt, Carl Vorhand x2 (3)] > " in out
    assert "  x2 (4)           Radl: doppelt, noch 4 Spiele (x4: vierfach)\n" in out  # hilfe
    assert "  x2 (4) Sküsradl  das letzte Radl des Abends: nach 4 Spielen ist Schluss\n" in out
    # the Sküsradl queues behind the three doubled hands left (RULINGS.md Doubled rounds)
    assert "x2 (7) Sküsradl = das letzte Radl: doppelt, noch 7 Spiele, dann ist Schluss\n" in out
    assert "[2: Berti gibt, Carl Vorhand x2 (7) Sküsradl] > " in out


def test_the_evening_ends_after_the_skuesradl_and_a_hand_after_it_is_said(ledger_env):
    skuesradl_evening()
    assert "Next: Ilse deals, Fritz is Vorhand; the Sküsradl: 1 hand to go" in ok("sheet")
    out = ok("hand", "add", "dreier", "fritz", "+")  # the Sküsradl's last hand
    assert out.splitlines() == [
        "Hand 8: Fritz +24, Gerti -8, Hans -8, Ilse -8",  # std:40 Dreier 4, doubled (hausrunde.txt:65)
        "End of the evening: the Sküsradl is played; settle it: schreiber settle --close",
    ]
    assert (
        ok("sheet").splitlines()[-1]
        == "End of the evening: the Sküsradl is played; settle it: schreiber settle --close"
    )
    for args in (
        ("dreier", "fritz", "+"),
        ("--json", json.dumps({"contract": "dreier", "declarer": F, "result": "won"})),
    ):  # a script's hand is entered all the same (the fixed interface), saying so on stderr
        r = cli("hand", "add", *args)
        assert r.exit_code == 0 and r.stdout.startswith("Hand 9: Fritz +12, Gerti -4, Hans -4, Ilse -4\n")
        assert r.stderr == (
            "note: the Sküsradl is played, so the evening is over; hand 9 would come after its end; "
            "entered all the same\n"
        )
        ok("undo")
    assert ok("hand", "add", "--after-end", "dreier", "fritz", "+") == "Hand 9: Fritz +12, Gerti -4, Hans -4, Ilse -4\n"
    r = cli("hand", "add", "dreier", "fritz", "+")
    assert r.stdout.startswith("Hand 10: ") and r.stderr == ""  # the table plays on: nothing more said
    ok("undo")
    ok("undo")  # hand 9 taken back: the next hand comes after the end again
    assert "would come after its end" in cli("hand", "add", "dreier", "fritz", "+").stderr
    ok("undo")
    ok("radl", "--final")  # another Sküsradl: the evening goes on to its end
    assert ok("hand", "add", "dreier", "fritz", "+").startswith("Hand 9: ")


@pytest.mark.lang("de")  # the screen in German, as the table speaks
def test_a_replayed_file_enters_the_hands_after_the_end_with_a_note():
    """Without a terminal (tisch < abend.txt, as the README shows) nobody is
    asked: a hand after the Sküsradl's end is entered with a note, as
    `hand add` from a script enters it, and the file's next line stays a
    hand (before, it was taken as the answer, and two played hands went missing)."""
    skuesradl_evening()
    lines = "dreier fritz +\ndreier gerti +\nn\ndreier gerti +\ndreier hans +\n"
    r = cli("tisch", input=lines)
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "Ende des Abends: das Sküsradl ist gespielt; abrechnen: schreiber settle --close\n" in out
    assert "trotzdem eintragen?" not in out and "Nicht eingetragen." not in out
    note = "Hinweis: das Sküsradl ist gespielt, der Abend also aus; Spiel 9 käme nach seinem Ende; trotzdem eingetragen"
    assert out.count(note) == 1 and "[9: Fritz gibt, Gerti Vorhand, nach dem Ende] > " + note in out
    assert "Fehler: unbekanntes Spiel 'n'" in out  # the line "n" is a wrong line, said as such
    hands = json.loads(ok("sheet", "--json"))["hands"]
    assert [h["number"] for h in hands] == list(range(1, 12))
    assert [h["record"]["declarer"] for h in hands[8:]] == [G, G, H]


def test_the_sheet_names_the_skuesradl():
    skuesradl_evening()
    wide = ok("sheet", "--wide").splitlines()
    assert [line.split()[:3] for line in wide if line.startswith("e1")] == [["e1", "Sküsradl", "4"]]
    assert wide[7].endswith("4 more doubled, then the evening ends")
    compact = ok("sheet", "--compact").splitlines()
    assert [line.split()[:3] for line in compact if line.startswith("e1")] == [["e1", "Sküsradl", "(4)"]]


@pytest.mark.lang("de")
def test_schrift_in_tisch_shows_the_last_rows_and_the_standing_within_the_window(monkeypatch, ledger_env):
    ok("evening", "start", *HAUSRUNDE)
    for _ in range(30):
        ok("hand", "add", "dreier", "anna", "+")
    out: list[str] = []
    session = Session(Service(Ledger(ledger_env)), 1, out=out.append)
    for module in (table_sheet_module, report_module):  # a terminal of 80 columns and 24 rows
        monkeypatch.setattr(module, "terminal_size", lambda: os.terminal_size((80, 24)))
    session.handle("schrift")
    lines = "\n".join(out).split("\n")
    assert len(lines) == 23  # and the prompt: 24
    assert lines[0] == "(13 Zeilen davor: schrift alle)"
    assert lines[3].split()[0] == "14" and lines[-4].split()[0] == "30"
    assert lines[-2:] == [
        "Stand: Anna +360, Berti -120, Carl -120, Dora -120",
        "Als Nächstes: Carl gibt, Dora ist Vorhand",
    ]
    out.clear()
    session.handle("schrift alle")
    assert len("\n".join(out).split("\n")) == 2 + 30 + 1 + 2  # heading, every row, legend, the standing


@pytest.mark.lang("de")
def test_the_standing_and_the_next_line_break_within_80_columns(monkeypatch, ledger_env):
    """Long names, Holz and the Pagat pot: the line of who deals next breaks
    after its parts, the standing after a player, each within the terminal."""
    names = ("Annemarie", "Bartholomäus", "Christoph", "Dorothea")
    ok("evening", "start", *names, "--rules", "gumpoldskirchen", "--rule", "pagatkassa=2")
    ok("radl")
    out: list[str] = []
    session = Session(Service(Ledger(ledger_env)), 1, out=out.append)
    with monkeypatch.context() as terminal:
        for module in (table_sheet_module, report_module):  # a terminal of 80 columns
            terminal.setattr(module, "terminal_size", lambda: os.terminal_size((80, 24)))
        session.handle("trischaken 20 15 25 10")  # gumpoldskirchen.txt:153: a Holz for everyone
    lines = "\n".join(out).split("\n")
    assert [line for line in lines if len(line) > 80] == []
    assert lines[-2:] == [
        "Als Nächstes: Bartholomäus gibt, Christoph ist Vorhand; noch 3 doppelte Spiele;",
        "  Holz: Annemarie 1, Bartholomäus 1, Christoph 1, Dorothea 1; Pagatkassa 2",
    ]
    # without a terminal the line stays whole
    assert "noch 3 doppelte Spiele; Holz: Annemarie 1" in ok("sheet")


# A whole evening in an 80x24 terminal ----------------------------------------------------------------

EVENING = [  # hausrunde: the first four doubled, an undo, a Sküsradl, its end, a hand after it, the sheet
    ("dreier anna +", "Spiel 1: "),
    ("undo", "Zurückgenommen: Spiel 1"),
    ("dreier berti +", "Spiel 1: "),
    ("hilfe", "x2 (4) Sküsradl"),
    *[("dreier carl +", "Spiel ")] * 18,
    ("sküsradl dora", "Radl: die nächsten 4 Spiele zählen doppelt"),
    *[("dreier dora +", "Spiel ")] * 4,
    ("dreier anna +", "trotzdem eintragen"),
    ("n", "Nicht eingetragen."),
    ("dreier anna +", "trotzdem eintragen"),
    ("j", "Spiel 24: "),
    ("schrift", "Zeilen davor: schrift alle"),
]
WORDS = {  # what the English screen says where the German one says the first
    "Spiel 1: ": "Hand 1: ",
    "Zurückgenommen: Spiel 1": "Taken back: Hand 1",
    "Spiel ": "Hand ",
    "Radl: die nächsten 4 Spiele zählen doppelt": "Radl: the next 4 hands count double",
    "trotzdem eintragen": "all the same",
    "Nicht eingetragen.": "Not entered.",
    "Spiel 24: ": "Hand 24: ",
    "x2 (4) Sküsradl": "x2 (4) Sküsradl",
    "Zeilen davor: schrift alle": "rows before these: sheet all",
}
SAID = {  # the lines of the points, in each language
    "de": [
        "x2 (4) = Radl: doppelt, noch 4 Spiele",
        "x2 (4) Sküsradl = das letzte Radl: doppelt, noch 4 Spiele, dann ist Schluss",
        "Ende des Abends: das Sküsradl ist gespielt; abrechnen: schreiber settle --close",
        "[24: Dora gibt, Anna Vorhand, nach dem Ende] > ",
        "Der Abend ist aus (Sküsradl gespielt). Spiel 24 trotzdem eintragen? [j/N] ",
    ],
    "en": [
        "x2 (4) = Radl: double, 4 hands to go",
        "x2 (4) Sküsradl = the last Radl: double, 4 hands to go, then the end",
        "End of the evening: the Sküsradl is played; settle it: schreiber settle --close",
        "[24: Dora deals, Anna Vorhand, after the end] > ",
        "The evening is over (Sküsradl played). Enter hand 24 all the same? [y/N] ",
    ],
}
UNDONE = {  # the hand taken back was not dealt: Anna deals hand 1 again
    "de": r"Zurückgenommen: Spiel 1\.[^[]*\[1: Anna gibt, Berti Vorhand x2 \(4\)\] > ",
    "en": r"Taken back: Hand 1\.[^[]*\[1: Anna deals, Berti Vorhand x2 \(4\)\] > ",
}
OURS_IN_ENGLISH = re.compile(r"\b(after the end|all the same|Not entered|rows before|hands? to go|double|settle it)\b")


def test_an_evening_at_80x24_in_both_languages(ledger_env, lang):
    """The points of the table session in one evening, in a terminal of 80
    columns and 24 rows: the number after an undo, the Radl's mark in words,
    the Sküsradl and the evening's end, a hand after it asked for, the
    sheet's last rows with the standing below them in the window."""
    ok("evening", "start", "Anna", "Berti", "Carl", "Dora", "--rules", "hausrunde")
    env = dict(os.environ, SCHREIBER_DB=str(ledger_env), TERM="dumb")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    p = terminal(sys.executable, ["-m", "schreiber", "tisch"], env=env, encoding="utf-8",
                      dimensions=(24, 80))  # fmt: skip
    p.expect(r"\] > ")
    seen = (p.before + p.after).replace("\r", "")
    for line, said in EVENING:
        p.sendline(line)
        p.expect(r"\[[jy]/N\] " if said == "trotzdem eintragen" else r"\] > ")  # a question, or the prompt
        text = (p.before + p.after).replace("\r", "")
        assert (said if lang == "de" else WORDS[said]) in text, (line, text)
        seen += text
    p.sendline("ende")
    p.expect(pexpect.EOF)
    seen += p.before.replace("\r", "")
    lines = seen.split("\n")
    assert [line for line in lines if len(line) > 80] == []  # nothing wraps
    for said in SAID[lang]:
        assert said in seen, said
    assert re.search(UNDONE[lang], seen)
    # after schrift: its last rows, the standing and the prompt, within the window's 24 lines
    shown = text.split("\n")[1:]  # after the line typed
    assert len(shown) <= 24 and shown[-1].startswith("[25: "), shown
    assert shown[-3].startswith(("Stand: ", "Standing: ")), shown
    left_out = int(re.search(r"\((\d+) (Zeilen davor|rows before these)", shown[0]).group(1))
    # 24 hands and the Sküsradl (hand 1 taken back: only in schrift alle)
    assert left_out + sum(1 for line in shown if re.match(r"(\d+|e\d) ", line)) == 25
    if lang == "de":
        assert [line for line in lines if ENGLISH.search(line) or OURS_IN_ENGLISH.search(line)] == []
    assert [h["number"] for h in json.loads(ok("sheet", "--json"))["hands"]] == [1, *range(1, 25)]


@pytest.mark.lang("de")
def test_the_sheet_piped_on_from_a_terminal_keeps_the_form_it_asked_for(ledger_env):
    """`sheet | cat` typed in an 80-column terminal: the compact form, as on
    the terminal itself; --wide and --compact still choose."""
    ok("evening", "start", F, G, H, I, "--rules", "tirol")
    ok("hand", "add", "rufer", "gerti", "hans", "+", "pagat!")
    env = dict(os.environ, SCHREIBER_DB=str(ledger_env), TERM="dumb")
    env.pop("COLUMNS", None)
    command = f"{sys.executable} -m schreiber sheet | cat; {sys.executable} -m schreiber sheet --wide | cat"
    p = terminal("sh", ["-c", command], env=env, encoding="utf-8", dimensions=(24, 80))
    p.expect(pexpect.EOF)
    compact, wide = p.before.replace("\r", "").split("Abend 1, ")[1:]
    assert "Zelle: Stand (dieses Spiel)" in compact and "Ergebnis" not in compact  # the compact form, with its legend
    assert max(len(line) for line in compact.split("\n")) <= 80
    assert "Ergebnis" in wide and "Zelle:" not in wide  # the wide form, asked for


def test_hand_add_on_a_terminal_asks_before_a_hand_after_the_end(ledger_env):
    """Typed at a terminal, `hand add` after the Sküsradl's last hand asks
    whether the table plays on: no enters nothing (exit 1), yes enters it."""
    skuesradl_evening()
    ok("hand", "add", "dreier", "fritz", "+")  # the Sküsradl's last hand
    before = dump(ledger_env)
    env = dict(os.environ, SCHREIBER_DB=str(ledger_env), TERM="dumb")
    add = f"{sys.executable} -m schreiber hand add dreier fritz +; echo rc=$?"
    p = terminal("sh", ["-c", f"{add}; {add}"], env=env, encoding="utf-8", dimensions=(24, 80))
    p.expect(r"The evening is over \(Sküsradl played\)\. Enter hand 9 all the same\? \[y/N\] ")
    p.sendline("n")
    p.expect("Not entered.")
    p.expect("rc=1")
    assert dump(ledger_env) == before
    p.expect(r"Enter hand 9 all the same\? \[y/N\] ")
    p.sendline("y")
    p.expect("Hand 9: Fritz \\+12, Gerti -4, Hans -4, Ilse -4")
    p.expect("rc=0")
    p.expect(pexpect.EOF)
