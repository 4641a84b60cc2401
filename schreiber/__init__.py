"""schreiber: the scorekeeper for Tarock Königrufen."""

import sys as _sys

__version__ = "0.1.0"

INTERRUPTED_AT_START = {  # Ctrl-C before anything is loaded (i18n.py chooses the language later, with its catalog)
    "de": b"schreiber: abgebrochen; nichts wurde geschrieben\n",
    "en": b"schreiber: interrupted; nothing was written\n",
}


def interrupted_at_start() -> bytes:
    """The Ctrl-C line while the program starts, in the language that
    ``--lang``, ``SCHREIBER_LANG`` or the locale chooses (as ``i18n.choose``
    does, without it: only the command line and the environment are read)."""
    import os

    argv = _sys.argv[1:]
    wanted = None
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            wanted = argv[i + 1]
        elif arg.startswith("--lang="):
            wanted = arg[7:]
        else:
            continue
        break
    if wanted is None:
        wanted = os.environ.get("SCHREIBER_LANG") or next(
            (os.environ[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE") if os.environ.get(v)), ""
        )
    return INTERRUPTED_AT_START["de" if wanted.strip().lower().startswith("de") else "en"]


if _sys.argv and _sys.argv[0].endswith("schreiber"):  # the console script: Ctrl-C is ours from here on
    import os as _os
    import signal as _signal

    def _interrupted_at_start(signum, frame):
        _os.write(2, interrupted_at_start())
        _os._exit(130)

    if _signal.getsignal(_signal.SIGINT) is not _signal.SIG_IGN:
        _signal.signal(_signal.SIGINT, _interrupted_at_start)
