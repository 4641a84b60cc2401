"""The one place that turns points (exact up to here) and money (whole
cents) into text: cells, signed figures, euro, tables, CSV and JSON.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from typing import IO, Any

from .errors import SchreiberError
from .i18n import _, german


def cell(v: Any) -> str:
    """Points as the sheet writes them: whole numbers plain, shares to 2 places."""
    if isinstance(v, Fraction):
        return str(int(v)) if v.denominator == 1 else f"{float(v):.2f}"
    if v is None:
        return ""
    return str(v)


def gain(v: Fraction | int) -> str:
    """A sheet cell with a + for a gain: +1, -2, 0, +1.50."""
    return ("+" if v > 0 else "") + cell(v)


def signed(v: Fraction | int) -> str:
    """Points as the table says them: +3, -1, +1.50."""
    v = Fraction(v)
    if v.denominator == 1:
        return f"{int(v):+d}"
    return f"{float(v):+.2f}"


def player_points(pairs: Iterable[tuple[str, Fraction | int]]) -> str:
    """The line "Anna +1, Berti -1, ..." of a hand's payments or a balance."""
    return ", ".join(f"{p} {signed(v)}" for p, v in pairs)


def player_gains(pairs: Iterable[tuple[str, Fraction | int]]) -> str:
    """The same line as the sheet's cells write points: "Anna +1, Berti 0, Carl -1.50"."""
    return ", ".join(f"{p} {gain(v)}" for p, v in pairs)


def rounded(v: Fraction | int | None, places: int) -> int | float | None:
    """Points for exports and statistics: whole numbers as int, else a float
    rounded to ``places`` decimals."""
    if v is None:
        return None
    if isinstance(v, Fraction):
        return int(v) if v.denominator == 1 else round(float(v), places)
    return v


def money(cents: int) -> str:
    """Whole cents as "D.DD" (e.g. -340 -> "-3.40"), as every --json and CSV writes money."""
    return str((Decimal(cents) / 100).quantize(Decimal("0.01")))


def euro(cents: int, comma: bool | None = None) -> str:
    """Money as a screen shows it: "-3.40 €"; with the decimal comma, as
    Austrians write it, "-3,40 €", on a German screen (``comma`` None) or
    where ``comma`` says so (German pages). ``money``: --json and CSV."""
    text = money(cents)
    return (text.replace(".", ",") if (german() if comma is None else comma) else text) + " €"


def json_text(data: Any) -> str:
    """One JSON document, as every --json output prints it."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def table(headers: list[str], rows: list[list], fmt: str = "simple") -> str:
    """A table in a tabulate format (every cell as text, never parsed as a number)."""
    cells = [[cell(c) for c in r] for r in rows]
    if fmt == "simple" and _plain(headers, cells):
        return _simple(headers, cells)
    if fmt == "simple" and not headers and not cells:
        return ""  # a format checked before any output
    import tabulate  # costs more to import than a table costs to make (it reads its version from the metadata)

    if fmt not in tabulate.tabulate_formats:
        raise SchreiberError(
            _("unknown table format '{fmt}'; valid: {tabulate_formats}").format(
                fmt=fmt, tabulate_formats=", ".join(tabulate.tabulate_formats)
            )
        )
    return tabulate.tabulate(
        cells,
        headers,
        tablefmt=fmt,
        disable_numparse=True,
        stralign="right" if fmt == "plain" else "default",
    )


def _plain(headers: list[str], cells: list[list[str]]) -> bool:
    """Headers, rows as long as they, and text on one line without control
    characters: what ``_simple`` lays out as tabulate does."""
    n = len(headers)
    texts = [*headers, *(c for r in cells for c in r)]
    return n > 0 and all(len(r) == n for r in cells) and all(t.isprintable() for t in texts)


def _simple(headers: list[str], cells: list[list[str]]) -> str:
    """tabulate's "simple" format for text cells (``tests/test_render.py`` compares the two)."""
    cols = [[c.strip() for c in col] for col in zip(*cells)] or [[] for _ in headers]
    widths = [max([len(h) + 2, *map(len, col)]) for h, col in zip(headers, cols)]

    def line(texts: Iterable[str]) -> str:
        return "  ".join(t.ljust(w) for t, w in zip(texts, widths)).rstrip()

    return "\n".join([line(headers), line("-" * w for w in widths), *(line(r) for r in zip(*cols))])


def compact_table(headers: list[str], rows: list[list[str]], right: set[int] | frozenset[int] = frozenset()) -> str:
    """A table as narrow as it can be read: one space between columns, a
    dashed line under the headers; the columns in ``right`` right-aligned."""
    columns = list(zip(headers, *rows))
    widths = [max(len(c) for c in col) for col in columns]

    def line(cells: list[str]) -> str:
        parts = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths))]
        return " ".join(parts).rstrip()

    return "\n".join([line(headers), " ".join("-" * w for w in widths).rstrip()] + [line(r) for r in rows])


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet reads as the start of a formula (OWASP)
_FIGURE = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+|/[0-9]+)?")  # -3, +1.50, -7/2: our own figures, numbers as they are


def csv_cell(text: str) -> str:
    """A cell of every CSV output: a text that a spreadsheet would run as a
    formula (starting with =, +, -, @, a tab or a carriage return, after any
    spaces or line breaks: ``=HYPERLINK(...)``, ``-2+3+cmd|...``) gets a
    leading apostrophe, so it is shown as the text it is; a figure (-3,
    +1.50, -7/2) and a lone dash stay as they are."""
    head = text.lstrip(" \n")
    if head.startswith(_FORMULA_START) and head != "-" and not _FIGURE.fullmatch(text):
        return "'" + text
    return text


def csv_text(headers: list[str], rows: list[list]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow([csv_cell(h) for h in headers])
    for r in rows:
        w.writerow([csv_cell(cell(c)) for c in r])
    return buf.getvalue()


def write_jsonl(out: IO[str], rows: Iterable[dict]) -> int:
    """One JSON object a line; returns how many."""
    n = 0
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
        n += 1
    return n


def write_csv(out: IO[str], columns: list[str], rows: Iterable[dict]) -> int:
    """A header and one line a row (objects and lists as JSON); returns how many."""
    w = csv.writer(out, lineterminator="\n")
    w.writerow([csv_cell(c) for c in columns])
    n = 0
    for row in rows:
        w.writerow(
            [
                json.dumps(row[c], ensure_ascii=False)
                if isinstance(row[c], (dict, list))
                else ("" if row[c] is None else csv_cell(row[c]) if isinstance(row[c], str) else row[c])
                for c in columns
            ]
        )
        n += 1
    return n
