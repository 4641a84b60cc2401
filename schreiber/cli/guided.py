"""Guided entry: `schreiber hand add` asks step by step, offering only what
the evening's preset allows, with defaults that match the most common hand,
and reads the hand back in short notation. Nothing is written before the
last answer."""

from __future__ import annotations

import typer

from ..domain.names import fold
from ..domain.points import parse_points
from ..domain.rules import Contract, Rules, bidding_order
from ..domain.table import Table
from ..errors import SchreiberError
from ..i18n import _
from ..ledger.stored import Evening
from ..service import Service
from .root import echo


def _choose(question: str, choices: list[str], default: str | None = None, labels: dict | None = None) -> str:
    """Ask until the answer is one of the choices (a number, a name, or a unique prefix)."""
    labels = labels or {}
    for i, c in enumerate(choices, 1):
        echo(f"  {i:>2}. {labels.get(c, c)}")
    shown = labels.get(default, default) if default else ""  # the default as the list names it (Rufer, not rufer)
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
        fits = _(" (fits {choices})").format(choices=", ".join(pre)) if pre else ""
        echo(_("  '{answer}' is none of the choices").format(answer=ans) + fits)


def _yes(question: str, default: bool = False) -> bool:
    """Yes or no, Enter for the default: [Y/n] or [y/N] (German: [J/n], [j/N]); j, ja, y, yes in both."""
    while True:
        keys = _("Y/n") if default else _("y/N")
        ans = typer.prompt(f"{question} [{keys}]", default="", show_default=False)
        ans = ans.strip().lower()
        if not ans:
            return default
        if ans in ("j", "ja", "y", "yes"):
            return True
        if ans in ("n", "nein", "no"):
            return False
        echo(_("  y or n"))


def _won_lost() -> dict[str, str]:
    return {"won": _("won"), "lost": _("lost")}


def _no_kontra() -> dict[str, str]:
    return {"keins": _("no Kontra")}


def ask_hand(svc: Service, evening: Evening | None = None) -> dict:
    """The hand record of the evening's next hand, asked step by step, read
    back in short notation before it is entered."""
    from ..domain.notation.format import format_notation

    nxt = svc.next_hand(evening)
    table = nxt.table
    deals = _("{dealer} deals, {vorhand} Vorhand").format(dealer=table.dealer, vorhand=table.vorhand)
    echo(_("Hand {number}: {deals}.").format(number=nxt.number, deals=deals))
    echo(_("(Ctrl-C stops, and nothing is entered.)"))
    rec = _ask_record(nxt.evening.rules, nxt.evening.seating, table, nxt.state.next_dealer)
    if not _yes(_("Enter: {hand}").format(hand=format_notation(rec, nxt.evening.rules)), True):
        raise SchreiberError(_("not entered; nothing was written"))
    return rec


def _ask_record(rules: Rules, players: tuple[str, ...], table: Table, dealer: str) -> dict:
    contracts = rules.active_contracts
    order = bidding_order(rules)
    cid = _choose(_("Contract"), order, default=order[0], labels={k: c.name for k, c in contracts.items()})
    c = contracts[cid]
    if c.kind == "trischaken":
        if rules.trischaken_five:
            table = Table(players, dealer, dealer_plays=True)
        return _trischaken(rules, cid, list(table.active))
    active = list(table.active)
    decl = table.vorhand if c.vorhand else _choose(_("Declarer"), active, default=table.vorhand)
    if c.vorhand:
        echo(_("  Declarer: {player} (Vorhand)").format(player=decl))
    rec: dict = {"contract": cid, "declarer": decl}
    if c.call:
        options = [p for p in active if p != decl] + ["Talon"] + (["selbst"] if rules.own_king else [])
        partner = _choose(_("Partner (who held the called king?)"), options, labels={"selbst": _("self (own king)")})
        rec["partner"] = None if partner == "Talon" else (decl if partner == "selbst" else partner)
        conceded = _("Geschleift (given up, {value} to each)?").format(value=c.concede)
        if rec["partner"] is None and c.concede is not None and _yes(conceded):
            rec["conceded"] = True
            return rec
    if c.kind == "negative":
        return _negative(rules, rec, active, decl)
    _positive(rules, rec, c, active)
    return rec


def _trischaken(rules: Rules, cid: str, active: list[str]) -> dict:
    rec: dict = {"contract": cid}
    scores = {}
    for p in active:
        while True:
            raw = typer.prompt(_("Points {player}").format(player=p)).strip()
            try:
                scores[p] = parse_points(raw, rules.deck_points, rules.blatt)
                rec.setdefault("scores", {})[p] = int(raw) if raw.isdigit() else raw
                break
            except ValueError as exc:
                echo(f"  {exc}")
    # Only a player with 0 points can be without a trick; counting in threes
    # that is certain, counting single cards (lungau) it needs asking.
    zero = [p for p in active if scores[p] == 0]
    if not rules.blatt:
        nostich = [p for p in zero if _yes(_("{player} without a trick?").format(player=p), True)]
        if nostich:
            rec["tricks_by"] = {p: 0 for p in nostich}
    if rules.trischaken_tariff(rules.contracts[cid].value).mit != "none":
        mit = [p for p in active if _yes(_("{player} says mit?").format(player=p), False)]
        if mit:
            rec["mit"] = mit
    if rules.trischaken_kontra:
        k = {p: "kontra" for p in active if _yes(_("{player} Kontra?").format(player=p), False)}
        if k:
            rec["kontra"] = k
    return rec


def _negative(rules: Rules, rec: dict, active: list[str], decl: str) -> dict:
    rec["result"] = _choose(_("Result"), ["won", "lost"], default="won", labels=_won_lost())
    kontra = {}
    for p in active:
        if p != decl and _yes(_("{player} gives Kontra?").format(player=p), False):
            kontra[p] = _choose(_("  Level for {player}").format(player=p), list(rules.kontra_levels), default="kontra")
    if kontra:
        rec["kontra"] = kontra
    return rec


def _positive(rules: Rules, rec: dict, c: Contract, active: list[str]) -> None:
    """Points or result, Kontra on the game, and the premiums."""
    while True:
        raw = typer.prompt(_("Points or result (e.g. 41, 35/2, + or -)"), default="+").strip()
        if raw in ("+", "g", "gewonnen", "won"):
            rec["result"] = "won"
            break
        if raw in ("-", "v", "verloren", "lost"):
            rec["result"] = "lost"
            break
        try:
            parse_points(raw, rules.deck_points, rules.blatt)
            rec["points"] = int(raw) if raw.isdigit() else raw
            break
        except ValueError as exc:
            echo(f"  {exc}")
    levels = ["keins"] + list(rules.kontra_levels)
    k = _choose(_("Kontra on the game"), levels, default="keins", labels=_no_kontra())
    if k != "keins":
        rec["kontra"] = k
    prems = _premiums(rules, c, levels, active, {rec["declarer"], rec.get("partner") or rec["declarer"]})
    if prems:
        rec["premiums"] = prems


def _party(only: str | None) -> str:
    """The side of a premium: the one that alone can make it, or asked."""
    return only or _choose(
        _("  Party"),
        ["declarer", "opponents"],
        default="declarer",
        labels={"declarer": _("declarer's side"), "opponents": _("opponents")},
    )


def _premiums(rules: Rules, c: Contract, levels: list[str], active: list[str], side: set) -> list[dict]:
    allowed = [p for p in (c.premiums or rules.active_premiums) if p in rules.active_premiums]
    allowed = [p for p in allowed if c.call or not rules.premiums[p].needs_call]
    prems = []
    if c.requires:
        names = ", ".join(rules.premiums[r].name for r in c.requires)
        echo(_("  {contract}: announce one of {premiums}").format(contract=c.name, premiums=names))
    while allowed:
        name = _choose(
            _("Premium (Enter = no more)"),
            ["fertig"] + allowed,
            default="fertig",
            labels={"fertig": _("done")} | {k: rules.premiums[k].name for k in allowed},
        )
        if name == "fertig":
            break
        pr = rules.premiums[name]
        between = name == "mondfang" and rules.mondfang_between == "players"  # its side: the catcher's, asked after
        party = None if between else _party(pr.party)
        if pr.announced is not None and pr.silent is not None:
            announced = _yes(_("  announced?"), False)
        else:
            announced = pr.silent is None
        result = _choose(_("  Result"), ["won", "lost"], default="won", labels=_won_lost())
        e = {"name": name, "party": party, "announced": announced, "result": result}
        if between and result == "won":
            e["by"] = _choose(_("  Who caught the Mond?"), active)
            e["from"] = _choose(_("  Whose Mond was it?"), [p for p in active if p != e["by"]])
            e["party"] = "declarer" if e["by"] in side else "opponents"
        elif between:
            e["party"] = _party(pr.party)
        if announced or rules.kontra_silent:  # a Spritzer: a silent premium doubled too
            kk = _choose("  Kontra", levels, default="keins", labels=_no_kontra())
            if kk != "keins":
                e["kontra"] = kk
        prems.append(e)
        allowed.remove(name)
    return prems
