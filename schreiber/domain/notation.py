"""The short notation for one hand: one line as quick as pencil on paper.

    rufer Berti Carl + pagat! geg:trull re        (Rufer, Berti with Carl, won,
                                                   Pagat announced and made,
                                                   silent Trull of the opponents,
                                                   game re-doubled)

``parse_notation`` turns such a line into exactly the hand record of
../shared/interface.md (the dict a user would give as JSON; ``check_hand``
then validates it), and ``format_notation`` writes a record back. Both are
pure: no storage, no CLI, no dates. The grammar, in short (docs/notation.md
has it in full, with examples for every preset)::

    CONTRACT [DECLARER...] [PARTNER] ITEM...

    CONTRACT  id, German name or alias (Pikkolo, Bettler ouvert, Solo Dreier),
              or a unique beginning of one ("d" for Dreier under standard)
    DECLARER  a player by unique prefix; NAME+ / NAME- attaches a result;
              several for negative contracts played side by side; left out
              for a Vorhand contract = the Vorhand
    PARTNER   call contracts: a player, talon/stock (king in the talon),
              selbst/allein (own king)
    ITEM      + - g v gewonnen verloren     result of the game
              41  35/2                      card points (positive contracts)
              1                             tricks (negative contracts)
              kontra re sub hirsch mord     Kontra on the game
              kontra:carl,dora re:anna      Kontra of single opponents
              pagat  pagat!  pagat-  pagat!@re   premium: silent/announced (!),
                                            won (default) / lost (-), Kontra
              geg:trull                     premium of the opponents
              schleifen aufgegeben          conceded
              renonce:carl  geber:anna      Renonce, explicit dealer
              anna:20 anna:20#3 20 15 25 10 Trischaken points (#tricks), by
                                            name or in order from the Vorhand
              mit:carl                      Trischaken "mit" (gumpoldskirchen)

Words are case-insensitive and umlaut-folded. A keyword always wins over a
player's name prefix (with a player Gerti, ``g`` means gewonnen; write
``ge``), and a player's full name always wins over a keyword.
"""

from __future__ import annotations

import re
import shlex

from ..errors import SchreiberError
from .names import closest, fold, lookup, term_index
from .rules import Contract, Rules
from .table import Table


class NotationError(SchreiberError, ValueError):
    """The notation of a hand cannot be read; the message says why and how to fix it."""


# Words of the notation, folded (names.fold). The first of each group is the
# one format_notation writes.
RESULT_WORDS = {
    "+": "won", "-": "lost",
    "g": "won", "gew": "won", "gewonnen": "won", "gwonnen": "won", "won": "won", "win": "won",
    "v": "lost", "verl": "lost", "verloren": "lost", "lost": "lost", "loss": "lost",
}
KONTRA_WORDS = {
    "kontra": "kontra", "contra": "kontra", "spritzen": "kontra", "gspritzt": "kontra",
    "re": "re", "rekontra": "re", "retour": "re",
    "sub": "sub", "subkontra": "sub", "superkontra": "sub",
    "hirsch": "hirsch", "hirschkontra": "hirsch",
    "mord": "mord", "mordkontra": "mord",
}
TALON_WORDS = ("talon", "stock")
OWN_WORDS = ("selbst", "selber", "allein", "sich")
CONCEDE_WORDS = ("schleifen", "geschleift", "schleift", "aufgegeben", "aufgeben", "conceded")
PARTY_KEYS = ("geg", "gegner", "gegen", "opp", "opponents")
DEALER_KEYS = ("geber", "gibt", "teiler", "dealer")
RENONCE_KEYS = ("renonce", "ren")
MIT_KEYS = ("mit",)
KEYWORDS = (
    set(RESULT_WORDS) | set(KONTRA_WORDS) | set(TALON_WORDS) | set(OWN_WORDS) | set(CONCEDE_WORDS)
)
KV_KEYS = PARTY_KEYS + DEALER_KEYS + RENONCE_KEYS + MIT_KEYS + tuple(KONTRA_WORDS)

_NUMBER = re.compile(r"([0-9]{1,4})(?:/([0-9]{1,4}))?(?:#([0-9]{1,4}))?")
_PREMIUM = re.compile(r"(!?)([^!@+\-]+(?:-[^!@+\-]+)*)([+\-!]*)(?:@([^!@+\-]*))?([+\-!]*)")
_NAME_TRICKS = re.compile(r"(.+)#([0-9]{1,4})")
_QUOTE_NEEDED = re.compile(r"[\s'\"\\]")


def _err(msg: str) -> NotationError:
    return NotationError(" ".join(msg.split()))


def _listing(names) -> str:
    return ", ".join(names)


def _did_you_mean(word: str, choices) -> str:
    near = closest(word, choices) if word else []
    return f" (did you mean {' or '.join(near)}?)" if near else ""


def _tokens(text) -> list[str]:
    if isinstance(text, str):
        parts = [text]
    elif isinstance(text, (list, tuple)) and all(isinstance(t, str) for t in text):
        parts = list(text)
    else:
        raise _err(f"the notation must be text or a list of words, not {type(text).__name__}")
    out: list[str] = []
    for part in parts:
        if isinstance(text, str) or re.search(r"\s", part):
            try:
                out.extend(shlex.split(part))
            except ValueError as exc:
                how = "close the quote" if "quotation" in str(exc) else "remove the backslash at the end"
                raise _err(f"cannot read '{part}': {str(exc).lower()}; {how}") from None
        elif part:
            out.append(part)
    return out


def _number_value(head: str, rest: str | None):
    """Card points as the record writes them: an int, or Blatt text "35/2"."""
    return int(head) if rest is None else f"{int(head)}/{int(rest)}"


class _Parser:
    def __init__(self, rules: Rules, players):
        self.rules = rules
        self.players = tuple(players)
        if not self.players:
            raise _err("no players given: the notation needs the evening's players")
        self.contract_index = term_index(rules.contracts)
        self.premium_index = term_index(rules.premiums)

    # ---- players ---------------------------------------------------------
    def exact_player(self, word: str) -> str | None:
        cf = word.strip().casefold()
        for p in self.players:
            if p.casefold() == cf:
                return p
        if word.endswith(("+", "-")):  # fold() drops a dash: "Dora-" is Dora lost
            return None
        f = fold(word)
        hits = [p for p in self.players if f and fold(p) == f]
        return hits[0] if len(hits) == 1 else None

    def prefix_player(self, word: str, role: str) -> str | None:
        f = fold(word)
        if not f or word.endswith(("+", "-")):
            return None
        hits = [p for p in self.players if fold(p).startswith(f)]
        if len(hits) > 1:
            raise _err(f"'{word}' as {role} is ambiguous: {_listing(hits)}; write more letters")
        return hits[0] if hits else None

    def player(self, word: str, role: str) -> str:
        """A player named where only a player fits (after 'kontra:', 'mit:' ...)."""
        p = self.exact_player(word) or self.prefix_player(word, role)
        if p is None:
            raise _err(
                f"unknown player '{word}' as {role}{_did_you_mean(word, self.players)}; "
                f"players: {_listing(self.players)}"
            )
        return p

    def players_list(self, value: str, role: str) -> list[str]:
        out: list[str] = []
        for w in value.split(","):
            if not w.strip():
                continue
            p = self.player(w, role)
            if p in out:
                raise _err(f"{p} is named twice in {role}")
            out.append(p)
        if not out:
            raise _err(f"{role} needs at least one player, e.g. {role}:{self.players[0]}")
        return out

    def reserved(self, word: str) -> bool:
        """Words that are never read as a player's name prefix."""
        if word in ("+", "-") or not word:
            return True
        if any(ch in word for ch in "!@#/:") or word[0].isdigit():
            return True
        f = fold(word)
        return f in KEYWORDS or f in self.premium_index or f in self.contract_index

    def slot_player(self, tok: str, role: str):
        """(player, result or None), or None when the word is not a player."""
        p = self.exact_player(tok)
        if p:
            return p, None
        base, res = tok, None
        if len(tok) > 1 and tok[-1] in "+-":
            base, res = tok[:-1], RESULT_WORDS[tok[-1]]
            p = self.exact_player(base)
            if p:
                return p, res
        if self.reserved(tok) or self.reserved(base):
            return None
        p = self.prefix_player(base, role)
        return (p, res) if p else None

    # ---- words -----------------------------------------------------------
    def contract(self, bare: list[str]) -> tuple[Contract, int]:
        if bare[0].endswith(("+", "-")):
            raise _err(f"'{bare[0]}': start with the contract alone and write + or - after the players")
        for k in (3, 2, 1):
            # A player's full name or a result is never swallowed into a contract name.
            if len(bare) >= k and not any(self.exact_player(w) or w.endswith(("+", "-")) for w in bare[1:k]):
                cid = self.contract_index.get(fold(" ".join(bare[:k])))
                if cid:
                    return self.rules.contracts[cid], k
        word = bare[0]
        f = fold(word)
        active = self.rules.active_contracts
        hits = sorted({cid for term, cid in self.contract_index.items() if f and term.startswith(f) and cid in active})
        if len(hits) == 1:
            return active[hits[0]], 1
        if len(hits) > 1:
            raise _err(f"contract '{word}' is ambiguous under {self.rules.preset}: {_listing(hits)}; write more letters")
        raise _err(
            f"unknown contract '{word}' under {self.rules.preset}{_did_you_mean_ids(word, active)}; "
            f"valid: {_listing(active)}"
        )

    def premium(self, tok: str, party: str | None):
        """A premium token -> the record's premium dict, or None if it is no premium."""
        m = _PREMIUM.fullmatch(tok)
        if not m:
            return None
        bang, name, flags1, level, flags2 = m.groups()
        flags = bang + flags1 + flags2
        f = fold(name)
        if not f:
            return None
        pid = self.premium_index.get(f)
        if pid is None and len(f) >= 2:
            active = self.rules.active_premiums
            hits = sorted({p for term, p in self.premium_index.items() if term.startswith(f) and p in active})
            if len(hits) > 1:
                raise _err(f"premium '{name}' is ambiguous under {self.rules.preset}: {_listing(hits)}; write more letters")
            pid = hits[0] if hits else None
        if pid is None:
            return None
        prem = self.rules.premiums[pid]
        if "+" in flags and "-" in flags:
            raise _err(f"premium '{tok}' is marked both won (+) and lost (-); write {name}+ or {name}-")
        kontra = None
        if level is not None:
            kontra = KONTRA_WORDS.get(fold(level))
            if kontra is None:
                raise _err(
                    f"unknown Kontra level '@{level}' on {prem.name}{_did_you_mean(level, self.rules.kontra_levels)}; "
                    f"valid: {_listing('@' + lv for lv in self.rules.kontra_levels)}"
                )
        if "!" in flags or kontra:
            announced = True
        elif prem.silent is None and prem.announced is not None:
            announced = True  # e.g. Grammaboy, Säcke: only announced
        else:
            announced = False
        if party is None:
            party = prem.party or "declarer"
        entry = {"name": pid, "party": party, "announced": announced, "result": "lost" if "-" in flags else "won"}
        if kontra:
            entry["kontra"] = kontra
        return entry

    def unknown_word(self, tok: str) -> NotationError:
        p = None
        try:
            p = self.exact_player(tok) or self.prefix_player(tok.rstrip("+-"), "player")
        except NotationError:
            p = None
        if p:
            return _err(
                f"'{tok}' ({p}) is out of place: players come right after the contract "
                f"(declarer, then partner); use kontra:{p}, renonce:{p} or geber:{p} for the others"
            )
        base = tok.rstrip("+-!")
        near = _near_ids(base, self.rules.active_premiums)
        near += [w for w in (closest(base, sorted(KEYWORDS - {"+", "-"})) if base else []) if w not in near]
        hint = f" (did you mean {' or '.join(near[:3])}?)" if near else ""
        return _err(
            f"unknown word '{tok}' under {self.rules.preset}{hint}; expected a result (+ - g v), points, "
            f"Kontra ({' '.join(self.rules.kontra_levels)}), or a premium: {_listing(self.rules.active_premiums)}"
        )


def _near_ids(word: str, entries: dict) -> list[str]:
    """The ids of the entries whose id, name or alias is closest to ``word``."""
    terms: dict[str, str] = {}
    for e in entries.values():
        for t in (e.id, e.name, *e.aliases):
            terms.setdefault(t, e.id)
    out: list[str] = []
    for t in closest(word, list(terms), n=6) if word else []:
        if terms[t] not in out:
            out.append(terms[t])
    return out[:3]


def _did_you_mean_ids(word: str, entries: dict) -> str:
    near = _near_ids(word, entries)
    return f" (did you mean {' or '.join(near)}?)" if near else ""


def _split_kv(tok: str):
    if ":" in tok and not tok.startswith(":"):
        key, _, value = tok.partition(":")
        return key, value
    return None


def parse_notation(text: str | list[str], rules: Rules, players: tuple[str, ...], vorhand: str | None = None) -> dict:
    """Read one hand in the short notation into the hand record of interface.md.

    ``players`` are the evening's players in seating order; ``vorhand`` is the
    Vorhand of this hand (by rotation) or None when unknown. A ``geber:NAME``
    word in the notation names the dealer and so the Vorhand. The Vorhand is
    needed only to leave out the declarer of a Vorhand contract (``rufer Carl
    +``) and for Trischaken points given in seating order.
    Raises NotationError (a SchreiberError) with one line on any problem.
    """
    ps = _Parser(rules, players)
    players = ps.players
    if vorhand is not None and vorhand not in players:
        raise _err(f"Vorhand '{vorhand}' is not at the table; players: {_listing(players)}")
    tokens = _tokens(text)
    if not tokens:
        raise _err("the hand is empty: start with the contract, e.g. 'rufer Berti Carl +'")

    # key:value words may stand anywhere; everything else is read in order.
    bare: list[str] = []
    bare_pos: list[int] = []
    kvs: list[tuple[int, str, str, str]] = []
    for pos, tok in enumerate(tokens):
        kv = _split_kv(tok)
        if kv:
            kvs.append((pos, tok, fold(kv[0]), kv[1]))
        else:
            bare.append(tok)
            bare_pos.append(pos)

    # The dealer first: it fixes the Vorhand.
    dealer = None
    rest_kvs = []
    for pos, tok, key, value in kvs:
        if key in DEALER_KEYS and not _NUMBER.fullmatch(value):
            if dealer is not None:
                raise _err(f"the dealer is given twice ('{tok}'); give geber:NAME once")
            dealer = ps.player(value, "dealer")
        else:
            rest_kvs.append((pos, tok, key, value))
    if dealer is not None:
        vorhand = players[(players.index(dealer) + 1) % len(players)]

    if not bare:
        raise _err("the contract is missing: start with it, e.g. 'rufer Berti Carl +'")
    contract, used = ps.contract(bare)
    rest = bare[used:]
    rest_pos = bare_pos[used:]
    trisch = contract.kind == "trischaken"

    # ---- declarer(s) and partner -------------------------------------------
    declarers: list[str] = []
    per_result: dict[str, str] = {}
    game_result: str | None = None
    partner: str | None = None
    i = 0

    def need_declarer(what: str) -> NotationError:
        example = f"'{contract.id} {players[1 % len(players)]}{' ' + players[2 % len(players)] if contract.call else ''} +'"
        if i < len(rest) and not ps.reserved(rest[i]) and not ps.premium(rest[i], None):
            return _err(f"unknown player '{rest[i]}' as {what}{_did_you_mean(rest[i], players)}; players: {_listing(players)}")
        return _err(f"{contract.name}: name the {what} right after the contract, e.g. {example}")

    def vorhand_default() -> str | None:
        return vorhand if contract.vorhand and vorhand is not None else None

    def partner_slot(tok: str):
        p = ps.exact_player(tok)
        if p:
            return "player", p, None
        f = fold(tok)
        if f in TALON_WORDS:
            return "talon", None, None
        if f in OWN_WORDS:
            return "own", None, None
        sp = ps.slot_player(tok, "partner")
        return ("player", sp[0], sp[1]) if sp else None

    if trisch:
        if i < len(rest) and "#" not in rest[i]:
            sp = ps.slot_player(rest[i], "declarer")
            if sp:
                if sp[1]:
                    raise _err(f"{contract.name} has no won/lost: give each player's points, e.g. {sp[0]}:20")
                declarers.append(sp[0])
                i += 1
    elif contract.call:
        a = partner_slot(rest[i]) if i < len(rest) else None
        b = partner_slot(rest[i + 1]) if a and a[0] == "player" and i + 1 < len(rest) else None
        if a and a[0] == "player" and b:
            declarers.append(a[1])
            if a[2]:
                per_result[a[1]] = a[2]
            i += 2
            partner = b[1] if b[0] == "player" else (a[1] if b[0] == "own" else None)
            game_result = b[2]
        elif a and a[0] == "player" and vorhand_default() and a[1] != vorhand_default():
            declarers.append(vorhand_default())
            partner, game_result, i = a[1], a[2], i + 1
        elif a is None and i < len(rest) and not ps.reserved(rest[i]) and not ps.premium(rest[i], None):
            role = "partner" if vorhand_default() else "declarer"
            raise _err(f"unknown player '{rest[i]}' as {role}{_did_you_mean(rest[i], players)}; players: {_listing(players)}")
        elif a and a[0] != "player" and vorhand_default():
            declarers.append(vorhand_default())
            i += 1
            partner = vorhand_default() if a[0] == "own" else None
        elif a and a[0] == "player":
            if i + 1 < len(rest) and not ps.reserved(rest[i + 1]) and not ps.premium(rest[i + 1], None):
                raise _err(
                    f"unknown player '{rest[i + 1]}' as partner{_did_you_mean(rest[i + 1], players)}; "
                    f"players: {_listing(players)}"
                )
            raise _err(
                f"{contract.name} calls a king: after the declarer {a[1]} give the partner "
                f"(a player, talon if the king lay in the talon, selbst for the own king)"
            )
        elif a:
            raise _err(f"{contract.name}: name the declarer before '{rest[i]}', e.g. '{contract.id} {players[0]} {rest[i]}'")
        elif vorhand_default() or (contract.vorhand and i < len(rest) and ps.reserved(rest[i])):
            raise _err(
                f"{contract.name} calls a king: give the partner (a player, talon or selbst), "
                f"e.g. '{contract.id} {players[2 % len(players)]} +'"
                + ("" if vorhand_default() else " with the Vorhand known, else the declarer first")
            )
        else:
            raise need_declarer("declarer and the partner")
    else:
        while i < len(rest):
            sp = ps.slot_player(rest[i], "declarer")
            if not sp:
                break
            if sp[0] in declarers:
                raise _err(f"{sp[0]} is named twice as declarer")
            declarers.append(sp[0])
            if sp[1]:
                per_result[sp[0]] = sp[1]
            i += 1
            if contract.kind != "negative":
                break
        if not declarers:
            if vorhand_default():
                declarers.append(vorhand_default())
            else:
                raise need_declarer("declarer")

    # ---- the items ---------------------------------------------------------
    points = None
    tricks = None
    kontra = None
    conceded = False
    premiums: list[tuple[int, dict]] = []  # (position in the text, entry): kept in the order typed
    positional: list[tuple] = []
    scores: dict[str, object] = {}
    tricks_by: dict[str, int] = {}

    def set_result(value: str, tok: str) -> None:
        nonlocal game_result
        if trisch:
            raise _err(f"{contract.name} has no won/lost ('{tok}'): give each player's points, e.g. {players[0]}:20")
        if game_result is not None:
            raise _err(f"the result is given twice ('{tok}'); give + or - once")
        game_result = value

    def add_score(p: str, head: str, blatt: str | None, tr: str | None, tok: str) -> None:
        if p in scores:
            raise _err(f"{p}'s points are given twice ('{tok}')")
        scores[p] = _number_value(head, blatt)
        if tr is not None:
            if p in tricks_by:
                raise _err(f"{p}'s tricks are given twice ('{tok}')")
            tricks_by[p] = int(tr)

    for pos, tok in zip(rest_pos[i:], rest[i:]):
        f = fold(tok)
        m = _NUMBER.fullmatch(tok)
        if tok in ("+", "-") or f in RESULT_WORDS:
            set_result(RESULT_WORDS[tok if tok in ("+", "-") else f], tok)
        elif m:
            head, blatt, tr = m.groups()
            if trisch:
                positional.append((head, blatt, tr, tok))
            elif tr is not None:
                raise _err(f"'{tok}': #tricks is only for Trischaken; give the points alone, e.g. {head}")
            elif contract.kind == "negative":
                if blatt is not None:
                    raise _err(f"'{tok}': a {contract.name} is decided by tricks, not card points; give the declarer's tricks, e.g. {contract.tricks}")
                if tricks is not None:
                    raise _err(f"the tricks are given twice ('{tok}')")
                tricks = int(head)
            else:
                if points is not None:
                    raise _err(f"the points are given twice ('{tok}'); give the declarer's card points once")
                points = _number_value(head, blatt)
        elif f in KONTRA_WORDS:
            if kontra is not None:
                raise _err(f"Kontra on the game is given twice ('{tok}'); give the highest level once, e.g. re")
            kontra = KONTRA_WORDS[f]
        elif f in CONCEDE_WORDS:
            conceded = True
        elif f in TALON_WORDS or f in OWN_WORDS:
            where = "right after the declarer" if contract.call else f"only in contracts that call a king, not in {contract.name}"
            raise _err(f"'{tok}' names the called king and belongs {where}")
        elif trisch and _NAME_TRICKS.fullmatch(tok):
            nm, tr = _NAME_TRICKS.fullmatch(tok).groups()
            p = ps.player(nm, "tricks")
            if p in tricks_by:
                raise _err(f"{p}'s tricks are given twice ('{tok}')")
            tricks_by[p] = int(tr)
        else:
            entry = ps.premium(tok, None)
            if entry is None:
                raise ps.unknown_word(tok)
            premiums.append((pos, entry))

    # ---- key:value words ---------------------------------------------------
    kontra_by: dict[str, str] = {}
    mit: list[str] = []
    renonce = None
    for pos, tok, key, value in rest_kvs:
        num = _NUMBER.fullmatch(value)
        if not value:
            raise _err(f"'{tok}' needs something after the colon, e.g. {tok}{players[0]}")
        if num and (ps.exact_player(key) or key not in KV_KEYS):
            p = ps.exact_player(key) or ps.player(tok.partition(":")[0], "points")
            if not trisch:
                raise _err(f"'{tok}': points per player are only for Trischaken; give the declarer's points alone, e.g. {num.group(1)}")
            add_score(p, *num.groups(), tok)
        elif key in PARTY_KEYS:
            entry = ps.premium(value, "opponents")
            if entry is None:
                raise _err(
                    f"unknown premium '{value}' in '{tok}' under {rules.preset}"
                    f"{_did_you_mean_ids(value.rstrip('+-!'), rules.active_premiums)}; "
                    f"valid: {_listing(rules.active_premiums)}"
                )
            premiums.append((pos, entry))
        elif key in KONTRA_WORDS:
            for p in ps.players_list(value, "kontra"):
                if p in kontra_by:
                    raise _err(f"{p}'s Kontra is given twice ('{tok}')")
                kontra_by[p] = KONTRA_WORDS[key]
        elif key in MIT_KEYS:
            for p in ps.players_list(value, "mit"):
                if p not in mit:
                    mit.append(p)
        elif key in RENONCE_KEYS:
            if renonce is not None:
                raise _err(f"the Renonce is given twice ('{tok}'); name the one offender")
            renonce = ps.player(value, "renonce")
        else:
            raise _err(
                f"unknown word '{key}:' in '{tok}'{_did_you_mean(key, [k + ':' for k in KV_KEYS])}; "
                f"valid: geg:PREMIUM, kontra:NAME, re:NAME, renonce:NAME, geber:NAME"
                + (", mit:NAME, NAME:POINTS" if trisch else "")
            )

    if positional:
        if scores:
            raise _err("give Trischaken points either all by name (Anna:20) or all in seating order (20 15 25 10), not mixed")
        if vorhand is None:
            raise _err(
                "Trischaken points in seating order need the Vorhand, which is not known here: "
                f"give them by name, e.g. {players[0]}:20, or say geber:NAME"
            )
        d = players[(players.index(vorhand) - 1) % len(players)]
        active = Table(players, d, dealer_plays=bool(rules.trischaken_five)).active
        if len(positional) != len(active):
            raise _err(
                f"{len(positional)} Trischaken scores for {len(active)} players; give one per player "
                f"in seating order from the Vorhand ({_listing(active)}) or NAME:POINTS"
            )
        for p, (head, blatt, tr, tok) in zip(active, positional):
            add_score(p, head, blatt, tr, tok)

    if kontra and kontra_by:
        raise _err(f"give Kontra either on the whole game ({kontra}) or per opponent (kontra:NAME), not both")
    if per_result and game_result is not None:
        raise _err("the result is given twice: after a declarer (Anna+) and for the game (+); give it once")

    # ---- the record ----------------------------------------------------------
    record: dict = {"contract": contract.id}
    if declarers:
        record["declarer"] = declarers[0] if len(declarers) == 1 else list(declarers)
    if contract.call:
        record["partner"] = partner
    if per_result:
        if len(declarers) == 1:
            record["result"] = per_result[declarers[0]]
        else:
            record["result"] = dict(per_result)
    elif game_result is not None:
        record["result"] = game_result
    if points is not None:
        record["points"] = points
    if tricks is not None:
        record["tricks"] = tricks
    if kontra:
        record["kontra"] = kontra
    elif kontra_by:
        record["kontra"] = kontra_by
    if premiums:
        record["premiums"] = [entry for _, entry in sorted(premiums, key=lambda pe: pe[0])]
    if conceded:
        record["conceded"] = True
    if scores:
        record["scores"] = scores
    if tricks_by:
        record["tricks_by"] = tricks_by
    if mit:
        record["mit"] = mit
    if renonce:
        record["renonce"] = renonce
    if dealer:
        record["dealer"] = dealer
    return record


# ---- writing a record back ----------------------------------------------------

def _q(token: str) -> str:
    return shlex.quote(token) if _QUOTE_NEEDED.search(token) or not token else token


def _result_word(value) -> str:
    if value is True or value == "won":
        return "+"
    if value is False or value == "lost":
        return "-"
    r = RESULT_WORDS.get(fold(str(value)))
    return {"won": "+", "lost": "-"}.get(r, str(value))


def format_notation(record: dict, rules: Rules) -> str:
    """Write a hand record in the short notation (ids and full player names).

    For records as parse_notation writes them, reading the text back gives
    the same record: ``parse_notation(format_notation(r, rules), ...) == r``.
    Other valid records give an equivalent hand.
    """
    if not isinstance(record, dict):
        raise _err(f"a hand record must be an object, not {type(record).__name__}")
    out: list[str] = []
    craw = record.get("contract")
    cid = lookup(craw, rules.contracts) if isinstance(craw, str) else None
    contract = rules.contracts.get(cid) if cid else None
    out.append(_q(cid or str(craw)))

    draw = record.get("declarer")
    declarers = draw if isinstance(draw, list) else ([draw] if draw is not None else [])
    result = record.get("result")
    per = result if isinstance(result, dict) else {}
    for d in declarers:
        mark = _result_word(per[d]) if d in per else ""
        out.append(_q(str(d)) + mark)
    if "partner" in record and (contract is None or contract.call):
        partner = record["partner"]
        if partner is None:
            out.append(TALON_WORDS[0])
        elif declarers and partner == declarers[0]:
            out.append(OWN_WORDS[0])
        else:
            out.append(_q(str(partner)))
    if result is not None and not isinstance(result, dict):
        out.append(_result_word(result))
    if record.get("points") is not None:
        out.append(str(record["points"]))
    if record.get("tricks") is not None:
        out.append(str(record["tricks"]))
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
    kontra = record.get("kontra")
    if isinstance(kontra, dict):
        runs: list[tuple[str, list[str]]] = []  # neighbours of one level share a word, order kept
        for name, level in kontra.items():
            if runs and runs[-1][0] == str(level):
                runs[-1][1].append(str(name))
            else:
                runs.append((str(level), [str(name)]))
        for level, names in runs:
            out.append(_q(f"{level}:{','.join(names)}"))
    elif kontra:
        out.append(_q(str(kontra)))
    for p in record.get("premiums") or []:
        if not isinstance(p, dict):
            continue
        name = p.get("name")
        pid = lookup(name, rules.premiums) if isinstance(name, str) else None
        prem = rules.premiums.get(pid) if pid else None
        party = p.get("party", "declarer")
        word = pid or str(name)
        if p.get("announced"):
            word += "!"
        if _result_word(p.get("result")) == "-":
            word += "-"
        if p.get("kontra"):
            word += f"@{p['kontra']}"
        if party == "opponents" and not (prem and prem.party == "opponents"):
            word = "geg:" + word
        out.append(_q(word))

    if record.get("conceded"):
        out.append(CONCEDE_WORDS[0])
    if record.get("renonce"):
        out.append(_q(f"renonce:{record['renonce']}"))
    if record.get("dealer"):
        out.append(_q(f"geber:{record['dealer']}"))
    return " ".join(out)
