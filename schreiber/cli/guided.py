"""Guided entry: `schreiber hand add` asks step by step (in German, as the
table speaks), offering only what the evening's preset allows: contracts in
the order a table bids them (the Rufer first), defaults that match the most
common hand (Enter: Rufer, the Vorhand plays, won, no Kontra, a premium
silent and won), the hand read back in short notation before it is
entered. Nothing is written before the last answer, so Ctrl-C at any step
leaves the ledger as it was."""

from __future__ import annotations

import typer

from ..domain.names import fold
from ..domain.points import parse_points
from ..domain.rules import Contract, Rules, bidding_order
from ..domain.table import Table
from ..errors import SchreiberError
from ..ledger.values import Evening
from ..service import Service


def _choose(question: str, choices: list[str], default: str | None = None, labels: dict | None = None) -> str:
    """Ask until the answer is one of the choices (a number, a name, or a unique prefix)."""
    labels = labels or {}
    for i, c in enumerate(choices, 1):
        typer.echo(f"  {i:>2}. {labels.get(c, c)}")
    shown = labels.get(default, default) if default else ""  # the default as the list names it (gewonnen, not won)
    while True:
        ans = typer.prompt(question, default=shown, show_default=bool(default)).strip()
        if default and ans in ("", shown):
            return default
        if ans.isdigit() and 1 <= int(ans) <= len(choices):
            return choices[int(ans) - 1]
        exact = [c for c in choices if fold(c) == fold(ans) or fold(labels.get(c, c)) == fold(ans)]
        if exact:
            return exact[0]
        pre = [c for c in choices if fold(c).startswith(fold(ans)) or fold(labels.get(c, c)).startswith(fold(ans))]
        if len(pre) == 1:
            return pre[0]
        typer.echo(f"  '{ans}' ist keine der Möglichkeiten" + (f" (passt auf {', '.join(pre)})" if pre else ""))


def _yes(question: str, default: bool = False) -> bool:
    """Ja or nein, Enter for the default: [J/n] or [j/N]."""
    while True:
        ans = typer.prompt(f"{question} [{'J/n' if default else 'j/N'}]", default="", show_default=False)
        ans = ans.strip().lower()
        if not ans:
            return default
        if ans in ("j", "ja", "y", "yes"):
            return True
        if ans in ("n", "nein", "no"):
            return False
        typer.echo("  j oder n")


def ask_hand(svc: Service, evening: Evening | None = None) -> dict:
    """The hand record of the evening's next hand, asked step by step, read
    back in short notation before it is entered."""
    from ..domain.notation.format import format_notation

    nxt = svc.next_hand(evening)
    table = nxt.table
    typer.echo(f"Hand {nxt.number}: {table.dealer} gibt, {table.vorhand} Vorhand.")
    typer.echo("(Strg-C bricht ab, dann wird nichts eingetragen.)")
    rec = _ask_record(nxt.evening.rules, nxt.evening.seating, table, nxt.state.next_dealer)
    if not _yes(f"Eintragen: {format_notation(rec, nxt.evening.rules)}", True):
        raise SchreiberError("nicht eingetragen; nichts wurde geschrieben")
    return rec


def _ask_record(rules: Rules, players: tuple[str, ...], table: Table, dealer: str) -> dict:
    contracts = rules.active_contracts
    order = bidding_order(rules)
    cid = _choose("Spiel", order, default=order[0], labels={k: c.name for k, c in contracts.items()})
    c = contracts[cid]
    if c.kind == "trischaken":
        if rules.trischaken_five:
            table = Table(players, dealer, dealer_plays=True)
        return _trischaken(rules, cid, list(table.active))
    active = list(table.active)
    decl = table.vorhand if c.vorhand else _choose("Spieler", active, default=table.vorhand)
    if c.vorhand:
        typer.echo(f"  Spieler: {decl} (Vorhand)")
    rec: dict = {"contract": cid, "declarer": decl}
    if c.call:
        options = [p for p in active if p != decl] + ["Talon"] + (["selbst"] if rules.own_king else [])
        partner = _choose("Partner (wer hatte den gerufenen König?)", options)
        rec["partner"] = None if partner == "Talon" else (decl if partner == "selbst" else partner)
        if rec["partner"] is None and c.concede is not None and _yes(f"Geschleift (aufgegeben, {c.concede} an jeden)?"):
            rec["conceded"] = True
            return rec
    if c.kind == "negative":
        return _negative(rules, rec, active, decl)
    _positive(rules, rec, c)
    return rec


def _trischaken(rules: Rules, cid: str, active: list[str]) -> dict:
    rec: dict = {"contract": cid}
    scores = {}
    for p in active:
        while True:
            raw = typer.prompt(f"Punkte {p}").strip()
            try:
                scores[p] = parse_points(raw, rules.deck_points, rules.blatt)
                rec.setdefault("scores", {})[p] = int(raw) if raw.isdigit() else raw
                break
            except ValueError as exc:
                typer.echo(f"  {exc}")
    # Only a player with 0 points can be without a trick; counting in threes
    # that is certain, counting single cards (lungau) it needs asking.
    zero = [p for p in active if scores[p] == 0]
    if not rules.blatt:
        nostich = [p for p in zero if _yes(f"{p} ohne Stich?", True)]
        if nostich:
            rec["tricks_by"] = {p: 0 for p in nostich}
    if rules.trischaken_scheme.mit:
        mit = [p for p in active if _yes(f"{p} sagt mit?", False)]
        if mit:
            rec["mit"] = mit
    if rules.trischaken_kontra:
        k = {p: "kontra" for p in active if _yes(f"{p} Kontra?", False)}
        if k:
            rec["kontra"] = k
    return rec


def _negative(rules: Rules, rec: dict, active: list[str], decl: str) -> dict:
    rec["result"] = _choose("Ergebnis", ["won", "lost"], default="won", labels={"won": "gewonnen", "lost": "verloren"})
    kontra = {}
    for p in active:
        if p != decl and _yes(f"{p} kontriert?", False):
            kontra[p] = _choose(f"  Stufe für {p}", list(rules.kontra_levels), default="kontra")
    if kontra:
        rec["kontra"] = kontra
    return rec


def _positive(rules: Rules, rec: dict, c: Contract) -> None:
    """Points or result, Kontra on the game, and the premiums."""
    while True:
        raw = typer.prompt("Punkte oder Ergebnis (z.B. 41, 35/2, + oder -)", default="+").strip()
        if raw in ("+", "g", "gewonnen"):
            rec["result"] = "won"
            break
        if raw in ("-", "v", "verloren"):
            rec["result"] = "lost"
            break
        try:
            parse_points(raw, rules.deck_points, rules.blatt)
            rec["points"] = int(raw) if raw.isdigit() else raw
            break
        except ValueError as exc:
            typer.echo(f"  {exc}")
    levels = ["keins"] + list(rules.kontra_levels)
    k = _choose("Kontra aufs Spiel", levels, default="keins")
    if k != "keins":
        rec["kontra"] = k
    prems = _premiums(rules, c, levels)
    if prems:
        rec["premiums"] = prems


def _premiums(rules: Rules, c: Contract, levels: list[str]) -> list[dict]:
    allowed = [p for p in (c.premiums or rules.active_premiums) if p in rules.active_premiums]
    allowed = [p for p in allowed if c.call or not rules.premiums[p].needs_call]
    prems = []
    if c.requires:
        typer.echo(f"  {c.name}: announce one of {', '.join(rules.premiums[r].name for r in c.requires)}")
    while allowed:
        name = _choose(
            "Prämie (Enter = keine weitere)",
            ["fertig"] + allowed,
            default="fertig",
            labels={k: rules.premiums[k].name for k in allowed},
        )
        if name == "fertig":
            break
        pr = rules.premiums[name]
        party = pr.party or _choose(
            "  Partei",
            ["declarer", "opponents"],
            default="declarer",
            labels={"declarer": "Spieler", "opponents": "Gegner"},
        )
        if pr.announced is not None and pr.silent is not None:
            announced = _yes("  angesagt?", False)
        else:
            announced = pr.silent is None
        result = _choose("  Ergebnis", ["won", "lost"], default="won", labels={"won": "gewonnen", "lost": "verloren"})
        e = {"name": name, "party": party, "announced": announced, "result": result}
        if announced:
            kk = _choose("  Kontra", levels, default="keins")
            if kk != "keins":
                e["kontra"] = kk
        prems.append(e)
        allowed.remove(name)
    return prems
