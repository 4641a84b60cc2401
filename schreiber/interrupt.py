"""Ctrl-C, from the console script's first line on: while the program
starts (imports, before typer has read ``--lang``) it is held until the
language is chosen and then ends the process with one line and the
interrupt's exit status; once a command runs it raises ``Interrupted``,
which rolls back the open transaction on its way to the same line
(``errors.guarded``)."""

import signal

HELD: list[int] = []  # a Ctrl-C while the program starts


def _during_start(signum, frame):
    HELD.append(signum)


def _during_command(signum, frame):
    from .errors import Interrupted

    raise Interrupted()


IGNORED = signal.getsignal(signal.SIGINT) is signal.SIG_IGN  # e.g. a job started with & : it stays ignored
if not IGNORED:
    signal.signal(signal.SIGINT, _during_start)


def started() -> None:
    """The language is chosen: a Ctrl-C from now on (or held until now) ends the command."""
    if not IGNORED:
        signal.signal(signal.SIGINT, _during_command)
    if HELD:
        _during_command(HELD[0], None)
