"""What the table session shows: the Radl's mark in words, the Sküsradl
and the evening's end (a hand after it asked for first; on the command
line refused without --after-end)."""

import json

import pytest

from tests.helpers import F, G, H, I, cli, dump

HAUSRUNDE = ("Anna", "Berti", "Carl", "Dora")  # Anna deals first, Berti is Vorhand


def ok(*args, input=None):
    r = cli(*args, input=input)
    assert r.exit_code == 0, (args, r.output)
    return r.stdout


def balance():
    return json.loads(ok("balance", "--json"))


def skuesradl_evening():
    """hausrunde: the first four hands double (hausrunde-skuesradl.txt:8),
    then the Sküsradl, "die letzten 4 Spiele" (hausrunde-skuesradl.txt:65)."""
    ok("evening", "start", F, G, H, I, "--rules", "hausrunde")
    for _ in range(4):
        ok("hand", "add", "dreier", "fritz", "+")
    ok("radl", "--final")
    for _ in range(3):
        ok("hand", "add", "dreier", "fritz", "+")


@pytest.mark.lang("de")  # the screen in German, as the table speaks
def test_the_radl_mark_is_said_in_words_where_it_first_shows_and_in_hilfe():
    r = cli("tisch", *HAUSRUNDE, "--rules", "hausrunde", input="dreier anna +\nhilfe\nsküsradl\n")
    assert r.exit_code == 0, r.output
    out = r.stdout
    said = "x2 (4) = Radl: doppelt, noch 4 Spiele\n[1: Anna gibt, Berti Vorhand x2 (4)] > "
    assert said in out and out.count("= Radl: doppelt") == 1  # at its first showing only
    assert "[2: Berti gibt, Carl Vorhand x2 (3)] > " in out
    assert "  x2 (4)           Radl: doppelt, noch 4 Spiele (x4: vierfach)\n" in out  # hilfe
    assert "  x2 (4) Sküsradl  das letzte Radl des Abends: nach 4 Spielen ist Schluss\n" in out
    # the Sküsradl queues behind the three doubled hands left (RULINGS.md Doubled rounds)
    assert "x2 (7) Sküsradl = das letzte Radl: doppelt, noch 7 Spiele, dann ist Schluss\n" in out
    assert "[2: Berti gibt, Carl Vorhand x2 (7) Sküsradl] > " in out


def test_the_evening_ends_after_the_skuesradl_and_a_hand_after_it_needs_after_end(ledger_env):
    skuesradl_evening()
    assert "Next: Ilse deals, Fritz is Vorhand; the Sküsradl: 1 hand to go" in ok("sheet")
    out = ok("hand", "add", "dreier", "fritz", "+")  # the Sküsradl's last hand
    assert out.splitlines() == [
        "Hand 8: Fritz +24, Gerti -8, Hans -8, Ilse -8",  # std:40 Dreier 4, doubled (hausrunde.txt:65)
        "End of the evening: the Sküsradl is played; settle it: schreiber settle --close",
    ]
    assert (
        ok("sheet").splitlines()[-1]
        == "End of the evening: the Sküsradl is played; settle it: schreiber settle --close"
    )
    before = dump(ledger_env)
    for args in (
        ("dreier", "fritz", "+"),
        ("--json", json.dumps({"contract": "dreier", "declarer": F, "result": "won"})),
    ):
        r = cli("hand", "add", *args)
        assert r.exit_code == 1
        assert str(r.exception) == (
            "the Sküsradl is played, so the evening is over; hand 9 would come after its end; "
            "to enter it all the same: schreiber hand add --after-end ..."
        )
    assert dump(ledger_env) == before  # nothing written
    assert ok("hand", "add", "--after-end", "dreier", "fritz", "+") == "Hand 9: Fritz +12, Gerti -4, Hans -4, Ilse -4\n"
    assert ok("hand", "add", "dreier", "fritz", "+").startswith("Hand 10: ")  # the table plays on: no more asking
    ok("undo")
    ok("undo")  # hand 9 taken back: the next hand comes after the end again
    assert cli("hand", "add", "dreier", "fritz", "+").exit_code == 1
    ok("radl", "--final")  # another Sküsradl: the evening goes on to its end
    assert ok("hand", "add", "dreier", "fritz", "+").startswith("Hand 9: ")


@pytest.mark.lang("de")  # the screen in German, as the table speaks
def test_tisch_asks_before_a_hand_after_the_end():
    skuesradl_evening()
    lines = "dreier fritz +\ndreier gerti +\nn\ndreier gerti +\n\ndreier gerti +\nj\ndreier hans +\n"
    r = cli("tisch", input=lines)
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "Ende des Abends: das Sküsradl ist gespielt; abrechnen: schreiber settle --close\n" in out
    assert (
        "Ein Spiel nach dem Ende des Abends wird erst nachgefragt.\n[9: Fritz gibt, Gerti Vorhand, nach dem Ende] > "
        in out
    )
    question = "Der Abend ist aus (Sküsradl gespielt). Spiel 9 trotzdem eintragen? [j/N] "
    assert out.count(question + "Nicht eingetragen.\n") == 2  # no, and an empty answer
    assert question + "Spiel 9: Fritz -4, Gerti +12, Hans -4, Ilse -4" in out
    assert "Spiel 10: " in out and out.count(question) == 3  # once a hand stands after the end, no more asking
    assert [h["number"] for h in json.loads(ok("sheet", "--json"))["hands"]] == list(range(1, 11))


def test_the_sheet_names_the_skuesradl():
    skuesradl_evening()
    wide = ok("sheet", "--wide").splitlines()
    assert [line.split()[:3] for line in wide if line.startswith("e1")] == [["e1", "Sküsradl", "4"]]
    assert wide[7].endswith("4 more doubled, then the evening ends")
    compact = ok("sheet", "--compact").splitlines()
    assert [line.split()[:3] for line in compact if line.startswith("e1")] == [["e1", "Sküsradl", "(4)"]]
