"""The words of one hand in the short notation, each read for what it names
under these rules at this table (``Reader``: a player, a contract, a
premium, and what an unknown word may have meant); the errors the notation
raises and the small readers the parser and the writer share. The words
themselves: ``domain/vocabulary.py``."""

from __future__ import annotations

import re
import shlex
import unicodedata

from ...errors import SchreiberError
from ...i18n import _
from ..names import closest, did_you_mean, fold, listing, lookup, said_near, spoken_order, term_index
from ..rules import Contract, Rules
from ..vocabulary import KEYWORDS, KONTRA_WORDS, RESULT_WORDS


class NotationError(SchreiberError, ValueError):
    """The notation of a hand cannot be read; the message says why and how to fix it."""


NUMBER = re.compile(r"([0-9]{1,4})(?:/([0-9]{1,4}))?(?:#([0-9]{1,4}))?")
PREMIUM = re.compile(r"(!?)([^!@+\-]+(?:-[^!@+\-]+)*)([+\-!]*)(?:@([^!@+\-]*))?([+\-!]*)")
NAME_TRICKS = re.compile(r"(.+)#([0-9]{1,4})")
QUOTE_NEEDED = re.compile(r"[\s'\"\\]")


def err(msg: str, **values: object) -> NotationError:
    return NotationError(" ".join((msg.format(**values) if values else msg).split()))


LINE_MAX = 1000  # characters of a typed line: a hand with every premium and Kontra takes a few dozen


def too_long(line: str) -> str | None:
    """What is wrong with a typed line longer than any hand (None for one that is not)."""
    if len(line) <= LINE_MAX:
        return None
    return _("the line is longer than {n} characters; a hand takes a few dozen: not entered").format(n=LINE_MAX)


def line_words(line: str) -> list[str]:
    """A typed line's words, quoted names kept whole (``'Anna Maria'``); a
    line with an open quote split at its spaces (the notation says what is wrong)."""
    try:
        return shlex.split(line)
    except ValueError:
        return line.split()


def tokens(text) -> list[str]:
    if isinstance(text, str):
        parts = [text]
    elif isinstance(text, (list, tuple)) and all(isinstance(t, str) for t in text):
        parts = list(text)
    else:
        raise err(_("the notation must be text or a list of words, not {name}").format(name=type(text).__name__))
    out: list[str] = []
    for part in parts:
        if isinstance(text, str) or re.search(r"\s", part):
            try:
                out.extend(shlex.split(part))
            except ValueError as exc:
                if "quotation" in str(exc):
                    raise err(_("cannot read '{part}': no closing quotation; close the quote"), part=part) from None
                raise err(
                    _("cannot read '{part}': no escaped character; remove the backslash at the end"), part=part
                ) from None
        elif part:
            out.append(part)
    return out


def number_value(head: str, rest: str | None):
    """Card points as the record writes them: an int, or Blatt text "35/2"."""
    return int(head) if rest is None else f"{int(head)}/{int(rest)}"


class Reader:
    """What the words of a hand name under ``rules`` at the table of ``players``."""

    def __init__(self, rules: Rules, players):
        self.rules = rules
        self.players = tuple(players)
        if not self.players:
            raise err(_("no players given: the notation needs the evening's players"))
        self.contract_index = term_index(rules.contracts)
        self.premium_index = term_index(rules.premiums)

    # ---- players ---------------------------------------------------------
    def exact_player(self, word: str) -> str | None:
        cf = unicodedata.normalize("NFC", word).strip().casefold()
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
            raise err(
                _("'{word}' as {role} is ambiguous: {hits}; write more letters").format(
                    word=word, role=_(role), hits=listing(hits)
                )
            )
        return hits[0] if hits else None

    def player(self, word: str, role: str) -> str:
        """A player named where only a player fits (after 'kontra:', 'mit:' ...);
        ``role`` (marked with ``N_``) is said in the screen's language."""
        p = self.exact_player(word) or self.prefix_player(word, role)
        if p is None:
            raise err(
                _("unknown player '{word}' as {role}{did_you_mean}; players: {players}").format(
                    word=word,
                    role=_(role),
                    did_you_mean=did_you_mean(word, self.players),
                    players=listing(self.players),
                )
            )
        return p

    def players_list(self, value: str, role: str) -> list[str]:
        """The players after ``role:`` (kontra:, mit:), the word as typed in its messages."""
        out: list[str] = []
        for w in value.split(","):
            if not w.strip():
                continue
            p = self.player(w, role)
            if p in out:
                raise err(_("{p} is named twice in {role}").format(p=p, role=role))
            out.append(p)
        if not out:
            raise err(_("{role} needs at least one player, e.g. {role}:{players}"), role=role, players=self.players[0])
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
            raise err(_("'{bare}': start with the contract alone and write + or - after the players"), bare=bare[0])
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
        plain = [c for c in hits if all(h == c or (h.startswith(c + "-") and h.endswith("ouvert")) for h in hits)]
        if len(plain) == 1:  # one contract, or the plain game of those and its ouvert forms ("bet": Bettel)
            return active[plain[0]], 1
        if len(hits) > 1:
            raise err(
                _("contract '{word}' is ambiguous under {preset}: {hits}; write more letters").format(
                    word=word, preset=self.rules.preset, hits=listing(hits)
                )
            )
        raise err(
            _("unknown contract '{word}' under {preset}{did_you_mean_ids}; valid: {active}").format(
                word=word,
                preset=self.rules.preset,
                did_you_mean_ids=did_you_mean_ids(word, active),
                active=listing(active),
            )
        )

    def contract_begins(self, bare: list[str]) -> bool:
        """Whether the words begin the name of a contract played (one of several words)."""
        f = fold(" ".join(bare))
        active = self.rules.active_contracts
        return any(term.startswith(f) and term != f and cid in active for term, cid in self.contract_index.items())

    def premium(self, tok: str, party: str | None):
        """A premium token -> the record's premium dict, or None if it is no premium."""
        m = PREMIUM.fullmatch(tok)
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
                raise err(
                    _("premium '{name}' is ambiguous under {preset}: {hits}; write more letters").format(
                        name=name, preset=self.rules.preset, hits=listing(hits)
                    )
                )
            pid = hits[0] if hits else None
        if pid is None:
            return None
        prem = self.rules.premiums[pid]
        if "+" in flags and "-" in flags:
            raise err(
                _("premium '{tok}' is marked both won (+) and lost (-); write {name}+ or {name}-"), tok=tok, name=name
            )
        kontra = None
        if level is not None:
            kontra = KONTRA_WORDS.get(fold(level))
            if kontra is None:
                raise err(
                    _("unknown Kontra level '@{level}' on {name}{did_you_mean}; valid: {x}").format(
                        level=level,
                        name=prem.name,
                        did_you_mean=did_you_mean(level, self.rules.kontra_levels),
                        x=listing("@" + lv for lv in self.rules.kontra_levels),
                    )
                )
        if "!" in flags or (kontra and not self.rules.kontra_silent):  # a Spritzer (kontra_silent): @LEVEL alone
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
            return err(
                _(
                    "'{tok}' ({p}) is out of place: players come right after the contract (declarer, then partner); use kontra:{p}, renonce:{p} or geber:{p} for the others"
                ).format(tok=tok, p=p)
            )
        base = tok.rstrip("+-!")
        elsewhere = _played_elsewhere(base, self.rules)
        if elsewhere:
            return err(
                _("{elsewhere} is not played under {preset}; its premiums: {active_premiums}").format(
                    elsewhere=elsewhere,
                    preset=self.rules.preset,
                    active_premiums=listing(spoken_order(self.rules.active_premiums)),
                )
            )
        near = _near_ids(base, self.rules.active_premiums)
        near += [w for w in (closest(base, sorted(KEYWORDS - {"+", "-"})) if base else []) if w not in near]
        hint = said_near(near[:3])
        return err(
            _(
                "unknown word '{tok}' under {preset}{hint}; expected a result (+ - g v), points, Kontra ({kontra_levels}), or a premium: {active_premiums}"
            ).format(
                tok=tok,
                preset=self.rules.preset,
                hint=hint,
                kontra_levels=" ".join(self.rules.kontra_levels),
                active_premiums=listing(spoken_order(self.rules.active_premiums)),
            )
        )


def _played_elsewhere(word: str, rules: Rules) -> str | None:
    """The name of a premium ``word`` names under another preset (or among
    this one's inactive ones), where these rules do not play it."""
    from ..rules import PRESETS, load_preset

    if not word:
        return None
    for table in [rules.premiums] + [load_preset(name).premiums for name in PRESETS]:
        pid = lookup(word, table)
        if pid is not None and pid not in rules.active_premiums:
            return table[pid].name
    return None


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


def did_you_mean_ids(word: str, entries: dict) -> str:
    return said_near(_near_ids(word, entries))
