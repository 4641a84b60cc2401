"""Rules carry the format they were written in; a rule added later reads, in
rules of an older format that do not name it, as schreiber played before it
(domain/rules.py: RULES_FORMAT, Rule.since and Rule.before)."""

import json
import re

import pytest

from schreiber.domain.evening import Entry, balances, initial_state, replay
from schreiber.domain.rules import (
    PRESETS,
    RULES_FORMAT,
    SETTINGS,
    RulesError,
    load_preset,
    load_rules_file,
    preset_data,
    rules_from_dict,
    rules_from_json,
    with_overrides,
)
from tests.helpers import P4, F, G, H, I, cli


def stored(preset: str, drop: tuple[str, ...] = (), **top) -> dict:
    """A preset's rules as an evening stores them, with some keys left out."""
    data = load_preset(preset).to_dict()
    for key in drop:
        del data["rules"][key]
    data.update(top)
    return data


def named_rules(preset: str) -> dict:
    """The house rules a preset's file names, with those of the preset it is based on."""
    data = preset_data(preset)
    return {**(named_rules(data["base"]) if "base" in data else {}), **data.get("rules", {})}


def test_every_preset_says_every_rule_outright():
    """No preset leans on a default: a later change of a default, or a rule
    added later, cannot change a preset's evenings."""
    for name in PRESETS:
        named = named_rules(name)
        assert [s.key for s in SETTINGS if s.key not in named] == [], name


def test_every_later_rule_declares_how_it_played_before():
    for s in SETTINGS:
        assert 1 <= s.since <= RULES_FORMAT, s.key
        if s.since > 1:
            assert isinstance(s.before, s.type), (s.key, s.before)
            assert not s.choices or s.before in s.choices, s.key
        formats = [below for below, _value in s.earlier]
        assert formats == sorted(set(formats)) and all(1 < f < s.since for f in formats), s.key
        for _below, value in s.earlier:
            assert isinstance(value, s.type) and (not s.choices or value in s.choices), (s.key, value)


def test_rules_say_their_format():
    data = load_preset("standard").to_dict()
    assert data["format"] == RULES_FORMAT
    assert rules_from_dict(data) == load_preset("standard")


def test_older_rules_read_a_later_rule_as_played_before():
    """The first release's rules (naming radl_hands, not silent_loss_counts):
    a silent premium that fails costs its side (as that release scored it,
    standard-koenigrufen.txt:158), a voided hand was not dealt, a game-only
    Radl doubles a whole Renonce. The same rules of format 2 read the defaults."""
    first = stored("standard", ("silent_loss_counts", "void_was_dealt", "radl_game_part", "radl_length"), format=1)
    first["rules"]["radl_hands"] = 0
    old = rules_from_dict(first)
    assert (old.silent_loss_counts, old.void_was_dealt, old.radl_game_part, old.radl_length) == (
        True,
        False,
        False,
        "players",
    )
    later = stored("standard", ("silent_loss_counts", "void_was_dealt", "radl_game_part"), format=2)
    new = rules_from_dict(later)
    assert (new.silent_loss_counts, new.void_was_dealt, new.radl_game_part) == (False, True, True)


def test_rules_without_a_format_are_told_by_their_keys():
    """Written before the format was kept: naming radl_length (from the
    release that made a Radl count deals on) is format 2, else format 1."""
    two = stored("standard", ("void_was_dealt", "radl_game_part"))
    del two["format"]
    assert rules_from_dict(two).void_was_dealt is True
    one = stored("standard", ("void_was_dealt", "radl_game_part", "radl_length"))
    del one["format"]
    assert rules_from_dict(one).void_was_dealt is False


@pytest.mark.parametrize(
    "fmt, says",
    [
        (RULES_FORMAT + 1, f"is of rules format {RULES_FORMAT + 1}, written by a newer schreiber"),
        (0, "'format' must be a whole number from 1 to"),
        ("2", "'format' must be a whole number from 1 to"),
        (True, "'format' must be a whole number from 1 to"),
    ],
)
def test_a_format_that_cannot_be_read_is_refused(fmt, says):
    with pytest.raises(RulesError, match=says):
        rules_from_json(json.dumps(stored("standard", format=fmt)))


def test_a_newer_rules_file_is_refused_in_one_line(tmp_path):
    f = tmp_path / "club.toml"
    f.write_text(f'format = {RULES_FORMAT + 1}\nbase = "standard"\n', encoding="utf-8")
    r = cli("evening", "start", F, G, H, I, "--rules", str(f))
    assert r.exit_code == 1 and isinstance(r.exception, RulesError)
    assert f"rules file {f} is of rules format {RULES_FORMAT + 1}, written by a newer schreiber" in str(r.exception)


def test_rules_new_writes_the_format_and_reads_back(tmp_path):
    out = tmp_path / "club.toml"
    assert cli("rules", "new", "club", "--out", str(out)).exit_code == 0
    assert f"\nformat = {RULES_FORMAT}\n" in out.read_text(encoding="utf-8")
    assert load_rules_file(out).void_was_dealt is True


def test_a_hand_file_of_format_one_without_base_reads_before_values(tmp_path):
    """A circle's hand-written file from before the format, naming only a few
    rules and no base: the rules added since read as they played then."""
    f = tmp_path / "old.toml"
    body = (load_preset("standard").to_dict()["contracts"], load_preset("standard").to_dict()["premiums"])
    data = {"preset": "old", "rules": {"pagatkassa": 2}, "contracts": body[0], "premiums": body[1]}
    f.write_text(_toml(data), encoding="utf-8")
    r = load_rules_file(f)
    assert (r.pagatkassa, r.silent_loss_counts, r.void_was_dealt) == (2, True, False)


def _toml(data: dict) -> str:
    out = [f'preset = "{data["preset"]}"', "[rules]"] + [f"{k} = {v}" for k, v in data["rules"].items()]
    for table in ("contracts", "premiums"):
        for eid, entry in data[table].items():
            out.append(f"[{table}.{eid}]")
            out += [f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in entry.items() if v is not None]
    return "\n".join(out) + "\n"


def rufer(decl, partner, result="won"):
    return {"kind": "hand", "record": {"contract": "rufer", "declarer": decl, "partner": partner, "result": result}}


@pytest.mark.parametrize("was_dealt, fifth", [(True, 1), (False, 2)])
def test_void_was_dealt(was_dealt, fifth):
    """A Radl of four deals (RULINGS.md Doubled rounds: one per player) from
    hand 1; hand 2 voided afterwards. Dealt (RULINGS.md Later rulings "Radl
    counts deals"), it keeps its place: the fifth hand is single. Struck as
    never dealt (as the first release played it): the Radl reaches the fifth
    hand, which counts x2. A won Rufer is 1 to each of the two winners
    (standard-koenigrufen.txt:37), x2 in the Radl."""
    from schreiber.domain.rules import load_rules

    r = load_rules("standard", [f"void_was_dealt={str(was_dealt).lower()}"])
    seats = [G, H, I, F]
    entries = [Entry.of({"kind": "radl"})]
    for k in range(5):
        e = rufer(seats[k % 4], seats[(k + 1) % 4])
        e["record"]["dealer"] = P4[k % 4]
        entries.append(Entry.of(e))
    entries[2] = Entry("dealt", entries[2].record)  # hand 2, voided
    outs = replay(r, P4, entries, initial_state(r, P4))
    assert [o.radl_factor for o in outs if o.kind == "hand"] == [2, 2, 2, fifth]
    assert dict(outs[-1].payments) == {G: fifth, H: fifth, I: -fifth, F: -fifth}


@pytest.mark.parametrize("game_part, paid", [(True, 4), (False, 6)])
def test_radl_game_part(game_part, paid):
    """hausrunde: its Radl doubles the game only (hausrunde-skuesradl.txt:61)
    and its first four hands are one (:8). A Renonce by Ilse in a Rufer with
    an announced Pagat: each other player is paid the game, 1
    (standard-koenigrufen.txt:37), and the Pagat, 2 (:52) (RULINGS.md
    Renonce). Only the game's part doubled (RULINGS.md Later rulings): 1 x2
    + 2 = 4 to each; the whole sum doubled (as the first release played it):
    (1 + 2) x2 = 6 to each."""
    from schreiber.domain.rules import load_rules

    r = load_rules("hausrunde", [f"radl_game_part={str(game_part).lower()}"])
    record = {
        "contract": "rufer",
        "declarer": G,
        "partner": H,
        "result": "won",
        "renonce": I,
        "premiums": [{"name": "pagat", "party": "declarer", "announced": True, "result": "won"}],
    }
    outs = replay(r, P4, [Entry.of({"kind": "hand", "record": record})], initial_state(r, P4))
    assert outs[0].radl_factor == 2
    assert balances(P4, outs) == {F: paid, G: paid, H: paid, I: -3 * paid}


@pytest.mark.parametrize("fmt", [1, 2])
def test_rules_before_the_tariff_keys_read_them_as_played_then(fmt):
    """valat_add_failed, lost_solo_kontra and value_rounding came after
    rules were stored without them: stored rules and rules files of either
    format that do not name them read the values that play as before (a
    failed announced Valat under valat=add turned, every Kontra counted,
    values kept exact), and so do the rules files older releases wrote."""
    from tests.helpers import TESTS

    keys = ("valat_add_failed", "lost_solo_kontra", "value_rounding")
    before = ("turned", "counts", "none")
    r = rules_from_json(json.dumps(stored("tirol", keys, format=fmt)))
    assert tuple(r.setting(k) for k in keys) == before
    for release in ("first", "before-rules-format"):
        f = load_rules_file(TESTS / "fixtures" / f"release_{release}.toml")
        assert tuple(f.setting(k) for k in keys) == before, release


TAKES_NO_EFFECT = [  # a rule set where the rule it counts under is not, and the line that says so
    ({"valat_add_failed": "played"},
     "rule 'valat_add_failed' = \"played\" counts only where valat is \"add\" (here: \"replace\"); set that too, "
     "or leave it at \"turned\""),
    ({"valat_add_failed": "played", "valat": "multiply"}, "counts only where valat is \"add\" (here: \"multiply\")"),
    ({"catch_doubles": "next"},
     "rule 'catch_doubles' = \"next\" counts only where radl_after_catch is true (here: false); set that too, or "
     "leave it at \"radl\""),
    ({"side_by_side_contracts": "piccolo"},
     "rule 'side_by_side_contracts' = \"piccolo\" counts only where side_by_side is true (here: false)"),
    ({"valat_game_kontra": "apart", "valat": "add"},
     "rule 'valat_game_kontra' = \"apart\" counts only where valat is \"replace\" (here: \"add\")"),
]  # fmt: skip


@pytest.mark.parametrize(("named", "said"), TAKES_NO_EFFECT)
def test_a_rule_that_cannot_take_effect_is_refused_in_rules_of_this_format(tmp_path, named, said):
    """As a Trischaken figure without its mode is refused, so is a rule set
    where the rule it counts under is not (before: taken without a word):
    in a rules file of this format and on the command line (--rule)."""
    path = tmp_path / "club.toml"
    path.write_text(f'format = {RULES_FORMAT}\nbase = "standard"\n[rules]\n'
                    + "".join(f"{k} = {json.dumps(v)}\n" for k, v in named.items()), encoding="utf-8")  # fmt: skip
    with pytest.raises(RulesError, match=re.escape(said)):
        load_rules_file(path)
    with pytest.raises(RulesError, match=re.escape(said)):
        with_overrides(load_preset("standard"), [f"{k}={v}" for k, v in named.items()])
    needed = {"valat_add_failed": "valat=add", "catch_doubles": "radl_after_catch=true",
              "side_by_side_contracts": "side_by_side=true", "valat_game_kontra": "valat=replace"}  # fmt: skip
    key = next(k for k in named if k in needed)
    rules = with_overrides(load_preset("standard"), [f"{key}={named[key]}", needed[key]])  # with it, it counts
    assert rules.setting(key) == named[key]


@pytest.mark.parametrize(("named", "said"), TAKES_NO_EFFECT)
def test_rules_of_an_earlier_format_and_stored_evenings_read_as_they_did(tmp_path, named, said):
    """A rules file of the format before (or of none) and an evening's stored
    rules that set such a rule load with their meaning then: the rule is
    kept and plays nothing, as it played nothing then."""
    path = tmp_path / "club.toml"
    for head in ("format = 2\n", ""):
        path.write_text(head + 'base = "standard"\n[rules]\n' + "".join(f"{k} = {json.dumps(v)}\n" for k, v in named.items()),
                        encoding="utf-8")  # fmt: skip
        rules = load_rules_file(path)
        assert all(rules.setting(k) == v for k, v in named.items())
    data = stored("standard")
    data["rules"].update(named)
    assert all(rules_from_json(json.dumps(data)).setting(k) == v for k, v in named.items())


def test_a_trischaken_figure_without_its_mode_is_refused_as_before(tmp_path):
    path = tmp_path / "club.toml"
    for head in (f"format = {RULES_FORMAT}\n", ""):
        path.write_text(
            head + 'base = "standard"\n[rules]\ntrischaken_jungfrau = "none"\ntrischaken_jungfrau_pays = 3\n',
            encoding="utf-8",
        )
        with pytest.raises(RulesError, match="counts only where trischaken_jungfrau is"):
            load_rules_file(path)
