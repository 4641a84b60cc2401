"""Invariants for every preset: random valid hands always sum to zero (only
the Pagat pot holds points outside the players) and never raise."""

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schreiber.domain.engine import Context, score
from schreiber.domain.evening import Entry, initial_state, step
from schreiber.domain.record import check_hand
from schreiber.domain.rules import PRESETS, load_rules, with_overrides
from tests.helpers import P4, P5

RULES = {p: load_rules(p) for p in PRESETS}


@st.composite
def hands(draw, preset):
    """A hand record that is valid by construction for the preset."""
    rules = RULES[preset]
    players = draw(st.sampled_from([P4, P5]))
    dealer = draw(st.sampled_from(players))
    from schreiber.domain.table import Table

    contracts = rules.active_contracts
    cid = draw(st.sampled_from(sorted(contracts)))
    c = contracts[cid]
    trisch = c.kind == "trischaken"
    table = Table(players, dealer, dealer_plays=bool(trisch and rules.trischaken_five))
    active = table.active
    rec = {"contract": cid, "dealer": dealer}
    if trisch:
        # split the deck's points among the players
        cuts = sorted(
            draw(st.lists(st.integers(0, rules.deck_points), min_size=len(active) - 1, max_size=len(active) - 1))
        )
        bounds = [0] + cuts + [rules.deck_points]
        rec["scores"] = {p: bounds[i + 1] - bounds[i] for i, p in enumerate(active)}
        if rules.trischaken_kontra:
            rec["kontra"] = {p: "kontra" for p in active if draw(st.booleans())}
        if rules.trischaken == "gumpoldskirchen":
            rec["mit"] = [p for p in active if draw(st.booleans())]
        if draw(st.booleans()):
            rec["renonce"] = draw(st.sampled_from(active))
        return rules, players, rec
    declarer = table.vorhand if c.vorhand else draw(st.sampled_from(active))
    rec["declarer"] = declarer
    levels = rules.kontra_levels
    if c.call:
        choices = [p for p in active if p != declarer] + [None]
        if rules.own_king:
            choices.append(declarer)
        rec["partner"] = draw(st.sampled_from(choices))
    if c.kind == "negative":
        rec["result"] = draw(st.sampled_from(["won", "lost"]))
        if draw(st.booleans()):
            rec["kontra"] = {p: draw(st.sampled_from(levels)) for p in active if p != declarer and draw(st.booleans())}
        return rules, players, rec
    if c.concede is not None and rec.get("partner", 0) is None and draw(st.booleans()):
        rec["conceded"] = True
        if c.requires and rules.concede_adds_bird:  # the bird the declarer names (ooe-2023.md §6)
            bird = draw(st.sampled_from([b for b in c.requires if b in rules.active_premiums]))
            rec["premiums"] = [{"name": bird, "party": "declarer", "announced": True, "result": "lost"}]
        return rules, players, rec
    if draw(st.booleans()):
        rec["points"] = draw(st.integers(0, rules.deck_points))
    else:
        rec["result"] = draw(st.sampled_from(["won", "lost"]))
    if draw(st.booleans()):
        rec["kontra"] = draw(st.sampled_from(levels))
    allowed = [p for p in (c.premiums or rules.active_premiums) if p in rules.active_premiums]
    allowed = [p for p in allowed if c.call or not rules.premiums[p].needs_call]
    names = draw(st.lists(st.sampled_from(allowed), unique=True, max_size=4)) if allowed else []
    prems = []
    for n in names:
        pr = rules.premiums[n]
        can_ann = pr.announced is not None
        can_sil = pr.silent is not None
        announced = can_ann and (not can_sil or draw(st.booleans()))
        result = "won" if (pr.kind == "valat" and not announced) else draw(st.sampled_from(["won", "lost"]))
        party = pr.party or draw(st.sampled_from(["declarer", "opponents"]))
        if announced and pr.announced_by:
            party = pr.announced_by
        e = {"name": n, "party": party, "announced": announced, "result": result}
        if announced and draw(st.booleans()):
            e["kontra"] = draw(st.sampled_from(levels))
        prems.append(e)
    if c.requires and not any(e["name"] in c.requires and e["announced"] and e["party"] == "declarer" for e in prems):
        bird = next(b for b in c.requires if b in rules.active_premiums)
        prems = [e for e in prems if e["name"] != bird]
        prems.append(
            {"name": bird, "party": "declarer", "announced": True, "result": draw(st.sampled_from(["won", "lost"]))}
        )
    rec["premiums"] = prems
    if draw(st.integers(0, 9)) == 0:
        rec["renonce"] = draw(st.sampled_from(active))
    return rules, players, rec


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), preset=st.sampled_from(PRESETS))
def test_random_hands_sum_to_zero(data, preset):
    rules, players, rec = data.draw(hands(preset))
    hand, table = check_hand(rec, rules, players, None)
    s = score(hand, rules, table, Context())
    assert sum(v for _, v in s.payments) == 0
    for it in s.items:
        assert isinstance(it.base, (int, Fraction))  # exact: an int where whole
        assert sum(v for _, v in it.payments) == 0
    assert set(dict(s.payments)) == set(table.active)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), preset=st.sampled_from(PRESETS), pot=st.integers(0, 5), radl=st.booleans(), holz=st.booleans())
def test_pot_radl_and_holz_keep_the_books_closed(data, preset, pot, radl, holz):
    """With a pot, a Radl and Holz: payments + pot change = 0."""
    base = RULES[preset]
    rules, players, rec = data.draw(hands(preset))
    overrides = [f"pagatkassa={pot}", f"holz={'true' if holz else 'false'}"]
    rules = with_overrides(rules, overrides)
    state = initial_state(rules, players, rec.get("dealer"))
    if radl:
        state = step(rules, players, state, Entry("radl")).state
    o = step(rules, players, state, Entry.hand(rec))
    assert sum(v for _, v in o.payments) + (o.state.pot - state.pot) == 0
    assert o.state.pot >= 0
    if o.schrift is not None:  # the Schrift keeps its books closed too
        assert sum(v for _, v in o.schrift.payments) + (o.state.pot - state.pot) == 0
    del base


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), preset=st.sampled_from(PRESETS), counts=st.sampled_from(["simple", "none"]))
def test_the_schrift_sums_to_zero_and_is_the_money_without_kontra(data, preset, counts):
    """Schrift and Geld (RULINGS.md Later rulings; ooe-2023.md §5.2): both sum
    to zero, and a hand without any Kontra writes what it pays."""
    rules, players, rec = data.draw(hands(preset))
    rules = with_overrides(rules, [f"schrift_kontra={counts}"])
    state = initial_state(rules, players, rec.get("dealer"))
    o = step(rules, players, state, Entry.hand(rec))
    assert o.schrift is not None
    assert sum(v for _, v in o.schrift.payments) == 0 == sum(v for _, v in o.payments)
    kontras = rec.get("kontra") or any(p.get("kontra") for p in rec.get("premiums") or [])
    if not kontras:
        assert dict(o.schrift.payments) == dict(o.payments)
