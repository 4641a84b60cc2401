"""One Markdown page per rules object: every value with the line it comes from."""

from __future__ import annotations

from fractions import Fraction

from ..domain.rules import SETTINGS, Rules, value_text


def _cell(v) -> str:
    if v is None:
        return "–"
    if isinstance(v, Fraction):
        return value_text(v)
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, (list, tuple)):
        return ", ".join(map(str, v)) or "–"
    return str(v).replace("|", "\\|")


def setting_cell(rules: Rules, key: str) -> str:
    """A house rule's value; a Trischaken payout key left to the scheme
    with what the scheme plays beside it: "scheme (all)", "0 (2)"."""
    value = rules.setting(key)
    played = rules.played(key)
    return _cell(value) if played in (None, value) else f"{_cell(value)} ({_cell(played)})"


def rules_markdown(rules: Rules) -> str:
    out = [f"# Preset `{rules.preset}`: {rules.title}", ""]
    out.append(
        f"Source: `../shared/rules/{rules.source}` (cited as "
        + ("`file §section`" if rules.source.endswith(".md") else "`file:line`")
        + "); where it is silent, "
        "`../shared/rules/RULINGS.md` decides. Generated from "
        f"`schreiber/domain/presets/{rules.preset}.toml` by `schreiber rules show {rules.preset} --markdown`."
    )
    out += [
        "",
        "## Contracts",
        "",
        "| id | name | kind | won | lost | king called | Vorhand only | premiums x | conceding | source |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for c in rules.contracts.values():
        kind = c.kind + (f" ({c.tricks} tricks)" if c.tricks is not None else "")
        if not c.enabled:
            kind += ", off"
        elif c.optional:
            kind += ", optional"
        factor = str(c.premium_factor) + (f" (lost x{c.lost_factor})" if c.lost_factor != 1 else "")
        out.append(
            f"| `{c.id}` | {c.name} | {kind} | {_cell(c.value)} | {_cell(c.lost_value)} | {_cell(c.call)} | "
            f"{_cell(c.vorhand)} | {factor} | {_cell(c.concede)} | {c.source} |"
        )
    out += [
        "",
        "Aliases: " + "; ".join(f"`{c.id}`: {', '.join(c.aliases)}" for c in rules.contracts.values() if c.aliases),
        "",
    ]
    out += [
        "## Premiums",
        "",
        "| id | name | kind | silent | announced | only for | source |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for p in rules.premiums.values():
        out.append(
            f"| `{p.id}` | {p.name} | {p.kind}{', optional' if p.optional else ''} | {_cell(p.silent)} | "
            f"{_cell(p.announced)} | {_cell(p.party)} | {p.source} |"
        )
    limited = [c for c in rules.contracts.values() if c.premiums is not None]
    if limited:
        out += [""] + [f"- In {c.name} only: {', '.join(c.premiums or ())}." for c in limited]
    out += [
        "- Negative contracts and Trischaken have no premiums."
        if any(c.kind != "positive" for c in rules.contracts.values())
        else ""
    ]
    out += ["", "## House rules", "", "| key | value | meaning | source |", "| --- | --- | --- | --- |"]
    for s in SETTINGS:
        src = rules.sources.get(s.key, "default (not in the document)")
        out.append(f"| `{s.key}` | {setting_cell(rules, s.key)} | {s.meaning} | {src} |")
    notes = {k: v for k, v in rules.sources.items() if k not in {s.key for s in SETTINGS}}
    if notes:
        out += ["", "## Notes", ""] + [f"- {k}: {v}" for k, v in notes.items()]
    out.append("")
    return "\n".join(out)
