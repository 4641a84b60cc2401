"""`schreiber cup ...`: a tournament at the desk: register, draw each round,
hand out the tables, follow their progress, rank by the Schrift, and the
season's cup points (docs/cup.md)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..i18n import N_, _, ngettext
from .errors import one_line
from .options import CsvOut, Fmt, JsonOut
from .root import echo, ledger, print_json, writable_target, writing, wrote

if TYPE_CHECKING:
    from ..ledger.cup_book import Cup
    from ..ledger.store import Ledger

CUP_STATUS = {"open": N_("open"), "closed": N_("finished")}  # a tournament's status as the screen says it

CupName = Annotated[
    str | None,
    typer.Option(
        "--cup",
        help=_("Which tournament: its name or a beginning no other name shares (default: the latest open one)."),
        show_default=False,
    ),
]
Force = Annotated[
    bool, typer.Option("--force", help=_("End the round as it stands even if tables have not played all their hands."))
]


def start(
    name: Annotated[
        str, typer.Argument(metavar=_("NAME"), help=_("The tournament's name, e.g. 'RTC Schlierbach 2026'."))
    ],
    players: Annotated[
        list[str],
        typer.Argument(
            metavar=_("PLAYERS"),
            help=_("Every player, once; NAME@ORT adds the place of residence for the result list."),
        ),
    ],
    rules: Annotated[str, typer.Option("--rules", help=_("Preset or rules .toml file (default: ooe)."))] = "ooe",
    rule: Annotated[
        list[str] | None, typer.Option("--rule", metavar=_("KEY=VALUE"), help=_("Override one rule: KEY=VALUE."))
    ] = None,
    rounds: Annotated[int | None, typer.Option("--rounds", help=_("Rounds (default: the rules', 3)."))] = None,
    hands: Annotated[
        int | None, typer.Option("--hands", help=_("Hands per round at a table of four (default 16; five: x5/4)."))
    ] = None,
    date: Annotated[str | None, typer.Option("--date", help=_("YYYY-MM-DD (default: today)."))] = None,
    seed: Annotated[int | None, typer.Option("--seed", help=_("Makes the draws repeatable."))] = None,
    season: Annotated[
        str | None, typer.Option("--season", help=_("The season it counts for (default: from the date, e.g. 2026/27)."))
    ] = None,
) -> None:
    """Register a tournament and its players.

    Example: schreiber cup start "Cup Schlierbach" Anna@Linz Berti@Wels Carl Dora ... --seed 7
    """
    from ..domain.rules import load_rules
    from ..service.tournament import Desk
    from .inputs import parse_date
    from .rules import resolve

    r = load_rules(resolve(rules), cup_overrides(list(rule or []), rounds, hands))
    kept = _season_name(season) if season is not None else None
    cup = Desk(ledger()).start(name, players, r, parse_date(date), kept, seed)
    count = len(players)
    echo(
        _(
            "Tournament '{name}' ({date}, season {season}) under {preset}: {count} players, {rounds} rounds of {hands} hands ({hands_five} at a table of five), seed {seed}."
        ).format(
            name=cup.name,
            date=cup.date,
            season=cup.season,
            preset=cup.preset,
            count=count,
            rounds=cup.rounds,
            hands=cup.hands,
            hands_five=cup.hands_five,
            seed=cup.seed,
        )
    )
    echo(_("Draw the first round with: schreiber cup draw"))


def cup_overrides(overrides: list[str], rounds: int | None, hands: int | None) -> list[str]:
    """The --rule overrides with --rounds and --hands as rule keys (a table of
    five plays --hands x 5/4, unless --rule cup_hands_five says otherwise)."""
    from ..domain.tournament import ROUNDS_MAX
    from ..errors import SchreiberError
    from ..service.tournament import HANDS_MAX

    if rounds is not None:
        if not 1 <= rounds <= ROUNDS_MAX:
            raise SchreiberError(
                _("--rounds {rounds} is out of range; give 1 to {most}"), rounds=rounds, most=ROUNDS_MAX
            )
        overrides.append(f"cup_rounds={rounds}")
    if hands is not None:
        five_given = any(o.replace(" ", "").startswith("cup_hands_five=") for o in overrides)
        most = HANDS_MAX if five_given else HANDS_MAX * 4 // 5
        if not 1 <= hands <= most:
            raise SchreiberError(
                (
                    _("--hands {hands} is out of range; give 1 to {most}")
                    if five_given
                    else _(
                        "--hands {hands} is out of range; give 1 to {most} (a table of five plays 5/4 as many, at most {five})"
                    )
                ).format(hands=hands, most=most, five=HANDS_MAX)
            )
        overrides.append(f"cup_hands={hands}")
        if not five_given:
            overrides.append(f"cup_hands_five={hands * 5 // 4}")
    return overrides


def draw(
    cup: CupName = None,
    json_out: JsonOut = False,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help=_("End the round as it stands even if tables have not played all their hands (asks first).")
        ),
    ] = False,
    yes: Annotated[
        bool, typer.Option("--yes", help=_("With --force: end a round begun but unfinished without asking."))
    ] = False,
    undo: Annotated[
        bool, typer.Option("--undo", help=_("Take back the last round drawn while no hand is played in it."))
    ] = False,
) -> None:
    """Draw the next round's tables at random; each table is an evening.

    The previous round's tables are closed. Enter each table's hands with
    --evening E (or on a copy: schreiber cup table T --out FILE). Run again
    before a hand is played, it shows the round as drawn.
    """
    from .cup_draw import run_draw

    run_draw(cup, json_out, force, yes, undo)


def status(cup: CupName = None, json_out: JsonOut = False, fmt: Fmt = "simple") -> None:
    """Which table has played how many hands of its round."""
    from ..reports.standings import status_json, status_rows
    from ..service.tournament import Desk
    from .report import screen_table

    led = ledger()
    c = led.cups.find(cup)
    tables = led.cups.tables(c.id)
    target = {t.evening_id: Desk.target(c, t) for t in tables}
    if json_out:
        print_json(status_json(c, tables, target))
        return
    if not tables:
        echo(_("{name}: no round drawn yet; draw one with: schreiber cup draw").format(name=c.name))
    else:
        echo(
            _("{name} ({date}), {max} of {rounds} rounds drawn").format(
                name=c.name, date=c.date, max=max(t.round for t in tables), rounds=c.rounds
            )
        )
        echo(screen_table(*status_rows(tables, target), fmt, frozenset({0, 1, 2}), keep=2), whole=True)
    from .cup_draw import say_withdrawn

    say_withdrawn(led.cups.withdrawn(c.id))


def standings(cup: CupName = None, json_out: JsonOut = False, csv_out: CsvOut = False, fmt: Fmt = "simple") -> None:
    """The ranking by the Schrift (total of the rounds; ties: the better best
    round, then the second best, then the lot), each round's Schrift, the
    cup points of the tournament, and the money beside it."""
    from ..render import as_data, csv_text
    from ..reports.standings import result_csv, result_list, standings_json
    from .report import screen_table

    led = ledger()
    c = led.cups.find(cup)
    played = max((t.round for t in led.cups.tables(c.id) if t.hands or t.paper), default=0)  # drawn, no hand: not yet
    rows = led.cups.standings(c.id, c.rounds)
    if json_out:
        print_json(standings_json(c, rows, played))
        return
    if csv_out:
        with as_data():
            sys.stdout.write(csv_text(*result_csv(rows, c.rounds, played)))
        return
    echo(
        _("Ergebnisliste {name}, {date} ({played} of {rounds} rounds played)").format(
            name=c.name, date=c.date, played=played, rounds=c.rounds
        )
    )
    figures = frozenset(range(3, 6 + c.rounds))  # Cuppunkte, Gesamt, each round, Geld
    echo(screen_table(*result_list(rows, c.rounds, played), fmt, figures), whole=True)


def score(
    round_no: Annotated[int, typer.Argument(metavar=_("ROUND"), help=_("The round."))],
    number: Annotated[int, typer.Argument(metavar=_("TABLE"), help=_("The table's number in the round."))],
    totals: Annotated[
        list[str],
        typer.Argument(
            metavar="NAME=+N", help=_("NAME=+N for every player of the table: the round's Schrift from the paper.")
        ),
    ],
    cup: CupName = None,
) -> None:
    """Enter a table's round from paper: each player's Schrift of the round
    (whole points adding up to zero; Kontra as the paper has it, so the money
    is the same). The table is done and ranked like any other; given again,
    the new totals replace the old (a correction, shown on its sheet).

    Example: schreiber cup score 1 3 Anna=+24 Berti=-7 Carl=-12 Dora=-5
    """
    from ..domain.tournament import paper_totals
    from ..render import gain
    from ..service import Service
    from ..service.tournament import Desk

    led = ledger()
    _c, table = Desk(led).table(cup, round_no, number)
    given = paper_totals(totals, table.players)
    outcome, replaced = Service(led).totals(given, table.evening_id)
    said = (
        _("Tisch {table} of round {round} corrected from paper (evening {n}): {totals}")
        if replaced
        else _("Tisch {table} of round {round} entered from paper (evening {n}): {totals}")
    )
    shown = ", ".join(f"{p} {gain(v)}" for p, v in outcome.payments)
    echo(one_line(said.format(table=table.table_no, round=table.round, n=table.evening_id, totals=shown)))


def finish(cup: CupName = None, force: Force = False) -> None:
    """Close the last round's tables (the tournament ends after its last round)."""
    from ..service.tournament import Desk

    c, closed = Desk(ledger()).finish(cup, force)
    rounds = max((t.round for t in closed), default=0)
    ended = _(" The tournament is finished.") if c.status == "closed" else ""
    echo(
        _("{name}: round {rounds} closed ({n_closed} tables).{ended}").format(
            name=c.name, rounds=rounds, n_closed=len(closed), ended=ended
        )
    )


def table_copy(
    number: Annotated[int, typer.Argument(metavar=_("TABLE"), help=_("The table's number in the round."))],
    out: Annotated[str, typer.Option("--out", help=_("Where to write the table's copy of the ledger."))],
    round_no: Annotated[int | None, typer.Option("--round", help=_("Which round (default: the latest)."))] = None,
    cup: CupName = None,
    force: Annotated[bool, typer.Option("--force", help=_("Replace the file if it exists."))] = False,
) -> None:
    """Write a copy of the ledger for one table: its evening is the copy's one
    open evening, so it enters its hands there without --evening; the desk
    merges the copy back (schreiber merge FILE)."""
    from ..service.tournament import Desk

    desk = Desk(ledger())
    _c, found = desk.table(cup, round_no, number)
    target = wrote(desk.table_copy(found, writable_target(out, f"runde{found.round}", ".db"), overwrite=force))
    echo(
        one_line(
            _("Table {table} of round {round}: {players} (evening {n})").format(
                table=found.table_no, round=found.round, players=", ".join(found.players), n=found.evening_id
            )
        )
    )
    echo(one_line(_("Copy written to {target}.").format(target=target)))
    echo(one_line(_("At the table: schreiber --db {target} tisch").format(target=target)))


def season(
    name: Annotated[
        str | None, typer.Option("--season", help=_("Which season (default: the latest), e.g. 2026/27."))
    ] = None,
    json_out: JsonOut = False,
    csv_out: CsvOut = False,
    fmt: Fmt = "simple",
) -> None:
    """The season's cup ranking: cup points per placement in each tournament
    (fixed points or Heinepunkte), summed over each player's best results;
    ties: the better result in the season's last tournament."""
    from ..errors import SchreiberError
    from ..render import as_data, csv_text
    from ..reports.standings import season_json, season_rows
    from .report import screen_table

    led = ledger()
    known = led.cups.seasons()
    if not known:
        raise SchreiberError(
            _("there is no tournament in this ledger; start one with: schreiber cup start NAME PLAYER...")
        )
    chosen = known[-1] if name is None else _known_season(led, name)
    cups, rows = led.cups.season_cups(chosen), led.cups.season(chosen)
    if json_out:
        print_json(season_json(chosen, cups, rows))
        return
    if csv_out:
        with as_data():
            sys.stdout.write(csv_text(*season_rows(rows)))
        return
    scheme = "Fixpunkte" if cups[-1].points_scheme == "fixed" else "Heinepunkte"
    echo(
        _("Cupwertung {chosen}: {tournaments}, the best {best} count ({scheme})").format(
            chosen=chosen,
            tournaments=ngettext("{n} tournament", "{n} tournaments", len(cups)).format(n=len(cups)),
            best=cups[-1].best,
            scheme=scheme,
        )
    )
    echo(screen_table(*season_rows(rows), fmt), whole=True)


def publish(
    folder: Annotated[
        str,
        typer.Argument(metavar=_("FOLDER"), help=_("The folder to write the pages into (made if it does not exist).")),
    ],
    cup: CupName = None,
    season_name: Annotated[
        str | None,
        typer.Option(
            "--season", help=_("The season of the Cupwertung (default: the tournament's)."), show_default=False
        ),
    ] = None,
) -> None:
    """Write the tournament's results as web pages that need no server: an
    index, the Ergebnisliste, each round's tables, each Tischblatt and the
    season's Cupwertung, in German, for any web folder or to print on A4.

    Pages written before by cup publish are replaced; any other file is left
    alone (a page's name taken by another file is refused).

    Example: schreiber cup publish ~/turnier-web --cup "RTC Schlierbach"
    """
    from ..ledger import pages as queries
    from ..publish import Heading, cup_parts, template_dir
    from ..reports.site import Site, site

    led = ledger()
    c, chosen = _cup_of_season(led, cup, season_name)
    parts = cup_parts(Heading(c.name, c.date, chosen), [t.evening_id for t in led.cups.tables(c.id)], str)
    read = queries.read(led, parts)  # the rows Datasette's pages show, read at one moment
    pages = site(Site(c.name, chosen, {name: rows.dicts() for name, rows in read.items()}), template_dir())
    root = write_site(folder, [(p.name, p.html) for p in pages])
    echo(
        _("{name}: {n} pages written to {folder}; open {index} in a browser or upload the folder.").format(
            name=c.name, n=len(pages), folder=root, index=root / pages[0].name
        )
    )


def _cup_of_season(led: Ledger, cup: str | None, season: str | None) -> tuple[Cup, str]:
    """The tournament (--cup, else the latest of --season, else the latest
    open one) and the season of its Cupwertung."""
    from ..errors import SchreiberError

    if season is None:
        c = led.cups.find(cup)
        return c, c.season
    chosen = _known_season(led, season)
    c = led.cups.find(cup) if cup is not None else led.cups.season_cups(chosen)[-1]
    if c.season != chosen:
        raise SchreiberError(
            _(
                "tournament '{name}' counts for season {season}, not {chosen}; leave out --season or give --season {season}"
            ),
            name=c.name,
            season=c.season,
            chosen=chosen,
        )
    return c, chosen


def write_site(folder: str, pages: list[tuple[str, str]]) -> Path:
    """The pages written into ``folder`` (made if missing). Every page is
    checked first, so nothing is written unless all can be: none over a
    ledger, none over a file that cup publish did not write. A page an
    earlier cup publish wrote that this one does not (runde-1.html of an
    older schreiber) is removed; every other file is left as it is."""
    from ..errors import SchreiberError
    from ..ledger.targets import write_text
    from ..reports.site import MARK

    if not folder.strip():  # an unset variable in a script: never the folder one happens to be in, nor one named " "
        raise SchreiberError(_("the folder for the pages is empty; nothing was written; give one, e.g. web/"))
    root = writable_target(folder, "web", "", "schreiber cup publish")  # no ledger, nor a name SQLite keeps beside one
    if root.exists() and not root.is_dir():
        raise SchreiberError(
            _("{folder} is not a folder; nothing was written; give a folder for the pages"), folder=root
        )
    targets = [writable_target(root / name, "", "", None) for name, _html in pages]
    for t in targets:
        if t.exists() and not _ours(t, MARK):
            raise SchreiberError(
                _("{target} exists and was not written by cup publish; nothing was written; give another folder"),
                target=t,
            )
    with writing(_("cannot write the pages to {folder}: {strerror}; give another folder"), folder=root):
        root.mkdir(parents=True, exist_ok=True)
        for t, (_name, text) in zip(targets, pages):
            write_text(t, text)
        for old in set(root.glob("*.html")) - set(targets):  # a page of an earlier publish no longer written
            if _ours(old, MARK):
                old.unlink()
    return wrote(root)


def _ours(path: Path, mark: str) -> bool:
    """A page written by cup publish (its head carries the generator mark)."""
    if path.is_symlink() or not path.is_file():
        return False
    try:
        with path.open("rb") as f:
            return mark.encode() in f.read(4096)
    except OSError:
        return False


def _known_season(led: Ledger, text: str) -> str:
    """A season some tournament of the ledger counts for, as the cups keep it (2026-27 is 2026/27)."""
    from ..errors import SchreiberError

    known = led.cups.seasons()
    chosen = text if text in known else _season_name(text)
    if chosen not in known:
        raise SchreiberError(
            _("no tournament counts for season {chosen}; seasons: {known}"),
            chosen=chosen,
            known=", ".join(known) or _("none"),
        )
    return chosen


def _season_name(text: str) -> str:
    """A season as the cups keep it: 2026-27 and 2026/2027 are 2026/27."""
    from .dates import read_season

    return read_season(text).name


def list_cups(json_out: JsonOut = False) -> None:
    """The tournaments in the ledger."""
    led = ledger()
    cups = [led.cups.find(n) for n in led.cups.names()]
    data = [{"name": c.name, "date": c.date, "season": c.season, "status": c.status} for c in cups]
    if json_out:
        print_json(data)
        return
    if not data:
        echo(_("No tournaments yet. Start one with: schreiber cup start NAME PLAYER PLAYER ..."))
    season = max(len(d["season"]) for d in data) if data else 0
    state = max(len(_(s)) for s in CUP_STATUS.values())  # as wide as its longest word in the screen's language
    for d in data:
        said = _(CUP_STATUS.get(d["status"], d["status"]))
        echo(f"{d['date']}  {d['season']:<{season}}  {said:<{state}}  {d['name']}")
