"""The table session and any input: a line that is not UTF-8, a line with a
terminal's escape sequences, a line of a megabyte, random bytes. Each wrong
line is said as such, in one line, and the session goes on with the next;
the lines read with it are entered, nothing else is written, the ledger
stays whole. In this process (a file given to `tisch`, read as bytes) and
in a terminal (pty) whose encoding is strict UTF-8."""

from __future__ import annotations

import json
import os
import shlex
import signal
import sys

import pexpect
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schreiber.cli.session import ALIASES
from tests.helpers import cli, terminal
from tests.ledger_checks import PLAYERS, check_ledger

FUZZ = settings(derandomize=True, database=None, suppress_health_check=list(HealthCheck))


def tisch(data: bytes) -> str:
    """`schreiber tisch` reading ``data`` (no terminal): its output; it ends as the input ends, exit 0."""
    r = cli("tisch", input=data)
    assert r.exit_code == 0, r.output
    assert "unexpected" not in r.output and "damaged" not in r.output, r.output
    assert r.stdout.endswith("Until next time.\n"), r.stdout[-300:]
    return r.stdout.replace("\n  ", " ")  # a line the session broke for the terminal, whole again


def hands() -> list[dict]:
    r = cli("sheet", "--json")
    assert r.exit_code == 0, r.output
    return [h["record"] for h in json.loads(r.stdout)["hands"]]


def test_a_line_that_is_not_utf8_is_a_wrong_line_and_the_session_goes_on(ledger_env):
    """Before: "ledger ... is damaged ... restore your last backup" (the
    ledger was whole), and the valid line read with it was lost."""
    assert cli("evening", "start", *PLAYERS).exit_code == 0
    out = tisch(b"rufer berti carl +\nrufer \xff\xfe carl +\nrufer carl dora +\n")
    assert (
        "Error: 'rufer \\xff\\xfe carl +' is not UTF-8 text; check the encoding of the terminal or the file: not entered\n"
        in out
    )
    assert [(h["declarer"], h["partner"]) for h in hands()] == [("Berti", "Carl"), ("Carl", "Dora")]
    check_ledger(ledger_env, zero_sum=True)


def test_a_wrong_line_is_quoted_without_its_terminal_escapes(ledger_env):
    """A window title (OSC) and a colour (CSI) in a wrong line: quoted
    escaped, as `hand add` quotes them, never sent to the terminal raw."""
    assert cli("evening", "start", *PLAYERS).exit_code == 0
    out = tisch(b"rufer \x1b]0;gehackt\x07 carl +\nstraf \x1b[31mrot\nrufer berti carl +\n")
    assert "\x1b" not in out and "\x07" not in out
    assert "Error: unknown player '\\x1b]0;gehackt\\x07' as partner" in out
    assert "Error: unknown player '\\x1b[31mrot'" in out
    assert len(hands()) == 1


def test_a_line_longer_than_any_hand_is_refused_and_the_session_goes_on(ledger_env):
    """A line of a megabyte with a quote that never closes (before: its
    splitting took time growing with the square of its length, the session
    busy for seconds to minutes): only its start is read, the rest passed
    over, one line said."""
    assert cli("evening", "start", *PLAYERS).exit_code == 0
    long = b"rufer '" + b"x" * 1_000_000
    wide = b"dreier " + "\U0001f0a1".encode() * 1001  # 1,001 characters of four bytes each
    out = tisch(long + b"\n" + wide + b"\nrufer berti carl +\n")
    said = "Error: the line is longer than 1000 characters; a hand takes a few dozen: not entered\n"
    assert out.count(said) == 2
    assert [(h["declarer"], h["partner"]) for h in hands()] == [("Berti", "Carl")]


def test_in_a_terminal_that_sends_no_utf8_the_session_goes_on(ledger_env):
    """A terminal whose encoding is strict UTF-8 (PYTHONIOENCODING=utf-8, as
    a de_AT.UTF-8 locale has it) sends a byte that is no UTF-8 (before:
    "ledger ... is damaged", and the session ended): the line is said to be
    no text, the next one is entered."""
    assert cli("evening", "start", *PLAYERS).exit_code == 0
    env = dict(
        os.environ, SCHREIBER_DB=str(ledger_env), TERM="dumb", COLUMNS="200", PYTHONIOENCODING="utf-8", LC_ALL="C.UTF-8"
    )
    p = terminal(sys.executable, ["-m", "schreiber", "tisch"], env=env, dimensions=(50, 200),
                 preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # fmt: skip
    p.expect(rb"\] > ")
    p.send(b"rufer berti c\xffrl +\r")
    p.expect(rb"is not UTF-8 text")
    p.expect(rb"\] > ")
    p.sendline(b"rufer berti carl +")
    p.expect(rb"Hand 1: ")
    p.expect(rb"\] > ")
    p.sendline(b"ende")
    p.expect(pexpect.EOF)
    p.close()
    assert p.exitstatus == 0
    assert [(h["declarer"], h["partner"]) for h in hands()] == [("Berti", "Carl")]


WORDS = ["rufer", "dreier", "solo", "piccolo", "trischaken", "berti", "carl", "dora", "anna", "+", "-", "41",
         "pagat!", "kontra:dora", "geg:trull", "radl", "straf", "erklär", "storno", "ändern", "1", "undo",
         "schrift", "stand", "hilfe", "zusammen", "sküsradl", "#"]  # fmt: skip
LINE = st.one_of(
    st.binary(max_size=40),
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=6).map(lambda w: " ".join(w).encode()),
    st.lists(st.one_of(st.sampled_from(WORDS).map(str.encode), st.binary(max_size=4)), max_size=6).map(b" ".join),
    st.text(max_size=30).map(lambda t: t.encode("utf-8", "surrogatepass")),
)


def ends(line: bytes) -> bool:
    """Whether a piece of the input is the session's command to end (ende, quit, ...), as the session reads it."""
    for piece in line.split(b"\n"):
        text = piece.decode("utf-8", "surrogateescape").strip()
        try:
            words = shlex.split(text)
        except ValueError:
            words = text.split()
        if words and ALIASES.get(words[0].lower(), words[0].lower()) == "ende":
            return True
    return False


@FUZZ
@given(lines=st.lists(LINE.filter(lambda b: not ends(b)), max_size=8))
def test_random_input_bytes_never_end_the_session_but_at_its_end(tmp_path_factory, lines):
    """Random lines of bytes (random bytes, the session's words, both mixed,
    any text): the session reads each, says what it cannot take, and ends
    only where the input ends; the ledger stays whole."""
    db = tmp_path_factory.mktemp("tisch") / "ledger.db"
    os.environ["SCHREIBER_DB"] = str(db)  # the fixture's ledger is per test, not per example
    assert cli("evening", "start", *PLAYERS).exit_code == 0
    out = tisch(b"\n".join(lines) + b"\nrufer berti carl +\n")
    assert out.count("] > ") == len(b"\n".join(lines).split(b"\n")) + 2  # a prompt for each line, and the end
    check_ledger(db, zero_sum=True)
