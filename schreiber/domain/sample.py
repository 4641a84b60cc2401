"""Random but valid hand records of the `standard` preset, for benchmarks and
tests: the deal is followed, what a contract is read from the preset; only
how often each is bid is this module's own. Deterministic for a given
``random.Random``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from .rules import Contract, load_preset
from .table import Table

# (contract, weight): roughly how often a round of Viennese players bids them.
CONTRACT_WEIGHTS = (
    ("rufer", 44),
    ("trischaken", 8),
    ("sechserdreier", 3),
    ("piccolo", 6),
    ("zwiccolo", 2),
    ("solorufer", 7),
    ("bettel", 6),
    ("besserrufer", 8),
    ("dreier", 8),
    ("piccolo-ouvert", 2),
    ("farbensolo", 2),
    ("bettel-ouvert", 1),
    ("besserdreier", 2),
    ("solodreier", 1),
)
CONTRACTS = load_preset("standard").contracts


def _scores(rng: random.Random, n: int, total: int = 70) -> list[int]:
    cuts = sorted(rng.randint(0, total) for _ in range(n - 1))
    parts = [b - a for a, b in zip([0] + cuts, cuts + [total])]
    rng.shuffle(parts)
    return parts


def random_hand(rng: random.Random, players: tuple[str, ...], dealer: str) -> dict:
    """One valid `standard` hand record dealt by ``dealer``."""
    contracts, weights = zip(*CONTRACT_WEIGHTS)
    cid = rng.choices(contracts, weights)[0]
    c = CONTRACTS[cid]
    active = list(Table(players, dealer).active)
    if c.kind == "trischaken":
        pts = _scores(rng, len(active))
        return {"contract": cid, "scores": dict(zip(active, pts))}
    declarer = active[0] if c.vorhand else rng.choice(active)
    rec: dict = {"contract": cid, "declarer": declarer}
    if c.kind == "negative":
        return _negative(rng, rec, c, active)
    if c.call:
        others = [p for p in active if p != declarer]
        r = rng.random()
        rec["partner"] = None if r < 0.06 else (declarer if r < 0.08 else rng.choice(others))
    if rng.random() < 0.6:
        rec["points"] = rng.choice([rng.randint(20, 70), rng.randint(30, 45), "35/2", "35/1"])
    else:
        rec["result"] = "won" if rng.random() < 0.62 else "lost"
    r = rng.random()
    if r < 0.03:
        rec["kontra"] = "sub"
    elif r < 0.07:
        rec["kontra"] = "re"
    elif r < 0.2:
        rec["kontra"] = "kontra"
    premiums = _premiums(rng, c, rec)
    if premiums:
        rec["premiums"] = premiums
    return rec


def _negative(rng: random.Random, rec: dict, c: Contract, active: list[str]) -> dict:
    tricks = c.tricks or 0
    rec["tricks"] = tricks if rng.random() < 0.55 else rng.choice([t for t in range(4) if t != tricks])
    r = rng.random()
    if r < 0.12:
        rec["kontra"] = "kontra"
    elif r < 0.2:
        opp = [p for p in active if p != rec["declarer"]]
        rec["kontra"] = {rng.choice(opp): "kontra"}
    return rec


def _premiums(rng: random.Random, c: Contract, rec: dict) -> list[dict]:
    """The bird a Besser contract must announce, some birds and Trull and
    Könige where the contract allows them, rarely a Valat."""
    premiums = []
    if c.requires:
        premiums.append(_premium(rng, rng.choice(c.requires), "declarer", True))
    if c.premiums is None:
        for name, p in (("pagat", 0.12), ("uhu", 0.06), ("trull", 0.1), ("koenige", 0.06)):
            if rng.random() < p and name not in {e["name"] for e in premiums}:
                party = "declarer" if rng.random() < 0.7 else "opponents"
                premiums.append(_premium(rng, name, party, rng.random() < 0.4))
        partnered = c.call and rec.get("partner") not in (None, rec["declarer"])
        if partnered and rng.random() < 0.05:
            premiums.append(_premium(rng, "koenig-ultimo", "declarer", rng.random() < 0.5))
        if partnered and rng.random() < 0.04:
            premiums.append({"name": "koenigfang", "party": "opponents", "announced": False, "result": "won"})
    if rng.random() < 0.01:
        premiums.append(
            {"name": "valat", "party": "declarer", "announced": True, "result": rng.choice(["won", "lost"])}
        )
    return premiums


def _premium(rng: random.Random, name: str, party: str, announced: bool) -> dict:
    p = {"name": name, "party": party, "announced": announced, "result": "won" if rng.random() < 0.6 else "lost"}
    if announced and rng.random() < 0.15:
        p["kontra"] = "kontra"
    return p


def random_hands(
    rng: random.Random, players: tuple[str, ...], n: int, first_dealer: str | None = None
) -> Iterator[dict]:
    """``n`` hand records in order, the deal passing as the rules say."""
    dealer = first_dealer or players[0]
    for _ in range(n):
        yield random_hand(rng, players, dealer)
        dealer = Table(players, dealer).next_dealer()
