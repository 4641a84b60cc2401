"""What may come next on a line of the notation (tab completion at the
table), read by the notation's own parser: a line stopped short reads
(``partial``), and every word a real line has at a place is offered there;
after a contract players, after the players the result, Kontra and premiums."""

from __future__ import annotations

import pytest

from schreiber.domain.names import fold
from schreiber.domain.notation import NotationError, parse_notation
from schreiber.domain.notation.follows import next_words
from schreiber.domain.notation.words import tokens
from schreiber.domain.rules import load_preset, rules_from_json
from schreiber.domain.vocabulary import SAID_RESULT
from tests.domain.test_notation import CASES, P4, P5


def stored(preset: str):
    return rules_from_json(load_preset(preset).to_json())


STANDARD = stored("standard")
PLAYERS = P4  # Anna deals, Berti is Vorhand


def after(line: str, rules=STANDARD, players=PLAYERS, vorhand="Berti") -> list[str]:
    """The words offered at the end of ``line`` (its last word being typed)."""
    done = line.split()
    word = "" if not line or line.endswith(" ") else done.pop()
    return next_words(done, word, rules, players, vorhand)


# ---- a line stopped short --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    ["", "rufer", "rufer berti", "ruf talon", "piccolo", "dreier", "trischaken 20 15", "geber:anna", "rufer b"],
)
def test_a_line_stopped_short_reads(line):
    parse_notation(line, STANDARD, PLAYERS, "Berti", partial=True)


@pytest.mark.parametrize(
    "line, says",
    [
        ("rufer +", "give the partner"),
        ("piccolo +", "name the declarer"),
        ("rufer berti carl dora", "out of place"),
        ("trischaken 20 15 25 10 5", "5 Trischaken scores for 4 players"),
        ("quatsch", "unknown contract"),
    ],
)
def test_a_line_that_is_wrong_so_far_is_wrong_stopped_short_too(line, says):
    with pytest.raises(NotationError, match=says):
        parse_notation(line, STANDARD, PLAYERS, "Berti", partial=True)


# ---- what comes where --------------------------------------------------------------------------------------


def premium_words(rules=STANDARD) -> set[str]:
    return {w for pid in rules.premiums for w in (pid, pid + "!", "geg:" + pid, "geg:" + pid + "!")}


def test_at_the_start_the_contracts_in_bidding_order():
    assert after("") == [
        "rufer",
        "trischaken",
        "sechserdreier",
        "piccolo",
        "zwiccolo",
        "solorufer",
        "bettel",
        "besserrufer",
        "dreier",
        "piccolo-ouvert",
        "farbensolo",
        "bettel-ouvert",
        "besserdreier",
        "solodreier",
    ]
    assert after("so") == ["solorufer", "solodreier"]  # "solo" (Solorufer's other word) is what solorufer begins with
    assert after("aufr") == ["aufrufer"]  # with letters typed, the other words for a contract too
    assert after("pikk") == ["pikkolo"]


def test_after_a_king_calling_contract_the_players_and_where_the_king_lay():
    assert set(after("rufer ")) == {*PLAYERS, "talon", "selbst"}
    assert after("rufer b") == ["Berti"]
    assert after("rufer +") == []  # not a word: nothing to complete


def test_after_a_contract_a_declarer_must_name_only_players():
    assert set(after("dreier ")) == set(PLAYERS)
    assert after("piccolo ") == ["Berti", "Carl", "Dora", "Anna", "ouvert", "offen"]  # or Piccolo ouvert goes on
    assert set(after("piccolo ouvert ")) == set(PLAYERS)


def test_after_the_vorhand_contract_the_players_or_what_follows_them():
    """sechserdreier: the Vorhand plays it, so a line may go on without a name (standard.toml, sechserdreier)."""
    offered = set(after("sechserdreier "))
    assert set(PLAYERS) <= offered and {"gewonnen", "kontra", "pagat", "pagat!"} <= offered


def test_after_declarer_and_partner_the_result_kontra_and_premiums():
    offered = after("rufer berti carl ")
    assert not set(offered) & {*PLAYERS, "talon", "selbst"}
    assert offered[:5] == ["gewonnen", "verloren", "kontra", "re", "sub"]
    premiums = [w for w in offered if w in premium_words()]
    assert premiums[:6] == ["pagat", "pagat!", "geg:pagat", "uhu", "uhu!", "geg:uhu"]  # as players say them
    assert after("rufer berti carl + pa") == ["pagat", "pagat!"]
    assert after("rufer berti carl + kö") == ["koenige", "koenige!", "koenig-ultimo", "koenig-ultimo!", "koenigfang"]


def test_what_was_said_is_not_offered_again():
    assert "pagat" not in after("rufer berti carl + pagat ")
    assert "geg:pagat" not in after("rufer berti carl + pagat ")
    assert not {"gewonnen", "verloren"} & set(after("rufer berti carl + "))
    assert not {"kontra", "re", "sub"} & set(after("rufer berti carl + re "))


def test_the_king_called_is_only_where_it_belongs():
    """After the partner, talon and selbst are no words of the line any more."""
    assert not {"talon", "selbst"} & set(after("rufer berti carl + "))


def test_a_negative_game_has_no_premiums():
    """Premiums do not count in a Piccolo (record.py: premiums only in a positive contract)."""
    offered = set(after("piccolo anna "))
    assert {"Berti", "Carl", "Dora", "gewonnen", "verloren", "kontra"} <= offered
    assert not offered & premium_words() and "Anna" not in offered
    assert after("piccolo anna - ") == ["kontra", "re", "sub"]


def test_a_contract_that_lists_its_premiums_offers_those_alone():
    assert after("farbensolo dora + ") == ["kontra", "re", "sub", "valat", "valat!", "geg:valat"]


def test_trischaken_offers_no_result_no_kontra_and_no_premiums():
    assert set(after("trischaken ")) == set(PLAYERS)  # the Vorhand may be named; then the points
    assert after("trischaken 20 ") == []


def test_after_a_colon_what_the_key_takes():
    assert after("piccolo anna - kontra:") == ["kontra:Berti", "kontra:Carl", "kontra:Dora"]  # not the declarer
    assert after("piccolo anna - kontra:berti,") == ["kontra:berti,Carl", "kontra:berti,Dora"]
    assert after("rufer berti carl + geg:tr") == ["geg:trull", "geg:trull!"]
    assert after("rufer berti carl + kontra:") == []  # Kontra on a Rufer is the whole side's: no names
    assert after("geber:") == ["geber:Anna", "geber:Berti", "geber:Carl", "geber:Dora"]
    assert after("rufer geg:") == []  # the opponents' premiums come after the players


def test_at_a_table_of_five_the_dealer_who_sits_out_is_not_offered():
    assert set(after("dreier ", players=P5, vorhand="Berti")) == {"Berti", "Carl", "Dora", "Emil"}  # Anna deals
    lungau = stored("lungau")
    assert set(after("fahren ", rules=lungau, players=P5, vorhand="Berti")) == set(P5)  # lungau.txt:95: she plays


def test_a_line_wrong_so_far_gets_nothing():
    assert after("quatsch ") == []
    assert after("rufer berti carl dora ") == []


# ---- every word of a real line is offered at its place ---------------------------------------------------


def vocabulary(rules, players) -> set[str]:
    """Every word completion could offer, folded."""
    words = {
        *players,
        *SAID_RESULT.values(),
        *rules.kontra_levels,
        "talon",
        "selbst",
        "schleifen",
        *premium_words(rules),
    }
    words |= {w for c in rules.contracts.values() for t in (c.id, c.name, *c.aliases) for w in t.split()}
    return {fold(w) for w in words}


def completes(word: str, rules, players) -> bool:
    """Whether Tab can complete ``word`` to a word of the vocabulary (a key:NAME list of players too)."""
    key, colon, value = word.partition(":")
    if colon and fold(key) in ("kontra", "re", "sub", "mit", "renonce", "geber"):
        return all(any(fold(p).startswith(fold(v)) for p in players) for v in value.split(","))
    return any(v.startswith(fold(word)) for v in vocabulary(rules, players))


@pytest.mark.parametrize("preset, text, record, players, dealer, vorhand, same_record", CASES)
def test_every_word_of_the_documented_lines_is_offered_at_its_place(
    preset, text, record, players, dealer, vorhand, same_record
):
    """Each word of each line of docs/notation.md, typed in full: the line
    so far reads, and where Tab could complete the word at all, it is
    completed to a word it begins (itself, or what it abbreviates)."""
    rules = stored(preset)
    words = tokens(text)
    for i, word in enumerate(words):
        parse_notation(words[:i], rules, players, vorhand, partial=True)
        if completes(word, rules, players):
            offered = next_words(words[:i], word, rules, players, vorhand)
            assert any(fold(w).startswith(fold(word)) for w in offered), (words[:i], word, offered)
