"""A tournament in figures: standings, result list (Ergebnisliste), the
tables' progress, a season's cup points. The Ergebnisliste and the
Cupwertung keep the cups' German column names in every language."""

from __future__ import annotations

from typing import Any

from ..domain.points import as_number
from ..i18n import _
from ..ledger.cup_book import Cup, CupTable, SeasonRow, StandingRow
from ..render import gain, money, signed_euro


def standings_json(cup: Cup, rows: list[StandingRow], rounds_played: int) -> dict[str, Any]:
    """``cup standings --json`` (../shared/interface.md): best first."""
    return {
        "cup": cup.name,
        "date": cup.date,
        "season": cup.season,
        "rounds_played": rounds_played,
        "players": [
            {
                "rank": r.rank,
                "name": r.player,
                "ort": r.ort,
                "schrift": as_number(r.schrift),
                "geld": as_number(r.geld),
                "geld_euro": money(r.cents),
                "rounds": [as_number(x) for x in r.rounds[:rounds_played]],
                "cup_points": r.cup_points,
            }
            for r in rows
        ],
    }


def result_list(rows: list[StandingRow], rounds: int, played: int) -> tuple[list[str], list[list]]:
    """The Ergebnisliste (ooe-2023.md §11.1): rank, name, place of residence,
    cup points of this tournament, total Schrift, each round's Schrift (a
    round not yet played left blank, as --json leaves it out); the money
    beside it, in euros at the cup's tarif (each table settled as ``settle``
    settles its evening)."""
    headers = ["Rang", "Name", "Ort", "Cuppunkte", "Gesamt"] + [f"R{n}" for n in range(1, rounds + 1)] + ["Geld"]
    body = [
        [f"{r.rank}.", r.player, r.ort or "", r.cup_points, gain(r.schrift)]
        + [gain(x) if n <= played else "" for n, x in enumerate(r.rounds[:rounds], start=1)]
        + [signed_euro(r.cents)]
        for r in rows
    ]
    return headers, body


def result_csv(rows: list[StandingRow], rounds: int, played: int) -> tuple[list[str], list[list]]:
    """The result list for a spreadsheet: plain numbers; a round not yet played empty."""
    headers = ["rank", "name", "ort", "cup_points", "schrift"] + [f"r{n}" for n in range(1, rounds + 1)] + ["geld"]
    body = [
        [r.rank, r.player, r.ort or "", r.cup_points, as_number(r.schrift)]
        + [as_number(x) if n <= played else "" for n, x in enumerate(r.rounds[:rounds], start=1)]
        + [as_number(r.geld)]
        for r in rows
    ]
    return headers, body


def status_rows(tables: list[CupTable], target: dict[int, int]) -> tuple[list[str], list[list]]:
    """Which table has played how many hands (``target``: evening -> hands
    of its round); a table whose round came from paper is done."""
    headers = [_("Round"), _("Tisch"), _("Evening"), _("Players"), _("Hands"), _("State")]
    body = []
    for t in tables:
        need = target[t.evening_id]
        state = _("done") if t.hands >= need or t.paper else (_("open") if t.status == "open" else _("broken off"))
        hands = _("on paper") if t.paper else f"{t.hands}/{need}"
        body.append([t.round, t.table_no, t.evening_id, ", ".join(t.players), hands, state])
    return headers, body


def status_json(cup: Cup, tables: list[CupTable], target: dict[int, int]) -> dict[str, Any]:
    return {
        "cup": cup.name,
        "rounds": cup.rounds,
        "tables": [
            {
                "round": t.round,
                "table": t.table_no,
                "evening": t.evening_id,
                "players": list(t.players),
                "hands": t.hands,
                "of": target[t.evening_id],
                "status": t.status,
                "paper": t.paper,
            }
            for t in tables
        ],
    }


def draw_json(round_no: int, tables: list[CupTable]) -> dict[str, Any]:
    """``cup draw --json`` (../shared/interface.md)."""
    return {
        "round": round_no,
        "tables": [{"table": t.table_no, "evening": t.evening_id, "players": list(t.players)} for t in tables],
    }


def season_json(name: str, cups: list[Cup], rows: list[SeasonRow]) -> dict[str, Any]:
    """``cup season --json`` (../shared/interface.md): cup points over the best results."""
    return {
        "season": name,
        "tournaments": [c.name for c in cups],
        "best": cups[-1].best if cups else None,
        "points_scheme": cups[-1].points_scheme if cups else None,
        "players": [
            {
                "rank": r.rank,
                "name": r.player,
                "points": r.points,
                "results": r.results,
                "played": r.played,
                "final_rank": r.final_rank,
            }
            for r in rows
        ],
    }


def season_rows(rows: list[SeasonRow]) -> tuple[list[str], list[list]]:
    headers = ["Rang", "Name", "Cuppunkte", "Wertungen", "Turniere", "Finale"]
    body = [
        [f"{r.rank}.", r.player, r.points, r.results, r.played, f"{r.final_rank}." if r.final_rank else "–"]
        for r in rows
    ]
    return headers, body
