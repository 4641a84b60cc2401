"""``schreiber check``, the part that re-scores: every evening's stored
payments and balance against its entries scored again, every entry in a
place of its own, and each Pagat pot at the start what the evening before
it left.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ..domain.evening import replay
from ..domain.points import from_units
from ..errors import HandError
from ..i18n import _
from ..ledger.stored import Evening
from .pot import Pot, has_pot


def _what(kind: str, number: int | None, entry_id: int) -> str:
    """An entry as a problem names it: hand N, or its kind and id."""
    return _("hand {n}").format(n=number) if kind == "hand" else _("{kind} (entry {id})").format(kind=kind, id=entry_id)


class Checks(Pot):
    """What ``schreiber check`` asks of the evenings (nothing is written)."""

    def check_consistency(self, progress: Callable[[int, int], None] | None = None) -> tuple[int, list[str]]:
        """(hands, problems): every evening re-scored: each hand sums to zero
        (the Pagat pot counted), the stored payments are the re-scored ones,
        and each balance is the sum of the hands."""
        from ..domain.hand_file import LineProblem, stored_entry  # here: a command that adds a hand never reads files

        led = self.ledger
        hands, problems = 0, []
        evenings = led.evenings()
        for done, ev in enumerate(evenings, 1):
            if progress:
                progress(done, len(evenings))
            entries = led.replayed_entries(ev)
            try:
                for e in entries:  # each as schreiber keeps it: a stored entry of another shape does not score
                    stored_entry(e.kind, e.record, e.player, ev.seating)
                outcomes = replay(ev.rules, ev.seating, [e.as_entry() for e in entries], led.start_state(ev))
            except (HandError, LineProblem) as exc:
                problems.append(_("evening {n}: its entries no longer score ({exc})").format(n=ev.id, exc=exc))
                continue
            stored: dict[int, dict[str, Fraction]] = {}
            for entry_id, name, x in led.entry_totals(ev):
                stored.setdefault(entry_id, {})[name] = from_units(x)
            balance = {p: Fraction(0) for p in ev.seating}
            pot = ev.start_pot
            for e, o in zip(entries, outcomes):
                pays = {p: v for p, v in o.payments if v}
                if sum(pays.values()) + (o.state.pot - pot) != 0:
                    problems.append(_("evening {n}, {what}: the payments do not sum to zero").format(
                        n=ev.id, what=_what(e.kind, e.number, e.id)))  # fmt: skip
                pot = o.state.pot
                if e.is_void:
                    continue
                hands += e.kind == "hand"
                if {p: v for p, v in stored.get(e.id, {}).items() if v} != pays:
                    problems.append(_("evening {n}, {what}: the stored payments differ from its record").format(
                        n=ev.id, what=_what(e.kind, e.number, e.id)))  # fmt: skip
                for p, v in pays.items():
                    balance[p] = balance.get(p, Fraction(0)) + v
            if {p: v for p, v in led.balance(ev.id).items() if v} != {p: v for p, v in balance.items() if v}:
                problems.append(_("evening {n}: the balance differs from the sum of its hands").format(n=ev.id))
        return hands, problems

    def place_problems(self) -> list[str]:
        """Every entry in a place of its own, every hand numbered 1, 2, ... in
        the sheet's order without a gap, every active entry scored."""
        problems = []
        for ev in self.ledger.evenings():
            problems += [_("evening {n}: {problem}").format(n=ev.id, problem=p) for p in self._misplaced(ev)]
        return problems

    def _misplaced(self, ev: Evening) -> list[str]:
        """Hands dealt are numbered 1, 2, ...; a hand taken back (or replaced)
        was not dealt: the hand after it has its number (or, as schreiber
        numbered before, the next one)."""
        out: list[str] = []
        places: set[int] = set()
        numbers: set[int] = set()
        last = passed = 0  # the last hand dealt; the highest number of a hand taken back since
        for entry_id, seq, kind, number, status, scored in self.ledger.places(ev):
            active = status == "active"
            said = _what(kind, number, entry_id)
            if seq is None or seq < 1 or (active and seq in places):
                out.append(_("{what} has no place of its own on the sheet").format(what=said))
            if active and not scored:
                out.append(_("{what} is on the sheet but not scored").format(what=said))
            if active and seq is not None:
                places.add(seq)
            if kind != "hand":
                continue
            if number is None or number < 1:
                out.append(_("a hand (entry {id}) has no number on the sheet").format(id=entry_id))
                continue
            if number < last or (active and number in numbers):
                out.append(_("{what} stands out of order on the sheet").format(what=said))
            elif number > max(last, passed) + 1:
                out.append(_("hand {n} is missing from the sheet").format(n=last + 1))
            if active or scored:  # dealt (a hand voided afterwards was dealt too)
                last = max(last, number)
            else:
                passed = max(passed, number)
            if active:
                numbers.add(number)
        return out

    def carry_problems(self) -> list[str]:
        """Each evening with a Pagat pot starts with what the one of its circle before it left (``carried_into``)."""
        problems = []
        before: dict[frozenset[str], Evening] = {}
        for ev in sorted(self.ledger.evenings(), key=lambda ev: (ev.date, ev.id)):
            if not has_pot(ev):
                continue
            prev = before.get(frozenset(ev.seating))
            want = self.carried_into(ev, prev)
            if ev.start_pot != want:
                problems.append(
                    _(
                        "evening {n} starts with a Pagat pot of {have} points, not the {want} evening {before} left; schreiber evening reopen {n} --keep-open carries the pot on again"
                    ).format(n=ev.id, have=ev.start_pot, want=want, before=prev.id if prev else "?")
                )
            before[frozenset(ev.seating)] = ev
        return problems
