"""One renderer for every report: rows become a table, CSV or JSON."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

from .errors import SchreiberError


def cell(v) -> str:
    """Points as the sheet writes them: whole numbers plain, shares to 2 places."""
    if isinstance(v, Fraction):
        return str(int(v)) if v.denominator == 1 else f"{float(v):.2f}"
    if v is None:
        return ""
    return str(v)


def table(headers: list[str], rows: list[list], fmt: str = "simple") -> str:
    import tabulate

    if fmt not in tabulate.tabulate_formats:
        raise SchreiberError(f"unknown table format '{fmt}'; valid: {', '.join(tabulate.tabulate_formats)}")
    return tabulate.tabulate([[cell(c) for c in r] for r in rows], headers, tablefmt=fmt, disable_numparse=True,
                             stralign="right" if fmt == "plain" else "default")


def csv_text(headers: list[str], rows: list[list]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(headers)
    for r in rows:
        w.writerow([cell(c) for c in r])
    return buf.getvalue()
