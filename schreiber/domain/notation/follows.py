"""What may come next on a line of the short notation (tab completion at the
table): the words of the notation that the parser itself reads at that place.
There is no second grammar here: a word is offered where ``parse_notation``
(``partial``: the line may stop short) reads the line with it, so after a
contract come players, after the players the result, Kontra and premiums.
Nothing typed yet, each thing is offered by its one word; with letters
typed, also by the other words that begin so (Pikkolo, Spatz, verl)."""

from __future__ import annotations

import re

from ..names import fold, spoken_order
from ..rules import Contract, Rules, bidding_order
from ..table import Table
from ..vocabulary import (
    CONCEDE_WORDS,
    DEALER_KEYS,
    KONTRA_WORDS,
    MIT_KEYS,
    OWN_WORDS,
    PARTY_KEYS,
    RENONCE_KEYS,
    RESULT_WORDS,
    SAID_RESULT,
    TALON_WORDS,
)
from .parse import parse_notation
from .words import NotationError


def next_words(
    done: list[str], word: str, rules: Rules, players: tuple[str, ...], vorhand: str | None = None
) -> list[str]:
    """The words that complete ``word`` after the words ``done`` of a line
    (``players`` in seating order, ``vorhand`` that of the hand, None when
    unknown): each a word the notation reads there, in the order a table
    says them. A line that cannot be read up to ``word`` gets none."""
    try:
        record = parse_notation(done, rules, players, vorhand, partial=True)
    except NotationError:
        return []
    contract = rules.contracts.get(record.get("contract", ""))
    bare = [w for w in done if ":" not in w[1:]]  # key:value words may stand anywhere, the dealer's before all
    key, colon, value = word.partition(":")
    if colon:  # geg:tr, kontra:an, kontra:anna,be
        head, comma, last = value.rpartition(",")
        said = f"{key}:{head}{comma}"
        offered = [said + w for w in _value_words(fold(key), last, rules, contract, players, record, vorhand)]
    elif not bare:
        offered = _contract_words(rules, word)
    else:
        offered = []
        if contract is not None:
            in_hand = _hand_players(rules, contract, players, record, vorhand)
            offered = _words(rules, contract, in_hand, record, word)
            if word:  # who doubled for himself: kontra:NAME, re:NAME (with letters typed, as the other words)
                levels = rules.kontra_levels if contract.kind == "negative" else ["kontra"]
                offered += [
                    f"{lv}:{p}"
                    for lv in levels
                    for p in _value_words(lv, "", rules, contract, players, record, vorhand)
                ]
        offered += _contract_goes_on(bare, rules)  # "solo" of "solo dreier"
    return [w for w in matching(offered, word) if _fits(done, w, rules, players, vorhand)]


def _fits(done: list[str], word: str, rules: Rules, players: tuple[str, ...], vorhand: str | None) -> bool:
    """Whether the line reads with ``word`` next; an opponents' premium
    (geg:) only where a premium may stand, after the players."""
    key, colon, bare = word.partition(":")
    if not colon or fold(key) not in PARTY_KEYS:
        bare = word
    return _reads(done, word, rules, players, vorhand) and (bare == word or _reads(done, bare, rules, players, vorhand))


def _reads(done: list[str], word: str, rules: Rules, players: tuple[str, ...], vorhand: str | None) -> bool:
    try:
        parse_notation([*done, word], rules, players, vorhand, partial=True)
    except NotationError:
        return False
    return True


def matching(words: list[str], typed: str) -> list[str]:
    """The words that begin as typed: in any case, or with umlauts spelled
    out (``koe`` finds König ultimo's id), each once; a later word that an
    earlier one begins with adds nothing (``solo-rufer`` after ``solorufer``,
    ``verl`` after ``verloren``) and is left out."""
    low, folded = typed.casefold(), fold(typed)
    out: dict[str, str] = {}
    for w in words:
        f = fold(w)
        if (w.casefold().startswith(low) or f.startswith(folded)) and not any(k.startswith(f) for k in out):
            out[f] = w
    return list(out.values())


def _others(main: str, words, typed: str) -> list[str]:
    """The other words of a thing (its name, aliases) as players write them
    (lower case; of a name of several words its first): only once letters
    are typed that its own word ``main`` does not begin with (``pik`` finds
    pikkolo, ``pi`` piccolo alone)."""
    if not typed or fold(main).startswith(fold(typed)):
        return []
    return [w.split()[0].lower() for w in words if w.strip()]


def _contract_words(rules: Rules, typed: str) -> list[str]:
    """The contracts in bidding order: each id, and its name where it is another word."""
    out = []
    for cid in bidding_order(rules):
        c = rules.contracts[cid]
        out += [cid] + _others(cid, (c.name, *c.aliases), typed)
    return out


def _contract_goes_on(bare: list[str], rules: Rules) -> list[str]:
    """The next word of a contract's name of several words (Solo Dreier,
    Zwiccolo semi-ouvert) that the words ``bare`` begin."""
    if len(bare) > 2:
        return []
    typed = fold(" ".join(bare))
    out = []
    for c in rules.active_contracts.values():
        for term in (c.id, c.name, *c.aliases):
            for words in (term.split(), re.split(r"[ -]", term)):  # semi-ouvert, or semi then ouvert
                if len(words) > len(bare) and fold(" ".join(words[: len(bare)])) == typed:
                    out.append(words[len(bare)].lower())
    return out


def _hand_players(
    rules: Rules, contract: Contract, players: tuple[str, ...], record: dict, vorhand: str | None
) -> tuple[str, ...]:
    """The players in this hand: at a table of five not the dealer (who
    plays Trischaken where the rules say so); all when the dealer is not known."""
    dealer = record.get("dealer")
    if dealer is None and vorhand in players:
        dealer = players[players.index(vorhand) - 1]
    if dealer is None:
        return players
    trisch = contract.kind == "trischaken"
    return Table(players, dealer, dealer_plays=trisch and bool(rules.trischaken_five)).active


def contract_premiums(rules: Rules, contract: Contract) -> list[str]:
    """The premiums a contract can hold, in the order players say them: none
    in a negative contract or Trischaken; those it lists, else every premium
    of the rules; one that needs a called king only where a king is called."""
    if contract.kind != "positive":
        return []
    allowed = [p for p in (contract.premiums or rules.active_premiums) if p in rules.active_premiums]
    return spoken_order(p for p in allowed if contract.call or not rules.premiums[p].needs_call)


def _premium_words(rules: Rules, contract: Contract, record: dict, typed: str) -> list[tuple[str | None, list[str]]]:
    """The contract's premiums not named already: for each, who alone can
    make it (None: either side) and its words, silent and announced (!)
    where it can be."""
    named = {p.get("name") for p in record.get("premiums", [])}
    out = []
    for pid in contract_premiums(rules, contract):
        p = rules.premiums[pid]
        if pid not in named:
            words = [pid, *_others(pid, (p.name, *p.aliases), typed)]
            out.append((p.party, [x for w in words for x in [w] + ([w + "!"] if p.announced is not None else [])]))
    return out


def _words(rules: Rules, contract: Contract, players: tuple[str, ...], record: dict, typed: str) -> list[str]:
    """Every word this contract's line can hold (the parser tells which fit where)."""
    out = list(players)
    if contract.call:
        out += ["talon", *_others("talon", TALON_WORDS, typed)]
        out += ["selbst", *_others("selbst", OWN_WORDS, typed)] if rules.own_king else []
    if contract.kind != "trischaken":
        for result, main in SAID_RESULT.items():  # besides + and -, which need no completing
            out += [main, *_others(main, (w for w, r in RESULT_WORDS.items() if r == result and w.isalpha()), typed)]
        for level in rules.kontra_levels:
            out += [level, *_others(level, (w for w, lv in KONTRA_WORDS.items() if lv == level), typed)]
    if contract.concede is not None:
        out += ["schleifen", *_others("schleifen", CONCEDE_WORDS, typed)]
    for party, words in _premium_words(rules, contract, record, typed):
        out += words + (["geg:" + w for w in words if not w.endswith("!")] if party is None else [])
    return out


def _value_words(
    key: str,
    typed: str,
    rules: Rules,
    contract: Contract | None,
    players: tuple[str, ...],
    record: dict,
    vorhand: str | None,
) -> list[str]:
    """What may follow ``key:``: a premium of the opponents, who doubled,
    said mit or revoked (a player of the hand), or who dealt (anyone seated)."""
    if key in DEALER_KEYS:
        return list(players)
    if contract is None:
        return []
    if key in PARTY_KEYS:
        return [
            w for party, words in _premium_words(rules, contract, record, typed) if party != "declarer" for w in words
        ]
    in_hand = _hand_players(rules, contract, players, record, vorhand)
    trisch = contract.kind == "trischaken"
    if key in KONTRA_WORDS and contract.kind == "negative":
        declarers = record.get("declarer") or []
        return [p for p in in_hand if p not in ([declarers] if isinstance(declarers, str) else declarers)]
    if key in KONTRA_WORDS:
        return list(in_hand) if trisch and rules.trischaken_kontra else []
    if key in MIT_KEYS:
        return list(in_hand) if trisch and rules.trischaken_tariff(contract.value).mit != "none" else []
    return list(in_hand) if key in RENONCE_KEYS else []
