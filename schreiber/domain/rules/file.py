"""Reading rules: a preset by its name, a circle's rules file (a regular
file of at most ``RULES_FILE_MAX`` bytes, nested at most ``NESTING_MAX``
deep, TOML, maybe on a preset's ``base``), an evening's stored rules, with
any --rule changes on top."""

import json
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

from ...i18n import _
from .build import rules_format, rules_from_dict, with_overrides
from .declared import Rules
from .values import Problems, RulesError

LISTED_FIRST = ("standard", "tirol", "hausrunde", "gumpoldskirchen", "lungau")  # the order the docs use
PRESET_DIR = Path(__file__).parent.parent / "presets"  # read directly: importlib.resources costs every start-up


def _preset_names() -> tuple[str, ...]:
    """Every TOML file in presets/ is a preset: a new one needs no code."""
    found = {f.name[:-5] for f in PRESET_DIR.iterdir() if f.name.endswith(".toml")}
    return tuple(n for n in LISTED_FIRST if n in found) + tuple(sorted(found - set(LISTED_FIRST)))


PRESETS = _preset_names()
NESTING_MAX = 32  # brackets inside brackets of a rules file
RULES_FILE_MAX = 256 * 1024  # bytes: a complete rules file (rules new) is some 15 KB


def _read_toml(text: str, origin: str) -> dict:
    import tomllib  # only here: a stored evening's rules come from JSON, not TOML

    if _nesting(text) > NESTING_MAX:
        raise RulesError(
            _("{origin} nests lists or tables more than {NESTING_MAX} deep; a rules file needs 2").format(
                origin=origin, NESTING_MAX=NESTING_MAX
            )
        )
    try:
        return tomllib.loads(text, parse_float=Decimal)  # a value such as 2.5 read exactly, never as a float
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(_("{origin} is not valid TOML: {exc}").format(origin=origin, exc=exc)) from None
    except RecursionError:  # pragma: no cover - the nesting limit comes first
        raise RulesError(_("{origin} nests too deep").format(origin=origin)) from None


def _nesting(text: str) -> int:
    """How deep brackets and braces nest outside strings and comments (at
    most: an unclosed string ends the count, TOML then refuses it)."""
    depth = deepest = 0
    quote = ""
    i = 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 1
            elif ch == quote or ch == "\n":
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            while i < len(text) and text[i] != "\n":
                i += 1
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth = max(0, depth - 1)
        i += 1
    return deepest


def _merge(base: dict, top: dict) -> dict:
    out = dict(base)
    for key, value in top.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _resolve(data: dict, origin: str, seen: tuple = ()) -> dict:
    """A rules file may name `base = "PRESET"` and change only what differs."""
    base = data.get("base")
    if not base:
        return data
    if base in seen or base not in PRESETS:
        raise RulesError(
            _("{origin}: base '{base}' is not a preset; valid: {PRESETS}").format(
                origin=origin, base=base, PRESETS=", ".join(PRESETS)
            )
        )
    parent = _resolve(preset_data(base), base, seen + (base,))
    merged = _merge(parent, {k: v for k, v in data.items() if k != "base"})
    # Sources of the parent's settings stay unless the child sets the value; the format is the child's.
    merged["format"] = rules_format(data, origin)
    return merged


def preset_data(name: str) -> dict:
    if name not in PRESETS:
        raise RulesError(_("unknown preset '{name}'; valid: {PRESETS}").format(name=name, PRESETS=", ".join(PRESETS)))
    from .sources import read_source  # here: stored rules (every hand) need no preset's sources

    text = (PRESET_DIR / f"{name}.toml").read_text(encoding="utf-8")
    data = _read_toml(text, _("preset {name}").format(name=name))
    return _with_sources(data, read_source)


def _with_sources(data: dict, read: Callable[[Any], Any]) -> dict:
    """The data with each source (of a house rule, a contract, a premium) as ``read`` reads it."""
    if isinstance(data.get("sources"), dict):
        data["sources"] = {key: read(source) for key, source in data["sources"].items()}
    for table in ("contracts", "premiums"):
        for entry in data.get(table, {}).values() if isinstance(data.get(table), dict) else ():
            if isinstance(entry, dict) and "source" in entry:
                entry["source"] = read(entry["source"])
    return data


def load_preset(name: str) -> Rules:
    return rules_from_dict(_resolve(preset_data(name), name), origin=_("preset {name}").format(name=name))


def read_rules_text(p: Path) -> str:
    """The text of a rules file: a regular file only (no device, pipe or folder), at most ``RULES_FILE_MAX``."""
    import os
    import stat

    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a pipe opens at once, then is refused
    except OSError as exc:
        raise RulesError(_("cannot read rules file {p}: {strerror}").format(p=p, strerror=exc.strerror)) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise RulesError(
            _("rules file {p} is not a regular file (a folder, a device or a pipe); give a .toml file"), p=p
        )
    with os.fdopen(fd, "rb") as f:
        data = f.read(RULES_FILE_MAX + 1)
    if len(data) > RULES_FILE_MAX:
        raise RulesError(
            _(
                "rules file {p} is larger than {kb} KB, more than a rules file can be; give the circle's .toml file"
            ).format(p=p, kb=RULES_FILE_MAX // 1024)
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RulesError(_("rules file {p} is not UTF-8 text").format(p=p)) from None


def load_rules_file(path: str | Path) -> Rules:
    p = Path(path)
    text = read_rules_text(p)
    origin = _("rules file {p}").format(p=p)
    read = _read_toml(text, origin)
    named, data = _named_preset(read, text), _resolve(read, origin)
    if named is not None:
        data = _as_the_preset_says(data, named)
    found = Problems(key_lines(text))
    if "made_from" in data and data["made_from"] not in PRESETS:
        found.note(
            _("{origin}: made_from '{name}' is not a preset; valid: {PRESETS}").format(
                origin=origin, name=data["made_from"], PRESETS=", ".join(PRESETS)
            ),
            ("made_from",),
        )
    return rules_from_dict(data, origin=origin, found=found)


def key_lines(text: str) -> Callable[[tuple], int | None]:
    """Where a problem of a rules file stands: the line of a key by its path
    (("rules", "deck_points"), ("contracts", "rufer", "tricks")), else of its
    contract's or premium's table; None for a key the file does not name."""
    import re

    header_line = re.compile(r"\s*\[\s*([^\[\]]+?)\s*\]\s*(?:#.*)?")
    key_line = re.compile(r"\s*(\"[^\"]*\"|'[^']*'|[A-Za-z0-9_-]+)\s*=")
    lines: dict[tuple, int] = {}
    table: tuple = ()
    for n, line in enumerate(text.splitlines(), 1):
        if header := header_line.fullmatch(line):
            table = tuple(part.strip().strip("\"'") for part in header[1].split("."))
            lines.setdefault(table, n)
        elif key := key_line.match(line):
            lines.setdefault((*table, key[1].strip("\"'")), n)
    return lambda at: lines.get(at) or (lines.get(at[:2]) if len(at) == 3 else None)


# The first line every ``rules new`` wrote before files said ``made_from``.
_EARLIER_FIRST_LINE = r"# Rules of the circle '[\w-]{1,60}', made from the preset '([\w-]{1,60})'\.\n"


def rules_file_base(path: str | Path) -> str | None:
    """The preset a rules file starts from, for ``rules show`` to mark what the
    file changes: its ``base``, its ``made_from`` (``rules new``), or in a file
    an earlier ``rules new`` wrote, the preset its first line names; None where
    the file names none."""
    p = Path(path)
    text = read_rules_text(p)
    return _named_preset(_read_toml(text, _("rules file {p}").format(p=p)), text)


def _named_preset(data: dict, text: str) -> str | None:
    import re

    for key in ("base", "made_from"):
        if isinstance(data.get(key), str) and data[key] in PRESETS:
            return str(data[key])
    earlier = re.match(_EARLIER_FIRST_LINE, text)
    return earlier[1] if earlier and earlier[1] in PRESETS else None


def _as_the_preset_says(data: dict, preset: str) -> dict:
    """The data with each source that ``preset`` says word for word as the
    preset's (said in the screen's language as the preset's is)."""
    from .sources import Source

    known = {str(s): s for s in _sources(_resolve(preset_data(preset), preset)) if isinstance(s, Source)}
    return _with_sources(data, lambda source: known.get(source, source) if isinstance(source, str) else source)


def _sources(data: dict) -> list[Any]:
    """Every source of the data: of its house rules, contracts and premiums."""
    entries = [e for table in ("contracts", "premiums") for e in data.get(table, {}).values()]
    return [*data.get("sources", {}).values(), *(e["source"] for e in entries if "source" in e)]


def load_rules(name_or_path: str, overrides: list[str] | tuple[str, ...] = ()) -> Rules:
    """A preset by name, or a rules file by path, with overrides applied."""
    if name_or_path in PRESETS:
        rules = load_preset(name_or_path)
    elif name_or_path.endswith(".toml") or Path(name_or_path).exists():
        rules = load_rules_file(name_or_path)
    else:
        raise RulesError(
            _("unknown preset '{name_or_path}'; valid: {PRESETS} (or a .toml rules file)").format(
                name_or_path=name_or_path, PRESETS=", ".join(PRESETS)
            )
        )
    return with_overrides(rules, list(overrides)) if overrides else rules


def rules_from_json(text: str) -> Rules:
    """An evening's stored rules (read with the checks they were stored under)."""
    if not isinstance(text, (str, bytes, bytearray)):  # a ledger's cell may hold any type
        raise RulesError(_("stored rules are not JSON"))
    try:
        data = json.loads(text, parse_float=Decimal)
    except ValueError:
        raise RulesError(_("stored rules are not JSON")) from None
    return rules_from_dict(data, origin=_("stored rules"), strict=False)


def bidding_order(rules: Rules) -> list[str]:
    """The active contracts in the order a table bids them: the cheapest
    king-calling contract (the Rufer) first, then as the rules list them.
    Rules an earlier release stored list them by id: those go as their
    preset lists them (by a preset's name only: a stored name is never a
    path to read), else by value."""
    contracts = rules.active_contracts
    order = list(contracts)
    if order == sorted(order):  # sorted by id, as an earlier release stored them
        listed = list(load_preset(rules.preset).contracts) if rules.preset in PRESETS else []
        rank = {cid: i for i, cid in enumerate(listed)}
        order.sort(key=lambda cid: (rank.get(cid, len(rank)), contracts[cid].value, cid))
    calling = [cid for cid in order if contracts[cid].call]
    first = min(calling, key=lambda cid: (contracts[cid].value, order.index(cid))) if calling else None
    return ([first] if first else []) + [cid for cid in order if cid != first]
