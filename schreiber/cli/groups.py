"""The command line: the global options and the one declaration of every
command (``COMMANDS``: its name, where its function is, its group), which
the console script, the shell's completion and every help page read. typer
builds a command when a command line names it, its module imported then.
"""

from __future__ import annotations

import importlib
from typing import Annotated, Any

import typer
import typer.main

from ..i18n import N_, _, choose, german, language
from ..interrupt import started
from .root import OPTS, Command, Group, echo, translate_help
from .typer_words import speak

# Each command: its module and function ("module:function"); a group: its
# help and its commands. In the order of the command line's help.
COMMANDS: dict[str, str | tuple[str, dict[str, str]]] = {
    "backup": "backup:backup",
    "check": "backup:check",
    "radl": "hand:radl",
    "undo": "hand:undo",
    "redeal": "hand:redeal",
    "strafpunkt": "hand:strafpunkt",
    "export": "export_import:export",
    "merge": "merge:merge",
    "settle": "money:settle",
    "publish": "publish:publish",
    "serve": "serve:serve",
    "balance": "report:balance",
    "sheet": "report:sheet",
    "stats": "stats:stats",
    "chart": "stats:chart",
    "tisch": "tisch:tisch",
    "cup": (
        N_("A tournament (Tarockcup): players drawn to tables for each round, ranked by the Schrift."),
        {
            "start": "cup:start",
            "draw": "cup:draw",
            "status": "cup:status",
            "standings": "cup:standings",
            "score": "cup:score",
            "finish": "cup:finish",
            "table": "cup:table_copy",
            "season": "cup:season",
            "publish": "cup:publish",
            "list": "cup:list_cups",
        },
    ),
    "evening": (
        N_("Start, list, close and reopen evenings."),
        {
            "start": "evening:start",
            "list": "evening:list_evenings",
            "close": "evening:close",
            "reopen": "evening:reopen",
            "tarif": "money:tarif",
        },
    ),
    "hand": (
        N_("Enter hands."),
        {"add": "hand:add", "void": "hand:void", "edit": "hand:edit", "import": "export_import:import_hands"},
    ),
    "entry": (N_("Any entry of the sheet: hands, Radl starts, redeals, Strafpunkte."), {"void": "hand:entry_void"}),
    "player": (N_("Players across evenings."), {"list": "hand:player_list", "rename": "hand:player_rename"}),
    "rules": (
        N_("Presets and a circle's own rules files."),
        {"list": "rules:list_rules", "show": "rules:show", "new": "rules:new"},
    ),
}
IN_NOTATION = ("hand:add", "hand:edit")  # a hand in short notation: a word of it that begins with a dash is no option


def command(name: str) -> Any:
    """The command typer builds for the top-level command or group ``name``
    (its modules imported now), or None."""
    declared = COMMANDS.get(name)
    if declared is None:
        return None
    one = typer.Typer(add_completion=False, rich_markup_mode=None, cls=Group)
    if isinstance(declared, str):
        _register(one, name, declared)
    else:
        about, commands = declared
        group = typer.Typer(cls=Group, help=_(about), no_args_is_help=True)
        for sub, where in commands.items():
            _register(group, sub, where)
        one.add_typer(group, name=name)
    if german():
        translate_help(one)
    built = typer.main.get_command(one)
    return built if isinstance(declared, str) else built.commands[name]  # type: ignore[attr-defined]


def _register(app: typer.Typer, name: str, where: str) -> None:
    module, function = where.split(":")
    callback = getattr(importlib.import_module(f"{__package__}.{module}"), function)
    loose = {"context_settings": {"ignore_unknown_options": True}} if where in IN_NOTATION else {}
    app.command(name, cls=Command, **loose)(callback)  # type: ignore[arg-type]


def modules() -> list[str]:
    """Every module that holds a command (for the tests, which read every help text in one language)."""
    wheres = [w for d in COMMANDS.values() for w in ([d] if isinstance(d, str) else d[1].values())]
    return sorted({f"{__package__}.{w.partition(':')[0]}" for w in wheres})


class Root(Group):
    """The top of the command line: each command built when it is named."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.language = language()  # of its own help texts

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

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
