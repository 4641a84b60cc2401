"""The rules a table plays by: one typed object loaded from a preset's TOML.

Every house rule is declared once, as a typed field of ``Rules`` with its
default and meaning; a preset or ``--rule KEY=VALUE`` may set only those.
Contracts and premiums are validated field by field; an unknown key is an
error that lists the known ones.
"""

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, NamedTuple, get_args, get_origin

from ..errors import SchreiberError
from ..i18n import N_, _
from .names import KONTRA_LEVELS, lookup
from .points import Exact, parse_points
from .trischaken_schemes import (
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
    tariff_problem,
)
from .vocabulary import FALSE_WORDS, TRUE_WORDS

LISTED_FIRST = ("standard", "tirol", "hausrunde", "gumpoldskirchen", "lungau")  # the order the docs use


PRESET_DIR = Path(__file__).parent / "presets"  # read directly: importlib.resources costs every start-up


def _preset_names() -> tuple[str, ...]:
    """Every TOML file in presets/ is a preset: a new one needs no code."""
    found = {f.name[:-5] for f in PRESET_DIR.iterdir() if f.name.endswith(".toml")}
    return tuple(n for n in LISTED_FIRST if n in found) + tuple(sorted(found - set(LISTED_FIRST)))


PRESETS = _preset_names()

RADL_MAX = 60  # the longest Radl a rule may ask for, in hands
RADL_STACK_MAX = 40  # the most Radls a rule may let double the same hands (x2 ** 40)
VALUE_MAX = 1000  # the largest whole number of a rule, a value or a factor: keeps every sum in 64 bits
TARIF_MAX_CENTS = 100_000  # 1,000.00 (euro) a point
NESTING_MAX = 32  # brackets inside brackets of a rules file
# Ranges of the whole-number rules that differ from 0..VALUE_MAX.
INT_RANGES = {"tarif_cents": (0, TARIF_MAX_CENTS), "deck_points": (1, VALUE_MAX), "radl_stack_max": (1, RADL_STACK_MAX)}

# The rules format this schreiber writes: stored with every evening's rules and in every rules file
# (``format = 2``). Raised when a rule key (or a field of a contract or premium) is added whose default
# does not play as schreiber played before it: the new key declares ``since`` (the raised number) and
# ``before``. Rules written before the format was kept say none; theirs is told by the keys they name
# (``rules_format``): 1 as the first release wrote them (``radl_hands``), 2 from when a Radl's length
# became ``radl_length`` (the same release played hands voided in a Radl and a Renonce in a game-only
# Radl as today). 3 from the rule ``cup_draw``: a tournament started before it draws as it drew then;
# 4 from its value ``plan`` (every round planned at once), the default since: the same holds for it.
RULES_FORMAT = 4
# The checks on values came with formats too: rules are read with the checks of the format they were written
# in, so a rules file an earlier release accepted loads and means what it meant then (a trischaken_double_from
# of 71 on a deck of 70: no Bürgermeister ever). From BOUNDED_FROM (the release that named radl_length): whole
# numbers within INT_RANGES and VALUE_MAX (the first release took any from 0 up), a Radl of at most RADL_MAX
# hands, no control character in a text. From PLAYABLE_FROM: a deck of 70 or 71 with game_needs and
# trischaken_double_from within it, tricks a player can take, every text a text of a rules file's size
# (``check_consistent``, ``_texts``). A value typed with --rule is checked as today's.
BOUNDED_FROM = 2
PLAYABLE_FROM = 3

# Rule keys of earlier versions, read into today's: key -> (new key, value for each old value).
LEGACY_KEYS: dict[str, tuple[str, dict]] = {
    "sheet_simple_kontra": ("schrift_kontra", {True: "simple", False: "all"}),
    "radl_hands": ("radl_length", {0: "players", **{n: str(n) for n in range(1, RADL_MAX + 1)}}),
}


class RulesError(SchreiberError, ValueError):
    """A rules file or a rule override is wrong; the message says how to fix it."""


class Rule(NamedTuple):
    """What one house rule means (and its valid values). A rule added later
    says in which format it came (``since``) and the value that plays as
    before it (``before``), which older rules that do not name it read
    (CONTRIBUTING.md, Adding a house rule). A rule whose default changed
    twice says, in ``earlier``, what rules of a still older format read:
    ``(format, value)``, the oldest first; rules below that format read value."""

    meaning: str
    choices: tuple = ()
    since: int = 1
    before: Any = None
    earlier: tuple = ()


class Setting(NamedTuple):
    """One house rule as declared in ``Rules``."""

    key: str
    type: type
    default: Any
    meaning: str
    choices: tuple = ()
    since: int = 1
    before: Any = None
    earlier: tuple = ()

    def unnamed(self, fmt: int) -> Any:
        """The value of rules of format ``fmt`` that do not name this rule."""
        if fmt >= self.since:
            return self.default
        return next((value for below, value in self.earlier if fmt < below), self.before)


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


# The enabled contracts or premiums of a table of them, worked out once per table (every hand asks):
# keyed by the table's identity, the table itself kept with its answer so that identity stays its own.
_ENABLED: dict[int, tuple[dict, dict]] = {}


def enabled(table: dict) -> dict:
    """The enabled entries of a table of contracts or premiums, shared (not to
    be changed; ``Rules.active_contracts`` and ``active_premiums`` copy)."""
    hit = _ENABLED.get(id(table))
    if hit is not None and hit[0] is table:
        return hit[1]
    if len(_ENABLED) > 256:
        _ENABLED.clear()
    out = {k: v for k, v in table.items() if v.enabled}
    _ENABLED[id(table)] = (table, out)
    return out


class Rules(NamedTuple):
    """Everything a table plays by: the contracts, premiums and house rules;
    ``sources`` names the line of the rule document behind each value. A
    named tuple: a dataclass of this many fields takes milliseconds to create.
    """

    preset: str
    title: str
    source: str
    contracts: dict[str, Contract]
    premiums: dict[str, Premium]
    sources: dict[str, str]
    format: int = RULES_FORMAT  # the format read: today's, or an earlier one whose checks its values need
    deck_points: Annotated[int, Rule("card points in the whole deck (70; 71 where cards are counted singly)")] = 70
    game_needs: Annotated[
        str, Rule("card points the declarer's side needs to win a positive game (Blatt notation allowed)")
    ] = "35/2"
    blatt: Annotated[bool, Rule('card points may be written in Blatt notation "35/2" (points/remaining cards)')] = True
    kontra_max: Annotated[str, Rule("highest Kontra level", KONTRA_LEVELS)] = "sub"
    own_king: Annotated[bool, Rule("the declarer may call his own king")] = True
    side_by_side: Annotated[bool, Rule("equal negative contracts may be played side by side by several declarers")] = (
        False
    )
    trischaken: Annotated[
        str,
        Rule(
            "how Trischaken/Fahren is settled: the shape of the payout, and what each trischaken_* payout key "
            "left at scheme plays",
            tuple(TRISCHAKEN_SCHEMES),
        ),
    ] = "standard"
    trischaken_kontra: Annotated[bool, Rule("each player may double Trischaken/Fahren for himself")] = False
    trischaken_double_from: Annotated[
        str,
        Rule(
            "card points from which a Trischaken/Fahren player has the game (Bürgermeister): what he pays then "
            "is trischaken_buergermeister (Blatt notation allowed)"
        ),
    ] = "35/2"
    trischaken_five: Annotated[
        bool, Rule("with five players the dealer plays Trischaken/Fahren too (with the talon as his hand)")
    ] = False
    # The Trischaken/Fahren payout keys (trischaken_schemes.py): each plays as the scheme (rule trischaken)
    # plays it while left at "scheme" (a figure: at 0), so rules that do not name them score as before.
    trischaken_jungfrau: Annotated[
        str,
        Rule(
            "Trischaken/Fahren, a player without a trick (Jungfrau): all = takes the loser's whole payout "
            "(several share it); each = is paid trischaken_jungfrau_pays by each other player besides; "
            "loser = by the loser alone besides; instead = by each other player, and no other payout counts; "
            "none = is paid as any other; scheme = as trischaken plays it",
            JUNGFRAU,
        ),
    ] = "scheme"
    trischaken_jungfrau_pays: Annotated[
        int,
        Rule(
            "Trischaken/Fahren: the points a Jungfrau is paid under trischaken_jungfrau = each, loser or instead (0 = the scheme's figure)"
        ),
    ] = 0
    trischaken_buergermeister: Annotated[
        str,
        Rule(
            "Trischaken/Fahren, a player who reaches trischaken_double_from (Bürgermeister): double = pays double; "
            "each = pays trischaken_buergermeister_pays to each other player besides; all = pays "
            "trischaken_buergermeister_pays in all besides, shared by the others, or by the Jungfrauen alone "
            "where there are any; instead = pays trischaken_buergermeister_pays to each other player, all of it "
            "to the Jungfrauen where there are any, and no other line of the payout counts; none = pays as any "
            "loser; scheme = as trischaken plays it",
            BUERGERMEISTER,
        ),
    ] = "scheme"
    trischaken_buergermeister_pays: Annotated[
        int,
        Rule(
            "Trischaken/Fahren: the points a Bürgermeister pays under trischaken_buergermeister = each, all or "
            "instead (0 = the scheme's figure)"
        ),
    ] = 0
    trischaken_vorhand: Annotated[
        str,
        Rule(
            "Trischaken/Fahren, the Vorhand (the Trischaker) who loses: double = pays double, whatever else "
            "doubles; single = pays as any loser; scheme = as trischaken plays it",
            VORHAND,
        ),
    ] = "scheme"
    trischaken_ties: Annotated[
        str,
        Rule(
            "Trischaken/Fahren, players tied for most points (a Vorhand among them: trischaken_vorhand_tied), "
            "where one loser pays: one = together they pay what one loser pays, shared by the others; shared = "
            "together they pay each other player what one loser owes him; each = each of them pays each other "
            "player in full; scheme = as trischaken plays it",
            TIES,
        ),
    ] = "scheme"
    trischaken_vorhand_tied: Annotated[
        str,
        Rule(
            "Trischaken/Fahren, the Vorhand tied with others for most points where one loser pays: alone = he loses "
            "alone; among = every tied player pays as trischaken_ties says, the Vorhand with his doubling "
            "(trischaken_vorhand); scheme = as trischaken plays it",
            VORHAND_TIED,
        ),
    ] = "scheme"
    trischaken_mit: Annotated[
        str,
        Rule(
            'Trischaken/Fahren, a player\'s "mit": none = not said; own = doubles his own win or loss '
            "(gumpoldskirchen); whole = doubles the whole payout, once for each player who says it and once "
            "more for the loser's own; scheme = as trischaken plays it",
            MIT,
        ),
    ] = "scheme"
    valat: Annotated[
        str,
        Rule(
            "how Valat is scored: replace = a multiple of the game value instead of the game; add = a fixed bonus on top of the game; only = a fixed bonus and nothing else; multiply = the whole result of the hand, game and premiums, times a factor",
            ("replace", "add", "only", "multiply"),
        ),
    ] = "replace"
    valat_silent: Annotated[
        int,
        Rule(
            "Valat made silently: factor of the game value (replace), of the whole hand (multiply) or points (add, only)"
        ),
    ] = 4
    valat_announced: Annotated[
        int,
        Rule("Valat announced: factor of the game value (replace), of the whole hand (multiply) or points (add, only)"),
    ] = 8
    valat_solo_double: Annotated[bool, Rule("the solo doubling of premiums applies to Valat too")] = True
    valat_premiums: Annotated[
        str,
        Rule(
            "which premiums count beside a Valat (replace): all, or only the announced ones",
            ("all", "announced"),
            since=2,
            before="all",
        ),
    ] = "all"
    valat_lost_base: Annotated[
        str,
        Rule(
            "the game value a Valat is a multiple of when it goes to the opponents: the won or the lost value "
            "(differs where a lost game counts more, the Sechserdreier)",
            ("won", "lost"),
            since=2,
            before="won",
        ),
    ] = "won"
    valat_kontra: Annotated[
        str,
        Rule(
            "a Kontra on the game and one on the announced Valat: multiply, or only the higher level counts",
            ("multiply", "higher"),
            since=2,
            before="multiply",
        ),
    ] = "multiply"
    # Valat, Kontra and values as some circles count them; each default plays as schreiber played before it.
    valat_game_kontra: Annotated[
        str,
        Rule(
            "under valat=replace, a Kontra on the game beside a Valat: along = the Valat, a multiple of the game, "
            "takes the game's Kontra along (1 x 4 x 2 = 8); apart = the game counts with its Kontra and the Valat "
            "on top as a multiple of the undoubled game, less the game (1 x 2 + 1 x 3 = 5); void_silent = beside "
            "a silent Valat the game's Kontra counts nothing (1 x 4 = 4), beside an announced one it goes along",
            ("along", "apart", "void_silent"),
        ),
    ] = "along"
    valat_add_failed: Annotated[
        str,
        Rule(
            "under valat=add, an announced Valat that fails: turned = the game and the trick premiums go against "
            "the announcing side; played = the game and the premiums count as played, the side pays the Valat",
            ("turned", "played"),
        ),
    ] = "turned"
    lost_solo_kontra: Annotated[
        str,
        Rule(
            "a positive game the declarer plays alone against three and loses: counts = the opponents' Kontra on "
            "the game counts; void = it does not, unless he announced a premium or answered with Re; called = void "
            "only where he called a king and ended alone (the king in the talon or his own), not in a Dreier or "
            "another game announced alone",
            ("counts", "void", "called"),
        ),
    ] = "counts"
    value_rounding: Annotated[
        str,
        Rule(
            "a value that is not whole (a contract or premium worth 2.5), rounded after the multipliers of its "
            "line (Kontra, solo, lost game) and before Radl and Holz: none = kept exact, down, nearest (a half "
            "up), up",
            ("none", "down", "nearest", "up"),
        ),
    ] = "none"
    silent_loss_counts: Annotated[
        bool,
        Rule(
            "a silent premium that fails costs its side the silent value (off: only made ones count)",
            since=2,
            before=True,
        ),
    ] = False
    talon_kontra: Annotated[
        str,
        Rule(
            "in a contract marked talon_kontra_void whose called king lay in the talon, which Kontras are void: "
            "the game's, or all (game and premiums)",
            ("game", "all"),
            since=2,
            before="all",
        ),
    ] = "all"
    partner_kontra: Annotated[
        str,
        Rule(
            "a Kontra a hidden partner gives on his own side's game or announcement (record who gave it as "
            "kontra_from): void = it counts nothing, counts = it doubles like any Kontra",
            ("void", "counts"),
            since=2,
            before="void",
        ),
    ] = "void"
    concede_adds_bird: Annotated[
        bool,
        Rule(
            "conceding a contract that must announce a bird (Besserrufer) costs the contract's conceding value "
            "plus the announced value of the bird the declarer names (record it as announced and lost)",
            since=2,
            before=False,
        ),
    ] = False
    renonce_trischaker_double: Annotated[
        bool,
        Rule("a Renonce by the Trischaker (the Vorhand) in Trischaken costs him double", since=2, before=False),
    ] = False
    renonce_lost_value: Annotated[
        bool,
        Rule(
            "a Renonce pays the declarer's opponents the lost value of the game (differs in the Sechserdreier)",
            since=2,
            before=False,
        ),
    ] = False
    renonce_no_bird: Annotated[
        int,
        Rule(
            "a declarer who bid a contract that needs a bird (Besserrufer) without holding one pays this Renonce "
            "to each other player (record him as renonce, no bird announced; 0 = not recorded so)",
            since=2,
            before=0,
        ),
    ] = 0
    renonce_sitting_out: Annotated[
        bool,
        Rule(
            "at a table of five, the dealer who sits out can commit a Renonce: he pays the four players",
            since=2,
            before=False,
        ),
    ] = False
    renonce_trischaken: Annotated[
        int, Rule("Renonce in Trischaken: fixed points to each other player (0 = the game value)")
    ] = 0
    radl_length: Annotated[
        str,
        Rule(
            "hands one Radl doubles: players = one per player at the table (a round of deals), or a number",
            since=2,
            before="players",
        ),
    ] = "players"
    radl_scope: Annotated[
        str, Rule("what a Radl doubles: game = the game only, all = game and premiums", ("game", "all"))
    ] = "all"
    radl_game_part: Annotated[
        bool,
        Rule(
            "a Radl that doubles the game only (radl_scope=game) doubles only the part of a Renonce or a "
            "conceded game that stands for the game, not the announced premiums in it (off: the whole sum)",
            since=2,
            before=False,
        ),
    ] = True
    radl_stack: Annotated[
        bool, Rule("a Radl that starts while one runs doubles again (x4) instead of queueing behind it")
    ] = False
    radl_stack_max: Annotated[
        int,
        Rule(
            "how many Radls may double the same hands at once (side by side where radl_stack is on, or onto the "
            "Sküsradl; 10: up to x1024): a Radl beyond is refused when it is entered"
        ),
    ] = 10
    first_hands_double: Annotated[int, Rule("the first N hands of the evening count double (a Radl at the start)")] = 0
    radl_after_trischaken: Annotated[bool, Rule("a Trischaken starts a Radl")] = False
    radl_after_catch: Annotated[bool, Rule("a catch (Mondfang, Sküsfang, Königfang) starts a Radl")] = False
    radl_after_split: Annotated[bool, Rule("a positive game ending 35:35 starts a Radl")] = False
    # Catches, Kontra on silent premiums, negative contracts side by side: what some circles play otherwise.
    catch_doubles: Annotated[
        str,
        Rule(
            "what a catch starts where radl_after_catch is on: radl = a Radl (radl_length deals); next = the "
            "next hand counts double (a Radl of one deal)",
            ("radl", "next"),
        ),
    ] = "radl"
    mondfang_between: Annotated[
        str,
        Rule(
            "who settles a Mondfang: sides = the side that caught the Mond and the side that lost it; players = "
            "only the one who caught it and the one whose Mond it was, also of one side (record them as by and "
            "from)",
            ("sides", "players"),
        ),
    ] = "sides"
    kontra_silent: Annotated[
        bool, Rule('a silent premium may be doubled too (a "Spritzer" on an unannounced bird)')
    ] = False
    side_by_side_contracts: Annotated[
        str,
        Rule(
            "where side_by_side is on, which negative contracts may be played side by side, each beside an "
            "equal one: all, or their ids (e.g. piccolo, bettel)"
        ),
    ] = "all"
    void_was_dealt: Annotated[
        bool,
        Rule(
            "a hand struck from the sheet afterwards (hand void) was dealt: the deal passes on and it keeps its "
            "place in a running Radl or in the first doubled hands (off: struck as if never dealt)",
            since=2,
            before=False,
        ),
    ] = True
    holz: Annotated[
        bool, Rule("Holz: after a Trischaken every player gets one; a declarer holding one counts double")
    ] = False
    pagatkassa: Annotated[int, Rule("Pagat pot: points each dealer pays in when dealing (0 = no pot)")] = 0
    pagatkassa_cap: Annotated[int, Rule("Pagat pot: the most it may hold (0 = no cap)")] = 0
    pagatkassa_start: Annotated[int, Rule("Pagat pot: extra points the dealer pays in when the pot is empty")] = 0
    pagatkassa_end: Annotated[
        str,
        Rule(
            "Pagat pot at the end of the evening: carry = to the next evening, split = shared out at settlement",
            ("carry", "split"),
        ),
    ] = "carry"
    strafpunkt: Annotated[int, Rule("a penalty point (Strafpunkt): points the offender pays each other player")] = 1
    blosse_rufer: Annotated[
        bool, Rule("a bare Rufer without any announcement is settled at once as won (bloße Rufer auszahlen)")
    ] = False
    schrift_kontra: Annotated[
        str,
        Rule(
            "which Kontra levels the Schrift (the written score) counts; the money (Geld) counts every level: "
            "all = the Schrift is the money; simple = only the simple Kontra (Skoty Trophy); none = no Kontra",
            ("all", "simple", "none"),
            since=2,
            before="all",
        ),
    ] = "all"
    tarif_cents: Annotated[int, Rule("money per point, in cents")] = 10
    cup_rounds: Annotated[
        int, Rule("a tournament (cup): rounds played, each at newly drawn tables (1-6)", since=2, before=3)
    ] = 3
    cup_hands: Annotated[int, Rule("a tournament: hands per round at a table of four", since=2, before=16)] = 16
    cup_hands_five: Annotated[int, Rule("a tournament: hands per round at a table of five", since=2, before=20)] = 20
    cup_points: Annotated[
        str,
        Rule(
            "a season's cup points for each tournament: fixed = by place (223, 198, 180, ... 1 for places 1-50); "
            "heine = Heinepunkte from the tournament's Schrift (up to 100 in full, above it every second point, "
            "at most 200, below 0 none)",
            ("fixed", "heine"),
            since=2,
            before="fixed",
        ),
    ] = "fixed"
    cup_best: Annotated[
        int, Rule("a season: how many of a player's best tournament results count", since=2, before=6)
    ] = 6
    cup_draw: Annotated[
        str,
        Rule(
            "a tournament: how the tables of its rounds are drawn: plan = all its rounds planned at the first draw, "
            "so that as few pairs as can be meet again over the whole tournament (no pair a third time where the "
            "field allows it); spread = each round after the first drawn on the rounds before it, no pair meeting "
            "a third time where the field allows it and as few pairs as can be meeting again (as tournaments "
            "started before plan were drawn); shuffles = the best of 50 shuffles (as tournaments started before "
            "the rule were drawn)",
            ("plan", "spread", "shuffles"),
            since=4,
            before="spread",
            earlier=((3, "shuffles"),),
        ),
    ] = "plan"

    def __hash__(self) -> int:
        return hash(self.to_json())

    @property
    def active_contracts(self) -> dict[str, Contract]:
        return dict(enabled(self.contracts))

    @property
    def active_premiums(self) -> dict[str, Premium]:
        return dict(enabled(self.premiums))

    @property
    def bounded(self) -> bool:
        """Whole numbers within VALUE_MAX, so every payment fits the ledger (all but rules of the first
        format whose values need its checks: it took any number)."""
        return self.format >= BOUNDED_FROM

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
        return self.side_by_side_contracts == "all" or cid in _words(self.side_by_side_contracts)

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
        return json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False)

    def with_overrides(self, overrides: list[str] | tuple[str, ...]) -> "Rules":
        """Apply ``KEY=VALUE`` overrides: a house rule, or ``contract.ID.FIELD``
        / ``premium.ID.FIELD`` for one entry of the tables."""
        data = self.to_dict()
        # A contract whose lost value is its value keeps it so: changing the value changes both, unless
        # the lost value is given too (as a rules file that leaves lost_value out).
        following = {cid for cid, c in self.contracts.items() if c.lost_value == c.value}
        typed: set[str] = set()
        for text in overrides:
            if "=" not in text:
                raise RulesError(_("rule '{text}' needs the form KEY=VALUE, e.g. pagatkassa=3").format(text=text))
            key, _x, raw = text.partition("=")
            key, raw = key.strip().lower(), raw.strip()
            if key.startswith(("contract.", "premium.")):
                table, _x, rest = key.partition(".")
                entry, _x, fname = rest.rpartition(".")
                entries = data[table + "s"]
                if entry not in entries:
                    unknown = (
                        _("unknown contract '{entry}' in rule '{text}'; valid: {entries}")
                        if table == "contract"
                        else _("unknown premium '{entry}' in rule '{text}'; valid: {entries}")
                    )
                    raise RulesError(unknown.format(entry=entry, text=text, entries=", ".join(entries)))
                fields = CONTRACT_FIELDS if table == "contract" else PREMIUM_FIELDS
                if fname not in fields or fname in ("id", "source"):
                    valid = ", ".join(f for f in fields if f not in ("id", "source"))
                    raise RulesError(
                        _("unknown field '{fname}' in rule '{text}'; valid: {valid}").format(
                            fname=fname, text=text, valid=valid
                        )
                    )
                entries[entry][fname] = _convert_field(fname, raw, text)
                if table == "contract" and fname == "lost_value":
                    following.discard(entry)
                elif table == "contract" and fname == "value" and entry in following:
                    entries[entry]["lost_value"] = entries[entry]["value"]
            else:
                if key in LEGACY_KEYS:
                    key, raw = LEGACY_KEYS[key][0], _current_keys({key: raw}, rule_origin(text))[LEGACY_KEYS[key][0]]
                if key not in SETTING_BY_KEY:
                    raise RulesError(
                        _("unknown rule '{key}'; valid: {SETTING_BY_KEY}").format(
                            key=key, SETTING_BY_KEY=", ".join(SETTING_BY_KEY)
                        )
                    )
                data["rules"][key] = convert_setting(SETTING_BY_KEY[key], raw)
                data["sources"][key] = "--rule"
            typed.add(key)
        rules = rules_from_dict(data, origin="--rule")
        if rules.format < PLAYABLE_FROM:  # rules of an earlier format: what is typed today meets today's checks
            check_consistent(rules, "--rule", frozenset(typed))
        return rules


SETTINGS: tuple[Setting, ...] = tuple(
    Setting(key, get_args(hint)[0], Rules._field_defaults[key], *get_args(hint)[1])
    for key, hint in Rules.__annotations__.items()
    if get_origin(hint) is Annotated
)
SETTING_BY_KEY = {s.key: s for s in SETTINGS}


def _entry_dict(entry) -> dict:
    out = {}
    for name, v in zip(entry._fields, entry):
        if name == "id":
            continue
        out[name] = list(v) if isinstance(v, tuple) else value_text(v) if isinstance(v, Fraction) else v
    return out


def value_text(v: Exact) -> str:
    """A contract's or premium's value as a rules file writes it: 3, or 2.5."""
    if type(v) is int or v.denominator == 1:
        return str(int(v))
    return str(Decimal(v.numerator) / Decimal(v.denominator))


_DECIMAL_TEXT = r"[0-9]+(\.[0-9]+)?"  # 2, 2.5, 2.50: a value as a rules file or a stored evening writes it


def _exact_value(where: str, name: str, v: object) -> object:
    """A value field (``_POINTS``) read exactly from a Decimal or its text
    ("2.5"): an int, or a Fraction of a half (so every share stays a whole
    number of the ledger's units). Anything else is left for ``_check_field``."""
    import re

    if isinstance(v, str) and re.fullmatch(_DECIMAL_TEXT, v.strip()):
        v = Decimal(v.strip())
    if not isinstance(v, Decimal):
        return v
    if not v.is_finite() or not 0 <= v <= VALUE_MAX or (v * 2) % 1:
        raise RulesError(
            _("{where}: '{name}' must be whole or a half (like 2.5) from 0 to {VALUE_MAX}, not {value}").format(
                where=where, name=name, VALUE_MAX=VALUE_MAX, value=v
            )
        )
    f = Fraction(v)
    return int(f) if f.denominator == 1 else f


def _parse_bool(raw: str, what: str) -> bool:
    low = raw.lower()
    if low in TRUE_WORDS:
        return True
    if low in FALSE_WORDS:
        return False
    raise RulesError(_("{what}: '{raw}' is not a yes/no value; use true or false").format(what=what, raw=raw))


def convert_setting(setting: Setting, raw: Any, fmt: int = RULES_FORMAT) -> Any:
    """Turn a text or TOML value into the setting's type, or explain why not
    (within the ranges of rules format ``fmt``)."""
    what = rule_origin(setting.key)
    if setting.key == "radl_length":
        return _radl_length(raw, what, fmt)
    value: Any
    if isinstance(raw, str):
        if setting.type is bool:
            value = _parse_bool(raw, what)
        elif setting.type is int:
            try:
                value = int(raw)
            except ValueError:
                raise RulesError(_("{what}: '{raw}' is not a whole number").format(what=what, raw=raw)) from None
        else:
            value = raw
    elif setting.key in ("game_needs", "trischaken_double_from") and type(raw) is int:
        value = str(raw)  # card points written as a number (game_needs = 36)
    else:
        value = raw
        if (setting.type is int and isinstance(raw, bool)) or not isinstance(raw, setting.type):
            raise _wrong_type(setting, what, raw)
    if setting.choices and value not in setting.choices:
        raise RulesError(
            _("{what}: '{value}' is not valid; valid: {choices}").format(
                what=what, value=value, choices=", ".join(setting.choices)
            )
        )
    if setting.type is int:
        low, high = INT_RANGES.get(setting.key, (0, VALUE_MAX))
        if not (low <= value <= high if fmt >= BOUNDED_FROM else value >= 0):  # the first release: any from 0 up
            raise RulesError(
                _("{what}: {value} is out of range; give {low} to {high}"), what=what, value=value, low=low, high=high
            )
    if setting.key in ("game_needs", "trischaken_double_from"):
        try:
            parse_points(value, 71)
        except ValueError as exc:
            raise RulesError(f"{what}: {exc}") from None
    return value


def _wrong_type(setting: Setting, what: str, raw: Any) -> RulesError:
    """A rule's value of another kind than the rule takes, said in a rules
    file's words (``2.5 is not a whole number``), never Python's."""
    shown = as_written(raw)
    if setting.type is bool:
        return RulesError(_("{what}: {raw} is not true or false; write true or false").format(what=what, raw=shown))
    if setting.type is int:
        low, high = INT_RANGES.get(setting.key, (0, VALUE_MAX))
        return RulesError(
            _("{what}: {raw} is not a whole number; give {low} to {high}").format(
                what=what, raw=shown, low=low, high=high
            )
        )
    if setting.choices:
        return RulesError(
            _("{what}: {raw} is not one of the words this rule takes; valid: {choices}").format(
                what=what, raw=shown, choices=", ".join(setting.choices)
            )
        )
    return RulesError(_('{what}: {raw} is not text; write it in quotes, like "..."').format(what=what, raw=shown))


def as_written(value: Any) -> str:
    """A value as a rules file writes it (TOML): ``2.5``, ``true``,
    ``"text"``, ``[1, 2]``; never Python's ``Decimal('2.5')`` or ``True``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Fraction):  # as a decimal where it ends (2.5), else as a fraction (1/3)
        den = value.denominator
        while den % 2 == 0 or den % 5 == 0:
            den //= 2 if den % 2 == 0 else 5
        return str(Decimal(value.numerator) / Decimal(value.denominator)) if den == 1 else str(value)
    if isinstance(value, (int, float, Decimal)):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(as_written(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{as_written(str(k))} = {as_written(v)}" for k, v in value.items()) + "}"
    return str(value)


def _radl_length(raw: Any, what: str, fmt: int = RULES_FORMAT) -> str:
    """``players`` or a number of hands (RULINGS.md Later rulings: a Radl counts deals)."""
    text = str(raw).strip().lower()
    if text in ("players", "spieler"):
        return "players"
    most = RADL_MAX if fmt >= BOUNDED_FROM else int(text) if text.isdigit() else 0  # the first release: any
    if not text.isdigit() or isinstance(raw, bool) or not 1 <= int(text) <= most:
        raise RulesError(
            _("{what}: '{raw}' is not valid; use players (one hand per player) or 1 to {RADL_MAX} hands").format(
                what=what, raw=raw, RADL_MAX=RADL_MAX
            )
        )
    return str(int(text))


def _convert_field(name: str, raw: str, text: str) -> Any:
    if name in _FLAGS:
        return _parse_bool(raw, rule_origin(text))
    if name in _POINTS + _WHOLE + _OPTIONAL_WHOLE and raw.lower() in ("none", "null", "-", ""):
        return None
    if name in _POINTS:
        value = _exact_value(rule_origin(text), name, raw)
        if not isinstance(value, (int, Fraction)):
            raise RulesError(_("rule '{text}': '{raw}' is not a value like 2 or 2.5").format(text=text, raw=raw))
        return value_text(value)  # as a stored evening keeps it: read again with the entry
    if name in _WHOLE + _OPTIONAL_WHOLE:
        try:
            number = int(raw)
        except ValueError:
            raise RulesError(_("rule '{text}': '{raw}' is not a whole number").format(text=text, raw=raw)) from None
        _check_field(rule_origin(text), name, number)  # typed today: today's range, whatever the rules' format
        return number
    if name in ("premiums", "requires", "aliases"):
        return [x.strip() for x in raw.split(",") if x.strip()]
    return raw


def rule_origin(text: str) -> str:
    """Where a message about one rule points: "rule 'KEY'" in the screen's language."""
    return _("rule '{key}'").format(key=text)


def _check_keys(got: dict, known, where: str) -> None:
    unknown = [k for k in got if k not in known]
    if unknown:
        raise RulesError(
            _("{where}: unknown key '{unknown}'; valid: {known}").format(
                where=where, unknown=unknown[0], known=", ".join(known)
            )
        )


_WHOLE = ("premium_factor", "lost_factor")
_OPTIONAL_WHOLE = ("tricks", "concede")
_POINTS = ("value", "lost_value", "silent", "announced")  # whole or a half (2.5): rule value_rounding
_FLAGS = ("enabled", "optional", "call", "vorhand", "colour", "open", "talon_kontra_void", "bird_decides", "needs_call")
_TEXT = ("name", "kind", "source")
_WORDS = ("aliases", "premiums", "requires")
_FIELD_KIND = {
    **dict.fromkeys(_WHOLE, "whole"),
    **dict.fromkeys(_OPTIONAL_WHOLE, "optional whole"),
    **dict.fromkeys(("value", "lost_value"), "points"),
    **dict.fromkeys(("silent", "announced"), "optional points"),
    **dict.fromkeys(("party", "announced_by"), "side"),
    **dict.fromkeys(_FLAGS, "flag"),
    **dict.fromkeys(_TEXT, "text"),
    **dict.fromkeys(_WORDS, "words"),
}


def _whole(v: object, fmt: int = RULES_FORMAT) -> bool:
    """A whole number from 0 (to VALUE_MAX: the first release took any)."""
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= (VALUE_MAX if fmt >= BOUNDED_FROM else v)


def _points(v: object, fmt: int = RULES_FORMAT) -> bool:
    """Whole, or a half: what ``_exact_value`` makes of a value field."""
    return _whole(v, fmt) or (isinstance(v, Fraction) and v.denominator == 2 and 0 <= v <= VALUE_MAX)


def _check_field(where: str, name: str, value, fmt: int = RULES_FORMAT) -> None:
    """Every field of a contract or premium has the type its kind needs
    (within the ranges of rules format ``fmt``)."""
    kind = _FIELD_KIND.get(name)
    if kind is None:
        return
    _check_number(where, name, value, kind, fmt)
    if kind == "side" and value not in (None, "declarer", "opponents"):
        raise RulesError(
            _('{where}: \'{name}\' must be "declarer" or "opponents", not {value}').format(
                where=where, name=name, value=as_written(value)
            )
        )
    if kind == "flag" and not isinstance(value, bool):
        raise RulesError(
            _("{where}: '{name}' must be true or false, not {value}"), where=where, name=name, value=as_written(value)
        )
    if kind == "text":
        _check_text(where, name, value, fmt)
    elif kind == "words":
        _check_words(where, name, value, fmt)


def _check_number(where: str, name: str, value, kind: str, fmt: int) -> None:
    """A whole number (or a half, a value field) from 0 to VALUE_MAX; in the first format from 0 up (the
    message gives today's range, which every format takes)."""
    whole = kind == "whole" or (kind == "optional whole" and value is not None)
    points = kind == "points" or (kind == "optional points" and value is not None)
    if (whole and _whole(value, fmt)) or (points and _points(value, fmt)) or not (whole or points):
        return
    if whole:
        raise RulesError(
            _("{where}: '{name}' must be a whole number from 0 to {VALUE_MAX}, not {value}").format(
                where=where, name=name, VALUE_MAX=VALUE_MAX, value=as_written(value)
            )
        )
    raise RulesError(
        _("{where}: '{name}' must be a whole number from 0 to {VALUE_MAX} or a half (like 2.5), not {value}").format(
            where=where, name=name, VALUE_MAX=VALUE_MAX, value=as_written(value)
        )
    )


def _check_text(where: str, name: str, value: object, fmt: int = RULES_FORMAT) -> None:
    if not isinstance(value, str):
        raise RulesError(
            _("{where}: '{name}' must be text, not {value}").format(where=where, name=name, value=as_written(value))
        )
    if fmt >= BOUNDED_FROM:
        _plain(where, name, (value,))


def _check_words(where: str, name: str, value: object, fmt: int = RULES_FORMAT) -> None:
    if fmt >= BOUNDED_FROM:
        _plain(where, name, value if isinstance(value, tuple) else (value,))
    if value is not None and not (isinstance(value, tuple) and all(isinstance(w, str) for w in value)):
        raise RulesError(
            _('{where}: \'{name}\' must be a list of words like ["a", "b"], not {value}').format(
                where=where, name=name, value=as_written(value)
            )
        )


def _plain(where: str, name: str, words: tuple) -> None:
    """Refuse a control character in any of a field's words."""
    if any(_control(w) for w in words):
        raise RulesError(_("{where}: '{name}' holds a control character; type it plainly"), where=where, name=name)


def _control(text: object) -> bool:
    """Text with a control or format character (a terminal escape, a zero-width space)."""
    if not isinstance(text, str) or text.isprintable():  # printable: no Cc, no Cf (most text: one call)
        return False
    import unicodedata

    return any(unicodedata.category(ch) in ("Cc", "Cf") for ch in text)


def _build_entry(cls: type, fields: tuple[str, ...], eid: str, raw: dict, where: str, fmt: int) -> Any:
    _check_keys(raw, [f for f in fields if f != "id"], where)
    kwargs: dict[str, Any] = {"id": eid}
    for name, (since, before) in FIELDS_ADDED.items():
        if fmt < since and name in fields:
            kwargs[name] = before
    for name, value in raw.items():
        if isinstance(value, list):
            value = tuple(value)
        kwargs[name] = _exact_value(where, name, value) if name in _POINTS else value
    for req in ("name", "kind", "value") if cls is Contract else ("name", "kind"):
        if req not in kwargs:
            raise RulesError(_("{where}: missing '{req}'"), where=where, req=req)
    if cls is Contract:
        kwargs.setdefault("lost_value", kwargs.get("value"))
        if kwargs["kind"] not in CONTRACT_KINDS:
            raise RulesError(
                _("{where}: kind '{kind}' is not valid; valid: {CONTRACT_KINDS}").format(
                    where=where, kind=kwargs["kind"], CONTRACT_KINDS=", ".join(CONTRACT_KINDS)
                )
            )
        if kwargs["kind"] == "trischaken" and any(isinstance(kwargs[k], Fraction) for k in ("value", "lost_value")):
            raise RulesError(
                _("{where}: a Trischaken's value must be whole (its payouts are shared out among the players)").format(
                    where=where
                )
            )
    else:
        kwargs.setdefault("silent", None)
        kwargs.setdefault("announced", None)
        if kwargs["kind"] not in PREMIUM_KINDS:
            raise RulesError(
                _("{where}: kind '{kind}' is not valid; valid: {PREMIUM_KINDS}").format(
                    where=where, kind=kwargs["kind"], PREMIUM_KINDS=", ".join(PREMIUM_KINDS)
                )
            )
    for name, value in kwargs.items():
        _check_field(where, name, value, fmt)
    try:
        return cls(**kwargs)
    except TypeError as exc:  # pragma: no cover - guarded by the key check above
        raise RulesError(f"{where}: {exc}") from None


def _legacy_value(raw: str, values: dict, what: str) -> Any:
    if all(isinstance(v, bool) for v in values):
        return _parse_bool(raw, what)
    try:
        return int(raw)
    except ValueError:
        raise RulesError(_("{what}: '{raw}' is not a whole number").format(what=what, raw=raw)) from None


def _current_keys(raw: dict, where: str, fmt: int = RULES_FORMAT) -> dict:
    """A [rules] table with the keys of earlier versions read as today's."""
    out = {k: v for k, v in raw.items() if k not in LEGACY_KEYS}
    for old, (new, values) in LEGACY_KEYS.items():
        if old in raw and new not in raw:
            value = raw[old]
            if isinstance(value, str):
                value = _legacy_value(value, values, f"{where}: {rule_origin(old)}")
            if old == "radl_hands" and fmt < BOUNDED_FROM and type(value) is int and value > RADL_MAX:
                out[new] = str(value)  # the first release's Radl of any length
                continue
            if value not in values:
                raise RulesError(
                    _("{where}: rule '{old}': {value} is not valid; use {new} instead").format(
                        where=where, old=old, value=as_written(value), new=new
                    )
                )
            out[new] = values[value]
    return out


# made_from: the preset a file of ``rules new`` was made from; it changes no value (``rules show`` marks
# every value that differs from it).
TOP_KEYS = ("format", "preset", "title", "source", "rules", "contracts", "premiums", "sources", "base", "made_from")


def rules_format(data: dict, origin: str) -> int:
    """The rules format the data was written in; a newer one is refused. Rules
    that say none are of format 2 where they name ``radl_length``, else 1."""
    if "format" not in data:
        named = data.get("rules")
        return 2 if isinstance(named, dict) and "radl_length" in named else 1
    fmt = data["format"]
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise RulesError(
            _("{origin}: 'format' must be a whole number from 1 to {newest}, not {fmt!r}").format(
                origin=origin, newest=RULES_FORMAT, fmt=fmt
            )
        )
    if fmt > RULES_FORMAT:
        raise RulesError(
            _(
                "{origin} is of rules format {fmt}, written by a newer schreiber (this one reads up to {newest}); "
                "update schreiber"
            ).format(origin=origin, fmt=fmt, newest=RULES_FORMAT)
        )
    return fmt


def rules_from_dict(data: dict, origin: str = "rules", strict: bool = True) -> Rules:
    """Build and check a Rules object from the shape of a preset file.
    ``strict``: also the checks added since evenings first stored their rules
    (stored rules are read with the checks they were stored under)."""
    _check_shape(data, origin)
    fmt = rules_format(data, origin)
    texts = _texts(data, origin, fmt)
    raw_settings = _current_keys(data.get("rules", {}), f"{origin} [rules]", fmt)
    _check_keys(raw_settings, list(SETTING_BY_KEY), f"{origin} [rules]")
    settings = {s.key: s.unnamed(fmt) for s in SETTINGS}
    for key, value in raw_settings.items():
        settings[key] = convert_setting(SETTING_BY_KEY[key], value, fmt)
    premiums = {
        pid: _build_entry(Premium, PREMIUM_FIELDS, pid, dict(raw), f"{origin} [premiums.{pid}]", fmt)
        for pid, raw in data.get("premiums", {}).items()
    }
    contracts = {
        cid: _build_entry(Contract, CONTRACT_FIELDS, cid, dict(raw), f"{origin} [contracts.{cid}]", fmt)
        for cid, raw in data.get("contracts", {}).items()
    }
    if not contracts:
        raise RulesError(_("{origin}: no contracts defined").format(origin=origin))
    _check_references(contracts, premiums, origin)
    settings["side_by_side_contracts"] = _side_by_side_contracts(
        settings["side_by_side_contracts"], contracts, origin, strict
    )
    rules = Rules(**texts, **settings, contracts=contracts, premiums=premiums, format=fmt)
    if strict:
        check_consistent(rules, origin)
        if fmt >= TAKES_EFFECT_FROM:
            _check_takes_effect(rules, origin)
    return rules._replace(format=RULES_FORMAT) if fmt < RULES_FORMAT and _reads_now(rules) else rules


def _reads_now(rules: Rules) -> bool:
    """Whether rules read as an earlier format pass today's checks too: then
    they are today's (stored and written as such); else they keep their
    format, whose checks their values need."""
    try:
        rules_from_dict({**rules.to_dict(), "format": RULES_FORMAT})
    except RulesError:
        return False
    return True


def _words(text: str) -> list[str]:
    return [w.strip() for w in text.split(",") if w.strip()]


def _side_by_side_contracts(text: str, contracts: dict, origin: str, strict: bool) -> str:
    """``all``, or the negative contracts named as their ids: ``piccolo, bettel``."""
    if text.strip().lower() == "all":
        return "all"
    negative = [c.id for c in contracts.values() if c.kind == "negative"]
    ids: list[str] = []
    for word in _words(text):
        cid = lookup(word, contracts)
        if cid is None or cid not in negative:
            if not strict:
                return text
            raise RulesError(
                _(
                    "{origin}: rule 'side_by_side_contracts': '{word}' is not a negative contract; give all or "
                    "some of {negative}"
                ).format(origin=origin, word=word, negative=", ".join(negative))
            )
        if cid not in ids:
            ids.append(cid)
    if not ids:
        if not strict:
            return text
        raise RulesError(
            _("{origin}: rule 'side_by_side_contracts' is empty; give all or some of {negative}").format(
                origin=origin, negative=", ".join(negative)
            )
        )
    return ", ".join(ids)


_TABLES = ("rules", "contracts", "premiums", "sources")


def _check_shape(data: object, origin: str) -> None:
    """Tables where tables belong, text where text belongs (refused in one line, never half read)."""
    if not isinstance(data, dict):
        raise RulesError(_("{origin} are not a table of rules").format(origin=origin))
    _check_keys(data, TOP_KEYS, origin)
    for key in _TABLES:
        if not isinstance(data.get(key, {}), dict):
            raise RulesError(_("{origin}: '{key}' must be a table ([{key}])").format(origin=origin, key=key))
    for table in ("contracts", "premiums"):
        for eid, raw in data.get(table, {}).items():
            if not isinstance(raw, dict):
                raise RulesError(
                    _("{origin}: '{table}.{eid}' must be a table ([{table}.{eid}])").format(
                        origin=origin, table=table, eid=eid
                    )
                )
    if "made_from" in data and data["made_from"] not in PRESETS:
        raise RulesError(
            _("{origin}: made_from '{name}' is not a preset; valid: {PRESETS}").format(
                origin=origin, name=data["made_from"], PRESETS=", ".join(PRESETS)
            )
        )


def _texts(data: dict, origin: str, fmt: int) -> dict[str, Any]:
    """The rules' preset, title, source and sources: each a text (control
    characters refused) of today's format; in rules of an earlier format as
    its release took them, any value read as its text, the top three
    without a control character from BOUNDED_FROM on."""
    top = ("preset", "title", "source")
    if fmt >= PLAYABLE_FROM:
        for key in top:
            if key in data:
                _check_text(origin, key, data[key])
        for key, value in data.get("sources", {}).items():
            _check_text(f"{origin} [sources]", key, value)
    elif fmt >= BOUNDED_FROM:
        for key in top:
            if isinstance(data.get(key), str):
                _plain(origin, key, (data[key],))
    preset = data.get("preset", "custom")
    said = {"preset": preset, "title": data.get("title", preset), "source": data.get("source", "")}
    return {
        **{k: v if isinstance(v, str) else str(v) for k, v in said.items()},
        "sources": {k: v if isinstance(v, str) else str(v) for k, v in data.get("sources", {}).items()},
    }


def _check_references(contracts: dict, premiums: dict, origin: str) -> None:
    for c in contracts.values():
        for pid in (c.premiums or ()) + c.requires:
            if pid not in premiums:
                raise RulesError(
                    _("{origin} [contracts.{id}]: unknown premium '{pid}'; valid: {premiums}").format(
                        origin=origin, id=c.id, pid=pid, premiums=", ".join(premiums)
                    )
                )


DECKS = (70, 71)  # card points in a Tarock deck: 70, or 71 where cards are counted singly
TEXT_MAX = {"preset": 60, "name": 60, "id": 60, "aliases": 60, "title": 200, "source": 1000}
TRICKS_MAX = 12  # tricks a player can take at a table of four
TABLE_MAX = 200  # contracts or premiums in one rules file


def check_consistent(rules: Rules, origin: str, typed: frozenset[str] = frozenset()) -> None:
    """Rules that can be played: a Trischaken tariff its scheme can play; from
    PLAYABLE_FROM on also a deck of 70 or 71 points, thresholds within it,
    tricks a player can take, and text of a size a rules file has. In rules
    of an earlier format, of these only what was ``typed`` today (--rule:
    a house rule's key, contract.ID.tricks)."""
    _check_tariff(rules, origin)
    every = rules.format >= PLAYABLE_FROM
    if every or "deck_points" in typed:
        _check_deck(rules, origin)
    for key in ("game_needs", "trischaken_double_from"):
        if every or key in typed:
            _within_deck(rules, key, origin)
    for c in rules.contracts.values():
        if every or f"contract.{c.id}.tricks" in typed:
            _check_tricks(c, origin)
    if every:
        _check_sizes(rules, origin)


def _check_deck(rules: Rules, origin: str) -> None:
    if rules.deck_points not in DECKS:
        raise RulesError(
            _("{origin}: deck_points is {n}; a Tarock deck has 70 card points, or 71 counted singly").format(
                origin=origin, n=rules.deck_points
            )
        )


def _check_tricks(c: Contract, origin: str) -> None:
    if c.tricks is not None and c.tricks > TRICKS_MAX:
        raise RulesError(
            _("{origin} [contracts.{id}]: tricks is {n}; a player can take at most {most}").format(
                origin=origin, id=c.id, n=c.tricks, most=TRICKS_MAX
            )
        )


# A rule that counts only where another is set so: (key, the other, the values it counts under). Set
# otherwise where the other is not, it would play nothing without a word: refused, as a Trischaken figure
# without its mode is, in rules of the format from which it is (TAKES_EFFECT_FROM: files written now, and
# --rule); rules of an earlier format (a rules file of the format before; an evening's stored rules) read
# as they read then.
NEEDS = (
    ("valat_add_failed", "valat", ("add",)),
    ("valat_game_kontra", "valat", ("replace",)),
    ("catch_doubles", "radl_after_catch", (True,)),
    ("side_by_side_contracts", "side_by_side", (True,)),
)
TAKES_EFFECT_FROM = 3


def _check_takes_effect(rules: Rules, origin: str) -> None:
    """A rule set away from its default only where the rule it depends on lets it count (``NEEDS``)."""
    for key, other, under in NEEDS:
        value, default = rules.setting(key), SETTING_BY_KEY[key].default
        if value != default and rules.setting(other) not in under:
            raise RulesError(
                _(
                    "{origin}: rule '{key}' = {value} counts only where {other} is {needs} (here: {here}); "
                    "set that too, or leave it at {default}"
                ).format(
                    origin=origin,
                    key=key,
                    value=as_written(value),
                    other=other,
                    needs=" / ".join(map(as_written, under)),
                    here=as_written(rules.setting(other)),
                    default=as_written(default),
                )
            )


def _check_tariff(rules: Rules, origin: str) -> None:
    """Payout keys that the Trischaken scheme can play, with their figures."""
    keys = {k: rules.setting(f"trischaken_{k}") for k in PAYOUT_KEYS}
    for value in {c.value for c in rules.contracts.values() if c.kind == "trischaken"} or {1}:
        problem = tariff_problem(rules.trischaken, keys, value)
        if problem:
            raise RulesError(f"{origin}: {problem}")


def _within_deck(rules: Rules, key: str, origin: str) -> None:
    value = rules.setting(key)
    try:
        points = parse_points(value, VALUE_MAX)  # as the engine reads it (points.threshold), then the deck
    except ValueError as exc:
        raise RulesError(f"{origin}: {rule_origin(key)}: {exc}") from None
    if not 0 < points <= rules.deck_points:
        raise RulesError(
            _("{origin}: rule '{key}' is {value}, outside a deck of {deck} card points; give 1 to {deck}").format(
                origin=origin, key=key, value=value, deck=rules.deck_points
            )
        )


def _check_sizes(rules: Rules, origin: str) -> None:
    texts = [("preset", rules.preset), ("title", rules.title), ("source", rules.source)]
    texts += [("source", v) for v in rules.sources.values()]
    for table in (rules.contracts, rules.premiums):
        if len(table) > TABLE_MAX:
            raise RulesError(
                _("{origin}: {n} contracts or premiums; a rules file has at most {most}").format(
                    origin=origin, n=len(table), most=TABLE_MAX
                )
            )
        for e in table.values():
            texts += [("id", e.id), ("name", e.name), ("source", e.source)] + [("aliases", a) for a in e.aliases]
    for kind, text in texts:
        if len(text) > TEXT_MAX[kind]:
            raise RulesError(
                _("{origin}: '{kind}' has {n} characters; at most {most}").format(
                    origin=origin, kind=kind, n=len(text), most=TEXT_MAX[kind]
                )
            )


def _read_toml(text: str, origin: str) -> dict:
    import tomllib  # only here: a stored evening's rules come from JSON, not TOML

    if _nesting(text) > NESTING_MAX:
        raise RulesError(
            _("{origin} nests lists or tables more than {NESTING_MAX} deep; a rules file needs 2").format(
                origin=origin, NESTING_MAX=NESTING_MAX
            )
        )
    try:
        return tomllib.loads(text, parse_float=Decimal)  # a value such as 2.5 read exactly, never as a float
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(_("{origin} is not valid TOML: {exc}").format(origin=origin, exc=exc)) from None
    except RecursionError:  # pragma: no cover - the nesting limit comes first
        raise RulesError(_("{origin} nests too deep").format(origin=origin)) from None


def _nesting(text: str) -> int:
    """How deep brackets and braces nest outside strings and comments (at
    most: an unclosed string ends the count, TOML then refuses it)."""
    depth = deepest = 0
    quote = ""
    i = 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 1
            elif ch == quote or ch == "\n":
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            while i < len(text) and text[i] != "\n":
                i += 1
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth = max(0, depth - 1)
        i += 1
    return deepest


def _merge(base: dict, top: dict) -> dict:
    out = dict(base)
    for key, value in top.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _resolve(data: dict, origin: str, seen: tuple = ()) -> dict:
    """A rules file may name `base = "PRESET"` and change only what differs."""
    base = data.get("base")
    if not base:
        return data
    if base in seen or base not in PRESETS:
        raise RulesError(
            _("{origin}: base '{base}' is not a preset; valid: {PRESETS}").format(
                origin=origin, base=base, PRESETS=", ".join(PRESETS)
            )
        )
    parent = _resolve(preset_data(base), base, seen + (base,))
    merged = _merge(parent, {k: v for k, v in data.items() if k != "base"})
    # Sources of the parent's settings stay unless the child sets the value; the format is the child's.
    merged["format"] = rules_format(data, origin)
    return merged


def preset_data(name: str) -> dict:
    if name not in PRESETS:
        raise RulesError(_("unknown preset '{name}'; valid: {PRESETS}").format(name=name, PRESETS=", ".join(PRESETS)))
    text = (PRESET_DIR / f"{name}.toml").read_text(encoding="utf-8")
    return _read_toml(text, _("preset {name}").format(name=name))


def load_preset(name: str) -> Rules:
    return rules_from_dict(_resolve(preset_data(name), name), origin=_("preset {name}").format(name=name))


RULES_FILE_MAX = 256 * 1024  # bytes: a complete rules file (rules new) is some 15 KB


def read_rules_text(p: Path) -> str:
    """The text of a rules file: a regular file only (no device, pipe or folder), at most ``RULES_FILE_MAX``."""
    import os
    import stat

    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a pipe opens at once, then is refused
    except OSError as exc:
        raise RulesError(_("cannot read rules file {p}: {strerror}").format(p=p, strerror=exc.strerror)) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise RulesError(
            _("rules file {p} is not a regular file (a folder, a device or a pipe); give a .toml file"), p=p
        )
    with os.fdopen(fd, "rb") as f:
        data = f.read(RULES_FILE_MAX + 1)
    if len(data) > RULES_FILE_MAX:
        raise RulesError(
            _(
                "rules file {p} is larger than {kb} KB, more than a rules file can be; give the circle's .toml file"
            ).format(p=p, kb=RULES_FILE_MAX // 1024)
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RulesError(_("rules file {p} is not UTF-8 text").format(p=p)) from None


def load_rules_file(path: str | Path) -> Rules:
    p = Path(path)
    text = read_rules_text(p)
    origin = _("rules file {p}").format(p=p)
    data = _resolve(_read_toml(text, origin), origin)
    return rules_from_dict(data, origin=origin)


# The first line every ``rules new`` wrote before files said ``made_from``.
_EARLIER_FIRST_LINE = r"# Rules of the circle '[\w-]{1,60}', made from the preset '([\w-]{1,60})'\.\n"


def rules_file_base(path: str | Path) -> str | None:
    """The preset a rules file starts from, for ``rules show`` to mark what the
    file changes: its ``base``, its ``made_from`` (``rules new``), or in a file
    an earlier ``rules new`` wrote, the preset its first line names; None where
    the file names none."""
    import re

    p = Path(path)
    text = read_rules_text(p)
    data = _read_toml(text, _("rules file {p}").format(p=p))
    for key in ("base", "made_from"):
        if isinstance(data.get(key), str) and data[key] in PRESETS:
            return str(data[key])
    earlier = re.match(_EARLIER_FIRST_LINE, text)
    return earlier[1] if earlier and earlier[1] in PRESETS else None


def load_rules(name_or_path: str, overrides: list[str] | tuple[str, ...] = ()) -> Rules:
    """A preset by name, or a rules file by path, with overrides applied."""
    if name_or_path in PRESETS:
        rules = load_preset(name_or_path)
    elif name_or_path.endswith(".toml") or Path(name_or_path).exists():
        rules = load_rules_file(name_or_path)
    else:
        raise RulesError(
            _("unknown preset '{name_or_path}'; valid: {PRESETS} (or a .toml rules file)").format(
                name_or_path=name_or_path, PRESETS=", ".join(PRESETS)
            )
        )
    return rules.with_overrides(list(overrides)) if overrides else rules


def rules_from_json(text: str) -> Rules:
    """An evening's stored rules (read with the checks they were stored under)."""
    try:
        data = json.loads(text, parse_float=Decimal)
    except (TypeError, ValueError):
        raise RulesError(_("stored rules are not JSON")) from None
    return rules_from_dict(data, origin=_("stored rules"), strict=False)


def bidding_order(rules: Rules) -> list[str]:
    """The active contracts in the order a table bids them: the cheapest
    king-calling contract (the Rufer) first, then as the preset lists them
    (read again: stored rules are sorted by id), else by value."""
    # By a preset's name only: stored rules are data, their free-text preset never a path to read.
    listed = list(load_preset(rules.preset).contracts) if rules.preset in PRESETS else []
    contracts = rules.active_contracts
    rank = {cid: i for i, cid in enumerate(listed)}
    order = sorted(contracts, key=lambda cid: (rank.get(cid, len(rank)), contracts[cid].value, cid))
    calling = [cid for cid in order if contracts[cid].call]
    first = min(calling, key=lambda cid: (contracts[cid].value, order.index(cid))) if calling else None
    return ([first] if first else []) + [cid for cid in order if cid != first]
