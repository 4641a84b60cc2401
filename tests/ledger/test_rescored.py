"""A hand's items are not stored (m012): ``sheet --explain`` and ``export
--what items`` score it again from the state stored before it
(schreiber/rescored.py). Random evenings under every preset, with Radl,
redeals, penalty points, imports and corrections (undo, void, edit): every
entry's items scored again are the very items the engine gave when its
result was last written, and they add up to its stored payments."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from schreiber.domain.evening import Entry
from schreiber.domain.rules import PRESETS
from schreiber.errors import HandError, SchreiberError
from schreiber.ledger.codec import dumps, stored_item
from schreiber.ledger.store import Ledger
from schreiber.rescored import evening_items, hand_items
from schreiber.service import Service
from tests.domain.test_properties import RULES, hands
from tests.helpers import P4, P5

ACTIONS = ["hand"] * 8 + ["import", "radl", "redeal", "strafpunkt", "undo", "void", "edit"]


def _capture(led: Ledger) -> dict[int, str]:
    """Each entry's items as the engine gave them when its result was (last) written, by entry id."""
    written: dict[int, str] = {}
    write, insert_scored = led._write_result, led.insert_scored

    def write_result(evening, entry_id, number, o, pid):
        written[entry_id] = dumps([stored_item(it) for it in o.items])
        return write(evening, entry_id, number, o, pid)

    def scored(evening, batch):
        first = led.db.execute("select coalesce(max(id), 0) + 1 from entries").fetchone()[0]
        for entry_id, s in enumerate(batch, first):
            written[entry_id] = dumps([stored_item(it) for it in s.outcome.items])
        return insert_scored(evening, batch)

    led._write_result = write_result  # type: ignore[method-assign]
    led.insert_scored = scored  # type: ignore[method-assign]
    return written


def _act(data, svc: Service, action: str, record) -> None:
    n = svc.ledger.next_number(svc.evening()) - 1
    if action == "hand":
        svc.add_hand(record())
    elif action == "import":
        svc.add_entries([Entry.hand(record()) for _ in range(data.draw(st.integers(1, 3)))])
    elif action == "radl":
        svc.radl(final=data.draw(st.booleans()))
    elif action == "redeal":
        svc.redeal()
    elif action == "strafpunkt":
        svc.strafpunkt(data.draw(st.sampled_from(svc.evening().seating)))
    elif action == "undo":
        svc.undo(any_entry=data.draw(st.booleans()))
    elif n and action == "void":
        svc.void(data.draw(st.integers(1, n)))
    elif n and action == "edit":
        svc.edit(data.draw(st.integers(1, n)), record())


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
@given(data=st.data(), preset=st.sampled_from(PRESETS), pot=st.integers(0, 3), holz=st.booleans())
def test_items_scored_again_are_those_written(data, preset, pot, holz, tmp_path_factory):
    rules = RULES[preset].with_overrides([f"pagatkassa={pot}", f"holz={'true' if holz else 'false'}"])
    players = data.draw(st.sampled_from([P4, P5]))
    led = Ledger(tmp_path_factory.mktemp("rescored") / "ledger.db")
    svc = Service(led)
    written = _capture(led)
    svc.start_evening(players, rules, "2026-11-24")

    def record() -> dict:
        """A hand of the preset for this table (drawn again while it is one for the other table size)."""
        for _ in range(10):
            _rules, seated, rec = data.draw(hands(preset))
            if seated == players:
                return rec
        raise SchreiberError("no hand for this table drawn")

    for action in data.draw(st.lists(st.sampled_from(ACTIONS), min_size=1, max_size=14)):
        try:
            _act(data, svc, action, record)
            event(f"{action} written")
        except (SchreiberError, HandError):
            pass  # nothing to undo, a penalty point the preset has not, a correction that breaks a later hand
    ev = svc.evening()
    seen = 0
    for entry, items in evening_items(led, ev):
        assert items is not None, entry
        assert dumps(items) == written[entry.id], entry
        total: dict[str, Fraction] = {}
        for it in items:
            for p, v in it["exact"].items():
                total[p] = total.get(p, Fraction(0)) + Fraction(v)
        stored = led.entry_payments(entry.id)
        assert {p: v for p, v in total.items() if v} == {p: v for p, v in stored.items() if v}, entry
        if entry.kind == "hand":
            assert dumps(hand_items(led, ev, entry.number)) == written[entry.id]
        seen += 1
    assert seen == len(led.active_entries(ev))
    led.close()
