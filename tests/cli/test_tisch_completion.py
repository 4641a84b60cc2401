"""Tab completion in the table session knows where on the line it is:
``line_words`` (the completer's words for the line up to the cursor) as a
pure function, and every word of the example evenings offered where the
evening's lines have it, as the session plays them."""

from __future__ import annotations

import json

import pytest

from schreiber.cli.tisch import line_words
from schreiber.domain.names import fold
from schreiber.domain.rules import bidding_order, load_rules, rules_from_json
from tests.domain.test_notation_follows import completes
from tests.helpers import ROOT, cli

STANDARD = rules_from_json(load_rules("standard").to_json())
SEATING = ("Anna", "Berti", "Carl", "Dora")  # Anna deals, Berti is Vorhand


def tab(line: str, vorhand: str | None = "Berti") -> list[str]:
    return line_words(line, STANDARD, SEATING, vorhand)


def test_at_the_start_the_commands_and_the_contracts_not_the_players_or_premiums():
    offered = tab("")
    assert {"hilfe", "schrift", "stand", "undo", "ändern", "radl", "ende", "rufer", "piccolo", "solodreier"} <= set(
        offered
    )
    assert not {"Anna", "pagat", "gewonnen", "kontra", "talon"} & set(offered)
    assert tab("st") == ["stand", "storno", "straf", "strafpunkt"]
    assert tab("ru") == ["rufer"]


def test_at_the_start_the_contracts_in_bidding_order_then_the_commands_of_the_screens_language(lang):
    """Issue 39: the contracts came after every command, and German
    completion offered English command words (help, sheet, quit)."""
    offered = tab("")
    contracts = [w for w in offered if w in STANDARD.contracts]
    assert offered[: len(contracts)] == contracts == bidding_order(STANDARD)
    commands = offered[len(contracts) :]
    english = {"help", "sheet", "balance", "explain", "void", "edit", "redeal", "quit", "exit"}
    if lang == "de":
        assert {"hilfe", "schrift", "stand", "ende"} <= set(commands) and not english & set(commands)
    else:
        assert commands[:2] == ["?", "help"] and english <= set(commands)


def test_who_doubled_for_himself_is_offered_where_the_level_is_allowed():
    """``re:NAME`` (and ``kontra:NAME``) once letters are typed: the
    opponents of a negative game; in Trischaken only Kontra, where it is played."""
    assert tab("piccolo anna - r") == ["re", "re:Berti", "re:Carl", "re:Dora"]
    assert tab("bettel anna - kontra:berti r") == ["re:Carl", "re:Dora"]  # Kontra per player, not on the game too
    assert "re:Berti" not in tab("rufer berti carl + r")  # a positive game: Kontra on the whole game
    lungau = rules_from_json(load_rules("lungau").to_json())  # Fahren: each doubles for himself, Kontra only
    assert line_words("fahren k", lungau, SEATING, "Berti") == [
        "kontra:Berti",
        "kontra:Carl",
        "kontra:Dora",
        "kontra:Anna",
    ]


def test_tab_on_the_terminal_adds_the_space_and_lists_in_bidding_order(ledger_env):
    """On a real terminal (readline): a word Tab completes gets its space,
    so the next word follows without one typed (issue 39: "ru", Tab, "j"
    gave "ruferj"); Tab twice at the start lists the contracts in bidding
    order, on their own lines before the commands (readline sorts them all)."""
    import os
    import sys

    from tests.helpers import terminal

    assert cli("evening", "start", *SEATING).exit_code == 0
    env = dict(os.environ, SCHREIBER_DB=str(ledger_env), TERM="dumb")
    p = terminal(sys.executable, ["-m", "schreiber", "tisch"], env=env, encoding="utf-8", dimensions=(24, 80))
    p.expect_exact("Berti Vorhand] > ")
    p.send("ru\tber\tca\t+\r")
    p.expect_exact("Hand 1: ")
    p.expect_exact("Carl Vorhand] > ")
    p.send("\t\t")
    p.expect_exact("rufer  trischaken  sechserdreier  piccolo  zwiccolo")
    p.expect_exact("\r\n? ")
    p.expect_exact("Carl Vorhand] > ")
    p.sendline("ende")
    p.expect_exact("Until next time.")
    (hand,) = json.loads(cli("sheet", "--json").stdout)["hands"]
    assert (hand["record"]["contract"], hand["record"]["declarer"], hand["record"]["partner"]) == (
        "rufer",
        "Berti",
        "Carl",
    )


def test_after_a_contract_players():
    assert tab("rufer ") == ["Berti", "Carl", "Dora", "Anna", "talon", "selbst"]
    assert tab("rufer c") == ["Carl"]
    assert tab("bettel ") == ["Berti", "Carl", "Dora", "Anna", "ouvert", "offen"]  # or Bettel ouvert
    assert tab("dreier ") == ["Berti", "Carl", "Dora", "Anna"]


def test_after_the_players_the_result_and_premiums():
    offered = tab("rufer berti carl ")
    assert offered[:5] == ["gewonnen", "verloren", "kontra", "re", "sub"]
    assert {"pagat", "pagat!", "geg:trull", "valat"} <= set(offered)
    assert not {"Anna", "Berti", "talon", "rufer", "hilfe"} & set(offered)
    assert tab("rufer berti carl + tr") == ["trull", "trull!"]
    assert tab("dreier carl 41 pagat! k") == ["kontra", "kakadu", "kakadu!", "koenige", "koenige!"]
    assert tab("piccolo anna v") == ["verloren"]
    assert tab("rufer berti carl + sp") == ["spritzen", "spatz", "spatz!"]  # the other words, once letters are typed


def test_not_every_word_everywhere():
    """Before the players no result or premium; in a negative game no premium; in Trischaken neither."""
    assert not {"gewonnen", "pagat"} & set(tab("piccolo "))
    assert tab("piccolo anna - ") == ["kontra", "re", "sub"]
    assert tab("trischaken 20 ") == []
    assert tab("rufer berti carl dora ") == []  # the line is wrong already: nothing fits


def test_after_a_colon_what_the_key_takes():
    assert tab("piccolo anna - kontra:") == ["kontra:Berti", "kontra:Carl", "kontra:Dora"]
    assert tab("rufer berti carl + geg:tr") == ["geg:trull", "geg:trull!"]


def test_after_a_command_what_it_takes():
    assert tab("radl ") == list(SEATING)
    assert tab("straf d") == ["Dora"]
    assert tab("erklär ") == list(SEATING)
    assert tab("undo ") == ["eintrag"]
    assert tab("stand ") == []
    assert tab("ändern 3 pi") == ["piccolo", "piccolo-ouvert"]
    assert tab("edit 3 rufer ") == ["Anna", "Berti", "Carl", "Dora"]  # hand 3's Vorhand unknown: the declarer first
    dealt = line_words("ändern 3 rufer ", STANDARD, SEATING, "Berti", {3: "Dora"}.get)  # Carl dealt hand 3
    assert dealt == ["Dora", "Anna", "Berti", "Carl", "talon", "selbst"]  # read as hand 3 was dealt
    assert "gewonnen" in line_words("ändern 3 rufer anna ", STANDARD, SEATING, "Berti", {3: "Dora"}.get)


def test_a_correction_is_completed_as_its_hand_was_dealt(ledger_env):
    """The session reads hand N's Vorhand from the ledger, as ``ändern N`` reads its line."""
    from schreiber.cli.session import Session
    from schreiber.cli.tisch import tab_words
    from schreiber.ledger.store import Ledger
    from schreiber.service import Service

    assert cli("evening", "start", *SEATING).exit_code == 0
    assert cli("hand", "add", "rufer", "berti", "carl", "+").exit_code == 0  # hand 1: Anna deals, Berti Vorhand
    assert cli("hand", "add", "rufer", "carl", "dora", "+").exit_code == 0  # hand 2: Berti deals
    session = Session(Service(Ledger(ledger_env)), 1, out=lambda line: None)
    assert tab_words(session, "rufer ") == ["Dora", "Anna", "Berti", "Carl", "talon", "selbst"]  # hand 3: Dora Vorhand
    assert tab_words(session, "ändern 1 rufer ")[:4] == ["Berti", "Carl", "Dora", "Anna"]
    assert tab_words(session, "ändern 2 rufer ")[:4] == ["Carl", "Dora", "Anna", "Berti"]
    for no_such_hand in (3, 99999999999999999999):  # its Vorhand not known: the players as seated
        assert tab_words(session, f"ändern {no_such_hand} rufer ")[:4] == ["Anna", "Berti", "Carl", "Dora"]
    assert tab("ändern ") == []  # the hand's number first


@pytest.mark.parametrize("preset", ["standard", "tirol", "hausrunde", "gumpoldskirchen", "lungau", "ooe"])
def test_every_word_of_an_example_evening_is_offered_where_its_line_has_it(preset, ledger_env):
    """Each hand line of examples/evenings/PRESET.txt, typed word by word as
    the session plays the evening: where Tab can complete a word at all, it
    offers one the word begins (the word itself, or what it abbreviates)."""
    from schreiber.cli.session import ALIASES, COMMANDS_WORDS, Session
    from schreiber.ledger.store import Ledger
    from schreiber.service import Service

    assert cli("evening", "start", *SEATING, "--rules", preset).exit_code == 0
    session = Session(Service(Ledger(ledger_env)), 1, out=lambda line: None)
    rules = session.evening.rules
    lines = (ROOT / "examples" / "evenings" / f"{preset}.txt").read_text(encoding="utf-8").splitlines()
    for line in lines:
        words = line.split()
        if not words or line.startswith("#"):
            continue
        if ALIASES.get(words[0], words[0]) not in COMMANDS_WORDS:
            vorhand = session.svc.next_hand(session.evening).table.vorhand
            for i, word in enumerate(words):
                if i == 0 or completes(word, rules, SEATING):
                    offered = line_words(" ".join([*words[:i], word]), rules, SEATING, vorhand)
                    assert any(fold(w).startswith(fold(word)) for w in offered), (line, word, offered)
        session.prompt()
        session.handle(line)
