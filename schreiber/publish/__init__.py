"""Published results: the ledger in Datasette, with the German titles,
descriptions and canned queries shipped in ``datasette.yaml`` and the
German pages of the template folder ``templates`` (Datasette's own
``--template-dir``). This module writes the metadata for one ledger (its
database named after the file) and builds Datasette's command line.
"""

from __future__ import annotations

import ipaddress
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

METADATA = "datasette.yaml"
TEMPLATES = "templates"
SHIPPED_DATABASE = "ledger"  # the name the shipped file uses for the ledger's database
MAX_ROWS = 10000  # Datasette's max_returned_rows: a Tischblatt has a row per entry and player


class Heading(NamedTuple):
    """A tournament as the start page links to it."""

    name: str
    date: str  # YYYY-MM-DD
    season: str


def installed() -> bool:
    """Whether Datasette can be run with this interpreter."""
    from importlib.util import find_spec

    return find_spec("datasette") is not None


def database_name(ledger: Path) -> str:
    """The name Datasette gives the ledger's database (``turnier.2026.db``: ``turnier.2026``)."""
    return ledger.stem


def database_path(ledger: Path) -> str:
    """The database's path in Datasette's URLs (``turnier.2026``: ``turnier~2E2026``; needs Datasette)."""
    from datasette.utils import tilde_encode

    return tilde_encode(database_name(ledger))


def served(path: Path) -> str:
    """A file's path for Datasette: absolute (``..`` kept), so a name starting with ``-`` is never an option."""
    return str(Path(path).absolute())


def template_dir() -> Path:
    """The German pages, installed with the package."""
    return Path(str(resources.files(__package__).joinpath(TEMPLATES)))


def shipped() -> dict[str, Any]:
    """The shipped metadata as it is (needs PyYAML, which Datasette brings)."""
    import yaml

    data: dict[str, Any] = yaml.safe_load(resources.files(__package__).joinpath(METADATA).read_text(encoding="utf-8"))
    return data


def _headings(cups: list[Heading]) -> list[dict[str, str]]:
    return [c._asdict() for c in cups]


def metadata(ledger: Path, cups: list[Heading] | None = None) -> dict[str, Any]:
    """The shipped metadata with its database under the ledger's name and
    the tournaments the start page links to (``turniere``, newest first)."""
    data = shipped()
    database = data["databases"][SHIPPED_DATABASE]
    database["turniere"] = _headings(cups or [])
    data["databases"] = {database_name(ledger): database}
    return data


def metadata_file(ledger: Path, folder: Path) -> Path:
    """Where the ledger's metadata is written in ``folder``."""
    return folder / f"{database_name(ledger)}.metadata.json"


def write_metadata(data: dict[str, Any], target: Path) -> Path:
    """``data`` as the JSON file ``target`` (rewritten each time)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return target


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def command(database: Path, metadata_file: Path, host: str, port: int, live: bool = False) -> list[str]:
    """``datasette serve`` for the ledger: immutable (a snapshot, no locks
    taken) unless ``live`` (read-only, showing hands as they come in), with
    the German pages."""
    files = [served(database)] if live else ["--immutable", served(database)]
    return [sys.executable, "-m", "datasette", "serve", *files, "--metadata", served(metadata_file),
            "--template-dir", served(template_dir()), "--setting", "max_returned_rows", str(MAX_ROWS),
            "--host", host, "--port", str(port)]  # fmt: skip
