"""Which files are schreiber ledgers: the header read as plain bytes
(``APPLICATION_ID``, "SCHR", and ``LEDGER_FORMAT`` in ``user_version``),
else the tables and migrations of an older schreiber's (unmarked) ledger;
anything else is another program's file (NotALedger), a ledger of a
later schreiber is refused (NewerLedger). Reads only.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import quote

from ..i18n import _
from .errors import NewerLedger, NotALedger
from .migrations import KNOWN

BUSY_TIMEOUT_MS = 10_000
LEDGER_TABLES = {"players", "evenings", "entries", "results", "payments"}
APPLICATION_ID = 0x53434852  # "SCHR"
LEDGER_FORMAT = 1  # user_version: raised only if a later schreiber changes what a ledger is
MIGRATION_SET = "schreiber"
KNOWN_MIGRATIONS = frozenset(KNOWN)  # a ledger with another migration applied is a newer schreiber's
SQLITE_MAGIC = b"SQLite format 3\x00"


def connect(target: str, uri: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(target, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, uri=uri)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return conn


def is_ours(conn: sqlite3.Connection, p: Path) -> bool | None:
    """True: a marked ledger; False: a ledger of an older schreiber, not
    marked yet; None: an SQLite file without tables. Raises NotALedger for
    anything else and NewerLedger for a newer schreiber's ledger. Reads only."""
    app_id, version = (conn.execute(f"pragma {p_}").fetchone()[0] for p_ in ("application_id", "user_version"))
    names = {r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")}
    if app_id not in (0, APPLICATION_ID):
        raise NotALedger(p, _("another program's SQLite file, application id {id}").format(id=f"{app_id:#x}"))
    if app_id == APPLICATION_ID and version > LEDGER_FORMAT:
        raise NewerLedger(
            p, _("ledger format {version}; this one knows {known}").format(version=version, known=LEDGER_FORMAT)
        )
    if not names and app_id == 0:
        if version:
            raise NotALedger(p, _("an SQLite file of another program, user version {version}").format(version=version))
        return None
    applied = set()
    if "_sqlite_migrations" in names:
        applied = {
            r[0] for r in conn.execute("select name from _sqlite_migrations where migration_set = ?", [MIGRATION_SET])
        }
        if not applied and app_id == 0:
            raise NotALedger(p, _("an SQLite file with another program's migrations"))
    if app_id == 0 and not (names >= LEDGER_TABLES):
        raise NotALedger(p, _("an SQLite file without a ledger's tables"))
    unknown = sorted(applied - KNOWN_MIGRATIONS)
    if unknown:
        raise NewerLedger(p, _("schema step {steps}; update schreiber").format(steps=", ".join(unknown)))
    return app_id == APPLICATION_ID


def is_ledger_file(p: Path) -> bool:
    """Whether the regular file ``p`` is a schreiber ledger of any version
    (``is_ours``; an SQLite file without tables is none). Reads only: the
    header as bytes, then, where unmarked, its tables read-only."""
    try:
        with open(p, "rb") as f:
            head = f.read(100)
    except OSError:
        return False
    if not head.startswith(SQLITE_MAGIC):
        return False
    if head[68:72] == APPLICATION_ID.to_bytes(4, "big"):  # PRAGMA application_id, as the header holds it
        return True
    base = "file:" + quote(str(p.resolve()))
    for query in ("?mode=ro", "?immutable=1"):  # immutable: where not even the WAL index can be made
        try:
            conn = connect(base + query, uri=True)
        except sqlite3.Error:
            continue
        try:
            return is_ours(conn, p) is not None
        except NotALedger:
            return False
        except NewerLedger:
            return True
        except sqlite3.Error:
            continue
        finally:
            conn.close()
    return False
