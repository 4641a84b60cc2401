"""schreiber: the scorekeeper for Tarock Königrufen."""

import sys as _sys

__version__ = "0.1.0"

if _sys.argv and _sys.argv[0].endswith("schreiber"):  # the console script: Ctrl-C is ours from here on
    import os as _os
    import signal as _signal

    def _interrupted_at_start(signum, frame):
        _os.write(2, b"schreiber: interrupted; nothing was written\n")
        _os._exit(130)

    if _signal.getsignal(_signal.SIGINT) is not _signal.SIG_IGN:
        _signal.signal(_signal.SIGINT, _interrupted_at_start)
