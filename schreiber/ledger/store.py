"""The ledger: one SQLite file, owned by this module alone.

The entries of an evening (hands, Radl starts, redeals, penalty points) are
the record; corrections append (an entry is voided, a replacement added,
the correction itself logged), nothing is erased. The scored results and
payments beside them are derived: they are written in the same transaction
as the entry, and recomputed for the whole evening after a correction, so
later hands that depend on evening state are re-scored consistently.
Every write is one short ``BEGIN IMMEDIATE`` transaction; the file runs in
WAL mode with a busy timeout so several processes can write at once.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import os
import sqlite3
from fractions import Fraction
from pathlib import Path
from typing import Iterator

import sqlite_utils
from sqlite_utils import Migrations

from ..errors import SchreiberError
from ..domain.evening import Outcome, State, initial_state, replay, step
from ..domain.record import HandError
from ..domain.rules import Rules, rules_from_json

# Points are exact fractions; for SQL sums they are also kept as integers
# in units of 1/2520 point (2520 = lcm(1..10): every share that occurs).
POINT_UNITS = 2520
BUSY_TIMEOUT_MS = 10_000

migrations = Migrations("schreiber")


@migrations()
def m001_initial(db: sqlite_utils.Database) -> None:
    db["players"].create({"id": int, "name": str, "created_utc": str}, pk="id", not_null={"name"})
    db["players"].create_index(["name"], unique=True)
    db["evenings"].create(
        {
            "id": int, "date": str, "preset": str, "rules_json": str, "seating_json": str,
            "first_dealer": str, "tarif_cents": int, "status": str, "start_pot": str,
            "created_utc": str, "closed_utc": str,
        },
        pk="id",
        defaults={"status": "open", "start_pot": "0"},
    )
    db["evening_players"].create(
        {"evening_id": int, "seat": int, "player_id": int},
        pk=("evening_id", "seat"),
        foreign_keys=[("evening_id", "evenings", "id"), ("player_id", "players", "id")],
    )
    db["entries"].create(
        {
            "id": int, "evening_id": int, "seq": int, "kind": str, "number": int,
            "record_json": str, "player": str, "status": str, "replaces": int, "created_utc": str,
        },
        pk="id",
        defaults={"status": "active"},
        foreign_keys=[("evening_id", "evenings", "id")],
    )
    db["entries"].create_index(["evening_id", "seq"])
    db["corrections"].create(
        {"id": int, "evening_id": int, "kind": str, "entry_id": int, "replacement_id": int,
         "created_utc": str},
        pk="id",
        foreign_keys=[("evening_id", "evenings", "id")],
    )
    db["results"].create(
        {
            "entry_id": int, "evening_id": int, "number": int, "kind": str, "dealer": str,
            "contract": str, "declarer": str, "partner": str, "won": int, "kontra": str,
            "radl_factor": int, "pot_after": str, "state_json": str, "items_json": str,
        },
        pk="entry_id",
        foreign_keys=[("entry_id", "entries", "id"), ("evening_id", "evenings", "id")],
    )
    db["results"].create_index(["evening_id"])
    db["payments"].create(
        {"entry_id": int, "evening_id": int, "player_id": int, "points": str, "points_x2520": int},
        pk=("entry_id", "player_id"),
        foreign_keys=[("entry_id", "entries", "id"), ("player_id", "players", "id")],
    )
    db["payments"].create_index(["evening_id"])
    db["payments"].create_index(["player_id"])


@migrations()
def m002_derived_stats(db: sqlite_utils.Database) -> None:
    """Statistics tables (who played which role, premiums, Kontras) and the
    Datasette views; see schreiber/derived.py and docs/datasette.md."""
    from .derived import backfill, create_schema

    create_schema(db)
    backfill(db)


@migrations()
def m003_written_score(db: sqlite_utils.Database) -> None:
    """The written score (Schrift) of a hand where a rule makes it differ
    from the money (Skoty Trophy: only the simple Kontra on the sheet)."""
    db["results"].add_column("written_json", str)


LEDGER_TABLES = {"players", "evenings", "entries", "results", "payments"}


def default_path() -> Path:
    import typer  # only for its app-dir convention

    return Path(typer.get_app_dir("schreiber")) / "ledger.db"


def now_utc() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def frac(text: str | None) -> Fraction:
    return Fraction(text) if text else Fraction(0)


def units(v: Fraction) -> int:
    scaled = v * POINT_UNITS
    if scaled.denominator != 1:
        raise SchreiberError(f"internal: {v} is not a multiple of 1/{POINT_UNITS} point")
    return int(scaled)


class Ledger:
    """An open ledger file."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.db = self._connect()

    # Opening ---------------------------------------------------------------

    def _connect(self) -> sqlite_utils.Database:
        p = self.path
        if p.exists() and p.is_dir():
            raise SchreiberError(f"ledger path {p} is a directory; give a file name, e.g. {p / 'ledger.db'}")
        if not p.parent.exists():
            try:
                p.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise SchreiberError(f"cannot create the folder for the ledger {p}: {exc.strerror}") from None
        if p.exists() and not os.access(p, os.R_OK):
            raise SchreiberError(f"ledger {p} is not readable; check its permissions")
        existed = p.exists() and p.stat().st_size > 0
        try:
            conn = sqlite3.connect(str(p), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            names = {r[0] for r in conn.execute("select name from sqlite_master where type='table'")}
        except sqlite3.DatabaseError as exc:
            if "readonly" in str(exc) or "unable to open" in str(exc):  # e.g. WAL files in a read-only folder
                raise SchreiberError(f"cannot open ledger {p} for writing ({exc}); check the path and the permissions "
                                     "of the file and its folder, or copy it somewhere writable") from None
            raise SchreiberError(f"{p} is not a schreiber ledger (not an SQLite database: {exc}); give another --db") from None
        if existed and names and not (LEDGER_TABLES <= names) and "_sqlite_migrations" not in names:
            conn.close()
            raise SchreiberError(f"{p} is an SQLite file but not a schreiber ledger; give another --db")
        db = sqlite_utils.Database(conn, execute_plugins=False)  # no plugins: skips an entry-point scan (~15 ms)
        try:
            if conn.execute("pragma journal_mode").fetchone()[0] != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA synchronous = NORMAL")
            if migrations.pending(db):
                # Under the write lock, so two processes opening the same old or new
                # file at once do not both migrate (one would fail "database is locked").
                # Each migration runs in a savepoint inside it; one registered with
                # transactional=False (VACUUM) would have to run after the COMMIT.
                conn.execute("BEGIN IMMEDIATE")
                try:
                    if migrations.pending(db):
                        if existed:
                            self._backup_before_migration(conn)
                        migrations.apply(db)
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            msg = str(exc)
            if "readonly" in msg or "read-only" in msg:
                raise SchreiberError(f"ledger {p} is read-only; copy it somewhere writable or fix its permissions") from None
            if "unable to open" in msg:
                raise SchreiberError(f"cannot open ledger {p}; check the path and permissions") from None
            raise SchreiberError(f"cannot use ledger {p}: {msg}") from None
        return db

    def _backup_before_migration(self, conn: sqlite3.Connection) -> None:
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.before-migration-{stamp}.bak")
        dest = sqlite3.connect(str(target))
        src = sqlite3.connect(str(self.path))  # not ``conn``: it holds the write lock, its backup would never finish
        with dest:
            src.backup(dest)
        src.close()
        dest.close()

    def close(self) -> None:
        self.db.conn.close()

    @contextlib.contextmanager
    def write(self) -> Iterator[sqlite_utils.Database]:
        """One short write transaction: all of it lands, or none of it."""
        conn = self.db.conn
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if "readonly" in str(exc):
                raise SchreiberError(f"ledger {self.path} is read-only; nothing was written") from None
            raise
        try:
            yield self.db
        except BaseException as exc:
            if conn.in_transaction:  # some errors (disk full) end the transaction themselves
                conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.OperationalError) and "readonly" in str(exc):
                # a read-only file in a writable folder: BEGIN passes, the first write fails
                raise SchreiberError(f"ledger {self.path} is read-only; nothing was written") from None
            raise
        else:
            conn.execute("COMMIT")

    # Players and evenings ------------------------------------------------

    def player_id(self, name: str) -> int:
        row = self.db.execute("select id from players where name = ?", [name]).fetchone()
        if row:
            return row[0]
        return self.db["players"].insert({"name": name, "created_utc": now_utc()}).last_pk

    def open_evening(self) -> dict:
        rows = list(self.db.query("select * from evenings where status = 'open' order by id desc limit 1"))
        if not rows:
            raise SchreiberError("no evening is open; start one with: schreiber evening start NAME NAME NAME NAME")
        return rows[0]

    def evening(self, evening_id: int) -> dict:
        rows = list(self.db.query("select * from evenings where id = ?", [evening_id]))
        if not rows:
            raise SchreiberError(f"there is no evening {evening_id}; see schreiber evening list")
        return rows[0]

    def start_evening(self, players: tuple[str, ...], rules: Rules, date: str, dealer: str | None,
                      tarif_cents: int | None = None, start_pot: Fraction = Fraction(0)) -> int:
        with self.write() as db:
            for row in db.query("select id from evenings where status = 'open'"):
                db.execute("update evenings set status = 'closed', closed_utc = ? where id = ?", [now_utc(), row["id"]])
            evening_id = db["evenings"].insert({
                "date": date, "preset": rules.preset, "rules_json": rules.to_json(),
                "seating_json": json.dumps(list(players), ensure_ascii=False),
                "first_dealer": dealer or players[0],
                "tarif_cents": rules.tarif_cents if tarif_cents is None else tarif_cents,
                "status": "open", "start_pot": str(start_pot), "created_utc": now_utc(),
            }).last_pk
            for seat, name in enumerate(players):
                db["evening_players"].insert({"evening_id": evening_id, "seat": seat, "player_id": self.player_id(name)})
        return evening_id

    @staticmethod
    def seating(evening: dict) -> tuple[str, ...]:
        return tuple(json.loads(evening["seating_json"]))

    @staticmethod
    def rules(evening: dict) -> Rules:
        return rules_from_json(evening["rules_json"])

    def start_state(self, evening: dict, rules: Rules | None = None) -> State:
        rules = rules or self.rules(evening)
        return initial_state(rules, self.seating(evening), evening["first_dealer"], frac(evening["start_pot"]))

    # Entries ---------------------------------------------------------------

    def active_entries(self, evening_id: int) -> list[dict]:
        return list(self.db.query(
            "select * from entries where evening_id = ? and status = 'active' order by seq, id", [evening_id]
        ))

    def all_entries(self, evening_id: int) -> list[dict]:
        return list(self.db.query("select * from entries where evening_id = ? order by seq, id", [evening_id]))

    @staticmethod
    def entry_dict(row: dict) -> dict:
        e = {"kind": row["kind"]}
        if row["kind"] == "hand":
            e["record"] = json.loads(row["record_json"])
        if row["player"]:
            e["player"] = row["player"]
        return e

    def _last_state(self, evening: dict, rules: Rules) -> State:
        row = self.db.execute(
            "select r.state_json from results r join entries e on e.id = r.entry_id "
            "where e.evening_id = ? and e.status = 'active' order by e.seq desc, e.id desc limit 1",
            [evening["id"]],
        ).fetchone()
        return State.from_json(row[0]) if row else self.start_state(evening, rules)

    def _check_open(self, evening: dict) -> None:
        if evening["status"] != "open":
            raise SchreiberError(
                f"evening {evening['id']} ({evening['date']}) is closed; reopen it with: schreiber evening reopen {evening['id']}"
            )

    def add_entry(self, entry: dict, evening: dict | None = None) -> tuple[int, Outcome]:
        """Score and record one entry in one transaction."""
        with self.write():
            evening = evening or self.open_evening()
            self._check_open(evening)
            rules = self.rules(evening)
            players = self.seating(evening)
            state = self._last_state(evening, rules)
            try:
                outcome = step(rules, players, state, entry)
            except HandError as exc:
                raise SchreiberError(str(exc)) from None
            seq_row = self.db.execute("select coalesce(max(seq), 0) from entries where evening_id = ?", [evening["id"]]).fetchone()
            number = None
            if entry["kind"] == "hand":
                number = self.db.execute(
                    "select coalesce(max(number), 0) + 1 from entries where evening_id = ? and kind = 'hand'",
                    [evening["id"]],
                ).fetchone()[0]
                entry = dict(entry, record=stored_record(outcome))
            entry_id = self._insert_entry(evening["id"], seq_row[0] + 1, entry, number)
            self._insert_result(evening["id"], entry_id, number, outcome)
        return (number or 0), outcome

    def _score_each(self, entries: list[dict], evening: dict):
        """(index, entry, outcome, problem) for each entry, scored one after
        the other from the evening's last state; a bad entry (problem set,
        outcome None) is skipped, as if it were left out."""
        rules = self.rules(evening)
        players = self.seating(evening)
        state = self._last_state(evening, rules)
        for i, entry in enumerate(entries):
            try:
                o = step(rules, players, state, entry)
            except HandError as exc:
                yield i, entry, None, str(exc)
                continue
            except (KeyError, TypeError, ValueError) as exc:
                yield i, entry, None, f"not a valid entry ({type(exc).__name__}: {exc})"
                continue
            state = o.state
            yield i, entry, o, None

    def check_entries(self, entries: list[dict], evening: dict) -> list[tuple[int, str]]:
        """(index, problem) for every entry that cannot be scored (no write)."""
        return [(i, problem) for i, _, _, problem in self._score_each(entries, evening) if problem]

    def add_entries(self, entries: list[dict], evening: dict | None = None, labels: list[str] | None = None,
                    progress=None) -> list[int]:
        """Score and record many entries (an import) in ONE transaction: all
        of them land, or none. Scored incrementally from the evening's last
        state, as ``add_entry`` would one by one, without replaying, and
        written as they are scored (nothing is held in memory). Any bad entry
        raises SchreiberError naming every bad one by ``labels[i]`` (default
        "entry N") and the transaction is rolled back. Returns the hand
        number of each entry (0 for other entries). ``progress(done, total)``
        is called now and then."""
        labels = labels or [f"entry {i}" for i in range(1, len(entries) + 1)]
        total = len(entries)
        every = max(1, total // 50)
        with self.write():
            evening = evening or self.open_evening()
            self._check_open(evening)
            seq, number = self.db.execute(
                "select coalesce(max(seq), 0), coalesce(max(case when kind = 'hand' then number end), 0) "
                "from entries where evening_id = ?", [evening["id"]]).fetchone()
            problems: list[str] = []
            out: list[int] = []
            for i, entry, o, problem in self._score_each(entries, evening):
                if problem:
                    problems.append(f"{labels[i]}: {problem}")
                elif not problems:  # after the first problem only check the rest
                    seq += 1
                    n = None
                    if entry.get("kind", "hand") == "hand":
                        number += 1
                        n = number
                        entry = dict(entry, kind="hand", record=stored_record(o))
                    entry_id = self._insert_entry(evening["id"], seq, entry, n)
                    self._insert_result(evening["id"], entry_id, n, o)
                    out.append(n or 0)
                if progress and (i + 1) % every == 0:
                    progress(i + 1, total)
            if problems:
                more = f"; and {len(problems) - 10} more" if len(problems) > 10 else ""
                raise SchreiberError(f"{len(problems)} of {total} entries are wrong, nothing was added: "
                                     + "; ".join(problems[:10]) + more)
        return out

    def _insert_entry(self, evening_id: int, seq: int, entry: dict, number: int | None, replaces: int | None = None) -> int:
        return self.db["entries"].insert({
            "evening_id": evening_id, "seq": seq, "kind": entry["kind"], "number": number,
            "record_json": json.dumps(entry.get("record"), ensure_ascii=False) if entry.get("record") else None,
            "player": entry.get("player"), "status": "active", "replaces": replaces, "created_utc": now_utc(),
        }).last_pk

    def _insert_result(self, evening_id: int, entry_id: int, number: int | None, o: Outcome) -> None:
        h = o.hand
        won = None
        if o.score and o.score.declarer_won:
            won = int(all(w for _, w in o.score.declarer_won))
        self.db["results"].insert({
            "entry_id": entry_id, "evening_id": evening_id, "number": number, "kind": o.kind,
            "dealer": o.dealer, "contract": h.contract if h else None,
            "declarer": ", ".join(h.declarers) if h else o.player,
            "partner": h.partner if h else None, "won": won,
            "kontra": h.kontra if h else None, "radl_factor": o.radl_factor,
            "pot_after": str(o.state.pot), "state_json": o.state.to_json(),
            "items_json": json.dumps([it.to_json() | {"exact": {p: str(v) for p, v in it.payments},
                                                      "exact_base": str(it.base), "exact_value": str(it.value)}
                                      for it in o.items], ensure_ascii=False),
            "written_json": json.dumps({p: str(v) for p, v in o.written}, ensure_ascii=False) if o.written else None,
        })
        rows = []
        for player, v in o.payments:
            rows.append({"entry_id": entry_id, "evening_id": evening_id, "player_id": self.player_id(player),
                         "points": str(v), "points_x2520": units(v)})
        if rows:
            self.db["payments"].insert_all(rows)
        from .derived import derived_rows, write_rows  # statistics rows (m002)

        write_rows(self.db, derived_rows(evening_id, entry_id, o, self.player_id))

    def rescore(self, evening: dict) -> list[Outcome]:
        """Recompute every derived row of an evening (inside a write)."""
        rules = self.rules(evening)
        players = self.seating(evening)
        rows = self.active_entries(evening["id"])
        try:
            outcomes = replay(rules, players, [self.entry_dict(r) for r in rows], self.start_state(evening, rules))
        except HandError as exc:
            raise SchreiberError(f"the correction would make a later hand invalid: {exc}") from None
        self.db.execute("delete from payments where evening_id = ?", [evening["id"]])
        self.db.execute("delete from results where evening_id = ?", [evening["id"]])
        for row, o in zip(rows, outcomes):
            self._insert_result(evening["id"], row["id"], row["number"], o)
        return outcomes

    def undo(self, any_entry: bool = False) -> dict:
        """Void the last hand of the open evening (recorded); with
        ``any_entry`` the last entry of any kind (a Radl, a redeal, ...)."""
        with self.write():
            evening = self.open_evening()
            self._check_open(evening)
            rows = [r for r in self.active_entries(evening["id"]) if any_entry or r["kind"] == "hand"]
            if not rows:
                raise SchreiberError("there is no hand to undo in this evening")
            last = rows[-1]
            self._void_entry(evening, last["id"], "undo")
            self.rescore(evening)
        return last

    def _void_entry(self, evening: dict, entry_id: int, kind: str, replacement_id: int | None = None) -> None:
        """Mark an entry void and log the correction (undo, void or edit)."""
        self.db.execute("update entries set status = 'void' where id = ?", [entry_id])
        self.db["corrections"].insert({"evening_id": evening["id"], "kind": kind, "entry_id": entry_id,
                                       "replacement_id": replacement_id, "created_utc": now_utc()})

    def _hand_row(self, evening: dict, number: int) -> dict:
        rows = list(self.db.query(
            "select * from entries where evening_id = ? and kind = 'hand' and number = ? and status = 'active'",
            [evening["id"], number]))
        if not rows:
            numbers = [r["number"] for r in self.db.query(
                "select number from entries where evening_id = ? and kind = 'hand' and status = 'active' order by seq",
                [evening["id"]])]
            have = f"hands {numbers[0]}..{numbers[-1]}" if numbers else "no hands yet"
            raise SchreiberError(f"there is no hand {number} in this evening to correct ({have}); see schreiber sheet")
        return rows[0]

    def void(self, number: int) -> dict:
        """Void hand N (it stays on the sheet, marked); later hands are re-scored."""
        with self.write():
            evening = self.open_evening()
            self._check_open(evening)
            row = self._hand_row(evening, number)
            self._void_entry(evening, row["id"], "void")
            self.rescore(evening)
        return row

    def edit(self, number: int, record: dict) -> Outcome:
        """Replace hand N: the old one is voided, the new one takes its place
        (same number, marked as corrected); later hands are re-scored."""
        with self.write():
            evening = self.open_evening()
            self._check_open(evening)
            row = self._hand_row(evening, number)
            new_id = self._insert_entry(evening["id"], row["seq"], {"kind": "hand", "record": record}, number,
                                        replaces=row["id"])
            self._void_entry(evening, row["id"], "edit", new_id)
            outcomes = self.rescore(evening)
            rows = self.active_entries(evening["id"])
            outcome = next(o for r, o in zip(rows, outcomes) if r["id"] == new_id)
            # store the canonical record of the replacement
            self.db.execute("update entries set record_json = ? where id = ?",
                            [json.dumps(stored_record(outcome), ensure_ascii=False), new_id])
        return outcome

    def rename_player(self, old: str, new: str) -> int:
        """Rename a player everywhere (same person); returns evenings touched."""
        new = new.strip()
        if not new:
            raise SchreiberError("the new name is empty")
        with self.write():
            row = self.db.execute("select id from players where name = ?", [old]).fetchone()
            if not row:
                names = [r[0] for r in self.db.execute("select name from players order by name")]
                raise SchreiberError(f"unknown player '{old}'; players: {', '.join(names) or 'none yet'}")
            if self.db.execute("select 1 from players where name = ?", [new]).fetchone():
                raise SchreiberError(f"there is already a player called {new}; pick another name")
            self.db.execute("update players set name = ? where id = ?", [new, row[0]])
            touched = 0
            for ev in list(self.db.query(
                    "select e.* from evenings e join evening_players ep on ep.evening_id = e.id where ep.player_id = ?",
                    [row[0]])):
                seating = [new if p == old else p for p in self.seating(ev)]
                self.db.execute("update evenings set seating_json = ?, first_dealer = ? where id = ?",
                                [json.dumps(seating, ensure_ascii=False),
                                 new if ev["first_dealer"] == old else ev["first_dealer"], ev["id"]])
                for e in list(self.db.query("select id, record_json, player from entries where evening_id = ?",
                                            [ev["id"]])):
                    rec = json.loads(e["record_json"]) if e["record_json"] else None
                    self.db.execute("update entries set record_json = ?, player = ? where id = ?", [
                        json.dumps(_rename(rec, old, new), ensure_ascii=False) if rec else None,
                        new if e["player"] == old else e["player"], e["id"]])
                self.rescore(self.evening(ev["id"]))
                touched += 1
        return touched

    # Reading ---------------------------------------------------------------

    def balance(self, evening_id: int) -> dict[str, Fraction]:
        evening = self.evening(evening_id)
        totals = {p: Fraction(0) for p in self.seating(evening)}
        for name, x in self.db.execute(
            "select p.name, sum(pay.points_x2520) from payments pay join players p on p.id = pay.player_id "
            "join entries e on e.id = pay.entry_id where pay.evening_id = ? and e.status = 'active' group by p.name",
            [evening_id],
        ):
            totals[name] = Fraction(x, POINT_UNITS)
        return totals

    def outcomes(self, evening: dict) -> tuple[list[dict], list[Outcome]]:
        """The active entries and their replayed outcomes (pure, no write)."""
        rules = self.rules(evening)
        rows = self.active_entries(evening["id"])
        outs = replay(rules, self.seating(evening), [self.entry_dict(r) for r in rows], self.start_state(evening, rules))
        return rows, outs

    # Backup ----------------------------------------------------------------

    def backup(self, path: str | Path, overwrite: bool = False) -> Path:
        """Copy the whole ledger to ``path`` with SQLite's online backup API.

        The copy is one consistent snapshot even while other processes add
        hands (in WAL mode a reader never waits for a writer). It is written
        to a temporary file, checked, then renamed into place, so ``path`` is
        never a half-written ledger. A folder as ``path`` gets a dated file.
        """
        target = Path(path).expanduser()
        if target.is_dir():
            stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
            target = target / f"{self.path.stem}-{stamp}.db"
        if target.exists() and target.resolve() == self.path.resolve():
            raise SchreiberError(f"{target} is the ledger itself; give another file for the backup")
        if target.exists() and not overwrite:
            raise SchreiberError(f"{target} already exists; give another name, or --force to replace it")
        if not target.parent.is_dir():
            raise SchreiberError(f"the folder {target.parent} does not exist; create it first")
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            dest = sqlite3.connect(str(tmp), isolation_level=None)
            try:
                self.db.conn.backup(dest)  # all pages in one step: one read snapshot, never restarted
                check = dest.execute("PRAGMA quick_check").fetchone()[0]
            finally:
                dest.close()
            if check != "ok":
                raise SchreiberError(f"the backup failed its check ({check}); the ledger may be damaged, "
                                     f"see PRAGMA integrity_check on {self.path}")
            os.replace(tmp, target)
        except (OSError, sqlite3.Error) as exc:
            raise SchreiberError(f"cannot write the backup {target}: {getattr(exc, 'strerror', None) or exc}") from None
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink()
        return target


def stored_record(outcome: Outcome) -> dict:
    """The canonical hand record as stored: names as seated, and the dealer
    pinned, so a later correction elsewhere never moves who dealt."""
    return dict(outcome.hand.to_json(), dealer=outcome.dealer)


def _rename(value, old: str, new: str):
    """A player's name replaced everywhere in a hand record (keys and values)."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [_rename(v, old, new) for v in value]
    if isinstance(value, dict):
        return {(new if k == old else k): _rename(v, old, new) for k, v in value.items()}
    return value
