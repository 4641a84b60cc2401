"""The console entry point: typer reads the command line (``groups.py``),
every error is one clear line (``errors.guarded``), typer's usage errors in
the screen's language (``typer_words.said``).
"""

import codecs
import signal
import sys

from ..interrupt import HELD, started


def _tell_migration(path, copy) -> None:
    """On a terminal: one line before an older ledger is brought to this
    version's tables (minutes for a very large one)."""
    if sys.stderr.isatty():
        from ..i18n import _

        sys.stderr.write(
            _(
                "schreiber: bringing {path} up to this version's tables; a large ledger takes a few minutes (the ledger as it was: {copy})"
            ).format(path=path, copy=copy.name)
            + "\n"
        )
        sys.stderr.flush()


def _escaped(exc: UnicodeError) -> tuple[str, int]:
    """The characters an output stream's encoding cannot show, as JSON
    writes them (``\\u00eb``, ``\\u738b``, ``\\ud83d\\ude00``): readable
    on the screen, and a ``--json`` document stays valid JSON."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = []
    for ch in exc.object[exc.start : exc.end]:
        n = ord(ch)
        units = (0xD800 + ((n - 0x10000) >> 10), 0xDC00 + ((n - 0x10000) & 0x3FF)) if n > 0xFFFF else (n,)
        out += [f"\\u{u:04x}" for u in units]
    return "".join(out), exc.end


def _escaping_streams() -> None:
    """What the terminal's encoding cannot show is written escaped
    (``_escaped``) instead of failing: output, which may come after a commit,
    never fails for its text."""
    codecs.register_error("schreiber-escape", _escaped)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # None, or no text stream: left as it is
        if reconfigure is not None:
            reconfigure(errors="schreiber-escape")


def main() -> None:
    from .errors import guarded
    from .typer_words import console_words

    _escaping_streams()
    console_words()
    from ..ledger import Opened

    Opened.on_migrate = _tell_migration
    try:
        guarded(_run)
        if HELD:  # Ctrl-C before the language was chosen (--help, a usage error)
            guarded(started)
    finally:  # the command is done: Ctrl-C while Python shuts down has nothing left to stop
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run() -> None:
    """The command line as typer reads it; its usage errors in the screen's language."""
    import typer
    import typer.main

    from .groups import main_app
    from .typer_words import installs_completion

    try:
        if installs_completion(sys.argv[1:]):
            _install_completion(typer.main.get_command(main_app()))
        done = typer.main.get_command(main_app()).main(sys.argv[1:], standalone_mode=False)
    except typer.Abort:
        from ..i18n import _

        sys.stderr.write(_("Aborted!") + "\n")
        sys.exit(1)
    except typer.TyperException as exc:
        _usage_error(exc)
    sys.exit(done if isinstance(done, int) else 0)


def _install_completion(command) -> None:
    """typer installs the completion and says so outright: its lines said again
    in the screen's language (typer_words.installed)."""
    import contextlib
    import io

    from .typer_words import installed

    said = io.StringIO()
    try:
        with contextlib.redirect_stdout(said):
            command.main(sys.argv[1:], standalone_mode=False)
    finally:
        sys.stdout.write(installed(said.getvalue()))
    sys.exit(0)


def _usage_error(exc) -> None:
    """What typer would print for ``exc``, worded in the screen's language."""
    from ..i18n import _
    from .typer_words import said

    ctx = getattr(exc, "ctx", None)
    if ctx is not None and exc.exit_code == 2 and exc.format_message() == ctx.get_help():
        sys.stderr.write(exc.format_message() + "\n")  # a group named without its command: its help
        sys.exit(exc.exit_code)
    if ctx is not None:
        formatter = ctx.make_formatter()
        ctx.command.format_usage(ctx, formatter)
        hint = ""
        if ctx.command.get_help_option(ctx) is not None:
            hint = _("Try '{command} {option}' for help.").format(
                command=ctx.command_path, option=ctx.help_option_names[0]
            )
            hint += "\n"
        sys.stderr.write(formatter.getvalue().rstrip("\n") + "\n" + hint + "\n")
    sys.stderr.write(_("Error: {message}").format(message=said(exc)) + "\n")
    sys.exit(exc.exit_code)
