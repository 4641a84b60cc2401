"""The typer app and what every command needs: the ledger, the service
(which also picks the evening a command works on), JSON output. Option
values are converted without pydantic (``coercion.py``). Help pages in the
screen's language: each command's docstring, and typer's own few words."""

from __future__ import annotations

import inspect
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from ..i18n import N_, _
from . import coercion
from .paths import ledger_path

if TYPE_CHECKING:
    from ..ledger.store import Ledger
    from ..service import Service

coercion.install()

app = typer.Typer(
    help=_(
        "schreiber: the scorekeeper (Schreiber) for Tarock Königrufen.\n\n"
        "Start an evening, enter hands, read the sheet, settle in cash."
    ),
    no_args_is_help=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    add_completion=True,
)


class _Opts:
    db: str | None = None


OPTS = _Opts()


def db_path() -> Path:
    return ledger_path(OPTS.db)[0]


def ledger() -> Ledger:
    from ..ledger.store import Ledger  # here, not above: --help and --version never open a ledger

    return Ledger(*ledger_path(OPTS.db))


def service() -> Service:
    from ..service import Service

    return Service(ledger())


def print_json(data: Any) -> None:
    from ..render import json_text

    sys.stdout.write(json_text(data))


TYPER_WORDS = (  # typer's own words on help pages and in its errors, for the catalog
    N_("Usage: "),
    N_("Options"),
    N_("Arguments"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("default: {default}"),
    N_("env var: {var}"),
    N_("required"),
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("Aborted!"),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
)


def translate_help(group: typer.Typer) -> None:
    """The help of every command (its docstring) in the screen's language,
    before typer builds the command line from it; typer's own words too."""
    for info in group.registered_commands:
        doc = inspect.getdoc(info.callback) if info.callback is not None else None
        if info.help is None and doc:
            info.help = _(doc)
    for sub in group.registered_groups:
        if sub.typer_instance is not None:
            translate_help(sub.typer_instance)
    if group is app:
        _typer_words()


def _typer_words() -> None:
    """typer looks its few words up with gettext's global domain; these are
    ours (typer's bundled click says "Usage:" and the --help text outright)."""
    import typer.core
    import typer.main
    from typer._click import core, formatting

    typer.core._ = _
    write_usage = formatting.HelpFormatter.write_usage
    help_option = core.Command.get_help_option
    if getattr(write_usage, "translated", False):
        return

    def usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        write_usage(self, prog, args, _("Usage: ") if prefix is None else prefix)

    def help_in_language(self: Any, ctx: Any) -> Any:
        option = help_option(self, ctx)
        if option is not None:
            option.help = _("Show this message and exit.")
        return option

    completion = typer.main.get_install_completion_arguments

    def completion_in_language() -> Any:
        install, show = completion()
        install.help = _("Install completion for the current shell.")  # type: ignore[attr-defined]
        show.help = _("Show completion for the current shell, to copy it or customize the installation.")  # type: ignore[attr-defined]
        return install, show

    typer.main.get_install_completion_arguments = completion_in_language
    usage.translated = True  # type: ignore[attr-defined]
    formatting.HelpFormatter.write_usage = usage  # type: ignore[method-assign]
    core.Command.get_help_option = help_in_language  # type: ignore[method-assign]
