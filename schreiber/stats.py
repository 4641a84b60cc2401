"""Season statistics as SQL aggregates over the ledger.

Every figure is one GROUP BY over the ledger's tables (``payments`` for
points, and the statistics tables of migration m002: ``hand_players``,
``hand_premiums``, ``hand_kontras``, see ``derived.py``); Python only shapes
the few aggregated rows. No hand is replayed or loaded one by one.

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
from dataclasses import dataclass
from fractions import Fraction

from .settle import settle

UNITS = 2520


@dataclass(frozen=True)
class Range:
    since: str | None = None  # ISO dates, inclusive
    until: str | None = None

    def sql(self) -> tuple[str, list]:
        """A subquery of the ids of the evenings in range, and its parameters."""
        return ("select id from evenings where (? is null or date >= ?) and (? is null or date <= ?)",
                [self.since, self.since, self.until, self.until])


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
    conn.execute(f"create temp table stats_evenings as {sel}", sp)
    conn.execute("create unique index temp.stats_evenings_id on stats_evenings(id)")
    try:
        return _compute(conn)
    finally:
        conn.execute("drop table if exists temp.stats_evenings")


ACTIVE = "join entries e on e.id = {t}.entry_id and e.status = 'active'"
IN_RANGE = "{t}.evening_id in (select id from temp.stats_evenings)"


def _q(conn, sql: str, params=()):
    return conn.execute(sql, params).fetchall()


def _compute(conn) -> dict:
    names = dict(_q(conn, "select id, name from players"))

    # Evenings in range, with what settlement needs.
    evenings = {}
    for eid, date, seating, tarif, start_pot, pot_end_rule in _q(conn, """
        select ev.id, ev.date, ev.seating_json, ev.tarif_cents, ev.start_pot,
               coalesce(json_extract(ev.rules_json, '$.rules.pagatkassa_end'), 'carry')
        from evenings ev where ev.id in (select id from temp.stats_evenings)"""):
        evenings[eid] = {"date": date, "players": tuple(json.loads(seating)), "tarif": tarif,
                         "start_pot": Fraction(start_pot or "0"), "pot_rule": pot_end_rule, "totals": {}}

    # Points per player and evening: one GROUP BY over payments.
    for eid, pid, x in _q(conn, f"""
        select pay.evening_id, pay.player_id, sum(pay.points_x2520) from payments pay
        {ACTIVE.format(t='pay')} where {IN_RANGE.format(t='pay')}
        group by pay.evening_id, pay.player_id"""):
        evenings[eid]["totals"][names[pid]] = Fraction(x, UNITS)

    # Hands and roles per player.
    players: dict[str, dict] = {}
    for (pid, evs, hands, out, declared, declared_won, declared_decided, partnered, partner_won,
         opp, opp_won, sided, won) in _q(conn, f"""
        select hp.player_id, count(distinct hp.evening_id), sum(hp.role != 'out'), sum(hp.role = 'out'),
               sum(hp.role = 'declarer'), sum(hp.role = 'declarer' and hp.won = 1),
               sum(hp.role = 'declarer' and hp.won is not null),
               sum(hp.role = 'partner'), sum(hp.role = 'partner' and hp.won = 1),
               sum(hp.role = 'opponent'), sum(hp.role = 'opponent' and hp.won = 1),
               sum(hp.won is not null), sum(hp.won = 1)
        from hand_players hp {ACTIVE.format(t='hp')} where {IN_RANGE.format(t='hp')}
        group by hp.player_id"""):
        players[names[pid]] = {
            "evenings": evs, "hands": hands, "sat_out": out, "declared": declared, "declared_won": declared_won,
            "declared_decided": declared_decided, "partner": partnered, "partner_won": partner_won,
            "opponent": opp, "opponent_won": opp_won, "decided": sided, "won": won,
            "contracts": {}, "premiums": {}, "kontra": {"given": 0, "won": 0, "re_given": 0, "re_won": 0},
        }

    # Money, points, best and worst evening, from the per-evening totals.
    money: dict[str, int] = {}
    points: dict[str, Fraction] = {}
    best: dict[str, tuple] = {}
    worst: dict[str, tuple] = {}
    for eid, ev in sorted(evenings.items(), key=lambda kv: (kv[1]["date"], kv[0])):
        if not ev["totals"]:
            continue
        s = settle(ev["players"], ev["totals"], ev["tarif"], ev["start_pot"], ev["pot_rule"])
        for p in ev["players"]:
            v = ev["totals"].get(p, Fraction(0))
            points[p] = points.get(p, Fraction(0)) + v
            money[p] = money.get(p, 0) + s.cents[p]
            if p not in best or v > best[p][0]:
                best[p] = (v, eid, ev["date"])
            if p not in worst or v < worst[p][0]:
                worst[p] = (v, eid, ev["date"])
    for p in points:
        players.setdefault(p, {
            "evenings": 0, "hands": 0, "sat_out": 0, "declared": 0, "declared_won": 0, "declared_decided": 0,
            "partner": 0, "partner_won": 0, "opponent": 0, "opponent_won": 0, "decided": 0, "won": 0,
            "contracts": {}, "premiums": {}, "kontra": {"given": 0, "won": 0, "re_given": 0, "re_won": 0},
        })
    for p, d in players.items():
        d["points"] = points.get(p, Fraction(0))
        d["money_cents"] = money.get(p, 0)
        d["per_evening"] = _avg(d["points"], d["evenings"])
        d["per_hand"] = _avg(d["points"], d["hands"])
        d["best_evening"] = {"evening": best[p][1], "date": best[p][2], "points": best[p][0]} if p in best else None
        d["worst_evening"] = {"evening": worst[p][1], "date": worst[p][2], "points": worst[p][0]} if p in worst else None

    # As declarer, per contract.
    for pid, contract, played, won, decided in _q(conn, f"""
        select hp.player_id, r.contract, count(*), sum(hp.won = 1), sum(hp.won is not null)
        from hand_players hp {ACTIVE.format(t='hp')} join results r on r.entry_id = hp.entry_id
        where hp.role = 'declarer' and {IN_RANGE.format(t='hp')}
        group by hp.player_id, r.contract"""):
        players[names[pid]]["contracts"][contract] = {"played": played, "won": won, "decided": decided}

    # Per contract: how often, and how often the declarer won.
    contracts: dict[str, dict] = {}
    total_hands = 0
    for contract, n in _q(conn, f"""
        select r.contract, count(*) from results r {ACTIVE.format(t='r')}
        where r.kind = 'hand' and {IN_RANGE.format(t='r')} group by r.contract"""):
        contracts[contract] = {"hands": n, "declared": 0, "won": 0, "decided": 0}
        total_hands += n
    for d in players.values():
        for c, v in d["contracts"].items():
            contracts[c]["declared"] += v["played"]
            contracts[c]["won"] += v["won"]
            contracts[c]["decided"] += v["decided"]
    for c in contracts.values():
        c["share"] = round(100 * c["hands"] / total_hands, 1) if total_hands else None
        c["win_rate"] = _pct(c["won"], c["decided"])

    # Premiums: per player (for the side that played them) and overall.
    for pid, premium, announced, announced_made, silent_made in _q(conn, f"""
        select hp.player_id, pr.premium, sum(pr.announced), sum(pr.announced and pr.made),
               sum(not pr.announced and pr.made)
        from hand_premiums pr {ACTIVE.format(t='pr')}
        join hand_players hp on hp.entry_id = pr.entry_id
             and hp.side = case pr.party when 'declarer' then 'D' else 'O' end
        where {IN_RANGE.format(t='pr')}
        group by hp.player_id, pr.premium"""):
        players[names[pid]]["premiums"][premium] = {"announced": announced, "announced_made": announced_made,
                                                    "silent_made": silent_made}
    premiums: dict[str, dict] = {}
    for premium, played, announced, announced_made, silent_made, doubled in _q(conn, f"""
        select pr.premium, count(*), sum(pr.announced), sum(pr.announced and pr.made),
               sum(not pr.announced and pr.made), sum(pr.kontra is not null)
        from hand_premiums pr {ACTIVE.format(t='pr')} where {IN_RANGE.format(t='pr')}
        group by pr.premium"""):
        premiums[premium] = {"played": played, "announced": announced, "announced_made": announced_made,
                             "silent_made": silent_made, "kontra": doubled,
                             "announced_rate": _pct(announced_made, announced)}

    # Kontra (and Re) given by the player's side, and how often that side won the doubled item.
    for pid, role, given, won in _q(conn, f"""
        select k.player_id, k.role, count(*), sum(k.won = 1)
        from hand_kontras k {ACTIVE.format(t='k')} where {IN_RANGE.format(t='k')}
        group by k.player_id, k.role"""):
        k = players[names[pid]]["kontra"]
        if role == "kontra":
            k["given"], k["won"] = given, won
        else:
            k["re_given"], k["re_won"] = given, won

    # Partners (same side) and opponents (other side): who wins with whom.
    partners: dict[str, dict] = {}
    opponents: dict[str, dict] = {}
    for a, b, same, n, won in _q(conn, f"""
        select x.player_id, y.player_id, x.side = y.side, count(*), sum(x.won = 1)
        from hand_players x {ACTIVE.format(t='x')}
        join hand_players y on y.entry_id = x.entry_id and y.player_id != x.player_id and y.side is not null
        where x.side is not null and x.won is not null and {IN_RANGE.format(t='x')}
        group by x.player_id, y.player_id, x.side = y.side"""):
        table = partners if same else opponents
        table.setdefault(names[a], {})[names[b]] = {"hands": n, "won": won, "rate": _pct(won, n)}

    leaderboard = sorted(players, key=lambda p: (-players[p]["points"], -players[p]["money_cents"], p))
    return {
        "evenings": sum(1 for ev in evenings.values() if ev["totals"]),
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
    from .engine import number

    if v is None:
        return None
    if isinstance(v, Fraction):
        return number(v) if v.denominator == 1 else round(float(v), 2)
    return v


def to_json(data: dict, rng: Range) -> dict:
    from .engine import number
    from .settle import money

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
    if v is None:
        return "-"
    if isinstance(v, Fraction):
        return f"{int(v):+d}" if v.denominator == 1 else f"{float(v):+.2f}"
    return str(v)


def _rate(won, n) -> str:
    return f"{won}/{n} ({100 * won / n:.0f}%)" if n else "-"


def tables(data: dict) -> dict[str, tuple[list[str], list[list]]]:
    """Every table of the report: name -> (headers, rows)."""
    from .settle import money

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
