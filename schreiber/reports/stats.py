"""Season statistics as SQL aggregates over the ledger.

Every figure is a GROUP BY over the ledger's tables (``payments`` for
points, and the statistics tables of migration m002: ``hand_players``,
``hand_facts``, ``hand_premiums``, ``hand_kontras``, see ``derived.py``);
no hand is replayed or loaded one by one. For speed on large ledgers
(bench/bench_stats.py: 100,000 hands) the queries read covering indexes
that start with ``evening_id``: they group per evening first (the date
range is a set of evenings) and then per player, and groups of hands with
the same sides come back as one row each, which Python turns into pairs of
players. Money needs the per-evening totals: each evening is rounded as
``settle`` rounds it (integer arithmetic, ``settle.evening_cents``).

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

import json
import math
from dataclasses import dataclass
from fractions import Fraction

from ..ledger.values import DateRange as Range
from .settlement import evening_cents

UNITS = 2520


def _pct(won: int, played: int) -> float | None:
    return round(100 * won / played, 1) if played else None


def _avg(points: Fraction, n: int) -> Fraction | None:
    return points / n if n else None


def compute(db, rng: Range = Range()) -> dict:
    """All statistics for the evenings in ``rng``, as plain data (points as
    Fractions, money as cents)."""
    conn = db.conn if hasattr(db, "conn") else db
    sel, sp = rng.sql()
    conn.execute("drop table if exists temp.stats_evenings")
    conn.execute("create temp table stats_evenings (id integer primary key)")
    conn.execute(f"insert into temp.stats_evenings {sel}", sp)
    try:
        return _compute(conn)
    finally:
        conn.execute("drop table if exists temp.stats_evenings")


IN_RANGE = "{t}.evening_id in (select id from temp.stats_evenings)"


def _q(conn, sql: str, params=()):
    return conn.execute(sql, params).fetchall()


def _void_filter(conn) -> str:
    """Voided entries never count. The ledger keeps scored rows only for
    active entries (a correction re-scores the evening, and the statistics
    rows cascade with ``results``), so normally nothing needs filtering; if a
    voided entry still has rows, every query filters them out."""
    stale = conn.execute(
        "select exists(select 1 from entries e where e.status != 'active' and ("
        "exists(select 1 from payments p where p.entry_id = e.id) or "
        "exists(select 1 from results r where r.entry_id = e.id)))").fetchone()[0]
    return " and {t}.entry_id not in (select id from entries where status != 'active')" if stale else ""


def _blank_player() -> dict:
    return {"evenings": 0, "hands": 0, "sat_out": 0, "declared": 0, "declared_won": 0, "declared_decided": 0,
            "partner": 0, "partner_won": 0, "opponent": 0, "opponent_won": 0, "decided": 0, "won": 0,
            "contracts": {}, "premiums": {}, "kontra": {"given": 0, "won": 0, "re_given": 0, "re_won": 0}}


def _compute(conn) -> dict:
    names = dict(_q(conn, "select id, name from players"))
    void = _void_filter(conn)

    def where(t: str) -> str:
        return IN_RANGE.format(t=t) + void.format(t=t)

    # Evenings in range, with what settlement needs.
    evenings = {}
    for eid, date, seating, tarif, start_pot, pot_end_rule in _q(conn, """
        select ev.id, ev.date, ev.seating_json, ev.tarif_cents, ev.start_pot,
               coalesce(json_extract(ev.rules_json, '$.rules.pagatkassa_end'), 'carry')
        from evenings ev where ev.id in (select id from temp.stats_evenings)"""):
        evenings[eid] = {"date": date, "players": tuple(json.loads(seating)), "tarif": tarif,
                         "start_pot": Fraction(start_pot or "0"), "pot_rule": pot_end_rule, "units": {}}

    # Points per player and evening: one GROUP BY over payments (covering index).
    for eid, pid, x in _q(conn, f"""
        select pay.evening_id, pay.player_id, sum(pay.points_x2520) from payments pay
        where {where('pay')} group by pay.evening_id, pay.player_id"""):
        evenings[eid]["units"][names[pid]] = x

    # Roles per player: grouped per evening on the index, then per player.
    players: dict[str, dict] = {}
    for pid, role, won, n in _q(conn, f"""
        with per as materialized (
            select hp.evening_id, hp.player_id, hp.role, hp.won, count(*) as n from hand_players hp
            where {where('hp')} group by hp.evening_id, hp.player_id, hp.role, hp.won)
        select player_id, role, won, sum(n) from per group by player_id, role, won
        union all
        select player_id, '#evenings', null, count(distinct evening_id) from per group by player_id"""):
        d = players.setdefault(names[pid], _blank_player())
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
        if role == "declarer":
            d["declared"] += n
            d["declared_won"] += n * (won or 0)
            d["declared_decided"] += n if won is not None else 0
        elif role == "partner":
            d["partner"] += n
            d["partner_won"] += n * (won or 0)
        elif role == "opponent":
            d["opponent"] += n
            d["opponent_won"] += n * (won or 0)

    # Money, points, best and worst evening, from the per-evening totals
    # (integers in 1/2520 point; money rounded per evening as settle does).
    money: dict[str, int] = {}
    units: dict[str, int] = {}
    best: dict[str, tuple] = {}
    worst: dict[str, tuple] = {}
    for eid, ev in sorted(evenings.items(), key=lambda kv: (kv[1]["date"], kv[0])):
        if not ev["units"]:
            continue
        start = ev["start_pot"]
        den = math.lcm(UNITS, start.denominator)
        k = den // UNITS
        cents = evening_cents(ev["players"], {p: x * k for p, x in ev["units"].items()}, den, ev["tarif"],
                              start.numerator * (den // start.denominator), ev["pot_rule"])
        for p in ev["players"]:
            v = ev["units"].get(p, 0)
            units[p] = units.get(p, 0) + v
            money[p] = money.get(p, 0) + cents[p]
            if p not in best or v > best[p][0]:
                best[p] = (v, eid, ev["date"])
            if p not in worst or v < worst[p][0]:
                worst[p] = (v, eid, ev["date"])
    points = {p: Fraction(v, UNITS) for p, v in units.items()}
    for p in points:
        players.setdefault(p, _blank_player())
    for p, d in players.items():
        d["points"] = points.get(p, Fraction(0))
        d["money_cents"] = money.get(p, 0)
        d["per_evening"] = _avg(d["points"], d["evenings"])
        d["per_hand"] = _avg(d["points"], d["hands"])
        d["best_evening"] = ({"evening": best[p][1], "date": best[p][2], "points": Fraction(best[p][0], UNITS)}
                             if p in best else None)
        d["worst_evening"] = ({"evening": worst[p][1], "date": worst[p][2], "points": Fraction(worst[p][0], UNITS)}
                              if p in worst else None)

    # As declarer, per contract: one declarer per hand (hand_facts), and the
    # rare hands where several play side by side (one row each in hand_players).
    for pid, contract, won, n in _q(conn, f"""
        select declarer_id, contract, won, sum(n) from (
            select f.evening_id, f.declarer_id, f.contract, f.won, count(*) as n from hand_facts f
            where f.declarer_id is not null and {where('f')}
            group by f.evening_id, f.declarer_id, f.contract, f.won)
        group by declarer_id, contract, won
        union all
        select hp.player_id, hp.contract, hp.won, count(*) from hand_facts f
        join hand_players hp on hp.entry_id = f.entry_id and hp.role = 'declarer'
        where f.several = 1 and {where('f')}
        group by hp.player_id, hp.contract, hp.won"""):
        c = players[names[pid]]["contracts"].setdefault(contract, {"played": 0, "won": 0, "decided": 0})
        c["played"] += n
        if won is not None:
            c["decided"] += n
            c["won"] += n * won

    # Per contract: how often, and how often the declarer's side won.
    contracts: dict[str, dict] = {}
    for contract, won, n in _q(conn, f"""
        select contract, won, sum(n) from (
            select f.evening_id, f.contract, f.won, count(*) as n from hand_facts f
            where {where('f')} group by f.evening_id, f.contract, f.won)
        group by contract, won"""):
        c = contracts.setdefault(contract, {"hands": 0, "won": 0, "decided": 0})
        c["hands"] += n
        if won is not None:
            c["decided"] += n
            c["won"] += n * won
    total_hands = sum(c["hands"] for c in contracts.values())
    for c in contracts.values():
        c["share"] = round(100 * c["hands"] / total_hands, 1) if total_hands else None
        c["win_rate"] = _pct(c["won"], c["decided"])

    # Premiums: per player (for the side that played them: grouped by the
    # hand's sides in SQL, each group counted for the players of that side).
    for premium, party, d_side, o_side, announced, announced_made, silent_made in _q(conn, f"""
        select pr.premium, pr.party, f.d_side, f.o_side, sum(pr.announced), sum(pr.announced and pr.made),
               sum(not pr.announced and pr.made)
        from hand_premiums pr join hand_facts f on f.entry_id = pr.entry_id
        where {where('pr')}
        group by pr.premium, pr.party, f.d_side, f.o_side"""):
        side = d_side if party == "declarer" else o_side
        for pid in (int(x) for x in (side or "").split(",") if x):
            c = players[names[pid]]["premiums"].setdefault(premium, {"announced": 0, "announced_made": 0,
                                                                     "silent_made": 0})
            c["announced"] += announced
            c["announced_made"] += announced_made
            c["silent_made"] += silent_made
    premiums: dict[str, dict] = {}
    for premium, played, announced, announced_made, silent_made, doubled in _q(conn, f"""
        select pr.premium, count(*), sum(pr.announced), sum(pr.announced and pr.made),
               sum(not pr.announced and pr.made), sum(pr.kontra is not null)
        from hand_premiums pr where {where('pr')}
        group by pr.premium"""):
        premiums[premium] = {"played": played, "announced": announced, "announced_made": announced_made,
                             "silent_made": silent_made, "kontra": doubled,
                             "announced_rate": _pct(announced_made, announced)}

    # Kontra (and Re) given by the player's side, and how often that side won the doubled item.
    for pid, role, given, won in _q(conn, f"""
        select k.player_id, k.role, count(*), sum(k.won = 1)
        from hand_kontras k where {where('k')}
        group by k.player_id, k.role"""):
        k = players[names[pid]]["kontra"]
        if role == "kontra":
            k["given"], k["won"] = given, won
        else:
            k["re_given"], k["re_won"] = given, won

    # Partners (same side) and opponents (other side): who wins with whom. The
    # hands are grouped by their two sides in SQL; each group gives its pairs.
    partners: dict[str, dict] = {}
    opponents: dict[str, dict] = {}

    def pair(table: dict, a: int, b: int, n: int, won: int) -> None:
        cell = table.setdefault(names[a], {}).setdefault(names[b], {"hands": 0, "won": 0})
        cell["hands"] += n
        cell["won"] += won

    for d_side, o_side, won, n in _q(conn, f"""
        select d_side, o_side, won, sum(n) from (
            select f.evening_id, f.d_side, f.o_side, f.won, count(*) as n from hand_facts f
            where f.won is not null and f.d_side is not null and f.o_side is not null and {where('f')}
            group by f.evening_id, f.d_side, f.o_side, f.won)
        group by d_side, o_side, won"""):
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

    leaderboard = sorted(players, key=lambda p: (-players[p]["points"], -players[p]["money_cents"], p))
    return {
        "evenings": sum(1 for ev in evenings.values() if ev["units"]),
        "hands": total_hands,
        "players": players,
        "contracts": dict(sorted(contracts.items(), key=lambda kv: (-kv[1]["hands"], kv[0]))),
        "premiums": dict(sorted(premiums.items(), key=lambda kv: (-kv[1]["played"], kv[0]))),
        "partners": partners,
        "opponents": opponents,
        "leaderboard": leaderboard,
    }


# Shaping for output ------------------------------------------------------

def _num(v):
    from ..domain.engine import number

    if v is None:
        return None
    if isinstance(v, Fraction):
        return number(v) if v.denominator == 1 else round(float(v), 2)
    return v


def to_json(data: dict, rng: Range) -> dict:
    from ..domain.engine import number
    from .settlement import money

    players = {}
    for p, d in data["players"].items():
        players[p] = {
            "evenings": d["evenings"], "hands": d["hands"], "points": number(d["points"]),
            "money": money(d["money_cents"]), "sat_out": d["sat_out"],
            "per_evening": _num(d["per_evening"]), "per_hand": _num(d["per_hand"]),
            "declarer": {"played": d["declared"], "won": d["declared_won"],
                         "rate": _pct(d["declared_won"], d["declared_decided"]),
                         "contracts": d["contracts"]},
            "partner": {"played": d["partner"], "won": d["partner_won"]},
            "opponent": {"played": d["opponent"], "won": d["opponent_won"]},
            "won_hands": d["won"], "win_rate": _pct(d["won"], d["decided"]),
            "premiums": {
                "announced": sum(v["announced"] for v in d["premiums"].values()),
                "announced_made": sum(v["announced_made"] for v in d["premiums"].values()),
                "silent_made": sum(v["silent_made"] for v in d["premiums"].values()),
                "by_premium": d["premiums"],
            },
            "kontra": d["kontra"],
            "best_evening": d["best_evening"] and dict(d["best_evening"], points=number(d["best_evening"]["points"])),
            "worst_evening": d["worst_evening"] and dict(d["worst_evening"], points=number(d["worst_evening"]["points"])),
        }
    return {
        "range": {"since": rng.since, "until": rng.until},
        "evenings": data["evenings"],
        "hands": data["hands"],
        "players": players,
        "leaderboard": [{"rank": i, "player": p, "points": players[p]["points"], "money": players[p]["money"]}
                        for i, p in enumerate(data["leaderboard"], 1)],
        "contracts": data["contracts"],
        "premiums": data["premiums"],
        "partners": data["partners"],
        "opponents": data["opponents"],
    }


def _fmt(v) -> str:
    from ..render import signed as fmt_points

    if v is None:
        return "-"
    return fmt_points(v) if isinstance(v, Fraction) else str(v)


def _rate(won, n) -> str:
    return f"{won}/{n} ({100 * won / n:.0f}%)" if n else "-"


def tables(data: dict) -> dict[str, tuple[list[str], list[list]]]:
    """Every table of the report: name -> (headers, rows)."""
    from .settlement import money

    P = data["players"]
    out = {}
    out["leaderboard"] = (
        ["#", "player", "points", "money", "evenings", "hands", "per evening", "per hand", "as declarer"],
        [[i, p, _fmt(P[p]["points"]), money(P[p]["money_cents"]), P[p]["evenings"], P[p]["hands"],
          _fmt(P[p]["per_evening"]), _fmt(P[p]["per_hand"]), _rate(P[p]["declared_won"], P[p]["declared_decided"])]
         for i, p in enumerate(data["leaderboard"], 1)],
    )
    out["players"] = (
        ["player", "sat out", "won", "partner", "opponent", "premiums ann./made", "silent made",
         "Kontra given/won", "Re given/won", "best evening", "worst evening"],
        [[p, P[p]["sat_out"], _rate(P[p]["won"], P[p]["decided"]), _rate(P[p]["partner_won"], P[p]["partner"]),
          _rate(P[p]["opponent_won"], P[p]["opponent"]),
          "{}/{}".format(sum(v["announced"] for v in P[p]["premiums"].values()),
                         sum(v["announced_made"] for v in P[p]["premiums"].values())),
          sum(v["silent_made"] for v in P[p]["premiums"].values()),
          f"{P[p]['kontra']['given']}/{P[p]['kontra']['won']}", f"{P[p]['kontra']['re_given']}/{P[p]['kontra']['re_won']}",
          _evening_cell(P[p]["best_evening"]), _evening_cell(P[p]["worst_evening"])]
         for p in data["leaderboard"]],
    )
    contracts = list(data["contracts"])
    out["declarer"] = (
        ["player"] + contracts,
        [[p] + [(lambda v: f"{v['won']}/{v['played']}" if v else "")(P[p]["contracts"].get(c)) for c in contracts]
         for p in data["leaderboard"]],
    )
    out["contracts"] = (
        ["contract", "hands", "share %", "declarer won", "win rate %"],
        [[c, v["hands"], v["share"], f"{v['won']}/{v['decided']}" if v["decided"] else "-", v["win_rate"]]
         for c, v in data["contracts"].items()],
    )
    out["premiums"] = (
        ["premium", "played", "announced", "announced made", "rate %", "silent made", "with Kontra"],
        [[k, v["played"], v["announced"], v["announced_made"], v["announced_rate"], v["silent_made"], v["kontra"]]
         for k, v in data["premiums"].items()],
    )
    names = data["leaderboard"]
    for key in ("partners", "opponents"):
        t = data[key]
        out[key] = (
            [f"{'with' if key == 'partners' else 'against'} ->"] + names,
            [[a] + [(lambda v: f"{v['won']}/{v['hands']}" if v else "")(t.get(a, {}).get(b)) for b in names]
             for a in names],
        )
    return out


TABLE_TITLES = {
    "leaderboard": "Leaderboard",
    "players": "Players (won: hands whose game the player's side won)",
    "declarer": "As declarer: won/played per contract",
    "contracts": "Contracts",
    "premiums": "Premiums",
    "partners": "Partners: row player's side won / hands on the same side",
    "opponents": "Opponents: row player's side won / hands on opposite sides",
}


def _evening_cell(e) -> str:
    return f"{_fmt(e['points'])} ({e['date']})" if e else "-"
