"""The command line: the global options and every command, which typer builds
when a command line names it. ``MODULES`` says which modules register each
top-level command or group, so a command line imports only those.
"""

from __future__ import annotations

import importlib
from typing import Annotated, Any

import typer
import typer.main

from ..i18n import _, choose, german, language
from ..interrupt import started
from .root import OPTS, Group, app, echo, translate_help
from .typer_words import speak

MODULES: dict[str, tuple[str, ...]] = {  # in the order of the command line's help
    "backup": ("backup",),
    "check": ("backup",),
    "radl": ("hand",),
    "undo": ("hand",),
    "redeal": ("hand",),
    "strafpunkt": ("hand",),
    "export": ("export_import",),
    "merge": ("merge",),
    "settle": ("money",),
    "publish": ("publish",),
    "serve": ("serve",),
    "balance": ("report",),
    "sheet": ("report",),
    "stats": ("stats",),
    "chart": ("stats",),
    "tisch": ("tisch",),
    "cup": ("cup",),
    "evening": ("evening", "money"),
    "hand": ("hand", "export_import"),
    "entry": ("hand",),
    "player": ("hand",),
    "rules": ("rules",),
}


def command(name: str) -> Any:
    """The command typer builds for the top-level command or group ``name``, or None."""
    for module in MODULES.get(name, ()):
        importlib.import_module(f"{__package__}.{module}")
    one = typer.Typer(add_completion=False, rich_markup_mode=None, cls=Group)
    one.registered_commands += [c for c in app.registered_commands if c.name == name]
    one.registered_groups += [g for g in app.registered_groups if g.name == name]
    if not (one.registered_commands or one.registered_groups):
        return None
    if german():
        translate_help(one)
    built = typer.main.get_command(one)
    return built.commands[name] if one.registered_groups else built  # type: ignore[attr-defined]


class Root(Group):
    """The top of the command line: each command built when it is named."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.language = language()  # of its own help texts

    def list_commands(self, ctx: Any) -> list[str]:
        return list(MODULES)

    def get_command(self, ctx: Any, name: str) -> Any:
        if name not in self.commands:
            found = command(name)
            if found is None:
                return None
            self.add_command(found, name)
        return self.commands[name]

    def format_help(self, ctx: Any, formatter: Any) -> None:
        if self.language != language():  # --lang chose another language than its texts were read in
            typer.main.get_command(main_app()).format_help(ctx, formatter)
        else:
            super().format_help(ctx, formatter)


def typed(ctx: typer.Context, name: str, value: str | None) -> str | None:
    """An option's value where it was typed; None where it came from the environment."""
    source = ctx.get_parameter_source(name)
    return value if source is not None and source.name == "COMMANDLINE" else None


def _chosen(ctx: typer.Context, param: Any, lang: str | None) -> str | None:
    """The screen's language, from --lang (else SCHREIBER_LANG, else the
    locale), before any command's help is read."""
    speak(choose(typed(ctx, "lang", lang)))
    started()
    return lang


def _root(
    ctx: typer.Context,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            envvar="SCHREIBER_DB",
            metavar=_("FILE"),
            help=_("Ledger file (default: in the user's app directory)."),
        ),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            envvar="SCHREIBER_LANG",
            metavar="de|en",
            is_eager=True,
            callback=_chosen,
            help=_("Language of the screens: de or en (default: the locale's, German for de_AT, de_DE, ...)."),
        ),
    ] = None,
    version: Annotated[bool, typer.Option("--version", help=_("Show the version and exit."))] = False,
) -> None:
    OPTS.db = typed(ctx, "db", db)
    if version:
        from .. import __version__

        echo(f"schreiber {__version__}")
        raise typer.Exit()
    if ctx.invoked_subcommand is None:
        from .report import show_default

        show_default()


def main_app() -> typer.Typer:
    """The whole command line, its own texts in the screen's language."""
    top = typer.Typer(
        cls=Root,
        help=_(
            "schreiber: the scorekeeper (Schreiber) for Tarock Königrufen.\n\n"
            "Start an evening, enter hands, read the sheet, settle in cash."
        ),
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )
    top.callback(invoke_without_command=True)(_root)
    return top
