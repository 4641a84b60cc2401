"""The statistics rollups (per evening and per year, the counts and each
evening's settled money) stay equal to a full recomputation from every
hand's rows, through hands, imports, random corrections, evenings closed,
re-opened and corrected again, a new tarif, and a merge."""

import contextlib
import datetime as dt
import random
import shutil
import sqlite3

from schreiber.domain.evening import Entry
from schreiber.domain.rules import load_rules
from schreiber.domain.sample import random_hands
from schreiber.errors import SchreiberError
from schreiber.ledger import rollups
from schreiber.ledger.store import Ledger
from schreiber.ledger.stored import DateRange
from schreiber.service import Service

CIRCLES = (("Anna", "Berti", "Carl", "Dora"), ("Fritz", "Gerti", "Hans", "Ilse", "Josef"))
RANGES = (
    DateRange(),
    DateRange("2025-03-01", None),
    DateRange(None, "2025-12-31"),
    DateRange("2025-01-01", "2025-12-31"),
)


def tables(conn: sqlite3.Connection) -> dict[str, list]:
    names = [r.table for r in rollups.ROLLUPS] + [rollups._year_table(r) for r in rollups.ROLLUPS[1:]]
    return {
        t: sorted(conn.execute(f"select * from {t}").fetchall())
        for t in [*names, "year_evenings", "year_money", "year_scored"]
    }


def recomputed(path) -> dict[str, list]:
    """The rollups of a copy of the ledger, made afresh from its derived rows."""
    conn = sqlite3.connect(":memory:")
    src = sqlite3.connect(path)
    src.backup(conn)
    src.close()
    rollups.drop(conn)
    rollups.create(conn)
    out = tables(conn)
    conn.close()
    return out


def play(svc: Service, rng: random.Random, day: dt.date, hands: int) -> int:
    players = rng.choice(CIRCLES)
    overrides = ["pagatkassa=1"] if rng.random() < 0.5 else []
    if overrides and rng.random() < 0.5:
        overrides.append("pagatkassa_end=split")  # the pot shared out: every player's money moves
    if rng.random() < 0.3:
        overrides.append("schrift_kontra=none")  # the Schrift differs from the money
    rules = load_rules("standard", overrides)
    ev = svc.start_evening(players, rules, day.isoformat()).evening_id
    records = list(random_hands(rng, players, hands))
    svc.import_entries([Entry.hand(r) for r in records[: hands // 2]], ev)  # an import: written a batch at a time
    for r in records[hands // 2 :]:
        svc.add_hand(r, ev)  # one at a time, as at the table
    return ev


def correct(svc: Service, rng: random.Random, ev: int) -> None:
    number = rng.randint(1, 6)
    with contextlib.suppress(SchreiberError):  # a hand voided already
        what = rng.choice(["void", "undo", "edit", "radl", "straf", "close", "reopen", "tarif"])
        if what == "close":
            svc.close_evening(ev)
        elif what == "reopen":
            svc.reopen_evening(ev)
        elif what == "tarif":
            svc.set_tarif(rng.choice((5, 10, 20, 33)), ev)
        elif what == "void":
            svc.void(number, ev)
        elif what == "undo":
            svc.undo(evening=ev)
        elif what == "edit":
            players = svc.evening(ev).seating
            svc.edit(number, {"contract": "trischaken", "scores": {p: 10 + i for i, p in enumerate(players)}}, ev)
        elif what == "radl":
            svc.radl(evening=ev)
        else:
            svc.strafpunkt(svc.evening(ev).seating[1], ev)


def test_rollups_equal_a_full_recomputation(tmp_path):
    path = tmp_path / "l.db"
    svc = Service(Ledger(path))
    rng = random.Random(14)
    day = dt.date(2024, 11, 20)
    evenings = []
    for _ in range(14):
        evenings.append(play(svc, rng, day, rng.randint(6, 12)))
        for _ in range(rng.randint(0, 6)):
            correct(svc, rng, rng.choice(evenings))
        day += dt.timedelta(days=rng.choice((20, 40)))
    assert tables(svc.ledger.db.conn) == recomputed(path)
    for rng_ in RANGES:
        for schrift in (False, True):
            assert svc.ledger.statistics(rng_, schrift) == svc.ledger.statistics(rng_, schrift, full=True), rng_


def test_rollups_after_a_merge(tmp_path):
    path = tmp_path / "l.db"
    svc = Service(Ledger(path))
    rng = random.Random(5)
    ev = play(svc, rng, dt.date(2025, 5, 1), 8)
    svc.ledger.close()
    other = tmp_path / "other.db"
    shutil.copy(path, other)  # closed: the whole ledger is in the file
    theirs = Service(Ledger(other))
    for r in random_hands(rng, theirs.evening(ev).seating, 4, theirs.next_hand(ev).table.dealer):
        theirs.add_hand(r, ev)
    theirs.void(2, ev)
    theirs.ledger.close()
    ours = Service(Ledger(path))
    ours.merge(other)
    assert tables(ours.ledger.db.conn) == recomputed(path)
    assert ours.ledger.statistics(DateRange()) == ours.ledger.statistics(DateRange(), full=True)


SIDE_BY_SIDE = [  # tirol: negative contracts played side by side, doubled by single opponents
    {"contract": "bettel", "declarer": ["Berti", "Carl"], "result": {"Berti": "won", "Carl": "lost"}},
    {"contract": "bettel", "declarer": ["Carl", "Dora"], "result": "won", "kontra": {"Anna": "kontra"}},
    {"contract": "bettel", "declarer": ["Dora", "Anna"], "result": "lost", "kontra": {"Berti": "re"}},
    {"contract": "dreier", "declarer": "Carl", "points": 40, "kontra": "kontra",
     "premiums": [{"name": "pagat", "party": "declarer", "announced": True, "result": "won", "kontra": "kontra"}]},
    {"contract": "dreier", "declarer": "Dora", "renonce": "Dora", "kontra": "re"},
    {"contract": "trischaken", "scores": {"Anna": 10, "Berti": 20, "Carl": 12, "Dora": 28}},
]  # fmt: skip


def test_rollups_of_an_import_of_every_kind_of_row(tmp_path):
    """An import's rollups are counted from its rows (rollups.counted): the
    same as the selects give for several declarers, Kontras without a
    winner and Renonces, imported and added one at a time."""
    path = tmp_path / "l.db"
    svc = Service(Ledger(path))
    ev = svc.start_evening(CIRCLES[0], load_rules("tirol"), "2025-06-01").evening_id
    svc.import_entries([Entry.hand(r) for r in SIDE_BY_SIDE] + [Entry("radl"), Entry("strafpunkt", player="Carl")], ev)
    for r in SIDE_BY_SIDE:
        svc.add_hand(r, ev)
    conn = svc.ledger.db.conn
    assert conn.execute("select count(*) from roll_declarers where several = 1").fetchone()[0] > 0
    assert conn.execute("select count(*) from hand_kontras where won is null").fetchone()[0] > 0
    assert tables(conn) == recomputed(path)
    svc.void(2, ev)  # a correction: the evening's rollups made again, its year's taken away and added again
    svc.edit(3, SIDE_BY_SIDE[0], ev)
    assert tables(conn) == recomputed(path)


def test_rollups_after_every_correction_down_to_no_hand(tmp_path):
    """A correction takes the counts of the rows it replaces away and adds
    those it writes (rollups.replace_rows): equal to a full recomputation
    after each one, with Kontras won by nobody (tirol), several declarers,
    two evenings in one year and one in the next, hands voided and edited in
    random order down to an evening with no hand left, and an evening of
    five whose dealer sits out."""
    path = tmp_path / "l.db"
    svc = Service(Ledger(path))
    rng = random.Random(23)
    tirol = load_rules("tirol")
    evenings = []
    for date in ("2025-06-01", "2025-09-01", "2026-01-10"):
        ev = svc.start_evening(CIRCLES[0], tirol, date).evening_id
        svc.import_entries([Entry.hand(r) for r in SIDE_BY_SIDE] + [Entry("strafpunkt", player="Carl")], ev)
        for r in SIDE_BY_SIDE[:3]:
            svc.add_hand(r, ev)
        evenings.append(ev)
    five = svc.start_evening(CIRCLES[1], load_rules("standard"), "2026-02-01").evening_id
    for r in random_hands(rng, CIRCLES[1], 8):
        svc.add_hand(r, five)
    conn = svc.ledger.db.conn
    assert conn.execute("select count(*) from hand_kontras where won is null").fetchone()[0] > 0
    assert conn.execute("select count(*) from hand_players where role = 'out'").fetchone()[0] > 0
    assert tables(conn) == recomputed(path)
    steps = [(ev, n) for ev in evenings for n in range(1, 10)] + [(five, n) for n in range(1, 9)]
    rng.shuffle(steps)
    for i, (ev, n) in enumerate(steps):
        with contextlib.suppress(SchreiberError):  # open already
            svc.reopen_evening(ev)
        with contextlib.suppress(SchreiberError):  # voided already, or a later hand would no longer score
            if i % 5 == 4:
                svc.edit(n, SIDE_BY_SIDE[i % 3], ev)
            elif i % 7 == 6:
                svc.undo(any_entry=True, evening=ev)
            else:
                svc.void(n, ev)
        assert tables(conn) == recomputed(path), (i, ev, n)
    ev = evenings[0]
    with contextlib.suppress(SchreiberError):
        svc.reopen_evening(ev)
    for ref in [str(n) for n in range(1, 10)] + ["e1", "e2"]:  # every hand, and the Strafpunkt
        with contextlib.suppress(SchreiberError):  # taken back already
            svc.take_back(ref, ev)
        assert tables(conn) == recomputed(path), ref
    assert conn.execute("select count(*) from payments where evening_id = ?", [ev]).fetchone()[0] == 0
    assert conn.execute("select count(*) from roll_points where evening_id = ?", [ev]).fetchone()[0] == 0
    assert svc.ledger.statistics(DateRange()) == svc.ledger.statistics(DateRange(), full=True)


def test_statistics_of_ranges_that_cut_years_or_hold_none(tmp_path):
    """A range is read as the years it holds whole and the evenings of the
    years it cuts (rollups.read_range): the same as summed from every
    hand's rows for ranges ending inside a year or on its first or last
    evening, holding one evening, none, or whole years only; also with
    evenings whose dates have no year of four digits (the commands write
    none, an older ledger might hold them)."""
    svc = Service(Ledger(tmp_path / "l.db"))
    rng = random.Random(3)
    dates = ("2023-12-31", "2024-01-01", "2024-06-15", "2024-12-31", "2025-01-01", "2025-07-01", "", "99", "2025")
    for date in dates:
        players = rng.choice(CIRCLES)
        ev = svc.start_evening(players, load_rules("standard"), date).evening_id
        for r in random_hands(rng, players, rng.randint(3, 6)):
            svc.add_hand(r, ev)
    ranges = [(None, None), ("2024-01-01", "2024-12-31"), ("2024-01-02", "2024-12-31"), ("2024-01-01", "2024-12-30"),
              ("2023-12-31", "2024-01-01"), ("2024-06-15", "2024-06-15"), ("2026-01-01", None), ("1999-01-01", "1999-12-31"),
              (None, "2024-06-15"), ("2024-06-16", None), (None, "2025"), ("", None), ("99", "99"), ("2025", "2025-01-01"),
              ("1900-01-01", "2199-12-31")]  # fmt: skip
    for since, until in ranges:
        for schrift in (False, True):
            got = svc.ledger.statistics(DateRange(since, until), schrift)
            assert got == svc.ledger.statistics(DateRange(since, until), schrift, full=True), (since, until)
    assert svc.ledger.statistics(DateRange("2024-01-02", "2024-12-30")).evenings == 1
