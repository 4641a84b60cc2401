"""typer's and its bundled click's own words in the screen's language: the
help pages' few words, and the usage errors ("No such option: --x",
"Missing argument 'players'.", exit status 2).

typer looks its words up with gettext's global domain, so its ``_`` is made
ours; the bundled click (``typer._click``) writes its messages outright, so
each is matched here and said again from our catalog. Loaded only for a
screen that is not English (``root.translate_help``): English needs nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import IO, Any

from ..i18n import N_, _

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

CLICK_WORDS: tuple[tuple[str, str], ...] = (  # a part of click's message, and ours in its place (in this order)
    (r"^No such option: (?P<name>.+?)(?= \(Possible options: |$)", N_("No such option: {name}")),
    (r"\(Possible options: (?P<names>.+)\)$", N_("(Possible options: {names})")),
    (r"Did you mean (?P<names>.+)\?$", N_("Did you mean {names}?")),
    (r"^Missing argument (?P<name>.+)\.$", N_("Missing argument {name}.")),
    (r"^Missing option (?P<name>.+)\.$", N_("Missing option {name}.")),
    (r"^Missing parameter (?P<name>.+)\.$", N_("Missing parameter {name}.")),
    (r"^Got unexpected extra argument\(s\) \((?P<args>.*)\)$", N_("Got unexpected extra argument(s) ({args})")),
    (r"^Invalid value for (?P<name>.+?): ", N_("Invalid value for {name}: ")),
    (r"^Invalid value: ", N_("Invalid value: ")),
    (r"^Option (?P<name>.+) requires an argument\.$", N_("Option {name} requires an argument.")),
    (r"^Option (?P<name>.+) requires (?P<n>\d+) arguments\.$", N_("Option {name} requires {n} arguments.")),
    (r"^Option (?P<name>.+) does not take a value\.$", N_("Option {name} does not take a value.")),
    (r"^Argument (?P<name>.+) takes (?P<n>\d+) values\.$", N_("Argument {name} takes {n} values.")),
    (r"^Value (?P<value>.+) is not a valid (?P<kind>\w+)\.$", N_("Value {value} is not a valid {kind}.")),
    (
        r"Input should be a valid integer, unable to parse string as an integer$",
        N_("Input should be a valid integer, unable to parse string as an integer"),
    ),
    (
        r"Input should be a valid boolean, unable to interpret input$",
        N_("Input should be a valid boolean, unable to interpret input"),
    ),
)


def click_text(message: str) -> str:
    """A message of click's in the screen's language (what no pattern
    matches stays as click wrote it)."""
    for pattern, ours in CLICK_WORDS:
        message = re.sub(pattern, _said(ours), message, count=1)
    return message


def _said(ours: str) -> Callable[[re.Match[str]], str]:
    return lambda match: _(ours).format(**match.groupdict())


def install() -> None:
    """typer's words and click's usage errors from our catalog from now on (idempotent)."""
    import typer.core
    from typer._click import core, exceptions, formatting

    typer.core._ = _
    if getattr(formatting.HelpFormatter.write_usage, "translated", False):
        return
    _help_words(core, formatting)
    exceptions.ClickException.show = _show_error  # type: ignore[method-assign]
    exceptions.UsageError.show = _show_usage_error  # type: ignore[method-assign]


def _help_words(core: Any, formatting: Any) -> None:
    """ "Usage:", the --help option's and the completion options' help
    (the bundled click says them outright)."""
    import typer.main

    write_usage = formatting.HelpFormatter.write_usage
    help_option = core.Command.get_help_option
    completion = typer.main.get_install_completion_arguments

    def usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        write_usage(self, prog, args, _("Usage: ") if prefix is None else prefix)

    def help_in_language(self: Any, ctx: Any) -> Any:
        option = help_option(self, ctx)
        if option is not None:
            option.help = _("Show this message and exit.")
        return option

    def completion_in_language() -> Any:
        install, show = completion()
        install.help = _("Install completion for the current shell.")  # type: ignore[attr-defined]
        show.help = _("Show completion for the current shell, to copy it or customize the installation.")  # type: ignore[attr-defined]
        return install, show

    usage.translated = True  # type: ignore[attr-defined]
    typer.main.get_install_completion_arguments = completion_in_language
    formatting.HelpFormatter.write_usage = usage
    core.Command.get_help_option = help_in_language


def _show_error(self: Any, file: IO[Any] | None = None) -> None:
    """click's ``ClickException.show``, in the screen's language."""
    from typer._click._compat import get_text_stderr
    from typer._click.utils import echo

    message = _("Error: {message}").format(message=click_text(self.format_message()))
    echo(message, file=file or get_text_stderr(), color=self.show_color)


def _show_usage_error(self: Any, file: IO[Any] | None = None) -> None:
    """click's ``UsageError.show`` (the usage line, where to find help, the
    error), in the screen's language."""
    from typer._click._compat import get_text_stderr
    from typer._click.utils import echo

    file = file or get_text_stderr()
    ctx, color = self.ctx, None
    if ctx is not None:
        hint = ""
        if ctx.command.get_help_option(ctx) is not None:
            hint = _("Try '{command} {option}' for help.").format(
                command=ctx.command_path, option=ctx.help_option_names[0]
            )
            hint += "\n"
        color = ctx.color
        echo(f"{ctx.get_usage()}\n{hint}", file=file, color=color)
    echo(_("Error: {message}").format(message=click_text(self.format_message())), file=file, color=color)
