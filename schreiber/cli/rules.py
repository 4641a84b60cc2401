"""`schreiber rules ...`: the presets, their values, and a circle's own rules file."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import SchreiberError
from ..i18n import N_, _
from .errors import one_line
from .options import json_option
from .paths import app_dir
from .root import echo, print_json, writable_target, writing, wrote

if TYPE_CHECKING:
    from ..domain.rules import Rules


def rules_dir() -> Path:
    """Where `rules new` keeps a circle's files (beside the default ledger)."""
    return app_dir() / "rules"


def resolve(name: str) -> str:
    """A preset name, a file in the rules folder (by name), or a path."""
    from ..domain.rules import PRESETS

    if name in PRESETS:
        return name
    own = rules_dir() / (name if name.endswith(".toml") else f"{name}.toml")
    if own.exists() and not Path(name).exists():
        return str(own)
    return name


def list_rules() -> None:
    """The presets and the circle's own rules files."""
    from ..domain.rules import PRESETS, load_preset

    for p in PRESETS:
        r = load_preset(p)
        echo(f"{p:<16} {r.title}  " + _("(source: {source})").format(source=r.source))
    own = sorted(rules_dir().glob("*.toml")) if rules_dir().exists() else []
    for f in own:
        echo(f"{f.stem:<16} " + _("own rules file {file}").format(file=f))
    if not own:
        echo(_("\nMake your circle's own: schreiber rules new NAME --from PRESET"))


def show(
    name: Annotated[str, typer.Argument(metavar=_("RULES"), help=_("Preset or rules file."))],
    rule: Annotated[
        list[str] | None, typer.Option("--rule", metavar=_("KEY=VALUE"), help=_("Show with an override KEY=VALUE."))
    ] = None,
    markdown: Annotated[
        bool, typer.Option("--markdown", help=_("The documentation page (docs/rules/PRESET.md)."))
    ] = False,
    json_out: Annotated[bool, json_option(_("Everything as JSON."))] = False,
) -> None:
    """Every contract, premium and house rule of a preset: value, meaning, source.

    Example: schreiber rules show tirol --rule pagatkassa=3
    """
    from ..domain.rules import load_rules, with_overrides

    path = resolve(name)
    written = load_rules(path)
    r = with_overrides(written, rule) if rule else written
    if json_out:
        print_json(r.to_dict())
        return
    made_from, file = _made_from(path)
    r = _marked(r, written, rule, made_from, file)
    if markdown:
        from ..reports.rules_page import rules_markdown

        echo(rules_markdown(r, file, made_from), nl=False, whole=True)
        return
    _print_rules(r, made_from, file)


def _made_from(path: str) -> tuple[str | None, str | None]:
    """The preset a rules file was made from and the file's name; (None, None) for a preset."""
    from ..domain.rules import PRESETS, rules_file_base

    if path in PRESETS:
        return None, None
    return rules_file_base(path), Path(path).name


def _marked(r: Rules, written: Rules, rule: list[str] | None, made_from: str | None, file: str | None) -> Rules:
    """Every value that differs from what the rules were made from cites where
    it changed: --rule, else the rules file (against the preset it was made from)."""
    from ..domain.rules import load_preset
    from ..reports.rules_page import marked

    layers = [(written, "--rule")] if rule else []
    if made_from and file:
        layers.append((load_preset(made_from), file))
    return marked(r, *layers)


KIND_WORDS = {"positive": N_("positive"), "negative": N_("negative")}  # a contract's kind on the screen


def _print_rules(r: Rules, made_from: str | None = None, file: str | None = None) -> None:
    """Contracts, premiums and house rules in the screen's language, within the
    terminal's width (80 columns without one); ids and keys as a rules file
    writes them, a contract's kind in the screen's words (``KIND_WORDS``)."""
    from ..domain.rules import CONTRACT_NOTES
    from ..domain.rules.sources import source_said
    from ..render import fit, fitted_table, wrapped_table
    from .report import screen_width

    width = screen_width() or 80
    yes, off = _("yes"), _("off")
    head = f"{r.preset}: {r.title} " + _("(source: {source})").format(source=r.source)
    if made_from and file:
        head += "\n" + _(
            "Made from the preset {preset}: a value that differs from it names {file} as its source."
        ).format(preset=made_from, file=file)
    echo(fit(head, width) + "\n")
    rows: list[list] = [
        [c.id, c.name, _(KIND_WORDS.get(c.kind, c.kind)), c.value, c.lost_value, yes if c.call else "", "Vh" if c.vorhand else "",
         c.premium_factor if c.premium_factor != 1 else "", "" if c.enabled else off]
        for c in r.contracts.values()
    ]  # fmt: skip
    headers = ["id", _("contract"), _("kind"), _("won"), _("lost"), _("king"), _("only"), _("premiums x"), ""]
    echo(fitted_table(headers, rows, width=width) + "\n")
    for key, meaning in CONTRACT_NOTES.items():
        ids = [c.id for c in r.contracts.values() if getattr(c, key)]
        if ids:
            echo(fit(f"{key} ({', '.join(ids)}): {_(meaning)}", width) + "\n")
    echo(
        wrapped_table(["id", _("source")], [[c.id, source_said(c.source)] for c in r.contracts.values()], width) + "\n"
    )
    side = {"declarer": _("declarer"), "opponents": _("opponents"), None: ""}
    rows = [[p.id, p.name, p.silent, p.announced, side[p.party], "" if p.enabled else off] for p in r.premiums.values()]
    echo(fitted_table(["id", _("premium"), _("silent"), _("announced"), _("only for"), ""], rows, width=width) + "\n")
    echo(wrapped_table(["id", _("source")], [[p.id, source_said(p.source)] for p in r.premiums.values()], width) + "\n")
    _print_house_rules(r, width)


def _print_house_rules(r: Rules, width: int) -> None:
    """Each house rule as ``key = value`` (as --rule takes it), its meaning
    and its source wrapped under it, within ``width`` columns (a value that
    would pass it goes on the line under its key)."""
    import textwrap

    from ..domain.rules import SETTINGS
    from ..domain.rules.sources import source_said
    from ..render import columns, fit

    rule, value = _("rule"), _("value")
    keys = max(len(rule), *(len(s.key) for s in SETTINGS))
    echo(f"{rule:<{keys}}   {value}")
    echo(f"{'-' * keys}   {'-' * max(len(value), min(15, width - keys - 3))}")
    for s in SETTINGS:
        said = f"{s.key:<{keys}} = {_with_played(r, s.key)}".rstrip()
        echo(said if columns(said) <= width else fit(f"{s.key} = {_with_played(r, s.key)}", width))
        source = source_said(r.sources[s.key]) if s.key in r.sources else _("default")
        for text in (_(s.meaning), _("source: {source}").format(source=source)):
            kept = text.replace(" = ", "\xa0=\xa0")  # "key = value" never broken at its "="
            said = textwrap.fill(
                kept,
                width,
                initial_indent="    ",
                subsequent_indent="    ",
                break_on_hyphens=False,
                break_long_words=False,
            )
            echo(said.replace("\xa0=\xa0", " = "))


def _with_played(r: Rules, key: str) -> str:
    """A rule's value as the screen says it (yes/no, a list joined); a
    Trischaken payout key left to the scheme with what the scheme plays
    beside it: 'scheme ("all")', "0 (2)"."""
    value, played = r.setting(key), r.played(key)
    if played in (None, value):
        return _word(value)
    return f'{_word(value)} ("{played}")' if isinstance(played, str) else f"{_word(value)} ({_word(played)})"


def _word(value: object) -> str:
    from ..render import cell

    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value))
    return cell(value)


def rules_toml(r: Rules, name: str, base: str, made_from: str | None = None) -> str:
    """A complete rules file the circle can edit, its comments in the screen's
    language. A contract's lost value is written only where it differs from
    its value: left out, it follows the value (changing the value changes
    both). ``made_from``: the preset the file starts from, which ``rules
    show`` marks every changed value against."""
    from ..domain.rules import SETTINGS
    from ..domain.rules.values import as_written

    out = [
        "# " + _("Rules of the circle '{name}', made from the preset '{base}'.").format(name=name, base=base),
        "# " + _("Change any value; unknown keys are refused. Start an evening with:"),
        f"#   schreiber evening start A B C D --rules {name}",
        "# " + _("An evening keeps the rules it was played under: later edits never change it."),
        "# "
        + _("A contract's lost_value is written only where a lost game counts otherwise: left out, it is the value."),
        "# " + _("The rules format this file was written in: a later schreiber reads it as it was meant."),
        f"format = {r.format}",  # today's, unless a value needs the checks of the format it was read as
    ]
    if made_from:
        out += [
            "# "
            + _(
                "The preset this file was made from: schreiber rules show names this file as the source of every value that differs from it."
            ),
            f"made_from = {as_written(made_from)}",
        ]
    out += [
        f'preset = "{name}"',
        f"title = {as_written(r.title + ' (' + name + ')')}",
        f"source = {as_written(r.source)}",
        "",
        "[rules]",
    ]
    for s in SETTINGS:
        out.append(f"# {_(s.meaning)}" + (f" ({' | '.join(s.choices)})" if s.choices else ""))
        out.append(f"{s.key} = {as_written(r.setting(s.key))}")
    out += ["", "[sources]"] + [f"{k} = {as_written(v)}" for k, v in r.sources.items()]
    for table_name, entries in (("contracts", r.contracts), ("premiums", r.premiums)):
        for e in entries.values():
            out += ["", f"[{table_name}.{e.id}]"]
            fields = e._asdict()
            for k, v in fields.items():
                if k == "id" or v is None or (k == "lost_value" and v == fields["value"]):
                    continue  # a lost value that is the value follows it
                out.append(f"{k} = {as_written(v)}")
    return "\n".join(out) + "\n"


def new(
    name: Annotated[str, typer.Argument(metavar=_("NAME"), help=_("Name of the circle's rules, e.g. stammtisch."))],
    base: Annotated[str, typer.Option("--from", help=_("The preset to start from."))] = "standard",
    out: Annotated[
        Path | None, typer.Option("--out", help=_("Where to write the file (default: the rules folder)."))
    ] = None,
    force: Annotated[bool, typer.Option("--force", help=_("Overwrite an existing file."))] = False,
) -> None:
    """Write a rules file to edit, with every value of a preset.

    Example: schreiber rules new stammtisch --from hausrunde
    """
    import re

    from ..domain.rules import PRESETS, load_rules, load_rules_file, rules_file_base

    if not re.fullmatch(r"[\w-]{1,60}", name) or name in PRESETS:
        raise SchreiberError(
            _("'{name}' is not a usable name: use 1 to 60 letters, digits and dashes, and not a preset's name").format(
                name=name[:60]
            )
        )
    source = resolve(base)
    r = load_rules(source)
    target = writable_target(out or rules_dir() / f"{name}.toml", "rules", ".toml", a_file=True)
    if target.exists() and not force:
        raise SchreiberError(_("{target} exists already; edit it, or add --force to overwrite it"), target=target)
    text = rules_toml(r, name, r.preset, source if source in PRESETS else rules_file_base(source))
    from ..ledger.targets import write_text

    with writing(_("cannot write {target}: {strerror}; give another --out"), target=target):
        target.parent.mkdir(parents=True, exist_ok=True)
        write_text(target, text)
    load_rules_file(wrote(target))  # what we wrote must load back
    echo(one_line(_("Wrote {target}.").format(target=target)))  # the path on a line of its own
    from .report import fitted

    then = _("Edit it, then: schreiber evening start A B C D --rules {rules}").format(rules=name if not out else target)
    echo(fitted(one_line(then), ": "))  # on a narrow terminal the command on a line of its own
