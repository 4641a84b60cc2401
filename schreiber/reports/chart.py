"""Running balances as a small terminal line chart with sparklines, plain
text that fits the given width (the chart alone uses floats).
"""

from __future__ import annotations

import textwrap

from ..domain.points import POINT_UNITS
from ..i18n import _, ngettext
from ..ledger.stored import Evening

SPARKS = "▁▂▃▄▅▆▇█"
SPARKS_ASCII = "_.-~=+*#"

Series = tuple[str, str, dict[str, list[float]]]  # title, unit of the x axis, each player's values


def evening_series(ev: Evening, payments: list[tuple[int, str, int]]) -> Series:
    """Running balance of each player after every entry of one evening, from
    (entry id, player, points in 1/2520) in entry order."""
    players = list(ev.seating)
    series = {p: [0.0] for p in players}
    totals = {p: 0 for p in players}
    last = None
    for entry_id, name, x in payments:
        if entry_id != last:
            for p in players:
                series[p].append(totals[p] / POINT_UNITS)
            last = entry_id
        totals[name] = totals.get(name, 0) + x
        series[name][-1] = totals[name] / POINT_UNITS
    title = _("Evening {n} ({date}): running balance in points").format(n=ev.id, date=ev.date)
    return title, _("entries"), series


def season_series(rows: list[tuple[int, str, str, int]]) -> Series | None:
    """Running total of each player after every evening, from (evening id,
    date, player, points in 1/2520) in date order; None without any."""
    if not rows:
        return None
    per: dict[int, dict[str, int]] = {}  # each evening's points by player, in date order
    dates: dict[int, str] = {}
    for eid, date, name, x in rows:
        per.setdefault(eid, {})[name] = x
        dates[eid] = date
    players = list(dict.fromkeys(name for _e, _d, name, _x in rows))
    series = {p: [0.0] for p in players}
    totals = {p: 0 for p in players}
    for points in per.values():
        for p in players:
            totals[p] += points.get(p, 0)
            series[p].append(totals[p] / POINT_UNITS)
    order = list(per)
    title = ngettext(
        "Running total in points over {n} evening, {first} .. {last}",
        "Running total in points over {n} evenings, {first} .. {last}",
        len(order),
    ).format(n=len(order), first=dates[order[0]], last=dates[order[-1]])
    return title, _("evenings"), series


def _markers(names: list[str]) -> dict[str, str]:
    initials = [n[:1].upper() for n in names]
    if len(set(initials)) == len(initials) and all(i.isalpha() for i in initials):
        return dict(zip(names, initials))
    return {n: str(i + 1) if i < 9 else chr(ord("a") + i - 9) for i, n in enumerate(names)}


def _sample(values: list[float], n: int) -> list[float]:
    """``values`` stretched or squeezed to ``n`` points (linear interpolation)."""
    if len(values) == 1 or n == 1:
        return [values[-1]] * n
    out = []
    for j in range(n):
        t = j * (len(values) - 1) / (n - 1)
        i = int(t)
        if i >= len(values) - 1:
            out.append(values[-1])
        else:
            f = t - i
            out.append(values[i] * (1 - f) + values[i + 1] * f)
    return out


def sparkline(values: list[float], lo: float, hi: float, unicode: bool = True) -> str:
    chars = SPARKS if unicode else SPARKS_ASCII
    span = hi - lo or 1.0
    return "".join(chars[min(len(chars) - 1, int((v - lo) / span * len(chars)))] for v in values)


def _label(v: float) -> str:
    return f"{v:+.0f}" if abs(v) >= 10 or v == int(v) else f"{v:+.1f}"


def render(
    title: str, xlabel: str, series: dict[str, list[float]], width: int = 80, height: int = 12, unicode: bool = True
) -> str:
    """A line chart of every series, then a sparkline per series."""
    names = list(series)
    if not names:
        return title + "\n" + _("(nothing to draw)")
    n = len(next(iter(series.values())))
    values = [v for s in series.values() for v in s]
    lo, hi = min(values + [0.0]), max(values + [0.0])
    if hi == lo:
        hi = lo + 1
    labels = [_label(hi), _label((hi + lo) / 2), _label(lo)]
    lw = max(len(x) for x in labels)
    cols = width - lw - 3
    grid = [[" "] * cols for _ in range(height)]

    def row_of(v: float) -> int:
        return height - 1 - round((v - lo) / (hi - lo) * (height - 1))

    zero = row_of(0.0)
    for c in range(cols):
        grid[zero][c] = "·" if unicode else "."
    marks = _markers(names)
    for name in names:
        pts = _sample(series[name], cols)
        for c, v in enumerate(pts):
            r = row_of(v)
            cell = grid[r][c]
            grid[r][c] = marks[name] if cell in (" ", "·", ".", marks[name]) else "*"
    lines = textwrap.wrap(title, width) + [""]
    said = {zero: "0", height - 1: labels[2], 0: labels[0]}  # the top, then the bottom, win over the zero line
    for r in range(height):
        lines.append(f"{said.get(r, ''):>{lw}} {'┤' if unicode else '|'}{''.join(grid[r])}")
    lines.append(" " * lw + " " + ("└" if unicode else "+") + ("─" if unicode else "-") * cols)
    right = f"{n - 1} {xlabel}"
    lines.append(" " * (lw + 2) + "0" + right.rjust(cols - 1))
    lines.append("")
    nw = max(len(x) for x in names)
    spark_w = max(10, min(40, width - nw - 20))
    for name in sorted(names, key=lambda p: -series[p][-1]):
        sp = sparkline(_sample(series[name], min(spark_w, max(n, 2))), lo, hi, unicode)
        lines.append(f"{marks[name]} {name:<{nw}} {sp:<{spark_w}} {_label(series[name][-1]):>8}")
    if any("*" in "".join(row) for row in grid):
        lines.append(_("(* = lines cross)"))
    return "\n".join(lines)
