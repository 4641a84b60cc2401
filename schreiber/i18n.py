"""One language per screen: German where the locale is German, English
otherwise; ``--lang de|en`` or ``SCHREIBER_LANG`` to choose.

Messages are English in the code, wrapped in ``_()`` (``N_()``: looked up
where shown), and found in the German catalog through gettext, read at the
first message shown (CONTRIBUTING.md). The game's terms are German in both.
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Mapping
from typing import Any

from .errors import SchreiberError

LANGUAGES = ("de", "en")
DOMAIN = "schreiber"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")  # the first one set decides


class _State:
    language: str | None = None  # None: not chosen yet (chosen at the first message)
    catalog: Any = None  # a gettext.GNUTranslations for German, None for English


STATE = _State()


def from_locale(environ: Mapping[str, str] = os.environ) -> str:
    """German where the locale is German (de_AT, de_DE.UTF-8, ...), else English."""
    for name in LOCALE_VARIABLES:
        value = environ.get(name, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


def choose(lang: str | None = None) -> str:
    """Speak ``lang`` (from --lang), else SCHREIBER_LANG, else the locale's
    language; an unknown language is an error naming the known ones."""
    wanted = lang if lang is not None else os.environ.get("SCHREIBER_LANG") or None
    if wanted is None:
        chosen = from_locale()
    else:
        chosen = wanted.strip().lower().replace("-", "_").split("_")[0]
        if chosen not in LANGUAGES:
            source = "--lang" if lang is not None else "SCHREIBER_LANG"
            _use(from_locale())  # the error itself in the locale's language
            raise SchreiberError(
                _("unknown language '{wanted}' ({source}); choose one of: {known}").format(
                    wanted=wanted, source=source, known=", ".join(LANGUAGES)
                )
            )
    _use(chosen)
    return chosen


def _use(language: str) -> None:
    STATE.language, STATE.catalog = language, None  # the catalog is read at the first message (_catalog)


def _catalog() -> Any:
    """The screen's catalog, read when the first message is looked up (a
    `hand add` that prints only its payments never reads it); None for English."""
    if STATE.language is None:
        language()
    if STATE.catalog is None and STATE.language != "en":
        STATE.catalog = catalog(STATE.language or "en")
    return STATE.catalog


@functools.cache
def catalog(language: str) -> Any:
    """The catalog of ``language`` (read once a process): the screen's, or a served page's."""
    import gettext

    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)


def language() -> str:
    """The language of this screen ("de" or "en"), chosen at the first call."""
    if STATE.language is None:
        with contextlib.suppress(SchreiberError):  # a wrong SCHREIBER_LANG: the locale's, and the command line says so
            choose()
    return STATE.language or "en"


def reset() -> None:
    """Choose again at the next message (tests, which switch languages)."""
    STATE.language, STATE.catalog = None, None


def _(message: str) -> str:
    """The message in this screen's language."""
    catalog = _catalog()
    return catalog.gettext(message) if catalog is not None else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for ``n``, in this screen's language."""
    catalog = _catalog()
    if catalog is not None:
        return catalog.ngettext(singular, plural, n)
    return singular if n == 1 else plural


def N_(message: str) -> str:
    """Marks a text for the catalog where it is defined; ``_()`` translates it where it is shown."""
    return message


def german() -> bool:
    return language() == "de"


def extract(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Any:
    """Babel's extractor for our modules (babel.cfg): the ``_()`` messages, the
    meaning of each house rule (``Rule("...")``, domain/rules/declared.py), and the
    docstring of each command, which is its help page."""
    import ast

    from babel.messages.extract import extract_python

    source = fileobj.read()
    fileobj.seek(0)
    for lineno, funcname, messages, comments in extract_python(
        fileobj, dict.fromkeys([*keywords, "Rule"]), comment_tags, options
    ):
        yield lineno, "" if funcname == "Rule" else funcname, messages, comments  # "": its first argument
    commands = _commands_of(getattr(fileobj, "name", ""))
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef) and node.name in commands:
            doc = ast.get_docstring(node, clean=True)
            if doc:
                yield node.body[0].lineno, "", doc, ["help of a command"]


def _commands_of(path: str) -> set[str]:
    """The functions of the command module at ``path`` that are commands: those
    the command line's declaration names "module:function" (``cli/groups.py``,
    read as text: the catalog is made without running the command line)."""
    import ast
    import re
    from pathlib import Path

    module = Path(path)
    if module.parent.name != "cli":
        return set()
    declared = Path(__file__).parent / "cli" / "groups.py"
    names = (n.value for n in ast.walk(ast.parse(declared.read_text(encoding="utf-8"))) if isinstance(n, ast.Constant))
    return {
        n.partition(":")[2]
        for n in names
        if isinstance(n, str) and re.fullmatch(r"\w+:\w+", n) and n.startswith(f"{module.stem}:")
    }


def extract_presets(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Any:
    """Babel's extractor for the presets (babel.cfg): the notes of ours in
    their sources (``note``) and the words of ours in place of a citation
    (``uncited``); the citations and the documents' own words stay as written."""
    import tomllib

    data = tomllib.loads(fileobj.read().decode("utf-8"))
    entries = [e for table in ("contracts", "premiums") for e in data.get(table, {}).values()]
    for source in [*data.get("sources", {}).values(), *(e.get("source") for e in entries)]:
        for part in source if isinstance(source, list) else [source]:
            if isinstance(part, dict):
                notes = part.get("note", [])
                for said in [part.get("uncited"), *([notes] if isinstance(notes, str) else notes)]:
                    if said:
                        yield 1, "", said, ["a note of ours in a preset's sources"]
