"""Published results: the ledger in Datasette, with the German titles,
descriptions and canned queries (Rangliste, Ergebnisliste, Tischblatt,
Cupwertung, Turniere) the project ships in ``datasette.yaml``.

Datasette does the browsing, the JSON API and the canned queries; this
module only turns the shipped metadata into the file for one ledger (its
database is named after the ledger's file) and builds the command line.
"""

from __future__ import annotations

import ipaddress
import json
import shlex
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
    """The name Datasette gives the ledger's database: its file name without
    the last suffix (``turnier.2026.db``: ``turnier.2026``)."""
    return ledger.stem


def database_path(ledger: Path) -> str:
    """The database's path in Datasette's URLs: its name in Datasette's own
    tilde encoding (``turnier.2026``: ``turnier~2E2026``; needs Datasette)."""
    from datasette.utils import tilde_encode

    return tilde_encode(database_name(ledger))


def served(path: Path) -> str:
    """The path Datasette is given for a file: absolute (``..`` kept as it
    is, as the system follows it), so that a name starting with ``-`` can
    never be read as one of its options."""
    return str(Path(path).absolute())


def shipped_metadata() -> dict[str, Any]:
    """The metadata as shipped (needs PyYAML, which Datasette brings)."""
    import yaml

    text = resources.files(__package__).joinpath(METADATA).read_text(encoding="utf-8")
    data: dict[str, Any] = yaml.safe_load(text)
    return data


def metadata(ledger: Path) -> dict[str, Any]:
    """The shipped metadata with its database under the ledger's name."""
    data = shipped_metadata()
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


def shell_line(cmd: list[str]) -> str:
    return shlex.join(cmd)
