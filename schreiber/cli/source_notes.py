"""The sources `rules show` gives, in the screen's language: a source cites
a rule document's line (``file:line``, ``RULINGS.md section``) and may add a
note in brackets. A note in our words is a catalog message here; a note
that quotes the document (German) stays as the document says it, and so do
the citations and the section names of RULINGS.md. The Markdown pages and
--json keep the sources as the presets write them."""

from __future__ import annotations

import re

from ..domain.rules import Contract, Premium
from ..i18n import N_, _

# Every note of ours that the presets' sources hold (each part of a note between semicolons).
NOTES = (
    N_("extra"),
    N_("extra, off"),
    N_("off"),
    N_("game and premiums settled apart, silent ones too"),
    N_("an announced Valat lost: the game and every trick premium set off"),
    N_("the Skoty Trophy writes only the simple Kontra: schrift_kontra=simple, off"),
    N_("a doubled round after catches, once round"),
    N_("equal negative contracts"),
    N_("only announced premiums can be doubled"),
    N_("the Vorhand among them loses alone"),
    N_("x game value, replaces the game"),
    N_("a premium not made is lost"),
    N_("every item on its own"),
    N_("10 cent a point"),
    N_("no trick, 2 from each other player"),
    N_("36 or more, 2 to each other player"),
    N_("players tied on a boundary share"),
    N_("35 + 2, a tie goes to the defenders"),
    N_("up to 3 doublings"),
    N_("the first to announce a negative game leads"),
    N_("four hands, also at a table of five"),
    N_("radl_length=players: one per player"),
    N_("conceding: game 1 + announced Pagat 2"),
    N_("silent counts half"),
    N_("cannot be silent"),
    N_("silent only, 4"),
    N_("36 or more, in Blatt notation 35/2"),
    N_("35:35 loses"),
    N_("the game's sum, not the announcements"),
    N_("others share"),
    N_("the game and each announcement"),
    N_("negative contracts of equal value"),
    N_("the solo doubles only the value of the game"),
    N_("Spielfaktor 4: the game doubled twice, premiums doubled once as in any Dreier, lungau.txt:80"),
    N_("cannot be announced"),
    N_("announced only by the called partner"),
    N_("announced only by the declarer and his partner"),
    N_("no game, catch or ultimo besides"),
    N_("cards counted singly, 71 points"),
    N_(
        "its words say the one with fewer points pays, against lungau.txt:83 (as few points as possible): the one with more pays"
    ),
    N_("players compare points pairwise, nothing else"),
    N_("equal points pay nothing"),
    N_("Rufer 1, Vorhand only"),
    N_("schleifen: 1 to each"),
    N_("Trischaken, Vorhand only"),
    N_("Solorufer 2, premiums doubled"),
    N_("king in the talon: 1 v 3, Kontras void"),
    N_("Besserrufer = A-Rufer 1 + bird"),
    N_("schleifen: 3/5/7/9 to each"),
    N_("Alle Könige and Valat only"),
    N_("Sechserdreier 4, lost 8, Vorhand only"),
    N_("premiums keep their value"),
    N_("Alle Könige doubled, Valat"),
    N_("Solodreier 8, premiums doubled"),
    N_("only in Ruferspiele"),
    N_("Valat 4/8 x game value"),
    N_("70 card points, counted in threes"),
    N_("36 points = 35 points and 2 Blatt"),
    N_("35/1 and 35:35 lose"),
    N_("counted in threes: one Blatt is a third"),
    N_("no higher level"),
    N_("calling a king one holds is forbidden"),
    N_("no Bei-games"),
    N_("cases A to D, Bürgermeister, Jungfrauen"),
    N_("Trischaken: no Kontra"),
    N_("Bürgermeister: a loser with 35/2 or more"),
    N_("at a five-player table the dealer does not take part"),
    N_("the Valat item replaces the game"),
    N_("silent Valat 4 x game value"),
    N_("announced Valat 8 x game value"),
    N_("Solo games: the Valat is not doubled again"),
    N_("only announced premiums count beside a Valat"),
    N_("base in the Sechserdreier: the lost value 8 when the item goes to the opponents"),
    N_("game Kontra carries over"),
    N_("both kontriert: §14 O-6, the higher level"),
    N_("a silent premium is an item only when made"),
    N_("Solorufer, king in the talon: every Kontra void"),
    N_("schleifen: game value plus the announced bird, to each"),
    N_("Trischaken: 2 to each regular player"),
    N_("the Trischaker as offender pays 4 to each"),
    N_("the opponents of a Sechserdreier get the lost value 8"),
    N_("Besserrufer without a bird in hand: 3 to each other player, -9"),
    N_("a Renonce of the sitting-out player: he compensates the four players"),
    N_("Kontra counts only in the money, never in the Schrift"),
    N_("one point is 10 cent in the older texts"),
    N_("no doubled rounds in the tournament rules"),
    N_("3 rounds, the tables drawn anew for each"),
    N_("16 games per round at a table of four"),
    N_("20 games per round at a table of five"),
    N_("fixed points by place 223 ... 1"),
    N_("Heinepunkte as the alternative"),
    N_("the best six tournament results count"),
    N_("drawn at random for every round, so one meets new opponents each round"),
    N_("the OÖ rules have no Pagat pot"),
    N_("Kontra by a hidden partner on his own party's announcement: void"),
    N_("Jungfrauen collect the whole payout"),
    N_("a Bürgermeister pays double"),
    N_("the Trischaker pays 2 to each"),
    N_("cases C and D, each tied loser 1 to each of the others"),
)

# Words of ours that stand outside the brackets, beside a citation.
OUTER = (N_("not in the document"), N_("usual tarif"), N_("conceding"))

_AS_THE_SCHEME = "as the scheme: "
_FIELDS = (set(Contract._fields) | set(Premium._fields)) - {"id", "source"}
_OUTER = re.compile(r"\b(?:" + "|".join(map(re.escape, OUTER)) + r")\b")


def source_text(source: str) -> str:
    """``source`` with each note of ours in the screen's language; the mark
    of a changed value (``club.toml (value, lost_value)``) quotes the keys
    as the file writes them."""
    pieces = _pieces(source)
    if len(pieces) > 1 and " " not in pieces[0][1].strip() and set(pieces[1][1].split(", ")) <= _FIELDS:
        pieces[1] = (False, "(" + ", ".join(f'"{key}"' for key in pieces[1][1].split(", ")) + ")")
    return "".join(f"({_note(text)})" if inside else _OUTER.sub(lambda m: _(m.group()), text)
                   for inside, text in pieces)  # fmt: skip


def _pieces(text: str) -> list[tuple[bool, str]]:
    """``text`` as (False, text outside brackets) and (True, a bracket's
    inside, brackets in it kept); unbalanced brackets leave it whole."""
    pieces, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "()" and (depth or ch == "("):
            depth += 1 if ch == "(" else -1
            if (ch == "(" and depth == 1) or depth == 0:
                pieces.append((depth == 0, text[start:i]))
                start = i + 1
    return [(False, text)] if depth else [*pieces, (False, text[start:])]


def _note(text: str) -> str:
    """A bracket's inside: said whole, or each of its parts between semicolons."""
    said = _(text)
    if said != text:
        return said
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and text.startswith("; ", i):
            parts.append(text[start:i])
            start = i + 2
    return "; ".join(_part(p) for p in [*parts, text[start:]])


def _part(text: str) -> str:
    said = _(text)
    if said != text:
        return said
    if text.startswith(_AS_THE_SCHEME):
        return _("as the scheme: {note}").format(note=_part(text[len(_AS_THE_SCHEME) :]))
    return source_text(text) if "(" in text else text
