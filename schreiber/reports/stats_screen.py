"""The statistics as the screen shows them (``schreiber stats``): short
headings in the screen's language, contracts and premiums by the names of
the rules they were played under, figures right-aligned, and a table too
wide for 80 columns split into parts stacked one under the other. The
figures are those of ``stats.compute``; ``--json`` and ``--csv`` are
``stats.to_json`` and ``stats.tables``, never translated.
"""

from __future__ import annotations

from typing import NamedTuple

from ..i18n import N_, _
from ..render import columns, signed_column, signed_euro
from .stats import PREMIUM_COUNTS, evening_cell


class Part(NamedTuple):
    """One table as printed: a caption above it (or none), headers, rows of
    text, which columns hold figures (right-aligned), a note below it (or
    none), and how many columns start each part where it is split to fit."""

    caption: str | None
    headers: list[str]
    rows: list[list[str]]
    right: frozenset[int]
    note: str | None = None
    keep: int = 1


class Names(NamedTuple):
    """The names players say for the contracts and premiums, by id: the
    ``name`` the rules of their evenings give them, as the sheet and
    ``erklär`` say it (``Ledger.game_names``)."""

    contracts: dict[str, str]
    premiums: dict[str, str]

    def contract(self, cid: str) -> str:
        return shown(self.contracts.get(cid, cid))

    def premium(self, pid: str) -> str:
        return shown(self.premiums.get(pid, pid))


TITLES = {  # shown through _()
    "leaderboard": N_("Leaderboard"),
    "players": N_("Players (won: hands whose game the player's side won)"),
    "declarer": N_("As declarer: won/played per contract"),
    "contracts": N_("Contracts"),
    "premiums": N_("Premiums"),
    "partners": N_("Partners: row player's side won / hands on the same side"),
    "opponents": N_("Opponents: row player's side won / hands on opposite sides"),
}


def screen(data: dict, names: Names) -> dict[str, list[Part]]:
    """Every table of the report (``stats.compute``'s ``data``) as the screen shows it: name -> its parts."""
    return {
        "leaderboard": [_leaderboard(data)],
        "players": _players(data),
        "declarer": [_declarer(data, names)],
        "contracts": [_contracts(data, names)],
        "premiums": [_premiums(data, names)],
        "partners": [_pairs(data, "partners", _("with"))],
        "opponents": [_pairs(data, "opponents", _("against"))],
    }


NAME_SHOWN = 24  # columns of a name in a table; a longer one is cut in the middle (12 ... 9)


def shown(name: str) -> str:
    """A player's, contract's or premium's name as a table shows it: one
    wider than ``NAME_SHOWN`` columns keeps its start and end
    ("Maximilian F...ringen-Es"); --json and --csv give it whole."""
    if columns(name) <= NAME_SHOWN:
        return name
    start = end = ""
    for ch in name:
        if columns(start + ch) > 12:
            break
        start += ch
    for ch in reversed(name):
        if columns(ch + end) > 9:
            break
        end = ch + end
    return f"{start}...{end}"


def rate(won: int, n: int) -> str:
    """Won of n and the share, to the whole percent (half up): "7/9  78%", "2/2 100%"; "-" of none."""
    if not n:
        return "-"
    return f"{won}/{n} {percent(won, n):>4}"


def percent(part: int, whole: int) -> str:
    return f"{(200 * part + whole) // (2 * whole)}%"


def _figures(n: int, *text: int) -> frozenset[int]:
    """The columns of figures: all of ``n`` but those of ``text``."""
    return frozenset(range(n)) - set(text)


def _leaderboard(data: dict) -> Part:
    P = data["players"]
    score = "Schrift" if data["score"] == "schrift" else _("Points")
    headers = ["#", _("Player"), score, _("Money"), _("Evenings"), _("Hands"), _("Per evening")]
    board = data["leaderboard"]
    points, per_evening = (signed_column(P[p][key] for p in board) for key in ("points", "per_evening"))
    rows = [
        [str(i), shown(p), points[i - 1], signed_euro(P[p]["money_cents"]), str(P[p]["evenings"]), str(P[p]["hands"]),
         per_evening[i - 1]]
        for i, p in enumerate(board, 1)
    ]  # fmt: skip
    return Part(None, headers, rows, _figures(len(headers), 1), keep=2)


def _players(data: dict) -> list[Part]:
    """Won by role; premiums and Kontra; best and worst evening: three parts, each by player."""
    P, order = data["players"], data["leaderboard"]
    roles = [_("Player"), _("Won"), _("As declarer"), _("As partner"), _("As opponent")]
    out = [
        [shown(p), rate(d["won"], d["decided"]), rate(d["declared_won"], d["declared_decided"]),
         rate(d["partner_won"], d["partner_decided"]), rate(d["opponent_won"], d["opponent_decided"])]
        for p in order for d in [P[p]]
    ]  # fmt: skip
    if any(P[p]["sat_out"] for p in order):  # only at a table of five
        roles.append(_("Sat out"))
        for r, p in zip(out, order):
            r.append(str(P[p]["sat_out"]))
    said = [_("Player"), _("Announced"), _("Made"), _("Silent made"), "Kontra", "Re"]
    doubled = []
    for p in order:
        prem, k = P[p]["premiums"].values(), P[p]["kontra"]
        doubled.append([shown(p), *(str(sum(v[key] for v in prem)) for key in PREMIUM_COUNTS),
                        f"{k['won']}/{k['given']}", f"{k['re_won']}/{k['re_given']}"])  # fmt: skip
    evenings = [[shown(p), evening_cell(P[p]["best_evening"]), evening_cell(P[p]["worst_evening"])] for p in order]
    return [
        Part(None, roles, out, _figures(len(roles), 0)),
        Part(_("Premiums of the player's side; Kontra and Re said: won/said"), said, doubled, _figures(6, 0)),
        Part(None, [_("Player"), _("Best evening"), _("Worst evening")], evenings, _figures(3, 0)),
    ]


def _declarer(data: dict, names: Names) -> Part:
    """Each contract a row, each player a column (as the leaderboard ranks
    them): won/played as declarer; the last row every contract together."""
    P, order = data["players"], data["leaderboard"]
    rows = []
    for c in data["contracts"]:
        cells = [_won(P[p]["contracts"].get(c)) for p in order]
        if any(cells):
            rows.append([names.contract(c), *cells])
    rows.append([_("Total"), *(_won_of(P[p]["declared_won"], P[p]["declared_decided"]) for p in order)])
    return Part(None, [_("Contract"), *map(shown, order)], rows, _figures(len(order) + 1, 0))


def _won(cell: dict | None) -> str:
    return _won_of(cell["won"], cell["decided"]) if cell else ""


def _won_of(won: int, n: int) -> str:
    return f"{won}/{n}" if n else ""


def _contracts(data: dict, names: Names) -> Part:
    """How often each contract was played, its share of the hands, and the
    declarers' games won (each declarer's own: one Bettel played side by
    side by two is two games), as the declarers' table counts them."""
    total = sum(v["hands"] for v in data["contracts"].values())
    games = data["games"]
    rows = [
        [names.contract(c), str(v["hands"]), percent(v["hands"], total),
         rate(games[c]["won"], games[c]["decided"]) if c in games else "-"]
        for c, v in data["contracts"].items()
    ]  # fmt: skip
    headers = [_("Contract"), _("Hands"), _("Share"), _("Won")]
    apart = [names.contract(c) for c, v in data["contracts"].items() if c in games and games[c]["played"] > v["hands"]]
    note = None
    if apart:
        note = _("Won: each declarer's own game ({contracts} also played side by side).").format(
            contracts=", ".join(apart)
        )
    return Part(None, headers, rows, _figures(4, 0), note)


def _premiums(data: dict, names: Names) -> Part:
    headers = [_("Premium"), _("Played"), _("Announced"), _("Made"), _("Silent made"), "Kontra"]
    rows = [
        [names.premium(k), *(str(v[key]) for key in ("played", "announced", "announced_made", "silent_made", "kontra"))]
        for k, v in data["premiums"].items()
    ]  # fmt: skip
    return Part(None, headers, rows, _figures(6, 0))


def _pairs(data: dict, key: str, corner: str) -> Part:
    """Partners or opponents: each player a row and a column, won/hands of the row player's side."""
    order, t = data["leaderboard"], data[key]
    rows = [
        [shown(a), *(_won_of(c["won"], c["hands"]) if (c := t.get(a, {}).get(b)) else "" for b in order)] for a in order
    ]
    return Part(None, [corner, *map(shown, order)], rows, _figures(len(order) + 1, 0))
