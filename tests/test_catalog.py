"""The German catalog is complete and current: every message the code
marks (and every command's help) has a German translation, none is fuzzy,
and the compiled .mo that ships says what the .po says (Babel's own
extraction and readers; see CONTRIBUTING.md, Languages)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

babel_extract = pytest.importorskip("babel.messages.extract")
from babel.messages.mofile import read_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "schreiber" / "locale" / "de" / "LC_MESSAGES"
PLACEHOLDER = re.compile(r"(?<!\{)\{[^{}]*\}(?!\})")


def extracted() -> set:
    """Every msgid in the code, as `pybabel extract -F babel.cfg` finds it."""
    method_map = [("**.py", "schreiber.i18n:extract"), ("**.toml", "schreiber.i18n:extract_presets")]
    found = babel_extract.extract_from_dir(
        str(ROOT / "schreiber"), method_map, {}, keywords=babel_extract.DEFAULT_KEYWORDS
    )
    return {msgid for _file, _line, msgid, _comments, _context in found}


def catalog():
    with open(LOCALE / "schreiber.po", "rb") as f:
        return read_po(f, locale="de")


def test_every_message_of_the_code_has_a_german_translation():
    po = catalog()
    missing = [m for m in extracted() if po.get(m if isinstance(m, str) else m[0]) is None]
    assert not missing, f"not in schreiber.po (run the commands in CONTRIBUTING.md, Languages): {missing[:10]}"
    empty = [m.id for m in po if m.id and (not m.string if isinstance(m.string, str) else not all(m.string))]
    assert not empty, f"no German yet: {empty[:10]}"
    fuzzy = [m.id for m in po if m.id and m.fuzzy]
    assert not fuzzy, f"fuzzy (check and confirm): {fuzzy[:10]}"


def test_the_catalog_holds_no_message_the_code_lost():
    code = {m if isinstance(m, str) else m[0] for m in extracted()}
    stale = [m.id for m in catalog() if m.id and (m.id if isinstance(m.id, str) else m.id[0]) not in code]
    assert not stale, f"in schreiber.po but no longer in the code (pybabel update): {stale[:10]}"


def test_a_translation_keeps_every_placeholder():
    wrong = []
    for m in catalog():
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        if any(sorted(PLACEHOLDER.findall(ids[-1 if i else 0])) != sorted(PLACEHOLDER.findall(s))
               for i, s in enumerate(strings)):  # fmt: skip
            wrong.append(m.id)
    assert not wrong, f"placeholders differ: {wrong[:10]}"


def test_the_compiled_catalog_is_current():
    with open(LOCALE / "schreiber.mo", "rb") as f:
        mo = read_mo(f)
    compiled = {_key(m.id): _key(m.string) for m in mo if m.id}
    written = {_key(m.id): _key(m.string) for m in catalog() if m.id}
    assert compiled == written, "schreiber.mo is older than schreiber.po: pybabel compile (CONTRIBUTING.md)"


def _key(text):
    return text if isinstance(text, str) else tuple(text)


def test_every_house_rules_meaning_is_in_the_catalog():
    """`rules show` says each meaning in the screen's language: Rule("...") is a catalog message."""
    from schreiber.domain.rules import SETTINGS

    po = catalog()
    missing = [s.key for s in SETTINGS if po.get(s.meaning) is None]
    assert not missing, f"meanings not in schreiber.po (Rule(...) is extracted): {missing[:10]}"


def test_no_german_message_holds_an_english_word_of_ours():
    """Every msgstr of the German catalog read for English words of ours
    (tests/german.py: the list, the words German players use, and what
    counts as code: a placeholder, a quoted key or value, an option, a
    command line). The same check finds English in nearly every English
    message, so it is not blind."""
    from tests.german import english_words

    found = {}
    english = 0
    for m in catalog():
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        texts = m.string if isinstance(m.string, tuple) else (m.string,)
        words = sorted({w for text in texts for w in english_words(text)})
        if words:
            found[ids[0]] = words
        english += bool(english_words(ids[0]))
    assert found == {}
    assert english > 900
