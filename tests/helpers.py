"""Small helpers for tests: score a hand in one call, run the CLI."""

from __future__ import annotations

import atexit
import contextlib
import gc
import importlib
import itertools
import json
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

import pytest
from typer.testing import CliRunner

if TYPE_CHECKING:
    import pexpect

from schreiber.domain.engine import Context, score
from schreiber.domain.record import check_hand
from schreiber.domain.rules import load_rules

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
SHARED = ROOT.parent / "shared"
needs_shared = pytest.mark.skipif(
    not (SHARED / "rules").is_dir(),
    reason="the rule documents (../shared/rules) are not beside the checkout; the cited lines cannot be read",
)

F, G, H, I, J = "Fritz", "Gerti", "Hans", "Ilse", "Josef"
P4 = (F, G, H, I)  # Fritz deals the first hand, Gerti is its Vorhand
P5 = (F, G, H, I, J)


def play(preset, record, players=P4, dealer=None, rules=(), ctx=Context()):
    """Payments of one hand as {player: Fraction} (sitting-out players 0)."""
    r = load_rules(preset, list(rules))
    hand, table = check_hand(record, r, players, dealer or players[0])
    s = score(hand, r, table, ctx)
    out = {p: Fraction(0) for p in players}
    out.update(dict(s.payments))
    return out


def refused_hand(preset, record, rules=()) -> str:
    """The line a hand the rules refuse is refused with."""
    from schreiber.errors import HandError

    with pytest.raises(HandError) as exc:
        play(preset, record, rules=rules)
    return str(exc.value)


def rufer(decl, partner, result="won", **kw):
    return {"contract": "rufer", "declarer": decl, "partner": partner, "result": result, **kw}


def team(v, winners, losers):
    out = {p: Fraction(0) for p in winners + losers}
    for w in winners:
        out[w] += v
    for l in losers:
        out[l] -= v
    return out


def solo(v, soloist, players=P4):
    out = {p: Fraction(-v) for p in players}
    out[soloist] = Fraction(v * (len(players) - 1))
    return out


def prem(name, party="declarer", announced=True, result="won", kontra=None):
    p = {"name": name, "party": party, "announced": announced, "result": result}
    if kontra:
        p["kontra"] = kontra
    return p


_BUILT: dict[str, object] = {}


def cli(*args, input=None):
    """The command line in this process, as ``CliRunner().invoke(app, args)``
    runs it, with the click command typer builds from the app (~20 ms) built
    once per screen language."""
    import typer.main
    from typer.testing import Result

    from schreiber.cli.groups import main_app
    from schreiber.i18n import language

    command = _BUILT.get(language())
    if command is None:
        command = _BUILT[language()] = typer.main.get_command(main_app())
    runner = CliRunner()
    value, status, exception, exc_info = None, 0, None, None
    with runner.isolation(input=input) as (out, err, both):  # as CliRunner.invoke runs it
        try:
            value = command.main(args=list(args), prog_name=runner.get_default_prog_name(command))
        except SystemExit as done:
            status = done.code if isinstance(done.code, int) else 0 if done.code is None else 1
            exception, exc_info = (done, sys.exc_info()) if status else (None, None)
        except Exception as exc:
            status, exception, exc_info = 1, exc, sys.exc_info()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
        streams = out.getvalue(), err.getvalue(), both.getvalue()
    return Result(runner, *streams, value, status, exception, exc_info)  # type: ignore[arg-type]


@contextlib.contextmanager
def letting_go() -> Iterator[None]:
    """The ledgers the commands inside opened and left in reference cycles
    closed at the end, so that a test of hundreds of commands does not keep
    hundreds of files open: the cycle collector looks through what was made
    inside only (``gc.freeze``: what was there before is not looked through
    again, the whole test process at every test)."""
    gc.freeze()
    try:
        yield
    finally:
        gc.collect()
        gc.unfreeze()


def played_under(rules_file, hands, players=P4) -> list:
    """The sheet's hands (``sheet --json``) after an evening started under
    ``rules_file`` with the records of ``hands`` (pairs record, payments)
    added; each hand's payments are checked against its pair."""
    import json

    r = cli("evening", "start", *players, "--rules", str(rules_file))
    assert r.exit_code == 0, r.output
    for record, _ in hands:
        r = cli("hand", "add", "--json", json.dumps(record))
        assert r.exit_code == 0, r.output
    sheet = json.loads(cli("sheet", "--json").stdout)["hands"]
    assert [h["payments"] for h in sheet] == [want for _, want in hands]
    return sheet


def run_at(db, *args: str, input: str | None = None):
    """A command on the ledger ``db`` that must succeed, in process; the
    ledger it made is a file afterwards, as after the real command (which
    then ends)."""
    from schreiber.ledger import Opened

    r = cli("--db", str(db), *args, input=input)
    assert r.exit_code == 0, (args, r.output)
    Opened.make_missing_files()
    return r


def dump(db_path) -> list:
    """Every row of every table: to prove that a failed command wrote nothing."""
    con = sqlite3.connect(db_path)
    out = []
    for (name,) in con.execute("select name from sqlite_master where type='table' order by name"):
        out.append((name, sorted(map(repr, con.execute(f'select * from "{name}"')))))
    con.close()
    return out


def merged(out: str) -> str:
    """What ``merge`` printed, on one line: its summary lines joined (a line
    after the first is indented and at most 80 columns wide)."""
    lines = out.splitlines()
    assert all(ln.startswith("  ") and len(ln) <= 80 for ln in lines[1:]), out
    return " ".join(ln.strip() for ln in lines) + "\n"


def refused_line(*args: str) -> str:
    """A refused command through the console script's entry point: exit 1,
    exactly one line on stderr and no traceback; that line."""
    p = console(list(args))
    assert p.returncode == 1, (p.stdout, p.stderr)
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in p.stderr, p.stderr
    return lines[0]


# The console script in this process ----------------------------------------------------------------

WAIT = 120  # seconds: the bound on a wait for a process, a server or a browser; a hang reaches it, a loaded machine not
EXE = Path(sys.executable).with_name("schreiber")
SCHREIBER = [str(EXE)] if EXE.exists() else [sys.executable, "-m", "schreiber"]
STARTUP_SETTINGS = ("LANG", "LANGUAGE", "LC_", "PYTHON")  # read once, as Python starts (the streams' encoding)
# What a process of its own starts without: what one command leaves for the next in this process.
PER_PROCESS = (("schreiber.faults", "_passed"),)
_MAIN: list = []


def console(
    args: list[str], env: dict[str, str] | None = None, input: str | None = None, cwd: str | Path | None = None
) -> subprocess.CompletedProcess:
    """`schreiber ARGS` as the console script runs it (its entry point:
    the same error lines and exit status), with this environment, standard
    input and working folder, in this process. What is fixed when a process
    starts decides where else: a process of its own for other locale or
    Python settings; a German screen (typer's own words are German for the
    whole process, and the commands' help texts are read in the language of
    the process's first command) in one process of the test worker that
    speaks German (``German``)."""
    env = dict(os.environ) if env is None else dict(env)
    if _settings(env) != _settings(os.environ):
        return subprocess.run(
            SCHREIBER + list(args), env=env, input=input, cwd=cwd, capture_output=True, text=True, timeout=60
        )
    if german_screen(args, env):
        return German.run(args, env, input, cwd)
    return in_process(args, env, input, cwd)


def in_process(
    args: list[str], env: dict[str, str], input: str | None = None, cwd: str | Path | None = None
) -> subprocess.CompletedProcess:
    """``console`` in this process: the entry point with ``env`` as the
    whole environment, then what the command kept for its process forgotten."""
    changes: dict[str, str | None] = {k: None for k in os.environ if k not in env}
    changes.update(env)
    handler, argv, here = signal.getsignal(signal.SIGINT), sys.argv, os.getcwd()
    gc.freeze()  # what was there before: not looked through again when the command's ledgers are closed
    try:
        main = _main()
        with CliRunner().isolation(input=input, env=changes) as (out, err, _):
            sys.argv = ["schreiber", *args]
            os.chdir(cwd or here)
            status = _exit_status(main)
            sys.stdout.flush()
            sys.stderr.flush()
            stdout, stderr = out.getvalue().decode(errors="replace"), err.getvalue().decode(errors="replace")
    finally:
        sys.argv = argv
        os.chdir(here)
        signal.signal(signal.SIGINT, handler)
        fresh_process_state()
        gc.unfreeze()
    return subprocess.CompletedProcess(["schreiber", *args], status, stdout, stderr)


GERMAN = """
import json, os, sys
sys.path[0] = sys.argv[1]  # the tests, wherever a command goes
from tests import helpers
helpers.German.serve()
"""


class German:
    """One process of the test worker whose screen is German, started at
    its first German command: its command modules read their help texts in
    German, typer's words are German, and it runs each command given
    as ``in_process`` runs it here (one line of JSON in, one out)."""

    proc: subprocess.Popen | None = None
    started_with: ClassVar[dict[str, str]] = {}  # its locale and Python settings

    @classmethod
    def run(cls, args: list[str], env: dict[str, str], input: str | None, cwd: str | Path | None):
        if cls.proc is not None and _settings(env) != cls.started_with:  # started under other settings
            return subprocess.run(
                SCHREIBER + list(args), env=env, input=input, cwd=cwd, capture_output=True, text=True, timeout=60
            )
        if cls.proc is None or cls.proc.poll() is not None:
            cls.started_with = _settings(env)
            cls.proc = subprocess.Popen([sys.executable, "-c", GERMAN, str(ROOT)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT,
                                        env=dict(os.environ, SCHREIBER_LANG="de"))  # fmt: skip
            atexit.register(cls.proc.kill)
        assert cls.proc.stdin is not None and cls.proc.stdout is not None
        asked = {"args": list(args), "env": env, "input": input, "cwd": None if cwd is None else str(cwd)}
        cls.proc.stdin.write(json.dumps(asked) + "\n")
        cls.proc.stdin.flush()
        said = cls.proc.stdout.readline()
        assert said, f"the German console process ended (status {cls.proc.poll()})"
        status, stdout, stderr = json.loads(said)
        return subprocess.CompletedProcess(["schreiber", *args], status, stdout, stderr)

    @staticmethod
    def serve() -> None:
        """The German process's loop: its answers on a copy of standard output,
        so that what a command writes past its streams goes to standard error."""
        from schreiber.cli.groups import modules

        for module in modules():  # their help texts in German
            importlib.import_module(module)
        answers = os.fdopen(os.dup(1), "w")
        os.dup2(2, 1)
        for line in sys.stdin:
            asked = json.loads(line)
            done = in_process(asked["args"], asked["env"], asked["input"], asked["cwd"])
            answers.write(json.dumps([done.returncode, done.stdout, done.stderr]) + "\n")
            answers.flush()


def _main():
    """The console script's entry point (loaded once; loading it takes Ctrl-C
    over, which the caller gives back)."""
    if not _MAIN:
        from importlib.metadata import entry_points

        (script,) = entry_points(group="console_scripts", name="schreiber")
        _MAIN.append(script.load())
    return _MAIN[0]


def _exit_status(main) -> int:
    try:
        main()
    except SystemExit as done:
        if done.code is None or isinstance(done.code, int):
            return done.code or 0
        sys.stderr.write(f"{done.code}\n")
        return 1
    return 0


def _settings(env: dict[str, str] | os._Environ) -> dict[str, str]:
    return {k: v for k, v in env.items() if k.startswith(STARTUP_SETTINGS)}


def german_screen(args: list[str], env: dict[str, str]) -> bool:
    from schreiber.i18n import from_locale

    given = [b for a, b in itertools.pairwise(args) if a == "--lang"] + [a[7:] for a in args if a.startswith("--lang=")]
    wanted = given[0] if given else env.get("SCHREIBER_LANG") or from_locale(env)
    return wanted.strip().lower().startswith("de")


def fresh_process_state() -> None:
    """Forget what the commands run in this process kept for the rest of
    their process (where the code keeps it), as a new process would."""
    from schreiber import i18n

    gc.collect()  # the ledgers they opened closed, as at a process's end (their -wal and -shm files go)
    for module, name in PER_PROCESS:
        kept = getattr(sys.modules.get(module), name, None)
        if kept is not None:
            kept.clear()
    from schreiber.ledger import Opened

    Opened.last = Opened.written = Opened.on_migrate = None
    Opened.unmade.clear()
    Opened.by_sqlite.clear()
    i18n.reset()


def terminal(command: str, args: list[str], **kw) -> pexpect.spawn:
    """A process in a terminal of its own (pexpect), typed to without
    pexpect's pause before each line: every test waits for what the process
    says (its prompt) before it types, as a player does, for as long as it
    takes (``WAIT``: only a hang ends the wait). Read with ``poll``, not
    ``select``: the test process may hold more than 1,024 files (the ledgers
    of earlier tests, until the cycle collector closes them)."""
    import pexpect

    p = pexpect.spawn(command, args, **{"timeout": WAIT, "use_poll": True, **kw})
    p.delaybeforesend = None
    return p


def without_echo(screen: str, typed: list[str]) -> list[str]:
    """The lines a terminal showed (``screen``, its carriage returns taken
    out), without the line editor's echo of what was typed: a line with the
    prompt or a Tab, and a piece of a typed line at the start of a line (the
    editor redraws a typed line longer than the terminal in pieces, and on a
    busy machine the command's output may follow a piece on its line)."""
    out = []
    for line in screen.split("\n"):
        if "] > " in line or "\t" in line:
            continue
        echoed = next((n for n in range(len(line), 3, -1) if any(line[:n] in t for t in typed)), 0)
        out.append(line[echoed:])
    return out
