"""The table session keeps its sheet and adds each new entry's row; what it
shows is always what the sheet built afresh from the ledger shows."""

import contextlib
import random

from schreiber.cli.session import Session
from schreiber.domain.notation.format import format_notation
from schreiber.domain.rules import load_rules
from schreiber.domain.sample import random_hands
from schreiber.errors import SchreiberError
from schreiber.ledger.store import Ledger
from schreiber.reports import sheet as sh
from schreiber.service import Service

PLAYERS = ("Anna", "Berti", "Carl", "Dora")


def fresh_output(svc, number):
    """What a session that keeps no sheet would print."""
    out = []
    Session(svc, number, out=out.append).handle("schrift")
    return out


def test_the_kept_sheet_is_the_sheet_built_afresh(tmp_path):
    rules = load_rules("tirol", ["pagatkassa=1"])
    svc = Service(Ledger(tmp_path / "l.db"))
    number = svc.start_evening(PLAYERS, rules, "2026-11-21").evening_id
    out: list[str] = []
    session = Session(svc, number, out=out.append)
    other = Service(Ledger(tmp_path / "l.db"))  # another process at the same ledger
    rng = random.Random(3)
    for i in range(60):
        nxt = svc.next_hand(number)
        rec = next(random_hands(rng, PLAYERS, 1, first_dealer=nxt.table.dealer))
        session.handle(format_notation(rec, rules))
        if i % 7 == 3:
            session.handle(rng.choice(["radl", "zusammen", "straf Carl", "undo", "storno 2", "schrift"]))
        if i % 11 == 5:
            with contextlib.suppress(SchreiberError):  # a hand voided already
                other.void(rng.randint(1, svc.next_hand(number).number - 1), number)
        out.clear()
        session.handle("schrift")
        assert out == fresh_output(svc, number), i
        rows, totals, _ = sh.build(svc.ledger.sheet_lines(svc.evening(number)), svc.evening(number))
        assert session.view.sheet().rows == rows and session.view.sheet().totals == totals
    out.clear()
    session.handle("schrift")  # the whole sheet on request
    assert out == fresh_output(svc, number)


def test_schrift_shows_a_taken_back_hand_only_with_alle(tmp_path):
    """A hand taken back (undo) and the hand entered after it under its
    number, and a hand corrected (ändern) with its replacement: `schrift`
    lists each number once (the hand that counts), `schrift alle` every row."""
    svc = Service(Ledger(tmp_path / "l.db"))
    number = svc.start_evening(PLAYERS, load_rules("tirol"), "2026-11-21").evening_id
    out: list[str] = []
    session = Session(svc, number, out=out.append)
    for line in ("rufer carl +", "dreier dora +", "undo", "dreier carl -", "ändern 1 rufer dora -"):
        session.handle(line)

    def numbers(*command: str) -> list[str]:
        out.clear()
        session.handle(" ".join(command))
        return [line.split()[0] for line in out[0].splitlines()[2:]]

    assert numbers("schrift") == ["1", "2"]  # the replacement of 1 (Ersatz) and the Dreier entered after the undo
    assert numbers("schrift", "alle") == ["1", "1", "2", "2"]  # hand 1 and its replacement, 2 taken back and 2
