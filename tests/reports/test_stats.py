"""Statistics (schreiber/reports/stats.py over schreiber/ledger/statistics.py)
against figures computed here in plain Python from the generated hands
(replayed with the engine, no SQL)."""

from __future__ import annotations

import datetime as dt
import json
import random
import sqlite3
from collections import Counter, defaultdict
from fractions import Fraction as Fr
from itertools import permutations

import pytest
from typer.testing import CliRunner

from schreiber.cli.groups import main_app
from schreiber.domain import evening
from schreiber.domain.evening import Entry, initial_state
from schreiber.domain.names import KONTRA_LEVELS
from schreiber.domain.rules import load_rules
from schreiber.domain.sample import random_hands
from schreiber.ledger.store import Ledger
from schreiber.reports.settlement import settle
from schreiber.service import Service

FOUR = ("Anna", "Berti", "Carl", "Dora")
FIVE = ("Anna", "Berti", "Carl", "Dora", "Emil")
TODAY = dt.date.today()


def replay(rules, players, entries, start):
    """The evening replayed from the fixture's entries, written as JSON dicts."""
    return evening.replay(rules, players, [Entry.of(e) for e in entries], start)


def _dates():
    """Evenings over two seasons (2024, 2025) and one today."""
    days = [dt.date(2024, 3, 1) + dt.timedelta(days=37 * i) for i in range(8)]
    days += [dt.date(2025, 1, 10) + dt.timedelta(days=41 * i) for i in range(6)]
    return [d for d in days if (d.year, d.month) != (TODAY.year, TODAY.month)] + [TODAY]


@pytest.fixture(scope="module")
def ledger(tmp_path_factory):
    """A generated multi-season ledger, and what was played (for independent checks)."""
    path = tmp_path_factory.mktemp("stats") / "stats.db"
    rng = random.Random(7)
    svc = Service(Ledger(path))
    led = svc.ledger
    played = []  # (evening id, date, players, rules, [entries actually active], tarif)
    for i, day in enumerate(_dates()):
        players = FIVE if i % 3 == 2 else FOUR
        rules = load_rules("standard", ["pagatkassa=1"] if players == FIVE else [])
        tarif = 10 if i % 2 else 20
        with led.transaction():  # straight into the store: no Pagat pot carried from the circle's last evening
            led.close_open_evenings()
            eid = led.insert_evening(players, rules, day.isoformat(), players[0], tarif, Fr(0))
        hands = [{"kind": "hand", "record": r} for r in random_hands(rng, players, rng.randint(12, 30))]
        svc.import_entries([Entry.of(e) for e in hands])
        entries = list(hands)
        if i % 4 == 1:  # a hand that is taken back: it must never count
            extra = next(random_hands(rng, players, 1, led.last_state(led.evening(eid)).next_dealer))
            svc.add_hand(extra)
            svc.undo()
        if i % 5 == 3:  # a penalty point and a doubled round
            svc.strafpunkt(players[1])
            svc.radl()
            entries += [{"kind": "strafpunkt", "player": players[1]}, {"kind": "radl"}]
            more = [
                {"kind": "hand", "record": r}
                for r in random_hands(rng, players, 6, led.last_state(led.evening(eid)).next_dealer)
            ]
            svc.import_entries([Entry.of(e) for e in more])
            entries += more
        played.append((eid, day.isoformat(), players, rules, entries, tarif))
    led.close()
    return path, played


def expected(played, since=None, until=None):
    """Every figure, by replaying the hands with the engine in plain Python."""
    P = defaultdict(
        lambda: {
            "evenings": 0,
            "hands": 0,
            "points": Fr(0),
            "money": 0,
            "contracts": Counter(),
            "won": Counter(),
            "announced": 0,
            "announced_made": 0,
            "kontra": 0,
            "kontra_won": 0,
            "per_evening": [],
        }
    )
    contracts = Counter()
    partners = Counter()
    partners_won = Counter()
    for eid, date, players, rules, entries, tarif in played:
        if (since and date < since) or (until and date > until):
            continue
        outs = replay(rules, players, entries, initial_state(rules, players))
        totals = {p: Fr(0) for p in players}
        for o in outs:
            for p, v in o.payments:
                totals[p] += v
            if o.kind != "hand":
                continue
            h, t = o.hand, o.table
            contracts[h.contract] += 1
            for p in t.active:
                P[p]["hands"] += 1
            won = dict(o.score.declarer_won)
            if not h.declarers:  # Trischaken: no sides
                continue
            d = h.declarers[0]
            P[d]["contracts"][h.contract] += 1
            P[d]["won"][h.contract] += won[d]
            side = {d} | ({h.partner} if h.partner not in (None, d) else set())
            opp = [p for p in t.active if p not in side]
            side_won = {p: won[d] for p in side} | {p: not won[d] for p in opp}
            for e in h.premiums:
                party = side if e.party == "declarer" else opp
                for p in party:
                    P[p]["announced"] += e.announced
                    P[p]["announced_made"] += e.announced and e.result == "won"
                if e.kontra:
                    for p in opp if e.party == "declarer" else side:
                        P[p]["kontra"] += 1
                        P[p]["kontra_won"] += e.result == "lost"
            if h.kontra:
                for p in opp:
                    P[p]["kontra"] += 1
                    P[p]["kontra_won"] += not won[d]
            for lvl_player, lvl in h.kontra_by:
                assert lvl in KONTRA_LEVELS
                P[lvl_player]["kontra"] += 1
                P[lvl_player]["kontra_won"] += not won[d]
            for a, b in permutations(t.active, 2):
                if (a in side) == (b in side):
                    partners[a, b] += 1
                    partners_won[a, b] += side_won[a]
        if not outs or not any(o.kind == "hand" for o in outs):
            continue
        s = settle(players, totals, tarif, Fr(0), rules.pagatkassa_end)
        for p in players:
            P[p]["evenings"] += 1
            P[p]["points"] += totals[p]
            P[p]["money"] += s.cents[p]
            P[p]["per_evening"].append(totals[p])
    return P, contracts, partners, partners_won


def stats_json(path, *args):
    r = CliRunner().invoke(main_app(), ["--db", str(path), "stats", "--json", *args])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def _check(data, played, since=None, until=None):
    P, contracts, partners, partners_won = expected(played, since, until)
    assert set(data["players"]) == set(P)
    assert data["hands"] == sum(contracts.values())
    for p, exp in P.items():
        got = data["players"][p]
        assert got["evenings"] == exp["evenings"], p
        assert got["hands"] == exp["hands"], p
        assert Fr(got["points"]).limit_denominator(2520) == exp["points"], p
        assert Fr(got["money"]) == Fr(exp["money"], 100), p
        decl = got["declarer"]["contracts"]
        assert {c: v["played"] for c, v in decl.items()} == dict(exp["contracts"]), p
        assert {c: v["won"] for c, v in decl.items()} == {c: exp["won"][c] for c in exp["contracts"]}, p
        assert got["premiums"]["announced"] == exp["announced"], p
        assert got["premiums"]["announced_made"] == exp["announced_made"], p
        assert got["kontra"]["given"] == exp["kontra"], p
        assert got["kontra"]["won"] == exp["kontra_won"], p
        assert Fr(got["best_evening"]["points"]).limit_denominator(2520) == max(exp["per_evening"])
        assert Fr(got["worst_evening"]["points"]).limit_denominator(2520) == min(exp["per_evening"])
        if exp["hands"]:
            assert got["per_hand"] == pytest.approx(float(exp["points"] / exp["hands"]), abs=0.006)
    assert {c: v["hands"] for c, v in data["contracts"].items()} == dict(contracts)
    got_pairs = {(a, b): v["hands"] for a, row in data["partners"].items() for b, v in row.items()}
    assert got_pairs == {k: v for k, v in partners.items() if v}
    got_won = {(a, b): v["won"] for a, row in data["partners"].items() for b, v in row.items()}
    assert got_won == {k: partners_won[k] for k, v in partners.items() if v}
    ranks = [row["player"] for row in data["leaderboard"]]
    assert ranks == sorted(P, key=lambda p: (-P[p]["points"], -P[p]["money"], p))


def test_all_evenings(ledger):
    path, played = ledger
    _check(stats_json(path), played)


def test_a_season(ledger):
    path, played = ledger
    _check(stats_json(path, "--season", "2025"), played, "2025-01-01", "2025-12-31")
    _check(stats_json(path, "--season", "2024/25"), played, "2024-09-01", "2025-08-31")


def test_since_until(ledger):
    path, played = ledger
    _check(stats_json(path, "--since", "2024-06-01", "--until", "2025-03-31"), played, "2024-06-01", "2025-03-31")


def test_periods(ledger):
    path, played = ledger
    first = TODAY.replace(day=1)
    data = stats_json(path, "--period", "this month")
    assert data["range"]["since"] == first.isoformat()
    _check(data, played, first.isoformat(), data["range"]["until"])
    assert data["evenings"] == 1
    last_month_end = first - dt.timedelta(days=1)
    data = stats_json(path, "--period", "last month")
    assert data["range"] == {"since": last_month_end.replace(day=1).isoformat(), "until": last_month_end.isoformat()}
    _check(data, played, data["range"]["since"], data["range"]["until"])
    data = stats_json(path, "--period", "this year")
    assert data["range"]["since"] == f"{TODAY.year}-01-01"
    _check(data, played, data["range"]["since"], data["range"]["until"])


def test_sitting_out_dealer_did_not_play(ledger):
    path, played = ledger
    data = stats_json(path)
    # in five-player evenings every hand has one player out: hands + sat out = hands dealt at his table
    five_hands = sum(
        1
        for _, _, pl, r, es, _ in played
        if pl == FIVE
        for o in replay(r, pl, es, initial_state(r, pl))
        if o.kind == "hand"
    )
    assert data["players"]["Emil"]["hands"] + data["players"]["Emil"]["sat_out"] == five_hands
    assert sum(data["players"][p]["sat_out"] for p in FIVE) == five_hands


def test_text_csv_and_formats(ledger):
    path, _ = ledger
    r = CliRunner().invoke(main_app(), ["--db", str(path), "stats"])
    assert r.exit_code == 0 and "Leaderboard" in r.stdout and "Partners" in r.stdout
    r = CliRunner().invoke(main_app(), ["--db", str(path), "stats", "--csv"])
    lines = r.stdout.splitlines()
    assert lines[0].startswith("#,player,points,money,evenings,hands") and len(lines) == 1 + 5
    r = CliRunner().invoke(main_app(), ["--db", str(path), "stats", "--csv", "--table", "contracts"])
    assert r.stdout.startswith("contract,hands,share %")
    r = CliRunner().invoke(main_app(), ["--db", str(path), "stats", "--fmt", "github", "--table", "leaderboard"])
    assert r.exit_code == 0 and r.stdout.split()[:2] == ["|", "#"]
    for bad, msg in (
        (["--fmt", "nope"], "unknown table format"),
        (["--season", "26"], "not a season"),
        (["--period", "someday"], "period 'someday' is not known"),
        (["--since", "2026-13-01"], "not a date"),
        (["--table", "x"], "unknown table"),
        (["--since", "2026-02-01", "--until", "2026-01-01"], "empty"),
    ):
        r = CliRunner().invoke(main_app(), ["--db", str(path), "stats", *bad])
        assert r.exit_code == 1 and msg in str(r.exception), bad


def test_chart(ledger):
    path, _ = ledger
    for args in ([], ["--evening", "2"], ["--season", "2024"]):
        r = CliRunner().invoke(main_app(), ["--db", str(path), "chart", *args])
        assert r.exit_code == 0, r.output
        assert all(len(line) <= 80 for line in r.stdout.splitlines())
        assert "Anna" in r.stdout
    r = CliRunner().invoke(main_app(), ["--db", str(path), "chart", "--season", "1999"])
    assert r.exit_code == 1 and "no hands in this range" in str(r.exception)


def test_empty_ledger(tmp_path):
    r = CliRunner().invoke(main_app(), ["--db", str(tmp_path / "e.db"), "stats", "--json"])
    assert json.loads(r.stdout)["players"] == {}
    r = CliRunner().invoke(main_app(), ["--db", str(tmp_path / "e.db"), "stats"])
    assert "No hands" in r.stdout


def test_migration_backfills_an_older_ledger(ledger, tmp_path):
    """A ledger from before m002 gets the statistics tables filled from its hands."""
    path, played = ledger
    old = tmp_path / "old.db"
    src = sqlite3.connect(path)
    dst = sqlite3.connect(old)
    src.backup(dst)
    src.close()
    for name in ("v_hands", "v_payments", "v_evening_totals", "v_player_stats"):
        dst.execute(f"drop view {name}")
    for name in ("hand_players", "hand_facts", "hand_premiums", "hand_kontras"):
        dst.execute(f"drop table {name}")
    dst.execute("delete from _sqlite_migrations where name = 'm002_derived_stats'")
    dst.commit()
    dst.close()
    assert stats_json(old) == stats_json(path)
    assert list(old.parent.glob("old.db.before-migration-*.bak"))


def test_views_are_queryable(ledger):
    path, played = ledger
    con = sqlite3.connect(path)
    n = con.execute("select count(*) from v_hands").fetchone()[0]
    assert n == sum(1 for *_, es, _ in played for e in es if e["kind"] == "hand")
    total = con.execute("select sum(points) from v_payments").fetchone()[0]
    assert total == pytest.approx(
        -sum(float(replay(r, pl, es, initial_state(r, pl))[-1].state.pot) for _, _, pl, r, es, _ in played)
    )
    rows = dict(con.execute("select player, hands from v_player_stats").fetchall())
    assert rows == {p: v["hands"] for p, v in stats_json(path)["players"].items()}
    con.close()
