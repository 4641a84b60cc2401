"""The score sheet (Schrift) of an evening, as the paper sheet has it.

One row per entry: hands with number, dealer, contract, declarer and partner,
result and each player's points; Radl starts, redeals and penalty points as
their own rows; voided and corrected hands stay on the sheet, marked. The
running totals, Holz counts and the Pagat pot come from the derived rows
the ledger wrote with each entry (no replay needed).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction

from ..domain.rules import Rules


@dataclass
class SheetRow:
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
    items: list[dict]
    written: dict[str, Fraction] | None = None  # running written score (Skoty Trophy)


def _result_text(record: dict, rules: Rules) -> str:
    if not record:
        return ""
    c = rules.contracts.get(record.get("contract"))
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
    word = {"won": "gewonnen", "lost": "verloren"}
    if isinstance(res, dict):
        text = ", ".join(f"{k} {word.get(v, v)}" for k, v in res.items())
    else:
        text = word.get(res, "")
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
        text += " " + mark
    return text.strip()


def build(ledger, evening: dict) -> tuple[list[SheetRow], dict[str, Fraction], Rules]:
    """Every entry of the evening in order, with running totals."""
    rules = ledger.rules(evening)
    players = ledger.seating(evening)
    results = {r["entry_id"]: r for r in ledger.db.query(
        "select * from results where evening_id = ?", [evening["id"]])}
    pays: dict[int, dict[str, Fraction]] = {}
    for entry_id, name, points in ledger.db.execute(
            "select pay.entry_id, p.name, pay.points from payments pay join players p on p.id = pay.player_id "
            "where pay.evening_id = ?", [evening["id"]]):
        pays.setdefault(entry_id, {})[name] = Fraction(points)
    corrected = {r["entry_id"]: r["kind"] for r in ledger.db.query(
        "select entry_id, kind from corrections where evening_id = ?", [evening["id"]])}
    totals = {p: Fraction(0) for p in players}
    written = {p: Fraction(0) for p in players}
    rows: list[SheetRow] = []
    from ..ledger.store import frac

    pot = frac(evening["start_pot"]) if rules.pagatkassa else None
    holz = {p: 0 for p in players} if rules.holz else {}
    radl_left = rules.first_hands_double
    for e in ledger.all_entries(evening["id"]):
        void = e["status"] == "void"
        res = results.get(e["id"])
        record = json.loads(e["record_json"]) if e["record_json"] else None
        marks: list[str] = []
        payments = {p: Fraction(0) for p in players}
        items: list[dict] = []
        if not void and res:
            payments.update(pays.get(e["id"], {}))
            for p, v in payments.items():
                totals[p] += v
            w = json.loads(res["written_json"]) if res.get("written_json") else None
            for p in players:
                written[p] += Fraction(w[p]) if w and p in w else payments[p]
            state = json.loads(res["state_json"])
            if rules.pagatkassa:
                pot = Fraction(state["pot"])
            if rules.holz:
                holz = dict(state["holz"])
            radl_left = sum(state["radl"])
            if (res["radl_factor"] or 1) > 1:
                marks.append(f"Radl x{res['radl_factor']}")
            items = json.loads(res["items_json"])
            if any(m["name"].startswith("Holz") for it in items for m in it["multipliers"]):
                marks.append("Holz x2")
        if void:
            marks.append({"undo": "zurückgenommen", "edit": "ausgebessert"}.get(corrected.get(e["id"]), "storniert"))
        if e["replaces"]:
            marks.append("Ersatz")
        kind = e["kind"]
        if kind == "hand":
            c = rules.contracts.get(record.get("contract")) if record else None
            decl = record.get("declarer") if record else None
            decl = ", ".join(decl) if isinstance(decl, list) else (decl or "")
            rows.append(SheetRow(e["number"], kind, res["dealer"] if res else record.get("dealer"),
                                 c.name if c else record.get("contract", ""), decl,
                                 record.get("partner") if record else None, _result_text(record, rules),
                                 payments, dict(totals), marks, void, radl_left, dict(holz), pot, record, items,
                                 dict(written) if rules.sheet_simple_kontra else None))
        else:
            label = {"radl": "Radl", "redeal": "zusammengeschlagen", "strafpunkt": "Strafpunkt"}[kind]
            rows.append(SheetRow(None, kind, res["dealer"] if res else None, label, e["player"] or "", None, "",
                                 payments, dict(totals), marks, void, radl_left, dict(holz), pot, None, items,
                                 dict(written) if rules.sheet_simple_kontra else None))
    return rows, totals, rules


def written_totals(rows: list[SheetRow]) -> dict[str, Fraction] | None:
    """The Schrift where a rule makes it differ from the money (Skoty Trophy)."""
    return rows[-1].written if rows and rows[-1].written is not None else None


def partner_text(row: SheetRow) -> str:
    if row.record is None or "partner" not in row.record:
        return ""
    p = row.record["partner"]
    if p is None:
        return "Talon"
    if p == row.declarer:
        return "selbst"
    return p


def table_rows(rows: list[SheetRow], players: tuple[str, ...], rules: Rules) -> tuple[list[str], list[list]]:
    headers = ["#", "Geber", "Spiel", "Spieler", "Partner", "Ergebnis"] + list(players) + ["Vermerk"]
    if rules.holz:
        headers.append("Holz")
    if rules.pagatkassa:
        headers.append("Kassa")
    out = []
    for r in rows:
        cells: list = [r.number if r.number is not None else "", r.dealer or "", r.contract, r.declarer,
                       partner_text(r), r.result]
        if r.void:
            cells += ["(" + ("0" if not r.payments else "-") + ")" for _ in players]
        elif r.kind in ("radl",):
            cells += ["" for _ in players]
        else:
            cells += [_running(r, p) for p in players]
        cells.append(", ".join(r.marks + ([f"noch {r.radl_left} doppelt"] if r.radl_left and r.kind == "radl" else [])))
        if rules.holz:
            cells.append(" ".join(f"{p[:2]}{n}" for p, n in r.holz.items() if n) or "-")
        if rules.pagatkassa:
            cells.append(r.pot if r.pot is not None else "")
        out.append(cells)
    return headers, out


def _running(r: SheetRow, p: str) -> str:
    """Paper style: the running total, with this hand's points in brackets."""
    from ..render import cell

    v = r.payments.get(p, Fraction(0))
    sign = "+" if v > 0 else ""
    return f"{cell(r.totals[p])} ({sign}{cell(v)})"


def to_json(rows: list[SheetRow], totals: dict[str, Fraction], evening: dict, rules: Rules) -> dict:
    """The sheet as in ../shared/interface.md: "hands" holds the hands only
    (voided ones with "void": true); Radl starts, redeals and penalty points
    are "events", each placed after the hand it followed."""
    from ..domain.engine import number

    def common(r: SheetRow) -> dict:
        return {
            "payments": {p: number(v) for p, v in r.payments.items()},
            "totals": {p: number(v) for p, v in r.totals.items()},
            "void": r.void, "marks": r.marks, "radl_left": r.radl_left,
            **({"holz": r.holz} if rules.holz else {}),
            **({"pot": number(r.pot)} if r.pot is not None else {}),
        }

    hands, events, last = [], [], 0
    for r in rows:
        if r.kind == "hand":
            last = r.number
            rec = r.record or {}
            hands.append({"number": r.number, "dealer": r.dealer, "contract": rec.get("contract"),
                          "declarer": rec.get("declarer"), "partner": rec.get("partner"), "result": r.result,
                          **common(r), "record": rec})
        else:
            events.append({"kind": r.kind, "after_hand": last, "dealer": r.dealer, "player": r.declarer or None,
                           **common(r)})
    out = {
        "evening": {"id": evening["id"], "date": evening["date"], "rules": rules.preset},
        "hands": hands,
        "events": events,
        "totals": {p: number(v) for p, v in totals.items()},
    }
    written = written_totals(rows)
    if written is not None:
        out["written_totals"] = {p: number(v) for p, v in written.items()}
    return out


def explain(row: SheetRow) -> str:
    """Every item of one hand: base value, each multiplier, who pays what."""
    from ..render import cell

    lines = [f"Hand {row.number}: {row.contract} {row.declarer}" + (f" mit {partner_text(row)}" if partner_text(row) else "")
             + (f", {row.result}" if row.result else "") + (f"  [{', '.join(row.marks)}]" if row.marks else "")]
    if row.void:
        lines.append("  (voided: counts nothing)")
    for it in row.items:
        mults = " ".join(f"x {m['factor']} {m['name']}" for m in it["multipliers"])
        exact = it.get("exact") or {}
        pays = ", ".join(f"{p} {'+' if Fraction(v) > 0 else ''}{cell(Fraction(v))}" for p, v in exact.items()
                         if Fraction(v) != 0)
        base = cell(Fraction(it.get("exact_base", it["base"])))
        value = cell(Fraction(it.get("exact_value", it["value"])))
        lines.append(f"  {it['label']}: {base} {mults}".rstrip() + f" = {value}" + (f"  -> {pays}" if pays else ""))
    total = ", ".join(f"{p} {'+' if v > 0 else ''}{cell(v)}" for p, v in row.payments.items())
    lines.append(f"  Summe: {total}")
    return "\n".join(lines)

