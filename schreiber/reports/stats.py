"""Season statistics, from the aggregates the ledger returns
(``ledger/statistics.py``: GROUP BYs, no hand replayed). Groups of hands
with the same sides come back as one row each, which this module turns into
pairs of players. Money is each evening rounded as ``settle`` rounds it
(``domain.money.evening_cents``), which the ledger keeps beside each
evening's points.

Definitions:

- An evening counts when its date lies in the range; a player's evenings
  are those at which he sat with at least one scored hand.
- hands: hands the player took part in. With five players the dealer sits
  out: he has a payments row (0, or his Pagat stake) but did not play, so
  the hand is not counted for him (``sat_out`` counts those).
- points: everything the player got or paid: hands, Pagat stakes and pot
  wins, penalty points (as ``balance``).
- money: each evening settled as ``schreiber settle`` does (points x that
  evening's tarif, rounded once per evening), then summed.
- Voided entries (``entries.status = 'void'``) never count.
"""

from __future__ import annotations

from fractions import Fraction

from ..domain.points import as_number, from_units
from ..ledger.statistics import Extreme, StatsRows
from ..ledger.stored import DateRange
from ..render import gain, money, rounded, signed_column

PREMIUM_COUNTS = ("announced", "announced_made", "silent_made")  # what a player's premiums count


def _pct(won: int, played: int) -> float | None:
    return round(100 * won / played, 1) if played else None


def _avg(points: Fraction, n: int) -> Fraction | None:
    return points / n if n else None


def _blank_player() -> dict:
    return {
        "evenings": 0,
        "hands": 0,
        "sat_out": 0,
        "declared": 0,
        "declared_won": 0,
        "declared_decided": 0,
        "partner": 0,
        "partner_won": 0,
        "partner_decided": 0,
        "opponent": 0,
        "opponent_won": 0,
        "opponent_decided": 0,
        "decided": 0,
        "won": 0,
        "contracts": {},
        "premiums": {},
        "kontra": {"given": 0, "won": 0, "re_given": 0, "re_won": 0},
        "points": Fraction(0),  # of a player with no money row
        "money_cents": 0,
        "best_evening": None,
        "worst_evening": None,
    }


def compute(rows: StatsRows) -> dict:
    """All statistics of the ledger's rows (``Ledger.statistics``), as plain
    data: points as Fractions, money as cents."""
    names = rows.names
    players = _roles(rows)
    evenings_played = _points_and_money(rows, players)
    _declarer_contracts(rows, players)
    contracts = _contracts(rows)
    premiums = _premiums(rows, players)
    for pid, role, given, won in rows.kontras:
        k = players[names[pid]]["kontra"]
        if role == "kontra":
            k["given"], k["won"] = given, won
        else:
            k["re_given"], k["re_won"] = given, won
    partners, opponents = _pairs(rows)
    leaderboard = sorted(players, key=lambda p: (-players[p]["points"], -players[p]["money_cents"], p))
    return {
        "evenings": evenings_played,
        "hands": sum(c["hands"] for c in contracts.values()),
        "players": players,
        "contracts": dict(sorted(contracts.items(), key=lambda kv: (-kv[1]["hands"], kv[0]))),
        "games": _games(players),
        "premiums": dict(sorted(premiums.items(), key=lambda kv: (-kv[1]["played"], kv[0]))),
        "partners": partners,
        "opponents": opponents,
        "leaderboard": leaderboard,
        "score": "schrift" if rows.schrift else "geld",
    }


def _roles(rows: StatsRows) -> dict[str, dict]:
    """Each player's hands by role (declarer, partner, opponent, out) and won."""
    players: dict[str, dict] = {}
    for pid, role, won, n in rows.roles:
        d = players.setdefault(rows.names[pid], _blank_player())
        if role == "#evenings":
            d["evenings"] = n
            continue
        if role == "out":
            d["sat_out"] += n
            continue
        d["hands"] += n
        if won is not None:
            d["decided"] += n
            d["won"] += n * won
        key = "declared" if role == "declarer" else role
        if key in ("declared", "partner", "opponent"):
            d[key] += n
            d[f"{key}_won"] += n * (won or 0)
            d[f"{key}_decided"] += n if won is not None else 0
    return players


def _points_and_money(rows: StatsRows, players: dict[str, dict]) -> int:
    """Points, money, best and worst evening of each player (the ledger
    keeps each evening settled as ``settle`` settles it); points are the
    money's or, where the Schrift was asked for, the Schrift's. Returns the
    evenings with points."""
    for pid, m in rows.money.items():
        d = players.setdefault(rows.names[pid], _blank_player())
        d["points"] = from_units(m.units)
        d["money_cents"] = m.cents
        d["best_evening"] = _evening(m.best)
        d["worst_evening"] = _evening(m.worst)
    for d in players.values():
        d["per_evening"] = _avg(d["points"], d["evenings"])
        d["per_hand"] = _avg(d["points"], d["hands"])
    return rows.evenings


def _evening(found: Extreme) -> dict:
    return {"evening": found.evening, "date": found.date, "points": from_units(found.units)}


def _declarer_contracts(rows: StatsRows, players: dict[str, dict]) -> None:
    for pid, contract, won, n in rows.declarer_contracts:
        c = players[rows.names[pid]]["contracts"].setdefault(contract, {"played": 0, "won": 0, "decided": 0})
        c["played"] += n
        if won is not None:
            c["decided"] += n
            c["won"] += n * won


def _games(players: dict[str, dict]) -> dict[str, dict]:
    """Per contract, the declarers' games: each declarer's own, so that a
    hand played side by side (Bettel, Piccolo, ...) is a game for each of
    them, won or lost as his was (``contracts`` counts hands, and a hand
    whose declarers fared differently has no result there)."""
    games: dict[str, dict] = {}
    for d in players.values():
        for contract, c in d["contracts"].items():
            g = games.setdefault(contract, {"played": 0, "won": 0, "decided": 0})
            for key in g:
                g[key] += c[key]
    return games


def _contracts(rows: StatsRows) -> dict[str, dict]:
    """Per contract: how often, and how often the declarer's side won."""
    contracts: dict[str, dict] = {}
    for contract, won, n in rows.contracts:
        c = contracts.setdefault(contract, {"hands": 0, "won": 0, "decided": 0})
        c["hands"] += n
        if won is not None:
            c["decided"] += n
            c["won"] += n * won
    total_hands = sum(c["hands"] for c in contracts.values())
    for c in contracts.values():
        c["share"] = round(100 * c["hands"] / total_hands, 1) if total_hands else None
        c["win_rate"] = _pct(c["won"], c["decided"])
    return contracts


def _premiums(rows: StatsRows, players: dict[str, dict]) -> dict[str, dict]:
    """Premiums per player (for the side that played them) and overall."""
    for premium, party, d_side, o_side, announced, announced_made, silent_made in rows.premiums_by_side:
        side = d_side if party == "declarer" else o_side
        for pid in (int(x) for x in (side or "").split(",") if x):
            c = players[rows.names[pid]]["premiums"].setdefault(premium, dict.fromkeys(PREMIUM_COUNTS, 0))
            for key, n in zip(PREMIUM_COUNTS, (announced, announced_made, silent_made)):
                c[key] += n
    return {
        premium: {
            "played": played,
            "announced": announced,
            "announced_made": announced_made,
            "silent_made": silent_made,
            "kontra": doubled,
            "announced_rate": _pct(announced_made, announced),
        }
        for premium, played, announced, announced_made, silent_made, doubled in rows.premiums
    }


def _pairs(rows: StatsRows) -> tuple[dict, dict]:
    """Partners (same side) and opponents (other side): who wins with whom.
    Each group of hands with the same two sides gives its pairs."""
    partners: dict[str, dict] = {}
    opponents: dict[str, dict] = {}

    def pair(table: dict, a: int, b: int, n: int, won: int) -> None:
        cell = table.setdefault(rows.names[a], {}).setdefault(rows.names[b], {"hands": 0, "won": 0})
        cell["hands"] += n
        cell["won"] += won

    for d_side, o_side, won, n in rows.sides:
        dd = [int(x) for x in d_side.split(",")]
        oo = [int(x) for x in o_side.split(",")]
        for side, side_won in ((dd, won), (oo, 1 - won)):
            for a in side:
                for b in side:
                    if a != b:
                        pair(partners, a, b, n, n * side_won)
        for a in dd:
            for b in oo:
                pair(opponents, a, b, n, n * won)
                pair(opponents, b, a, n, n * (1 - won))
    for table in (partners, opponents):
        for row in table.values():
            for cell in row.values():
                cell["rate"] = _pct(cell["won"], cell["hands"])
    return partners, opponents


# Shaping for output ------------------------------------------------------


def to_json(data: dict, rng: DateRange) -> dict:
    players = {}
    for p, d in data["players"].items():
        players[p] = {
            "evenings": d["evenings"],
            "hands": d["hands"],
            "points": as_number(d["points"]),
            "money": money(d["money_cents"]),
            "sat_out": d["sat_out"],
            "per_evening": rounded(d["per_evening"], 2),
            "per_hand": rounded(d["per_hand"], 2),
            "declarer": {
                "played": d["declared"],
                "won": d["declared_won"],
                "rate": _pct(d["declared_won"], d["declared_decided"]),
                "contracts": d["contracts"],
            },
            "partner": {"played": d["partner"], "won": d["partner_won"]},
            "opponent": {"played": d["opponent"], "won": d["opponent_won"]},
            "won_hands": d["won"],
            "win_rate": _pct(d["won"], d["decided"]),
            "premiums": {
                **{key: sum(v[key] for v in d["premiums"].values()) for key in PREMIUM_COUNTS},
                "by_premium": d["premiums"],
            },
            "kontra": d["kontra"],
            "best_evening": d["best_evening"]
            and dict(d["best_evening"], points=as_number(d["best_evening"]["points"])),
            "worst_evening": d["worst_evening"]
            and dict(d["worst_evening"], points=as_number(d["worst_evening"]["points"])),
        }
    return {
        "range": {"since": rng.since, "until": rng.until},
        "points_are": data["score"],  # geld: the money; schrift: the written score
        "evenings": data["evenings"],
        "hands": data["hands"],
        "players": players,
        "leaderboard": [
            {"rank": i, "player": p, "points": players[p]["points"], "money": players[p]["money"]}
            for i, p in enumerate(data["leaderboard"], 1)
        ],
        "contracts": data["contracts"],
        "premiums": data["premiums"],
        "partners": data["partners"],
        "opponents": data["opponents"],
    }


def _fmt(v: Fraction | int | None) -> str:
    if v is None:
        return "-"
    return gain(v) if isinstance(v, Fraction) else str(v)


def _rate(won: int, n: int) -> str:
    return f"{won}/{n} ({100 * won / n:.0f}%)" if n else "-"


Table = tuple[list[str], list[list]]  # headers, rows


def tables(data: dict) -> dict[str, Table]:
    """Every table of the report as CSV writes it: name -> (headers, rows),
    the headers in English and the contracts and premiums by their ids (CSV
    is never translated; the screen's tables are ``stats_screen``'s)."""
    out = {"leaderboard": _leaderboard(data), "players": _players_table(data), "declarer": _declarer_table(data)}
    out["contracts"] = (
        ["contract", "hands", "share %", "declarer won", "win rate %"],
        [
            [c, v["hands"], v["share"], f"{v['won']}/{v['decided']}" if v["decided"] else "-", v["win_rate"]]
            for c, v in data["contracts"].items()
        ],
    )
    out["premiums"] = (
        ["premium", "played", "announced", "announced made", "rate %", "silent made", "with Kontra"],
        [
            [k, v["played"], v["announced"], v["announced_made"], v["announced_rate"], v["silent_made"], v["kontra"]]
            for k, v in data["premiums"].items()
        ],
    )
    names = data["leaderboard"]
    for key in ("partners", "opponents"):
        t = data[key]
        out[key] = (
            ["with ->" if key == "partners" else "against ->", *names],
            [[a] + [_won_of(t.get(a, {}).get(b), "hands") for b in names] for a in names],
        )
    return out


def _won_of(cell: dict | None, of: str) -> str:
    """ "won/played" of a cell, empty where there is none."""
    return f"{cell['won']}/{cell[of]}" if cell else ""


def _leaderboard(data: dict) -> Table:
    P, board = data["players"], data["leaderboard"]
    points, per_evening, per_hand = (
        signed_column(P[p][key] for p in board) for key in ("points", "per_evening", "per_hand")
    )
    return (
        ["#", "player", "points", "money", "evenings", "hands", "per evening", "per hand", "as declarer"],
        [
            [i, p, points[i - 1], money(P[p]["money_cents"]), P[p]["evenings"], P[p]["hands"], per_evening[i - 1],
             per_hand[i - 1], _rate(P[p]["declared_won"], P[p]["declared_decided"])]
            for i, p in enumerate(board, 1)
        ],
    )  # fmt: skip


def _players_table(data: dict) -> Table:
    P = data["players"]
    headers = ["player", "sat out", "won", "partner", "opponent", "premiums ann./made", "silent made",
               "Kontra given/won", "Re given/won", "best evening", "worst evening"]  # fmt: skip
    rows = []
    for p in data["leaderboard"]:
        d, prem, k = P[p], P[p]["premiums"].values(), P[p]["kontra"]
        rows.append([
            p,
            d["sat_out"],
            _rate(d["won"], d["decided"]),
            _rate(d["partner_won"], d["partner"]),
            _rate(d["opponent_won"], d["opponent"]),
            f"{sum(v['announced'] for v in prem)}/{sum(v['announced_made'] for v in prem)}",
            sum(v["silent_made"] for v in prem),
            f"{k['given']}/{k['won']}",
            f"{k['re_given']}/{k['re_won']}",
            evening_cell(d["best_evening"]),
            evening_cell(d["worst_evening"]),
        ])  # fmt: skip
    return headers, rows


def _declarer_table(data: dict) -> Table:
    P = data["players"]
    contracts = list(data["contracts"])
    return (
        ["player", *contracts],
        [[p] + [_won_of(P[p]["contracts"].get(c), "played") for c in contracts] for p in data["leaderboard"]],
    )


def evening_cell(e: dict | None) -> str:
    """A best or worst evening: its points, date and number (several evenings can share a date)."""
    return f"{_fmt(e['points'])} ({e['date']}, #{e['evening']})" if e else "-"
