"""Where each value of the rules comes from. A preset says it as data, not
as text to be parsed: a citation of its rule document and a note of ours in
brackets after it, ``{cite = "tirol.txt:95", note = "extra, off"}`` (see
``Part`` for the rest). A ``Source`` is the text every file, page and
--json writes ("tirol.txt:95 (extra, off)") and says itself in the screen's
language (``said``): each note and word of ours through the catalog
(babel.cfg takes them from the presets), citations and the documents' own
words as written."""

from collections.abc import Callable
from typing import Any, NamedTuple

from ...i18n import N_, _

KEYS = ("cite", "uncited", "quote", "note", "scheme", "conceding")
AS_THE_SCHEME = N_("as the scheme: {note}")
CONCEDING = N_("conceding")


class Part(NamedTuple):
    """One citation of a source (``cite``), or words of ours where none is
    (``uncited``); in brackets after it the document's own words (``quote``)
    and notes of ours (``note``), the first said as what the Trischaken
    scheme plays where ``scheme``; ``conceding``: where the document names
    the conceding value; ``fields``: a mark's fields that differ from what
    the rules were made from."""

    cite: str = ""
    uncited: str = ""
    quote: tuple[str, ...] = ()
    note: tuple[str, ...] = ()
    scheme: bool = False
    conceding: str = ""
    fields: tuple[str, ...] = ()

    def text(self, say: Callable[[str], str] = str, quoted: bool = False) -> str:
        out = say(self.uncited) if self.uncited else self.cite
        said = [*self.quote, *map(say, self.note)]
        if said:
            if self.scheme:
                said[0] = say(AS_THE_SCHEME).format(note=said[0])
            out += " (" + "; ".join(said) + ")"
        if self.fields:
            out += " (" + ", ".join(f'"{f}"' if quoted else f for f in self.fields) + ")"
        return out + (f"; {say(CONCEDING)} {self.conceding}" if self.conceding else "")


class Source(str):
    """A source as written, its parts (joined by ", ") and what follows them
    after ": " (a mark's: the file's own source)."""

    parts: tuple[Part, ...]
    own: str

    def __new__(cls, parts: tuple[Part, ...], own: str = "") -> "Source":
        source = super().__new__(cls, ", ".join(p.text() for p in parts) + (f": {own}" if own else ""))
        source.parts, source.own = parts, own
        return source

    def said(self) -> str:
        own = source_said(self.own) if self.own else ""
        return ", ".join(p.text(_, quoted=True) for p in self.parts) + (f": {own}" if own else "")


def source_said(source: str) -> str:
    """A source in the screen's language; a text as it is written."""
    return source.said() if isinstance(source, Source) else source


def read_source(data: Any) -> Any:
    """A source of a preset's TOML as a ``Source``: a table, or a list of
    them (and texts), each a citation with its notes; a text stays a text."""
    if isinstance(data, str) or not isinstance(data, (dict, list)):
        return data
    parts = []
    for part in data if isinstance(data, list) else [data]:
        if isinstance(part, str):
            part = {"cite": part}
        if not isinstance(part, dict) or set(part) - set(KEYS):
            return data  # refused where it is read (a source must be text)
        quote, note = ((w,) if isinstance(w, str) else tuple(w) for w in (part.get("quote", ()), part.get("note", ())))
        parts.append(Part(part.get("cite", ""), part.get("uncited", ""), quote, note, bool(part.get("scheme")),
                          part.get("conceding", "")))  # fmt: skip
    return Source(tuple(parts))


def mark(label: str, fields: tuple[str, ...] = (), own: str = "") -> Source:
    """The source of a value that differs from what the rules were made from:
    where it changed (a file, --rule), the fields that changed, the file's own source."""
    return Source((Part(cite=label, fields=fields),), own)
