"""A file of hands, one JSON object a line, read into the evening's entries.

A line is a bare hand record (../shared/interface.md), a line of
``schreiber export --what hands --format jsonl`` (its ``record``, with the
exported ``dealer``), or a non-hand entry ``{"kind": "radl" | "redeal" |
"strafpunkt", "player": NAME}``. Every line that is no entry at all is
reported with its number; checking the hands themselves is the replay's job.

A line may carry the entry's global id as ``"id"`` (an export writes it), so
a hand imported again is known; two lines with one id are refused.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from typing import NamedTuple

from ..i18n import _
from . import json_text
from .evening import ENTRY_KINDS, Entry
from .names import match_players

OTHER_KINDS = tuple(k for k in ENTRY_KINDS if k != "hand")
ID_PATTERN = re.compile(r"[0-9A-Za-z_-]{1,64}")


class LineProblem(ValueError):
    """A line that is not an entry; the message says why."""


class HandFile(NamedTuple):
    """A file of hands as read: its entries, the line number and the id
    (or None) of each, and (line number, problem) for every line that is
    not an entry at all."""

    entries: list[Entry]
    numbers: list[int]
    problems: list[tuple[int, str]]
    ids: list[str | None]


def parse_lines(lines: Iterable[str], players: tuple[str, ...]) -> HandFile:
    """The entries of a JSON Lines hand file (see HandFile)."""
    out = HandFile([], [], [], [])
    entries, numbers, ids = out.entries, out.numbers, out.ids
    seen: dict[str, int] = {}
    for n, line in enumerate(lines, 1):
        text = line.strip()
        if not text:
            continue
        data = _loaded(text)
        if data is not None and "id" not in data and "kind" not in data and "record" not in data:
            entries.append(Entry("hand", data))  # a bare hand record, as most lines are: nothing more to check
            numbers.append(n)
            ids.append(None)
            continue
        try:
            data = _json_object(text) if data is None else data
            uid = _id(data, seen)
            entries.append(_entry(data, players))
        except LineProblem as exc:
            out.problems.append((n, str(exc)))
            continue
        if uid:
            seen[uid] = n
        numbers.append(n)
        ids.append(uid)
    return out


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
    """An entry as another ledger holds it (``schreiber merge``), read as the
    same entry on a line of a file is (``_entry``): a LineProblem unless it
    is an entry, and stored as schreiber stores that entry (a hand's record
    an object, a Strafpunkt's offender and a Radl's dealer seated by name,
    nothing else). The hand itself is checked when it is scored."""
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
    if kind is None:
        if isinstance(data.get("record"), dict):  # a line of `schreiber export --what hands --format jsonl`
            record = dict(data["record"])
            if data.get("dealer") and "dealer" not in record:
                record["dealer"] = data["dealer"]
            return Entry.hand(record)
        return Entry.hand(data)
    if kind not in OTHER_KINDS + ("hand",):
        raise LineProblem(
            _("unknown entry kind '{kind}'; valid: hand, {kinds}").format(kind=kind, kinds=", ".join(OTHER_KINDS))
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
    if kind == "hand":
        if not isinstance(data.get("record"), dict):
            raise LineProblem(_('an entry of kind hand needs its "record" object'))
        return Entry.hand(data["record"])
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
