"""Every rules file an earlier release took loads today and means what it
meant then, also edited to the limits that release took: the rules file
its own `rules new club --from standard` wrote (tests/fixtures), with one
value after another at its limits (a flag flipped, every choice, whole
numbers from 0 to the release's largest, thresholds from 0 to 71, long
texts, 202 contracts) and, under every Trischaken scheme,
trischaken_double_from = "71" on a deck of 70 (no Bürgermeister ever;
refused at `evening start` before, "outside a deck of 70 card points").

tests/fixtures/make_release_limits.py ran the releases themselves: for
each edit whether the release took the file, and for each hand,
Strafpunkt and Radl whether it took it and what it paid. Today's
schreiber must load each file it took, pay each step as it paid it and
refuse each step it refused (a Pagat announced where the Dreier calls no
king, a payment the ledger cannot keep).
"""

from __future__ import annotations

import json
import re
import sys

import pytest

from schreiber.domain.evening import Entry, initial_state, step
from schreiber.domain.points import as_number
from schreiber.domain.rules import RULES_FORMAT, load_rules_file, with_overrides
from schreiber.errors import HandError, SchreiberError
from tests.helpers import TESTS, cli

FIXTURES = TESTS / "fixtures"
sys.path.insert(0, str(FIXTURES))
try:
    import make_release_limits as make
finally:
    sys.path.remove(str(FIXTURES))
RELEASES = tuple(make.RELEASES)
P4 = tuple(make.P4)


def limits(name: str) -> tuple[str, list[dict]]:
    """The release's rules file and what the release made of each edit of it."""
    doc = json.loads((FIXTURES / f"release_{name}.limits.json").read_text(encoding="utf-8"))
    return (FIXTURES / doc["base"]).read_text(encoding="utf-8"), doc["variants"]


def entry(args: list[str]) -> Entry:
    """A step as the evening replays it: a hand, a Strafpunkt, a Radl."""
    if args[0] == "hand":
        return Entry.hand(json.loads(args[3]))
    return Entry("strafpunkt", None, args[1]) if args[0] == "strafpunkt" else Entry("radl")


def as_then(rules, steps: list[list[str]], then: list[dict]) -> str | None:
    """What differs when today's schreiber enters the steps as the release
    did (a step it refused changes nothing): None, or the first step that
    does."""
    state = initial_state(rules, P4)
    for n, (args, did) in enumerate(zip(steps, then), 1):
        try:
            out = step(rules, P4, state, entry(args))
        except HandError as exc:
            if did["exit"]:
                continue
            return f"step {n} refused: {exc}"
        if did["exit"]:
            return f"step {n} taken, the release refused it: {did['error']}"
        paid = {p: as_number(dict(out.payments).get(p, 0)) for p in P4}  # a Radl pays nothing: 0 on the sheet
        if paid != did["paid"]:
            return f"step {n} pays {paid}, the release paid {did['paid']}"
        state = out.state
    return None


@pytest.mark.parametrize("name", RELEASES)
def test_every_file_the_release_took_loads_and_pays_as_then(name, tmp_path):
    base, variants = limits(name)
    taken = [v for v in variants if not v["start"]]
    assert len(taken) > 200, len(taken)
    wrong = []
    for n, case in enumerate(taken):
        f = tmp_path / f"v{n}.toml"
        f.write_text(make.edited(base, case["edits"]), encoding="utf-8")
        try:
            rules = load_rules_file(f)
        except SchreiberError as exc:
            wrong.append(f"{case['edits'][:2]}: {exc}")
            continue
        differs = as_then(rules, make.steps(make.deck_of(case["edits"])), case["steps"])
        if differs:
            wrong.append(f"{case['edits'][:2]}: {differs}")
    assert not wrong, f"{len(wrong)} of {len(taken)}: " + "; ".join(wrong[:5])


def _case(name: str, edits: list[list[str]]) -> tuple[str, dict]:
    base, variants = limits(name)
    return make.edited(base, edits), next(v for v in variants if v["edits"] == edits)


@pytest.mark.parametrize("name", RELEASES)
def test_double_from_71_is_no_buergermeister(name, tmp_path, monkeypatch):
    """The issue's file: trischaken_double_from = "71" on a deck of 70, as
    circles said "no surcharge" before trischaken_buergermeister existed.
    `evening start` takes it; Carl's 36 points in Trischaken pay no
    Bürgermeister's 2 to each (standard-koenigrufen.txt:127 would have him
    pay them from 35/2): C and A with most points pay 1, B and D with fewest
    get 1, B without a trick gets 2 from each (std:127): A -3, B +7, C -3,
    D -1, as the release paid (with the Bürgermeister, C -9). The evening stores the rules and reads
    them back (`check`)."""
    text, then = _case(name, [["rules", "trischaken_double_from", '"71"']])
    f = tmp_path / "club.toml"
    f.write_text(text, encoding="utf-8")
    monkeypatch.setenv("SCHREIBER_DB", str(tmp_path / "l.db"))
    assert cli(*[str(f) if a == "CLUB" else a for a in make.START]).exit_code == 0
    for args in make.steps(70)[:2]:
        r = cli(*args)
        assert r.exit_code == 0, r.output
    paid = [h["payments"] for h in json.loads(cli("sheet", "--json").stdout)["hands"]]
    assert paid == [s["paid"] for s in then["steps"][:2]]
    assert paid[1] == {"A": -3, "B": 7, "C": -3, "D": -1}
    assert "re-scored: payments sum to zero, balances match the hands: ok" in cli("check").stdout


def test_a_first_release_number_past_todays_bound(tmp_path, monkeypatch):
    """The first release took any whole number from 0 up: a Strafpunkt of
    1,000,000,000 (today's rules files take up to 1000) loads, plays as then
    and is kept with the evening, which reads it back (`check`); its rules,
    which need the first format's checks, are stored as of that format."""
    text, then = _case("first", [["rules", "strafpunkt", str(10**9)]])
    f = tmp_path / "club.toml"
    f.write_text(text, encoding="utf-8")
    assert load_rules_file(f).format == 1
    monkeypatch.setenv("SCHREIBER_DB", str(tmp_path / "l.db"))
    assert cli(*[str(f) if a == "CLUB" else a for a in make.START]).exit_code == 0
    assert cli("strafpunkt", "A").exit_code == 0
    events = json.loads(cli("sheet", "--json").stdout)["events"]
    assert events[0]["payments"] == then["steps"][5]["paid"] == {"A": -3 * 10**9, "B": 10**9, "C": 10**9, "D": 10**9}
    assert "re-scored: payments sum to zero, balances match the hands: ok" in cli("check").stdout
    assert json.loads(cli("rules", "show", str(f), "--json").stdout)["format"] == 1


def test_a_first_release_number_too_large_to_keep_is_one_line(tmp_path, monkeypatch):
    """Its largest whole number (TOML's, 2**63 - 1) loads as then; a hand
    whose payment the ledger cannot keep is refused in one line, as the
    first release refused it with an OverflowError, and nothing is written."""
    text, then = _case("first", [["rules", "strafpunkt", str(2**63 - 1)]])
    assert then["start"] == 0 and then["steps"][5]["exit"] and "OverflowError" in then["steps"][5]["error"]
    f = tmp_path / "club.toml"
    f.write_text(text, encoding="utf-8")
    monkeypatch.setenv("SCHREIBER_DB", str(tmp_path / "l.db"))
    assert cli(*[str(f) if a == "CLUB" else a for a in make.START]).exit_code == 0
    r = cli("strafpunkt", "A")
    assert r.exit_code == 1 and isinstance(r.exception, SchreiberError)
    assert "A's payment of 27670116110564327421 points is more than the ledger can keep" in str(r.exception)
    assert json.loads(cli("sheet", "--json").stdout)["events"] == []


def test_todays_files_keep_todays_checks(tmp_path):
    """The same values in a file of today's format (rules new writes
    format = 3) are refused as before: the checks apply to the format they
    came with."""
    for name, edit, says in (
        ("before-rules-format", ["rules", "trischaken_double_from", '"71"'], "outside a deck of 70 card points"),
        ("first", ["rules", "strafpunkt", str(10**9)], "is out of range; give 0 to 1000"),
    ):
        text, _then = _case(name, [edit])
        f = tmp_path / "now.toml"
        f.write_text(f"format = {RULES_FORMAT}\n" + text, encoding="utf-8")
        with pytest.raises(SchreiberError, match=says):
            load_rules_file(f)


def test_a_rule_typed_today_on_such_a_file_meets_todays_checks(tmp_path):
    """--rule on the issue's file (read as its release read it): a house
    rule typed today is checked as today's (a deck of 50, a game_needs of
    71, a Piccolo of 13 tricks are refused in one line); one that fits
    plays beside the file's own old value."""
    text, _then = _case("before-rules-format", [["rules", "trischaken_double_from", '"71"']])
    f = tmp_path / "club.toml"
    f.write_text(text, encoding="utf-8")
    rules = load_rules_file(f)
    for typed, says in (
        ("deck_points=50", "--rule: deck_points is 50; a Tarock deck has 70 card points"),
        ("game_needs=71", "--rule: rule 'game_needs' is 71, outside a deck of 70 card points"),
        ("contract.piccolo.tricks=13", "--rule [contracts.piccolo]: tricks is 13; a player can take at most 12"),
    ):
        with pytest.raises(SchreiberError, match=re.escape(says)):
            with_overrides(rules, [typed])
    both = with_overrides(rules, ["pagatkassa=2"])
    assert (both.pagatkassa, both.trischaken_double_from, both.format) == (2, "71", 2)
