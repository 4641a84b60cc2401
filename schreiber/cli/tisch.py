"""`schreiber tisch`: one session for the whole evening at the table.

A prompt that takes the short notation line after line (docs/notation.md),
with history and tab completion of players, contracts, premiums and
commands; it shows who deals and who is Vorhand next, and prints the sheet
after every hand. The ledger stays open, so a hand costs no process start.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..errors import SchreiberError
from . import app, ledger

COMMANDS = {
    "hilfe": "this help (also ?)",
    "schrift": "the whole score sheet (also sheet)",
    "stand": "the running totals (also balance)",
    "erklär N": "itemize hand N (also explain N)",
    "undo": "take the last hand back (also zurück; 'undo eintrag': the last Radl, redeal, ...)",
    "storno N": "void hand N (also void N)",
    "ändern N HAND": "replace hand N by HAND in notation (also edit N ...)",
    "radl [NAME]": "a doubled round starts (at NAME's deal)",
    "zusammen": "redeal: the same dealer deals again (also redeal)",
    "straf NAME": "a penalty point for NAME (also strafpunkt)",
    "ende": "leave (also quit, exit, Ctrl-D); everything is saved already",
}
ALIASES = {
    "?": "hilfe", "help": "hilfe", "h": "hilfe", "sheet": "schrift", "balance": "stand", "explain": "erklär",
    "erklaer": "erklär", "zurück": "undo", "zurueck": "undo", "void": "storno", "edit": "ändern", "aendern": "ändern",
    "redeal": "zusammen", "zusammenschlagen": "zusammen", "strafpunkt": "straf", "quit": "ende", "exit": "ende",
    "q": "ende",
}


class Session:
    """The state of one table session; every line is one short transaction."""

    def __init__(self, led, out=typer.echo):
        self.led = led
        self.out = out

    @property
    def evening(self) -> dict:
        return self.led.open_evening()

    def prompt(self) -> str:
        from ..domain.table import Table

        ev = self.evening
        rules = self.led.rules(ev)
        state = self.led._last_state(ev, rules)
        t = Table(self.led.seating(ev), state.next_dealer)
        n = self.led.db.execute("select coalesce(max(number), 0) + 1 from entries where evening_id = ? and "
                                "kind = 'hand'", [ev["id"]]).fetchone()[0]
        extra = f" x2 ({state.radl_left})" if state.radl_left else ""
        return f"[{n}: {t.dealer} gibt, {t.vorhand} Vorhand{extra}] > "

    def words(self) -> list[str]:
        """Everything tab completion offers."""
        from ..domain.names import fold

        ev = self.evening
        rules = self.led.rules(ev)
        out = list(self.led.seating(ev)) + list(COMMANDS_WORDS)
        for c in rules.active_contracts.values():
            out += [c.id, fold(c.name)]
        for p in rules.active_premiums.values():
            out += [p.id, p.id + "!", "geg:" + p.id]
        out += ["gewonnen", "verloren", "kontra", "re", "sub", "talon", "selbst", "schleifen"]
        return sorted(set(out))

    def handle(self, line: str) -> bool:
        """Run one line; False to end the session."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        try:
            parts = shlex.split(line)
        except ValueError:
            parts = line.split()
        head = parts[0].lower()
        cmd = ALIASES.get(head, head)
        rest = parts[1:]
        try:
            if cmd == "ende":
                return False
            if cmd == "hilfe":
                self.help()
            elif cmd == "schrift":
                self.show_sheet(all_rows=True)
            elif cmd == "stand":
                self.show_totals()
            elif cmd == "erklär":
                self.explain(self._number(rest))
            elif cmd == "undo":
                row = self.led.undo(any_entry=bool(rest and rest[0].lower() in ("alles", "eintrag", "entry")))
                self.out(f"Zurückgenommen: {'Hand ' + str(row['number']) if row['kind'] == 'hand' else row['kind']}.")
                self.show_sheet()
            elif cmd == "storno":
                n = self._number(rest)
                self.led.void(n)
                self.out(f"Hand {n} storniert.")
                self.show_sheet()
            elif cmd == "ändern":
                n = self._number(rest[:1])
                record = self.parse(rest[1:])
                self.led.edit(n, record)
                self.out(f"Hand {n} ausgebessert.")
                self.show_sheet()
            elif cmd == "radl":
                entry = {"kind": "radl"}
                if rest:
                    from .hand import pick_player

                    entry["player"] = pick_player(self.led.seating(self.evening), rest[0])
                _, o = self.led.add_entry(entry)
                self.out(f"Radl: die nächsten {o.state.radl_left} Spiele zählen doppelt.")
            elif cmd == "zusammen":
                _, o = self.led.add_entry({"kind": "redeal"})
                self.out(f"Zusammengeschlagen: {o.dealer} gibt noch einmal.")
            elif cmd == "straf":
                from .hand import pick_player

                if not rest:
                    raise SchreiberError("whose Strafpunkt? e.g. straf Carl")
                who = pick_player(self.led.seating(self.evening), rest[0])
                self.led.add_entry({"kind": "strafpunkt", "player": who})
                self.out(f"Strafpunkt für {who}.")
                self.show_sheet()
            else:
                record = self.parse(parts)
                number, o = self.led.add_entry({"kind": "hand", "record": record})
                from .hand import fmt_points

                self.out(f"Hand {number}: " + ", ".join(f"{p} {fmt_points(v)}" for p, v in o.payments))
                self.show_sheet()
        except SchreiberError as exc:
            self.out(f"Fehler: {exc}")
        return True

    def parse(self, words: list[str]) -> dict:
        from ..domain.notation import parse_notation
        from ..domain.table import Table

        if not words:
            raise SchreiberError("which hand? e.g. rufer berti carl +  (hilfe for more)")
        ev = self.evening
        rules = self.led.rules(ev)
        state = self.led._last_state(ev, rules)
        vorhand = Table(self.led.seating(ev), state.next_dealer).vorhand
        return parse_notation(words, rules, self.led.seating(ev), vorhand)

    @staticmethod
    def _number(rest: list[str]) -> int:
        if not rest or not rest[0].isdigit():
            raise SchreiberError("give the hand's number, e.g. erklär 3")
        return int(rest[0])

    def help(self) -> None:
        self.out("Eine Hand in Kurzschrift, z.B.:  rufer berti carl +   dreier dora 41 pagat!   "
                 "piccolo anna -   (docs/notation.md)")
        for k, v in COMMANDS.items():
            self.out(f"  {k:<16} {v}")

    def show_sheet(self, all_rows: bool = False) -> None:
        from ..reports import sheet as sh
        from ..render import table
        from .report import _next_line

        ev = self.evening
        rows, totals, rules = sh.build(self.led, ev)
        headers, body = sh.table_rows(rows, self.led.seating(ev), rules)
        if not all_rows and len(body) > 8:
            body = body[-8:]
        if body:
            self.out(table(headers, body))
        self.show_totals()
        self.out(_next_line(self.led, ev, rules))

    def show_totals(self) -> None:
        from .hand import fmt_points

        ev = self.evening
        self.out("Stand: " + ", ".join(f"{p} {fmt_points(v)}" for p, v in self.led.balance(ev["id"]).items()))

    def explain(self, n: int) -> None:
        from ..reports import sheet as sh

        rows, _, _ = sh.build(self.led, self.evening)
        match = [r for r in rows if r.number == n and r.kind == "hand"]
        if not match:
            raise SchreiberError(f"there is no hand {n} on this sheet")
        self.out("\n\n".join(sh.explain(r) for r in match))


COMMANDS_WORDS = [c.split()[0] for c in COMMANDS] + list(ALIASES)


def _setup_readline(session: Session) -> None:
    try:
        import readline
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return
    hist = Path(typer.get_app_dir("schreiber")) / "tisch_history"
    try:
        hist.parent.mkdir(parents=True, exist_ok=True)
        if hist.exists():
            readline.read_history_file(str(hist))
    except OSError:
        pass
    import atexit

    def save() -> None:
        try:
            readline.write_history_file(str(hist))
        except OSError:
            pass

    atexit.register(save)
    cache: dict = {}

    def complete(text: str, state: int):
        if state == 0:
            words = session.words()
            low = text.lower()
            prefix = ""
            if ":" in text:  # geg:tr, kontra:ca
                prefix, _, low = text.rpartition(":")
                prefix += ":"
                low = low.lower()
            cache["m"] = [prefix + w for w in words if w.lower().startswith(low)]
        m = cache.get("m", [])
        return m[state] if state < len(m) else None

    readline.set_completer_delims(" \t")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


@app.command("tisch")
def tisch(
    players: Annotated[Optional[list[str]], typer.Argument(help="Start a new evening with these players (optional).")] = None,
    rules: Annotated[str, typer.Option("--rules", help="Preset or rules file, with PLAYERS.")] = "standard",
    rule: Annotated[Optional[list[str]], typer.Option("--rule", help="House rule KEY=VALUE, with PLAYERS.")] = None,
) -> None:
    """The table session: enter hands in short notation, see the sheet after each.

    Example: schreiber tisch      (then: rufer berti carl +)
    """
    if players:
        from .evening import start

        start(players, rules=rules, rule=rule, date=None, dealer=None, tarif=None)
    led = ledger()
    session = Session(led)
    ev = session.evening  # fails clearly when no evening is open
    typer.echo(f"Tisch: evening {ev['id']} ({ev['date']}, {ev['preset']}): {', '.join(led.seating(ev))}. "
               "Type a hand, or hilfe.")
    interactive = sys.stdin.isatty()
    if interactive:
        _setup_readline(session)
    while True:
        try:
            line = input(session.prompt()) if interactive else _read_line(session)
        except EOFError:
            typer.echo("")
            break
        except KeyboardInterrupt:
            typer.echo("\n(Ctrl-C: line dropped; ende to leave)")
            continue
        if line is None:
            break
        if not session.handle(line):
            break
    typer.echo("Bis zum nächsten Mal.")


def _read_line(session: Session):
    sys.stdout.write(session.prompt())
    sys.stdout.flush()
    line = sys.stdin.readline()
    return line if line else None
