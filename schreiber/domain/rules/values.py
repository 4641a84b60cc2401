"""One value of the rules, read and checked in a rules file's own words: a
house rule's value (each rule declares with itself how it is read,
declared.py) and a field of a contract or premium. A value that cannot be
read is refused in one line that says how to write it."""

import json
from collections.abc import Callable, Hashable
from decimal import Decimal
from fractions import Fraction
from typing import Any, NamedTuple, TypeVar

from ...errors import SchreiberError
from ...i18n import _
from ..names import Terms, lookup
from ..points import parse_points
from ..vocabulary import FALSE_WORDS, TRUE_WORDS

RADL_MAX = 60  # the longest Radl a rule may ask for, in hands
RADL_STACK_MAX = 40  # the most Radls a rule may let double the same hands (x2 ** 40)
VALUE_MAX = 1000  # the largest whole number of a rule, a value or a factor: keeps every sum in 64 bits
TARIF_MAX_CENTS = 100_000  # 1,000.00 (euro) a point
# The checks on values came with rules formats (declared.py, RULES_FORMAT), and rules are read with the checks
# of the format they were written in (checks.py). From BOUNDED_FROM (the release that named radl_length): whole numbers
# within their rule's bounds and VALUE_MAX (the first release took any from 0 up), a Radl of at most RADL_MAX
# hands, no control character in a text.
BOUNDED_FROM = 2
# From PLAYABLE_FROM: a deck of 70 or 71 with game_needs and trischaken_double_from within it, tricks a player
# can take, every text a text of a rules file's size (checks.py, and each rule's own check: Rule.playable).
PLAYABLE_FROM = 3
# From TAKES_EFFECT_FROM: a rule that counts only where another is set so (Rule.needs), set otherwise where the
# other is not, would play nothing without a word: refused, as a Trischaken figure without its mode is (rules
# of an earlier format, a rules file of the format before, an evening's stored rules, read as they read then).
TAKES_EFFECT_FROM = 3
CHECKS_FROM = (BOUNDED_FROM, PLAYABLE_FROM, TAKES_EFFECT_FROM)  # a new check's format goes here too
T = TypeVar("T")
DECKS = (70, 71)  # card points in a Tarock deck: 70, or 71 where cards are counted singly


class RulesError(SchreiberError, ValueError):
    """A rules file or a rule override is wrong; the message says how to fix
    it. Where rules have several problems, the message is their heading and
    ``listed`` holds each, shown one a line under it."""

    def __init__(self, message: str = "", /, listed: tuple[str, ...] = (), **values: object):
        super().__init__(message, **values)
        self.listed = listed


class Problems:
    """Every problem found in rules, each noted with the path of the key it
    stands at (beancount's ``errors.append``) and raised together: one as
    its own line, as ever; several under a heading, one a line, each with
    its line in the rules file where ``line`` finds it."""

    def __init__(self, line: Callable[[tuple], int | None] | None = None) -> None:
        self.found: list[tuple[str, tuple]] = []
        self.line = line

    def check(self, at: tuple, fn: Callable[..., T], *args: Any) -> T | None:
        """``fn(*args)``; a RulesError it raises is noted at ``at``, and None returned."""
        try:
            return fn(*args)
        except RulesError as exc:
            self.note(str(exc), at)
            return None

    def note(self, problem: str, at: tuple = ()) -> None:
        self.found.append((problem, at))

    def raise_any(self, origin: str) -> None:
        once: dict[str, tuple] = {}
        for said, at in self.found:  # each problem once, where it was first found
            once.setdefault(said, at)
        found = list(once.items())
        if len(found) == 1:
            raise RulesError(found[0][0])
        if found:
            lines = [(self.line(at) if self.line else None, _unprefixed(said, origin)) for said, at in found]
            lines.sort(key=lambda nl: (nl[0] is None, nl[0] or 0))  # where no line is known: last, as found
            listed = tuple(_("line {n}: {msg}").format(n=n, msg=p) if n else p for n, p in lines)
            raise RulesError(_("{origin} has {n} problems:").format(origin=origin, n=len(listed)), listed=listed)


def _unprefixed(problem: str, origin: str) -> str:
    """A problem without the origin its heading names already."""
    return problem[len(origin) :].lstrip(" :") if problem.startswith(origin) else problem


class Alias(NamedTuple):
    """The key an earlier release wrote for a rule, and what each of its
    values reads as today; ``type``: how its text (--rule KEY=TEXT) is read.
    ``unbounded``: rules of the first format took any whole number, and one
    beyond ``values`` reads as its text."""

    key: str
    type: type
    values: dict
    unbounded: bool = False


def rule_origin(text: str) -> str:
    """Where a message about one rule points: "rule 'KEY'" in the screen's language."""
    return _("rule '{key}'").format(key=text)


def read_setting(setting: Any, raw: Any, fmt: int) -> Any:
    """Turn a text or TOML value into the setting's type, or explain why not
    (within the ranges of rules format ``fmt``): as the rule declares
    (``Rule.read``), else by its type, choices and bounds."""
    return (setting.read or plain)(setting, raw, rule_origin(setting.key), fmt)


def plain(setting: Any, raw: Any, what: str, fmt: int) -> Any:
    """A value by the rule's type: text as written (yes/no words, a whole
    number), a TOML value of that type; within its choices and bounds."""
    value: Any
    if isinstance(raw, str):
        if setting.type is bool:
            value = _parse_bool(raw, what)
        elif setting.type is int:
            value = _whole_text(raw, what)
        else:
            value = raw
    else:
        value = raw
        if (setting.type is int and isinstance(raw, bool)) or not isinstance(raw, setting.type):
            raise _wrong_type(setting, what, raw)
    if setting.choices and value not in setting.choices:
        raise RulesError(
            _("{what}: '{value}' is not valid; valid: {choices}").format(
                what=what, value=value, choices=", ".join(setting.choices)
            )
        )
    if setting.type is int:
        low, high = setting.bounds
        if not (low <= value <= high if fmt >= BOUNDED_FROM else value >= 0):  # the first release: any from 0 up
            raise RulesError(
                _("{what}: {value} is out of range; give {low} to {high}"), what=what, value=value, low=low, high=high
            )
    return value


def card_points(setting: Any, raw: Any, what: str, fmt: int) -> str:
    """Card points, in Blatt notation or as a number (game_needs = 36)."""
    value = str(raw) if type(raw) is int else plain(setting, raw, what, fmt)
    try:
        parse_points(value, 71)
    except ValueError as exc:
        raise RulesError(f"{what}: {exc}") from None
    return value


def radl_size(setting: Any, raw: Any, what: str, fmt: int) -> str:
    """``players`` or a number of hands (RULINGS.md Later rulings: a Radl counts deals)."""
    text = str(raw).strip().lower()
    if text in ("players", "spieler"):
        return "players"
    most = RADL_MAX if fmt >= BOUNDED_FROM else int(text) if text.isdigit() else 0  # the first release: any
    if not text.isdigit() or isinstance(raw, bool) or not 1 <= int(text) <= most:
        raise RulesError(
            _("{what}: '{raw}' is not valid; use players (one hand per player) or 1 to {RADL_MAX} hands").format(
                what=what, raw=raw, RADL_MAX=RADL_MAX
            )
        )
    return str(int(text))


def read_alias(alias: Alias, key: str, value: Any, where: str, fmt: int) -> Any:
    """A value written under the key an earlier release had for the rule ``key``, read as today's."""
    if isinstance(value, str):
        what = f"{where}: {rule_origin(alias.key)}"
        value = _parse_bool(value, what) if alias.type is bool else _whole_text(value, what)
    if alias.unbounded and fmt < BOUNDED_FROM and type(value) is int and value > max(alias.values):
        return str(value)
    if not isinstance(value, Hashable) or value not in alias.values:
        raise RulesError(
            _("{where}: rule '{old}': {value} is not valid; use {new} instead").format(
                where=where, old=alias.key, value=as_written(value), new=key
            )
        )
    return alias.values[value]


def _parse_bool(raw: str, what: str) -> bool:
    low = raw.lower()
    if low in TRUE_WORDS:
        return True
    if low in FALSE_WORDS:
        return False
    raise RulesError(_("{what}: '{raw}' is not a yes/no value; use true or false").format(what=what, raw=raw))


def _whole_text(raw: str, what: str) -> int:
    try:
        return int(raw)
    except ValueError:
        raise RulesError(_("{what}: '{raw}' is not a whole number").format(what=what, raw=raw)) from None


def _wrong_type(setting: Any, what: str, raw: Any) -> RulesError:
    """A rule's value of another kind than the rule takes, said in a rules
    file's words (``2.5 is not a whole number``), never Python's."""
    shown = as_written(raw)
    if setting.type is bool:
        return RulesError(_("{what}: {raw} is not true or false; write true or false").format(what=what, raw=shown))
    if setting.type is int:
        low, high = setting.bounds
        return RulesError(
            _("{what}: {raw} is not a whole number; give {low} to {high}").format(
                what=what, raw=shown, low=low, high=high
            )
        )
    if setting.choices:
        return RulesError(
            _("{what}: {raw} is not one of the words this rule takes; valid: {choices}").format(
                what=what, raw=shown, choices=", ".join(setting.choices)
            )
        )
    return RulesError(_('{what}: {raw} is not text; write it in quotes, like "..."').format(what=what, raw=shown))


def a_deck(rules: Any, key: str, origin: str) -> None:
    """A deck of 70 card points, or 71 counted singly."""
    if rules.setting(key) not in DECKS:
        raise RulesError(
            _("{origin}: deck_points is {n}; a Tarock deck has 70 card points, or 71 counted singly").format(
                origin=origin, n=rules.setting(key)
            )
        )


def within_deck(rules: Any, key: str, origin: str) -> None:
    """Card points within the rules' deck (where the deck is one: ``a_deck`` says it where it is not)."""
    if rules.format >= PLAYABLE_FROM and rules.deck_points not in DECKS:
        return
    value = rules.setting(key)
    try:
        points = parse_points(value, VALUE_MAX)  # as the engine reads it (points.threshold), then the deck
    except ValueError as exc:
        raise RulesError(f"{origin}: {rule_origin(key)}: {exc}") from None
    if not 0 < points <= rules.deck_points:
        raise RulesError(
            _("{origin}: rule '{key}' is {value}, outside a deck of {deck} card points; give 1 to {deck}").format(
                origin=origin, key=key, value=value, deck=rules.deck_points
            )
        )


def listed_words(text: str) -> list[str]:
    """The words of a list a rule takes as text: ``piccolo, bettel``."""
    return [w.strip() for w in text.split(",") if w.strip()]


def negative_ids(text: str, contracts: Terms, origin: str, strict: bool) -> str:
    """``all``, or the negative contracts named, as their ids: ``piccolo, bettel``
    (not ``strict``: stored rules, a name that is none kept as written)."""
    if text.strip().lower() == "all":
        return "all"
    negative = [c.id for c in contracts.values() if c.kind == "negative"]
    ids: list[str] = []
    for word in listed_words(text):
        cid = lookup(word, contracts)
        if cid is None or cid not in negative:
            if not strict:
                return text
            raise RulesError(
                _(
                    "{origin}: rule 'side_by_side_contracts': '{word}' is not a negative contract; give all or "
                    "some of {negative}"
                ).format(origin=origin, word=word, negative=", ".join(negative))
            )
        if cid not in ids:
            ids.append(cid)
    if not ids:
        if not strict:
            return text
        raise RulesError(
            _("{origin}: rule 'side_by_side_contracts' is empty; give all or some of {negative}").format(
                origin=origin, negative=", ".join(negative)
            )
        )
    return ", ".join(ids)


def as_written(value: Any) -> str:
    """A value as a rules file writes it (TOML): ``2.5``, ``true``,
    ``"text"``, ``[1, 2]``; never Python's ``Decimal('2.5')`` or ``True``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Fraction):  # as a decimal where it ends (2.5), else as a fraction (1/3)
        den = value.denominator
        while den % 2 == 0 or den % 5 == 0:
            den //= 2 if den % 2 == 0 else 5
        return str(Decimal(value.numerator) / Decimal(value.denominator)) if den == 1 else str(value)
    if isinstance(value, (int, float, Decimal)):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(as_written(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{as_written(str(k))} = {as_written(v)}" for k, v in value.items()) + "}"
    return str(value)


# A field of a contract or premium, by the kind of value it takes.
_WHOLE = ("premium_factor", "lost_factor")
_OPTIONAL_WHOLE = ("tricks", "concede")
_POINTS = ("value", "lost_value", "silent", "announced")  # whole or a half (2.5): rule value_rounding
_FLAGS = ("enabled", "optional", "call", "vorhand", "colour", "open", "talon_kontra_void", "bird_decides", "needs_call")
_TEXT = ("name", "kind", "source")
_WORDS = ("aliases", "premiums", "requires")
_FIELD_KIND = {
    **dict.fromkeys(_WHOLE, "whole"),
    **dict.fromkeys(_OPTIONAL_WHOLE, "optional whole"),
    **dict.fromkeys(("value", "lost_value"), "points"),
    **dict.fromkeys(("silent", "announced"), "optional points"),
    **dict.fromkeys(("party", "announced_by"), "side"),
    **dict.fromkeys(_FLAGS, "flag"),
    **dict.fromkeys(_TEXT, "text"),
    **dict.fromkeys(_WORDS, "words"),
}
_DECIMAL_TEXT = r"[0-9]+(\.[0-9]+)?"  # 2, 2.5, 2.50: a value as a rules file or a stored evening writes it


def field_value(where: str, name: str, v: object) -> object:
    """A field as a rules file gives it: a list as a tuple, a value field
    (``_POINTS``) read exactly; checked by ``check_field``."""
    if isinstance(v, list):
        return tuple(v)
    return _exact_value(where, name, v) if name in _POINTS else v


def _exact_value(where: str, name: str, v: object) -> object:
    """A value field read exactly from a Decimal or its text ("2.5"): an int,
    or a Fraction of a half (so every share stays a whole number of the
    ledger's units). Anything else is left for ``check_field``."""
    import re

    if isinstance(v, str) and re.fullmatch(_DECIMAL_TEXT, v.strip()):
        v = Decimal(v.strip())
    if not isinstance(v, Decimal):
        return v
    if not v.is_finite() or not 0 <= v <= VALUE_MAX or (v * 2) % 1:
        raise RulesError(
            _("{where}: '{name}' must be whole or a half (like 2.5) from 0 to {VALUE_MAX}, not {value}").format(
                where=where, name=name, VALUE_MAX=VALUE_MAX, value=v
            )
        )
    f = Fraction(v)
    return int(f) if f.denominator == 1 else f


def typed_field(name: str, raw: str, text: str) -> Any:
    """A field of a contract or premium typed with --rule (``text``: the whole KEY=VALUE)."""
    if name in _FLAGS:
        return _parse_bool(raw, rule_origin(text))
    if name in _POINTS + _WHOLE + _OPTIONAL_WHOLE and raw.lower() in ("none", "null", "-", ""):
        return None
    if name in _POINTS:
        value = _exact_value(rule_origin(text), name, raw)
        if not isinstance(value, (int, Fraction)):
            raise RulesError(_("rule '{text}': '{raw}' is not a value like 2 or 2.5").format(text=text, raw=raw))
        return as_written(value)  # as a stored evening keeps it: read again with the entry
    if name in _WHOLE + _OPTIONAL_WHOLE:
        try:
            number = int(raw)
        except ValueError:
            raise RulesError(_("rule '{text}': '{raw}' is not a whole number").format(text=text, raw=raw)) from None
        check_field(rule_origin(text), name, number)  # typed today: today's range, whatever the rules' format
        return number
    if name in _WORDS:
        return [x.strip() for x in raw.split(",") if x.strip()]
    return raw


def _whole(v: object, fmt: int) -> bool:
    """A whole number from 0 (to VALUE_MAX: the first release took any)."""
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= (VALUE_MAX if fmt >= BOUNDED_FROM else v)


def _points(v: object, fmt: int) -> bool:
    """Whole, or a half: what ``_exact_value`` makes of a value field."""
    return _whole(v, fmt) or (isinstance(v, Fraction) and v.denominator == 2 and 0 <= v <= VALUE_MAX)


def check_field(where: str, name: str, value: Any, fmt: int = BOUNDED_FROM) -> None:
    """Every field of a contract or premium has the type its kind needs
    (within the ranges of rules format ``fmt``; by default today's)."""
    kind = _FIELD_KIND.get(name)
    if kind is None:
        return
    _check_number(where, name, value, kind, fmt)
    if kind == "side" and value not in (None, "declarer", "opponents"):
        raise RulesError(
            _('{where}: \'{name}\' must be "declarer" or "opponents", not {value}').format(
                where=where, name=name, value=as_written(value)
            )
        )
    if kind == "flag" and not isinstance(value, bool):
        raise RulesError(
            _("{where}: '{name}' must be true or false, not {value}"), where=where, name=name, value=as_written(value)
        )
    if kind == "text":
        check_text(where, name, value, fmt)
    elif kind == "words":
        _check_words(where, name, value, fmt)


def _check_number(where: str, name: str, value: Any, kind: str, fmt: int) -> None:
    """A whole number (or a half, a value field) from 0 to VALUE_MAX; in the first format from 0 up (the
    message gives today's range, which every format takes)."""
    whole = kind == "whole" or (kind == "optional whole" and value is not None)
    points = kind == "points" or (kind == "optional points" and value is not None)
    if (whole and _whole(value, fmt)) or (points and _points(value, fmt)) or not (whole or points):
        return
    if whole:
        raise RulesError(
            _("{where}: '{name}' must be a whole number from 0 to {VALUE_MAX}, not {value}").format(
                where=where, name=name, VALUE_MAX=VALUE_MAX, value=as_written(value)
            )
        )
    raise RulesError(
        _("{where}: '{name}' must be a whole number from 0 to {VALUE_MAX} or a half (like 2.5), not {value}").format(
            where=where, name=name, VALUE_MAX=VALUE_MAX, value=as_written(value)
        )
    )


def check_text(where: str, name: str, value: object, fmt: int = BOUNDED_FROM) -> None:
    if not isinstance(value, str):
        raise RulesError(
            _("{where}: '{name}' must be text, not {value}").format(where=where, name=name, value=as_written(value))
        )
    if fmt >= BOUNDED_FROM:
        plain_text(where, name, (value,))


def _check_words(where: str, name: str, value: object, fmt: int) -> None:
    if fmt >= BOUNDED_FROM:
        plain_text(where, name, value if isinstance(value, tuple) else (value,))
    listed = isinstance(value, tuple) and all(isinstance(w, str) for w in value)
    if not listed and (value is not None or name != "premiums"):  # premiums: None, every premium
        raise RulesError(
            _('{where}: \'{name}\' must be a list of words like ["a", "b"], not {value}').format(
                where=where, name=name, value=as_written(value)
            )
        )


def plain_text(where: str, name: str, words: tuple) -> None:
    """Refuse a control character in any of a field's words."""
    if any(_control(w) for w in words):
        raise RulesError(_("{where}: '{name}' holds a control character; type it plainly"), where=where, name=name)


def _control(text: object) -> bool:
    """Text with a control or format character (a terminal escape, a zero-width space)."""
    if not isinstance(text, str) or text.isprintable():  # printable: no Cc, no Cf (most text: one call)
        return False
    import unicodedata

    return any(unicodedata.category(ch) in ("Cc", "Cf") for ch in text)
