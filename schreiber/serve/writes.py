"""A table's writes, each through the one service as the command line
writes it (``hand add``, ``undo``, ``hand void``, ``hand edit``,
``redeal``, ``strafpunkt``, ``radl``, ``settle --close``).

Every write carries the evening's state the page showed (``seen``): the
service refuses it where the evening moved meanwhile (``EveningChanged``,
as for two ``tisch`` sessions), so two phones at one table never double
or overwrite a hand. Every write carries a key of its own (``key``): an
entry is stored with an id made from it (``entry_uid``), so a retry after
an answer that was lost finds its entry written and writes nothing; a
correction's key is kept while the server runs (a retry after a restart
meets the moved evening and is refused as stale, never done twice).
"""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NamedTuple

from ..domain.evening import Entry
from ..errors import SchreiberError
from ..i18n import _, ngettext
from ..service import EveningChanged, PastTheEnd, Service
from .table import hand_said, seen_of

if TYPE_CHECKING:
    from ..ledger.store import Ledger
    from ..ledger.stored import Evening

KEY = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
KEPT = 10000  # corrections' keys remembered while the server runs


class Answer(NamedTuple):
    """What a write did: ``ok`` (written), ``done`` (its key was written
    before: nothing written now), ``stale`` (the evening moved: nothing
    written), ``end`` (a hand after the evening's end: asked first), or
    ``error`` (refused, saying why); and the line the page shows."""

    status: str
    said: str


class Keys:
    """The keys of the corrections written while the server runs, with what was said."""

    def __init__(self) -> None:
        self.done: OrderedDict[tuple[int, str], str] = OrderedDict()

    def get(self, evening: int, key: str) -> str | None:
        return self.done.get((evening, key))

    def add(self, evening: int, key: str, said: str) -> None:
        self.done[(evening, key)] = said
        while len(self.done) > KEPT:
            self.done.popitem(last=False)


def entry_uid(evening: int, key: str) -> str:
    """The id of the entry a write with ``key`` makes (a UUID 4 as the ledger
    writes ids): made from the key, so no page can give an entry an id of
    its choosing (another entry's, to be met at a merge)."""
    raw = bytearray(hashlib.sha256(f"schreiber-serve:{evening}:{key}".encode()).digest()[:16])
    raw[6] = (raw[6] & 0x0F) | 0x40
    raw[8] = (raw[8] & 0x3F) | 0x80
    return raw.hex()


def write(led: Ledger, keys: Keys, ev: Evening, action: str, form: Mapping[str, str]) -> Answer:
    """The write ``action`` to the evening, from the page's ``form``."""
    act = ACTIONS.get(action)
    key, seen = form.get("key", ""), seen_of(form.get("seen"))
    if act is None or not KEY.match(key) or seen is None:
        return Answer("error", _("the page sent no write this server knows; load the page again"))
    uid = entry_uid(ev.id, key)
    before = keys.get(ev.id, key) or _written(led, ev, uid)
    if before is not None:
        return Answer("done", before)
    svc = Service(led)
    svc.expected = (ev.id, seen)
    try:
        said = act(svc, ev, form, uid)
    except EveningChanged as exc:
        return _written_meanwhile(led, ev, uid) or Answer("stale", changed(exc.before, exc.now))
    except PastTheEnd as exc:
        return Answer("end", str(exc))
    except SchreiberError as exc:
        return Answer("error", str(exc))
    if action in CORRECTIONS:
        keys.add(ev.id, key, said)
    return Answer("ok", said)


def _written(led: Ledger, ev: Evening, uid: str) -> str | None:
    """What was said where the entry of this key is in the evening already."""
    here, _elsewhere = led.entry_uids(ev, [uid])
    return _("This was entered already (the answer had not come through); nothing entered twice.") if here else None


def _written_meanwhile(led: Ledger, ev: Evening, uid: str) -> Answer | None:
    """A write of the same key that got in first (the same phone's retry, sent twice at once)."""
    said = _written(led, ev, uid)
    return Answer("done", said) if said else None


def changed(before: tuple[int, int], now: tuple[int, int]) -> str:
    """What the page is told where the evening moved since it was shown."""
    entries, corrections = now[0] - before[0], now[1] - before[1]
    what = [ngettext("{n} new entry", "{n} new entries", entries).format(n=entries)] if entries > 0 else []
    if corrections > 0:
        what.append(ngettext("{n} correction", "{n} corrections", corrections).format(n=corrections))
    return (
        _("The evening was changed elsewhere meanwhile ({what}).").format(what=", ".join(what) or _("changed"))
        + " "
        + _("Nothing was entered: check the sheet as it is now, and send it again if it still holds.")
    )


def _hand(svc: Service, ev: Evening, form: Mapping[str, str], uid: str) -> str:
    """A hand, in short notation (``zeile``) or tapped (``spiel`` ...)."""
    from .taps import tapped

    line = form.get("zeile", "").strip()
    if line:
        record = svc.read_notation(_words(line), ev)
    else:
        record = tapped(form, ev.rules, ev.seating, svc.next_hand(ev).table.vorhand)
    added = svc.add_hand(record, ev, after_end=form.get("nach_ende") == "1", uid=uid)
    return hand_said(added.number, added.outcome.payments)


def _words(line: str) -> list[str]:
    """A line's words as the table session reads them."""
    from ..domain.notation.words import line_words, too_long

    if wrong := too_long(line):
        raise SchreiberError(wrong)
    return line_words(line)


def _undo(svc: Service, ev: Evening, form: Mapping[str, str], uid: str) -> str:
    from ..reports.sheet_screen import taken_back

    e = svc.undo(any_entry=form.get("eintrag") == "1", evening=ev)
    return taken_back(e.kind, e.number)


def _void(svc: Service, ev: Evening, form: Mapping[str, str], uid: str) -> str:
    ref = form.get("ref", "").strip()
    if not ref:
        raise SchreiberError(_("which entry? e.g. storno 3 (hand 3) or storno e1 (see the sheet's # column)"))
    from ..reports.sheet_screen import voided

    e = svc.take_back(ref, ev)
    return voided(e.kind, e.number, ref)


def _edit(svc: Service, ev: Evening, form: Mapping[str, str], uid: str) -> str:
    text = form.get("nummer", "").strip()
    if not (text.isascii() and text.isdigit() and len(text) < 7):
        raise SchreiberError(_("give the hand's number, e.g. erklär 3"))
    line = form.get("zeile", "").strip()
    if not line:
        raise SchreiberError(_("which hand? e.g. rufer berti carl +  (hilfe for more)"))
    record = svc.read_edit_notation(int(text), _words(line), ev)
    svc.edit(int(text), record, ev)
    return _("Hand {n} corrected.").format(n=int(text))


def _redeal(svc: Service, ev: Evening, form: Mapping[str, str], uid: str) -> str:
    o = svc.add(Entry("redeal"), ev, uid=uid).outcome
    return _("Redealt: {dealer} deals again.").format(dealer=o.dealer)


def _who(ev: Evening, form: Mapping[str, str], required: bool) -> str | None:
    who = form.get("wer", "")
    if who in ev.seating:
        return who
    if who or required:
        raise SchreiberError(_("whose Strafpunkt? e.g. straf Carl"))
    return None


def _strafpunkt(svc: Service, ev: Evening, form: Mapping[str, str], uid: str) -> str:
    who = _who(ev, form, required=True)
    svc.add(Entry("strafpunkt", player=who), ev, uid=uid)
    return _("Strafpunkt for {who}.").format(who=who)


def _radl(svc: Service, ev: Evening, form: Mapping[str, str], uid: str) -> str:
    final = form.get("final") == "1"
    o = svc.add(Entry("radl", {"final": True} if final else None, _who(ev, form, required=False)), ev, uid=uid).outcome
    last = _("; after {n} hands the evening ends").format(n=o.state.final) if o.state.final else ""
    return _("Radl: the next {n} hands count double").format(n=o.state.radl_left) + last + "."


def _close(svc: Service, ev: Evening, form: Mapping[str, str], uid: str) -> str:
    if svc.ledger.cups.table_of_evening(ev.id) is not None:
        raise SchreiberError(_("a cup table is closed by the desk's next draw (cup draw), not at the table"))
    now = svc.ledger.change_count(ev)
    if svc.expected is not None and now != svc.expected[1]:
        raise EveningChanged(ev.id, svc.expected[1], now)
    closed = svc.settle_close(ev)
    return _("Evening {id} is settled and closed (reopen with: schreiber evening reopen {id}).").format(id=closed.id)


ACTIONS: dict[str, Callable[[Service, Evening, Mapping[str, str], str], str]] = {
    "hand": _hand,
    "undo": _undo,
    "void": _void,
    "edit": _edit,
    "redeal": _redeal,
    "straf": _strafpunkt,
    "radl": _radl,
    "close": _close,
}
CORRECTIONS = {"undo", "void", "edit", "close"}  # writes that make no entry of their own
