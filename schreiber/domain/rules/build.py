"""Rules built from their data (a preset's or rules file's tables, an
evening's stored rules, a change typed with --rule): each value read as its
rule declares, the contracts and premiums field by field, then the rules
checked as a whole; an unknown key is an error that lists the known ones."""

from fractions import Fraction
from typing import Any

from ...i18n import _
from ..names import Terms
from .declared import (
    CONTRACT_FIELDS,
    CONTRACT_KINDS,
    FIELDS_ADDED,
    PREMIUM_FIELDS,
    PREMIUM_KINDS,
    RULES_FORMAT,
    SETTING_BY_KEY,
    SETTINGS,
    Contract,
    Premium,
    Rules,
)
from .values import (
    BOUNDED_FROM,
    PLAYABLE_FROM,
    TAKES_EFFECT_FROM,
    Problems,
    RulesError,
    check_field,
    check_text,
    field_value,
    plain_text,
    read_alias,
    read_setting,
    rule_origin,
    typed_field,
)

# made_from: the preset a file of ``rules new`` was made from; it changes no value (``rules show`` marks
# every value that differs from it).
TOP_KEYS = ("format", "preset", "title", "source", "rules", "contracts", "premiums", "sources", "base", "made_from")
_TABLES = ("rules", "contracts", "premiums", "sources")
# Keys of earlier releases: each with the key of its rule now, and how its values read (Rule.alias).
ALIASES = {s.alias.key: (s.key, s.alias) for s in SETTINGS if s.alias}


def rules_from_dict(data: dict, origin: str = "rules", strict: bool = True, found: Problems | None = None) -> Rules:
    """Build and check a Rules object from the shape of a preset file, every
    problem of the data noted in ``found`` and raised together.
    ``strict``: also the checks added since evenings first stored their rules
    (stored rules are read with the checks they were stored under)."""
    found = found or Problems()
    if not isinstance(data, dict):
        raise RulesError(_("{origin} are not a table of rules").format(origin=origin))
    tables = _tables(data, origin, found)
    fmt = found.check(("format",), rules_format, data, origin)
    if fmt is None:
        found.raise_any(origin)
    assert fmt is not None
    texts = _texts(data, tables["sources"], origin, fmt, found)
    settings, bad = _settings(tables["rules"], f"{origin} [rules]", fmt, found)
    premiums = _entries(Premium, tables["premiums"], origin, fmt, found)
    contracts = _entries(Contract, tables["contracts"], origin, fmt, found)
    if data.get("contracts", {}) == {}:
        found.note(_("{origin}: no contracts defined").format(origin=origin))
    whole = len(contracts) == len(tables["contracts"]) and len(premiums) == len(tables["premiums"])
    if isinstance(data.get("premiums", {}), dict):
        _check_references(contracts, list(data.get("premiums", {})), origin, found)
    for s in SETTINGS:
        if s.resolve and whole:
            resolved = found.check(("rules", s.key), s.resolve, settings[s.key], contracts, origin, strict)
            settings[s.key], bad = (settings[s.key], bad | {s.key}) if resolved is None else (resolved, bad)
    rules = Rules(**texts, **settings, contracts=contracts, premiums=premiums, format=fmt)
    if strict:
        from .checks import check_consistent, check_takes_effect  # here: stored rules are read unchecked

        check_consistent(rules, origin, found, bad=bad, whole=whole)
        if fmt >= TAKES_EFFECT_FROM:
            check_takes_effect(rules, origin, found, bad)
    found.raise_any(origin)
    return rules._replace(format=RULES_FORMAT) if fmt < RULES_FORMAT and _reads_now(rules) else rules


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


def _tables(data: dict, origin: str, found: Problems) -> dict[str, dict]:
    """The tables of the data, each a table (any that is not, noted, read as
    empty), with their contracts and premiums each a table; unknown keys noted."""
    for key in data:
        if key not in TOP_KEYS:
            found.note(_unknown_key(origin, key, TOP_KEYS), (key,))
    tables = {}
    for key in _TABLES:
        tables[key] = data.get(key, {})
        if not isinstance(tables[key], dict):
            found.note(_("{origin}: '{key}' must be a table ([{key}])").format(origin=origin, key=key), (key,))
            tables[key] = {}
    for table in ("contracts", "premiums"):
        for eid, raw in tables[table].items():
            if not isinstance(raw, dict):
                found.note(
                    _("{origin}: '{table}.{eid}' must be a table ([{table}.{eid}])").format(
                        origin=origin, table=table, eid=eid
                    ),
                    (table, eid),
                )
        tables[table] = {eid: raw for eid, raw in tables[table].items() if isinstance(raw, dict)}
    return tables


def _settings(raw: dict, where: str, fmt: int, found: Problems) -> tuple[dict[str, Any], frozenset[str]]:
    """The house rules: each named one read (its earlier key as today's), the
    others as rules of format ``fmt`` that do not name them read; and the
    keys whose value could not be read (they keep that value)."""
    named = {k: v for k, v in raw.items() if k not in ALIASES}
    bad = set()
    for old, (new, alias) in ALIASES.items():
        if old in raw and new not in raw:
            named[new] = found.check(("rules", old), read_alias, alias, new, raw[old], where, fmt)
            if named[new] is None:
                bad.add(new)
    settings = {s.key: s.unnamed(fmt) for s in SETTINGS}
    for key, value in named.items():
        if key not in SETTING_BY_KEY:
            found.note(_unknown_key(where, key, SETTING_BY_KEY), ("rules", key))
        elif key not in bad:
            read = found.check(("rules", key), read_setting, SETTING_BY_KEY[key], value, fmt)
            if read is None:
                bad.add(key)
            else:
                settings[key] = read
    return settings, frozenset(bad)


def _unknown_key(where: str, key: str, known) -> str:
    return _("{where}: unknown key '{unknown}'; valid: {known}").format(
        where=where, unknown=key, known=", ".join(known)
    )


def _reads_now(rules: Rules) -> bool:
    """Whether rules read as an earlier format pass today's checks too: then
    they are today's (stored and written as such); else they keep their
    format, whose checks their values need."""
    try:
        rules_from_dict({**rules.to_dict(), "format": RULES_FORMAT})
    except RulesError:
        return False
    return True


def with_overrides(rules: Rules, overrides: list[str] | tuple[str, ...]) -> Rules:
    """Apply ``KEY=VALUE`` overrides: a house rule, or ``contract.ID.FIELD``
    / ``premium.ID.FIELD`` for one entry of the tables."""
    data = rules.to_dict()
    # A contract whose lost value is its value keeps it so: changing the value changes both, unless
    # the lost value is given too (as a rules file that leaves lost_value out).
    following = {cid for cid, c in rules.contracts.items() if c.lost_value == c.value}
    typed: set[str] = set()
    for text in overrides:
        if "=" not in text:
            raise RulesError(_("rule '{text}' needs the form KEY=VALUE, e.g. pagatkassa=3").format(text=text))
        key, _x, raw = text.partition("=")
        key, raw = key.strip().lower(), raw.strip()
        if key.startswith(("contract.", "premium.")):
            _typed_field(data, following, key, raw, text)
        else:
            if key in ALIASES:
                new, alias = ALIASES[key]
                key, raw = new, read_alias(alias, new, raw, rule_origin(text), RULES_FORMAT)
            if key not in SETTING_BY_KEY:
                raise RulesError(
                    _("unknown rule '{key}'; valid: {SETTING_BY_KEY}").format(
                        key=key, SETTING_BY_KEY=", ".join(SETTING_BY_KEY)
                    )
                )
            data["rules"][key] = read_setting(SETTING_BY_KEY[key], raw, RULES_FORMAT)
            data["sources"][key] = "--rule"
        typed.add(key)
    built = rules_from_dict(data, origin="--rule")
    if built.format < PLAYABLE_FROM:  # rules of an earlier format: what is typed today meets today's checks
        from .checks import check_consistent

        found = Problems()
        check_consistent(built, "--rule", found, typed=frozenset(typed))
        found.raise_any("--rule")
    return built


def _typed_field(data: dict, following: set[str], key: str, raw: str, text: str) -> None:
    """``contract.ID.FIELD=VALUE`` or ``premium.ID.FIELD=VALUE`` into the data of the rules."""
    table, _x, rest = key.partition(".")
    entry, _x, fname = rest.rpartition(".")
    entries = data[table + "s"]
    if entry not in entries:
        unknown = (
            _("unknown contract '{entry}' in rule '{text}'; valid: {entries}")
            if table == "contract"
            else _("unknown premium '{entry}' in rule '{text}'; valid: {entries}")
        )
        raise RulesError(unknown.format(entry=entry, text=text, entries=", ".join(entries)))
    fields = CONTRACT_FIELDS if table == "contract" else PREMIUM_FIELDS
    if fname not in fields or fname in ("id", "source"):
        valid = ", ".join(f for f in fields if f not in ("id", "source"))
        raise RulesError(
            _("unknown field '{fname}' in rule '{text}'; valid: {valid}").format(fname=fname, text=text, valid=valid)
        )
    entries[entry][fname] = typed_field(fname, raw, text)
    if table == "contract" and fname == "lost_value":
        following.discard(entry)
    elif table == "contract" and fname == "value" and entry in following:
        entries[entry]["lost_value"] = entries[entry]["value"]


def _texts(data: dict, sources: dict, origin: str, fmt: int, found: Problems) -> dict[str, Any]:
    """The rules' preset, title, source and sources: each a text (control
    characters refused) of today's format; in rules of an earlier format as
    its release took them, any value read as its text, the top three
    without a control character from BOUNDED_FROM on."""
    top = ("preset", "title", "source")
    if fmt >= PLAYABLE_FROM:
        for key in top:
            if key in data:
                found.check((key,), check_text, origin, key, data[key])
        for key, value in sources.items():
            found.check(("sources", key), check_text, f"{origin} [sources]", key, value)
    elif fmt >= BOUNDED_FROM:
        for key in top:
            if isinstance(data.get(key), str):
                found.check((key,), plain_text, origin, key, (data[key],))
    preset = data.get("preset", "custom")
    said = {"preset": preset, "title": data.get("title", preset), "source": data.get("source", "")}
    return {
        **{k: v if isinstance(v, str) else str(v) for k, v in said.items()},
        "sources": {k: v if isinstance(v, str) else str(v) for k, v in sources.items()},
    }


def _entries(cls: type, table: dict, origin: str, fmt: int, found: Problems) -> Terms:
    """The contracts or premiums that can be read, each problem of the others noted."""
    name = "contracts" if cls is Contract else "premiums"
    read = ((eid, _entry(cls, eid, dict(raw), f"{origin} [{name}.{eid}]", fmt, found)) for eid, raw in table.items())
    return Terms((eid, entry) for eid, entry in read if entry is not None)


def _entry(cls: type, eid: str, raw: dict, where: str, fmt: int, found: Problems) -> Any:
    """One contract or premium, each field checked; None where any is wrong (each noted)."""
    at, before = ("contracts" if cls is Contract else "premiums", eid), len(found.found)  # problems before it
    fields = CONTRACT_FIELDS if cls is Contract else PREMIUM_FIELDS
    known = [f for f in fields if f != "id"]
    kwargs: dict[str, Any] = {"id": eid}
    for name, (since, played) in FIELDS_ADDED.items():
        if fmt < since and name in fields:
            kwargs[name] = played
    for name, value in raw.items():
        if name not in known:
            found.note(_unknown_key(where, name, known), (*at, name))
        elif (read := found.check((*at, name), field_value, where, name, value)) is not None or value is None:
            kwargs[name] = read
    for req in ("name", "kind", "value") if cls is Contract else ("name", "kind"):
        if req not in raw:
            found.note(_("{where}: missing '{req}'").format(where=where, req=req), at)
    if len(found.found) > before:
        return None
    given = list(kwargs.items())  # the lost value that follows the value is checked with it
    if cls is Contract:
        kwargs.setdefault("lost_value", kwargs.get("value"))
    else:
        kwargs.setdefault("silent", None)
        kwargs.setdefault("announced", None)
    kind = len(found.found)
    found.check((*at, "kind"), _kind, cls, kwargs, where)
    for name, value in given:
        if name != "kind" or len(found.found) == kind:  # a kind that is none is said once
            found.check((*at, name), check_field, where, name, value, fmt)
    return cls(**kwargs) if len(found.found) == before else None


def _kind(cls: type, kwargs: dict, where: str) -> None:
    """A contract's or premium's kind, and a Trischaken's whole value."""
    kinds = CONTRACT_KINDS if cls is Contract else PREMIUM_KINDS
    if kwargs["kind"] not in kinds:
        raise RulesError(
            _("{where}: kind '{kind}' is not valid; valid: {kinds}").format(
                where=where, kind=kwargs["kind"], kinds=", ".join(kinds)
            )
        )
    if kwargs["kind"] == "trischaken" and any(isinstance(kwargs[k], Fraction) for k in ("value", "lost_value")):
        raise RulesError(
            _("{where}: a Trischaken's value must be whole (its payouts are shared out among the players)").format(
                where=where
            )
        )


def _check_references(contracts: Terms, premiums: list[str], origin: str, found: Problems) -> None:
    for c in contracts.values():
        for pid in (c.premiums or ()) + c.requires:
            if pid not in premiums:
                found.note(
                    _("{origin} [contracts.{id}]: unknown premium '{pid}'; valid: {premiums}").format(
                        origin=origin, id=c.id, pid=pid, premiums=", ".join(premiums)
                    ),
                    ("contracts", c.id, "requires" if pid in c.requires else "premiums"),
                )
