"""English words of ours that must not stand in a German line, and how a line
is read for them: what is code (a placeholder, a quoted key or value, an
option, a rule key, a command line, a value a rule's meaning defines) is the
same in every language and is left out; the game's words (Rufer, Kontra,
Valat, Trull, Pagat, ...) are German in both languages.

A German noun starts with a capital, so ``Partner``, ``Hand`` and ``Name``
are German where ``partner``, ``hand`` and ``name`` are English (or a key,
which is quoted); an English word at the start of a sentence ("The",
"Give") is caught capitalized too, unless German players use it so."""

from __future__ import annotations

import re

from schreiber.cli.groups import COMMANDS

# English words of ours (lowercase as they stand in a sentence). Not here: words German spells the same
# (in, an, so, was, will, die, man, also, war, hat, fast, bald, hell, rot, mit, um, wider, bald, elf),
# and the commands and keywords of the short notation and the table (undo, quit, storno, radl, kontra, ...).
ENGLISH = frozenset(
    """
    a about after again against all already and another any are as at be because been before being
    between both but by can cannot could did do does done down each either else every few for from had has
    have having here how however if into is it its just least less more most must my neither never no nor
    not now of off on once one only onto or other others our out over own same should since some such
    than that the their them then there these they this those through to too two under until up upon very
    were what when where whether which while who whom whose why with within without would yes yet you
    your
    give gives given giving use used see try enter name names named keep kept show shown write wrote written
    read call calls called take takes make made need needs needed add added start started open closed
    close settle settled play plays played win wins won lose loses lost pay pays paid count counts counted
    declarer declarers partner partners opponent opponents result results trick tricks hand hands king kings
    entry entries player players point points contract contracts premium premiums evening evenings round
    rounds dealer deals deal dealt sits table tables game games file files folder rule rules value values
    season seasons missing unknown valid invalid error wrong twice again first last next new list words
    word number numbers amount totals money sheet score scores line lines kind kinds default
    shell completion installed install restart terminal effect once ledger ledgers
    """.split()
)
# Words German players use, capitalized, that ENGLISH has in lowercase (German nouns), and the game's
# words that look English.
ALLOWED = frozenset(
    """
    Partner Hand Name Team Start Terminal Kind Solo Talon Sack Tarif Kontra Re Sub Hirsch Mord Valat Trull
    Pagat Uhu Kakadu Quapil Marabu Sküs Mond Vorhand Rufer Dreier Bettel Piccolo Zwiccolo Trischaken Radl
    Holz Schrift
    """.split()
)

_COMMANDS = "|".join(COMMANDS)
_CODE = (
    r"\{\{[^{}]*\}\}|\{[^{}]*\}",  # a placeholder, or a literal {name: ...} of a message
    r'"[^"\n]*"|„[^“\n]*“|‚[^‘\n]*‘|`[^`\n]*`',  # quoted: a key, a value, a command
    r"(?<!\w)'[^'\n]*'(?!\w)",  # single quotes, but not an apostrophe (Bertis, geht's)
    rf"\b(?:schreiber(?=[ \t]+(?:-|{_COMMANDS}\b))|pip)(?:[ \t]+[^\s;,()]+)+",  # a command line, to the first punctuation
    r"(?<!\w)--?[\w-]+(?:[= ][A-Z0-9<{][^\s;,()]*)?",  # an option (and its value)
    r"\S*[_=/@<>\[\]#]\S*|\S*\w\.\w\S*",  # a key, key=value, a path, a file name, contract.x.enabled
    r"\b[\w-]+(?= = )|(?<= = )[\w-]+",  # a rule's value: "double = pays double", "radl_length = players"
    r"\([\w-]+(?: \| [\w-]+)+\)",  # the values a rule takes: (kontra | re | sub)
    r"\bJSON[ -]Lines\b",  # the name of a format
    r"\bgültig(?:e Felder)?:[^;]*",  # what may be typed: a list of ids, keys or values
    r"(?<=: )[a-z][\w-]*(?:, [a-z][\w-]*){2,}",  # the same, as a list after a colon
    r"\b[A-Z]+s?\b|\w*\d\w*",  # a placeholder of a command's help (NAME, HAND, NAMEs), a number, A4
)
_CODE_RE = re.compile("|".join(_CODE))
_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")


def code_free(text: str) -> str:
    """The text without what is code in every language."""
    return _CODE_RE.sub(" ", text)


def english_words(text: str) -> list[str]:
    """English words of ours in ``text`` (code left out), in their order."""
    found = []
    for word in _WORD.findall(code_free(text)):
        if word in ALLOWED:
            continue
        if word in ENGLISH or (word[0].isupper() and word.lower() in ENGLISH):
            found.append(word)
    return found
