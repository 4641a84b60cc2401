"""Reading one hand in the short notation into the hand record."""

from __future__ import annotations

from ...i18n import N_, _
from ..names import did_you_mean, fold, listing, spoken_order
from ..rules import Contract, Rules
from ..table import Table
from ..vocabulary import (
    CONCEDE_WORDS,
    DEALER_KEYS,
    KONTRA_WORDS,
    KV_KEYS,
    MIT_KEYS,
    OWN_WORDS,
    PARTY_KEYS,
    RENONCE_KEYS,
    RESULT_WORDS,
    TALON_WORDS,
)
from .words import (
    NAME_TRICKS,
    NUMBER,
    NotationError,
    Reader,
    did_you_mean_ids,
    err,
    number_value,
    tokens,
)


def _split_kv(tok: str) -> tuple[str, str] | None:
    if ":" in tok and not tok.startswith(":"):
        key, _x, value = tok.partition(":")
        return key, value
    return None


KV = tuple[int, str, str, str]  # position in the text, the word, its folded key, its value


def parse_notation(
    text: str | list[str], rules: Rules, players: tuple[str, ...], vorhand: str | None = None, partial: bool = False
) -> dict:
    """Read one hand in the short notation into the hand record of interface.md.

    ``players`` are the evening's players in seating order; ``vorhand`` is the
    Vorhand of this hand (by rotation) or None when unknown. A ``geber:NAME``
    word in the notation names the dealer and so the Vorhand. The Vorhand is
    needed only to leave out the declarer of a Vorhand contract (``rufer Carl
    +``) and for Trischaken points given in seating order.
    ``partial``: the line may stop short, as while it is typed (tab completion
    asks what may follow): what is read so far, a place not yet filled (the
    contract, a declarer, the partner, the last Trischaken points) no error.
    Raises NotationError (a SchreiberError) with one line on any problem.
    """
    ps = Reader(rules, players)
    if vorhand is not None and vorhand not in ps.players:
        raise err(
            _("Vorhand '{vorhand}' is not at the table; players: {players}").format(
                vorhand=vorhand, players=listing(ps.players)
            )
        )
    words = tokens(text)
    if not words and not partial:
        raise err(_("the hand is empty: start with the contract, e.g. 'rufer Berti Carl +'"))
    bare, bare_pos, kvs = _split_words(words)
    dealer, rest_kvs = _dealer(ps, kvs)
    if dealer is not None:
        vorhand = ps.players[(ps.players.index(dealer) + 1) % len(ps.players)]
    if not bare and partial:
        return {"dealer": dealer} if dealer else {}
    if not bare:
        raise err(_("the contract is missing: start with it, e.g. 'rufer Berti Carl +'"))
    try:
        contract, used = ps.contract(bare)
    except NotationError:
        if partial and len(bare) < 3 and ps.contract_begins(bare):  # "zwiccolo" of "zwiccolo ouvert"
            return {"dealer": dealer} if dealer else {}
        raise
    d = _Draft(ps, contract, bare[used:], bare_pos[used:], vorhand, dealer)
    d.partial = partial
    if d.trisch:
        _trischaken_declarer(d)
    elif contract.call:
        _call_declarer_and_partner(d)
    else:
        _declarers(d)
    _items(d)
    _kv_words(d, rest_kvs)
    _scores_in_seating_order(d)
    if d.kontra and d.kontra_by:
        raise err(
            _("give Kontra either on the whole game ({kontra}) or per opponent (kontra:NAME), not both").format(
                kontra=d.kontra
            )
        )
    if d.per_result and d.game_result is not None:
        raise err(_("the result is given twice: after a declarer (Anna+) and for the game (+); give it once"))
    return _record(d)


def _split_words(words: list[str]) -> tuple[list[str], list[int], list[KV]]:
    """key:value words may stand anywhere; everything else is read in order."""
    bare: list[str] = []
    bare_pos: list[int] = []
    kvs: list[KV] = []
    for pos, tok in enumerate(words):
        kv = _split_kv(tok)
        if kv:
            kvs.append((pos, tok, fold(kv[0]), kv[1]))
        else:
            bare.append(tok)
            bare_pos.append(pos)
    return bare, bare_pos, kvs


def _dealer(ps: Reader, kvs: list[KV]) -> tuple[str | None, list[KV]]:
    """The dealer first (geber:NAME): it fixes the Vorhand."""
    dealer = None
    rest_kvs = []
    for pos, tok, key, value in kvs:
        if key in DEALER_KEYS and not NUMBER.fullmatch(value):
            if dealer is not None:
                raise err(_("the dealer is given twice ('{tok}'); give geber:NAME once").format(tok=tok))
            dealer = ps.player(value, N_("dealer"))
        else:
            rest_kvs.append((pos, tok, key, value))
    return dealer, rest_kvs


class _Draft:
    """The hand being read: the words still to read (from ``i``) and what was found."""

    def __init__(
        self,
        ps: Reader,
        contract: Contract,
        rest: list[str],
        rest_pos: list[int],
        vorhand: str | None,
        dealer: str | None,
    ):
        self.ps, self.players, self.rules = ps, ps.players, ps.rules
        self.contract, self.rest, self.rest_pos = contract, rest, rest_pos
        self.vorhand, self.dealer = vorhand, dealer
        self.trisch = contract.kind == "trischaken"
        self.i = 0
        self.declarers: list[str] = []
        self.per_result: dict[str, str] = {}
        self.game_result: str | None = None
        self.partner: str | None = None
        self.points: int | str | None = None
        self.tricks: int | None = None
        self.kontra: str | None = None
        self.conceded = False
        self.premiums: list[tuple[int, dict]] = []  # (position in the text, entry): kept in the order typed
        self.positional: list[tuple] = []
        self.scores: dict[str, object] = {}
        self.tricks_by: dict[str, int] = {}
        self.kontra_by: dict[str, str] = {}
        self.mit: list[str] = []
        self.renonce: str | None = None
        self.partial = False  # the line may stop short (parse_notation)

    def next_word(self, ahead: int = 0) -> str | None:
        j = self.i + ahead
        return self.rest[j] if j < len(self.rest) else None

    def vorhand_default(self) -> str | None:
        return self.vorhand if self.contract.vorhand and self.vorhand is not None else None

    def not_a_word(self, tok: str | None) -> bool:
        """A word that is neither a keyword nor a premium: a mistyped player."""
        return tok is not None and not self.ps.reserved(tok) and not self.ps.premium(tok, None)

    def need_declarer(self, partner_too: bool = False) -> NotationError:
        """The declarer (and a king-calling contract's partner) is missing."""
        c, players = self.contract, self.players
        example = f"'{c.id} {players[1 % len(players)]}{' ' + players[2 % len(players)] if c.call else ''} +'"
        tok = self.next_word()
        if tok is not None and self.not_a_word(tok):
            return err(
                _("unknown player '{tok}' as {role}{did_you_mean}; players: {players}").format(
                    tok=tok, role=_("declarer"), did_you_mean=did_you_mean(tok, players), players=listing(players)
                )
            )
        said = (
            _("{name}: name the declarer and the partner right after the contract, e.g. {example}")
            if partner_too
            else _("{name}: name the declarer right after the contract, e.g. {example}")
        )
        return err(said.format(name=c.name, example=example))

    def partner_slot(self, tok: str) -> tuple[str, str | None, str | None] | None:
        p = self.ps.exact_player(tok)
        if p:
            return "player", p, None
        f = fold(tok)
        if f in TALON_WORDS:
            return "talon", None, None
        if f in OWN_WORDS:
            return "own", None, None
        sp = self.ps.slot_player(tok, N_("partner"))
        return ("player", sp[0], sp[1]) if sp else None

    def set_result(self, value: str, tok: str) -> None:
        if self.trisch:
            raise err(
                _("{name} has no won/lost ('{tok}'): give each player's points, e.g. {players}:20").format(
                    name=self.contract.name, tok=tok, players=self.players[0]
                )
            )
        if self.game_result is not None:
            raise err(_("the result is given twice ('{tok}'); give + or - once").format(tok=tok))
        self.game_result = value

    def add_score(self, p: str, head: str, blatt: str | None, tr: str | None, tok: str) -> None:
        if p in self.scores:
            raise err(_("{p}'s points are given twice ('{tok}')").format(p=p, tok=tok))
        self.scores[p] = number_value(head, blatt)
        if tr is not None:
            if p in self.tricks_by:
                raise err(_("{p}'s tricks are given twice ('{tok}')").format(p=p, tok=tok))
            self.tricks_by[p] = int(tr)


# ---- declarer(s) and partner ------------------------------------------------


def _trischaken_declarer(d: _Draft) -> None:
    tok = d.next_word()
    if tok is not None and "#" not in tok:
        sp = d.ps.slot_player(tok, N_("declarer"))
        if sp:
            if sp[1]:
                raise err(
                    _("{name} has no won/lost: give each player's points, e.g. {sp}:20"), name=d.contract.name, sp=sp[0]
                )
            d.declarers.append(sp[0])
            d.i += 1


def _call_declarer_and_partner(d: _Draft) -> None:
    """A king-calling contract: declarer and partner, or the partner alone
    after the Vorhand's own contract (``rufer Carl +``)."""
    players, vorhand = d.players, d.vorhand_default()
    tok = d.next_word()
    a = d.partner_slot(tok) if tok is not None else None
    nxt = d.next_word(1)
    b = d.partner_slot(nxt) if a and a[0] == "player" and nxt is not None else None
    if a and a[0] == "player" and b and a[1] is not None:
        d.declarers.append(a[1])
        if a[2]:
            d.per_result[a[1]] = a[2]
        d.i += 2
        d.partner = b[1] if b[0] == "player" else (a[1] if b[0] == "own" else None)
        d.game_result = b[2]
    elif a and a[0] == "player" and vorhand and a[1] != vorhand:
        d.declarers.append(vorhand)
        d.partner, d.game_result = a[1], a[2]
        d.i += 1
    elif a is None and tok is not None and d.not_a_word(tok):
        role = _("partner") if vorhand else _("declarer")
        raise err(
            _("unknown player '{tok}' as {role}{did_you_mean}; players: {players}").format(
                tok=tok, role=role, did_you_mean=did_you_mean(tok, players), players=listing(players)
            )
        )
    elif a and a[0] != "player" and vorhand:
        d.declarers.append(vorhand)
        d.i += 1
        d.partner = vorhand if a[0] == "own" else None
    elif d.partial and (tok is None or (a and a[0] == "player" and nxt is None)):
        if a and a[1] is not None:  # the declarer, the partner still to come
            d.declarers.append(a[1])
            d.i += 1
    else:
        raise _no_call_slots(d, a, tok)


def _no_call_slots(d: _Draft, a: tuple | None, tok: str | None) -> NotationError:
    """Why the declarer and partner of a king-calling contract cannot be read."""
    contract, players, vorhand = d.contract, d.players, d.vorhand_default()
    if a and a[0] == "player":
        nxt = d.next_word(1)
        if nxt is not None and d.not_a_word(nxt):
            return err(
                _("unknown player '{nxt}' as partner{did_you_mean}; players: {players}").format(
                    nxt=nxt, did_you_mean=did_you_mean(nxt, players), players=listing(players)
                )
            )
        return err(
            (
                _("{name} calls a king: after the declarer {a} give the partner (a player, talon if the king lay in the talon, selbst for the own king)")
                if d.rules.own_king
                else _("{name} calls a king: after the declarer {a} give the partner (a player, or talon if the king lay in the talon)")
            ).format(name=contract.name, a=a[1])
        )  # fmt: skip
    if a:
        return err(
            _("{name}: name the declarer before '{tok}', e.g. '{id} {players} {tok}'").format(
                name=contract.name, tok=tok, id=contract.id, players=players[0]
            )
        )
    if vorhand or (contract.vorhand and tok is not None and d.ps.reserved(tok)):
        said = (
            _("{name} calls a king: give the partner ({who}), e.g. '{id} {player} +'")
            if vorhand
            else _(
                "{name} calls a king: give the partner ({who}), e.g. '{id} {player} +' with "
                "the Vorhand known, else the declarer first"
            )
        )
        who = _("a player, talon or selbst") if d.rules.own_king else _("a player or talon")
        return err(said.format(name=contract.name, who=who, id=contract.id, player=players[2 % len(players)]))
    return d.need_declarer(partner_too=True)


def _declarers(d: _Draft) -> None:
    """The declarer, or several side by side in a negative contract."""
    while (tok := d.next_word()) is not None:
        sp = d.ps.slot_player(tok, N_("declarer"))
        if not sp:
            break
        if sp[0] in d.declarers:
            raise err(_("{sp} is named twice as declarer").format(sp=sp[0]))
        d.declarers.append(sp[0])
        if sp[1]:
            d.per_result[sp[0]] = sp[1]
        d.i += 1
        if d.contract.kind != "negative":
            break
    if not d.declarers:
        vorhand = d.vorhand_default()
        if not vorhand and d.partial and d.next_word() is None:
            return  # the declarer still to come
        if not vorhand:
            raise d.need_declarer()
        d.declarers.append(vorhand)


# ---- the items ---------------------------------------------------------------


def _items(d: _Draft) -> None:
    """Result, points or tricks, Kontra, conceding, premiums: in any order."""
    contract = d.contract
    for pos, tok in zip(d.rest_pos[d.i :], d.rest[d.i :]):
        f = fold(tok)
        m = NUMBER.fullmatch(tok)
        if tok in ("+", "-") or f in RESULT_WORDS:
            d.set_result(RESULT_WORDS[tok if tok in ("+", "-") else f], tok)
        elif m:
            _number(d, tok, *m.groups())
        elif f in KONTRA_WORDS:
            if d.kontra is not None:
                raise err(
                    _("Kontra on the game is given twice ('{tok}'); give the highest level once, e.g. re"), tok=tok
                )
            d.kontra = KONTRA_WORDS[f]
        elif f in CONCEDE_WORDS:
            d.conceded = True
        elif f in TALON_WORDS or f in OWN_WORDS:
            where = (
                _("right after the declarer")
                if contract.call
                else _("only in contracts that call a king, not in {contract}").format(contract=contract.name)
            )
            raise err(_("'{tok}' names the called king and belongs {where}").format(tok=tok, where=where))
        elif d.trisch and (nt := NAME_TRICKS.fullmatch(tok)):
            nm, tr = nt.groups()
            p = d.ps.player(nm, N_("tricks"))
            if p in d.tricks_by:
                raise err(_("{p}'s tricks are given twice ('{tok}')").format(p=p, tok=tok))
            d.tricks_by[p] = int(tr)
        else:
            entry = d.ps.premium(tok, None)
            if entry is None:
                raise d.ps.unknown_word(tok)
            d.premiums.append((pos, entry))


def _number(d: _Draft, tok: str, head: str, blatt: str | None, tr: str | None) -> None:
    """A number: Trischaken points in seating order, a negative contract's
    tricks, or the declarer's card points."""
    contract = d.contract
    if d.trisch:
        d.positional.append((head, blatt, tr, tok))
    elif tr is not None:
        raise err(_("'{tok}': #tricks is only for Trischaken; give the points alone, e.g. {head}"), tok=tok, head=head)
    elif contract.kind == "negative":
        if blatt is not None:
            raise err(
                _(
                    "'{tok}': a {name} is decided by tricks, not card points; give the declarer's tricks, e.g. {tricks}"
                ).format(tok=tok, name=contract.name, tricks=contract.tricks)
            )
        if d.tricks is not None:
            raise err(_("the tricks are given twice ('{tok}')").format(tok=tok))
        d.tricks = int(head)
    else:
        if d.points is not None:
            raise err(_("the points are given twice ('{tok}'); give the declarer's card points once").format(tok=tok))
        d.points = number_value(head, blatt)


def _kv_words(d: _Draft, kvs: list[KV]) -> None:
    """key:value words: Trischaken points by name, the opponents' premiums,
    Kontra of single players, "mit", Renonce."""
    ps, rules = d.ps, d.rules
    for pos, tok, key, value in kvs:
        num = NUMBER.fullmatch(value)
        if not value:
            raise err(_("'{tok}' needs something after the colon, e.g. {tok}{players}"), tok=tok, players=d.players[0])
        if num and (ps.exact_player(key) or key not in KV_KEYS):
            p = ps.exact_player(key) or ps.player(tok.partition(":")[0], N_("scores"))
            if not d.trisch:
                raise err(
                    _(
                        "'{tok}': points per player are only for Trischaken; give the declarer's points alone, e.g. {group}"
                    ).format(tok=tok, group=num.group(1))
                )
            head, blatt, tr = num.groups()
            d.add_score(p, head, blatt, tr, tok)
        elif key in PARTY_KEYS:
            name, colon, who = value.partition(":")
            entry = _catch(d, name, who, "opponents", tok) if colon else ps.premium(value, "opponents")
            if entry is None:
                raise err(
                    _(
                        "unknown premium '{value}' in '{tok}' under {preset}{did_you_mean_ids}; valid: {active_premiums}"
                    ).format(
                        value=value,
                        tok=tok,
                        preset=rules.preset,
                        did_you_mean_ids=did_you_mean_ids(value.rstrip("+-!"), rules.active_premiums),
                        active_premiums=listing(spoken_order(rules.active_premiums)),
                    )
                )
            d.premiums.append((pos, entry))
        elif key in KONTRA_WORDS:
            for p in ps.players_list(value, N_("kontra")):
                if p in d.kontra_by:
                    raise err(_("{p}'s Kontra is given twice ('{tok}')").format(p=p, tok=tok))
                d.kontra_by[p] = KONTRA_WORDS[key]
        elif key in MIT_KEYS:
            for p in ps.players_list(value, N_("mit")):
                if p not in d.mit:
                    d.mit.append(p)
        elif key in RENONCE_KEYS:
            if d.renonce is not None:
                raise err(_("the Renonce is given twice ('{tok}'); name the one offender").format(tok=tok))
            d.renonce = ps.player(value, N_("renonce"))
        elif ">" in value and (entry := _catch(d, tok.partition(":")[0], value, None, tok)) is not None:
            d.premiums.append((pos, entry))
        else:
            raise err(
                _("unknown word '{key}:' in '{tok}'{did_you_mean}; valid: {valid}").format(
                    key=key,
                    tok=tok,
                    did_you_mean=did_you_mean(key, [k + ":" for k in KV_KEYS]),
                    valid="geg:PREMIUM, kontra:NAME, re:NAME, renonce:NAME, geber:NAME"
                    + (", mit:NAME, NAME:" + _("POINTS") if d.trisch else ""),
                )
            )


def _catch(d: _Draft, name: str, who: str, party: str | None, tok: str) -> dict | None:
    """A catch with who caught whose card: ``mondfang:Dora>Carl`` (Dora
    caught Carl's Mond), the premium's side that of the one who caught it
    (``geg:`` names it outright); None where ``name`` is no premium."""
    entry = d.ps.premium(name, party)
    if entry is None:
        return None
    by, sep, frm = who.partition(">")
    if not sep or not by.strip() or not frm.strip():
        raise err(
            _("'{tok}': write who caught whose card as {name}:CATCHER>LOSER, e.g. {name}:{a}>{b}").format(
                tok=tok, name=name, a=d.players[0], b=d.players[1 % len(d.players)]
            )
        )
    entry["by"], entry["from"] = d.ps.player(by, N_("by")), d.ps.player(frm, N_("from"))
    if party is None and d.declarers:
        side = {d.declarers[0], d.partner or d.declarers[0]}
        entry["party"] = "declarer" if entry["by"] in side else "opponents"
    return entry


def _scores_in_seating_order(d: _Draft) -> None:
    """Trischaken points given as plain numbers: in seating order from the Vorhand."""
    if not d.positional:
        return
    players = d.players
    if d.scores:
        raise err(
            _("give Trischaken points either all by name (Anna:20) or all in seating order (20 15 25 10), not mixed")
        )
    if d.vorhand is None:
        raise err(
            _(
                "Trischaken points in seating order need the Vorhand, which is not known here: give them by name, e.g. {players}:20, or say geber:NAME"
            ).format(players=players[0])
        )
    dealer = players[(players.index(d.vorhand) - 1) % len(players)]
    active = Table(players, dealer, dealer_plays=bool(d.rules.trischaken_five)).active
    if len(d.positional) != len(active) and not (d.partial and len(d.positional) < len(active)):
        raise err(
            _(
                "{n_positional} Trischaken scores for {n_active} players; give one per player in seating order from the Vorhand ({active}) or NAME:POINTS"
            ).format(n_positional=len(d.positional), n_active=len(active), active=listing(active))
        )
    for p, (head, blatt, tr, tok) in zip(active, d.positional):
        d.add_score(p, head, blatt, tr, tok)


def _record(d: _Draft) -> dict:
    """The hand record, its fields in the order of interface.md."""
    record: dict = {"contract": d.contract.id}
    if d.declarers:
        record["declarer"] = d.declarers[0] if len(d.declarers) == 1 else list(d.declarers)
    if d.contract.call:
        record["partner"] = d.partner
    if d.per_result:
        record["result"] = d.per_result[d.declarers[0]] if len(d.declarers) == 1 else dict(d.per_result)
    elif d.game_result is not None:
        record["result"] = d.game_result
    optional = (
        ("points", d.points is not None, d.points),
        ("tricks", d.tricks is not None, d.tricks),
        ("kontra", bool(d.kontra or d.kontra_by), d.kontra or d.kontra_by),
        ("premiums", bool(d.premiums), [e for _x, e in sorted(d.premiums, key=lambda pe: pe[0])]),
        ("conceded", d.conceded, True),
        ("scores", bool(d.scores), d.scores),
        ("tricks_by", bool(d.tricks_by), d.tricks_by),
        ("mit", bool(d.mit), d.mit),
        ("renonce", bool(d.renonce), d.renonce),
        ("dealer", bool(d.dealer), d.dealer),
    )
    record.update((key, value) for key, present, value in optional if present)
    return record
