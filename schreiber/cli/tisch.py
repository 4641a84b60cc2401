"""`schreiber tisch`: one session for the whole evening at the table, a
prompt for the short notation with history and tab completion; the ledger
stays open, so a hand costs no process start.
"""

from __future__ import annotations

import contextlib
import gc
import signal
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import SchreiberError
from ..i18n import _
from . import complete
from .evening import start_evening
from .options import EveningNumber
from .paths import app_dir
from .root import Command, app, echo, service, writable_target

if TYPE_CHECKING:
    from .session import Session


def _setup_readline(session: Session) -> None:
    try:
        import readline
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return
    hist = app_dir() / "tisch_history"
    try:
        writable_target(hist, "", "", None)
        kept = True
    except SchreiberError:  # no history where a ledger (or a link to nowhere) is in its place
        kept = False
    try:
        hist.parent.mkdir(parents=True, exist_ok=True)
        if kept and hist.exists():
            readline.read_history_file(str(hist))
    except OSError:
        pass
    import atexit

    def save() -> None:
        if kept:
            with contextlib.suppress(OSError):
                readline.write_history_file(str(hist))

    atexit.register(save)
    cache: dict = {}

    def complete(text: str, state: int):
        if state == 0:
            words = session.words()
            low = text.lower()
            prefix = ""
            if ":" in text:  # geg:tr, kontra:ca
                prefix, _x, low = text.rpartition(":")
                prefix += ":"
                low = low.lower()
            cache["m"] = [prefix + w for w in words if w.lower().startswith(low)]
        m = cache.get("m", [])
        return m[state] if state < len(m) else None

    readline.set_completer_delims(" \t")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


NewPlayers = Annotated[
    list[str] | None,
    typer.Argument(
        metavar=_("PLAYERS"),
        help=_("Start a new evening with these players (optional)."),
        autocompletion=complete.known_players,
    ),
]


@app.command("tisch", cls=Command)
def tisch(
    players: NewPlayers = None,
    rules: Annotated[
        str, typer.Option("--rules", help=_("Preset or rules file, with PLAYERS."), autocompletion=complete.presets)
    ] = "standard",
    rule: Annotated[
        list[str] | None, typer.Option("--rule", metavar=_("KEY=VALUE"), help=_("House rule KEY=VALUE, with PLAYERS."))
    ] = None,
    evening_id: EveningNumber = None,
) -> None:
    """The table session: enter hands in short notation, see the sheet after each.

    Example: schreiber tisch      (then: rufer berti carl +)
             schreiber tisch --evening 5     (one table of several)
    """
    if players and evening_id is not None:
        raise SchreiberError(_("give either PLAYERS (a new evening) or --evening N (an open one), not both"))
    from .session import Session

    started = start_evening(players, rules, rule) if players else None  # before the ledger is opened: it may make it
    svc = service()
    number = started if started is not None else svc.evening(evening_id, writable=True).id
    session = Session(svc, number)
    ev = session.evening
    echo(
        _("Tisch: evening {n} ({date}, {preset}): {players}.").format(
            n=ev.id, date=ev.date, preset=ev.preset, players=", ".join(ev.seating)
        )
    )
    if ev.rules.schrift_kontra != "all" and (cup := session.led.cups.table_of_evening(ev.id)) is not None:
        from .report import cup_line

        echo(cup_line(cup))
    echo(_("A hand in short notation, or hilfe."))
    interactive = sys.stdin.isatty()
    if interactive:
        _setup_readline(session)
    gc.enable()  # a session lasts an evening: the cycle collector, off for a command's start, back on
    while True:
        on_ctrl_c = signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C at the prompt drops the line
        try:
            line = input(session.prompt()) if interactive else _read_line(session)
        except EOFError:
            echo("")
            break
        except KeyboardInterrupt:
            echo("\n" + _("(Ctrl-C: line dropped; ende to leave)"))
            continue
        finally:
            signal.signal(signal.SIGINT, on_ctrl_c)
        if line is None:
            break
        if not session.handle(line):
            break
    echo(_("Until next time."))


def _read_line(session: Session) -> str | None:
    sys.stdout.write(session.prompt())
    sys.stdout.flush()
    line = sys.stdin.readline()
    return line if line else None
