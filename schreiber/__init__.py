"""schreiber: the scorekeeper for Tarock Königrufen."""

__version__ = "0.1.0"

import sys as _sys

if _sys.argv and _sys.argv[0].endswith("schreiber"):  # the console script: Ctrl-C is ours from its first line on
    import gc as _gc

    _gc.disable()  # a command makes no cycles worth the collector's passes (docs/benchmarks.md); tisch turns it on
    from . import interrupt  # noqa: F401  (installs the handler)
