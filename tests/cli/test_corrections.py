"""Corrections keep history: undo, void and edit are recorded, shown on the
sheet, and later hands that depend on evening state are re-scored."""

import json

import pytest

from tests.helpers import F, G, H, I, cli, prem


def add(rec):
    r = cli("hand", "add", "--json", json.dumps(rec))
    assert r.exit_code == 0, r.output
    return r


def balance():
    r = cli("balance", "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def sheet():
    r = cli("sheet", "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


TRISCHAKEN = {"contract": "trischaken", "scores": {F: 10, G: 20, H: 30, I: 10}}


def test_undo_then_balance():
    cli("evening", "start", F, G, H, I)
    add({"contract": "rufer", "declarer": G, "partner": H, "result": "won"})  # std:31 +-1
    add({"contract": "dreier", "declarer": I, "result": "won"})  # std:40 I +12, others -4
    assert cli("undo").exit_code == 0
    assert balance() == {F: -1, G: 1, H: 1, I: -1}
    hands = sheet()["hands"]
    assert [(h["number"], h["void"]) for h in hands] == [(1, False), (2, True)]
    assert hands[1]["payments"] == {F: 0, G: 0, H: 0, I: 0}


def test_the_hand_after_an_undo_has_the_number_of_the_hand_taken_back():
    """A hand taken back was not dealt (the same dealer deals again): the hand
    entered in its stead is numbered as the prompt said, and the sheet, hand
    edit and hand void find it by that number; a hand voided afterwards was
    dealt, so the next number moves on."""
    cli("evening", "start", F, G, H, I)
    add({"contract": "rufer", "declarer": G, "partner": H, "result": "won"})  # 1: F deals
    add({"contract": "dreier", "declarer": I, "result": "won"})  # 2: G deals
    assert cli("undo").exit_code == 0
    assert cli("undo").exit_code == 0  # hands 2 and 1 taken back: F deals again
    r = add({"contract": "dreier", "declarer": G, "result": "lost"})
    assert r.stdout.startswith("Hand 1: ")
    add({"contract": "rufer", "declarer": H, "partner": I, "result": "won"})  # 2: G deals
    numbers = [(h["number"], h["dealer"], h["void"]) for h in sheet()["hands"]]
    assert numbers == [(1, F, True), (2, G, True), (1, F, False), (2, G, False)]
    r = cli("hand", "edit", "2", "rufer", "hans", "ilse", "-")  # the hand standing as 2, read as G dealt it
    assert r.exit_code == 0 and r.stdout.startswith("Hand 2 corrected: "), r.output
    assert cli("hand", "void", "2").exit_code == 0  # dealt, then struck: it keeps its number 2
    assert add({"contract": "rufer", "declarer": I, "partner": F, "result": "won"}).stdout.startswith("Hand 3: ")
    hands = sheet()["hands"]
    assert [h["number"] for h in hands if not h["void"]] == [1, 3]
    assert "without a gap: ok" in cli("check").stdout


def test_void_rescores_holz_of_later_hands():
    # gumpoldskirchen.txt:153: after a Trischaken everyone holds a Holz; a declarer
    # holding one counts double; voiding the Trischaken removes that doubling.
    cli("evening", "start", F, G, H, I, "--rules", "gumpoldskirchen")
    add({"contract": "rufer", "declarer": G, "partner": H, "result": "won"})  # F deals: +-1
    add(dict(TRISCHAKEN))  # G deals, H Vorhand (Rufer) has 30: pays 2 each (gum:153)
    add({"contract": "dreier", "declarer": F, "result": "won"})  # H deals; F holds Holz: 4 x 2 (gum:179,153)
    assert balance() == {F: -1 + 2 + 24, G: 1 + 2 - 8, H: 1 - 6 - 8, I: -1 + 2 - 8}
    assert cli("hand", "void", "2").exit_code == 0
    assert balance() == {F: -1 + 12, G: 1 - 4, H: 1 - 4, I: -1 - 4}
    marks = [h["marks"] for h in sheet()["hands"]]
    assert marks[1] == ["storniert"]


def test_edit_is_void_plus_replacement_and_rescores_radl():
    # hausrunde.txt:8: the first four hands count double (the game only, hausrunde.txt:61).
    cli("evening", "start", F, G, H, I, "--rules", "hausrunde")
    add({"contract": "rufer", "declarer": G, "partner": H, "result": "won"})
    add({"contract": "dreier", "declarer": I, "result": "lost"})
    r = cli(
        "hand",
        "edit",
        "2",
        "--json",
        json.dumps({"contract": "dreier", "declarer": I, "result": "won", "premiums": [prem("trull")]}),
    )
    assert r.exit_code == 0, r.output
    # hand 1: 1 x2 = 2; hand 2: dreier 4 x2 = 8 plus announced Trull 2 (not doubled) = 10 from each
    assert balance() == {F: -2 - 10, G: 2 - 10, H: 2 - 10, I: -2 + 30}
    hands = sheet()["hands"]
    assert [(h["number"], h["void"]) for h in hands] == [(1, False), (2, True), (2, False)]
    assert hands[1]["marks"] == ["ausgebessert"] and "Ersatz" in hands[2]["marks"]


def test_edit_that_breaks_a_later_hand_is_refused():
    cli("evening", "start", F, G, H, I)
    add({"contract": "dreier", "declarer": I, "result": "won"})
    add({"contract": "rufer", "declarer": H, "partner": I, "result": "won"})  # G deals, H Vorhand
    before = balance()
    r = cli("hand", "void", "5")
    assert r.exit_code != 0
    assert balance() == before


def test_redeal_keeps_the_dealer_and_strafpunkt_pays():
    cli("evening", "start", F, G, H, I, "--rules", "hausrunde")
    assert cli("redeal").exit_code == 0  # hausrunde.txt:20 same dealer deals again
    r = cli("hand", "add", "--json", json.dumps({"contract": "rufer", "declarer": H, "partner": G, "result": "won"}))
    assert r.exit_code != 0  # still Fritz dealing, so Gerti is Vorhand, not Hans
    add({"contract": "rufer", "declarer": G, "partner": H, "result": "won"})
    assert cli("strafpunkt", "han").exit_code == 0  # hausrunde.txt:46, 1 to each other player
    assert balance() == {F: -2 + 1, G: 2 + 1, H: 2 - 3, I: -2 + 1}
    data = sheet()
    assert [h["number"] for h in data["hands"]] == [1]
    assert [(e["kind"], e["after_hand"]) for e in data["events"]] == [("redeal", 0), ("strafpunkt", 1)]


def test_explain_names_each_multiplier():
    cli("evening", "start", F, G, H, I, "--rules", "hausrunde")
    add({"contract": "solodreier", "declarer": G, "result": "won", "kontra": "kontra", "premiums": [prem("trull")]})
    r = cli("sheet", "--explain", "1")
    assert r.exit_code == 0
    assert "x 2 Kontra" in r.stdout and "x 2 Radl" in r.stdout and "x 2 Solodreier" in r.stdout
    # game 8 x Kontra 2 x Radl 2 = 32; Trull announced 2 x solo 2 = 4 (hausrunde: Radl not on premiums)
    assert balance() == {F: -36, G: 108, H: -36, I: -36}


def test_rename_player_keeps_figures():
    cli("evening", "start", F, G, H, I)
    add({"contract": "rufer", "declarer": G, "partner": H, "result": "won"})
    assert cli("player", "rename", G, "Gertrude").exit_code == 0
    assert balance() == {F: -1, "Gertrude": 1, H: 1, I: -1}
    add({"contract": "rufer", "declarer": H, "partner": "Gertrude", "result": "won"})
    assert balance() == {F: -2, "Gertrude": 2, H: 2, I: -2}


def test_undo_takes_back_the_last_hand_not_a_radl():
    # interface.md: "undo: take back the last hand of the open evening"
    cli("evening", "start", F, G, H, I)
    add({"contract": "rufer", "declarer": G, "partner": H, "result": "won"})
    add({"contract": "dreier", "declarer": I, "result": "won"})
    assert cli("radl").exit_code == 0
    r = cli("undo")
    assert "hand 2" in r.stdout
    assert balance() == {F: -1, G: 1, H: 1, I: -1}
    assert [e["kind"] for e in sheet()["events"]] == ["radl"]
    r = cli("undo", "--entry")
    assert "Undone: Radl" in r.stdout and [e["void"] for e in sheet()["events"]] == [True]


def test_entry_void_takes_back_a_radl_and_rescores_later_hands():
    cli("evening", "start", F, G, H, I)
    add({"contract": "rufer", "declarer": G, "partner": H, "result": "won"})  # std:31 +-1
    assert cli("radl").exit_code == 0  # the sheet's entry e1
    add({"contract": "rufer", "declarer": H, "partner": I, "result": "won"})  # in the Radl: +-1 x2
    assert balance() == {F: -1 - 2, G: 1 - 2, H: 1 + 2, I: -1 + 2}
    r = cli("sheet")
    assert [line.split()[0] for line in r.stdout.splitlines()[3:6]] == ["1", "e1", "2"]
    r = cli("entry", "void", "e1")
    assert r.exit_code == 0 and "Entry e1 (radl) voided" in r.stdout
    assert balance() == {F: -1 - 1, G: 1 - 1, H: 1 + 1, I: -1 + 1}  # hand 2 re-scored without the Radl
    events = sheet()["events"]
    assert [(e["ref"], e["void"], e["marks"]) for e in events] == [("e1", True, ["storniert"])]


def test_entry_void_takes_back_a_strafpunkt_or_a_hand_by_number():
    cli("evening", "start", F, G, H, I, "--rules", "hausrunde")
    assert cli("redeal").exit_code == 0  # e1
    add({"contract": "rufer", "declarer": G, "partner": H, "result": "won"})  # hausrunde.txt:8 x2
    assert cli("strafpunkt", "han").exit_code == 0  # e2; hausrunde.txt:46, 1 to each other player
    assert balance() == {F: -2 + 1, G: 2 + 1, H: 2 - 3, I: -2 + 1}
    assert cli("entry", "void", "E2").exit_code == 0
    assert balance() == {F: -2, G: 2, H: 2, I: -2}
    assert [(e["ref"], e["kind"], e["void"]) for e in sheet()["events"]] == [
        ("e1", "redeal", False),
        ("e2", "strafpunkt", True),
    ]
    assert cli("entry", "void", "1").exit_code == 0
    assert balance() == {F: 0, G: 0, H: 0, I: 0}


def test_entry_void_refuses_what_is_not_there():
    cli("evening", "start", F, G, H, I)
    assert cli("radl").exit_code == 0
    assert cli("entry", "void", "e1").exit_code == 0
    before = sheet()
    for ref, words in (("e1", "taken back already"), ("e2", "no entry e2"), ("x7", "not an entry"), ("3", "no hand 3")):
        r = cli("entry", "void", ref)
        assert r.exit_code == 1 and words in str(r.exception), (ref, r.exception)
    assert sheet() == before


@pytest.mark.lang("de")  # the screen in German, as the table speaks
def test_tisch_storno_takes_back_an_entry_by_its_sheet_number():
    cli("evening", "start", F, G, H, I, "--rules", "hausrunde")
    r = cli("tisch", input="rufer ge ha +\nstraf hans\nstorno e1\nstorno e9\n")
    assert r.exit_code == 0, r.output
    assert "Eintrag e1 (strafpunkt) storniert." in r.stdout
    assert "Fehler: an diesem Abend gibt es keinen Eintrag e9" in r.stdout
    assert balance() == {F: -2, G: 2, H: 2, I: -2}  # hausrunde.txt:8 the first hands double


@pytest.mark.lang("de")  # the screen in German, as the table speaks
def test_tisch_aendern_reads_the_line_as_hand_n_was_dealt():
    """`ändern 1 ruf ...` with the declarer left out: hand 1's Vorhand (the
    player after hand 1's dealer), not the Vorhand of the hand now due."""
    cli("evening", "start", F, G, H, I, "--rules", "standard")
    r = cli("tisch", input=f"rufer {G} {H} +\nrufer {H} {I} +\nändern 1 ruf {F} +\n")
    assert r.exit_code == 0, r.output
    assert "Spiel 1 ausgebessert." in r.stdout, r.stdout
    hands = [h for h in sheet()["hands"] if not h["void"]]
    assert (hands[0]["declarer"], hands[0]["partner"]) == (G, F)  # G: Vorhand of hand 1, dealt by F


@pytest.mark.lang("de")  # the screen in German, as the table speaks
def test_tisch_aendern_shows_the_corrected_row_and_each_players_change():
    """Issue 39: after `ändern 1 ...` only "Spiel 1 ausgebessert." and the
    standing. A Rufer is worth 1 (standard-koenigrufen.txt:29,31): Gerti with
    Hans won pays Gerti and Hans +1, Fritz and Ilse -1; with Ilse as partner
    Hans and Ilse swap: Hans -2, Ilse +2; the row of the corrected hand."""
    cli("evening", "start", F, G, H, I, "--rules", "standard")
    r = cli("tisch", input=f"rufer {G} {H} +\nrufer {H} {I} +\nändern 1 rufer {G} {I} +\nändern 1 rufer {G} {I} +\n")
    assert r.exit_code == 0, r.output
    out = r.stdout.split("Spiel 1 ausgebessert.\n")
    assert len(out) == 3, r.stdout
    assert out[1].startswith(f"Änderung im Stand: {H} -2, {I} +2\n"), out[1]
    (row,) = [line.split() for line in out[1].splitlines() if line.startswith("1 ")]  # the corrected row
    assert row[:4] == ["1", "Fri", "Rufer", "Ger/Ils"], out[1]
    assert out[2].startswith("Der Stand bleibt, wie er war.\n"), out[2]  # the same hand again: nothing changes
