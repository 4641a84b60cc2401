"""The hand as the page's taps give it (contract, declarer, partner,
result, card points or tricks, Kontra per player, premiums), made into
the hand record of ../shared/interface.md. Only what the contract can
hold is taken (a partner where a king is called, tricks in a negative
game); whether the hand is allowed is for the hand check, as for every
record, with its own messages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..domain.notation.follows import contract_premiums
from ..errors import SchreiberError
from ..i18n import _

if TYPE_CHECKING:
    from ..domain.rules import Contract, Rules

# a premium's tap: (announced, result)
PREMIUM_STATES = {"still": (False, "won"), "still-": (False, "lost"), "angesagt": (True, "won"),
                  "angesagt-": (True, "lost")}  # fmt: skip
RESULTS = {"won": "won", "lost": "lost"}


def tapped(form: Mapping[str, str], rules: Rules, players: tuple[str, ...], vorhand: str) -> dict:
    """The hand record of a tapped form (``spiel``, ``spieler``, ``partner``,
    ``ergebnis``, ``punkte``, ``kontra_I`` for the I-th player, ``praemie_ID``
    and ``partei_ID``, ``augen_I`` in Trischaken)."""
    cid = form.get("spiel", "")
    contract = rules.active_contracts.get(cid)
    if contract is None:
        raise SchreiberError(_("choose the contract"))
    record: dict = {"contract": cid}
    if contract.kind == "trischaken":
        record["scores"] = {p: _figure(form.get(f"augen_{i}", ""), p) for i, p in enumerate(players)}
        kontra = _kontras(form, players, rules)
        if kontra:
            record["kontra"] = kontra
        return record
    declarer = _player(form.get("spieler", ""), players) or (vorhand if contract.vorhand else None)
    if declarer is None:
        raise SchreiberError(_("choose the declarer"))
    record["declarer"] = declarer
    if contract.call:
        record["partner"] = _partner(form.get("partner", ""), declarer, players)
    result = RESULTS.get(form.get("ergebnis", ""))
    if result:
        record["result"] = result
    figure = form.get("punkte", "").strip()
    if figure:
        record["tricks" if contract.kind == "negative" else "points"] = _figure(figure, declarer)
    _kontra(record, form, players, rules, contract)
    premiums = _premiums(form, rules, contract)
    if premiums:
        record["premiums"] = premiums
    return record


def _player(value: str, players: tuple[str, ...]) -> str | None:
    return value if value in players else None


def _partner(value: str, declarer: str, players: tuple[str, ...]) -> str | None:
    if value == "talon":
        return None
    if value == "selbst":
        return declarer
    if value in players:
        return value
    raise SchreiberError(_("choose the partner: who held the called king (or the talon)"))


def _figure(text: str, who: str) -> int | str:
    text = text.strip()
    if text.isascii() and text.isdigit() and len(text) <= 4:
        return int(text)
    if "/" in text and len(text) <= 9:
        return text  # Blatt notation, read by the hand check
    raise SchreiberError(_("{who}: give the card points as a number (41) or points/cards (35/2)").format(who=who))


def _kontras(form: Mapping[str, str], players: tuple[str, ...], rules: Rules) -> dict[str, str]:
    """Each player's Kontra as tapped (a level of the rules, or none)."""
    out = {}
    for i, p in enumerate(players):
        level = form.get(f"kontra_{i}", "")
        if level in rules.kontra_levels:
            out[p] = level
    return out


def _kontra(record: dict, form: Mapping[str, str], players: tuple[str, ...], rules: Rules, contract: Contract) -> None:
    """A negative game: each opponent's own Kontra; a positive one: the
    game's highest level, and who said Kontra where one player alone did."""
    said = _kontras(form, players, rules)
    if not said:
        return
    if contract.kind == "negative":
        record["kontra"] = said
        return
    levels = rules.kontra_levels
    record["kontra"] = max(said.values(), key=levels.index)
    first = [p for p, level in said.items() if level == levels[0]]
    if len(first) == 1:
        record["kontra_from"] = first[0]


def _premiums(form: Mapping[str, str], rules: Rules, contract: Contract) -> list[dict]:
    out = []
    for pid in contract_premiums(rules, contract):
        state = PREMIUM_STATES.get(form.get(f"praemie_{pid}", ""))
        if state is None:
            continue
        party = "opponents" if form.get(f"partei_{pid}") == "opponents" else "declarer"
        out.append({"name": pid, "party": party, "announced": state[0], "result": state[1]})
    return out
