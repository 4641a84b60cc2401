"""`schreiber balance` and `schreiber sheet`: what an evening stands at."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, NamedTuple

import typer

from ..errors import SchreiberError
from ..i18n import N_, _, ngettext
from . import complete
from .options import EveningNumber, csv_option, fmt_option, json_option
from .root import echo, ledger, print_json, screen_width, service, terminal_size

if TYPE_CHECKING:
    from ..domain.evening import Outcome
    from ..ledger.cup_book import Cup, CupTable
    from ..ledger.store import Ledger
    from ..ledger.stored import Evening
    from ..reports.sheet import SheetRow


SCHRIFT_WORDS = {"simple": N_("only the simple Kontra"), "none": N_("without Kontra")}
EVENING_STATUS = (N_("open"), N_("closed"), N_("settled"), N_("withdrawn"))  # an evening's status as the screen says it


def show_default() -> None:
    """Without a command: the balance of each open evening, or how to start one."""
    led = ledger()
    opened = led.open_evenings()
    if not opened:
        echo(
            _(
                "Ledger: {path}\nNo evening is open. Start one with:\n"
                "  schreiber evening start Anna Berti Carl Dora --rules standard\n"
                "Then enter hands with schreiber hand add, see schreiber --help."
            ).format(path=led.path)
        )
        return
    for ev in opened:
        _print_balance(led, ev)
    if len(opened) > 1:
        echo(
            _("{n} evenings are open; choose one with --evening N, e.g. schreiber sheet --evening N").format(
                n=len(opened)
            )
        )


class Standing(NamedTuple):
    """An evening's running totals as a table is shown them: the money and,
    where ``schrift`` is given, the Schrift beside it (RULINGS.md "Schrift
    and Geld": settle pays the money, a cup ranks by the Schrift)."""

    money: dict[str, Fraction]
    schrift: dict[str, Fraction] | None  # where it differs from the money, or at a cup table that keeps it apart
    cup: tuple[Cup, CupTable] | None  # the cup table the evening is, where its rules keep the Schrift apart


def standing(led: Ledger, ev: Evening, money: dict[str, Fraction] | None = None,
             written: dict[str, Fraction] | None = None) -> Standing:  # fmt: skip
    """The evening's standing (``money`` and ``written``: its totals where
    already read): under rules that keep no Schrift apart, the money alone,
    as ever; else the Schrift beside it where the two differ, and always at
    a cup table, which is ranked by it."""
    money = led.balance(ev.id) if money is None else money
    if ev.rules.schrift_kontra == "all":
        return Standing(money, None, None)
    written = led.balance(ev.id, schrift=True) if written is None else written
    cup = led.cups.table_of_evening(ev.id)
    return Standing(money, written if written != money or cup is not None else None, cup)


def hand_lines(number: int, outcome: Outcome, cup: bool) -> list[str]:
    """A hand entered: each player's points on one line; where the rules
    keep the Schrift apart and it differs, or at a cup table (ranked by the
    Schrift), the money and the Schrift on a line each, labelled."""
    from ..render import player_points

    written = outcome.schrift.payments if outcome.schrift is not None else None
    if written is None or (not cup and dict(written) == dict(outcome.payments)):
        return [
            _("Hand {number}: {player_points}").format(number=number, player_points=player_points(outcome.payments))
        ]
    labels = [_("Hand {number} (Geld): ").format(number=number), _("Hand {number} (Schrift): ").format(number=number)]
    width = max(len(label) for label in labels)
    return [label.ljust(width) + player_points(v) for label, v in zip(labels, (outcome.payments, written))]


def schrift_note(ev: Evening) -> str:
    """What the Schrift leaves out, and what is paid: the line under a standing that shows both."""
    return _("Schrift: {kept}; settle pays the Geld.").format(kept=_(SCHRIFT_WORDS[ev.rules.schrift_kontra]))


def cup_line(cup: tuple[Cup, CupTable]) -> str:
    """That a cup table's ranking uses the Schrift, not the money."""
    c, t = cup
    return _("Cup {cup} ranks by the Schrift (round {round}, Tisch {table}).").format(
        cup=c.name, round=t.round, table=t.table_no
    )


def standing_lines(st: Standing) -> list[str]:
    """The standing in one line ("Standing: Anna +3, ..."), or where the
    Schrift is shown beside the money, one line each, labelled."""
    from ..render import player_points

    if st.schrift is None:
        return [_("Standing: ") + player_points(st.money.items())]
    labels = [_("Standing (Geld): "), _("Standing (Schrift): ")]
    width = max(len(label) for label in labels)
    return [label.ljust(width) + player_points(v.items()) for label, v in zip(labels, (st.money, st.schrift))]


def _print_balance(led: Ledger, ev: Evening, schrift: bool = False) -> None:
    from ..render import alike

    with alike(in_parts=ev.rules.pays_parts):
        _print_standing(led, ev, schrift)


def _print_standing(led: Ledger, ev: Evening, schrift: bool) -> None:
    from ..render import alike, gain

    kept = SCHRIFT_WORDS.get(ev.rules.schrift_kontra)
    kept_text = _(kept) if kept else _("the money")
    what = f", Schrift ({kept_text})" if schrift else ""
    closed = "" if ev.is_open else f", {_(ev.status)}"
    echo(
        _("Evening {n} ({date}, {preset}{closed}){what}:").format(
            n=ev.id, date=ev.date, preset=ev.preset, closed=closed, what=what
        )
    )
    st = Standing(led.balance(ev.id, schrift=True), None, None) if schrift else standing(led, ev)
    if st.schrift is None:
        with alike(st.money.values()):
            echo("\n".join(f"  {p:<12} {gain(v):>8}" for p, v in st.money.items()))
        return
    echo(f"  {'':<12} {'Geld':>8} {'Schrift':>8}")
    with alike([*st.money.values(), *st.schrift.values()]):
        echo("\n".join(f"  {p:<12} {gain(v):>8} {gain(st.schrift[p]):>8}" for p, v in st.money.items()))
    echo(schrift_note(ev))
    if st.cup is not None:
        echo(cup_line(st.cup))


def balance(
    json_out: Annotated[bool, json_option(_("Print JSON: player -> points."))] = False,
    schrift: Annotated[
        bool,
        typer.Option(
            "--schrift", help=_("The written score (Schrift) instead of the money, where a preset keeps one.")
        ),
    ] = False,
    evening_id: EveningNumber = None,
) -> None:
    """Running totals of the open evening, in points (the money; --schrift: the written score)."""
    from ..domain.points import as_number

    svc = service()
    led, ev = svc.ledger, svc.evening(evening_id, or_latest=True)  # none open: the last one, e.g. just settled
    if json_out:
        totals = led.balance(ev.id, schrift=schrift)
        print_json({p: as_number(v) for p, v in totals.items()})
    else:
        _print_balance(led, ev, schrift)


def sheet(
    explain: Annotated[
        int | None, typer.Option("--explain", help=_("Itemize hand N: every item, base value, multipliers."))
    ] = None,
    explain_player: Annotated[
        str | None,
        typer.Option(
            "--explain-player",
            metavar="NAME",
            help=_("The entries that made NAME's total, with the running sum."),
            autocompletion=complete.players,
        ),
    ] = None,
    fmt: Annotated[str, fmt_option(_("Table format: any tabulate format (simple, github, grid, ...)."))] = "simple",
    json_out: Annotated[bool, json_option(_("Print the sheet as JSON."))] = False,
    csv_out: Annotated[bool, csv_option(_("Print the sheet as CSV."))] = False,
    wide: Annotated[bool, typer.Option("--wide", help=_("Every column, however wide the terminal."))] = False,
    compact: Annotated[
        bool, typer.Option("--compact", help=_("The short form (on a terminal narrower than the wide one: always)."))
    ] = False,
    evening_id: EveningNumber = None,
) -> None:
    """The score sheet (Schrift) of the open evening: every hand, running totals, marks.

    On a terminal narrower than the sheet (piped on too: sheet | less), a
    compact form (number, dealer, contract and declarer in short, each
    player's cells, a legend); without a terminal the wide form, as --wide.

    Examples: schreiber sheet --explain 3
              schreiber sheet --explain-player Anna
              schreiber sheet --wide | less -S
    """
    from ..render import alike
    from ..reports import sheet as sh

    if wide and compact:
        raise SchreiberError(_("give either --wide or --compact, not both"))
    svc = service()
    led, ev = svc.ledger, svc.evening(evening_id, or_latest=True)  # none open: the last one, e.g. just settled
    if explain is not None:
        with alike(in_parts=ev.rules.pays_parts):
            _explain(led, ev, explain, json_out)
        return
    rows, totals, rules = sh.build(led.sheet_lines(ev), ev)
    if explain_player is not None:
        from .inputs import pick_player

        echo(player_story_text(rows, pick_player(ev.seating, explain_player), fmt, json_out), nl=False, whole=True)
        return
    pot = svc.pot_neighbours(ev) if rules.pagatkassa else None  # where its Pagat pot came from and went
    if json_out:
        return print_json(sh.to_json(rows, totals, ev, rules, pot))
    if csv_out:
        return _sheet_csv(rows, ev)
    _sheet_screen(led, ev, rows, totals, fmt, wide, compact, pot)


def _sheet_screen(
    led: Ledger,
    ev: Evening,
    rows: list[SheetRow],
    totals: dict,
    fmt: str,
    wide: bool,
    compact: bool,
    pot: tuple[Evening | None, Evening | None] | None,
) -> None:
    """The sheet on the screen: wide, or compact where it is too wide (or asked for); its figures alike."""
    from ..render import alike, table
    from ..reports.sheet_screen import figures, table_rows

    with alike(figures(rows), ev.rules.pays_parts):  # the table and the lines under it alike
        headers, body = table_rows(rows, ev.seating, ev.rules)
        text = table(headers, body, fmt) if body else ""
        short = compact or (not wide and fmt == "simple" and too_wide(text))  # an asked-for --fmt is kept
        _print_sheet(led, ev, rows, totals, text, short, pot)


def _sheet_csv(rows: list[SheetRow], ev: Evening) -> None:
    """``sheet --csv``: the wide sheet's cells, its figures with the decimal point in either language."""
    from ..render import as_data, csv_text
    from ..reports.sheet_screen import table_rows

    with as_data():
        echo(csv_text(*table_rows(rows, ev.seating, ev.rules)), nl=False, whole=True)


def _print_sheet(
    led: Ledger,
    ev: Evening,
    rows: list[SheetRow],
    totals: dict,
    text: str,
    short: bool,
    pot: tuple[Evening | None, Evening | None] | None = None,
) -> None:
    """The sheet as text: heading, the Pagat pot it started with, the table
    (or its compact form), totals, Schrift, where the pot went, who deals next."""
    from ..render import cell, player_points
    from ..reports import sheet as sh

    rules = ev.rules
    closed = (
        ""
        if ev.is_open
        else _(" (withdrawn: a table of a cup round drawn and taken back)")
        if ev.status == "withdrawn"
        else _(" ({status}; evening reopen {n} to change it)").format(status=_(ev.status), n=ev.id)
    )
    echo(_("Evening {n}, {date}, {preset}").format(n=ev.id, date=ev.date, preset=rules.preset) + closed)
    before, after = pot or (None, None)
    if pot is not None:
        source = _(" (carried from evening {n})").format(n=before.id) if before and ev.start_pot else ""
        echo(_("Pagat pot at the start: {pot}{source}").format(pot=cell(ev.start_pot), source=source))
    if text and short:
        text = compact_text(rows, ev)
    echo(text or _("No hands yet."), whole=True)  # compact where the wide one is too wide, or --wide asked for
    schrift = sh.schrift_totals(rows)
    st = standing(led, ev, totals, schrift) if schrift is not None else Standing(totals, None, None)
    said = _("Standing (Geld): ") if st.schrift is not None else _("Standing: ")
    echo(fitted(said + player_points(totals.items()), ", "))
    if schrift is not None:
        echo(fitted(f"Schrift ({_(SCHRIFT_WORDS[rules.schrift_kontra])}): " + player_points(schrift.items()), ", "))
        if any(r.schrift_payments for r in rows) and not short:
            echo(_("S = the Schrift's running total, where a hand writes other points than it pays"))
    if st.cup is not None:
        echo(cup_line(st.cup))
    if after is not None and rules.pagatkassa_end == "carry":
        echo(
            _("Pagat pot carried to evening {n} ({date}): {pot}").format(
                n=after.id, date=after.date, pot=cell(after.start_pot)
            )
        )
    if ev.is_open:
        echo(fitted(next_line(led, ev), "; "))


def _explain(led: Ledger, ev: Evening, number: int, json_out: bool) -> None:
    """``sheet --explain N``: the rows of hand N only (a voided one too), not the whole sheet."""
    from ..reports import sheet as sh

    lines = led.hand_lines(ev, number)
    before = led.last_state(ev, before_seq=lines[0].entry.seq) if lines else None
    match = explained(led, ev, sh.hand_rows(lines, ev, before), number) if before is not None else []
    if not match:
        hands = ", ".join(str(n) for n in led.hand_numbers(ev)) or _("none yet")
        raise SchreiberError(_("there is no hand {n} on this sheet; hands: {hands}").format(n=number, hands=hands))
    if json_out:
        print_json([{"number": r.number, "void": r.void, "items": items} for r, items in match])
    else:
        from ..render import fit
        from ..reports.sheet_screen import explain

        echo(fit("\n\n".join(explain(r, items) for r, items in match), screen_width()))


def explained(led: Ledger, ev: Evening, rows: list[SheetRow], number: int) -> list[tuple[SheetRow, list[dict] | None]]:
    """The sheet's rows of hand ``number`` (a voided one too), each with its
    items (None where they do not add up; a voided hand has none)."""
    from ..service.rescored import hand_items

    return [(r, [] if r.void else hand_items(led, ev, number)) for r in rows if r.number == number and r.kind == "hand"]


def screen_table(
    headers: list[str], body: list[list], fmt: str, right: frozenset[int] = frozenset(), keep: int = 2
) -> str:
    """A report's table as ``render.table`` lays it out; in "simple" where
    that is wider than the terminal, in parts that fit it, each beginning
    with the first ``keep`` columns (``render.fitted_table``)."""
    from ..render import fitted_table, table

    text = table(headers, body, fmt)
    if fmt != "simple" or not too_wide(text):
        return text
    return fitted_table(headers, body, right, fmt, keep, screen_width() or 80)


def one_row(text: str) -> str:
    """A progress line kept to one row of the terminal, which the next one
    overwrites (a line that wrapped would leave its first row behind): cut
    after its last word that fits, with an ellipsis."""
    from ..render import columns

    size = terminal_size()
    if size is None or columns(text) < size.columns:
        return text
    return text[: size.columns - 2].rsplit(" ", 1)[0] + " …"


def fitted(line: str, sep: str) -> str:
    """A line longer than the terminal broken after its separators (``"; "``
    between the parts of the next line, ``", "`` between players), each
    further line indented (a part still too long broken between its words);
    without a terminal, or where it fits, as it is."""
    from ..render import fit

    size = terminal_size()
    if size is None or len(line) <= size.columns:
        return line
    lines = [line.split(sep)[0]]
    for part in line.split(sep)[1:]:
        if len(lines[-1]) + len(sep) + len(part) <= size.columns:
            lines[-1] += sep + part
        else:
            lines[-1] += sep.rstrip()
            lines.append("  " + part)
    return fit("\n".join(lines), size.columns)


def too_wide(text: str) -> bool:
    """Whether the text is wider than the terminal it is shown on, or read
    from through a pipe (without a terminal: never)."""
    size = terminal_size()
    return size is not None and max(len(line) for line in text.splitlines()) > size.columns


def compact_text(rows: list[SheetRow], ev: Evening, legend: bool = True, width: int | None = None) -> str:
    """The compact sheet with its legend (``sheet --compact``; in tisch the
    new row) within ``width`` columns (None: the terminal's, if any): a row a
    line where that fits, else each row's game on a line above its cells,
    and where even that is too wide, only this hand's points in the cells."""
    from ..render import columns, compact_table, fit, stacked_table
    from ..reports.sheet_screen import compact_rows

    width = width or screen_width() or 80
    n = len(ev.seating)
    for full, lead in ((True, 0), (True, 3), (False, 3)):
        headers, body, words = compact_rows(rows, ev.seating, ev.rules, full)
        right = set(range(3, 3 + n))
        if lead:  # the marks (the last column) on the game's line, the cells alone under it
            headers, body = _marks_first(headers), [_marks_first(r) for r in body]
            text = stacked_table(headers, body, lead + 1, {i + 1 for i in right}, width)
        else:
            text = compact_table(headers, body, right)
        if max(map(columns, text.splitlines())) <= width:
            break
    return text + "\n" + fit(words, width) if legend else text


def _marks_first(cells: list[str]) -> list[str]:
    """A compact row with its marks (last) moved after the game (the third cell)."""
    return [*cells[:3], cells[-1], *cells[3:-1]]


def player_story_text(rows: list[SheetRow], player: str, fmt: str = "simple", json_out: bool = False) -> str:
    """``sheet --explain-player``: the entries that made the player's total."""
    from ..domain.points import as_number
    from ..render import cell, gain, json_text, table
    from ..reports import sheet as sh

    story, voided = sh.player_story(rows, player)
    if json_out:
        keys = ("ref", "contract", "declarer", "points", "total")
        entries = [dict(zip(keys, (*r[:3], as_number(r[3]), as_number(r[4])))) for r in story]
        return json_text({"player": player, "entries": entries, "voided": voided})
    body = [[ref, contract, declarer, gain(v), cell(total)] for ref, contract, declarer, v, total in story]
    text = table(["#", _("Contract"), _("Declarer"), player, _("Total")], body, fmt) + "\n" if body else ""
    left_out = _("; {n} voided, not counted").format(n=voided) if voided else ""
    total = cell(story[-1][4]) if story else "0"
    summary = _("{player}: {total} from {n} entries").format(player=player, total=total, n=len(story))
    return text + summary + left_out + "\n"


def end_line() -> str:
    """That the Sküsradl's last hand is played: the evening's end."""
    return _("End of the evening: the Sküsradl is played; settle it: schreiber settle --close")


def next_line(led: Ledger, ev: Evening) -> str:
    """Who deals next, who is Vorhand, how many doubled hands remain (of
    the Sküsradl: then the evening ends); after the Sküsradl, the end."""
    from ..domain.table import Table
    from ..render import cell

    rules = ev.rules
    state = led.last_state(ev)
    if led.at_end(ev, state):
        return end_line()
    t = Table(ev.seating, state.next_dealer)
    line = _("Next: {dealer} deals, {vorhand} is Vorhand").format(dealer=t.dealer, vorhand=t.vorhand)
    if state.final:
        n = state.final
        line += ngettext("; the Sküsradl: {n} hand to go", "; the Sküsradl: {n} hands to go", n).format(n=n)
    elif state.doubled_left:
        n = state.doubled_left
        line += ngettext("; {n} doubled hand to go", "; {n} doubled hands to go", n).format(n=n)
    if rules.holz and any(n for _x, n in state.holz):
        line += "; Holz: " + ", ".join(f"{p} {n}" for p, n in state.holz if n)
    if rules.pagatkassa:
        line += f"; Pagatkassa {cell(state.pot)}"
    return line
