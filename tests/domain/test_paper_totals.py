"""A round's totals from paper (`cup score`): the entry of kind ``totals``
scored from the state before it, and the desk's NAME=+N words read into it.

The table: Anna, Berti, Carl, Dora under `ooe`; the paper says Anna +24,
Berti -7, Carl -12, Dora -5 (0 in all)."""

from __future__ import annotations

import pytest

from schreiber.domain.evening import Entry, State, initial_state, replay, step
from schreiber.domain.rules import load_rules
from schreiber.domain.tournament import paper_totals
from schreiber.errors import HandError, SchreiberError

P4 = ("Anna", "Berti", "Carl", "Dora")
PAPER = {"Anna": 24, "Berti": -7, "Carl": -12, "Dora": -5}
RULES = load_rules("ooe")


def start() -> State:
    return initial_state(RULES, P4)


def totals(figures: dict) -> Entry:
    return Entry("totals", {"schrift": figures})


def test_the_totals_are_the_payments_and_end_the_round():
    o = step(RULES, P4, start(), totals(PAPER))
    assert o.kind == "totals" and o.hand is None and o.score is None and o.items == ()
    assert dict(o.payments) == PAPER
    assert o.schrift is None  # the Schrift is the money: paper writes no Kontra apart
    assert o.state == start()._replace(paper=1)  # no deal passes, no hand is counted
    assert State.from_json(o.state.to_json()) == o.state
    assert State.from_json(start().to_json()) == start()  # states stored before keep their shape
    assert start().to_json() == '["Anna",0]'


def test_the_players_of_paper_totals_come_in_any_order():
    """A JSON object has no order: totals written with the keys sorted (by
    any JSON tool) are the same totals, paid in the seating's order."""
    shuffled = {"Dora": -5, "Berti": -7, "Carl": -12, "Anna": 24}
    o = step(RULES, P4, start(), totals(shuffled))
    assert o.payments == tuple(PAPER.items()) and list(dict(o.payments)) == list(P4)


def test_a_state_stored_before_paper_totals_reads_as_none_entered():
    assert State.from_json('["Anna",3,[],{},"0",0,0]').paper == 0


@pytest.mark.parametrize(
    ("record", "problem"),
    [
        ({"schrift": {"Anna": 24, "Berti": -7, "Carl": -12, "Dora": -4}}, "whole points adding up to zero"),
        ({"schrift": {"Anna": 24, "Berti": -7, "Carl": -17}}, "every player of the table once"),
        ({"schrift": {"Anna": 24, "Berti": -7, "Carl": -12, "Emil": -5}}, "every player of the table once"),
        ({"schrift": {"Anna": 24.0, "Berti": -7, "Carl": -12, "Dora": -5}}, "whole points"),
        ({"schrift": {"Anna": True, "Berti": -1, "Carl": 0, "Dora": 0}}, "whole points"),
        ({"schrift": {"Anna": "24", "Berti": -7, "Carl": -12, "Dora": -5}}, "whole points"),
        ({"schrift": PAPER, "dealer": "Anna"}, "every player of the table once"),
        ([24, -7, -12, -5], "every player of the table once"),
        (None, "every player of the table once"),
    ],
)
def test_a_stored_record_that_no_desk_would_write_does_not_score(record, problem):
    with pytest.raises(HandError, match=problem):
        step(RULES, P4, start(), Entry("totals", record))


def test_totals_and_hands_do_not_mix_in_one_evening():
    dreier = Entry.hand({"contract": "dreier", "declarer": "Berti", "result": "won"})
    after_hand = step(RULES, P4, start(), dreier).state
    with pytest.raises(HandError, match="this evening has hands already"):
        step(RULES, P4, after_hand, totals(PAPER))
    after_paper = step(RULES, P4, start(), totals(PAPER)).state
    for entry in (dreier, Entry("radl"), Entry("redeal")):
        with pytest.raises(HandError, match="entered from paper, so it takes no hands"):
            step(RULES, P4, after_paper, entry)
    with pytest.raises(HandError, match="entered already; correct them"):
        step(RULES, P4, after_paper, totals(PAPER))
    # a Strafpunkt the desk gives still counts beside the paper (ooe: 1 point, one against three)
    o = step(RULES, P4, after_paper, Entry("strafpunkt", player="Carl"))
    assert dict(o.payments)["Carl"] < 0


def test_a_replay_names_the_entry_that_no_longer_scores():
    with pytest.raises(HandError, match="entry 2: .*entered already"):
        replay(RULES, P4, [totals(PAPER), totals(PAPER)], start())


def test_the_desk_words_read_case_aside_in_the_seating_order():
    assert paper_totals(["dora=-5", "ANNA=+24", "Carl=-12", "berti=-7"], P4) == PAPER
    assert list(paper_totals(["dora=-5", "ANNA=+24", "Carl=-12", "berti=-7"], P4)) == list(P4)
    assert paper_totals(["Anna=0", "Berti=0", "Carl=0", "Dora=0"], P4) == dict.fromkeys(P4, 0)


@pytest.mark.parametrize(
    ("words", "line"),
    [
        (["Anna=+24", "Berti=-7", "Carl=-12", "Dora=-4"], "the totals add up to +1, not 0"),
        (["Anna=+24", "Berti=-7", "Carl=-17"], "Dora missing; give every player of the table once"),
        (["Anna=+24", "anna=-24", "Berti=0", "Carl=0"], "Anna is given twice"),
        (["Anna=+24", "Emil=-24", "Berti=0", "Carl=0"], "Emil does not sit at this table; its players: Anna, Berti"),
        (["Anna=+2.5", "Berti=-2.5", "Carl=0", "Dora=0"], "the Schrift is whole points, e.g. Anna=+12"),
        (["Anna=+-3", "Berti=3", "Carl=0", "Dora=0"], "the Schrift is whole points"),
        (["Anna=1e3", "Berti=-1000", "Carl=0", "Dora=0"], "the Schrift is whole points"),
        (["Anna=٣", "Berti=-3", "Carl=0", "Dora=0"], "the Schrift is whole points"),  # an Arabic-Indic three
        (["Anna=9999999999", "Berti=-9999999999", "Carl=0", "Dora=0"], "the Schrift is whole points"),
        (["Anna"], "'Anna' is not NAME=+N"),
        ([], "Anna, Berti, Carl, Dora missing"),
    ],
)
def test_the_desk_words_refused_each_in_one_line(words, line):
    with pytest.raises(SchreiberError, match=line.replace("+", r"\+").replace(".", r"\.")) as e:
        paper_totals(words, P4)
    assert "\n" not in str(e.value)
