"""Card points as the table writes them: a whole number, or Blatt notation.

Blatt notation ``"35/2"`` means 35 points and two cards left over, i.e. 35
and two thirds; everything is kept exact in thirds of a point
(RULINGS.md, General 5).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..i18n import _

Exact = Fraction | int  # points, exact: see POINT_UNITS below


def parse_points(value, deck_points: int = 70, blatt: bool = True) -> Exact:
    """Card points, exact: whole points written as a number stay an int (the
    common case: no Fraction made per hand), else a Fraction; ValueError with
    a readable reason."""
    if type(value) is int and 0 <= value <= deck_points:
        return value
    if isinstance(value, bool):
        raise ValueError(_("points {value!r} are not a number").format(value=value))
    if isinstance(value, int):
        pts = Fraction(value)
    elif isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(_("points {value} are not a number").format(value=value))
        if not value.is_integer():
            raise ValueError(
                _('points {value} are not whole; use Blatt notation like "35/2" for thirds').format(value=value)
            )
        pts = Fraction(int(value))
    elif isinstance(value, str):
        text = value.strip().replace(" ", "")
        if "/" in text:
            if not blatt:
                raise ValueError(
                    _("points '{value}': this preset counts cards singly, give a whole number").format(value=value)
                )
            head, _x, tail = text.partition("/")
            if not (head.isascii() and head.isdigit() and tail.isascii() and tail.isdigit()):
                raise ValueError(
                    _("points '{value}' are not Blatt notation; write e.g. \"35/2\" (points/remaining cards)").format(
                        value=value
                    )
                )
            rest = int(tail)
            if rest > 2:
                raise ValueError(
                    _("points '{value}': the remaining cards after the last full group are 0, 1 or 2").format(
                        value=value
                    )
                )
            pts = Fraction(int(head) * 3 + rest, 3)
        elif text.isascii() and text.lstrip("-").isdigit():
            pts = Fraction(int(text))
        else:
            raise ValueError(_("points '{value}' are not a number or Blatt notation like \"35/2\"").format(value=value))
    else:
        raise ValueError(_("points {value!r} are not a number").format(value=value))
    if pts < 0 or pts > deck_points:
        raise ValueError(
            _("points {pts} are outside 0..{deck_points}").format(pts=format_points(pts), deck_points=deck_points)
        )
    return pts


@lru_cache(maxsize=32)
def threshold(value: int | str) -> Exact:
    """A rule's card-point threshold (``game_needs``, ``trischaken_double_from``)
    as ``parse_points`` reads it, read once per value rather than once per hand."""
    return parse_points(value, 71)


def format_points(pts: Exact) -> str:
    """Exact card points back in the table's notation (41, or 35/2)."""
    whole = pts.numerator // pts.denominator
    rest = pts - whole
    if rest == 0:
        return str(whole)
    return f"{whole}/{int(rest * 3)}"


# Points of the score (what players pay each other) are exact: an int where
# whole (most are, and ints cost a fraction of a Fraction), else a Fraction
# (``Exact``, above). For SQL sums the ledger also keeps them as integers in
# units of 1/2520 point: 2520 = lcm(1..10), so every share that occurs at a
# table is whole.
POINT_UNITS = 2520
KEEPABLE = (2**63 - 1) // POINT_UNITS  # the most points one payment may be: the ledger keeps 64-bit units


def units(v: Exact) -> int:
    """Points as whole 1/2520 units; ValueError if a share is finer than that."""
    if type(v) is int:
        return v * POINT_UNITS
    if not isinstance(v, (int, Fraction)):
        v = Fraction(v)
    num, den = (v, 1) if isinstance(v, int) else (v.numerator, v.denominator)
    whole, rest = divmod(num * POINT_UNITS, den)
    if rest:
        raise ValueError(_("{v} is not a multiple of 1/{POINT_UNITS} point").format(v=v, POINT_UNITS=POINT_UNITS))
    return whole


def divided(value: Exact, n: int) -> Exact:
    """``value`` shared by ``n``, exactly: an int where it divides evenly
    (whole points stay int), else a Fraction; never a float."""
    if isinstance(value, Fraction):
        return value / n
    whole, rest = divmod(value, n)
    return Fraction(value, n) if rest else whole


def reaches(pts: Exact, need: Exact) -> bool:
    """``pts >= need``; whole points are compared with the whole number at or
    above ``need``, without Fraction arithmetic per hand."""
    if type(pts) is int:
        return pts >= -(-need.numerator // need.denominator)
    return pts >= need


@lru_cache(maxsize=4096)
def from_units(x: int) -> Fraction:
    """Points from whole 1/2520 units (kept: an evening's payments repeat a few values)."""
    return Fraction(x, POINT_UNITS)


def as_number(v: Exact) -> int | float:
    """Points for JSON: an int where whole, else the nearest float."""
    return int(v) if v.denominator == 1 else float(v)


@lru_cache(maxsize=32)
def threshold_words(need: Exact) -> str:
    """A count of card points as players say it: "36 Punkte" for 36 or 35/2
    (35 and two cards count as 36), "mehr als 36" for 36/1; kept per value:
    the thresholds are a rule's few."""
    whole = need.numerator // need.denominator
    rest = need - whole
    if rest == Fraction(1, 3):
        return f"mehr als {whole}"
    return f"{whole + (1 if rest else 0)} Punkte"
