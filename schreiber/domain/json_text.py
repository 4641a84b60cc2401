"""JSON from outside (a hand record, a line of a hand file) read strictly:
an object that gives one key twice (``"result": "won", "result": "lost"``)
is refused at any depth, where ``json.loads`` would keep the last one and
say nothing."""

from __future__ import annotations

import json


class DuplicateKey(ValueError):
    """An object of the text gives ``key`` twice."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _unique(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """An object's pairs as a dict, each key once (the standard hook: the C
    scanner still reads the text; this costs one dict and one length an object)."""
    d = dict(pairs)
    if len(d) != len(pairs):
        seen: set[str] = set()
        for key, _v in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return d


_DECODER = json.JSONDecoder(object_pairs_hook=_unique)


def loads(text: str) -> object:
    """``json.loads`` for text from outside; raises ``DuplicateKey`` (a
    ValueError, as ``json.JSONDecodeError`` is one) for a key given twice."""
    if text.startswith("\ufeff"):  # as json.loads says it
        raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
    return _DECODER.decode(text)


def shown(value: object, most: int = 40) -> str:
    """A value from outside as JSON writes it, cut at ``most`` characters:
    the same in every language (``[1]``, ``"rufer"``), where a type's Python
    name (``list``) would be an English word on a German screen."""
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= most else text[: most - 1] + "…"
