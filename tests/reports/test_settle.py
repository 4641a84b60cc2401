"""Settlement: points x tarif, rounded once, fewest transfers (schreiber/reports/settlement.py).

The hand-worked evening (five players, standard preset with a Pagat pot of
1 point per deal, tarif 10 cent) and where its figures come from:

  seating Anna Berti Carl Dora Emil; Anna deals first; with five players the
  dealer sits out (RULINGS.md General 1) and pays the stake (RULINGS.md
  Pagatkassa).

  1. Anna deals (stake 1, pot 1). Rufer Berti+Dora won: +1 each, Carl and Emil
     -1 (std:31,93). Pagat announced by the declarers, lost: 2 (std:55) the
     other way. Pot: a lost announced Pagat pays the pot's content (1) in
     again, shared by Berti and Dora (-1/2 each), pot 2.
     -> Anna -1, Berti -3/2, Carl +1, Dora -3/2, Emil +1
  2. Berti deals (stake 1, pot 3). Trischaken, points Anna 20, Carl 20, Emil
     20, Dora 10: the two with most pay 1, the two with fewest get 1, ties
     share (RULINGS.md Trischaken): three tied on top share -1-1+1 = -1.
     -> Anna -1/3, Berti -1, Carl -1/3, Dora +1, Emil -1/3
  3. Carl deals (stake 1, pot 4). Dreier Anna won: 4 from each (std:40);
     the opponents' announced Pagat won: 2 from Anna to each; they take the
     pot, 4/3 each, pot 0.
     -> Anna +6, Berti -2/3, Carl -1, Dora -2/3, Emil -2/3
  4. Dora deals (stake 1, pot 1). Rufer Emil+Anna lost: -1 each, +1 to Berti
     and Carl. -> Anna -1, Berti +1, Carl +1, Dora -1, Emil -1

  Balances: Anna 11/3, Berti -13/6, Carl 2/3, Dora -13/6, Emil -1 (sum -1:
  the pot holds 1).
  carry (default): cents exact 36.67, -21.67, 6.67, -21.67, -10, and the pot's
  box +10. Floors 36, -22, 6, -22, -10, 10 leave 2 cents; largest remainders
  (2/3) are Anna and Carl -> 0.37, -0.22, 0.07, -0.22, -0.10; box 0.10.
  Transfers: {Emil, box} square each other; the other four need three:
  Berti pays Anna 0.22, Dora pays Anna 0.15, Dora pays Carl 0.07,
  Emil pays Pagatkassa 0.10.
  split: the pot's 1 point is shared, +1/5 each: cents 38.67, -19.67, 8.67,
  -19.67, -8; floors leave 2 cents for Anna and Carl -> 0.39, -0.20, 0.09,
  -0.20, -0.08.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction as Fr

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from schreiber.cli.groups import main_app
from schreiber.errors import SchreiberError
from schreiber.reports.settlement import POT, money, settle, transfers_for

P5 = ("Anna", "Berti", "Carl", "Dora", "Emil")
HANDS = [
    {
        "contract": "rufer",
        "declarer": "Berti",
        "partner": "Dora",
        "result": "won",
        "premiums": [{"name": "pagat", "party": "declarer", "announced": True, "result": "lost"}],
    },
    {"contract": "trischaken", "scores": {"Emil": 20, "Anna": 20, "Carl": 20, "Dora": 10}},
    {
        "contract": "dreier",
        "declarer": "Anna",
        "result": "won",
        "premiums": [{"name": "pagat", "party": "opponents", "announced": True, "result": "won"}],
    },
    {"contract": "rufer", "declarer": "Emil", "partner": "Anna", "result": "lost"},
]
BALANCES = {"Anna": Fr(11, 3), "Berti": Fr(-13, 6), "Carl": Fr(2, 3), "Dora": Fr(-13, 6), "Emil": Fr(-1)}


@pytest.fixture
def run(tmp_path, monkeypatch):
    monkeypatch.setenv("SCHREIBER_DB", str(tmp_path / "settle.db"))
    runner = CliRunner()

    def invoke(*args):
        r = runner.invoke(main_app(), list(args))
        return r

    return invoke


def _evening(run, *rules):
    args = ["evening", "start", *P5, "--rule", "pagatkassa=1", "--date", "2026-03-07"]
    for r in rules:
        args += ["--rule", r]
    assert run(*args).exit_code == 0
    for h in HANDS:
        r = run("hand", "add", "--json", json.dumps(h))
        assert r.exit_code == 0, r.output


def test_hand_worked_evening_carry(run):
    _evening(run)
    bal = json.loads(run("balance", "--json").stdout)
    assert {p: Fr(v).limit_denominator(100) for p, v in bal.items()} == BALANCES
    r = run("settle", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert {p: d["amount"] for p, d in data["players"].items()} == {
        "Anna": "0.37",
        "Berti": "-0.22",
        "Carl": "0.07",
        "Dora": "-0.22",
        "Emil": "-0.10",
    }
    assert data["transfers"] == [
        {"from": "Berti", "to": "Anna", "amount": "0.22"},
        {"from": "Dora", "to": "Anna", "amount": "0.15"},
        {"from": "Dora", "to": "Carl", "amount": "0.07"},
        {"from": "Emil", "to": POT, "amount": "0.10"},
    ]
    assert data["pot"]["end"] == 1 and data["pot"]["rule"] == "carry" and data["pot"]["amount"] == "0.10"
    assert data["pot"]["carried"] == 1
    text = run("settle").stdout
    assert "Berti pays Anna 0.22 €" in text
    # the balances are thirds and sixths: every figure of points of the summary with two decimals, the pot too
    assert "Pagat pot: 1.00 points" in text and "carried to the next evening" in text
    assert "  Anna            +3.67" in text and "  Emil            -1.00" in text


def test_hand_worked_evening_split(run):
    _evening(run, "pagatkassa_end=split")
    data = json.loads(run("settle", "--json").stdout)
    assert {p: d["amount"] for p, d in data["players"].items()} == {
        "Anna": "0.39",
        "Berti": "-0.20",
        "Carl": "0.09",
        "Dora": "-0.20",
        "Emil": "-0.08",
    }
    assert data["players"]["Emil"]["points"] == pytest.approx(-0.8)
    assert data["players"]["Emil"]["pot_share"] == pytest.approx(0.2)
    assert data["transfers"] == [
        {"from": "Berti", "to": "Anna", "amount": "0.20"},
        {"from": "Dora", "to": "Anna", "amount": "0.19"},
        {"from": "Dora", "to": "Carl", "amount": "0.01"},
        {"from": "Emil", "to": "Carl", "amount": "0.08"},
    ]
    assert sum(int(d["amount"].replace(".", "")) for d in data["players"].values()) == 0
    assert "shared out now" in run("settle").stdout


def test_pot_carries_to_the_next_evening_of_the_circle(run):
    _evening(run)
    r = run("settle", "--close")
    assert r.exit_code == 0 and "settled and closed" in r.stdout
    r = run("evening", "start", *reversed(P5), "--rule", "pagatkassa=1", "--date", "2026-03-14")
    assert r.exit_code == 0
    assert "Pagat pot carried over from evening 1: 1 points" in r.stdout
    data = json.loads(run("settle", "--json").stdout)
    assert data["pot"]["start"] == 1 and data["pot"]["end"] == 1
    assert data["transfers"] == []
    # a different circle starts with an empty pot
    r = run("evening", "start", "Anna", "Berti", "Carl", "Xaver", "--rule", "pagatkassa=1")
    assert "carried" not in r.stdout


def test_tarif_changes_the_amounts_and_is_validated(run):
    _evening(run)
    r = run("evening", "tarif", "0.20")
    assert r.exit_code == 0 and "0.20" in r.stdout
    data = json.loads(run("settle", "--json").stdout)
    # Anna 11/3 x 20 = 73.33, Berti/Dora -43.33, Carl 13.33, Emil -20, box +20: floors 73, -44, 13, -44,
    # -20, 20 leave 2 cents; the largest remainders (2/3) are Berti's and Dora's
    assert {p: d["amount"] for p, d in data["players"].items()} == {
        "Anna": "0.73",
        "Berti": "-0.43",
        "Carl": "0.13",
        "Dora": "-0.43",
        "Emil": "-0.20",
    }
    r = run("evening", "tarif", "zehn")
    assert r.exit_code == 1 and isinstance(r.exception, SchreiberError)
    assert "tarif" in str(r.exception)
    assert run("settle", "--close").exit_code == 0
    r = run("evening", "tarif", "0.30")
    assert r.exit_code == 1 and "no evening is open" in str(r.exception)
    # the settled evening can still be shown
    assert json.loads(run("settle", "--json", "--evening", "1").stdout)["tarif_cents"] == 20


def test_settle_without_evening_is_one_clear_error(run):
    r = run("settle", "--json")
    assert r.exit_code == 1 and "no evening is open" in str(r.exception)
    assert r.stdout == ""


def test_ties_go_by_seating_order():
    s = settle(("A", "B", "C"), {"A": Fr(1, 3), "B": Fr(1, 3), "C": Fr(-2, 3)}, 1)
    assert s.cents == {"A": 1, "B": 0, "C": -1}


def test_money_format():
    assert money(-340) == "-3.40" and money(5) == "0.05" and money(0) == "0.00" and money(123456) == "1234.56"


# Property tests ------------------------------------------------------------


def _partitions(items):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _partitions(rest):
        for i in range(len(part)):
            yield part[:i] + [[first] + part[i]] + part[i + 1 :]
        yield [[first]] + part


def _fewest(values: dict[str, int]) -> int:
    """Independent brute force: n - the most zero-sum groups of any partition."""
    items = [k for k, v in values.items() if v]
    best = max(sum(1 for g in part if sum(values[k] for k in g) == 0) for part in _partitions(items)) if items else 0
    return len(items) - best


def _naive_cents(players, balances, tarif, pot_start, rule):
    """The rounding rule written out plainly with Fractions (independent of settle.py)."""
    pot_end = pot_start - sum(balances.values(), Fr(0))
    share = pot_end / len(players) if rule == "split" else Fr(0)
    exact = {p: (balances[p] + share) * tarif for p in players}
    order = list(players)
    pot = -sum(exact.values(), Fr(0))
    if pot:
        exact[POT] = pot
        order.append(POT)
    floors = {k: math.floor(v) for k, v in exact.items()}
    rank = sorted(order, key=lambda k: (-(exact[k] - floors[k]), order.index(k)))
    for k in rank[: -sum(floors.values())]:
        floors[k] += 1
    return floors


points = st.fractions(min_value=-60, max_value=60, max_denominator=12)


@given(
    n=st.sampled_from([4, 5]),
    raw=st.lists(points, min_size=5, max_size=5),
    pot_delta=st.integers(min_value=0, max_value=8),
    pot_start=st.integers(min_value=0, max_value=6),
    tarif=st.integers(min_value=1, max_value=100),
    rule=st.sampled_from(["carry", "split"]),
)
def test_settlement_properties(n, raw, pot_delta, pot_start, tarif, rule):
    players = P5[:n]
    vals = raw[:n]
    # balances of an evening sum to minus what the pot gained
    vals[-1] = -pot_delta - sum(vals[:-1], Fr(0))
    s = settle(players, dict(zip(players, vals)), tarif, Fr(pot_start), rule)
    assert s.cents == _naive_cents(players, dict(zip(players, vals)), tarif, Fr(pot_start), rule)
    # amounts (with the pot's box) sum to exactly 0.00, each within a cent of exact
    assert sum(s.cents.values()) == 0
    for k, c in s.cents.items():
        assert abs(c - s.exact[k]) < 1
    assert sum((Fr(money(c)) for c in s.cents.values()), Fr(0)) == 0
    # the transfers settle every balance to zero
    bal = dict(s.cents)
    for t in s.transfers:
        assert t.cents > 0 and t.payer != t.payee
        bal[t.payer] += t.cents
        bal[t.payee] -= t.cents
    assert all(v == 0 for v in bal.values())
    # never more than parties - 1; players - 1 when the pot does not move
    parties = len(s.cents)
    assert len(s.transfers) <= parties - 1
    if POT not in s.cents:
        assert len(s.transfers) <= n - 1
    # and the fewest possible
    assert len(s.transfers) == _fewest(s.cents)


@given(st.lists(st.integers(min_value=-500, max_value=500), min_size=1, max_size=6))
def test_transfers_are_minimal_for_any_amounts(vals):
    vals = vals + [-sum(vals)]
    names = [f"P{i}" for i in range(len(vals))]
    cents = dict(zip(names, vals))
    ts = transfers_for(cents, names)
    assert len(ts) == _fewest(cents)
