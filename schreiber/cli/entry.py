"""The console entry point: the fast path of ``hand add``, or the command
line with the command groups it needs (``groups.py``); either way every
error is one clear line (``errors.guarded``).

Ctrl-C is schreiber's from this module's first line on: while the program
starts (imports, before anything is opened) it ends the process at once
with one line and the interrupt's exit status; once a command runs it
raises ``Interrupted``, which rolls back the open transaction on its way
to the same line.
"""

import codecs
import os
import signal
import sys

INTERRUPTED = 130  # 128 + SIGINT, as shells report it (cli/errors.py)


def _during_start(signum, frame):
    from .. import interrupted_at_start  # loaded already (the package)

    os.write(2, interrupted_at_start())
    os._exit(INTERRUPTED)


IGNORED = signal.getsignal(signal.SIGINT) is signal.SIG_IGN  # e.g. a job started with & : it stays ignored
if not IGNORED:
    signal.signal(signal.SIGINT, _during_start)


def _during_command(signum, frame):
    from ..errors import Interrupted

    raise Interrupted()


def _tell_migration(path, copy) -> None:
    """On a terminal: one line before an older ledger is brought to this
    version's tables (minutes for a very large one)."""
    if sys.stderr.isatty():
        from ..i18n import _

        sys.stderr.write(
            _(
                "schreiber: bringing {path} up to this version's tables; a large ledger takes a few minutes (the ledger as it was: {copy})"
            ).format(path=path, copy=copy.name)
            + "\n"
        )
        sys.stderr.flush()


def _escaped(exc: UnicodeError) -> tuple[str, int]:
    """The characters an output stream's encoding cannot show, as JSON
    writes them (``\\u00eb``, ``\\u738b``, ``\\ud83d\\ude00``): readable
    on the screen, and a ``--json`` document stays valid JSON."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = []
    for ch in exc.object[exc.start : exc.end]:
        n = ord(ch)
        units = (0xD800 + ((n - 0x10000) >> 10), 0xDC00 + ((n - 0x10000) & 0x3FF)) if n > 0xFFFF else (n,)
        out += [f"\\u{u:04x}" for u in units]
    return "".join(out), exc.end


def _escaping_streams() -> None:
    """What the terminal's encoding cannot show (a name in another script on
    a Latin-1 terminal, an umlaut on an ASCII one) is written escaped
    (``_escaped``) instead of failing: output, which may come after a
    commit, never fails for its text, and what the encoding can show
    (umlauts on a Latin-1 terminal) is shown as it is. Every line goes
    through these two streams (``root.echo``, ``print_json``, the error line)."""
    codecs.register_error("schreiber-escape", _escaped)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # None, or no text stream: left as it is
        if reconfigure is not None:
            reconfigure(errors="schreiber-escape")


def main() -> None:
    from ..i18n import choose
    from .errors import guarded
    from .fast import fast_hand_add, leading_options

    _escaping_streams()
    given, _rest = leading_options(sys.argv[1:])
    guarded(lambda: choose(given.get("--lang")))  # before any help text is read: they are in its language
    fast = fast_hand_add(sys.argv[1:])
    if fast is None:
        from .groups import app_for

        fast = app_for(sys.argv[1:])
    if not IGNORED:
        signal.signal(signal.SIGINT, _during_command)
    from ..ledger import Opened

    Opened.on_migrate = _tell_migration
    try:
        guarded(fast)
    finally:  # the command is done: Ctrl-C while Python shuts down has nothing left to stop
        signal.signal(signal.SIGINT, signal.SIG_IGN)
