"""Rules built from their data (a preset's or rules file's tables, an
evening's stored rules, a change typed with --rule): each value read as its
rule declares, the contracts and premiums field by field, then the rules
checked as a whole; an unknown key is an error that lists the known ones."""

from fractions import Fraction
from typing import Any

from ...i18n import _
from ..names import Terms
from .checks import PLAYABLE_FROM, TAKES_EFFECT_FROM, check_consistent, check_takes_effect, rules_format
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


def rules_from_dict(data: dict, origin: str = "rules", strict: bool = True) -> Rules:
    """Build and check a Rules object from the shape of a preset file.
    ``strict``: also the checks added since evenings first stored their rules
    (stored rules are read with the checks they were stored under)."""
    _check_shape(data, origin)
    fmt = rules_format(data, origin)
    texts = _texts(data, origin, fmt)
    raw_settings = _current_keys(data.get("rules", {}), f"{origin} [rules]", fmt)
    _check_keys(raw_settings, list(SETTING_BY_KEY), f"{origin} [rules]")
    settings = {s.key: s.unnamed(fmt) for s in SETTINGS}
    for key, value in raw_settings.items():
        settings[key] = read_setting(SETTING_BY_KEY[key], value, fmt)
    premiums = Terms(
        (pid, _entry(Premium, pid, dict(raw), f"{origin} [premiums.{pid}]", fmt))
        for pid, raw in data.get("premiums", {}).items()
    )
    contracts = Terms(
        (cid, _entry(Contract, cid, dict(raw), f"{origin} [contracts.{cid}]", fmt))
        for cid, raw in data.get("contracts", {}).items()
    )
    if not contracts:
        raise RulesError(_("{origin}: no contracts defined").format(origin=origin))
    _check_references(contracts, premiums, origin)
    for s in SETTINGS:
        if s.resolve:
            settings[s.key] = s.resolve(settings[s.key], contracts, origin, strict)
    rules = Rules(**texts, **settings, contracts=contracts, premiums=premiums, format=fmt)
    if strict:
        check_consistent(rules, origin)
        if fmt >= TAKES_EFFECT_FROM:
            check_takes_effect(rules, origin)
    return rules._replace(format=RULES_FORMAT) if fmt < RULES_FORMAT and _reads_now(rules) else rules


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
        check_consistent(built, "--rule", frozenset(typed))
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


def _current_keys(raw: dict, where: str, fmt: int) -> dict:
    """A [rules] table with the keys of earlier releases read as today's (Rule.alias)."""
    out = {k: v for k, v in raw.items() if k not in ALIASES}
    for old, (new, alias) in ALIASES.items():
        if old in raw and new not in raw:
            out[new] = read_alias(alias, new, raw[old], where, fmt)
    return out


def _check_keys(got: dict, known, where: str) -> None:
    unknown = [k for k in got if k not in known]
    if unknown:
        raise RulesError(
            _("{where}: unknown key '{unknown}'; valid: {known}").format(
                where=where, unknown=unknown[0], known=", ".join(known)
            )
        )


def _check_shape(data: object, origin: str) -> None:
    """Tables where tables belong, text where text belongs (refused in one line, never half read)."""
    if not isinstance(data, dict):
        raise RulesError(_("{origin} are not a table of rules").format(origin=origin))
    _check_keys(data, TOP_KEYS, origin)
    for key in _TABLES:
        if not isinstance(data.get(key, {}), dict):
            raise RulesError(_("{origin}: '{key}' must be a table ([{key}])").format(origin=origin, key=key))
    for table in ("contracts", "premiums"):
        for eid, raw in data.get(table, {}).items():
            if not isinstance(raw, dict):
                raise RulesError(
                    _("{origin}: '{table}.{eid}' must be a table ([{table}.{eid}])").format(
                        origin=origin, table=table, eid=eid
                    )
                )


def _texts(data: dict, origin: str, fmt: int) -> dict[str, Any]:
    """The rules' preset, title, source and sources: each a text (control
    characters refused) of today's format; in rules of an earlier format as
    its release took them, any value read as its text, the top three
    without a control character from BOUNDED_FROM on."""
    top = ("preset", "title", "source")
    if fmt >= PLAYABLE_FROM:
        for key in top:
            if key in data:
                check_text(origin, key, data[key])
        for key, value in data.get("sources", {}).items():
            check_text(f"{origin} [sources]", key, value)
    elif fmt >= BOUNDED_FROM:
        for key in top:
            if isinstance(data.get(key), str):
                plain_text(origin, key, (data[key],))
    preset = data.get("preset", "custom")
    said = {"preset": preset, "title": data.get("title", preset), "source": data.get("source", "")}
    return {
        **{k: v if isinstance(v, str) else str(v) for k, v in said.items()},
        "sources": {k: v if isinstance(v, str) else str(v) for k, v in data.get("sources", {}).items()},
    }


def _entry(cls: type, eid: str, raw: dict, where: str, fmt: int) -> Any:
    """One contract or premium, each field checked."""
    fields = cls._fields  # type: ignore[attr-defined]
    _check_keys(raw, [f for f in fields if f != "id"], where)
    kwargs: dict[str, Any] = {"id": eid}
    for name, (since, before) in FIELDS_ADDED.items():
        if fmt < since and name in fields:
            kwargs[name] = before
    for name, value in raw.items():
        kwargs[name] = field_value(where, name, value)
    for req in ("name", "kind", "value") if cls is Contract else ("name", "kind"):
        if req not in kwargs:
            raise RulesError(_("{where}: missing '{req}'"), where=where, req=req)
    if cls is Contract:
        kwargs.setdefault("lost_value", kwargs.get("value"))
        if kwargs["kind"] not in CONTRACT_KINDS:
            raise RulesError(
                _("{where}: kind '{kind}' is not valid; valid: {CONTRACT_KINDS}").format(
                    where=where, kind=kwargs["kind"], CONTRACT_KINDS=", ".join(CONTRACT_KINDS)
                )
            )
        if kwargs["kind"] == "trischaken" and any(isinstance(kwargs[k], Fraction) for k in ("value", "lost_value")):
            raise RulesError(
                _("{where}: a Trischaken's value must be whole (its payouts are shared out among the players)").format(
                    where=where
                )
            )
    else:
        kwargs.setdefault("silent", None)
        kwargs.setdefault("announced", None)
        if kwargs["kind"] not in PREMIUM_KINDS:
            raise RulesError(
                _("{where}: kind '{kind}' is not valid; valid: {PREMIUM_KINDS}").format(
                    where=where, kind=kwargs["kind"], PREMIUM_KINDS=", ".join(PREMIUM_KINDS)
                )
            )
    for name, value in kwargs.items():
        check_field(where, name, value, fmt)
    return cls(**kwargs)


def _check_references(contracts: dict, premiums: dict, origin: str) -> None:
    for c in contracts.values():
        for pid in (c.premiums or ()) + c.requires:
            if pid not in premiums:
                raise RulesError(
                    _("{origin} [contracts.{id}]: unknown premium '{pid}'; valid: {premiums}").format(
                        origin=origin, id=c.id, pid=pid, premiums=", ".join(premiums)
                    )
                )
