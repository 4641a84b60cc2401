"""Opening a ledger file: recognize ours, refuse everything else untouched,
create or migrate ours.

A ledger carries ``PRAGMA application_id`` = ``APPLICATION_ID`` ("SCHR")
and ``PRAGMA user_version`` = ``LEDGER_FORMAT`` from its creation on. A
ledger of an older schreiber (unmarked) is recognized by its tables and the
names of its applied migrations, and marked at its next write. Anything
else (a text file, another program's SQLite file, even one that keeps its
own sqlite-utils migrations) is refused before anything is written to it,
and nothing is created beside it: the header is read as plain bytes first,
and SQLite's journal mode is only set on a file known to be ours.

A missing (or empty) file is no ledger yet: a command sees an empty ledger
(an in-memory schema); the file is created with the current schema at the
first write, or when the command has succeeded (``Opened.make_missing_files``,
as interface.md promises), so a command that fails leaves no file behind. A file that this process cannot write (a
read-only file, folder or medium) is opened read-only: it can be read and
backed up, not written. Every writable connection runs in WAL mode with a
busy timeout, so several processes can write one file at once. An older
schema is migrated in place, under the write lock, after a ``quick_check``
and a backup beside it.
"""

from __future__ import annotations

import datetime as _dt
import functools
import itertools
import os
import sqlite3
import zlib
from pathlib import Path
from urllib.parse import quote

import sqlite_utils

from ..faults import fault
from ..i18n import _
from . import Opened
from .errors import LedgerDamaged, LedgerUnavailable, NeedsSchema, NewerLedger, NotALedger, sqlite_problem
from .migrations import migrations

BUSY_TIMEOUT_MS = 10_000
LEDGER_TABLES = {"players", "evenings", "entries", "results", "payments"}
APPLICATION_ID = 0x53434852  # "SCHR"
LEDGER_FORMAT = 1  # user_version: raised only if a later schreiber changes what a ledger is
MIGRATION_SET = "schreiber"
# Every migration this schreiber knows: a ledger with another one applied is a newer schreiber's.
KNOWN_MIGRATIONS = frozenset(m.name for m in migrations._migrations)
SQLITE_MAGIC = b"SQLite format 3\x00"
_NEW = itertools.count()


def open_database(
    path: Path, create_folder: bool = False, read_only: bool = False
) -> tuple[sqlite_utils.Database, str]:
    """The ledger at ``path`` and how it is open: ``"rw"``; ``"ro"`` (this
    process cannot write the file or its folder: reads only); or ``"new"``
    (no ledger there yet: an empty in-memory ledger until ``create_database``);
    ``read_only`` opens it so even where it could be written.
    ``create_folder``: a missing folder is made at the first write (the
    default ledger in the app directory); else a missing folder is refused."""
    size = _inspect(path, create_folder)
    if not size:
        return _in_memory(), "new"
    _check_header(path)
    if read_only or not _writable(path):
        return _open_read_only(path, _writable(path)), "ro"
    db = _open_existing(path)
    if db is None:  # an SQLite file without a single table: ours to fill
        return _in_memory(), "new"
    return db, "rw"


def create_database(path: Path, create_folder: bool = False) -> sqlite_utils.Database:
    """The ledger at ``path`` made ready for a write: created (with its
    folder, if asked) when there is none yet, migrated when older."""
    if create_folder and not path.parent.exists():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise LedgerUnavailable(
                _("cannot create the folder for the ledger {path}: {strerror}"), path=path, strerror=exc.strerror
            ) from None
    _inspect(path, False)
    if path.exists() and path.stat().st_size:
        _check_header(path)
    db = _open_existing(path, create=True)
    assert db is not None
    Opened.by_sqlite.add(str(path.resolve()))  # SQLite has it open now: its header is never read by hand again here
    return db


def _parents_first(conn: sqlite3.Connection) -> list[str]:
    """The tables of the attached ledger ``new``, each after the tables its rows refer to."""
    names = [
        r[0]
        for r in conn.execute(
            "select name from new.sqlite_master where type = 'table' and name not like 'sqlite_%' and name != '_sqlite_migrations'"
        )
    ]
    parents = {t: {r[2] for r in conn.execute(f'pragma new.foreign_key_list("{t}")')} - {t} for t in names}
    done: list[str] = []
    while len(done) < len(names):
        done += [t for t in names if t not in done and parents[t] <= set(done)] or [t for t in names if t not in done]
    return done


def _inspect(p: Path, create_folder: bool) -> int | None:
    """The file's size (None: no file); one clear error for a path that cannot be a ledger."""
    try:
        st = p.stat()
    except FileNotFoundError:
        if not create_folder and not p.parent.is_dir():
            raise LedgerUnavailable(
                _("the folder {parent} does not exist; create it first, or give another --db"), parent=p.parent
            ) from None
        return None
    except NotADirectoryError:
        raise LedgerUnavailable(_("{parent} is a file, not a folder; give another --db"), parent=p.parent) from None
    except OSError as exc:
        raise LedgerUnavailable(
            _("cannot use the ledger path {p}: {strerror}; give another --db"), p=p, strerror=exc.strerror
        ) from None
    if p.is_dir():
        raise LedgerUnavailable(_("ledger path {p} is a directory; give a file name, e.g. {x}"), p=p, x=p / "ledger.db")
    if not os.access(p, os.R_OK):
        raise LedgerUnavailable(_("ledger {p} is not readable; check its permissions"), p=p)
    return st.st_size


def _check_header(p: Path) -> None:
    """The first bytes, read without SQLite: a file that is no SQLite
    database is refused before SQLite could leave a file beside it. Only
    before this process first opens the file with SQLite: closing any other
    handle of a file drops the process's SQLite locks on it (POSIX)."""
    key = str(p.resolve())
    if key in Opened.by_sqlite:
        return
    try:
        with open(p, "rb") as f:
            head = f.read(100)
    except OSError as exc:
        raise LedgerUnavailable(_("cannot read ledger {p}: {strerror}"), p=p, strerror=exc.strerror) from None
    if not head.startswith(SQLITE_MAGIC):
        raise NotALedger(p, "not an SQLite database")
    if len(head) < 100:
        raise LedgerDamaged(p, "the file is cut short")
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    if page < 512 or page & (page - 1):
        raise LedgerDamaged(p, "its header is damaged")
    Opened.by_sqlite.add(key)


def _writable(p: Path) -> bool:
    """Can this process write the file and create the WAL files beside it?"""
    return os.access(p, os.W_OK) and os.access(p.parent, os.W_OK)


def _connect(target: str, uri: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(target, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, uri=uri)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return conn


def _db(conn: sqlite3.Connection) -> sqlite_utils.Database:
    """sqlite-utils over ``conn``, without its plugins (their entry-point scan costs every start)."""
    return sqlite_utils.Database(conn, execute_plugins=False)


def _in_memory() -> sqlite_utils.Database:
    """An empty ledger that lives only in this process: what a command sees
    where there is no ledger yet, and what its first write goes to before
    the file is made (``copy_new``). Named, so the file's connection can
    attach it."""
    uri = f"file:schreiber-new-{os.getpid()}-{next(_NEW)}?mode=memory&cache=shared"
    conn = _connect(uri, uri=True)
    _new_ledger().backup(conn)
    db = _db(conn)
    db.memory_uri = uri  # type: ignore[attr-defined]
    return db


@functools.cache
def _new_ledger() -> sqlite3.Connection:
    """Every migration applied to an empty ledger, once a process, in memory:
    what each new ledger is made from (``_in_memory``, ``_create``)."""
    conn = _connect(":memory:")
    migrations.apply(_db(conn))
    return conn


def _create(conn: sqlite3.Connection) -> None:
    """Make a file without tables a new ledger, inside the caller's
    transaction: the schema and rows of ``_new_ledger``, statement by
    statement in the order they were made."""
    new = _new_ledger()
    conn.execute("PRAGMA defer_foreign_keys = ON")
    rows = "select type, name, sql from sqlite_master where sql is not null order by rowid"
    for _kind, name, sql in new.execute(rows).fetchall():
        if not name.startswith("sqlite_"):
            conn.execute(sql)
    for kind, name, _sql in new.execute(rows).fetchall():
        if kind == "table":
            for row in new.execute(f'select * from "{name}"').fetchall():
                conn.execute(f'insert into main."{name}" values ({", ".join("?" * len(row))})', row)


def copy_new(memory: sqlite_utils.Database, path: Path, create_folder: bool) -> sqlite_utils.Database:
    """The file made for the first write, with the rows that write put into
    the in-memory ledger; refused if another process filled the file meanwhile."""
    db = create_database(path, create_folder)
    conn = db.conn
    conn.execute("ATTACH DATABASE ? AS new", [memory.memory_uri])  # type: ignore[attr-defined]
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("PRAGMA defer_foreign_keys = ON")
        filled = "select exists(select 1 from main.players) or exists(select 1 from main.evenings)"
        if conn.execute(filled).fetchone()[0]:
            conn.execute("ROLLBACK")
            raise LedgerUnavailable(
                _("ledger {path} was created by another schreiber meanwhile; nothing was written; try again"), path=path
            )
        for t in _parents_first(conn):
            conn.execute(f'insert or ignore into main."{t}" select * from new."{t}"')  # or ignore: seeded tables
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        conn.close()
        raise
    conn.execute("DETACH DATABASE new")
    return db


def is_ours(conn: sqlite3.Connection, p: Path) -> bool | None:
    """True: a marked ledger; False: a ledger of an older schreiber, not
    marked yet; None: an SQLite file without tables. Raises NotALedger for
    anything else and NewerLedger for a newer schreiber's ledger. Reads only."""
    app_id, version = (conn.execute(f"pragma {p_}").fetchone()[0] for p_ in ("application_id", "user_version"))
    names = {r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")}
    if app_id not in (0, APPLICATION_ID):
        raise NotALedger(p, f"another program's SQLite file, application id {app_id:#x}")
    if app_id == APPLICATION_ID and version > LEDGER_FORMAT:
        raise NewerLedger(p, f"ledger format {version}; this one knows {LEDGER_FORMAT}")
    if not names and app_id == 0:
        if version:
            raise NotALedger(p, f"an SQLite file of another program, user version {version}")
        return None
    applied = set()
    if "_sqlite_migrations" in names:
        applied = {
            r[0] for r in conn.execute("select name from _sqlite_migrations where migration_set = ?", [MIGRATION_SET])
        }
        if not applied and app_id == 0:
            raise NotALedger(p, "an SQLite file with another program's migrations")
    if app_id == 0 and not (names >= LEDGER_TABLES):
        raise NotALedger(p, "an SQLite file without a ledger's tables")
    unknown = sorted(applied - KNOWN_MIGRATIONS)
    if unknown:
        raise NewerLedger(p, f"schema step {', '.join(unknown)}; update schreiber")
    return app_id == APPLICATION_ID


def is_ledger_file(p: Path) -> bool:
    """Whether the regular file ``p`` is a schreiber ledger, this version's,
    an older or a newer one, as ``is_ours`` recognizes one (an SQLite file
    without tables is none). Reads only: the header as plain bytes, then,
    for an unmarked SQLite file, its tables through a read-only connection."""
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
            conn = _connect(base + query, uri=True)
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


def _open_existing(p: Path, create: bool = False) -> sqlite_utils.Database | None:
    """A writable connection to ``p`` once it is known to be ours: marked,
    migrated; None for an SQLite file without tables (unless ``create``)."""
    try:
        conn = _connect("file:" + quote(str(p.resolve())), uri=True)  # a URI: ATTACH of a named memory db works
    except sqlite3.Error as exc:
        raise _problem(p, exc) from None
    try:
        ours = is_ours(conn, p)
        if ours is None and not create:
            conn.close()
            return None
        db = _db(conn)
        _set_pragmas(conn)
        if not ours or migrations.pending(db):
            _migrate(db, p)
    except sqlite3.Error as exc:
        conn.close()
        raise _problem(p, exc) from None
    except BaseException:
        conn.close()
        raise
    return db


def _problem(p: Path, exc: sqlite3.Error) -> Exception:
    found = sqlite_problem(p, exc)
    if found is not None:
        return found
    if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
        return NotALedger(p, f"not an SQLite database: {exc}")
    return LedgerUnavailable(_("cannot use ledger {p}: {exc}"), p=p, exc=exc)


def _open_read_only(p: Path, writable: bool = False) -> sqlite_utils.Database:
    """A ledger opened only to be read: where it could be written, as usual
    but with writes refused (``query_only``; the WAL files go when it is
    closed); where it cannot, through SQLite's read-only mode, and where
    even the WAL index cannot be made (a read-only folder or medium), as an
    unchanging file."""
    base = "file:" + quote(str(p.resolve()))
    last: sqlite3.Error | None = None
    for query in ("?mode=rw", "?mode=ro", "?immutable=1") if writable else ("?mode=ro", "?immutable=1"):
        conn = None
        try:
            conn = _connect(base + query, uri=True)
            conn.execute("PRAGMA query_only = ON")
            ours = is_ours(conn, p)
        except sqlite3.Error as exc:
            if conn is not None:
                conn.close()
            last = exc
            continue
        except BaseException:
            if conn is not None:
                conn.close()
            raise
        db = _db(conn)
        if ours is None or migrations.pending(db):
            conn.close()
            raise NeedsSchema(p, writable)
        return db
    assert last is not None
    raise _problem(p, last)


def open_to_read(path: Path) -> tuple[sqlite3.Connection, bool]:
    """Another ledger file, opened only to be read (``schreiber merge``) and
    checked as every ledger opened here is (``_inspect``, ``_check_header``,
    ``is_ours``, SQLite's ``quick_check``): anything but a whole ledger of
    this or an older schreiber is refused with the error any command gives
    for it. Never written, never migrated. Returns the connection and
    whether its schema is older than this schreiber's (``migrated_copy``)."""
    if not _inspect(path, False):
        raise NotALedger(path, "an empty file")
    _check_header(path)
    try:
        conn = _connect("file:" + quote(str(path.resolve())) + "?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise _problem(path, exc) from None
    try:
        conn.execute("PRAGMA query_only = ON")
        if is_ours(conn, path) is None:
            raise NotALedger(path, "an SQLite file without tables")
        quick_check(conn, path)
        older = bool(migrations.pending(_db(conn)))
    except sqlite3.Error as exc:
        conn.close()
        raise _problem(path, exc) from None
    except BaseException:
        conn.close()
        raise
    return conn, older


def migrated_copy(conn: sqlite3.Connection, target: Path) -> sqlite3.Connection:
    """The ledger read through ``conn`` (``open_to_read``: of an older
    schema) copied to ``target`` and brought to this schreiber's schema
    there, as opening it would (marked, every migration applied); the file
    ``conn`` reads is not written. The copy, open for reading."""
    copy = _connect(str(target))
    try:
        conn.backup(copy)
        _migrate(_db(copy), target, backup=False)
        copy.execute("PRAGMA query_only = ON")
    except BaseException:
        copy.close()
        raise
    return copy


def _set_pragmas(conn: sqlite3.Connection) -> None:
    if conn.execute("pragma journal_mode").fetchone()[0] != "wal":
        conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA synchronous = NORMAL")


def left_whole(p: Path) -> bool:
    """Whether the file is as schreiber left it after its last write to a
    ledger it knew whole (``mark_whole``): its time of change still carries
    schreiber's mark (a change by anything else, however soon after, sets
    the clock's time there, and a copy or a file of another size has
    another mark), and no change waits in SQLite's ``-wal`` file. Some stat
    calls: the same on a ledger of decades as on a new one."""
    try:
        st = os.stat(p)
        wal = os.stat(p.with_name(p.name + "-wal")).st_size
    except FileNotFoundError:
        wal = 0
    except OSError:
        return False
    return wal == 0 and st.st_mtime_ns == _mark(st)


def _mark(st: os.stat_result) -> int:
    """The time of change schreiber gives the file: the time it has, to the
    tenth of a millisecond (so that a tool comparing times, such as a
    backup's, sees every write), and below it a digest of the file's
    device, inode, size and that time (what another program's change, at
    the clock's time, carries once in 100,000)."""
    kept = st.st_mtime_ns // 10**5 * 10**5
    return kept + zlib.crc32(f"{st.st_dev}:{st.st_ino}:{st.st_size}:{kept}".encode()) % 10**5


def mark_whole(conn: sqlite3.Connection, p: Path) -> None:
    """After a write to a ledger known whole: its ``-wal`` file copied into
    it and emptied, and the file marked as schreiber left it
    (``left_whole``). Where another process reads or writes meanwhile, or
    the file's times cannot be set, it stays unmarked: the next write that
    starts something checks the whole file."""
    try:
        conn.execute("PRAGMA busy_timeout = 0")
        try:
            busy = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
        finally:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        st = os.stat(p)
        if not busy:
            os.utime(p, ns=(st.st_atime_ns, _mark(st)))
    except (sqlite3.Error, OSError):
        pass


def quick_check(conn: sqlite3.Connection, p: Path) -> None:
    """Refuse a damaged ledger (SQLite's own ``quick_check``)."""
    rows = [r[0] for r in conn.execute("PRAGMA quick_check(3)")]
    if rows != ["ok"]:
        lines = [line for r in rows for line in r.splitlines() if not line.startswith("***")]
        raise LedgerDamaged(p, "; ".join(lines[:2]) + ("; ..." if len(lines) > 2 else ""))


def _migrate(db: sqlite_utils.Database, path: Path, backup: bool = True) -> None:
    """Mark the ledger as ours and apply the pending migrations, under the
    write lock, so two processes opening the same old or new file at once
    do not both migrate (one would fail "database is locked"). An existing
    ledger is checked and backed up first (``backup``; not a copy made to
    be migrated, ``migrated_copy``: the file it was made from stays as it
    was); a file without tables is made a new ledger (``_create``). Each
    migration runs in a savepoint inside it."""
    conn = db.conn
    conn.execute("BEGIN IMMEDIATE")
    try:
        ours = is_ours(conn, path)  # again, under the lock: another process may have been first
        pending = migrations.pending(db)
        if ours is not None and pending and backup:
            quick_check(conn, path)
            _backup_before_migration(path)
        if ours is None:
            _create(conn)
        elif pending:
            migrations.apply(db)
        if pending:
            fault("migration")
        if not ours:
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {LEDGER_FORMAT}")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _backup_before_migration(path: Path) -> None:
    """A copy of the ledger as it was, beside it, that is always whole and
    leaves nothing behind if the process is killed (``backup.write_copy``)."""
    from .backup import write_copy

    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.before-migration-{stamp}.bak")
    for n in itertools.count(2):  # never over a file that is there (an earlier copy, another ledger)
        if not (target.exists() or target.is_symlink()):
            break
        target = path.with_name(f"{path.name}.before-migration-{stamp}-{n}.bak")
    if Opened.on_migrate is not None:
        Opened.on_migrate(path, target)
    src = sqlite3.connect(str(path))  # not the migrating connection: it holds the write lock
    try:
        write_copy(src, target, path)
    finally:
        src.close()
