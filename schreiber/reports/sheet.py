"""The score sheet (Schrift) of an evening, as the paper sheet has it: one
row per entry, voided and corrected hands marked, the running values from
the rows the ledger wrote with each entry (no replay needed).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ..domain.points import as_number
from ..domain.vocabulary import SAID_RESULT
from ..i18n import N_, _, german
from ..ledger.stored import Evening, SheetLine, StoredResult
from ..render import cell, gain, player_gains

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


def _result_text(record: dict, rules: Rules, word: dict[str, str] = SAID_RESULT) -> str:  # as --json writes them
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
    sheet.extend(lines)
    for row in sheet.rows:
        row.ref = str(row.number)
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
    return SheetRow(e.number, e.kind, dealer if res else record.get("dealer"), contract, decl,
                    record.get("partner"), _result_text(record, rules), *running, e.record, written,
                    *_schrift_of(res, payments))  # fmt: skip


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


MARK_WORDS = {  # the marks as --json writes them (German), and as the screen says them
    "storniert": N_("voided"),
    "zurückgenommen": N_("taken back"),
    "ausgebessert": N_("corrected"),
    "Ersatz": N_("replacement"),
}
SKUESRADL = "Sküsradl"  # the evening's last Radl (radl --final): after it the evening ends
PAPER = "Rundensumme (Papier)"  # a round's totals written on paper (cup score): the whole round in one row
ENTRY_WORDS = {"zusammengeschlagen": N_("redealt"), PAPER: N_("round's totals (paper)")}  # Radl, Strafpunkt: as said


def entry_text(kind: str, number: int | None) -> str:
    """An entry as a message names it: "hand 4", "Radl", "a redeal", "Strafpunkt"."""
    if kind == "hand":
        return _("hand {n}").format(n=number)
    if kind == "totals":
        return _("the totals from paper")
    return _("a redeal") if kind == "redeal" else kind.capitalize()


def shown_mark(mark: str) -> str:
    """A mark in the screen's language ("Radl x2", "Holz x2": the game's words in both)."""
    return _(MARK_WORDS[mark]) if mark in MARK_WORDS else mark


def shown_result(r: SheetRow, rules: Rules) -> str:
    """A row's result in the screen's language (won/lost; the game's words stay)."""
    if r.kind != "hand" or not r.record:
        return r.result
    return _result_text(r.record, rules, {"won": _("won"), "lost": _("lost")})


def shown_contract(r: SheetRow) -> str:
    return _(ENTRY_WORDS[r.contract]) if r.kind != "hand" and r.contract in ENTRY_WORDS else r.contract


def table_rows(rows: list[SheetRow], players: tuple[str, ...], rules: Rules) -> tuple[list[str], list[list]]:
    """The wide sheet's headers and cells, in the screen's language."""
    headers = ["#", _("Dealer"), _("Contract"), _("Declarer"), _("Partner"), _("Result")] + list(players) + [_("Note")]
    if rules.holz:
        headers.append("Holz")
    if rules.pagatkassa:
        headers.append("Kassa")
    out = []
    for r in rows:
        cells: list = [r.ref, r.dealer or "", shown_contract(r), r.declarer, partner_text(r), shown_result(r, rules)]
        if r.void:
            cells += ["(" + ("0" if not r.payments else "-") + ")" for _x in players]
        elif r.kind == "radl":
            cells += ["" for _x in players]
        else:
            cells += [_running(r, p) for p in players]
        left = [_("{n} more doubled").format(n=r.radl_left)] if r.radl_left and r.kind == "radl" else []
        if r.contract == SKUESRADL and r.kind == "radl":
            left.append(_("then the evening ends"))
        cells.append(", ".join([shown_mark(m) for m in r.marks] + left))
        if rules.holz:
            cells.append(" ".join(f"{p[:2]}{n}" for p, n in r.holz.items() if n) or "-")
        if rules.pagatkassa:
            cells.append(r.pot if r.pot is not None else "")
        out.append(cells)
    return headers, out


SHORT_MARKS = {  # a mark's short form in the compact sheet
    # TRANSLATORS: the compact sheet's short mark for "voided" (storniert)
    "storniert": N_("vd"),
    # TRANSLATORS: short mark for "taken back" (zurückgenommen)
    "zurückgenommen": N_("tb"),
    # TRANSLATORS: short mark for "corrected" (ausgebessert)
    "ausgebessert": N_("co"),
    # TRANSLATORS: short mark for "replacement" (Ersatz)
    "Ersatz": N_("rp"),
}
"""The compact sheet's marks (and R2, H2 for Radl x2, Holz x2); its legend names only those that appear."""


def short_mark(mark: str) -> str:
    if mark.startswith(("Radl x", "Holz x")):
        return mark[0] + mark[6:]
    return _(SHORT_MARKS[mark]) if mark in SHORT_MARKS else mark


def short_names(players: tuple[str, ...]) -> dict[str, str]:
    """Each player's shortest prefix of three letters or more that no other player shares."""
    out = {}
    for p in players:
        n = 3
        while n < len(p) and any(q != p and q.casefold().startswith(p[:n].casefold()) for q in players):
            n += 1
        out[p] = p[:n]
    return out


def _short_contract(name: str) -> str:
    """'Piccolo ouvert' -> 'Piccolo ouv', at most 11 letters."""
    words = name.split()
    return " ".join(words[:1] + [w[:3] for w in words[1:]])[:11]


def compact_rows(rows: list[SheetRow], players: tuple[str, ...]) -> tuple[list[str], list[list[str]], str]:
    """The sheet in short, to fit a narrow terminal, and its one-line legend."""
    short = short_names(players)
    body: list[list[str]] = []
    seen: list[str] = []
    for r in rows:
        body.append(
            [r.ref, short.get(r.dealer or "", r.dealer or ""), _compact_game(r, short)]
            + _compact_cells(r, players)
            + [_compact_marks(r, seen)]
        )
    legend = _("Cell: total (this hand)") + "".join(f", {short_mark(m)} {shown_mark(m)}" for m in seen)
    if any(r.void for r in rows):
        legend += _(", (-) counts nothing")
    if len(legend) > 80:  # every mark at once: the legend takes two lines
        legend = "\n".join(textwrap.wrap(legend, 80))
    # TRANSLATORS: the compact sheet's short header for the dealer (Geber)
    return ["#", _("Dlr"), _("Contract")] + [p[:9] for p in players] + [""], body, legend


def _compact_game(r: SheetRow, short: dict[str, str]) -> str:
    if r.kind == "radl":  # Radl or Sküsradl, at whose deal, how many hands it doubles
        return f"{r.contract} {short.get(r.declarer, r.declarer)} ({r.radl_left})".replace(" ()", "")
    if r.kind != "hand":
        label = _("redeal") if r.kind == "redeal" else _short_contract(r.contract)
        return (label + " " + short.get(r.declarer, r.declarer)).strip()
    decl = "+".join(short.get(d, d) for d in r.declarer.split(", ")) if r.declarer else ""
    partner = partner_text(r)
    if partner and partner != "selbst":
        decl += "/" + (short.get(partner, partner) if partner != "Talon" else "Tal")
    res = (r.record or {}).get("result")
    sign = "±" if isinstance(res, dict) else {"won": "+", "lost": "-"}.get(res, "") if isinstance(res, str) else ""
    return " ".join(w for w in (_short_contract(r.contract), decl, sign) if w)


def _compact_cells(r: SheetRow, players: tuple[str, ...]) -> list[str]:
    if r.void:
        return ["(-)" for _x in players]
    if r.kind == "radl":
        return ["" for _x in players]
    return [f"{cell(r.totals[p])} ({gain(r.payments.get(p, ZERO))})" for p in players]


def _compact_marks(r: SheetRow, seen: list[str]) -> str:
    for m in r.marks:
        if m not in seen:
            seen.append(m)
    return " ".join(short_mark(m) for m in r.marks)


def _running(r: SheetRow, p: str) -> str:
    """Paper style: the running total, with this hand's points in brackets;
    where the Schrift differs from the money, its running total after S."""
    text = f"{cell(r.totals[p])} ({gain(r.payments.get(p, ZERO))})"
    if r.schrift_payments is not None and r.schrift is not None:
        text += f" S{cell(r.schrift[p])}"
    return text


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


def explain(row: SheetRow, items: list[dict] | None) -> str:
    """Every item of one hand: base value, each multiplier, who pays what
    (``items`` None: they do not add up to the stored payments)."""
    head = " ".join(w for w in (shown_contract(row), row.declarer) if w)
    partner = partner_text(row)
    lines = [
        _("Hand {n}").format(n=row.number)
        + f": {head}"
        + (_(" with {partner}").format(partner=partner) if partner else "")
        + (f", {label_text(row.result)}" if row.result else "")
        + (f"  [{', '.join(shown_mark(m) for m in row.marks)}]" if row.marks else "")
    ]
    if row.void:
        lines.append(_("  (voided: counts nothing)"))
    if items is None:
        lines.append(
            _(
                "  (items not shown: the hand scores differently now than when its payments were stored; see schreiber check)"
            )
        )
    lines += [_item_line(it) for it in items or []]
    if row.schrift_payments is None:
        lines.append(_("  Sum: {payments}").format(payments=player_gains(row.payments.items())))
        return "\n".join(lines)
    lines.append(_("  Sum (money): {payments}").format(payments=player_gains(row.payments.items())))
    lines.append("  Schrift:")
    lines += ["  " + _item_line(it) for it in row.schrift_items or []]
    lines.append(_("  Sum (Schrift): {payments}").format(payments=player_gains(row.schrift_payments.items())))
    return "\n".join(lines)


# The words of the items' labels, which each hand stores in German (the
# engine's, as the table says them), said in English on an English screen;
# the game's terms (Rufer, Pagat ultimo, Renonce, Holz, Kontra, mit, ...)
# stay. Longest first; whole words only.
LABEL_WORDS = (
    ("die zwei Meisten zahlen, die zwei Wenigsten bekommen", "the two highest pay, the two lowest receive"),
    ("angesagter Valat verloren", "announced Valat lost"),
    ("zählt nicht beim Valat", "does not count beside a Valat"),
    ("angesagte Prämien", "announced premiums"),
    ("Spiel verloren", "game lost"),
    ("gegenverrechnet", "set off"),
    ("aufgegeben", "conceded"),
    ("abgerundet", "rounded down"),
    ("aufgerundet", "rounded up"),
    ("entfällt", "void"),
    ("verdoppelt", "doubled"),
    ("ohne Vogel", "without a bird"),
    ("ohne Stich", "without a trick"),
    ("zahlen geteilt", "share the payment"),
    ("zahlen jeder", "each pay in full"),
    ("jeder ganz", "each in full"),
    ("hat das Spiel", "has the game"),
    ("geteilt", "shared"),
    ("gleichauf, zahlen je", "level, each pays"),
    ("selbst mit", "mit himself"),
    ("Punkte erreicht", "points reached"),
    ("mehr als", "more than"),
    ("Punkte", "points"),
    ("Spiel", "game"),
    ("gewonnen", "won"),
    ("verloren", "lost"),
    ("angesagt", "announced"),
    ("still", "silent"),
    ("Gegner", "opponents"),
    ("zahlt", "pays"),
    ("zahlen", "pay"),
    ("gegen", "against"),
    ("von", "by"),
    ("an", "to"),
    ("und", "and"),
)
_LABEL_PATTERN: list = []


def label_text(label: str) -> str:
    """An item's stored label in the screen's language (see ``LABEL_WORDS``)."""
    if german():
        return label
    if not _LABEL_PATTERN:
        import re

        words = {german_words: english for german_words, english in LABEL_WORDS}
        pattern = re.compile(r"\b(" + "|".join(re.escape(w) for w, _e in LABEL_WORDS) + r")\b")
        _LABEL_PATTERN.append(lambda text: pattern.sub(lambda m: words[m.group(1)], text))
    return _LABEL_PATTERN[0](label)


def _item_line(it: dict) -> str:
    """One item: its label, base value, each multiplier, the value, who gets what."""
    mults = " ".join(f"x {m['factor']} {label_text(m['name'])}" for m in it["multipliers"])
    exact = it.get("exact") or {}
    pays = player_gains((p, Fraction(v)) for p, v in exact.items() if Fraction(v) != 0)
    base = cell(Fraction(it.get("exact_base", it["base"])))
    value = cell(Fraction(it.get("exact_value", it["value"])))
    return f"  {label_text(it['label'])}: {base} {mults}".rstrip() + f" = {value}" + (f"  -> {pays}" if pays else "")
