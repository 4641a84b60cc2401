"""What the table session shows of its evening: the sheet, kept current as
lines add entries (read anew after a correction, or where another process
wrote the ledger), its last rows within the terminal's window, the new
row after a hand, the standing and who deals next."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..render import table
from ..reports import sheet as sh
from ..reports.sheet_screen import table_rows
from .report import compact_text, cup_line, fitted, next_line, standing, standing_lines, terminal_size, too_wide

if TYPE_CHECKING:
    from ..ledger.stored import Evening
    from ..service import Service


class TableSheet:
    """The sheet of the evening ``number`` as the session shows it on ``out``."""

    def __init__(self, svc: Service, number: int, out: Callable[[str], Any]):
        self.svc, self.led, self.number, self.out = svc, svc.ledger, number, out
        self._sheet: sh.Sheet | None = None  # the running sheet, kept current as lines add entries
        self._version = -1  # the ledger's data_version the sheet was read at

    @property
    def evening(self) -> Evening:
        return self.svc.evening(self.number)

    def forget(self) -> None:
        """Read the sheet anew next time: a correction re-scores the evening."""
        self._sheet = None

    def sheet(self) -> sh.Sheet:
        """The evening's sheet: the kept one with the entries added since, or
        read anew after a correction or when another process wrote the ledger."""
        ev = self.evening
        version = self.led.data_version()
        if self._sheet is None or version != self._version or self._sheet.evening != ev:
            self._sheet, self._version = sh.Sheet(ev), version
        self._sheet.extend(self.led.sheet_lines(ev, after_seq=self._sheet.last_seq))
        return self._sheet

    def show(self, whole: bool = False) -> None:
        """The sheet, the wide form where the terminal is wide enough, else
        the compact one, and the standing below it: on a terminal only its
        last rows, so that the standing and the prompt stay in the window
        (``whole``: every row)."""
        sheet = self.sheet()
        ev, rows = sheet.evening, sheet.rows if whole else [r for r in sheet.rows if not _taken_back(r)]
        size = None if whole else terminal_size()
        below = [fitted(line, ", ") for line in standing_lines(standing(self.led, ev))]
        below.append(fitted(next_line(self.led, ev), "; "))
        height = sum(_height(line, size.columns) for line in below) + 1 if size else 0  # and the prompt
        shown = len(rows)
        text = _sheet_text(rows, ev) if rows else ""
        while size is not None and shown > 1 and _height(text, size.columns) + height > size.lines:
            shown = min(shown - 1, max(size.lines - height - 4, 1))  # below the line above, heading and legend
            text = _("({n} rows before these: sheet all)").format(n=len(rows) - shown)
            text += "\n" + _sheet_text(rows[-shown:], ev)
        if text:
            self.out(text)
        for line in below:
            self.out(line)

    def show_row(self, ref: str) -> None:
        """After a hand: its row of the compact sheet, and the standing."""
        sheet = self.sheet()
        rows = next(([r] for r in reversed(sheet.rows) if r.ref == ref and not r.void), [])  # the new row is last
        self.out(compact_text(rows, sheet.evening, legend=False))
        self.show_standing()

    def show_standing(self) -> None:
        self.show_totals()
        self.out(fitted(next_line(self.led, self.evening), "; "))

    def show_totals(self, asked: bool = False) -> None:
        """The standing (with the Schrift beside the money where it is shown);
        asked for (``stand``) at a cup table, also that the cup ranks by the Schrift."""
        st = standing(self.led, self.evening)
        for line in standing_lines(st):
            self.out(fitted(line, ", "))
        if asked and st.cup is not None:
            self.out(cup_line(st.cup))


def _taken_back(row: sh.SheetRow) -> bool:
    """A hand taken back (``undo``) or replaced by its correction: its number
    stands again on the row after it, so ``schrift`` leaves it out (``schrift alle``: every row)."""
    return row.void and any(m in ("zurückgenommen", "ausgebessert") for m in row.marks)


def _sheet_text(rows: list[sh.SheetRow], ev: Evening) -> str:
    """The rows as the wide sheet, or the compact one where that is wider than the terminal."""
    headers, body = table_rows(rows, ev.seating, ev.rules)
    text = table(headers, body)
    return compact_text(rows, ev) if too_wide(text) else text


def _height(text: str, columns: int) -> int:
    """The lines the text takes in a terminal this wide (a longer line wraps)."""
    return sum(max(1, -(-len(line) // columns)) for line in text.split("\n"))
