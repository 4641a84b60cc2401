"""The score sheet on the screen, in the screen's language: the wide
table (paper style), the compact one for a narrow terminal with its
legend, one hand itemized (``--explain``, erklär N) and the entries named
in messages. The rows are ``sheet.py``'s.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from ..domain.table import Table
from ..i18n import N_, _, german
from ..render import alike, cell, gain, player_points
from .sheet import PAPER, SKUESRADL, ZERO, SheetRow, partner_text, result_text

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from ..domain.rules import Rules

MARK_WORDS = {  # the marks as --json writes them (German), and as the screen says them
    "storniert": N_("voided"),
    "zurückgenommen": N_("taken back"),
    "ausgebessert": N_("corrected"),
    "Ersatz": N_("replacement"),
    "Kontra entfällt": N_("Kontra void"),  # screens only: the row's rules took a Kontra off (not in --json)
}
KONTRA_VOID = "Kontra entfällt"
WHY_VOID = {  # why a Kontra did not count, by the rule that took it off (docs/scoring.md)
    "talon_kontra": N_("the called king lay in the talon"),
    "partner_kontra": N_("given by a player on the side it doubled"),
    "lost_solo_kontra": N_("a game alone against three, lost"),
}


ENTRY_WORDS = {"zusammengeschlagen": N_("redealt"), PAPER: N_("round's totals (paper)")}  # Radl, Strafpunkt: as said


def entry_text(kind: str, number: int | None) -> str:
    """An entry as a message names it: "hand 4", "Radl", "a redeal", "Strafpunkt"."""
    if kind == "hand":
        return _("hand {n}").format(n=number)
    if kind == "totals":
        return _("the totals from paper")
    return _("a redeal") if kind == "redeal" else kind.capitalize()


def taken_back(kind: str, number: int | None) -> str:
    """What ``undo`` says of the entry it took back."""
    what = _("Hand {n}").format(n=number) if kind == "hand" else entry_text(kind, number)
    return _("Taken back: {what}.").format(what=what)


def voided(kind: str, number: int | None, ref: str) -> str:
    """What ``storno``/``void`` says of the entry it voided (``ref``: as typed)."""
    if kind == "hand":
        return _("Hand {n} voided.").format(n=number)
    return _("Entry {ref} ({kind}) voided.").format(ref=ref.lower(), kind=kind)


def screen_marks(r: SheetRow) -> list[str]:
    """A row's marks as the screens show them: --json's, and that a Kontra did not count."""
    return [*r.marks, KONTRA_VOID] if r.kontra_void else r.marks


def shown_mark(mark: str) -> str:
    """A mark in the screen's language ("Radl x2", "Holz x2": the game's words in both)."""
    return _(MARK_WORDS[mark]) if mark in MARK_WORDS else mark


def shown_result(r: SheetRow, rules: Rules) -> str:
    """A row's result in the screen's language (won/lost; the game's words stay)."""
    if r.kind != "hand" or not r.record:
        return r.result
    return result_text(r.record, rules, {"won": _("won"), "lost": _("lost")})


def shown_contract(r: SheetRow) -> str:
    return _(ENTRY_WORDS[r.contract]) if r.kind != "hand" and r.contract in ENTRY_WORDS else r.contract


def table_rows(rows: list[SheetRow], players: tuple[str, ...], rules: Rules) -> tuple[list[str], list[list]]:
    """The wide sheet's headers and cells, in the screen's language."""
    headers = ["#", _("Dealer"), _("Contract"), _("Declarer"), _("Partner"), _("Result")] + list(players) + [_("Note")]
    if rules.holz:
        headers.append("Holz")
    if rules.pagatkassa:
        headers.append("Kassa")
    with alike(figures(rows)):
        return headers, [_table_row(r, players, rules) for r in rows]


def figures(rows: list[SheetRow]) -> Iterator[Fraction | int]:
    """Every figure of points the rows show: totals, payments, the Schrift's; a table of them writes them ``alike``."""
    for r in rows:
        for kept in (r.totals, r.payments, r.schrift, r.schrift_payments):
            yield from (kept or {}).values()


def _table_row(r: SheetRow, players: tuple[str, ...], rules: Rules) -> list:
    """One row of the wide sheet: the entry, each player's running total and (this hand), its note."""
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
    cells.append(", ".join([shown_mark(m) for m in screen_marks(r)] + left))
    if rules.holz:
        cells.append(" ".join(f"{p[:2]}{n}" for p, n in r.holz.items() if n) or "-")
    if rules.pagatkassa:
        cells.append(cell(Fraction(r.pot)) if r.pot is not None else "")
    return cells


SHORT_MARKS = {  # a mark's short form in the compact sheet
    # TRANSLATORS: the compact sheet's short mark for "voided" (storniert)
    "storniert": N_("vd"),
    # TRANSLATORS: short mark for "taken back" (zurückgenommen)
    "zurückgenommen": N_("tb"),
    # TRANSLATORS: short mark for "corrected" (ausgebessert)
    "ausgebessert": N_("co"),
    # TRANSLATORS: short mark for "replacement" (Ersatz)
    "Ersatz": N_("rp"),
    # TRANSLATORS: short mark for "Kontra void" (a Kontra the rules did not count)
    "Kontra entfällt": N_("K0"),
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


def compact_rows(
    rows: list[SheetRow], players: tuple[str, ...], rules: Rules, full: bool = True
) -> tuple[list[str], list[list[str]], str]:
    """The sheet in short, to fit a narrow terminal, and its legend: each
    cell the running total and (this hand), or with ``full`` False this hand
    only; where the rules keep the Schrift apart, the Schrift's, and G the
    hand's money beside it where that differs."""
    short = short_names(players)
    body: list[list[str]] = []
    seen: list[str] = []
    with alike(figures(rows)):
        for r in rows:
            body.append(
                [r.ref, short.get(r.dealer or "", r.dealer or ""), _compact_game(r, short)]
                + _compact_cells(r, players, rules, full)
                + [_compact_marks(r, seen)]
            )
    legend = _("Cell: total (this hand)") if full else _("Cell: this hand")
    if rows and rows[-1].schrift is not None:
        legend = _("Cell: Schrift (this hand)") if full else _("Cell: this hand's Schrift")
        legend += _(", G its Geld where it pays otherwise")
    legend += "".join(f", {short_mark(m)} {shown_mark(m)}" for m in seen)
    if any(r.void for r in rows):
        legend += _(", (-) counts nothing")
    # TRANSLATORS: the compact sheet's short header for the dealer (Geber)
    return ["#", _("Dlr"), _("Contract")] + [p[:9] for p in players] + [""], body, legend


def _compact_game(r: SheetRow, short: dict[str, str]) -> str:
    if r.kind == "radl":  # Radl or Sküsradl, at whose deal, how many hands it doubles
        return f"{r.contract} {short.get(r.declarer, r.declarer)} ({r.radl_left})".replace(" ()", "")
    if r.kind != "hand":
        label = _("redeal") if r.kind == "redeal" else shown_contract(r)
        return (label + " " + short.get(r.declarer, r.declarer)).strip()
    decl = "+".join(short.get(d, d) for d in r.declarer.split(", ")) if r.declarer else ""
    partner = partner_text(r)
    if partner and partner != "selbst":
        decl += "/" + (short.get(partner, partner) if partner != "Talon" else "Tal")
    res = (r.record or {}).get("result")
    sign = "±" if isinstance(res, dict) else {"won": "+", "lost": "-"}.get(res, "") if isinstance(res, str) else ""
    return " ".join(w for w in (r.contract, decl, sign) if w)


def _compact_cells(r: SheetRow, players: tuple[str, ...], rules: Rules, full: bool) -> list[str]:
    if r.void:
        return ["(-)" for _x in players]
    if r.kind == "radl":
        return ["" for _x in players]
    away = _sitting_out(r, players, rules)
    return [_compact_cell(r, p, full, p in away) for p in players]


def _compact_cell(r: SheetRow, p: str, full: bool, out: bool) -> str:
    """One player's cell: the total and (this hand), the Schrift's where it is
    kept apart, with G and the money beside it where the hand pays otherwise."""
    money = r.payments.get(p, ZERO)
    total, this = (r.totals[p], money) if r.schrift is None else (r.schrift[p], money)
    if r.schrift is not None and r.schrift_payments is not None:
        this = r.schrift_payments.get(p, ZERO)
    shown = _("out") if out else gain(this)
    text = f"{cell(total)} ({shown})" if full else shown
    return text + (f" G{gain(money)}" if this != money else "")


def _sitting_out(r: SheetRow, players: tuple[str, ...], rules: Rules) -> tuple[str, ...]:
    """Who sat the hand out: with five at the table, the dealer (unless a five-handed Trischaken)."""
    if r.kind != "hand" or not r.dealer or len(players) < 5:
        return ()
    c = rules.contracts.get((r.record or {}).get("contract", ""))
    plays = c is not None and c.kind == "trischaken" and bool(rules.trischaken_five)
    return tuple(p for p in players if p not in Table(players, r.dealer, dealer_plays=plays).active)


def _compact_marks(r: SheetRow, seen: list[str]) -> str:
    marks = screen_marks(r)
    for m in marks:
        if m not in seen:
            seen.append(m)
    return " ".join(short_mark(m) for m in marks)


def _running(r: SheetRow, p: str) -> str:
    """Paper style: the running total, with this hand's points in brackets;
    where the Schrift differs from the money, its running total after S."""
    text = f"{cell(r.totals[p])} ({gain(r.payments.get(p, ZERO))})"
    if r.schrift_payments is not None and r.schrift is not None:
        text += f" S{cell(r.schrift[p])}"
    return text


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
        + (f"  [{', '.join(shown_mark(m) for m in screen_marks(row))}]" if screen_marks(row) else "")
    ]
    lines += [
        _("  (Kontra void: {why}; rule {rule})").format(why=_(WHY_VOID[rule]), rule=rule) for rule in row.kontra_void
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
        lines.append(_("  Sum: {payments}").format(payments=player_points(row.payments.items())))
        return "\n".join(lines)
    lines.append(_("  Sum (money): {payments}").format(payments=player_points(row.payments.items())))
    lines.append("  Schrift:")
    lines += ["  " + _item_line(it) for it in row.schrift_items or []]
    lines.append(_("  Sum (Schrift): {payments}").format(payments=player_points(row.schrift_payments.items())))
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


def label_text(label: str) -> str:
    """An item's stored label in the screen's language (see ``LABEL_WORDS``)."""
    return label if german() else _in_english()(label)


@cache
def _in_english() -> Callable[[str], str]:
    """The labels' German words put into English, whole words only (made once)."""
    import re

    words = dict(LABEL_WORDS)
    pattern = re.compile(r"\b(" + "|".join(re.escape(w) for w, _e in LABEL_WORDS) + r")\b")
    return lambda text: pattern.sub(lambda m: words[m.group(1)], text)


def _item_line(it: dict) -> str:
    """One item: its label, base value, each multiplier, the value, who gets what."""
    mults = " ".join(f"x {m['factor']} {label_text(m['name'])}" for m in it["multipliers"])
    exact = it.get("exact") or {}
    pays = player_points((p, Fraction(v)) for p, v in exact.items() if Fraction(v) != 0)
    base = cell(Fraction(it.get("exact_base", it["base"])))
    value = cell(Fraction(it.get("exact_value", it["value"])))
    return f"  {label_text(it['label'])}: {base} {mults}".rstrip() + f" = {value}" + (f"  -> {pays}" if pays else "")
