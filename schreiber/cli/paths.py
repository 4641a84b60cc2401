"""Where schreiber keeps its files by default: the user's app directory."""

from __future__ import annotations

from pathlib import Path


def app_dir() -> Path:
    import typer  # only for its app-dir convention

    return Path(typer.get_app_dir("schreiber"))


def default_ledger_path() -> Path:
    return app_dir() / "ledger.db"
