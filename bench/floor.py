"""The start-up floor of a table command: the smallest typer command line over
sqlite-utils, written with their public API only. One command with a text
argument and an integer option, which opens a SQLite file with sqlite-utils
and inserts one row (the file: the first argument, else ``floor.db`` here).

    .venv/bin/python bench/floor.py FILE TEXT --number 3

``bench/run.py`` runs every table command beside it (docs/benchmarks.md).
"""

from typing import Annotated

import sqlite_utils
import typer

app = typer.Typer()


@app.command()
def add(path: str, text: str, number: Annotated[int, typer.Option("--number")] = 0) -> None:
    """Insert one row (TEXT, NUMBER) into the table ``rows`` of the file PATH."""
    sqlite_utils.Database(path)["rows"].insert({"text": text, "number": number})


if __name__ == "__main__":
    app()
