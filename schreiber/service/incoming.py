"""``schreiber merge``: another ledger's rows brought in (``ledger/merge.py``),
each checked as what is typed is (``Incoming``), and every evening that got
entries re-scored, the Pagat pot carried on after them.
"""

from __future__ import annotations

import datetime as _dt
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from ..domain.names import check_name
from ..errors import SchreiberError
from ..i18n import _
from ..ledger.stored import stored_rules
from .evenings import seating
from .pot import Pot

if TYPE_CHECKING:
    from ..domain.rules import Rules


class Incoming:
    """What a merge brings in from another ledger (``ledger.merge.Checks``),
    checked as what is typed is: names, seating, dates, rules, tarif,
    entries (their hands are checked when the evening is re-scored). Each
    check raises SchreiberError saying what is wrong."""

    def player(self, name: str) -> None:
        _kept_as_typed(check_name(name), name, _("the name"))

    def evening(self, row: dict) -> None:
        rules = _readable_rules(row["rules_json"])
        _stored_date(row["date"])
        if row["preset"] != rules.preset:
            raise SchreiberError(
                _("its rules are {preset}'s, but it names {named}"), preset=rules.preset, named=row["preset"]
            )
        listed = row["seating"]
        if not isinstance(listed, list) or not all(isinstance(p, str) for p in listed):
            raise SchreiberError(_("its seating is not a list of names"))
        names, first = seating(listed, row["first_dealer"])
        _kept_as_typed(names, tuple(listed), _("the seating"))
        _kept_as_typed(first, row["first_dealer"], _("the first dealer"))
        from ..domain.rules import INT_RANGES  # here: the rules module is read only where rules are

        low, high = INT_RANGES["tarif_cents"]
        if not low <= row["tarif_cents"] <= high:
            raise SchreiberError(
                _("its tarif of {cents} cents a point is out of range ({low} to {high})").format(
                    cents=row["tarif_cents"], low=low, high=high
                )
            )
        try:
            pot = Fraction(row["start_pot"])
        except (ValueError, ZeroDivisionError):
            pot = Fraction(-1)
        if pot < 0 or str(pot) != row["start_pot"]:
            raise SchreiberError(_("its Pagat pot at the start, {pot}, is no pot").format(pot=row["start_pot"]))
        if row["status"] not in ("open", "closed", "settled", "withdrawn"):
            raise SchreiberError(
                _("its status {status} is none of open, closed, settled, withdrawn").format(status=row["status"])
            )

    def entry(self, kind: str, record: object, player: str | None, players: tuple[str, ...]) -> None:
        from ..domain.hand_file import LineProblem, stored_entry

        try:
            stored_entry(kind, record, player, players)
        except LineProblem as exc:
            raise SchreiberError(str(exc)) from None

    def cup(self, row: dict) -> None:
        from .tournament import SEED_MAX, check_cup_rules

        _kept_as_typed(check_name(row["name"], _("the tournament's name")), row["name"], _("the name"))
        _stored_date(row["date"])
        rules = _readable_rules(row["rules_json"])
        check_cup_rules(rules)
        as_started = (rules.preset, rules.cup_rounds, rules.cup_hands, rules.cup_hands_five, rules.cup_points,
                      rules.cup_best)  # fmt: skip
        if as_started != tuple(row[k] for k in ("preset", "rounds", "hands", "hands_five", "points_scheme", "best")):
            raise SchreiberError(_("its rounds, hands or points are not those of its rules"))
        if not 0 <= row["seed"] <= SEED_MAX or row["status"] not in ("open", "closed") or not row["season"].strip():
            raise SchreiberError(_("its seed, season or status is not as cup start keeps it"))

    def cup_player(self, ort: str | None) -> None:
        if ort is not None:
            _kept_as_typed(check_name(ort, _("a place of residence")), ort, _("the place of residence"))


def _kept_as_typed(kept: object, stored: object, what: str) -> None:
    """A value as typing it would have stored it (names trimmed and in one Unicode form)."""
    if kept != stored:
        raise SchreiberError(_("{what} {stored!r} is not as schreiber keeps it").format(what=what, stored=stored))


def _stored_date(text: str) -> None:
    """A date as ``--date`` stores it (``cli.inputs.parse_date``): a calendar date, YYYY-MM-DD."""
    try:
        ok = _dt.date.fromisoformat(text).isoformat() == text
    except ValueError:
        ok = False
    if not ok:
        raise SchreiberError(_("its date {text!r} is not a date (YYYY-MM-DD)").format(text=text))


def _readable_rules(text: str) -> Rules:
    """The rules an evening or a tournament stores, read as every command
    reads them: refused (RulesError) where they are not rules, or nested
    deeper than JSON is read."""
    try:
        return stored_rules(text)
    except (SchreiberError, RecursionError) as exc:
        raise SchreiberError(_("its rules cannot be read ({problem})").format(problem=exc)) from None


class Merges(Pot):
    """Another ledger brought in."""

    def merge(self, other: Path) -> dict[str, int]:
        """Bring in what the ledger ``other`` has and this one lacks, in one
        transaction, each row checked as if typed (``Incoming``); every evening
        that got entries is re-scored. Returns counts by kind."""
        led = self.ledger
        with led.other_ledger(other) as src, led.transaction(checked=True):
            merged = led.merge_from(src, str(other), Incoming())
            for evening_id in merged.touched:
                ev, balance = led.evening(evening_id), led.balance(evening_id)  # as before: nothing re-scored yet
                self._rescore(ev, _("merging {other} into evening {id}").format(other=other, id=evening_id))
                if not ev.is_open and evening_id not in merged.made and led.balance(evening_id) != balance:
                    self.closed_changed.append(ev)  # a closed evening of ours whose balance changed (not one new here)
            if merged.counts.get("evenings") or merged.touched:  # evenings came in, or got entries: carry every pot on
                for first in self._circle_starts():
                    self._carry_on(first, itself=True)
        return merged.counts
