"""The ledger: the only package that touches SQLite.

``store.Ledger`` is its one door: every read and write of the file goes
through it; ``connection`` opens (and refuses) files and migrates them,
``migrations`` holds the schema, ``codec`` turns rows into the typed values
of ``values``, ``derived`` and ``statistics`` keep and read the statistics
rows, ``export`` and ``backup`` take data out, ``errors`` says what went
wrong in the ledger's own terms.
"""

from collections.abc import Callable
from pathlib import Path

# Told (the ledger's path, its copy's path) before an existing ledger is
# migrated, which takes minutes for a very large one: the command line says
# so on a terminal. Here, not in ``connection``, so that registering costs
# a command nothing it does not use.
ON_MIGRATE: list[Callable[[Path, Path], None]] = []
