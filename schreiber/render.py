"""The one place that turns points (exact up to here) and money (whole
cents) into text: cells, signed figures, euro, tables, CSV and JSON.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal
from fractions import Fraction
from typing import IO, Any

from .errors import SchreiberError
from .i18n import _, german

_AS_DATA: ContextVar[bool] = ContextVar("as_data", default=False)


@contextmanager
def as_data() -> Iterator[None]:
    """Figures written for a program (every CSV): the decimal point, whatever the screen's language."""
    token = _AS_DATA.set(True)
    try:
        yield
    finally:
        _AS_DATA.reset(token)


def _decimal(text: str) -> str:
    """A figure with the screen's decimal mark: the comma on a German screen,
    as money has it (``euro``); the point in English and in data (``as_data``)."""
    return text.replace(".", ",") if german() and not _AS_DATA.get() else text


_IN_PARTS: ContextVar[bool] = ContextVar("in_parts", default=False)


@contextmanager
def alike(figures: Iterable[Fraction | int] = (), in_parts: bool = False) -> Iterator[None]:
    """The points of one table or line written alike: where one of
    ``figures`` is not whole, or ``in_parts`` (an evening whose rules value
    a game in parts of a point, ``Rules.pays_parts``), every figure of
    points (``cell`` of a Fraction, ``gain``) with two
    decimals, ``-7.00 (-2.50)`` rather than ``-7 (-2.50)``; where all are
    whole, as they are."""
    token = _IN_PARTS.set(_IN_PARTS.get() or in_parts or any(Fraction(v).denominator != 1 for v in figures))
    try:
        yield
    finally:
        _IN_PARTS.reset(token)


def cell(v: Any) -> str:
    """Points as the sheet writes them: whole numbers plain, shares to 2
    places with the screen's decimal mark, as money: 7, -2.50 (German -2,50);
    every Fraction to 2 places among figures that are not all whole (``alike``)."""
    if isinstance(v, Fraction):
        return str(int(v)) if v.denominator == 1 and not _IN_PARTS.get() else _decimal(f"{float(v):.2f}")
    if v is None:
        return ""
    return str(v)


def gain(v: Fraction | int) -> str:
    """Points as the table says them, a + for a gain: +1, -2, 0, +1.50 (a sheet's cell, a balance)."""
    return ("+" if v > 0 else "") + cell(Fraction(v))


def signed_column(values: Iterable[Fraction | int | None]) -> list[str]:
    """A column of points, each as ``gain`` writes it and the column's figures ``alike``; "-" for none."""
    values = list(values)
    with alike(v for v in values if v is not None):
        return ["-" if v is None else gain(v) for v in values]


def player_points(pairs: Iterable[tuple[str, Fraction | int]]) -> str:
    """The line "Anna +1, Berti 0, Carl -1" of a hand's payments or a balance, its figures ``alike``."""
    pairs = list(pairs)
    with alike(v for _p, v in pairs):
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
    return (_decimal(text) if comma is None else text.replace(".", ",") if comma else text) + " €"


def signed_euro(cents: int) -> str:
    """A balance in money with the sign its points have: "+7,40 €", "-0,60 €", "0,00 €" (an amount paid: ``euro``)."""
    return ("+" if cents > 0 else "") + euro(cents)


def fit(text: str, width: int | None) -> str:
    """Lines wider than ``width`` broken between words (never inside one),
    each further line indented two more than its first; None: as it is."""
    import textwrap

    if width is None:
        return text
    out = []
    for line in text.split("\n"):
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        wrapped = textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False, break_long_words=False)
        out += wrapped if columns(line) > width else [line]
    return "\n".join(out)


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
    return _tabulated(headers, cells, fmt, stralign="right" if fmt == "plain" else "default")


def _tabulated(headers: list[str], cells: list[list[str]], fmt: str, **align: Any) -> str:
    """``cells`` laid out by tabulate in ``fmt``, aligned as ``align`` says (tabulate's stralign or colalign)."""
    import tabulate  # costs more to import than a table costs to make (it reads its version from the metadata)

    if fmt not in tabulate.tabulate_formats:
        raise SchreiberError(
            _("unknown table format '{fmt}'; valid: {tabulate_formats}").format(
                fmt=fmt, tabulate_formats=", ".join(tabulate.tabulate_formats)
            )
        )
    return tabulate.tabulate(cells, headers, tablefmt=fmt, disable_numparse=True, **align)


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


def columns(text: str) -> int:
    """The columns ``text`` takes on a terminal: two for a wide character
    (Chinese, Japanese, ...), none for a combining mark."""
    import unicodedata

    if text.isascii():
        return len(text)
    return sum(
        0 if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf")
        else 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
        for ch in text
    )  # fmt: skip


def _pad(text: str, width: int, right: bool) -> str:
    """``text`` filled with spaces to ``width`` columns, on the left where ``right``."""
    fill = " " * (width - columns(text))
    return fill + text if right else text + fill


def compact_table(
    headers: list[str], rows: list[list[str]], right: set[int] | frozenset[int] = frozenset(), gap: int = 1
) -> str:
    """A table as narrow as it can be read: ``gap`` spaces between columns, a
    dashed line under the headers; the columns in ``right`` right-aligned."""
    widths = [max(columns(c) for c in col) for col in zip(headers, *rows)]
    space = " " * gap

    def line(cells: list[str]) -> str:
        return space.join(_pad(c, w, i in right) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return "\n".join([line(headers), space.join("-" * w for w in widths).rstrip()] + [line(r) for r in rows])


def stacked_table(headers: list[str], rows: list[list[str]], lead: int, right: set[int], width: int | None) -> str:
    """A table of two-line rows: the first ``lead`` cells of each on a line of
    their own (broken between words within ``width``), the others as a
    ``compact_table`` under them, indented, its headers under the first line's."""
    rest = compact_table(headers[lead:], [r[lead:] for r in rows], {i - lead for i in right if i >= lead})
    lines = [" " + line for line in rest.split("\n")]
    out = [" ".join(h for h in headers[:lead] if h), *lines[:2]]
    for r, line in zip(rows, lines[2:]):
        out += [fit(" ".join(c for c in r[:lead] if c), width), line]
    return "\n".join(out)


def wrapped_table(headers: list[str], rows: list[list], width: int = 80) -> str:
    """A table in tabulate's "simple" look whose last column (a long text)
    is wrapped inside its cells to what the other columns leave of ``width``,
    its further lines under its first; where that leaves less than 24
    columns or less than its longest word, each row's text goes under its
    other cells, indented by two (a narrow terminal). A word is never broken."""
    import textwrap

    cells = [[cell(c) for c in r] for r in rows]
    widths = [max(columns(c) for c in col) for col in zip(headers, *cells)]
    room = width - sum(widths[:-1]) - 2 * (len(headers) - 1)
    if room < max(24, *(columns(word) for r in cells for word in r[-1].split())):
        return _text_under(headers, cells, widths, width)
    widths[-1] = min(widths[-1], room)

    def lines(texts: list[str]) -> list[str]:
        last = textwrap.wrap(texts[-1], room, break_on_hyphens=False, break_long_words=False) or [""]
        first = "  ".join(_pad(t, w, False) for t, w in zip([*texts[:-1], last[0]], widths)).rstrip()
        indent = " " * (sum(widths[:-1]) + 2 * (len(widths) - 1))
        return [first] + [indent + more for more in last[1:]]

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([*lines(headers), rule] + [line for r in cells for line in lines(r)])


def _text_under(headers: list[str], cells: list[list[str]], widths: list[int], width: int) -> str:
    """``wrapped_table`` on a narrow terminal: each row's cells but the last
    on a line, the last (the text) under them, indented by two."""
    import textwrap

    def head(texts: list[str]) -> str:
        return "  ".join(_pad(t, w, False) for t, w in zip(texts[:-1], widths)).rstrip()

    out = [head(headers), "  " + headers[-1], "-" * min(max(widths), width)]
    for r in cells:
        words = [part for word in r[-1].split() for part in _after_commas(word, width - 2)]
        wrapped = textwrap.wrap(" ".join(words), width - 2, break_on_hyphens=False, break_long_words=False)
        out += [head(r), *("  " + line for line in wrapped)]
    return "\n".join(out)


def _after_commas(word: str, room: int) -> list[str]:
    """A word wider than ``room`` (a citation's list of lines,
    ``standard-koenigrufen.txt:42,112-114,153``) in pieces broken after its
    commas, each as long as fits; any other word whole."""
    pieces: list[str] = []
    for part in re.findall(r"[^,]*,|[^,]+$", word) if columns(word) > room else [word]:
        if pieces and columns(pieces[-1] + part) <= room:
            pieces[-1] += part
        else:
            pieces.append(part)
    return pieces


# Formats for documents or programs, not for reading on a terminal: a table of these stays in one piece.
_DOCUMENT_FORMATS = frozenset(
    {"asciidoc", "html", "jira", "latex", "latex_booktabs", "latex_longtable", "latex_raw", "mediawiki", "moinmoin",
     "textile", "tsv", "unsafehtml"}
)  # fmt: skip


def fitted_table(
    headers: list[str],
    rows: list[list],
    right: frozenset[int] = frozenset(),
    fmt: str = "simple",
    keep: int = 1,
    width: int = 80,
) -> str:
    """A table of a report on the screen: in ``fmt`` "simple" two spaces
    between columns, the columns in ``right`` (figures) right-aligned, within
    ``width`` columns: where it would be wider, its columns after the first
    ``keep`` go into tables stacked one under the other (a blank line
    between), each beginning with those ``keep`` again. Another ``fmt`` is
    tabulate's, aligned alike and split alike (a document's format, such as
    html or latex, in one piece)."""
    cells = [[cell(c) for c in r] for r in rows]
    if fmt == "simple":
        widths = [max([columns(h), *(columns(r[i]) for r in cells)]) for i, h in enumerate(headers)]
        groups = _column_groups(widths, width, keep, gap=2)
    elif fmt in _DOCUMENT_FORMATS:
        groups = [list(range(len(headers)))]
    else:
        groups = _rendered_groups(headers, cells, fmt, right, keep, width)
    return "\n\n".join(_laid_out(headers, cells, group, right, fmt, keep, width) for group in groups)


def _laid_out(
    headers: list[str],
    cells: list[list[str]],
    group: list[int],
    right: frozenset[int],
    fmt: str,
    keep: int = 0,
    width: int | None = None,
) -> str:
    """The columns ``group`` of a table in ``fmt``; in "simple" a group wider
    than ``width`` (the ``keep`` columns and one more already are) as a
    ``stacked_table``, its first ``keep`` cells on a line of their own."""
    picked, named = [[r[i] for i in group] for r in cells], [headers[i] for i in group]
    if fmt == "simple":
        figures = {n for n, i in enumerate(group) if i in right}
        table = compact_table(named, picked, figures, 2)
        if width is None or keep == 0 or max(map(columns, table.split("\n"))) <= width:
            return table
        return stacked_table(named, picked, keep, figures, width)
    align = ["right" if i in right else "left" for i in group]
    return _tabulated([headers[i] for i in group], picked, fmt, colalign=align)


def _rendered_groups(
    headers: list[str], cells: list[list[str]], fmt: str, right: frozenset[int], keep: int, width: int
) -> list[list[int]]:
    """As ``_column_groups``, for a format of tabulate's: each part as wide as tabulate lays it out."""
    groups: list[list[int]] = [list(range(keep))]
    for i in range(keep, len(headers)):
        tried = groups[-1] + [i]
        text = _laid_out(headers, cells, tried, right, fmt)
        if len(groups[-1]) > keep and max(map(columns, text.splitlines()), default=0) > width:
            groups.append(list(range(keep)) + [i])
        else:
            groups[-1] = tried
    return groups


def _column_groups(widths: list[int], width: int, keep: int, gap: int) -> list[list[int]]:
    """The columns of each stacked table: the first ``keep``, then as many of
    the others as fit in ``width``, shared out evenly where it takes several."""
    first, rest = list(range(keep)), list(range(keep, len(widths)))

    def fits(group: list[int]) -> bool:
        return sum(widths[i] for i in group) + gap * (len(group) - 1) <= width

    greedy: list[list[int]] = [list(first)]
    for i in rest:
        if len(greedy[-1]) > keep and not fits(greedy[-1] + [i]):
            greedy.append(list(first))
        greedy[-1].append(i)
    if len(greedy) > 1:
        size = -(-len(rest) // len(greedy))
        even = [first + rest[k : k + size] for k in range(0, len(rest), size)]
        if len(even) == len(greedy) and all(fits(g) for g in even):
            return even
    return greedy


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
