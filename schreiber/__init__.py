"""schreiber: the scorekeeper for Tarock Königrufen."""

__version__ = "0.1.0"

import sys as _sys

if _sys.argv and _sys.argv[0].endswith("schreiber"):  # the console script: Ctrl-C is ours from its first line on
    from . import interrupt  # noqa: F401  (installs the handler)
