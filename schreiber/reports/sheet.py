"""The score sheet (Schrift) of an evening, as the paper sheet has it: one
row per entry, voided and corrected hands marked, the running values from
the rows the ledger wrote with each entry (no replay needed); and as
``sheet --json`` writes it. On the screen: ``sheet_screen.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ..domain.points import as_number
from ..domain.vocabulary import SAID_RESULT
from ..ledger.stored import Evening, SheetLine, StoredResult

if TYPE_CHECKING:
    from ..domain.evening import State
    from ..domain.rules import Rules

ZERO = Fraction(0)  # one for every cell of nothing (a Fraction never changes)


@dataclass
class SheetRow:
    """One line of the score sheet."""

    number: int | None
    kind: str
    dealer: str | None
    contract: str
    declarer: str
    partner: str | None
    result: str
    payments: dict[str, Fraction]
    totals: dict[str, Fraction]
    marks: list[str]
    void: bool
    radl_left: int
    holz: dict[str, int]
    pot: Fraction | None
    record: dict | None
    schrift: dict[str, Fraction] | None = None  # running Schrift, where a rule keeps it apart from the money
    schrift_payments: dict[str, Fraction] | None = None  # this entry's Schrift, where it differs
    schrift_items: list[dict] | None = None
    ref: str = ""  # what to type to take the entry back: the hand's number, or e1, e2, ... for other entries
    kontra_void: tuple[str, ...] = ()  # the rules that took a Kontra of the hand off (kontra_counted); not in --json


def result_text(record: dict, rules: Rules, word: dict[str, str] = SAID_RESULT) -> str:  # as --json writes them
    """A hand's result as the sheet writes it (``word``: won and lost in the words given)."""
    if not record:
        return ""
    c = rules.contracts.get(record.get("contract", ""))
    if record.get("renonce"):
        return f"Renonce {record['renonce']}"
    if record.get("conceded"):
        return "geschleift"
    if c is not None and c.kind == "trischaken":
        scores = record.get("scores") or {}
        text = " ".join(f"{k[:3]} {v}" for k, v in scores.items())
        if record.get("mit"):
            text += " mit " + ",".join(m[:3] for m in record["mit"])
        if isinstance(record.get("kontra"), dict):
            text += " Kontra " + ",".join(k[:3] for k in record["kontra"])
        return text
    res = record.get("result")
    if isinstance(res, dict):
        text = ", ".join(f"{k} {word.get(v, v)}" for k, v in res.items())
    else:
        text = word.get(res, "") if isinstance(res, str) else ""
    if record.get("points") is not None:
        text += f" ({record['points']})"
    if record.get("kontra") and isinstance(record["kontra"], str):
        text += f" {record['kontra'].capitalize()}"
    elif isinstance(record.get("kontra"), dict):
        text += " " + ", ".join(f"{v.capitalize()} {k}" for k, v in record["kontra"].items())
    for p in record.get("premiums") or []:
        # the notation's marks: ! announced, - lost, geg: the opponents', @level Kontra
        mark = ("geg:" if p.get("party") == "opponents" else "") + p["name"] + ("!" if p.get("announced") else "")
        mark += ("-" if p.get("result") == "lost" else "") + (f"@{p['kontra']}" if p.get("kontra") else "")
        text += " " + mark + (f":{p['by']}>{p.get('from')}" if p.get("by") else "")  # who caught whose card
    return text.strip()


def build(lines: list[SheetLine], evening: Evening) -> tuple[list[SheetRow], dict[str, Fraction], Rules]:
    """Every entry of the evening in order, with running totals."""
    sheet = Sheet(evening)
    sheet.extend(lines)
    return sheet.rows, sheet.totals, sheet.rules


def hand_rows(lines: list[SheetLine], evening: Evening, before: State) -> list[SheetRow]:
    """The rows of one hand's lines as the whole sheet has them, for
    ``--explain`` (seeded from the state before; its totals are not the evening's)."""
    sheet = Sheet(evening)
    if sheet.rules.holz:
        sheet._run.holz = dict(before.holz)
    sheet.extend(lines)  # the lines of a hand: each row's reference is its number
    return sheet.rows


class Sheet:
    """An evening's sheet that grows by the entries appended to it (the table
    session keeps one), each row with the reference to type to take it back:
    a hand its number, other entries e1, e2, ..."""

    def __init__(self, evening: Evening):
        self.evening = evening
        self.rules = evening.rules
        self.rows: list[SheetRow] = []
        self.last_seq = 0  # the last entry on the sheet
        self._run = _Running(evening)
        self._others = 0

    @property
    def totals(self) -> dict[str, Fraction]:
        return self._run.totals

    def extend(self, lines: list[SheetLine]) -> None:
        for line in lines:
            row = _row(line, self.rules, self._run)
            if row.kind == "hand":
                row.ref = str(row.number)
            else:
                self._others += 1
                row.ref = f"e{self._others}"
            self.rows.append(row)
            self.last_seq = max(self.last_seq, line.entry.seq)


class _Running:
    """What the sheet carries from row to row: totals, Schrift, pot, Holz, Radl."""

    def __init__(self, evening: Evening):
        rules = evening.rules
        self.players = evening.seating
        self.totals = {p: ZERO for p in self.players}
        self.schrift = {p: ZERO for p in self.players}
        self.pot: Fraction | None = evening.start_pot if rules.pagatkassa else None
        self.holz: dict[str, int] = {p: 0 for p in self.players} if rules.holz else {}
        self.radl_left = rules.first_hands_double

    def add(self, line: SheetLine, rules: Rules) -> dict[str, Fraction]:
        """Count an active entry; returns its payments (every player, 0 if none)."""
        res = line.result
        payments = {p: ZERO for p in self.players}
        if res is None:
            return payments
        payments.update(line.payments)
        for p, v in payments.items():
            if v:
                self.totals[p] += v
        for p in self.players:
            w = res.schrift[p] if res.schrift and p in res.schrift else payments[p]
            if w:
                self.schrift[p] += w
        if rules.pagatkassa:
            self.pot = res.state.pot
        if rules.holz:
            self.holz = dict(res.state.holz)
        self.radl_left = res.state.radl_left
        return payments


def _marks(line: SheetLine, rules: Rules, holz_before: dict[str, int]) -> list[str]:
    marks: list[str] = []
    res, e = line.result, line.entry
    if res is not None:
        if res.radl_factor > 1:
            marks.append(f"Radl x{res.radl_factor}")
        if e.kind == "hand" and _holz_doubled(e.record or {}, rules, holz_before):
            marks.append("Holz x2")
    if e.is_void:
        marks.append({"undo": "zurückgenommen", "edit": "ausgebessert"}.get(line.correction or "", "storniert"))
    if e.replaces:
        marks.append("Ersatz")
    return marks


def _holz_doubled(record: dict, rules: Rules, holz_before: dict[str, int]) -> bool:
    """Whether the declarer's Holz doubled this hand (the engine's rule, RULINGS.md Holz)."""
    c = rules.contracts.get(record.get("contract", ""))
    if not rules.holz or c is None:
        return False
    decl = record.get("declarer")
    declarers = tuple(decl) if isinstance(decl, list) else ((decl,) if decl else ())
    holders = tuple(p for p, n in holz_before.items() if n > 0)
    from ..domain.engine import holz_players  # only with the house rule Holz: the sheet needs no scoring else

    return bool(holz_players(c.kind, declarers, bool(record.get("renonce")), bool(record.get("conceded")), holders))


def _row(line: SheetLine, rules: Rules, run: _Running) -> SheetRow:
    e, res = line.entry, line.result
    marks = _marks(line, rules, run.holz)
    payments = run.add(line, rules)
    written = dict(run.schrift) if rules.schrift_kontra != "all" else None
    dealer = res.dealer if res else None
    running = (payments, dict(run.totals), marks, e.is_void, run.radl_left, dict(run.holz), run.pot)
    if e.kind != "hand":
        label = {"radl": "Radl", "redeal": "zusammengeschlagen", "strafpunkt": "Strafpunkt", "totals": PAPER}[e.kind]
        if e.kind == "radl" and (e.record or {}).get("final"):
            label = SKUESRADL
        return SheetRow(None, e.kind, dealer, label, e.player or "", None, "", *running, None, written,
                        *_schrift_of(res, payments))  # fmt: skip
    record = e.record or {}
    c = rules.contracts.get(record.get("contract", ""))
    decl = record.get("declarer")
    decl = ", ".join(decl) if isinstance(decl, list) else (decl or "")
    contract = c.name if c else record.get("contract", "")
    row = SheetRow(e.number, e.kind, dealer if res else record.get("dealer"), contract, decl,
                   record.get("partner"), result_text(record, rules), *running, e.record, written,
                   *_schrift_of(res, payments))  # fmt: skip
    if res is not None and not e.is_void and _doubled(record):
        row.kontra_void = voided_kontra(record, rules, run.players, dealer)
    return row


def _doubled(record: dict) -> bool:
    """Whether the record holds a Kontra at all (on the game or on a premium)."""
    premiums = record.get("premiums") or []
    return bool(record.get("kontra")) or any(isinstance(p, dict) and p.get("kontra") for p in premiums)


def voided_kontra(record: dict, rules: Rules, players: tuple[str, ...], dealer: str | None) -> tuple[str, ...]:
    """The rules that took a Kontra of this hand off (talon_kontra,
    partner_kontra, lost_solo_kontra; docs/scoring.md "Kontra that does not
    count"): what the row's mark and ``--explain`` say. A record that no
    longer reads under its rules (``check`` says so) has none."""
    from ..domain.engine import kontra_counted  # only for a hand with a Kontra
    from ..domain.record import check_hand
    from ..errors import HandError

    try:
        hand, table = check_hand(record, rules, players, dealer)
    except HandError:
        return ()
    return kontra_counted(hand, rules, table)[1]


def _schrift_of(res: StoredResult | None, payments: dict[str, Fraction]) -> tuple[dict | None, list[dict] | None]:
    """This entry's Schrift and its items, where they differ from the money."""
    if res is None or res.schrift is None:
        return None, None
    schrift = {p: res.schrift.get(p, ZERO) for p in payments}
    return (schrift, res.schrift_items) if schrift != payments else (None, None)


def schrift_totals(rows: list[SheetRow]) -> dict[str, Fraction] | None:
    """The Schrift where a rule makes it differ from the money (Skoty Trophy)."""
    return rows[-1].schrift if rows and rows[-1].schrift is not None else None


def partner_text(row: SheetRow) -> str:
    if row.record is None or "partner" not in row.record:
        return ""
    p = row.record["partner"]
    if p is None:
        return "Talon"
    if p == row.declarer:
        return "selbst"
    return p


SKUESRADL = "Sküsradl"  # the evening's last Radl (radl --final): after it the evening ends
PAPER = "Rundensumme (Papier)"  # a round's totals written on paper (cup score): the whole round in one row


Neighbours = tuple[Evening | None, Evening | None]  # the evenings of its circle with a Pagat pot before and after it


def _head(evening: Evening, rules: Rules, pot: Neighbours | None) -> dict:
    """The evening as the sheet's JSON names it; with a Pagat pot, the pot it
    started with, the evening it came from and the one it went to."""
    head: dict = {"id": evening.id, "date": evening.date, "rules": rules.preset}
    if pot is not None:
        head["start_pot"] = as_number(evening.start_pot)
        head["pot_from"] = pot[0].id if pot[0] and evening.start_pot else None
        head["pot_to"] = pot[1].id if pot[1] and rules.pagatkassa_end == "carry" else None
    return head


def to_json(rows: list[SheetRow], totals: dict[str, Fraction], evening: Evening, rules: Rules,
            pot: Neighbours | None = None) -> dict:  # fmt: skip
    """The sheet as in ../shared/interface.md: "hands" holds the hands only
    (voided ones with "void": true); Radl starts, redeals and penalty points
    are "events", each placed after the hand it followed (``_head``: the
    evening, with its Pagat pot)."""

    def common(r: SheetRow) -> dict:
        return {
            "payments": {p: as_number(v) for p, v in r.payments.items()},
            "totals": {p: as_number(v) for p, v in r.totals.items()},
            "void": r.void,
            "marks": r.marks,
            "radl_left": r.radl_left,
            **({"holz": r.holz} if rules.holz else {}),
            **({"pot": as_number(r.pot)} if r.pot is not None else {}),
            **({"schrift": {p: as_number(v) for p, v in r.schrift_payments.items()}} if r.schrift_payments else {}),
        }

    hands: list[dict] = []
    events: list[dict] = []
    last: int | None = 0
    for r in rows:
        if r.kind == "hand":
            last = r.number
            rec = r.record or {}
            hands.append(
                {
                    "number": r.number,
                    "dealer": r.dealer,
                    "contract": rec.get("contract"),
                    "declarer": rec.get("declarer"),
                    "partner": rec.get("partner"),
                    "result": r.result,
                    **common(r),
                    "record": rec,
                }
            )
        else:
            events.append(
                {
                    "kind": r.kind,
                    "ref": r.ref,
                    "after_hand": last,
                    "dealer": r.dealer,
                    "player": r.declarer or None,
                    **common(r),
                }
            )
    out = {
        "evening": _head(evening, rules, pot),
        "hands": hands,
        "events": events,
        "totals": {p: as_number(v) for p, v in totals.items()},
    }
    schrift = schrift_totals(rows)
    if schrift is not None:
        out["schrift_totals"] = {p: as_number(v) for p, v in schrift.items()}
    return out


def player_story(rows: list[SheetRow], player: str) -> tuple[list[tuple], int]:
    """What made one player's total: (ref, contract, declarer, points, running
    sum) of every entry that counted, and how many voided ones were left out."""
    out: list[tuple] = []
    total = ZERO
    for r in rows:
        if r.void or r.kind == "radl":
            continue
        v = r.payments.get(player, ZERO)
        if v == 0 and r.kind != "hand":
            continue
        total += v
        out.append((r.ref, r.contract, r.declarer, v, total))
    return out, sum(1 for r in rows if r.void)
