"""A file of hands, one JSON object a line, read into the evening's entries.

A line is a bare hand record (../shared/interface.md), a line of ``export
--what hands --format jsonl`` (with its ``id``, ``void``/``correction``,
``replaces`` and the evening line), ``{"kind": "radl" | "redeal" |
"strafpunkt", "player": NAME}``, or a round's totals from paper
``{"kind": "totals", "record": {"schrift": {NAME: N, ...}}}``. Every line that is no entry at all is
reported with its number; checking the hands themselves is the replay's job.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from fractions import Fraction
from typing import NamedTuple

from ..i18n import _
from . import json_text
from .evening import ENTRY_KINDS, Entry
from .names import match_players

OTHER_KINDS = tuple(k for k in ENTRY_KINDS if k != "hand")
ID_PATTERN = re.compile(r"[0-9A-Za-z_-]{1,64}")


class LineProblem(ValueError):
    """A line that is not an entry; the message says why."""


CORRECTIONS = ("undo", "void", "edit")  # how an entry was struck from the sheet (the ledger's corrections)
CORRECTED = ("hand", "totals")  # the entries an edit replaces: a hand, a round's totals from paper


class HandFile(NamedTuple):
    """A file of hands as read: entries with their line numbers and ids,
    (line number, problem) for every line that is no entry, each entry's
    correction and the hand it replaces, and the evening line's tarif and pot."""

    entries: list[Entry]
    numbers: list[int]
    problems: list[tuple[int, str]]
    ids: list[str | None]
    voids: list[str | None]
    replaces: list[str | None]
    evening: list[tuple[int, Fraction]]  # [] or [(tarif in cents, Pagat pot at the start)]

    @property
    def struck(self) -> bool:
        """Whether any entry is struck or replaces another (most files: none)."""
        return any(self.voids) or any(self.replaces)


def parse_lines(lines: Iterable[str], players: tuple[str, ...]) -> HandFile:
    """The entries of a JSON Lines hand file (see HandFile)."""
    out = HandFile([], [], [], [], [], [], [])
    entries, numbers, ids, voids, replaces = out.entries, out.numbers, out.ids, out.voids, out.replaces
    seen: dict[str, int] = {}
    struck: dict[str, str | None] = {}  # id -> its correction, of the lines read
    for n, line in enumerate(lines, 1):
        text = line.strip()
        if not text:
            continue
        data = _loaded(text)
        if data is not None and "id" not in data and "kind" not in data and "record" not in data:
            entry, uid, void, old = Entry("hand", data), None, None, None  # a bare hand record, as most lines are
        else:
            try:
                data = _json_object(text) if data is None else data
                if data.get("kind") == "evening":
                    _evening(data, out.evening)
                    continue
                uid = _id(data, seen)
                entry = _entry(data, players)
                void, old = _correction(data, entry, struck)
            except LineProblem as exc:
                out.problems.append((n, str(exc)))
                continue
        if uid:
            seen[uid] = n
            struck[uid] = void
        entries.append(entry)
        numbers.append(n)
        ids.append(uid)
        voids.append(void)
        replaces.append(old)
    return out


def _evening(data: dict, evening: list[tuple[int, Fraction]]) -> None:
    """An evening line ``{"kind": "evening", "tarif_cents": N, "start_pot": "P"}``, once a file."""
    from .rules import TARIF_MAX_CENTS

    if evening:
        raise LineProblem(_("a second evening; a file is imported into one evening: export one with --evening N"))
    cents = data.get("tarif_cents")
    if type(cents) is not int or not 0 <= cents <= TARIF_MAX_CENTS:
        raise LineProblem(
            _('"tarif_cents" of the evening line is the money per point in whole cents, 0 to {most}').format(
                most=TARIF_MAX_CENTS
            )
        )
    pot = data.get("start_pot", "0")
    try:
        start = (
            Fraction(pot) if isinstance(pot, (str, int)) and not isinstance(pot, bool) and len(str(pot)) <= 40 else None
        )
    except (ValueError, ZeroDivisionError):
        start = None
    if start is None or start < 0:
        raise LineProblem(
            _('"start_pot" of the evening line is the Pagat pot it started with, in points ("12", "7/2")')
        )
    evening.append((cents, start))


def _correction(data: dict, entry: Entry, struck: dict[str, str | None]) -> tuple[str | None, str | None]:
    """(the correction that struck the entry, the id of the hand it replaces),
    either None: ``"void": true`` with ``"correction"`` (default ``void``),
    ``"replaces"`` naming a hand on an earlier line."""
    void, correction, old = data.get("void"), data.get("correction"), data.get("replaces")
    if void not in (None, True, False):
        raise LineProblem(_('"void" is true (struck from the sheet) or false'))
    if not void and correction is not None:
        raise LineProblem(_('a "correction" is given for an entry struck from the sheet ("void": true) only'))
    if void and correction not in (None, *CORRECTIONS):
        raise LineProblem(_('"correction" is one of: {kinds}').format(kinds=", ".join(CORRECTIONS)))
    if correction == "edit" and entry.kind not in CORRECTED:
        raise LineProblem(_('only a hand or paper totals are corrected by "edit"'))
    if old is not None:
        if entry.kind not in CORRECTED or not isinstance(old, str) or struck.get(old, "") != "edit":
            raise LineProblem(_('"replaces" names a hand on an earlier line, struck by "edit", by its "id"'))
        struck[old] = "replaced"  # once: a second line replacing it is refused
    return ((correction or "void") if void else None), old


def _loaded(text: str) -> dict | None:
    """The line's JSON object, or None where it is none (``_json_object`` then says why)."""
    try:
        data = json_text.loads(text)
    except (ValueError, RecursionError):
        return None
    return data if type(data) is dict else None


def content_sha256(lines: list[str]) -> str:
    """The SHA-256 of a file's lines: a file imported before is known by it."""
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()


def _id(data: dict, seen: dict[str, int]) -> str | None:
    """The entry's global id, taken off the line (None: the line has none)."""
    uid = data.pop("id", None)
    if uid is None:
        return None
    if not isinstance(uid, str) or not ID_PATTERN.fullmatch(uid):
        raise LineProblem(
            _('"id" is the entry\'s id as an export writes it (letters and digits); leave it out for a new hand')
        )
    if uid in seen:
        raise LineProblem(
            _('the "id" {uid} is on line {line} too; every entry is imported once').format(uid=uid, line=seen[uid])
        )
    return uid


def _json_object(text: str) -> dict:
    try:
        data = json_text.loads(text)
    except json_text.DuplicateKey as exc:
        raise LineProblem(_('"{key}" is given twice in one object; give each key once').format(key=exc.key)) from None
    except json.JSONDecodeError as exc:
        raise LineProblem(
            _("not valid JSON ({msg} at column {column})").format(msg=exc.msg, column=exc.colno)
        ) from None
    except (ValueError, RecursionError):  # a number of thousands of digits, or nesting thousands deep
        raise LineProblem(_("not a hand record (a number too long or lists nested too deep)")) from None
    if not isinstance(data, dict):
        raise LineProblem(_('a hand record must be a JSON object like {"contract": "rufer", ...}'))
    return data


def stored_entry(kind: str, record: object, player: str | None, players: tuple[str, ...]) -> Entry:
    """An entry as another ledger holds it (``schreiber merge``), read as a
    line of a file is: a LineProblem unless it is stored as schreiber stores
    that entry. The hand itself is checked when it is scored."""
    data: dict = {"kind": kind}
    if player is not None:
        data["player"] = player
    if record is not None:
        data["record"] = record
    if kind == "radl" and isinstance(record, dict):
        data["final"] = record.get("final", False)
    entry = _entry(data, players)
    if entry != (kind, record, player):  # the entry this ledger would have stored for it
        raise LineProblem(_("not an entry as schreiber keeps it ({kind})").format(kind=kind))
    return entry


def _entry(data: dict, players: tuple[str, ...]) -> Entry:
    kind = data.get("kind")
    if kind in (None, "hand") and isinstance(data.get("record"), dict):  # a line of `export --format jsonl`
        record = dict(data["record"])
        if data.get("dealer") and "dealer" not in record:
            record["dealer"] = data["dealer"]
        return Entry.hand(record)
    if kind is None:
        return Entry.hand(data)
    if kind not in OTHER_KINDS + ("hand",):
        raise LineProblem(
            _("unknown entry kind '{kind}'; valid: hand, {kinds}, evening").format(
                kind=kind, kinds=", ".join(OTHER_KINDS)
            )
        )
    if kind == "strafpunkt":
        who = data.get("player")
        match = match_players(who, players) if isinstance(who, str) else []
        if not match:
            raise LineProblem(
                _('a strafpunkt needs the offender as "player"; players: {players}').format(players=", ".join(players))
            )
        return Entry("strafpunkt", player=match[0])
    if kind == "radl":
        return _radl_entry(data, players)
    if kind == "totals":  # the round's totals from paper; checked when scored
        if not isinstance(data.get("record"), dict):
            raise LineProblem(_('paper totals need their "record": {"schrift": {"NAME": N, ...}}'))
        return Entry("totals", data["record"])
    if kind == "hand":
        raise LineProblem(_('an entry of kind hand needs its "record" object'))
    return Entry(kind)


def _radl_entry(data: dict, players: tuple[str, ...]) -> Entry:
    """{"kind": "radl"}, with "player": at whose deal it starts, and
    "final": true for the evening's last Radl (the Sküsradl)."""
    who, final = data.get("player"), data.get("final", False)
    if not isinstance(final, bool):
        raise LineProblem(_('"final" of a radl is true or false'))
    match = match_players(who, players) if isinstance(who, str) else []
    if who is not None and not match:
        raise LineProblem(
            _('the radl\'s "player" is not at the table; players: {players}').format(players=", ".join(players))
        )
    return Entry("radl", {"final": True} if final else None, match[0] if match else None)
