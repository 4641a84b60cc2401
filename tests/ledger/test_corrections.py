"""A correction replays the hands after it from the state stored before it;
where one of them no longer scores, nothing is written and the line names
it by its place in the evening (counted only then)."""

import pytest

from schreiber.domain.rules import load_rules
from schreiber.errors import SchreiberError
from schreiber.ledger.store import Ledger
from schreiber.service import Service

P = ("Anna", "Berti", "Carl", "Dora")
TRISCHAKEN = {"contract": "trischaken", "scores": {"Anna": 10, "Berti": 20, "Carl": 30, "Dora": 10}}


def evening_with_a_hand_3_unknown(tmp_path, hands: int) -> tuple[Service, int]:
    """An evening of ``hands`` Trischaken whose hand 3 is as a ledger of
    another version might hold it: a contract these rules do not know."""
    svc = Service(Ledger(tmp_path / "l.db"))
    ev = svc.start_evening(P, load_rules("standard"), "2026-11-24").evening_id
    for _ in range(hands):
        svc.add_hand(TRISCHAKEN, ev)
    db = svc.ledger.db
    db.execute('update entries set record_json = \'{"contract": "nope"}\' where evening_id = ? and number = 3', [ev])
    db.conn.commit()
    return svc, ev


@pytest.mark.parametrize("voided", [1, 2])
def test_a_later_hand_that_no_longer_scores_is_named_and_nothing_is_written(tmp_path, voided):
    svc, ev = evening_with_a_hand_3_unknown(tmp_path, hands=4)
    db = svc.ledger.db
    before = db.execute("select count(*), sum(points_x2520 * player_id) from payments").fetchone()
    with pytest.raises(SchreiberError) as err:
        svc.void(voided, ev)
    assert str(err.value).startswith("the correction would make a later hand invalid: entry 3: ")
    assert "'nope'" in str(err.value)
    assert db.execute("select count(*), sum(points_x2520 * player_id) from payments").fetchone() == before
    assert db.execute("select count(*) from entries where status = 'void'").fetchone()[0] == 0


@pytest.mark.lang("de")
def test_the_line_naming_the_later_hand_is_german_on_a_german_screen(tmp_path):
    svc, ev = evening_with_a_hand_3_unknown(tmp_path, hands=3)
    with pytest.raises(SchreiberError) as err:
        svc.void(1, ev)
    assert str(err.value).startswith("die Ausbesserung würde ein späteres Spiel ungültig machen: Eintrag 3: ")
