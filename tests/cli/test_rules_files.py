"""Rules files as outside input: read only when they are regular files of a
size a rules file can have, checked for rules that contradict themselves,
quoted at most as a short excerpt; stored rules are data, never a path."""

from __future__ import annotations

import os

import pytest

from schreiber.cli.errors import QUOTED_MAX, excerpts
from schreiber.domain.rules import RULES_FILE_MAX, RULES_FORMAT, RulesError, bidding_order, load_preset, load_rules_file
from schreiber.errors import SchreiberError
from tests.helpers import F, G, H, I, cli, refused_line


def refused(*args: str) -> str:
    r = cli(*args)
    assert r.exit_code == 1 and isinstance(r.exception, SchreiberError), (args, r.output, r.exception)
    return str(r.exception)


def start(rules: str, *more: str) -> str:
    return refused("evening", "start", F, G, H, I, "--rules", rules, *more)


def test_only_a_regular_file_is_read(tmp_path, ledger_env):
    """A device, a link to it, a pipe and a folder are refused before a byte
    is read (/dev/zero would be read until memory runs out, a pipe never
    answers); no ledger is made."""
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    link = tmp_path / "zero.toml"
    link.symlink_to("/dev/zero")
    for path in ("/dev/zero", str(link), str(fifo), str(tmp_path)):
        assert "is not a regular file (a folder, a device or a pipe); give a .toml file" in start(path), path
    assert not ledger_env.exists()


def test_a_file_larger_than_a_rules_file_is_refused(tmp_path, ledger_env):
    big = tmp_path / "big.toml"
    big.write_text('base = "standard"\n# ' + "x" * RULES_FILE_MAX + "\n", encoding="utf-8")
    assert f"is larger than {RULES_FILE_MAX // 1024} KB, more than a rules file can be" in start(str(big))
    assert not ledger_env.exists()


def test_an_error_line_quotes_a_short_excerpt(tmp_path):
    """A 100,000-character unknown key comes back as a short excerpt with its
    length said, in the one error line (the process's own stderr)."""
    f = tmp_path / "long.toml"
    f.write_text('base = "standard"\n[rules]\n' + "a" * 100_000 + " = 1\n", encoding="utf-8")
    line = refused_line("--db", str(tmp_path / "l.db"), "evening", "start", F, G, H, I, "--rules", str(f))
    assert "unknown key 'aaaaaaaaaaaaaaaaaaaa…aaaaaaaa (100000 characters)'; valid: deck_points" in line
    assert len(line) < 1500


def test_excerpts():
    short = "unknown player 'Zorro' as declarer"
    assert excerpts(short) == short
    long_name = "Z" * 500
    line = excerpts(f"unknown player '{long_name}' as declarer; the evening's players are Anna, Berti")
    assert line.startswith("unknown player 'ZZZZ") and "(500 characters)' as declarer; the evening's players" in line
    assert len(line) < QUOTED_MAX + 100
    word = "w" * 10_000
    assert len(excerpts(f"points {word} are not a number")) < 200
    assert len(excerpts("x " * 50_000)) < 2100


@pytest.mark.parametrize(
    "rule, says",
    [
        ("game_needs=71", "rule 'game_needs' is 71, outside a deck of 70 card points; give 1 to 70"),
        ("game_needs=0", "rule 'game_needs' is 0, outside a deck of 70 card points; give 1 to 70"),
        ("deck_points=1", "deck_points is 1; a Tarock deck has 70 card points, or 71 counted singly"),
        ("trischaken_double_from=0", "rule 'trischaken_double_from' is 0, outside a deck of 70 card points"),
        ("contract.piccolo.tricks=13", "[contracts.piccolo]: tricks is 13; a player can take at most 12"),
    ],
)
def test_rules_that_contradict_themselves_are_refused(rule, says, ledger_env):
    assert says in refused("evening", "start", F, G, H, I, "--rule", rule)
    assert not ledger_env.exists()


@pytest.mark.parametrize(
    "body, says",
    [
        ("[rules]\ngame_needs = 71", "rule 'game_needs' is 71, outside a deck of 70 card points; give 1 to 70"),
        ('rules = "x"', "'rules' must be a table ([rules])"),
        ("contracts = [1]", "'contracts' must be a table ([contracts])"),
        ("[premiums]\nuhu = 1", "'premiums.uhu' must be a table ([premiums.uhu])"),
        ("title = 5", "'title' must be text, not 5"),
        ('[contracts.rufer]\nname = "' + "R" * 100 + '"', "'name' has 100 characters; at most 60"),
    ],
)
def test_a_rules_file_that_cannot_be_played_is_refused(body, says, tmp_path, ledger_env):
    """A file of today's format (as rules new writes it: format = 3) is read
    with every check of today."""
    f = tmp_path / "club.toml"
    f.write_text(f'format = {RULES_FORMAT}\nbase = "standard"\n' + body + "\n", encoding="utf-8")
    assert says in start(str(f))
    assert not ledger_env.exists()


def test_a_stored_preset_name_is_never_a_path(tmp_path, monkeypatch):
    """A rules file's free-text `preset` is stored with the evening; guided
    entry and completion order the contracts of rules an earlier release
    stored (sorted by id) by it. A preset's name reads that preset; anything
    else (here a rules file lying in the folder) is never opened: the
    contracts go by value."""
    import json

    from schreiber.domain.rules import rules_from_json

    monkeypatch.chdir(tmp_path)
    trap = tmp_path / "trap"
    standard = rules_from_json(json.dumps(load_preset("standard").to_dict(), sort_keys=True))
    trap.write_text("[contracts.solodreier]\nname = 'x'\nkind = 'positive'\nvalue = 1\n", encoding="utf-8")
    rules = standard._replace(preset="trap")
    order = bidding_order(rules)
    assert order[0] == "rufer"
    assert order.index("solodreier") == len(order) - 1  # the dearest last, by value: the trap was not read
    assert bidding_order(standard._replace(preset="/dev/zero")) == order


def test_stored_rules_that_are_not_json_are_one_line():
    from schreiber.domain.rules import rules_from_json

    for text in ("{", "[]", '"x"', "null"):
        with pytest.raises(RulesError):
            rules_from_json(text)


def test_a_rules_file_of_this_version_reads_back(tmp_path):
    out = tmp_path / "club.toml"
    assert cli("rules", "new", "club", "--out", str(out)).exit_code == 0
    assert load_rules_file(out).contracts.keys() == load_preset("standard").contracts.keys()


def test_a_half_value_on_the_command_line_and_in_rules_new(tmp_path):
    """A value of 2.5 (docs/scoring.md, Values that are not whole): given
    with --rule it plays exactly (a Bettel won, 2.5 from each,
    standard-koenigrufen.txt:38 otherwise 3); a value a rules file cannot
    keep is one line, exit 1, nothing written; `rules new` writes a half
    as the number 2.5 and reads it back the same."""
    import json

    from schreiber.cli.rules import rules_toml
    from schreiber.domain.rules import load_rules, load_rules_file

    r = cli("evening", "start", F, G, H, I, "--rule", "contract.bettel.value=2,5")
    assert r.exit_code == 1 and isinstance(r.exception, RulesError)
    assert str(r.exception) == "rule 'contract.bettel.value=2,5': '2,5' is not a value like 2 or 2.5"
    assert cli("evening", "start", F, G, H, I, "--rule", "contract.bettel.value=2.5").exit_code == 0
    r = cli("hand", "add", "--json", json.dumps({"contract": "bettel", "declarer": G, "result": "won"}))
    assert r.exit_code == 0, r.output
    assert json.loads(cli("balance", "--json").stdout) == {F: -2.5, G: 7.5, H: -2.5, I: -2.5}
    rules = load_rules("standard", ["contract.bettel.value=2.5", "premium.pagat.silent=0.5"])
    out = tmp_path / "club.toml"
    text = rules_toml(rules, "club", "standard")
    assert "\nvalue = 2.5\n" in text and "\nsilent = 0.5\n" in text
    out.write_text(text, encoding="utf-8")
    back = load_rules_file(out)
    assert back.contracts == rules.contracts and back.premiums == rules.premiums
