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
QUERIES = ("rangliste", "ergebnisliste", "tischblatt", "cupwertung", "turniere")


def installed() -> bool:
    """Whether Datasette can be run with this interpreter."""
    from importlib.util import find_spec

    return find_spec("datasette") is not None


def database_name(ledger: Path) -> str:
    """The name Datasette gives the ledger's database: its file name without the suffix."""
    return ledger.stem


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


def write_metadata(ledger: Path, folder: Path) -> Path:
    """The ledger's metadata as a JSON file in ``folder`` (rewritten each time)."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{database_name(ledger)}.metadata.json"
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
    served = [str(ledger)] if live else ["--immutable", str(ledger)]
    return [sys.executable, "-m", "datasette", "serve", *served, "--metadata", str(metadata_file),
            "--host", host, "--port", str(port)]  # fmt: skip


def shell_line(cmd: list[str]) -> str:
    return shlex.join(cmd)
