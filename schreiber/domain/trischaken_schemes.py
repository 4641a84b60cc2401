"""How a Trischaken (Fahren) is paid out, as data: the schemes the house rule
``trischaken`` names (each a shape in engine/trischaken.py and what each
payout key ``trischaken_KEY`` plays left at ``scheme``); ``tariff`` reads a
scheme and the keys into the payout as played, in points.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..i18n import N_, _
from .points import Exact

SCHEME = "scheme"  # a payout key left to the scheme: as the scheme plays it

# The payout keys (each the house rule trischaken_KEY) and the values a rules file may give them.
PAYOUT_KEYS = (
    "jungfrau",
    "jungfrau_pays",
    "buergermeister",
    "buergermeister_pays",
    "vorhand",
    "ties",
    "mit",
    "vorhand_tied",
)
JUNGFRAU = (SCHEME, "all", "each", "loser", "instead", "none")
BUERGERMEISTER = (SCHEME, "double", "each", "all", "instead", "none")
VORHAND = (SCHEME, "double", "single")
TIES = (SCHEME, "one", "shared", "each")
MIT = (SCHEME, "none", "own", "whole")
VORHAND_TIED = (SCHEME, "alone", "among")

# The shapes of a payout: who pays whom before the payout keys say more.
SHAPES = {
    "places": N_("the two with most points pay the two with fewest"),
    "loser": N_("the loser pays every other player"),
    "pairs": N_("every two players compare points"),
}


class TrischakenScheme(NamedTuple):
    """One value of the house rule ``trischaken``: the payout's shape, and
    what each payout key plays under it (a ``*_pays`` figure there is in
    times the contract's value; 0: the scheme has no such figure)."""

    name: str
    meaning: str
    shape: str
    plays: dict[str, Any]


def _plays(jungfrau, jungfrau_pays, buergermeister, buergermeister_pays, vorhand, ties, mit, tied) -> dict[str, Any]:
    return dict(
        zip(PAYOUT_KEYS, (jungfrau, jungfrau_pays, buergermeister, buergermeister_pays, vorhand, ties, mit, tied))
    )


TRISCHAKEN_SCHEMES = {
    s.name: s
    for s in (
        TrischakenScheme(
            "standard",
            "the two with most points pay the two with fewest; no trick: +2 from each; "
            "the game: 2 to each (standard-koenigrufen.txt:127)",
            "places",
            _plays("each", 2, "each", 2, "single", "places", "none", "among"),
        ),
        TrischakenScheme(
            "tirol",
            "the one with most points pays every other, doubled with the game and for the "
            "Vorhand; trickless players take it all (tirol-koenigrufen-de-luxe.txt:69)",
            "loser",
            _plays("all", 0, "double", 0, "double", "one", "none", "alone"),
        ),
        TrischakenScheme(
            "gumpoldskirchen",
            "the loser pays each winner, twice a winner who said mit; doubled over "
            "the threshold, for the Rufer and his own mit (gumpoldskirchen.txt:153)",
            "loser",
            _plays("all", 0, "double", 0, "double", "shared", "own", "alone"),
        ),
        TrischakenScheme(
            "pairwise",
            "every two players compare points; the one with more pays the other (lungau.txt:87)",
            "pairs",
            _plays("none", 0, "none", 0, "single", "pairs", "none", "among"),
        ),
        TrischakenScheme(
            "ooe",
            "the Trischaker with most points (alone or tied) pays 2 to each, another loser 1, two or three tied "
            "losers 1 to each of the others; a Bürgermeister pays double; Jungfrauen take it all (ooe-2023.md §7)",
            "loser",
            _plays("all", 0, "double", 0, "double", "each", "none", "alone"),
        ),
    )
}


class Tariff(NamedTuple):
    """A Trischaken payout as played: the scheme's shape and every payout
    key, ``scheme`` read as the scheme plays it, figures in points."""

    scheme: str
    shape: str
    jungfrau: str
    jungfrau_pays: int
    buergermeister: str
    buergermeister_pays: int
    vorhand: str
    ties: str
    mit: str
    vorhand_tied: str


def tariff(scheme: str, keys: dict[str, Any], value: Exact) -> Tariff:
    """The payout as played under ``scheme`` with the payout keys as the
    rules set them (``keys``: key -> value); ``value``: the contract's."""
    plays = TRISCHAKEN_SCHEMES[scheme].plays
    out: dict[str, Any] = {}
    for key in PAYOUT_KEYS:
        given = keys[key]
        if key.endswith("_pays"):
            out[key] = given or plays[key] * value
        else:
            out[key] = plays[key] if given == SCHEME else given
    return Tariff(scheme, TRISCHAKEN_SCHEMES[scheme].shape, **out)


# Which payout key's value has no reading in which shape: (key, value) -> the shapes it fits.
FITS: dict[tuple[str, str], tuple[str, ...]] = {
    ("ties", "one"): ("loser",),
    ("ties", "shared"): ("loser",),
    ("ties", "each"): ("loser",),
    ("mit", "own"): ("loser",),
    ("vorhand_tied", "alone"): ("loser",),
    ("jungfrau", "all"): ("loser", "places"),
}
# The modes that pay a figure of their own: key -> (its figure's key, the modes that pay it).
FIGURES = {
    "jungfrau": ("jungfrau_pays", ("each", "loser", "instead")),
    "buergermeister": ("buergermeister_pays", ("each", "all", "instead")),
}


def tariff_problem(scheme: str, keys: dict[str, Any], value: Exact) -> str | None:
    """What is wrong with the payout keys under ``scheme``, in one line, or
    None: a value the scheme's shape cannot play, a mode without its figure,
    a figure that no mode pays."""
    t = tariff(scheme, keys, value)
    if t.jungfrau == t.buergermeister == "instead":
        return _(
            "rules 'trischaken_jungfrau' and 'trischaken_buergermeister' are both instead, and each puts its "
            "payment in place of the whole payout; set one of them otherwise"
        )
    for (key, mode), shapes in FITS.items():
        if keys[key] == mode and t.shape not in shapes:
            return _(
                "rule 'trischaken_{key}' = {mode} has no reading under trischaken = {scheme} ({shape}); "
                "leave it at scheme, or choose another scheme"
            ).format(key=key, mode=mode, scheme=scheme, shape=_(SHAPES[t.shape]))
    for key, (figure, modes) in FIGURES.items():
        mode = getattr(t, key)
        if keys[key] != SCHEME and mode in modes and not getattr(t, figure):  # the scheme's own: its figure
            return _(
                "rule 'trischaken_{key}' = {mode} needs its figure: set trischaken_{figure} (points); "
                "trischaken = {scheme} has none"
            ).format(key=key, mode=mode, figure=figure, scheme=scheme)
        if keys[figure] and mode not in modes:
            return _(
                "rule 'trischaken_{figure}' = {n} counts only where trischaken_{key} is {modes} (here: {mode}); "
                "set that too, or leave the figure at 0"
            ).format(
                figure=figure,
                n=keys[figure],
                key=key,
                modes=_("{some} or {last}").format(some=", ".join(f'"{m}"' for m in modes[:-1]), last=f'"{modes[-1]}"'),
                mode=f'"{mode}"',  # values of a rule, as typed, in every language
            )
    return None
