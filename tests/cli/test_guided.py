"""Guided entry (``hand add`` alone on a terminal), its questions driven in
this process with scripted answers: the last Trischaken score offered as
what the others leave, an empty answer that says what is missing, the
premiums in the order players say them under numbers that stay, one Kontra
question for a negative game. The rules are read as an evening stores them."""

from __future__ import annotations

import re

import pytest
import typer
from typer.testing import CliRunner

from schreiber.cli.guided import ask_record
from schreiber.domain.names import SPOKEN_PREMIUMS
from schreiber.domain.notation import format_notation
from schreiber.domain.record import check_hand
from schreiber.domain.rules import PRESETS, bidding_order, load_rules, rules_from_json
from schreiber.domain.table import Table
from tests.helpers import P4, P5, F, G, H, I, J


def stored(preset: str, *overrides: str):
    """The rules as an evening keeps them (stored as JSON: its tables sorted by id)."""
    return rules_from_json(load_rules(preset, list(overrides)).to_json())


def asked(rules, answers: list[str], players=P4, dealer=F) -> tuple[dict, str]:
    """The record guided entry makes of these answers (one a line), and what it printed.
    Fritz deals, so Gerti is the Vorhand and the order of a hand is Gerti, Hans, Ilse, Fritz."""
    table = Table(players, dealer)
    with CliRunner().isolation(input="".join(a + "\n" for a in answers)) as (out, _err, _both):
        try:
            record = ask_record(rules, players, table, dealer)
        except typer.Abort:  # the answers ran out: a question they did not expect
            raise AssertionError("asked more than answered:\n" + out.getvalue().decode()) from None
        text = out.getvalue().decode()
    check_hand(record, rules, players, dealer)  # every record it makes is a hand the rules take
    return record, text


def lines(text: str) -> list[str]:
    return text.splitlines()


# ---- Trischaken: the last score follows from the others ---------------------------------------------


def test_the_last_trischaken_score_is_offered_as_what_the_others_leave():
    """standard-koenigrufen.txt:24: 70 points in the deck; Fritz, the last, gets the rest as the default."""
    record, text = asked(stored("standard"), ["trischaken", "20", "15", "25", ""])
    assert record == {"contract": "trischaken", "scores": {G: 20, H: 15, I: 25, F: 10}}
    assert "Points Fritz [10]: " in text
    assert "Points Gerti: " in text  # no default before the last: nothing follows yet


def test_the_rest_is_offered_in_blatt_notation_where_thirds_are_left():
    record, text = asked(stored("standard"), ["trischaken", "20/1", "15/2", "25/1", ""])
    assert "Points Fritz [8/2]: " in text  # 20 1/3 + 15 2/3 + 25 1/3 = 61 1/3; 70 less that is 8 2/3, 8/2
    assert record["scores"] == {G: "20/1", H: "15/2", I: "25/1", F: "8/2"}


def test_five_at_lungau_play_fahren_and_the_fifth_gets_the_rest_of_71():
    """lungau.txt:25 (71 points, cards counted singly), lungau.txt:95 (the dealer plays Fahren too)."""
    rules = stored("lungau")
    answers = ["fahren", "20", "15", "10", "6", "", ""]  # Fritz (the dealer, last) gets 20; nobody doubled
    record, text = asked(rules, answers, players=P5)
    assert record["scores"] == {G: 20, H: 15, I: 10, J: 6, F: 20}
    assert "Points Fritz [20]: " in text


def test_a_count_that_cannot_add_up_is_asked_again_saying_why():
    answers = ["trischaken", "20", "15", "60", "25", "11", "20", "15", "25", ""]
    record, text = asked(stored("standard"), answers)
    assert "  that makes 95, more than the 70 points of the deck; Ilse's points again" in lines(text)
    assert "  the points add up to 71, but the deck has 70; the points again, from Gerti" in lines(text)
    assert record["scores"] == {G: 20, H: 15, I: 25, F: 10}


# ---- an empty answer says what is missing ------------------------------------------------------------


@pytest.mark.parametrize("empty", ["", "   "])
def test_an_empty_answer_where_there_is_no_default_says_what_is_missing(empty):
    record, text = asked(stored("standard"), ["rufer", empty, "hans", "+", "", ""])
    assert record["partner"] == H
    assert "  the partner is missing: type a number from 1 to 5 or a name" in lines(text)
    assert "none of the choices" not in text
    _record, text = asked(stored("standard"), ["trischaken", "20", empty, "15", "25", ""])
    assert "  Hans's points are missing; type them, e.g. 20 or 35/2" in lines(text)
    _record, text = asked(stored("lungau"), ["fahren", empty, "20", "15", "10", "26", "", ""])
    assert "  Gerti's points are missing; type them, e.g. 20" in lines(text)  # lungau counts cards singly


def test_an_empty_answer_to_who_caught_the_mond_says_what_is_missing():
    rules = stored("standard", "mondfang_between=players")
    answers = ["rufer", "hans", "+", "", "mondfang", "", "", "", "fritz", "", "ilse", ""]
    record, text = asked(rules, answers)
    assert "  the catcher of the Mond is missing: type a number from 1 to 4 or a name" in lines(text)
    assert "  whose Mond it was is missing: type a number from 1 to 3 or a name" in lines(text)
    assert (record["premiums"][0]["by"], record["premiums"][0]["from"]) == (F, I)


@pytest.mark.lang("de")
def test_the_lines_about_a_missing_answer_are_german_on_a_german_screen():
    _record, text = asked(stored("standard"), ["rufer", "", "hans", "+", "", ""])
    assert "  der Partner fehlt: eine Zahl von 1 bis 5 oder einen Namen tippen" in lines(text)
    _record, text = asked(stored("standard"), ["trischaken", "20", "", "15", "25", ""])
    assert "  die Punkte von Hans fehlen; bitte tippen, z.B. 20 oder 35/2" in lines(text)
    assert "Punkte Fritz [10]: " in text


# ---- premiums: in the order players say them, under numbers that stay ---------------------------------

LISTED = re.compile(r"^ +(\d+)\. (.+)$")
SAID_FIRST = ["pagat", "uhu", "kakadu", "quapil", "trull", "koenige", "koenig-ultimo", "valat"]


def premium_lists(text: str, rules) -> list[list[tuple[int, str]]]:
    """Each list of premiums guided entry showed: (number, id) from "0. done" to the question."""
    by_name = {p.name: pid for pid, p in rules.premiums.items()} | {"done": "fertig"}
    out = []
    for block in text.split("Premium (Enter")[:-1]:
        listed = [(int(m[1]), m[2]) for m in map(LISTED.match, lines(block)) if m]
        start = max(i for i, (_n, name) in enumerate(listed) if name == "done")
        out.append([(n, by_name[name]) for n, name in listed[start:]])
    return out


def a_rufer(rules) -> list[str]:
    """The answers for the first king-calling contract that needs no bird announced, Hans the partner."""
    cid = next(c for c in bidding_order(rules) if rules.contracts[c].call and not rules.contracts[c].requires)
    return [cid] + ([] if rules.contracts[cid].vorhand else ["gerti"]) + ["hans", "+", ""]


@pytest.mark.parametrize("preset", PRESETS)
def test_the_premiums_come_in_the_order_players_say_them(preset):
    """Whatever order the preset file or the stored rules (sorted by id) have:
    Pagat, Uhu, Kakadu, Quapil, Trull, Könige, König ultimo, Valat, then the rest."""
    rules = stored(preset)
    _record, text = asked(rules, [*a_rufer(rules), ""])
    (listed,) = premium_lists(text, rules)
    assert listed[0] == (0, "fertig")
    ids = [pid for _n, pid in listed[1:]]
    assert [n for n, _pid in listed[1:]] == list(range(1, len(ids) + 1))  # the Rufer offers every premium
    said = [pid for pid in SAID_FIRST if pid in ids]
    assert ids[: len(said)] == said
    assert ids == sorted(ids, key=SPOKEN_PREMIUMS.index)


def test_the_standard_list_as_a_table_says_it():
    _record, text = asked(stored("standard"), ["rufer", "hans", "+", "", ""])
    assert "\n".join(lines(text)[-13:-1]) == "\n".join(
        [
            "   0. done",
            "   1. Pagat ultimo",
            "   2. Uhu",
            "   3. Kakadu",
            "   4. Marabu",
            "   5. Trull",
            "   6. Vier Könige",
            "   7. König ultimo",
            "   8. Valat",
            "   9. Königfang",
            "  10. Mondfang",
            "  11. Sküsfang",
        ]
    )


def test_a_premium_keeps_its_number_after_another_was_given():
    """Uhu is 2 and Kakadu 3 before and after: the list after the Uhu leaves out 2, and 3 is still the Kakadu."""
    answers = ["rufer", "hans", "+", "", "2", "", "", "", "3", "", "", "", ""]
    rules = stored("standard")
    record, text = asked(rules, answers)
    assert [p["name"] for p in record["premiums"]] == ["uhu", "kakadu"]
    first, second, third = premium_lists(text, rules)
    assert second == [(n, pid) for n, pid in first if pid != "uhu"]
    assert third == [(n, pid) for n, pid in second if pid != "kakadu"]
    assert (2, "uhu") in first and (3, "kakadu") in second


def test_a_premium_has_its_number_whatever_the_contract_offers():
    """standard's Farbensolo allows the Valat alone (standard.toml, farbensolo): it is 8 there as in a Rufer."""
    answers = ["farbensolo", "", "+", "", "8", "", "", "", ""]
    record, text = asked(stored("standard"), answers)
    assert record["premiums"] == [{"name": "valat", "party": "declarer", "announced": False, "result": "won"}]
    assert "   8. Valat" in text and "1. Pagat" not in text


def test_a_number_of_a_premium_the_contract_does_not_offer_is_none_of_the_choices():
    answers = ["farbensolo", "", "+", "", "2", ""]
    record, text = asked(stored("standard"), answers)
    assert "  '2' is none of the choices" in lines(text)
    assert "premiums" not in record


# ---- one Kontra question for a negative game ----------------------------------------------------------


def test_a_negative_game_asks_once_who_doubled():
    """Ilse plays a Piccolo; Hans doubled and she answered Re, Fritz doubled too (standard-koenigrufen.txt:47)."""
    record, text = asked(stored("standard"), ["piccolo", "ilse", "", "hans re, fr"])
    assert record["kontra"] == {H: "re", F: "kontra"}
    assert text.count("Kontra from") == 1
    assert "  who doubled? Gerti, Hans or Fritz (Enter: nobody)" in lines(text)
    assert "Kontra from (e.g. gerti or gerti re) [nobody]: " in text
    assert format_notation(record, stored("standard")) == "piccolo Ilse + re:Hans kontra:Fritz"


def test_nobody_doubled_is_enter():
    record, text = asked(stored("standard"), ["bettel", "hans", "lost", ""])
    assert "kontra" not in record
    assert text.count("Kontra from") == 1 and "gives Kontra" not in text


@pytest.mark.parametrize(
    "answer, says",
    [
        ("ilse", "  'ilse' is none of Gerti, Hans or Fritz; e.g. gerti"),  # the declarer
        ("re", "  name who doubled before 're', e.g. gerti re"),
        ("hans hirsch", "  'hirsch' is no Kontra level here; the levels: kontra, re, sub"),
        ("hans h", "  Hans is named twice; name each who doubled once"),
        ("xaver", "  'xaver' is none of Gerti, Hans or Fritz; e.g. gerti"),
    ],
)
def test_an_answer_to_who_doubled_that_cannot_be_read_says_why_and_asks_again(answer, says):
    record, text = asked(stored("standard"), ["piccolo", "ilse", "", answer, "gerti"])
    assert says in lines(text)
    assert record["kontra"] == {G: "kontra"}


def test_a_name_two_players_begin_with_is_asked_again():
    players = ("Fritz", "Gerti", "Gerda", "Ilse")
    record, text = asked(stored("standard"), ["piccolo", "ilse", "", "ge", "gerd"], players=players)
    assert "  'ge' could be Gerti or Gerda; write more letters" in lines(text)
    assert record["kontra"] == {"Gerda": "kontra"}


def test_fahren_asks_once_who_doubled_and_knows_only_kontra():
    """lungau.txt:85,87: each player may double Fahren for himself, Kontra only."""
    answers = ["fahren", "20", "21", "15", "", "ilse re", "ilse, gerti"]  # Fritz the rest; lungau knows no mit
    record, text = asked(stored("lungau"), answers)
    assert record["kontra"] == {G: "kontra", I: "kontra"}
    assert "  who doubled? Gerti, Hans, Ilse or Fritz (Enter: nobody)" in lines(text)
    assert "Kontra from (e.g. gerti) [nobody]: " in text
    assert "  're' is no Kontra level here; the levels: kontra" in lines(text)


@pytest.mark.lang("de")
def test_the_kontra_question_in_german():
    record, text = asked(stored("standard"), ["piccolo", "ilse", "", "hans"])
    assert record["kontra"] == {H: "kontra"}
    assert "  Wer hat kontriert? Gerti, Hans oder Fritz (Enter = niemand)" in lines(text)
    assert "Kontra von (z.B. gerti oder gerti re) [niemand]: " in text


# ---- the result: as the notation writes it, refused in the words the screen offers ------------------


@pytest.mark.parametrize(
    "answer, result", [("-", "lost"), ("+", "won"), ("verloren", "lost"), ("gewonnen", "won"), ("lost", "lost")]
)
def test_the_result_takes_plus_and_minus_and_the_words_of_both_languages(answer, result, lang):
    record, text = asked(stored("standard"), ["bettel", "hans", answer, ""])
    assert record["result"] == result
    assert "'" + answer + "'" not in text  # taken at once


def test_a_premiums_result_takes_minus_too():
    record, text = asked(stored("standard"), ["farbensolo", "", "+", "", "8", "", "y", "-", ""])
    assert record["premiums"] == [{"name": "valat", "party": "declarer", "announced": True, "result": "lost"}]
    assert "none of the choices" not in text


@pytest.mark.lang("de")
def test_a_result_that_is_none_of_the_choices_is_refused_in_german():
    from tests.german import english_words

    record, text = asked(stored("standard"), ["bettel", "hans", "x", "verloren", ""])
    assert "  'x' ist keine der Möglichkeiten" in lines(text)
    assert record["result"] == "lost"
    assert [line for line in lines(text) if english_words(line)] == []


@pytest.mark.lang("de")
def test_an_answer_that_fits_several_names_them_as_the_list_does():
    _record, text = asked(stored("tirol"), ["zwiccolo", "zwiccolo ouvert", "hans", "", ""], dealer=F)
    said = [line for line in lines(text) if "keine der Möglichkeiten" in line]
    assert said == ["  'zwiccolo' ist keine der Möglichkeiten (passt auf Zwiccolo semi-ouvert, Zwiccolo ouvert)"]


# ---- A result as the short notation writes it -------------------------------------------------------


@pytest.mark.parametrize("sign, result", [("-", "lost"), ("+", "won")])
def test_a_result_is_taken_as_plus_or_minus_too(sign, result):
    """The result question of a negative game takes + and - as a line of the notation does."""
    record, text = asked(stored("standard"), ["bettel", "", "?", sign, ""])
    assert record == {"contract": "bettel", "declarer": G, "result": result}
    assert "  '?' is none of the choices\n" in text  # a mark alone fits no choice


@pytest.mark.lang("de")
def test_a_refused_answer_names_the_choices_as_the_screen_shows_them():
    """Not the ids (won, lost; piccolo-ouvert) but the words of the list above the question."""
    record, text = asked(stored("standard"), ["pic", "bettel", "", "?", "ver", ""])
    assert "  'pic' ist keine der Möglichkeiten (passt auf Piccolo, Piccolo ouvert)\n" in text
    assert "  '?' ist keine der Möglichkeiten\n" in text  # a mark alone fits neither gewonnen nor verloren
    assert record["result"] == "lost"
