"""`schreiber tisch`: one session for the whole evening at the table, a
prompt for the short notation with history and tab completion; the ledger
stays open, so a hand costs no process start.
"""

from __future__ import annotations

import contextlib
import gc
import signal
import sys
from collections.abc import Callable, Sequence
from typing import IO, TYPE_CHECKING, Annotated, AnyStr

import typer

from ..errors import SchreiberError
from ..i18n import _
from . import complete
from .evening import start_evening
from .options import EveningNumber
from .paths import app_dir
from .root import echo, service, writable_target

if TYPE_CHECKING:
    from ..domain.rules import Rules
    from .session import Session


def _setup_readline(session: Session) -> Callable[[str], str]:
    """History and Tab completion on the terminal; returns what shows a
    prompt (the completion's list shows it again after itself)."""
    try:
        import readline
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return str
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
    cache: dict = {"prompt": ""}

    def complete(text: str, state: int):
        if state == 0:
            m = tab_words(session, readline.get_line_buffer()[: readline.get_endidx()])
            cache["m"] = [m[0] + " "] if len(m) == 1 and not m[0].endswith((":", ",")) else m  # a word done: its space
        m = cache.get("m", [])
        return m[state] if state < len(m) else None

    def show(substitution: str, matches: Sequence[str], longest: int) -> None:
        """Tab twice: the words in the order offered (readline would sort them), the commands on lines of their own."""
        sys.stdout.write("\n" + offered_lines(cache.get("m", list(matches))) + "\n" + cache["prompt"])
        sys.stdout.write(readline.get_line_buffer())
        sys.stdout.flush()

    readline.set_completer_delims(" \t")
    readline.set_completer(complete)
    readline.set_completion_display_matches_hook(show)
    readline.parse_and_bind("tab: complete")

    def shows(prompt: str) -> str:
        cache["prompt"] = prompt
        return prompt

    return shows


def offered_lines(words: list[str]) -> str:
    """The words Tab offers, as lines that fit the terminal: the hand's words
    (at a line's start the contracts, in bidding order), then the commands."""
    import shutil
    import textwrap

    from .session import COMMANDS_WORDS

    width = shutil.get_terminal_size().columns
    groups = [[w for w in words if w not in COMMANDS_WORDS], [w for w in words if w in COMMANDS_WORDS]]
    return "\n".join(
        textwrap.fill("  ".join(g), width, break_long_words=False, break_on_hyphens=False) for g in groups if g
    )


def tab_words(session: Session, line: str) -> list[str]:
    """What Tab offers at the end of ``line`` (the line up to the cursor) in
    the session: read for the evening's next hand, or a correction's as its
    hand was dealt."""
    ev = session.evening
    vorhand = session.svc.next_hand(ev).table.vorhand
    return line_words(line, ev.rules, ev.seating, vorhand, session.vorhand_of)


def line_words(
    line: str,
    rules: Rules,
    seating: tuple[str, ...],
    vorhand: str | None,
    vorhand_of: Callable[[int], str | None] = lambda number: None,
) -> list[str]:
    """What Tab offers at the end of ``line`` (the line up to the cursor; its
    last word, the one being typed, is completed): at the start a command of
    the session or a contract (the contracts first, in bidding order; the
    commands in the screen's language); after a command, what it takes (``ändern N``: a
    hand, read with hand N's Vorhand, ``vorhand_of(N)``); in a hand, the words
    the notation reads at that place (``domain.notation.follows``): after a
    contract players, after them the result, Kontra and premiums."""
    from ..domain.notation.follows import matching, next_words
    from .session import ALIASES, HAND, PLAYER, TABLE, command_words

    word = line.replace("\t", " ").rpartition(" ")[2]  # "" after a space: a new word
    done = line[: len(line) - len(word)].split()
    if not done:
        return next_words([], word, rules, seating, vorhand) + matching(command_words(), word)
    command = TABLE.get(ALIASES.get(done[0].lower(), done[0].lower()))
    if command is None:
        return next_words(done, word, rules, seating, vorhand)
    args = done[1:]
    if command.takes == HAND:
        dealt = vorhand_of(int(args[0])) if args and args[0].isdigit() else None
        return next_words(args[1:], word, rules, seating, dealt) if args else []
    if args or not command.takes:
        return []
    return matching(list(seating) if command.takes == PLAYER else list(command.takes), word)


NewPlayers = Annotated[
    list[str] | None,
    typer.Argument(
        metavar=_("PLAYERS"),
        help=_("Start a new evening with these players (optional)."),
        autocompletion=complete.known_players,
    ),
]


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
    interactive = sys.stdin.isatty()
    session = Session(svc, number, ask=_answer if interactive else None)  # no terminal: nobody is asked
    _greet(session)
    shown: Callable[[str], str] = str
    if interactive:
        _reading_any_bytes()
        shown = _setup_readline(session)
    gc.enable()  # a session lasts an evening: the cycle collector, off for a command's start, back on
    while True:
        on_ctrl_c = signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C at the prompt drops the line
        try:
            line = input(shown(session.prompt())) if interactive else _read_line(session)
        except EOFError:
            echo("")
            break
        except KeyboardInterrupt:
            echo("\n" + _("(Ctrl-C: line dropped; quit to leave)"))
            continue
        finally:
            signal.signal(signal.SIGINT, on_ctrl_c)
        if line is None:
            break
        if not session.handle(line):
            break
    echo(_("Until next time."))


def _greet(session: Session) -> None:
    """The evening the session is at, its cup (where it ranks by the Schrift), what to type."""
    from .report import cup_line, fitted

    ev = session.evening
    players = ", ".join(ev.seating)
    echo(fitted(_("Table: evening {n} ({date}, {preset}): {players}.").format(
        n=ev.id, date=ev.date, preset=ev.preset, players=players), ", "))  # fmt: skip
    if ev.rules.schrift_kontra != "all" and (cup := session.led.cups.table_of_evening(ev.id)) is not None:
        echo(cup_line(cup))
    echo(_("A hand in short notation, or help."))


def _reading_any_bytes() -> None:
    """The terminal's lines read whatever bytes they hold: a byte that is not
    UTF-8 is kept as a lone surrogate, which the session says is no text
    (``session.not_a_line``), instead of an error that ends the session."""
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(ValueError, OSError):
            reconfigure(errors="surrogateescape")


def _answer(question: str) -> str | None:
    """A question's answer on the terminal, the next line typed (None at the
    end of the input or on Ctrl-C), kept out of the history."""
    on_ctrl_c = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        answer = input(question)
        with contextlib.suppress(ImportError, ValueError):
            import readline

            if answer:
                readline.remove_history_item(readline.get_current_history_length() - 1)
        return answer
    except (EOFError, KeyboardInterrupt):
        echo("")
        return None
    finally:
        signal.signal(signal.SIGINT, on_ctrl_c)


def _read_line(session: Session) -> str | None:
    """The next line of the input that is no terminal (a file, a pipe), read
    as bytes: a byte that is not UTF-8 spoils its own line only (kept as a
    lone surrogate, see ``_reading_any_bytes``), and of a line longer than any
    the session reads only the start is kept, the rest passed over (bounded
    memory and time). None at the end of the input."""
    from ..domain.notation.words import LINE_MAX

    sys.stdout.write(session.prompt())
    sys.stdout.flush()
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text stream without bytes beneath (in a test): its lines as they are
        return _bounded_line(sys.stdin, "\n", 4 * LINE_MAX + 4) or None
    raw = _bounded_line(stream, b"\n", 4 * LINE_MAX + 4)  # more than LINE_MAX characters, however encoded
    return raw.decode("utf-8", "surrogateescape") if raw else None


def _bounded_line(stream: IO[AnyStr], end: AnyStr, most: int) -> AnyStr:
    """The next line of ``stream``, at most ``most`` long: of a longer one the
    rest is passed over, never read as lines of its own."""
    line = stream.readline(most)
    if line and not line.endswith(end):
        while (rest := stream.readline(1 << 16)) and not rest.endswith(end):
            pass
    return line
