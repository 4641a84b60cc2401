"""The house rules declared: each once, as a typed field of ``Rules`` with
its default and a ``Rule`` that says all else a rules file needs to know
of it (its meaning and valid values, the format it came with and what
played before it, how its value is read, the key it had before, what it
needs of the other rules). Contracts and premiums are tables of entries;
``CONTRACT_NOTES`` and ``FIELDS_ADDED`` say more of their fields."""

import json
from collections.abc import Callable
from fractions import Fraction
from typing import Annotated, Any, NamedTuple, get_args, get_origin

from ...i18n import N_
from ..names import KONTRA_LEVELS, Terms
from ..points import Exact
from ..trischaken_schemes import (
    BUERGERMEISTER,
    JUNGFRAU,
    MIT,
    PAYOUT_KEYS,
    TIES,
    TRISCHAKEN_SCHEMES,
    VORHAND,
    VORHAND_TIED,
    Tariff,
    tariff,
)
from .values import (
    BOUNDED_FROM,
    CHECKS_FROM,
    RADL_MAX,
    RADL_STACK_MAX,
    TARIF_MAX_CENTS,
    VALUE_MAX,
    Alias,
    a_deck,
    as_written,
    card_points,
    listed_words,
    negative_ids,
    radl_size,
    within_deck,
)


class Rule(NamedTuple):
    """One house rule: what it means and all else a rules file needs to know
    of it (``key``, ``type`` and ``default``: of its field in ``Rules``).

    ``choices``: its valid words. ``since``/``before``: a rule added later
    says in which format it came and the value that plays as before it,
    which older rules that do not name it read (CONTRIBUTING.md, Adding a
    house rule); ``earlier``: where its default changed twice, what rules of
    a still older format read, ``(format, value)``, the oldest first.
    ``read``: how a value is read where its type does not say it all
    (values.py); ``bounds``: a whole number's range. ``alias``: the key an
    earlier release wrote for it. ``needs``: (another rule, its values) the
    rule counts only under, set otherwise refused (checks.py). ``playable``:
    its check against the whole rules in a rules file that can be played;
    ``resolve``: its value read once the contracts are known.
    ``tells_format``: rules that say no format but name it are of this one."""

    meaning: str
    choices: tuple = ()
    since: int = 1
    before: Any = None
    earlier: tuple = ()
    read: Callable | None = None
    bounds: tuple[int, int] = (0, VALUE_MAX)
    alias: Alias | None = None
    needs: tuple[str, tuple] | None = None
    playable: Callable | None = None
    resolve: Callable | None = None
    tells_format: int = 0
    key: str = ""
    type: type = object
    default: Any = None

    def unnamed(self, fmt: int) -> Any:
        """The value of rules of format ``fmt`` that do not name this rule."""
        if fmt >= self.since:
            return self.default
        return next((value for below, value in self.earlier if fmt < below), self.before)


# Keys of earlier releases, read into today's (Rule.alias).
SHEET_SIMPLE_KONTRA = Alias("sheet_simple_kontra", bool, {True: "simple", False: "all"})
RADL_HANDS = Alias("radl_hands", int, {0: "players", **{n: str(n) for n in range(1, RADL_MAX + 1)}}, unbounded=True)

CONTRACT_KINDS = ("positive", "negative", "trischaken")
PREMIUM_KINDS = ("bird", "trick", "material", "catch", "valat", "other")


class Contract(NamedTuple):
    """One contract of a preset's table: its value, what it needs and allows."""

    id: str
    name: str
    kind: str
    value: Exact  # whole, or a half (2.5): rule value_rounding
    lost_value: Exact
    call: bool = False
    vorhand: bool = False
    premium_factor: int = 1
    lost_factor: int = 1
    tricks: int | None = None
    premiums: tuple[str, ...] | None = None
    requires: tuple[str, ...] = ()
    concede: int | None = None
    colour: bool = False
    open: bool = False
    talon_kontra_void: bool = False  # with the called king in the talon, Kontras are void (rule talon_kontra)
    bird_decides: bool = False  # CONTRACT_NOTES: a bird it requires that fails loses the game
    enabled: bool = True
    optional: bool = False
    aliases: tuple[str, ...] = ()
    source: str = ""


class Premium(NamedTuple):
    """One premium of a preset's table: its silent and announced value, who may make it."""

    id: str
    name: str
    kind: str
    silent: Exact | None  # whole, or a half (2.5), as a contract's value
    announced: Exact | None
    party: str | None = None  # only this side can make it
    announced_by: str | None = None  # only this side can announce it
    needs_call: bool = False
    enabled: bool = True
    optional: bool = False
    aliases: tuple[str, ...] = ()
    source: str = ""


CONTRACT_FIELDS = Contract._fields
# What a contract's flag means where rules show and the pages name the contracts that have it (no column
# of their tables shows it).
CONTRACT_NOTES = {
    "bird_decides": N_(
        "the bird decides the game: a bird the contract requires, announced and failed, loses it whatever the "
        "card points"
    ),
}
PREMIUM_FIELDS = Premium._fields
# Fields of a contract or premium added after the first rules format: field -> (since, before), as
# ``Rule.since`` and ``Rule.before`` for a house rule.
FIELDS_ADDED: dict[str, tuple[int, Any]] = {"talon_kontra_void": (2, False)}


class Rules(NamedTuple):
    """Everything a table plays by: the contracts, premiums and house rules;
    ``sources`` names the line of the rule document behind each value. A
    named tuple: a dataclass of this many fields takes milliseconds to create.
    """

    preset: str
    title: str
    source: str
    contracts: Terms[Contract]
    premiums: Terms[Premium]
    sources: dict[str, str]
    format: int  # the format read: today's, or an earlier one whose checks its values need
    # One rule a declaration, its meaning wrapped as it reads:
    # fmt: off
    deck_points: Annotated[int, Rule(
        "card points in the whole deck (70; 71 where cards are counted singly)",
        bounds=(1, VALUE_MAX), playable=a_deck)] = 70
    game_needs: Annotated[str, Rule(
        "card points the declarer's side needs to win a positive game (Blatt notation allowed)",
        read=card_points, playable=within_deck)] = "35/2"
    blatt: Annotated[bool, Rule(
        "card points may be written in Blatt notation \"35/2\" (points/remaining cards)")] = True
    kontra_max: Annotated[str, Rule("highest Kontra level", KONTRA_LEVELS)] = "sub"
    own_king: Annotated[bool, Rule("the declarer may call his own king")] = True
    side_by_side: Annotated[bool, Rule(
        "equal negative contracts may be played side by side by several declarers")] = False
    trischaken: Annotated[str, Rule(
        "how Trischaken/Fahren is settled: the shape of the payout, and what each trischaken_* payout key left at "
        "scheme plays", tuple(TRISCHAKEN_SCHEMES))] = "standard"
    trischaken_kontra: Annotated[bool, Rule("each player may double Trischaken/Fahren for himself")] = False
    trischaken_double_from: Annotated[str, Rule(
        "card points from which a Trischaken/Fahren player has the game (Bürgermeister): what he pays then is "
        "trischaken_buergermeister (Blatt notation allowed)", read=card_points, playable=within_deck)] = "35/2"
    trischaken_five: Annotated[bool, Rule(
        "with five players the dealer plays Trischaken/Fahren too (with the talon as his hand)")] = False
    # The Trischaken/Fahren payout keys (trischaken_schemes.py): each plays as the scheme (rule trischaken)
    # plays it while left at "scheme" (a figure: at 0), so rules that do not name them score as before.
    trischaken_jungfrau: Annotated[str, Rule("Trischaken/Fahren, a player without a trick (Jungfrau): all = takes the loser's whole payout (several share it); each = is paid trischaken_jungfrau_pays by each other player besides; loser = by the loser alone besides; instead = by each other player, and no other payout counts; none = is paid as any other; scheme = as trischaken plays it", JUNGFRAU)] = "scheme"
    trischaken_jungfrau_pays: Annotated[int, Rule("Trischaken/Fahren: the points a Jungfrau is paid under trischaken_jungfrau = each, loser or instead (0 = the scheme's figure)")] = 0
    trischaken_buergermeister: Annotated[str, Rule("Trischaken/Fahren, a player who reaches trischaken_double_from (Bürgermeister): double = pays double; each = pays trischaken_buergermeister_pays to each other player besides; all = pays trischaken_buergermeister_pays in all besides, shared by the others, or by the Jungfrauen alone where there are any; instead = pays trischaken_buergermeister_pays to each other player, all of it to the Jungfrauen where there are any, and no other line of the payout counts; none = pays as any loser; scheme = as trischaken plays it", BUERGERMEISTER)] = "scheme"
    trischaken_buergermeister_pays: Annotated[int, Rule("Trischaken/Fahren: the points a Bürgermeister pays under trischaken_buergermeister = each, all or instead (0 = the scheme's figure)")] = 0
    trischaken_vorhand: Annotated[str, Rule("Trischaken/Fahren, the Vorhand (the Trischaker) who loses: double = pays double, whatever else doubles; single = pays as any loser; scheme = as trischaken plays it", VORHAND)] = "scheme"
    trischaken_ties: Annotated[str, Rule("Trischaken/Fahren, players tied for most points (a Vorhand among them: trischaken_vorhand_tied), where one loser pays: one = together they pay what one loser pays, shared by the others; shared = together they pay each other player what one loser owes him; each = each of them pays each other player in full; scheme = as trischaken plays it", TIES)] = "scheme"
    trischaken_vorhand_tied: Annotated[str, Rule("Trischaken/Fahren, the Vorhand tied with others for most points where one loser pays: alone = he loses alone; among = every tied player pays as trischaken_ties says, the Vorhand with his doubling (trischaken_vorhand); scheme = as trischaken plays it", VORHAND_TIED)] = "scheme"
    trischaken_mit: Annotated[str, Rule("Trischaken/Fahren, a player's \"mit\": none = not said; own = doubles his own win or loss (gumpoldskirchen); whole = doubles the whole payout, once for each player who says it and once more for the loser's own; scheme = as trischaken plays it", MIT)] = "scheme"
    valat: Annotated[str, Rule(
        "how Valat is scored: replace = a multiple of the game value instead of the game; add = a fixed bonus on top "
        "of the game; only = a fixed bonus and nothing else; multiply = the whole result of the hand, game and "
        "premiums, times a factor", ("replace", "add", "only", "multiply"))] = "replace"
    valat_silent: Annotated[int, Rule(
        "Valat made silently: factor of the game value (replace), of the whole hand (multiply) or points (add, only)",
        )] = 4
    valat_announced: Annotated[int, Rule(
        "Valat announced: factor of the game value (replace), of the whole hand (multiply) or points (add, only)")] = 8
    valat_solo_double: Annotated[bool, Rule("the solo doubling of premiums applies to Valat too")] = True
    valat_premiums: Annotated[str, Rule(
        "which premiums count beside a Valat (replace): all, or only the announced ones",
        ("all", "announced"), since=2, before="all")] = "all"
    valat_lost_base: Annotated[str, Rule(
        "the game value a Valat is a multiple of when it goes to the opponents: the won or the lost value (differs "
        "where a lost game counts more, the Sechserdreier)", ("won", "lost"), since=2, before="won")] = "won"
    valat_kontra: Annotated[str, Rule(
        "a Kontra on the game and one on the announced Valat: multiply, or only the higher level counts",
        ("multiply", "higher"), since=2, before="multiply")] = "multiply"
    # Valat, Kontra and values as some circles count them; each default plays as schreiber played before it.
    valat_game_kontra: Annotated[str, Rule(
        "under valat=replace, a Kontra on the game beside a Valat: along = the Valat, a multiple of the game, takes "
        "the game's Kontra along (1 x 4 x 2 = 8); apart = the game counts with its Kontra and the Valat on top as a "
        "multiple of the undoubled game, less the game (1 x 2 + 1 x 3 = 5); void_silent = beside a silent Valat the "
        "game's Kontra counts nothing (1 x 4 = 4), beside an announced one it goes along",
        ("along", "apart", "void_silent"), needs=("valat", ("replace",)))] = "along"
    valat_add_failed: Annotated[str, Rule(
        "under valat=add, an announced Valat that fails: turned = the game and the trick premiums go against the "
        "announcing side; played = the game and the premiums count as played, the side pays the Valat",
        ("turned", "played"), needs=("valat", ("add",)))] = "turned"
    lost_solo_kontra: Annotated[str, Rule(
        "a positive game the declarer plays alone against three and loses: counts = the opponents' Kontra on the "
        "game counts; void = it does not, unless he announced a premium or answered with Re; called = void only "
        "where he called a king and ended alone (the king in the talon or his own), not in a Dreier or another game "
        "announced alone", ("counts", "void", "called"))] = "counts"
    value_rounding: Annotated[str, Rule(
        "a value that is not whole (a contract or premium worth 2.5), rounded after the multipliers of its line "
        "(Kontra, solo, lost game) and before Radl and Holz: none = kept exact, down, nearest (a half up), up",
        ("none", "down", "nearest", "up"))] = "none"
    silent_loss_counts: Annotated[bool, Rule(
        "a silent premium that fails costs its side the silent value (off: only made ones count)",
        since=2, before=True)] = False
    talon_kontra: Annotated[str, Rule(
        "in a contract marked talon_kontra_void whose called king lay in the talon, which Kontras are void: the "
        "game's, or all (game and premiums)", ("game", "all"), since=2, before="all")] = "all"
    partner_kontra: Annotated[str, Rule(
        "a Kontra a hidden partner gives on his own side's game or announcement (record who gave it as kontra_from): "
        "void = it counts nothing, counts = it doubles like any Kontra",
        ("void", "counts"), since=2, before="void")] = "void"
    concede_adds_bird: Annotated[bool, Rule(
        "conceding a contract that must announce a bird (Besserrufer) costs the contract's conceding value plus the "
        "announced value of the bird the declarer names (record it as announced and lost)",
        since=2, before=False)] = False
    renonce_trischaker_double: Annotated[bool, Rule(
        "a Renonce by the Trischaker (the Vorhand) in Trischaken costs him double", since=2, before=False)] = False
    renonce_lost_value: Annotated[bool, Rule(
        "a Renonce pays the declarer's opponents the lost value of the game (differs in the Sechserdreier)",
        since=2, before=False)] = False
    renonce_no_bird: Annotated[int, Rule(
        "a declarer who bid a contract that needs a bird (Besserrufer) without holding one pays this Renonce to each "
        "other player (record him as renonce, no bird announced; 0 = not recorded so)", since=2, before=0)] = 0
    renonce_sitting_out: Annotated[bool, Rule(
        "at a table of five, the dealer who sits out can commit a Renonce: he pays the four players",
        since=2, before=False)] = False
    renonce_trischaken: Annotated[int, Rule(
        "Renonce in Trischaken: fixed points to each other player (0 = the game value)")] = 0
    radl_length: Annotated[str, Rule(
        "hands one Radl doubles: players = one per player at the table (a round of deals), or a number",
        since=2, before="players", read=radl_size, alias=RADL_HANDS, tells_format=2)] = "players"
    radl_scope: Annotated[str, Rule(
        "what a Radl doubles: game = the game only, all = game and premiums", ("game", "all"))] = "all"
    radl_game_part: Annotated[bool, Rule(
        "a Radl that doubles the game only (radl_scope=game) doubles only the part of a Renonce or a conceded game "
        "that stands for the game, not the announced premiums in it (off: the whole sum)",
        since=2, before=False)] = True
    radl_stack: Annotated[bool, Rule(
        "a Radl that starts while one runs doubles again (x4) instead of queueing behind it")] = False
    radl_stack_max: Annotated[int, Rule(
        "how many Radls may double the same hands at once (side by side where radl_stack is on, or onto the "
        "Sküsradl; 10: up to x1024): a Radl beyond is refused when it is entered", bounds=(1, RADL_STACK_MAX))] = 10
    first_hands_double: Annotated[int, Rule("the first N hands of the evening count double (a Radl at the start)")] = 0
    radl_after_trischaken: Annotated[bool, Rule("a Trischaken starts a Radl")] = False
    radl_after_catch: Annotated[bool, Rule("a catch (Mondfang, Sküsfang, Königfang) starts a Radl")] = False
    radl_after_split: Annotated[bool, Rule("a positive game ending 35:35 starts a Radl")] = False
    # Catches, Kontra on silent premiums, negative contracts side by side: what some circles play otherwise.
    catch_doubles: Annotated[str, Rule(
        "what a catch starts where radl_after_catch is on: radl = a Radl (radl_length deals); next = the next hand "
        "counts double (a Radl of one deal)", ("radl", "next"), needs=("radl_after_catch", (True,)))] = "radl"
    mondfang_between: Annotated[str, Rule(
        "who settles a Mondfang: sides = the side that caught the Mond and the side that lost it; players = only the "
        "one who caught it and the one whose Mond it was, also of one side (record them as by and from)",
        ("sides", "players"))] = "sides"
    kontra_silent: Annotated[bool, Rule(
        "a silent premium may be doubled too (a \"Spritzer\" on an unannounced bird)")] = False
    side_by_side_contracts: Annotated[str, Rule(
        "where side_by_side is on, which negative contracts may be played side by side, each beside an equal one: "
        "all, or their ids (e.g. piccolo, bettel)", needs=("side_by_side", (True,)), resolve=negative_ids)] = "all"
    void_was_dealt: Annotated[bool, Rule(
        "a hand struck from the sheet afterwards (hand void) was dealt: the deal passes on and it keeps its place in "
        "a running Radl or in the first doubled hands (off: struck as if never dealt)", since=2, before=False)] = True
    holz: Annotated[bool, Rule(
        "Holz: after a Trischaken every player gets one; a declarer holding one counts double")] = False
    pagatkassa: Annotated[int, Rule("Pagat pot: points each dealer pays in when dealing (0 = no pot)")] = 0
    pagatkassa_cap: Annotated[int, Rule("Pagat pot: the most it may hold (0 = no cap)")] = 0
    pagatkassa_start: Annotated[int, Rule("Pagat pot: extra points the dealer pays in when the pot is empty")] = 0
    pagatkassa_end: Annotated[str, Rule(
        "Pagat pot at the end of the evening: carry = to the next evening, split = shared out at settlement",
        ("carry", "split"))] = "carry"
    strafpunkt: Annotated[int, Rule("a penalty point (Strafpunkt): points the offender pays each other player")] = 1
    blosse_rufer: Annotated[bool, Rule(
        "a bare Rufer without any announcement is settled at once as won (bloße Rufer auszahlen)")] = False
    schrift_kontra: Annotated[str, Rule(
        "which Kontra levels the Schrift (the written score) counts; the money (Geld) counts every level: all = the "
        "Schrift is the money; simple = only the simple Kontra (Skoty Trophy); none = no Kontra",
        ("all", "simple", "none"), since=2, before="all", alias=SHEET_SIMPLE_KONTRA)] = "all"
    tarif_cents: Annotated[int, Rule("money per point, in cents", bounds=(0, TARIF_MAX_CENTS))] = 10
    cup_rounds: Annotated[int, Rule(
        "a tournament (cup): rounds played, each at newly drawn tables (1-6)", since=2, before=3)] = 3
    cup_hands: Annotated[int, Rule("a tournament: hands per round at a table of four", since=2, before=16)] = 16
    cup_hands_five: Annotated[int, Rule("a tournament: hands per round at a table of five", since=2, before=20)] = 20
    cup_points: Annotated[str, Rule(
        "a season's cup points for each tournament: fixed = by place (223, 198, 180, ... 1 for places 1-50); heine = "
        "Heinepunkte from the tournament's Schrift (up to 100 in full, above it every second point, at most 200, "
        "below 0 none)", ("fixed", "heine"), since=2, before="fixed")] = "fixed"
    cup_best: Annotated[int, Rule(
        "a season: how many of a player's best tournament results count", since=2, before=6)] = 6
    cup_draw: Annotated[str, Rule(
        "a tournament: how the tables of its rounds are drawn: plan = all its rounds planned at the first draw, so "
        "that as few pairs as can be meet again over the whole tournament (no pair a third time where the field "
        "allows it); spread = each round after the first drawn on the rounds before it, no pair meeting a third time "
        "where the field allows it and as few pairs as can be meeting again (as tournaments started before plan were "
        "drawn); shuffles = the best of 50 shuffles (as tournaments started before the rule were drawn)",
        ("plan", "spread", "shuffles"), since=4, before="spread", earlier=((3, "shuffles"),))] = "plan"
    # fmt: on

    def __hash__(self) -> int:
        return hash(json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False))

    @property
    def active_contracts(self) -> dict[str, Contract]:
        return dict(self.contracts.active)

    @property
    def active_premiums(self) -> dict[str, Premium]:
        return dict(self.premiums.active)

    @property
    def bounded(self) -> bool:
        """Whole numbers within VALUE_MAX, so every payment fits the ledger (all but rules of the first
        format whose values need its checks: it took any number)."""
        return self.format >= BOUNDED_FROM

    @property
    def pays_parts(self) -> bool:
        """Whether a game or premium is worth part of a point (2.5) and kept exact (value_rounding none):
        the evening's points are written with two decimals, all of them."""
        values = [v for c in self.contracts.values() for v in (c.value, c.lost_value)]
        values += [v for p in self.premiums.values() for v in (p.silent, p.announced) if v is not None]
        return self.value_rounding == "none" and any(int(v) != v for v in values)

    @property
    def kontra_levels(self) -> tuple[str, ...]:
        return KONTRA_LEVELS[: KONTRA_LEVELS.index(self.kontra_max) + 1]

    def trischaken_tariff(self, value: Exact) -> Tariff:
        """The Trischaken payout as played for a contract of ``value``."""
        return tariff(self.trischaken, {k: getattr(self, f"trischaken_{k}") for k in PAYOUT_KEYS}, value)

    def played(self, key: str) -> Any:
        """What a payout key left to the scheme plays here (else None), for the rules pages."""
        short = key.removeprefix("trischaken_")
        if short not in PAYOUT_KEYS or self.setting(key) not in ("scheme", 0):
            return None
        values = [c.value for c in self.contracts.values() if c.kind == "trischaken"]
        return getattr(self.trischaken_tariff(values[0] if values else 1), short)

    def side_by_side_allows(self, cid: str) -> bool:
        """Whether several declarers may play the negative contract ``cid`` side by side."""
        if not self.side_by_side:
            return False
        return self.side_by_side_contracts == "all" or cid in listed_words(self.side_by_side_contracts)

    def setting(self, key: str) -> Any:
        return getattr(self, key)

    def setting_values(self) -> dict[str, Any]:
        return {s.key: getattr(self, s.key) for s in SETTINGS}

    def to_dict(self) -> dict:
        return {
            "format": self.format,
            "preset": self.preset,
            "title": self.title,
            "source": self.source,
            "rules": self.setting_values(),
            "contracts": {k: _entry_dict(c) for k, c in self.contracts.items()},
            "premiums": {k: _entry_dict(p) for k, p in self.premiums.items()},
            "sources": dict(self.sources),
        }

    def to_json(self) -> str:
        """The rules as an evening stores them: every key sorted (the same rules, one text) but the ids of
        the contracts and premiums, which keep their order (the order a table bids: bidding_order)."""
        given = self.to_dict()
        data = {key: dict(sorted(v.items())) if isinstance(v, dict) else v for key, v in sorted(given.items())}
        for table in ("contracts", "premiums"):
            data[table] = {eid: dict(sorted(entry.items())) for eid, entry in given[table].items()}
        return json.dumps(data, ensure_ascii=False)


SETTINGS: tuple[Rule, ...] = tuple(
    get_args(hint)[1]._replace(key=key, type=get_args(hint)[0], default=Rules._field_defaults[key])
    for key, hint in Rules.__annotations__.items()
    if get_origin(hint) is Annotated
)
SETTING_BY_KEY = {s.key: s for s in SETTINGS}
# The rules format this schreiber writes: stored with every evening's rules and in every rules file
# (``format = 4``): the newest any declaration names, so a rule key (or a field of a contract or premium)
# whose default does not play as schreiber played before it raises it by declaring ``since`` the next number
# (and ``before``), as a new check does by its own number (values.CHECKS_FROM). Rules written before the
# format was kept say none; theirs is told by the keys they name (``Rule.tells_format``): 1 as the first
# release wrote them (``radl_hands``), 2 from when a Radl's length became ``radl_length`` (the same release
# played hands voided in a Radl and a Renonce in a game-only Radl as today). 3 from the rule ``cup_draw``: a
# tournament started before it draws as it drew then; 4 from its value ``plan`` (every round planned at once).
RULES_FORMAT = max(*CHECKS_FROM, *(s.since for s in SETTINGS), *(since for since, _before in FIELDS_ADDED.values()))
INT_RANGES = {s.key: s.bounds for s in SETTINGS if s.type is int}


def _entry_dict(entry: Contract | Premium) -> dict:
    out = {}
    for name, v in zip(entry._fields, entry):
        if name != "id":
            out[name] = list(v) if isinstance(v, tuple) else as_written(v) if isinstance(v, Fraction) else v
    return out
