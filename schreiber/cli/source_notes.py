"""The sources `rules show` gives, in the screen's language: a source cites
a rule document's line (``file:line``, ``RULINGS.md section``) and may add a
note in brackets. A note in our words is a catalog message here; a note
that quotes the document (German) stays as the document says it. The
Markdown pages and --json keep the sources as the presets write them."""

from __future__ import annotations

import re

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
)

_AS_THE_SCHEME = "as the scheme: "
_NOTE = re.compile(r"\(([^()]*)\)")


def source_text(source: str) -> str:
    """``source`` with each note of ours in the screen's language."""
    return _NOTE.sub(lambda m: "(" + "; ".join(_part(p) for p in m.group(1).split("; ")) + ")", source)


def _part(text: str) -> str:
    said = _(text)
    if said == text and text.startswith(_AS_THE_SCHEME):
        rest = text[len(_AS_THE_SCHEME) :]
        return _("as the scheme: {note}").format(note=_part(rest))
    return said
