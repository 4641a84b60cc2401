"""The secret of a ledger's served pages and the links it signs.

The secret is a file of its own in the ledger's folder of the app
directory (``serve/NAME-KEY/secret``, readable by its owner only), made at
the first ``schreiber serve`` and kept, so a table's link stays good when
the server is started again; ``--new-links`` makes a new one, and every
link made before is then worth nothing. Datasette signs with it
(``Datasette.sign``: itsdangerous, the same signature as its own
cookies), and so the CSRF tokens too.

A link names what it opens, signed: ``/t/TOKEN`` a table that writes
(its evening; at a cup its cup, round and table as well), ``/s/TOKEN`` the
same table to follow, read-only, ``/d/TOKEN`` the organizer's desk (a cup,
or the whole ledger). A path or a token the server did not sign opens
nothing.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any, NamedTuple

from ..ledger.targets import written

NAMESPACE = "schreiber-serve"
SECRET = "secret"
ADDRESS = "address.json"  # where the running server said it can be reached (cup draw prints the links)
KINDS = {"t": "table", "s": "watch", "d": "desk"}  # a link's first part: what it opens


class Grant(NamedTuple):
    """What a link lets its holder do: ``kind`` (table, watch, desk), the
    evening (a table's) or the cup (a desk's: None for the whole ledger),
    and for a cup table its round and number."""

    kind: str
    evening: int | None = None
    cup: int | None = None
    round: int | None = None
    table: int | None = None

    @property
    def writes(self) -> bool:
        return self.kind == "table"


def secret(folder: Path, new: bool = False) -> str:
    """The ledger's secret in ``folder`` (made where there is none, or ``new``)."""
    file = folder / SECRET
    if not new:
        try:
            text = file.read_text(encoding="ascii").strip()
        except FileNotFoundError:
            text = ""
        if len(text) >= 32:
            return text
    folder.mkdir(parents=True, exist_ok=True)
    text = secrets.token_hex(32)
    _write_private(file, text + "\n")
    return text


def _write_private(target: Path, text: str) -> None:
    """``text`` at ``target``, readable by its owner only, whole or not at all."""
    with written(target, "ascii", private=True) as f:
        f.write(text)


def payload(grant: Grant) -> dict[str, Any]:
    """What a link's token says, in few letters (a short link, a small QR code)."""
    out: dict[str, Any] = {"k": next(k for k, v in KINDS.items() if v == grant.kind)}
    for key, value in (("e", grant.evening), ("c", grant.cup), ("r", grant.round), ("n", grant.table)):
        if value is not None:
            out[key] = value
    return out


def grant_of(data: object, prefix: str) -> Grant | None:
    """The grant a token signed by the server says, where it is one for a
    link that starts with ``prefix`` (a table's token opens no desk)."""
    if not isinstance(data, dict) or data.get("k") != prefix or prefix not in KINDS:
        return None
    values = [data.get(k) for k in ("e", "c", "r", "n")]
    if not all(v is None or (isinstance(v, int) and not isinstance(v, bool) and v > 0) for v in values):
        return None
    grant = Grant(KINDS[prefix], *values)
    if grant.kind != "desk" and grant.evening is None:
        return None
    return grant


def path(sign: Any, grant: Grant) -> str:
    """The link's path: ``/t/TOKEN``, ``/s/TOKEN`` or ``/d/TOKEN``."""
    prefix = payload(grant)["k"]
    return f"/{prefix}/{sign(payload(grant), NAMESPACE)}"


def remember_address(folder: Path, bases: list[str], cup: int | None) -> None:
    """Where the server can be reached, for ``cup draw`` (its links printed with the round)."""
    folder.mkdir(parents=True, exist_ok=True)
    _write_private(folder / ADDRESS, json.dumps({"bases": bases, "cup": cup}) + "\n")


def address(folder: Path) -> tuple[list[str], int | None] | None:
    """The addresses and the cup the last ``serve`` of this ledger said, if any."""
    try:
        data = json.loads((folder / ADDRESS).read_text(encoding="utf-8"))
        bases, cup = data["bases"], data.get("cup")
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(bases, list) or not all(isinstance(b, str) for b in bases):
        return None
    return bases, cup if isinstance(cup, int) else None
