"""Whether rules can be played as a whole, and under which format's checks:
a Trischaken tariff its scheme can play, a deck with thresholds within it,
tricks a player can take, texts of a rules file's size, and a rule set away
from its default only where the rule it depends on lets it count. Each
check came with a rules format: rules are read with the checks of the
format they were written in, so a rules file an earlier release accepted
loads and means what it meant then (a trischaken_double_from of 71 on a
deck of 70: no Bürgermeister ever). A value typed with --rule is checked as
today's."""

from typing import Any

from ...i18n import _
from ..trischaken_schemes import PAYOUT_KEYS, tariff_problem
from .declared import RULES_FORMAT, SETTINGS, Contract, Rules
from .values import RulesError, as_written

# From PLAYABLE_FROM: a deck of 70 or 71 with game_needs and trischaken_double_from within it, tricks a player
# can take, every text a text of a rules file's size (each rule's own check: Rule.playable). From
# TAKES_EFFECT_FROM: a rule that counts only where another is set so (Rule.needs), set otherwise where the
# other is not, would play nothing without a word: refused, as a Trischaken figure without its mode is.
PLAYABLE_FROM = 3
TAKES_EFFECT_FROM = 3
TEXT_MAX = {"preset": 60, "name": 60, "id": 60, "aliases": 60, "title": 200, "source": 1000}
TRICKS_MAX = 12  # tricks a player can take at a table of four
TABLE_MAX = 200  # contracts or premiums in one rules file


def rules_format(data: dict, origin: str) -> int:
    """The rules format the data was written in; a newer one is refused. Rules
    that say none are of the format a key they name tells (Rule.tells_format), else 1."""
    if "format" not in data:
        named = data.get("rules")
        told = [s.tells_format for s in SETTINGS if s.tells_format and isinstance(named, dict) and s.key in named]
        return max(told, default=1)
    fmt = data["format"]
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise RulesError(
            _("{origin}: 'format' must be a whole number from 1 to {newest}, not {fmt!r}").format(
                origin=origin, newest=RULES_FORMAT, fmt=fmt
            )
        )
    if fmt > RULES_FORMAT:
        raise RulesError(
            _(
                "{origin} is of rules format {fmt}, written by a newer schreiber (this one reads up to {newest}); "
                "update schreiber"
            ).format(origin=origin, fmt=fmt, newest=RULES_FORMAT)
        )
    return fmt


def check_consistent(rules: Rules, origin: str, typed: frozenset[str] = frozenset()) -> None:
    """Rules that can be played: a Trischaken tariff its scheme can play; from
    PLAYABLE_FROM on also each rule's own check, tricks a player can take,
    and text of a size a rules file has. In rules of an earlier format, of
    these only what was ``typed`` today (--rule: a house rule's key,
    contract.ID.tricks)."""
    _check_tariff(rules, origin)
    every = rules.format >= PLAYABLE_FROM
    for s in SETTINGS:
        if s.playable and (every or s.key in typed):
            s.playable(rules, s.key, origin)
    for c in rules.contracts.values():
        if every or f"contract.{c.id}.tricks" in typed:
            _check_tricks(c, origin)
    if every:
        _check_sizes(rules, origin)


def check_takes_effect(rules: Rules, origin: str) -> None:
    """A rule set away from its default only where the rule it depends on lets it count (``Rule.needs``)."""
    for s in SETTINGS:
        if s.needs is None:
            continue
        other, under = s.needs
        value = rules.setting(s.key)
        if value != s.default and rules.setting(other) not in under:
            raise RulesError(
                _(
                    "{origin}: rule '{key}' = {value} counts only where {other} is {needs} (here: {here}); "
                    "set that too, or leave it at {default}"
                ).format(
                    origin=origin,
                    key=s.key,
                    value=as_written(value),
                    other=other,
                    needs=" / ".join(map(as_written, under)),
                    here=as_written(rules.setting(other)),
                    default=as_written(s.default),
                )
            )


def _check_tricks(c: Contract, origin: str) -> None:
    if c.tricks is not None and c.tricks > TRICKS_MAX:
        raise RulesError(
            _("{origin} [contracts.{id}]: tricks is {n}; a player can take at most {most}").format(
                origin=origin, id=c.id, n=c.tricks, most=TRICKS_MAX
            )
        )


def _check_tariff(rules: Rules, origin: str) -> None:
    """Payout keys that the Trischaken scheme can play, with their figures."""
    keys = {k: rules.setting(f"trischaken_{k}") for k in PAYOUT_KEYS}
    for value in {c.value for c in rules.contracts.values() if c.kind == "trischaken"} or {1}:
        problem = tariff_problem(rules.trischaken, keys, value)
        if problem:
            raise RulesError(f"{origin}: {problem}")


def _check_sizes(rules: Rules, origin: str) -> None:
    texts: list[tuple[str, Any]] = [("preset", rules.preset), ("title", rules.title), ("source", rules.source)]
    texts += [("source", v) for v in rules.sources.values()]
    for table in (rules.contracts, rules.premiums):
        if len(table) > TABLE_MAX:
            raise RulesError(
                _("{origin}: {n} contracts or premiums; a rules file has at most {most}").format(
                    origin=origin, n=len(table), most=TABLE_MAX
                )
            )
        for e in table.values():
            texts += [("id", e.id), ("name", e.name), ("source", e.source)] + [("aliases", a) for a in e.aliases]
    for kind, text in texts:
        if len(text) > TEXT_MAX[kind]:
            raise RulesError(
                _("{origin}: '{kind}' has {n} characters; at most {most}").format(
                    origin=origin, kind=kind, n=len(text), most=TEXT_MAX[kind]
                )
            )
