"""Published results: the ledger in Datasette, with the German titles,
descriptions and canned queries shipped in ``datasette.yaml``. This module
writes that metadata for one ledger (its database named after the file)
and builds Datasette's command line.
"""

from __future__ import annotations

import ipaddress
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

METADATA = "datasette.yaml"
SHIPPED_DATABASE = "ledger"  # the name the shipped file uses for the ledger's database


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


def metadata(ledger: Path) -> dict[str, Any]:
    """The shipped metadata with its database under the ledger's name (needs PyYAML, which Datasette brings)."""
    import yaml

    data: dict[str, Any] = yaml.safe_load(resources.files(__package__).joinpath(METADATA).read_text(encoding="utf-8"))
    data["databases"] = {database_name(ledger): data["databases"][SHIPPED_DATABASE]}
    return data


def metadata_file(ledger: Path, folder: Path) -> Path:
    """Where the ledger's metadata is written in ``folder``."""
    return folder / f"{database_name(ledger)}.metadata.json"


def write_metadata(ledger: Path, target: Path) -> Path:
    """The ledger's metadata as the JSON file ``target`` (rewritten each time)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(metadata(ledger), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return target


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def command(ledger: Path, metadata_file: Path, host: str, port: int, live: bool = False) -> list[str]:
    """``datasette serve`` for the ledger: immutable (a snapshot, no locks
    taken) unless ``live`` (read-only, showing hands as they come in)."""
    files = [served(ledger)] if live else ["--immutable", served(ledger)]
    return [sys.executable, "-m", "datasette", "serve", *files, "--metadata", served(metadata_file),
            "--host", host, "--port", str(port)]  # fmt: skip
