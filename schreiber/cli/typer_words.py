"""typer's own words in the screen's language, through public API only:
``speak`` points gettext's global domain (where typer looks its words up)
at our catalog; ``said`` words a usage error again from its attributes.
What has no public way in stays English (docs/help.md lists it).
"""

from __future__ import annotations

import gettext
import os
from typing import Any

from ..i18n import DOMAIN, LOCALE_DIR, N_, _

TYPER_WORDS = (  # typer's own words on help pages and in its errors, for the catalog
    N_("Options"),
    N_("Arguments"),
    N_("Commands"),
    N_("default: {default}"),
    N_("env var: {var}"),
    N_("required"),
    N_("Missing command."),
    N_("Aborted!"),
)
OPTION_WORDS = (  # click's words of a bad option, as it writes them, and ours in their place
    ("Option {name!r} requires an argument.", N_("Option {name} requires an argument.")),
    ("Option {name!r} does not take a value.", N_("Option {name} does not take a value.")),
)
MISSING = {  # a required parameter not given, by its kind
    "argument": N_("Missing argument {name}."),
    "option": N_("Missing option {name}."),
    "parameter": N_("Missing parameter {name}."),
}
EXTRA = ("Got unexpected extra argument(s) (", ")")
INPUT_WORDS = (  # what typer says of a value it cannot read, for the catalog
    N_("Input should be a valid integer, unable to parse string as an integer"),
    N_("Input should be a valid boolean, unable to interpret input"),
)


# typer's lines after --install-completion, written outright to the output, and ours in their place.
INSTALLED = (
    ("{shell} completion installed in {path}", N_("{shell} completion installed in {path}")),
    (
        "Completion will take effect once you restart the terminal",
        N_("Completion will take effect once you restart the terminal"),
    ),
)


def installs_completion(args: list[str]) -> bool:
    """Whether the command line asks typer to install shell completion."""
    return any(a == "--install-completion" or a.startswith("--install-completion=") for a in args)


def installed(text: str) -> str:
    """typer's lines after --install-completion, in the screen's language
    (a line it words otherwise stays as it is)."""
    import re

    out = []
    for line in text.splitlines():
        for english, ours in INSTALLED:
            pattern = re.escape(english).replace(r"\{shell\}", r"(?P<shell>\S+)").replace(r"\{path\}", "(?P<path>.+)")
            found = re.fullmatch(pattern, line)
            if found:
                line = _(ours).format(**found.groupdict())
                break
        out.append(line)
    return "".join(line + "\n" for line in out)


def speak(language: str) -> None:
    """typer's own words (gettext's global domain) in ``language``, in the
    console script (which made our catalog that domain, ``entry.py``)."""
    if gettext.textdomain() == DOMAIN:
        os.environ["LANGUAGE"] = language


def console_words() -> None:
    """typer's words from our catalog, in the language SCHREIBER_LANG or the
    locale chooses (``--lang``, read later, may choose again): a help page
    asked for before ``--lang`` is read speaks it too."""
    from ..i18n import language

    gettext.bindtextdomain(DOMAIN, LOCALE_DIR)
    gettext.textdomain(DOMAIN)
    speak(language())


def said(exc: Any) -> str:
    """A usage error of typer's in the screen's language, from its
    attributes (the option, the parameter, the value's message)."""
    name = getattr(exc, "option_name", None)
    if hasattr(exc, "possibilities"):  # an option that does not exist
        text = _("No such option: {name}").format(name=name)
        if exc.possibilities:
            text += " " + _("(Possible options: {names})").format(names=", ".join(sorted(exc.possibilities)))
        return text
    if name is not None:
        for english, ours in OPTION_WORDS:
            if exc.message == english.format(name=name):
                return _(ours).format(name=repr(name))
    param = getattr(exc, "param", None)
    if param is not None:
        hint = exc.param_hint or param.get_error_hint()
        if hasattr(exc, "param_type"):  # a required parameter not given
            kind = exc.param_type or param.param_type_name
            return _(MISSING.get(kind, MISSING["parameter"])).format(name=hint)
        return _("Invalid value for {name}: ").format(name=hint) + _(exc.message)
    message = exc.format_message()
    if message.startswith(EXTRA[0]) and message.endswith(EXTRA[1]):
        return _("Got unexpected extra argument(s) ({args})").format(args=message[len(EXTRA[0]) : -len(EXTRA[1])])
    return _(message)
