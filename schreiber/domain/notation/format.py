"""Writing a hand record back in the short notation."""

from __future__ import annotations

import shlex

from ...i18n import _
from ..json_text import shown
from ..names import fold, lookup
from ..rules import Rules
from ..vocabulary import CONCEDE_WORDS, OWN_WORDS, RESULT_WORDS, TALON_WORDS
from .words import QUOTE_NEEDED, err


def _q(token: str) -> str:
    return shlex.quote(token) if QUOTE_NEEDED.search(token) or not token else token


def _result_word(value) -> str:
    if value is True or value == "won":
        return "+"
    if value is False or value == "lost":
        return "-"
    r = RESULT_WORDS.get(fold(str(value)), "")
    return {"won": "+", "lost": "-"}.get(r, str(value))


def format_notation(record: dict, rules: Rules) -> str:
    """Write a hand record in the short notation (ids and full player names).

    For records as parse_notation writes them, reading the text back gives
    the same record: ``parse_notation(format_notation(r, rules), ...) == r``.
    Other valid records give an equivalent hand.
    """
    if not isinstance(record, dict):
        raise err(_("a hand record must be an object, not {value}").format(value=shown(record)))
    craw = record.get("contract")
    cid = lookup(craw, rules.contracts) if isinstance(craw, str) else None
    contract = rules.contracts.get(cid) if cid is not None else None
    out = [_q(cid or str(craw))] + _players(record, contract is None or contract.call)
    result = record.get("result")
    if result is not None and not isinstance(result, dict):
        out.append(_result_word(result))
    if record.get("points") is not None:
        out.append(str(record["points"]))
    if record.get("tricks") is not None:
        out.append(str(record["tricks"]))
    out += _trischaken_counts(record) + _kontra(record.get("kontra"))
    out += [_premium(p, rules, _side(record)) for p in record.get("premiums") or [] if isinstance(p, dict)]
    if record.get("conceded"):
        out.append(CONCEDE_WORDS[0])
    if record.get("renonce"):
        out.append(_q(f"renonce:{record['renonce']}"))
    if record.get("dealer"):
        out.append(_q(f"geber:{record['dealer']}"))
    return " ".join(out)


def _players(record: dict, calls: bool) -> list[str]:
    """Declarer(s), each with his own result where several play, and the partner."""
    out = []
    draw = record.get("declarer")
    declarers = draw if isinstance(draw, list) else ([draw] if draw is not None else [])
    result = record.get("result")
    per = result if isinstance(result, dict) else {}
    for d in declarers:
        mark = _result_word(per[d]) if d in per else ""
        out.append(_q(str(d)) + mark)
    if "partner" in record and calls:
        partner = record["partner"]
        if partner is None:
            out.append(TALON_WORDS[0])
        elif declarers and partner == declarers[0]:
            out.append(OWN_WORDS[0])
        else:
            out.append(_q(str(partner)))
    return out


def _trischaken_counts(record: dict) -> list[str]:
    """Points (and tricks) by name, and who said "mit"."""
    out = []
    scores = record.get("scores") or {}
    tricks_by = record.get("tricks_by") or {}
    if not isinstance(scores, dict):
        scores = {}
    if not isinstance(tricks_by, dict):
        tricks_by = {}
    # "Anna:20#3" when the tricks come in the order of the points, else apart
    # ("Anna#3"), so that both keep their order (the checked hand keeps it).
    joined = [n for n in scores if n in tricks_by] == list(tricks_by)
    for name, pts in scores.items():
        tr = f"#{tricks_by[name]}" if joined and name in tricks_by else ""
        out.append(_q(f"{name}:{pts}{tr}"))
    if not joined:
        for name, tr in tricks_by.items():
            out.append(_q(f"{name}#{tr}"))
    if record.get("mit"):
        out.append(_q("mit:" + ",".join(str(n) for n in record["mit"])))
    return out


def _kontra(kontra: object) -> list[str]:
    """Kontra on the game, or per player (neighbours of one level share a word)."""
    if isinstance(kontra, dict):
        runs: list[tuple[str, list[str]]] = []
        for name, level in kontra.items():
            if runs and runs[-1][0] == str(level):
                runs[-1][1].append(str(name))
            else:
                runs.append((str(level), [str(name)]))
        return [_q(f"{level}:{','.join(names)}") for level, names in runs]
    return [_q(str(kontra))] if kontra else []


def _side(record: dict) -> set:
    """The declarer and his partner (the side a catch's catcher tells)."""
    d = record.get("declarer")
    if not isinstance(d, str):
        return set()
    partner = record.get("partner")
    return {d, partner if isinstance(partner, str) else d}


def _premium(p: dict, rules: Rules, side: set) -> str:
    name = p.get("name")
    pid = lookup(name, rules.premiums) if isinstance(name, str) else None
    prem = rules.premiums.get(pid) if pid else None
    word = pid or str(name)
    if p.get("announced"):
        word += "!"
    if _result_word(p.get("result")) == "-":
        word += "-"
    if p.get("kontra"):
        word += f"@{p['kontra']}"
    opponents = p.get("party", "declarer") == "opponents"
    if p.get("by") is not None:  # mondfang:Dora>Carl: the side is the catcher's, geg: only where it is not
        word += f":{p['by']}>{p.get('from')}"
        return _q(("geg:" if opponents and p["by"] in side else "") + word)
    if opponents and not (prem and prem.party == "opponents"):
        word = "geg:" + word
    return _q(word)
