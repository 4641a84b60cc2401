"""Where schreiber keeps its files: the ledger named by ``--db`` or
``SCHREIBER_DB``, else the user's app directory. An empty value is an
error, never a silent fall-back to another file."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import SchreiberError
from ..i18n import _


def app_dir() -> Path:
    """typer's app directory for schreiber; refused where HOME (or
    XDG_CONFIG_HOME) is set but empty, which would name a folder at the root."""
    for var in ("HOME", "XDG_CONFIG_HOME"):
        if var in os.environ and not os.environ[var].strip():
            if var == "XDG_CONFIG_HOME":
                del os.environ[var]  # the XDG rule: an empty value counts as unset
                continue
            raise SchreiberError(
                _("HOME is set but empty, so there is no app directory for the ledger; set HOME or give --db PATH")
            )
    import typer  # only for its app-dir convention

    return Path(typer.get_app_dir("schreiber"))


def user_path(text: str) -> Path:
    """A path typed: ``~`` and ``~user`` expanded where they name a home
    folder, else left as typed (``~nosuchuser/x``: a file that is not there)."""
    try:
        return Path(text).expanduser()
    except RuntimeError:
        return Path(text)


def default_ledger_path() -> Path:
    return app_dir() / "ledger.db"


def ledger_path(db: str | None) -> tuple[Path, bool]:
    """The ledger file for ``--db`` (None: not given) and whether its folder
    may be made: only the default ledger's, in the app directory."""
    if db is None:
        env = os.environ.get("SCHREIBER_DB")
        if env is not None and not env.strip():
            raise SchreiberError(_("SCHREIBER_DB is set but empty; set it to the ledger file, or unset it"))
        db = env
    if db is None:
        return default_ledger_path(), True
    if not db.strip():
        raise SchreiberError(_("--db is empty; give the ledger file, e.g. --db ~/tarock/ledger.db"))
    path = user_path(db)
    if str(path).startswith("~"):
        raise SchreiberError(_("--db {db}: there is no such user's home folder; give the path in full").format(db=db))
    if len(path.name.encode("utf-8", "surrogateescape")) > 255:
        raise SchreiberError(_("--db: the file name is longer than 255 bytes; give a shorter one"))
    return path, False
