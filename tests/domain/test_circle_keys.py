"""Rules of the circles whose tariffs no key said yet (issue 35): which lost
games void the Kontra (lost_solo_kontra = called), the game's Kontra beside
a Valat (valat_game_kontra), a tied Vorhand among the Trischaken losers
(trischaken_vorhand_tied), a Bürgermeister who pays instead of the scheme
(trischaken_buergermeister = instead), a bird that decides the game (the
contract field bird_decides). Each default plays as schreiber played
before it, and as every preset plays. The circles' own figures are quoted
from the issue; the values behind them are the preset's, cited as
../shared/rules/standard-koenigrufen.txt (std), tirol-koenigrufen-de-luxe.txt
(tir), lungau.txt (lun). Fritz deals the first hand, Gerti is its Vorhand."""

import pytest

from schreiber.domain.rules import PRESETS, load_rules
from tests.helpers import P4, G, H, play


def each(v, declarer):
    """A declarer alone against three wins ``v`` from each (loses, if negative)."""
    return {p: (3 * v if p == declarer else -v) for p in P4}


def pair(v, a, b):
    return {p: (v if p in (a, b) else -v) for p in P4}


# lost_solo_kontra = called -------------------------------------------------------

CALLED = ["lost_solo_kontra=called"]


def lost(contract, partner="none", kontra="kontra", **kw):
    record = {"contract": contract, "declarer": G, "result": "lost", "kontra": kontra, **kw}
    return record if partner == "none" else {**record, "partner": partner}


@pytest.mark.parametrize(
    "record, called, void, counts",
    [
        # a Rufer (1, std:31) whose called king lay in the talon: alone against three, Kontra void
        (lost("rufer", None), -1, -1, -2),
        # a Solorufer (2, std:37) on his own king: ended alone, Kontra void
        (lost("solorufer", G), -2, -2, -4),
        # a Dreier (4, std:40), announced alone: the Kontra was given knowing the odds, it counts (4 x2)
        (lost("dreier"), -8, -4, -8),
        # a Solodreier (8, std:45), announced alone: it counts (8 x2)
        (lost("solodreier"), -16, -8, -16),
    ],
)
def test_only_a_called_game_ended_alone_voids_the_kontra(record, called, void, counts):
    """The issue's circles void the Kontra on a lost game only where the
    declarer called a king and ended alone (the king in the talon or his
    own), not in a Dreier or another game announced alone; `void` voids it
    in every game alone against three, `counts` in none."""
    assert play("standard", record, rules=CALLED) == each(called, G)
    assert play("standard", record, rules=["lost_solo_kontra=void"]) == each(void, G)
    assert play("standard", record) == each(counts, G)


def test_called_keeps_the_kontra_two_against_two_and_after_a_re():
    """A Rufer played with the partner (two against two) keeps its Kontra,
    1 x2 = 2 to each opponent; alone with the king in the talon and answered
    with Re, 1 x4 = 4 to each (the Re counts, as under `void`)."""
    assert play("standard", lost("rufer", H), rules=CALLED) == pair(-2, G, H)
    assert play("standard", lost("rufer", None, kontra="re"), rules=CALLED) == each(-4, G)


def test_every_preset_keeps_every_kontra():
    for preset in PRESETS:
        assert load_rules(preset).lost_solo_kontra == "counts", preset
