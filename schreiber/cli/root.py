"""What every command needs: the ledger, the service, output; its help page
in the screen's language (``Command``, ``Group``)."""

from __future__ import annotations

import contextlib
import inspect
import os
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperCommand, TyperGroup

from ..i18n import N_, _, ngettext
from .paths import ledger_path, user_path

if TYPE_CHECKING:
    from ..ledger.store import Ledger
    from ..service import Service


def _format_usage(self: Any, ctx: Any, formatter: Any) -> None:
    formatter.write_usage(ctx.command_path, " ".join(self.collect_usage_pieces(ctx)), _("Usage: "))


# An option's value where it has no metavar of ours, named for the reader instead of by typer's Python type.
VALUE_WORDS = {"<int>": "N", "<str>": N_("TEXT"), "<list[str]>": N_("TEXT"), "<path>": N_("FILE")}
_TYPE = re.compile(r"<[\w\[\], |]+>$")


def _value_word(match: re.Match) -> str:
    word = VALUE_WORDS.get(match[0])
    return _(word) if word else match[0]


# typer's help of the options it adds (--help, the shell's completion), written outright: said in the
# screen's language where the help page lists them.
OPTION_HELP = (
    N_("Show this message and exit."),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
    N_("Install completion for the specified shell."),
    N_("Show completion for the specified shell, to copy it or customize the installation."),
)


def _option_help(text: str) -> str:
    """An option's help in the screen's language where it is typer's own (``OPTION_HELP``)."""
    for english in OPTION_HELP:
        if text == english or text.startswith(english + "  "):
            return _(english) + text[len(english) :]
    return text


def _format_params(self: Any, ctx: Any, formatter: Any) -> None:
    """Arguments and options as typer lists them, without its Python types:
    an argument named by its metavar (ours, in the screen's language), an
    option's value by ``VALUE_WORDS`` where the option has no metavar."""
    args, opts = [], []
    for param in self.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is None:
            continue
        name, help_text = record
        if param.param_type_name == "argument":
            name = (param.metavar or param.name.upper()) + ("..." if param.nargs == -1 else "")
            args.append((name, help_text))
        else:
            opts.append((_TYPE.sub(_value_word, name), _option_help(help_text)))
    for title, rows in ((_("Arguments"), args), (_("Options"), opts)):
        if rows:
            with formatter.section(title):
                formatter.write_dl(rows)


class Command(TyperCommand):
    """A command whose help page says "Usage:", its arguments and the kinds of its options' values in the
    screen's language."""

    format_usage = _format_usage
    format_options = _format_params


class Group(TyperGroup):
    """A command group: "Usage:", its options and an unknown command in the screen's language."""

    format_usage = _format_usage

    def format_options(self, ctx: Any, formatter: Any) -> None:
        _format_params(self, ctx, formatter)
        self.format_commands(ctx, formatter)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0] if args else ""
        if name and not name.startswith("-") and not ctx.resilient_parsing and self.get_command(ctx, name) is None:
            import difflib

            text = _("No such command {name!r}.").format(name=name)
            close = difflib.get_close_matches(name, self.list_commands(ctx))
            if close:
                text = text.rstrip(".") + ". " + _("Did you mean {names}?").format(names=", ".join(map(repr, close)))
            ctx.fail(text)
        return super().resolve_command(ctx, args)


# A number of things as a line says it ("3 hands"): what a merge brought, a backup holds, an import added.
COUNTED: dict[str, Callable[[int], str]] = {
    "players": lambda n: ngettext("{n} player", "{n} players", n),
    "evenings": lambda n: ngettext("{n} evening", "{n} evenings", n),
    "hands": lambda n: ngettext("{n} hand", "{n} hands", n),
    "other_entries": lambda n: ngettext("{n} other entry", "{n} other entries", n),
    "corrections": lambda n: ngettext("{n} correction", "{n} corrections", n),
    "status_changes": lambda n: ngettext("{n} evening closed or settled", "{n} evenings closed or settled", n),
    "imports": lambda n: ngettext("{n} import record", "{n} import records", n),
    "cups": lambda n: ngettext("{n} tournament", "{n} tournaments", n),
}


def counted(kind: str, n: int) -> str:
    return COUNTED[kind](n).format(n=n)


class _Opts:
    db: str | None = None


OPTS = _Opts()


def db_path() -> Path:
    return ledger_path(OPTS.db)[0]


def ledger() -> Ledger:
    from ..ledger.store import Ledger  # here, not above: --help and --version never open a ledger

    return Ledger(*ledger_path(OPTS.db))


def service() -> Service:
    from ..service import Service

    return Service(ledger())


def tell_carried(svc: Service, out: Callable[[str], Any] | None = None) -> None:
    """What a change did beyond its own evening, once, one line each (on
    stderr, or to ``out``): Pagat pots carried on, closed evenings changed."""
    from ..render import cell, player_points

    say = out or (lambda line: echo(line, err=True))
    led = svc.ledger
    for c in svc.carried:
        ev = c.evening
        line = _(
            "Pagat pot carried on: evening {n} ({date}, {status}) now starts with {now} points (was {was}), what evening {source} left; re-scored"
        ).format(n=ev.id, date=ev.date, status=_(ev.status), now=cell(ev.start_pot), was=cell(c.was), source=c.source)
        if c.balance_changed:
            line += _("; its balance is now {points}: schreiber settle --evening {n}").format(
                points=player_points(led.balance(ev.id).items()), n=ev.id
            )
        say(line)
    for ev in svc.closed_changed:
        say(
            _(
                "evening {n} ({date}) is {status}: what came in changed its balance to {points}: schreiber settle --evening {n}"
            ).format(n=ev.id, date=ev.date, status=_(ev.status), points=player_points(led.balance(ev.id).items()))
        )
    svc.carried, svc.closed_changed = [], []


def writable_target(
    target: Path | str, label: str, suffix: str, option: str | None = "--out", a_file: bool = False
) -> Path:
    """``target`` (a ``str``: ``~`` expanded), once a file written there
    replaces no ledger (``ledger/targets.py``); else one error line that
    suggests ``option`` with ``target``'s name plus ``-label`` and ``suffix``.
    ``a_file``: a folder (``.``, ``/``, an empty ``--out``) is refused too."""
    from ..errors import SchreiberError
    from ..ledger.errors import LedgerTarget
    from ..ledger.targets import refuse_ledger_target

    if isinstance(target, str):
        target = user_path(target)  # ~nosuchuser: as typed, and the command says so
    if a_file and (not target.name or target.name == ".." or target.is_dir()):
        raise SchreiberError(
            _("{option} {target} is a folder; give a file in it, e.g. {option} {example}").format(
                option=option, target=target, example=target / f"{label}{suffix}"
            )
        )
    try:
        in_use: Path | None = db_path()
    except SchreiberError:  # no ledger can be named (HOME set but empty): the other ledgers are still refused
        in_use = None
    try:
        refuse_ledger_target(target, in_use)
    except LedgerTarget as exc:
        if option is not None:
            exc.instead = f"{option} {target.with_name(f'{target.stem}-{label}{suffix}')}"
        raise
    return target


@contextlib.contextmanager
def writing(message: str, **values: object) -> Iterator[None]:
    """A file of the command's that cannot be written: one line, ``message``
    with ``values`` and the system's reason (``{strerror}``)."""
    from ..errors import SchreiberError

    try:
        yield
    except OSError as exc:
        raise SchreiberError(message, strerror=exc.strerror, **values) from None


def wrote(path: Path) -> Path:
    """``path`` (a file, not the ledger) is written whole: the command has
    done what it was for, so output that cannot be written after it (a full
    disk) is said on stderr with exit status 0 (``errors.guarded``), as
    after a change of the ledger: a retry would meet the file it wrote."""
    from .errors import WROTE

    WROTE.append(path)
    return path


def terminal_size() -> os.terminal_size | None:
    """The size of the terminal the command was typed in: standard output's,
    or where that goes into a pipe or a file (``sheet | less``), standard
    error's or input's; ``COLUMNS`` and ``LINES`` say it where set, as for
    ``shutil.get_terminal_size``. None without a terminal (a script, cron)."""
    for stream in (sys.stdout, sys.stderr, sys.stdin):
        try:
            if stream.isatty():
                size = os.get_terminal_size(stream.fileno())
                break
        except (AttributeError, ValueError, OSError):  # a stream without a file descriptor (a test's)
            continue
    else:
        return None
    said = [os.environ.get(name, "") for name in ("COLUMNS", "LINES")]
    columns, lines = (int(v) if v.isdigit() and int(v) > 0 else n for v, n in zip(said, size))
    return os.terminal_size((columns, lines))


def screen_width() -> int | None:
    """The terminal's columns, which every screen fits (None without a terminal: as wide as it is)."""
    size = terminal_size()
    return size.columns if size else None


def _a_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a closed stream, or one of a test's
        return False


def echo(text: object = "", err: bool = False, nl: bool = True, whole: bool = False) -> None:
    """A line on stdout (``err``: stderr) through the stream as start-up set
    it up (``entry.py``), flushed; typer's echo writes past its encoding.
    Where the stream is a terminal, a line wider than it is broken between
    words (``render.fit``), unless ``whole``: data and documents (JSON, CSV,
    Markdown, a table in a format asked for, a command line to copy) and
    what already has its own layout for the width."""
    stream = sys.stderr if err else sys.stdout
    said = f"{text}"
    if not whole and _a_terminal(stream):
        from ..render import fit

        said = fit(said, screen_width())
    stream.write(f"{said}\n" if nl else said)
    stream.flush()


def print_json(data: Any) -> None:
    from ..render import json_text

    sys.stdout.write(json_text(data))


def translate_help(group: typer.Typer) -> None:
    """The help of every command (its docstring) in the screen's language."""
    for info in group.registered_commands:
        doc = inspect.getdoc(info.callback) if info.callback is not None else None
        if info.help is None and doc:
            info.help = _(doc)
    for sub in group.registered_groups:
        if sub.typer_instance is not None:
            translate_help(sub.typer_instance)
