"""`python -m schreiber`: the same as the console script."""

from .cli.entry import main

main()
