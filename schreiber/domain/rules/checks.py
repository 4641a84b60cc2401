"""Whether rules can be played as a whole, and under which format's checks:
a Trischaken tariff its scheme can play, a deck with thresholds within it,
tricks a player can take, texts of a rules file's size, and a rule set away
from its default only where the rule it depends on lets it count. Each
check came with a rules format: rules are read with the checks of the
format they were written in, so a rules file an earlier release accepted
loads and means what it meant then (a trischaken_double_from of 71 on a
deck of 70: no Bürgermeister ever). A value typed with --rule is checked as
today's. Imported where rules are checked so (stored rules never are)."""

from typing import Any

from ...i18n import _
from ..trischaken_schemes import PAYOUT_KEYS, tariff_problem
from .declared import SETTINGS, Rules
from .values import PLAYABLE_FROM, Problems, RulesError, as_written

TEXT_MAX = {"preset": 60, "name": 60, "id": 60, "aliases": 60, "title": 200, "source": 1000}
TARIFF_KEYS = frozenset({"trischaken", *(f"trischaken_{k}" for k in PAYOUT_KEYS)})  # what the tariff reads
TRICKS_MAX = 12  # tricks a player can take at a table of four
TABLE_MAX = 200  # contracts or premiums in one rules file


def check_consistent(
    rules: Rules,
    origin: str,
    found: Problems,
    typed: frozenset[str] = frozenset(),
    bad: frozenset[str] = frozenset(),
    whole: bool = True,
) -> None:
    """Rules that can be played: a Trischaken tariff its scheme can play; from
    PLAYABLE_FROM on also each rule's own check, tricks a player can take,
    and text of a size a rules file has. In rules of an earlier format, of
    these only what was ``typed`` today (--rule: a house rule's key,
    contract.ID.tricks). Each problem is noted in ``found``; a rule in
    ``bad`` (its value not read) is not checked, nor the tariff where it or
    a contract (not ``whole``) is missing."""
    if whole and not bad & TARIFF_KEYS:
        found.check(("rules", "trischaken"), _check_tariff, rules, origin)
    every = rules.format >= PLAYABLE_FROM
    for s in SETTINGS:
        if s.playable and (every or s.key in typed) and s.key not in bad:
            found.check(("rules", s.key), s.playable, rules, s.key, origin)
    for c in rules.contracts.values():
        if (every or f"contract.{c.id}.tricks" in typed) and c.tricks is not None and c.tricks > TRICKS_MAX:
            found.note(
                _("{origin} [contracts.{id}]: tricks is {n}; a player can take at most {most}").format(
                    origin=origin, id=c.id, n=c.tricks, most=TRICKS_MAX
                ),
                ("contracts", c.id, "tricks"),
            )
    if every:
        _check_sizes(rules, origin, found)


def check_takes_effect(rules: Rules, origin: str, found: Problems, bad: frozenset[str] = frozenset()) -> None:
    """A rule set away from its default only where the rule it depends on lets it count (``Rule.needs``)."""
    for s in SETTINGS:
        if s.needs is None or s.key in bad or s.needs[0] in bad:
            continue
        other, under = s.needs
        value = rules.setting(s.key)
        if value != s.default and rules.setting(other) not in under:
            found.note(
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
                ),
                ("rules", s.key),
            )


def _check_tariff(rules: Rules, origin: str) -> None:
    """Payout keys that the Trischaken scheme can play, with their figures."""
    keys = {k: rules.setting(f"trischaken_{k}") for k in PAYOUT_KEYS}
    for value in {c.value for c in rules.contracts.values() if c.kind == "trischaken"} or {1}:
        problem = tariff_problem(rules.trischaken, keys, value)
        if problem:
            raise RulesError(f"{origin}: {problem}")


def _check_sizes(rules: Rules, origin: str, found: Problems) -> None:
    texts: list[tuple[tuple, str, Any]] = [((k,), k, getattr(rules, k)) for k in ("preset", "title", "source")]
    texts += [(("sources", k), "source", v) for k, v in rules.sources.items()]
    for name, table in (("contracts", rules.contracts), ("premiums", rules.premiums)):
        if len(table) > TABLE_MAX:
            found.note(
                _("{origin}: {n} contracts or premiums; a rules file has at most {most}").format(
                    origin=origin, n=len(table), most=TABLE_MAX
                )
            )
        for e in table.values():
            at = (name, e.id)
            texts += [(at, "id", e.id), ((*at, "name"), "name", e.name), ((*at, "source"), "source", e.source)]
            texts += [((*at, "aliases"), "aliases", a) for a in e.aliases]
    for at, kind, text in texts:
        if len(text) > TEXT_MAX[kind]:
            found.note(
                _("{origin}: '{kind}' has {n} characters; at most {most}").format(
                    origin=origin, kind=kind, n=len(text), most=TEXT_MAX[kind]
                ),
                at,
            )
