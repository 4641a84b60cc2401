"""Opening a ledger file: recognize ours, refuse everything else untouched,
create or migrate ours.

A ledger carries ``PRAGMA application_id`` ``APPLICATION_ID`` ("SCHR") and
``user_version`` ``LEDGER_FORMAT``; one of an older schreiber (unmarked) is
known by its tables and applied migrations, and marked at its next write.
Anything else (another program's SQLite file, even one with sqlite-utils
migrations of its own) is refused before anything is written to or beside
it: the header is read as plain bytes first.

A missing (or empty) file is no ledger yet: a command sees an empty one in
memory; the file is made at the first write or once the command has
succeeded (``Opened.make_missing_files``), so a failed command leaves none.
A file this process cannot write is opened read-only. Writable connections
run in WAL mode with a busy timeout, so several processes can write one
file. An older schema is migrated in place, under the write lock, after a
``quick_check`` and a backup beside it.
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
from ..i18n import N_, _
from . import Opened
from .errors import LedgerDamaged, LedgerUnavailable, NeedsSchema, NotALedger, sqlite_problem
from .migrations import migrations
from .recognize import APPLICATION_ID, BUSY_TIMEOUT_MS, LEDGER_FORMAT, SQLITE_MAGIC, is_ours
from .recognize import connect as _connect

_NEW = itertools.count()


def open_database(
    path: Path, create_folder: bool = False, read_only: bool = False
) -> tuple[sqlite_utils.Database, str]:
    """The ledger at ``path`` and how it is open: ``"rw"``; ``"ro"`` (this
    process cannot write it, or ``read_only``); or ``"new"`` (no ledger
    there yet: an empty one in memory until ``create_database``).
    ``create_folder``: a missing folder is made at the first write (the
    app directory's default ledger), else refused."""
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
    """The ledger at ``path`` made ready for a write: created (with its folder, if asked) or migrated."""
    if create_folder and not path.parent.exists():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise LedgerUnavailable(
                _("cannot create the folder for the ledger {path}: {strerror}"), path=path, strerror=exc.strerror
            ) from None
    if _inspect(path, False):
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
    before SQLite first opens the file here: closing another handle of it
    drops the process's SQLite locks (POSIX)."""
    key = str(p.resolve())
    if key in Opened.by_sqlite:
        return
    try:
        with open(p, "rb") as f:
            head = f.read(100)
    except OSError as exc:
        raise LedgerUnavailable(_("cannot read ledger {p}: {strerror}"), p=p, strerror=exc.strerror) from None
    if not head.startswith(SQLITE_MAGIC):
        raise NotALedger(p, _("not an SQLite database"))
    if len(head) < 100:
        raise LedgerDamaged(p, _("the file is cut short"))
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    if page < 512 or page & (page - 1):
        raise LedgerDamaged(p, _("its header is damaged"))
    Opened.by_sqlite.add(key)


def _writable(p: Path) -> bool:
    """Can this process write the file and create the WAL files beside it?"""
    return os.access(p, os.W_OK) and os.access(p.parent, os.W_OK)


def _db(conn: sqlite3.Connection) -> sqlite_utils.Database:
    """sqlite-utils over ``conn``, without its plugins (their entry-point scan costs every start)."""
    return sqlite_utils.Database(conn, execute_plugins=False)


def _in_memory() -> sqlite_utils.Database:
    """An empty ledger in this process's memory, where there is none yet
    (its first write goes here before ``copy_new``); named, so the file's
    connection can attach it."""
    uri = f"file:schreiber-new-{os.getpid()}-{next(_NEW)}?mode=memory&cache=shared"
    conn = _connect(uri, uri=True)
    _new_ledger().backup(conn)
    db = _db(conn)
    db.memory_uri = uri  # type: ignore[attr-defined]
    return db


@functools.cache
def _new_ledger() -> sqlite3.Connection:
    """Every migration applied to an empty ledger in memory, once a process: what new ledgers are made from."""
    conn = _connect(":memory:")
    migrations.apply(_db(conn))
    return conn


def _create(conn: sqlite3.Connection) -> None:
    """A file without tables made a new ledger (in the caller's
    transaction): ``_new_ledger``'s schema and rows, in the order made."""
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


SCHEMA_ROWS = "select type, name, sql from sqlite_master where sql is not null and name not like 'sqlite_%'"
KINDS = {"table": N_("table"), "view": N_("view"), "index": N_("index"), "trigger": N_("trigger")}


def schema_problems(conn: sqlite3.Connection) -> list[str]:
    """What the file's schema lacks of this version's, or holds otherwise:
    every table, view, index and trigger a new ledger is made with (a
    ledger brought up to this version has the same, word for word), and no
    trigger of its own (it would change what a write does). A table, view or
    index added beside them (an organizer's own) is no problem."""
    want = {(t, n): sql for t, n, sql in _new_ledger().execute(SCHEMA_ROWS)}
    have = {(t, n): sql for t, n, sql in conn.execute(SCHEMA_ROWS)}
    problems = []
    for (kind, name), sql in want.items():
        what = _(KINDS.get(kind, kind))
        if (kind, name) not in have:
            problems.append(_("{kind} {name} is missing").format(kind=what, name=name))
        elif " ".join(have[kind, name].split()) != " ".join(sql.split()):
            problems.append(_("{kind} {name} is not as this version makes it").format(kind=what, name=name))
    problems += [
        _("trigger {name} is not schreiber's").format(name=name)
        for kind, name in have
        if kind == "trigger" and (kind, name) not in want
    ]
    return problems


def copy_new(memory: sqlite_utils.Database, path: Path, create_folder: bool) -> sqlite_utils.Database:
    """The file made for the first write, with its rows from memory; refused if another process filled it meanwhile."""
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
    except BaseException as exc:
        conn.close()
        if isinstance(exc, sqlite3.Error):
            raise _problem(p, exc) from None
        raise
    return db


def _problem(p: Path, exc: sqlite3.Error) -> Exception:
    found = sqlite_problem(p, exc)
    if found is not None:
        return found
    if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
        return NotALedger(p, _("not an SQLite database: {exc}").format(exc=exc))
    return LedgerUnavailable(_("cannot use ledger {p}: {exc}"), p=p, exc=exc)


def _open_read_only(p: Path, writable: bool = False) -> sqlite_utils.Database:
    """A ledger opened only to be read: with writes refused (``query_only``)
    where it could be written, else in SQLite's read-only mode, and where
    not even the WAL index can be made, as an unchanging file."""
    base = "file:" + quote(str(p.resolve()))
    last: sqlite3.Error | None = None
    for query in ("?mode=rw", "?mode=ro", "?immutable=1") if writable else ("?mode=ro", "?immutable=1"):
        conn = None
        try:
            conn = _connect(base + query, uri=True)
            conn.execute("PRAGMA query_only = ON")
            ours = is_ours(conn, p)
        except BaseException as exc:
            if conn is not None:
                conn.close()
            if not isinstance(exc, sqlite3.Error):
                raise
            last = exc
            continue
        db = _db(conn)
        if ours is None or migrations.pending(db):
            conn.close()
            raise NeedsSchema(p, writable)
        return db
    assert last is not None
    raise _problem(p, last)


def open_to_read(path: Path) -> tuple[sqlite3.Connection, bool]:
    """Another ledger file (``schreiber merge``), opened to be read only and
    checked as every ledger is, plus SQLite's ``quick_check``: anything but
    a whole ledger of this or an older schreiber is refused as any command
    refuses it. The connection, and whether its schema is older."""
    if not _inspect(path, False):
        raise NotALedger(path, _("an empty file"))
    _check_header(path)
    try:
        conn = _connect("file:" + quote(str(path.resolve())) + "?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise _problem(path, exc) from None
    try:
        conn.execute("PRAGMA query_only = ON")
        if is_ours(conn, path) is None:
            raise NotALedger(path, _("an SQLite file without tables"))
        quick_check(conn, path)
        older = bool(migrations.pending(_db(conn)))
    except BaseException as exc:
        conn.close()
        if isinstance(exc, sqlite3.Error):
            raise _problem(path, exc) from None
        raise
    return conn, older


def migrated_copy(conn: sqlite3.Connection, target: Path) -> sqlite3.Connection:
    """The older ledger ``conn`` reads, copied to ``target`` and migrated
    there as opening it would; the copy, open for reading."""
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
    """Whether the file is as schreiber left it after a write to a ledger
    known whole (``mark_whole``): its time of change still carries
    schreiber's mark (any other change sets the clock's time; a copy or
    another size gives another mark), and nothing waits in its ``-wal``
    file. Some stat calls, whatever the ledger's size."""
    try:
        st = os.stat(p)
        wal = os.stat(p.with_name(p.name + "-wal")).st_size
    except FileNotFoundError:
        wal = 0
    except OSError:
        return False
    return wal == 0 and st.st_mtime_ns == _mark(st)


def _mark(st: os.stat_result) -> int:
    """The time of change schreiber gives the file: its time to the tenth
    of a millisecond (a backup tool comparing times sees every write), and
    below it a digest of its device, inode, size and that time (which
    another program's change carries once in 100,000)."""
    kept = st.st_mtime_ns // 10**5 * 10**5
    return kept + zlib.crc32(f"{st.st_dev}:{st.st_ino}:{st.st_size}:{kept}".encode()) % 10**5


def mark_whole(conn: sqlite3.Connection, p: Path) -> None:
    """After a write to a ledger known whole: its ``-wal`` file copied into
    it and emptied, and the file marked (``left_whole``). Where another
    process is busy with it or its times cannot be set, it stays unmarked:
    the next write that starts something checks it whole."""
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
    """Mark the ledger as ours and apply the pending migrations under the
    write lock (two processes opening one file never both migrate). An
    existing ledger is checked and, with ``backup``, backed up first; a
    file without tables is made a new ledger (``_create``)."""
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
    """A copy of the ledger as it was, beside it (``backup.write_copy``: whole, or nothing)."""
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
