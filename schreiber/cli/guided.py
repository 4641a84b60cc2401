"""Guided entry: `schreiber hand add` asks step by step, offering only what
the evening's preset allows, with defaults that match the most common hand,
and reads the hand back in short notation. Nothing is written before the
last answer."""

from __future__ import annotations

from fractions import Fraction

import typer

from ..domain.names import fold, match_players, spoken_order
from ..domain.notation.follows import contract_premiums
from ..domain.points import format_points, parse_points
from ..domain.rules import Contract, Rules, bidding_order
from ..domain.table import Table
from ..domain.vocabulary import KONTRA_WORDS, NO_WORDS, RESULT_WORDS, YES_WORDS
from ..errors import SchreiberError
from ..i18n import _
from ..ledger.stored import Evening
from ..service import Service
from .root import echo


def _choose(
    question: str,
    choices: list[str],
    default: str | None = None,
    labels: dict | None = None,
    numbers: dict[str, int] | None = None,
    missing: str = "",
    also: dict[str, str] | None = None,
) -> str:
    """Ask until the answer is one of the choices (a number, a name, or a unique
    prefix). ``numbers``: each choice's number where it is not its place in the
    list; ``missing``: what an empty answer leaves out, where there is no default;
    ``also``: other answers a choice is (+ and - for won and lost)."""
    labels = labels or {}
    numbers = numbers or {c: i for i, c in enumerate(choices, 1)}
    by_number = {str(numbers[c]): c for c in choices}
    for c in choices:
        echo(f"  {numbers[c]:>2}. {labels.get(c, c)}")
    shown = labels.get(default, default) if default else ""  # the default as the list names it (Rufer, not rufer)
    while True:
        ans = typer.prompt(question, default=shown, show_default=bool(default)).strip()
        if default and ans in ("", shown):
            return default
        if not ans:
            low, high = min(numbers[c] for c in choices), max(numbers[c] for c in choices)
            echo(
                _("  {missing}: type a number from {low} to {high} or a name").format(
                    missing=missing or _("no answer"), low=low, high=high
                )
            )
            continue
        if ans in by_number:
            return by_number[ans]
        if ans in (also or {}):
            return (also or {})[ans]
        exact = [c for c in choices if fold(c) == fold(ans) or fold(labels.get(c, c)) == fold(ans)]
        if exact:
            return exact[0]
        pre = [c for c in choices if fold(c).startswith(fold(ans)) or fold(labels.get(c, c)).startswith(fold(ans))]
        pre = pre if fold(ans) else []  # "-" or "." begins every name: it fits none
        if len(pre) == 1:
            return pre[0]
        fits = _(" (fits {choices})").format(choices=", ".join(labels.get(c, c) for c in pre)) if pre else ""
        echo(_("  '{answer}' is none of the choices").format(answer=ans) + fits)


def _yes(question: str, default: bool = False) -> bool:
    """Yes or no, Enter for the default: [Y/n] or [y/N] (German: [J/n], [j/N]); j, ja, y, yes in both."""
    from .report import screen_width

    while True:
        keys = _("Y/n") if default else _("y/N")
        asked, width = f"{question} [{keys}]: ", screen_width()
        if width and len(asked) > width and ": " in question:  # on a narrow terminal the hand under its question
            head, _sep, rest = asked.partition(": ")
            asked = f"{head}:\n  {rest}"
        ans = typer.prompt(asked, default="", show_default=False, prompt_suffix="")
        ans = ans.strip().lower()
        if not ans:
            return default
        if ans in YES_WORDS:
            return True
        if ans in NO_WORDS:
            return False
        echo(_("  y or n"))


def _result(question: str) -> str:
    """Won or lost, the words of the screen's list or as the notation writes them."""
    return _choose(
        question, ["won", "lost"], default="won", labels={"won": _("won"), "lost": _("lost")}, also=RESULT_WORDS
    )


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
    rec = ask_record(nxt.evening.rules, nxt.evening.seating, table, nxt.state.next_dealer)
    if not _yes(_("Enter: {hand}").format(hand=format_notation(rec, nxt.evening.rules)), True):
        raise SchreiberError(_("not entered; nothing was written"))
    return rec


def ask_record(rules: Rules, players: tuple[str, ...], table: Table, dealer: str) -> dict:
    """The hand record, asked step by step at this table (``dealer`` deals the hand)."""
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
        partner = _choose(
            _("Partner (who held the called king?)"),
            options,
            labels={"selbst": _("self (own king)")},
            missing=_("the partner is missing"),
        )
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
    rec: dict = {"contract": cid, "scores": _trischaken_scores(rules, active)}
    # Only a player with 0 points can be without a trick; counting in threes
    # that is certain, counting single cards (lungau) it needs asking.
    zero = [p for p in active if parse_points(rec["scores"][p], rules.deck_points, rules.blatt) == 0]
    if not rules.blatt:
        nostich = [p for p in zero if _yes(_("{player} without a trick?").format(player=p), True)]
        if nostich:
            rec["tricks_by"] = {p: 0 for p in nostich}
    if rules.trischaken_tariff(rules.contracts[cid].value).mit != "none":
        mit = [p for p in active if _yes(_("{player} says mit?").format(player=p), False)]
        if mit:
            rec["mit"] = mit
    if rules.trischaken_kontra:
        k = _kontra_by(active, ("kontra",))
        if k:
            rec["kontra"] = k
    return rec


def _trischaken_scores(rules: Rules, active: list[str]) -> dict[str, int | str]:
    """Each player's card points as typed; the last player's follow from the
    others' (the deck's points less theirs) and are offered as the default. A
    count that cannot add up to the deck says so and is asked again."""
    deck = rules.deck_points
    while True:
        scores: dict[str, int | str] = {}
        total = Fraction(0)
        for p in active[:-1]:
            while True:
                raw, pts = _card_points(rules, p)
                if total + pts <= deck:
                    break
                echo(
                    _("  that makes {sum}, more than the {deck} points of the deck; {player}'s points again").format(
                        sum=format_points(total + pts), deck=deck, player=p
                    )
                )
            scores[p], total = raw, total + pts
        last = active[-1]
        raw, pts = _card_points(rules, last, format_points(deck - total))
        if total + pts == deck:
            scores[last] = raw
            return scores
        echo(
            _("  the points add up to {sum}, but the deck has {deck}; the points again, from {player}").format(
                sum=format_points(total + pts), deck=deck, player=active[0]
            )
        )


def _card_points(rules: Rules, player: str, default: str = "") -> tuple[int | str, Fraction]:
    """One player's card points: as the record keeps them (a number, or Blatt text) and their value."""
    while True:
        raw = typer.prompt(_("Points {player}").format(player=player), default=default, show_default=bool(default))
        raw = raw.strip()
        if not raw:
            example = _("e.g. 20 or 35/2") if rules.blatt else _("e.g. 20")
            echo(_("  {player}'s points are missing; type them, {example}").format(player=player, example=example))
            continue
        try:
            pts = Fraction(parse_points(raw, rules.deck_points, rules.blatt))
        except ValueError as exc:
            echo(f"  {exc}")
            continue
        return (int(raw) if raw.isdigit() else raw), pts


def _negative(rules: Rules, rec: dict, active: list[str], decl: str) -> dict:
    rec["result"] = _result(_("Result"))
    kontra = _kontra_by([p for p in active if p != decl], rules.kontra_levels)
    if kontra:
        rec["kontra"] = kontra
    return rec


def _kontra_by(players: list[str], levels: tuple[str, ...]) -> dict[str, str]:
    """Who doubled, in one question: the players named (each at Kontra, a
    level word after a name raises that one's), in the order of the hand;
    Enter: nobody."""
    example = players[0].lower()
    echo(_("  who doubled? {players} (Enter: nobody)").format(players=_either(players)))
    if len(levels) > 1:
        question = _("Kontra from (e.g. {example} or {example} re)").format(example=example)
    else:
        question = _("Kontra from (e.g. {example})").format(example=example)
    nobody = _("nobody")
    while True:
        ans = typer.prompt(question, default=nobody).strip()
        if ans in ("", nobody):
            return {}
        said, problem = _doubled(ans, players, levels)
        if problem is None:
            return {p: said[p] for p in players if p in said}
        echo(problem)


def _either(names: list[str]) -> str:
    """Fritz, Hans or Ilse."""
    return _("{some} or {last}").format(some=", ".join(names[:-1]), last=names[-1]) if len(names) > 1 else names[0]


def _doubled(answer: str, players: list[str], levels: tuple[str, ...]) -> tuple[dict[str, str], str | None]:
    """The players an answer names, each with its level; or the line saying what is wrong."""
    said: dict[str, str] = {}
    last = None
    for word in answer.replace(",", " ").split():
        level = KONTRA_WORDS.get(fold(word))
        who = match_players(word, players, prefix=level is None)  # a level word is a player only as his full name
        if level is not None and not who:
            if last is None:
                return said, _("  name who doubled before '{word}', e.g. {example} {word}").format(
                    word=word, example=players[0].lower()
                )
            if level not in levels:
                return said, _("  '{word}' is no Kontra level here; the levels: {levels}").format(
                    word=word, levels=", ".join(levels)
                )
            said[last] = level
        elif len(who) > 1:
            return said, _("  '{word}' could be {players}; write more letters").format(word=word, players=_either(who))
        elif who and who[0] in said:
            return said, _("  {player} is named twice; name each who doubled once").format(player=who[0])
        elif who:
            last = who[0]
            said[last] = "kontra"
        else:
            return said, _("  '{word}' is none of {players}; e.g. {example}").format(
                word=word, players=_either(players), example=players[0].lower()
            )
    return said, None


def _positive(rules: Rules, rec: dict, c: Contract, active: list[str]) -> None:
    """Points or result, Kontra on the game, and the premiums."""
    while True:
        raw = typer.prompt(_("Points or result (e.g. 41, 35/2, + or -)"), default="+").strip()
        if raw in RESULT_WORDS:  # +, -, gewonnen, verloren, ...
            rec["result"] = RESULT_WORDS[raw]
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


def premium_numbers(rules: Rules) -> dict[str, int]:
    """The number each premium of the evening's rules goes by in guided entry:
    its place among all of them in the order players say them (``spoken_order``),
    whatever a contract offers and however many were given already; 0 is done."""
    return {"fertig": 0} | {pid: i for i, pid in enumerate(spoken_order(rules.active_premiums), 1)}


def _premiums(rules: Rules, c: Contract, levels: list[str], active: list[str], side: set) -> list[dict]:
    allowed = contract_premiums(rules, c)  # in the order players say them
    numbers = premium_numbers(rules)
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
            numbers=numbers,
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
        result = _result(_("  Result"))
        e = {"name": name, "party": party, "announced": announced, "result": result}
        if between and result == "won":
            e["by"] = _choose(_("  Who caught the Mond?"), active, missing=_("the catcher of the Mond is missing"))
            others = [p for p in active if p != e["by"]]
            e["from"] = _choose(_("  Whose Mond was it?"), others, missing=_("whose Mond it was is missing"))
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
