"""The console entry point: the fast path of ``hand add``, or the command
line with the command groups it needs (``groups.py``); either way every
error is one clear line (``errors.guarded``).

Ctrl-C is schreiber's from this module's first line on: while the program
starts (imports, before anything is opened) it ends the process at once
with one line and the interrupt's exit status; once a command runs it
raises ``Interrupted``, which rolls back the open transaction on its way
to the same line.
"""

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


def main() -> None:
    from ..i18n import choose
    from .errors import guarded
    from .fast import fast_hand_add, leading_options

    given, _rest = leading_options(sys.argv[1:])
    guarded(lambda: choose(given.get("--lang")))  # before any help text is read: they are in its language
    fast = fast_hand_add(sys.argv[1:])
    if fast is None:
        from .groups import app_for

        fast = app_for(sys.argv[1:])
    if not IGNORED:
        signal.signal(signal.SIGINT, _during_command)
    from ..ledger import ON_MIGRATE

    ON_MIGRATE.append(_tell_migration)
    try:
        guarded(fast)
    finally:  # the command is done: Ctrl-C while Python shuts down has nothing left to stop
        signal.signal(signal.SIGINT, signal.SIG_IGN)
