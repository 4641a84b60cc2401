"""The table session's lines: a hand in short notation, or one of its
commands (in German, as the table speaks); each line one transaction, its
row and the standing shown after it. A line typed against a stale prompt
(another process changed the evening) is not taken, nor a line that is not
text (bytes that are not UTF-8) or longer than any hand (``LINE_MAX``): each
is said, and the session goes on."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..domain.evening import State, radl_factor
from ..domain.notation.words import line_words, too_long
from ..errors import SchreiberError
from ..i18n import N_, _, german, ngettext
from ..ledger.errors import NoSuchEntry, NoSuchHand, RoundFull
from ..ledger.stored import Evening
from ..render import alike, player_points
from ..reports import sheet as sh
from ..reports import sheet_screen
from ..service import EveningChanged, PastTheEnd, Service
from .errors import message, one_line
from .inputs import pick_player, plays_on
from .report import fitted, hand_lines
from .root import echo, tell_carried
from .table_sheet import TableSheet

if TYPE_CHECKING:
    from ..domain.rules import Rules

TABLE_HINTS = {  # what to type at the table where the command line's hint names a command
    NoSuchHand: N_("; see: sheet"),
    NoSuchEntry: N_("; see: sheet (the # column)"),
    RoundFull: N_("; correct a hand entered wrongly with: edit N HAND"),
}
TIMES = {2: N_("double"), 4: N_("four times"), 8: N_("eight times")}  # a Radl's factor as the table says it
PLAYER, HAND = "NAME", "N HAND"  # what a command takes, for Tab: a player; a hand's number, then the hand


class TableCommand(NamedTuple):
    """A command of the table session (its words German in both languages),
    declared once, at the method that runs it: its other words, its lines of
    hilfe (what to type, what it does: in 80 columns) and what Tab offers
    after it (``PLAYER``, ``HAND``, or the words it takes)."""

    run: Callable[[Session, list[str]], None] | None  # None: the session ends
    aliases: tuple[str, ...]
    said: tuple[tuple[str, str], ...]
    takes: str | tuple[str, ...]


TABLE: dict[str, TableCommand] = {}  # every command of the table session by its word, in the order hilfe lists them


def table_command(word: str, *said: tuple[str, str], also: str = "", takes: str | tuple[str, ...] = ()) -> Any:
    """Declares the method below as the table's command ``word`` (``also``: its other words)."""

    def declare(run: Callable[[Session, list[str]], None] | None) -> Any:
        TABLE[word] = TableCommand(run, tuple(also.split()), said, takes)
        return run

    return declare


class Session:
    """The state of one table session, at one evening (``number``); every line
    is one short transaction. ``ask``: a question answered by the next line
    typed (None: at the end of the input); None where nobody is asked (no
    terminal: a hand after the evening's end is entered, with a note)."""

    def __init__(
        self,
        svc: Service,
        number: int,
        out: Callable[[str], Any] = echo,
        ask: Callable[[str], str | None] | None = lambda question: None,
    ):
        self.svc = svc
        self.led = svc.ledger
        self.number = number
        self.out = out
        self.ask = ask
        self.explained: set[str] = set()  # the prompt's marks said in words so far (radl, final, end)
        self.view = TableSheet(svc, number, out)
        self.seen: tuple[int, int] | None = None  # the evening's change count when the prompt was shown

    @property
    def evening(self) -> Evening:
        return self.svc.evening(self.number)

    def prompt(self) -> str:
        """Who deals the next hand (the number it will have on the sheet); the
        evening's number too while several are open; in a Radl its factor and
        the doubled hands to go, said in words where the session first shows them."""
        nxt = self.svc.next_hand(self.evening)
        t = nxt.table
        self.seen = self.led.change_count(nxt.evening)
        self.svc.expected = (self.number, self.seen)
        done = self._round_done()
        if done is not None:  # a cup table with its round's hands: no next hand to offer
            return f"[{done}] > "
        extra = self._mark(nxt.evening.rules, nxt.state)
        which = _("Evening {n}, Hand ").format(n=self.number) if len(self.led.open_evenings()) > 1 else ""
        deals = (
            _("{dealer} deals, {vorhand} Vorhand")
            if t.dealer in t.active
            else _("{dealer} deals (sits out), {vorhand} Vorhand")  # five at the table
        ).format(dealer=t.dealer, vorhand=t.vorhand)
        return f"[{which}{nxt.number}: {deals}{extra}] > "

    def _round_done(self) -> str | None:
        """At a cup table that has all its round's hands: what the prompt
        says instead of the next hand (said in words the first time)."""
        found = self.led.cups.table_of_evening(self.number)
        if found is None:
            return None
        from ..service.tournament import Desk

        cup, table = found
        target = Desk.target(cup, table)
        if table.hands < target:
            return None
        if "done" not in self.explained:
            self.explained.add("done")
            self.out(
                _("The round's {n} hands are entered; a wrong one is corrected with: edit N HAND").format(n=target)
            )
        return _("Tisch {table}, round {round}: all {n} hands entered").format(
            table=table.table_no, round=table.round, n=target
        )

    def _mark(self, rules: Rules, state: State) -> str:
        """The prompt's mark of a running Radl (`` x2 (4)``), of the Sküsradl
        (`` x2 (4) Sküsradl``), or past the evening's end; the first time
        each shows, a line before the prompt says it in words."""
        if state.doubled_left:
            kind, mark = ("final" if state.final else "radl"), f"x{radl_factor(rules, state)} ({state.doubled_left})"
            if state.final:
                mark += " Sküsradl"
        elif self.led.at_end(self.evening, state):
            kind, mark = "end", _("after the end")
        else:
            return ""
        if kind not in self.explained:
            self.explained.add(kind)
            self.out(mark_text(mark, radl_factor(rules, state), state.doubled_left, kind))
        return ", " + mark if kind == "end" else " " + mark

    def handle(self, line: str) -> bool:
        """Run one line; False to end the session."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        wrong = not_a_line(line)
        if wrong:
            self.out(_fitted(_("Error: {message}").format(message=wrong)))
            return True
        parts = line_words(line)
        head = parts[0].lower()
        command = TABLE.get(ALIASES.get(head, head))
        if command is not None and command.run is None:
            return False
        ev = self.evening
        now = self.led.change_count(ev)
        if self.seen is not None and now != self.seen:
            self.changed(self.seen, now)
            return True
        try:
            with alike(in_parts=ev.rules.pays_parts):  # every figure of the evening alike, from its first hand
                if command is not None and command.run is not None:
                    command.run(self, parts[1:])
                else:
                    self.add_hand(parts)
            tell_carried(self.svc, self.out)
        except EveningChanged as exc:
            self.changed(exc.before, exc.now)
        except SchreiberError as exc:
            hint = TABLE_HINTS.get(type(exc))
            text = str(exc) + _(hint) if hint else message(exc)
            self.out(_fitted(_("Error: {message}").format(message=one_line(text))))
        self.svc.carried, self.svc.closed_changed = [], []  # what a line that failed had carried was not written
        return True

    def changed(self, before: tuple[int, int], now: tuple[int, int]) -> None:
        """Another session wrote to the evening since the prompt: say what, who
        deals now, and ask again (the line is not taken)."""
        entries, corrections = now[0] - before[0], now[1] - before[1]
        what = [ngettext("{n} new entry", "{n} new entries", entries).format(n=entries)] if entries else []
        what += (
            [ngettext("{n} correction", "{n} corrections", corrections).format(n=corrections)] if corrections else []
        )
        said = ", ".join(what) or _("changed")
        self.out(_("The evening was changed elsewhere meanwhile ({what}).").format(what=said))
        self.out(_("The line was NOT entered; please type it again (arrow up brings it back)."))
        t = self.svc.next_hand(self.evening).table
        self.out(_("Now: {dealer} deals, {vorhand} Vorhand.").format(dealer=t.dealer, vorhand=t.vorhand))

    def add_hand(self, words: list[str]) -> None:
        """A line that is no command: a hand in short notation; after the
        evening's end the table says first whether it plays on."""
        if not words:
            raise SchreiberError(_("which hand? e.g. rufer berti carl +  (help for more)"))
        record = self.svc.read_notation(words, self.number)
        try:
            added = self.svc.add_hand(record, self.number)
        except PastTheEnd as exc:  # the Sküsradl is played: the table says whether it plays on
            if not plays_on(exc, self.ask, self.out):
                self.out(_("Not entered."))
                return
            added = self.svc.add_hand(record, self.number, after_end=True)
        cup = added.outcome.schrift is not None and self.led.cups.table_of_evening(self.number) is not None
        for line in hand_lines(added.number, added.outcome, cup):
            self.out(fitted(line, ", "))
        self.view.show_row(str(added.number))

    def vorhand_of(self, number: int) -> str | None:
        """The Vorhand of hand ``number`` of the evening (None where there is no such hand)."""
        try:
            dealt = self.svc.dealt(number, self.evening)
        except SchreiberError:  # no such hand
            return None
        return dealt.vorhand if dealt else None

    # The table's commands, in the order hilfe lists them --------------------------------------------

    @table_command("hilfe", ("hilfe", N_("this help (also ?)")), also="? help h")
    def help(self, rest: list[str]) -> None:
        self.out(_fitted(_("A hand in short notation, e.g.  rufer berti carl +   dreier dora 41 pagat!")))
        self.out(_fitted(_("  piccolo anna -   (docs/notation.md); or one of these commands:")))
        for word, command in TABLE.items():
            for typed, meaning in command.said if german() else ENGLISH_HELP.get(word, command.said):
                self.out(_fitted(f"  {typed:<16} {_(meaning)}"))
        self.out(_fitted(_("The prompt: [the hand's number: who deals, the Vorhand], in a Radl also:")))
        self.out(_fitted(f"  {'x2 (4)':<16} " + _("Radl: double, 4 hands to go (x4: four times)")))
        self.out(_fitted(f"  {'x2 (4) Sküsradl':<16} " + _("the evening's last Radl: after 4 hands it ends")))

    @table_command(
        "schrift",
        ("schrift", N_("the score sheet's last rows (also sheet, blatt)")),
        ("schrift alle", N_("the whole score sheet")),
        also="sheet blatt",
    )
    def schrift(self, rest: list[str]) -> None:
        self.view.show(whole=bool(rest) and rest[0].lower() in ("alle", "all", "ganz"))

    @table_command("stand", ("stand", N_("the running totals (also balance)")), also="balance")
    def stand(self, rest: list[str]) -> None:
        self.view.show_totals(asked=True)

    @table_command(
        "erklär",
        ("erklär N", N_("itemize hand N (also explain N)")),
        ("erklär NAME", N_("the entries that made NAME's total")),
        also="explain erklaer",
        takes=PLAYER,
    )
    def explain(self, rest: list[str]) -> None:
        """erklär N: one hand itemized; erklär NAME: what made the player's total."""
        from .report import explained, player_story_text

        if rest and not rest[0].isdigit():
            rows, _totals, _rules = sh.build(self.led.sheet_lines(self.evening), self.evening)
            who = pick_player(self.evening.seating, rest[0])
            self.out(player_story_text(rows, who).rstrip("\n"))
            return
        n = _number(rest)
        match = explained(self.led, self.evening, self.view.sheet().rows, n)
        if not match:
            raise SchreiberError(_("there is no hand {n} on this sheet").format(n=n))
        self.out(_fitted("\n\n".join(sheet_screen.explain(r, items) for r, items in match)))

    @table_command(
        "undo",
        ("undo", N_("take the last hand back (also zurück)")),
        ("undo eintrag", N_("take the last entry back (a Radl, redeal, ...)")),
        also="zurück zurueck",
        takes=("eintrag",),
    )
    def undo(self, rest: list[str]) -> None:
        self.view.forget()  # a correction re-scores the evening
        e = self.svc.undo(
            any_entry=bool(rest and rest[0].lower() in ("alles", "eintrag", "entry")), evening=self.number
        )
        self.out(sheet_screen.taken_back(e.kind, e.number))
        self.view.show_standing()

    @table_command(
        "storno",
        ("storno N", N_("void hand N (also void N)")),
        ("storno eN", N_("void entry eN of the sheet (a Radl, redeal, Strafpunkt)")),
        also="void",
    )
    def void(self, rest: list[str]) -> None:
        if not rest:
            raise SchreiberError(_("which entry? e.g. void 3 (hand 3) or void e1 (see the sheet's # column)"))
        self.view.forget()  # a correction re-scores the evening
        e = self.svc.take_back(rest[0], self.number)
        self.out(sheet_screen.voided(e.kind, e.number, rest[0]))
        self.view.show_standing()

    @table_command(
        "ändern",
        ("ändern N HAND", N_("replace hand N by HAND in notation (also edit)")),
        also="edit aendern",
        takes=HAND,
    )
    def edit(self, rest: list[str]) -> None:
        n = _number(rest[:1])
        if not rest[1:]:
            raise SchreiberError(_("which hand? e.g. rufer berti carl +  (help for more)"))
        record = self.svc.read_edit_notation(n, rest[1:], self.number)  # read as hand N was dealt
        self.view.forget()  # a correction re-scores the evening
        before = self.led.balance(self.number)
        self.svc.edit(n, record, self.number)
        self.out(_("Hand {n} corrected.").format(n=n))
        change = [(p, v - before.get(p, 0)) for p, v in self.led.balance(self.number).items()]
        said = player_points((p, v) for p, v in change if v)
        self.out(
            fitted(_("Change in the standing: {players}").format(players=said), ", ")
            if said
            else _("The standing stays as it was.")
        )
        self.view.show_row(str(n))  # the corrected row, the standing

    @table_command("radl", ("radl [NAME]", N_("a doubled round starts (at NAME's deal)")), takes=PLAYER)
    def radl(self, rest: list[str], final: bool = False) -> None:
        player = pick_player(self.evening.seating, rest[0]) if rest else None
        o = self.svc.radl(player, final, self.number).outcome
        last = _("; after {n} hands the evening ends").format(n=o.state.final) if o.state.final else ""
        self.out(_("Radl: the next {n} hands count double").format(n=o.state.radl_left) + last + ".")

    @table_command(
        "sküsradl",
        ("sküsradl [NAME]", N_("the last Radl starts; Radls during it stack onto it")),
        also="skuesradl schlussradl lastradl",
        takes=PLAYER,
    )
    def final_radl(self, rest: list[str]) -> None:
        self.radl(rest, final=True)

    @table_command(
        "zusammen",
        ("zusammen", N_("redeal: the same dealer deals again (also redeal)")),
        also="redeal zusammenschlagen",
    )
    def redeal(self, rest: list[str]) -> None:
        o = self.svc.redeal(self.number).outcome
        self.out(_("Redealt: {dealer} deals again.").format(dealer=o.dealer))

    @table_command(
        "straf", ("straf NAME", N_("a penalty point for NAME (also strafpunkt)")), also="strafpunkt", takes=PLAYER
    )
    def strafpunkt(self, rest: list[str]) -> None:
        if not rest:
            raise SchreiberError(_("whose Strafpunkt? e.g. strafpunkt Carl"))
        who = pick_player(self.evening.seating, rest[0])
        self.svc.strafpunkt(who, self.number)
        self.out(_("Strafpunkt for {who}.").format(who=who))
        self.view.show_standing()


# ende: no method; the session ends (before the line is held against the prompt)
table_command("ende", ("ende", N_("leave (also quit, Ctrl-D); everything is saved already")), also="quit exit q")(None)


ENGLISH_HELP = {  # each command's lines of hilfe on an English screen, in its English words (none: as declared)
    "hilfe": (("help", N_("this help (also ?)")),),
    "schrift": (("sheet", N_("the score sheet's last rows")), ("sheet all", N_("the whole score sheet"))),
    "stand": (("balance", N_("the running totals")),),
    "erklär": (("explain N", N_("itemize hand N")), ("explain NAME", N_("the entries that made NAME's total"))),
    "undo": (
        ("undo", N_("take the last hand back")),
        ("undo entry", N_("take the last entry back (a Radl, redeal, ...)")),
    ),
    "storno": (
        ("void N", N_("void hand N")),
        ("void eN", N_("void entry eN of the sheet (a Radl, redeal, Strafpunkt)")),
    ),
    "ändern": (("edit N HAND", N_("replace hand N by HAND in notation")),),
    "sküsradl": (("lastradl [NAME]", N_("the last Radl starts; Radls during it stack onto it")),),
    "zusammen": (("redeal", N_("the same dealer deals again")),),
    "straf": (("strafpunkt NAME", N_("a penalty point for NAME")),),
    "ende": (("quit", N_("leave (also Ctrl-D); everything is saved already")),),
}
ALIASES = {alias: word for word, command in TABLE.items() for alias in command.aliases}  # each command's other words
COMMANDS_WORDS = sorted(TABLE) + list(ALIASES)  # every word of a command
ENGLISH = {"?", "help", "h", "sheet", "balance", "explain", "void", "edit", "redeal", "lastradl", "quit", "exit", "q"}  # fmt: skip


def command_words() -> list[str]:
    """The commands' words Tab offers at a line's start: on a German screen
    the German ones, on an English screen the English ones first."""
    said = [w for w in COMMANDS_WORDS if w not in ENGLISH]
    return said if german() else [w for w in COMMANDS_WORDS if w in ENGLISH] + said


def _number(rest: list[str]) -> int:
    if not rest or not rest[0].isdigit():
        raise SchreiberError(_("give the hand's number, e.g. explain 3"))
    return int(rest[0])


def mark_text(mark: str, factor: int, left: int, kind: str) -> str:
    """A mark of the prompt in words, as the table says it ("x2 (4) = Radl:
    double, 4 hands to go")."""
    if kind == "end":
        return _("A hand after the evening's end is asked for first.")
    times = _(TIMES[factor]) if factor in TIMES else f"x{factor}"
    if kind == "final":
        text = ngettext(
            "the last Radl: {times}, {n} hand to go, then the end",
            "the last Radl: {times}, {n} hands to go, then the end",
            left,
        )
    else:
        text = ngettext("Radl: {times}, {n} hand to go", "Radl: {times}, {n} hands to go", left)
    return f"{mark} = " + text.format(times=times, n=left)


def not_a_line(line: str) -> str | None:
    """What is wrong with a line that is no line of the session: longer than
    ``LINE_MAX``, or not text (a byte that is not UTF-8, read as a lone
    surrogate: shown as ``\\xff``); None for a line to read."""
    if wrong := too_long(line):
        return wrong
    if not any("\udc80" <= c <= "\udcff" for c in line):
        return None
    shown = "".join(f"\\x{ord(c) - 0xDC00:02x}" if "\udc80" <= c <= "\udcff" else c for c in line)
    return one_line(
        _("'{line}' is not UTF-8 text; check the encoding of the terminal or the file: not entered").format(line=shown)
    )


def _fitted(text: str) -> str:
    """Lines longer than the terminal (without one: 80 columns) broken by words, the rest indented a little more."""
    from ..render import fit
    from .report import screen_width

    return fit(text, screen_width() or 80)
