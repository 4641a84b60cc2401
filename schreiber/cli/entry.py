"""The console entry point, and the hot path of the table.

Entering a hand should cost little more than starting Python. Building the
whole command tree (typer, every option's converter) costs more than the
hand itself, so ``schreiber [--db PATH] hand add ...`` in its plain forms is
dispatched here without it; everything else, and any form this does not
recognise (``--help`` among them), goes to the full command line in
``schreiber.cli``. Both paths share the helpers below, so they behave alike.
"""

from __future__ import annotations

import json
import os
import sys

from ..errors import SchreiberError


def one_line(text: str) -> str:
    """The error on one line: control characters quoted from the input (a
    newline in a name, a terminal escape) are shown escaped."""
    import unicodedata

    return "".join(ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) == "Cc"
                   or ch in "\u2028\u2029" else ch for ch in text)


def guarded(fn) -> None:
    """Run a command: one clear line for every error, never a traceback."""
    try:
        fn()
    except SchreiberError as exc:
        sys.stderr.write(f"schreiber: error: {one_line(str(exc))}\n")
        sys.exit(1)
    except KeyboardInterrupt:
        sys.stderr.write("schreiber: interrupted; nothing was written\n")
        sys.exit(1)
    except BrokenPipeError:
        os._exit(0)
    except UnicodeEncodeError as exc:  # e.g. a name typed in a terminal that does not send UTF-8
        bad = exc.object[exc.start:exc.end] if isinstance(exc.object, str) else ""
        sys.stderr.write(f"schreiber: error: {bad!r} is not valid text (UTF-8); check the terminal's encoding\n")
        sys.exit(1)
    except Exception as exc:  # a bug: still one line, and the ledger is untouched
        sys.stderr.write(f"schreiber: error: unexpected {type(exc).__name__}: {one_line(str(exc))} "
                         "(please report this)\n")
        sys.exit(1)


def read_record(text: str) -> dict:
    """A hand record from JSON text ('-' = standard input)."""
    if text == "-":
        text = sys.stdin.read()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SchreiberError(f"the hand is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno}); "
                             "see the hand record in the README") from None
    except (ValueError, RecursionError):  # json.loads: a number of thousands of digits, or nesting thousands deep
        raise SchreiberError("the hand is not a hand record (a number too long or lists nested too deep); "
                             "see the hand record in the README") from None
    if not isinstance(data, dict):
        raise SchreiberError("the hand must be a JSON object like {\"contract\": \"rufer\", ...}")
    return data


def fmt_points(v) -> str:
    """Points as the table says them: +3, -1, +1.50."""
    from fractions import Fraction

    v = Fraction(v)
    if v.denominator == 1:
        return f"{int(v):+d}"
    return f"{float(v):+.2f}"


def notation_record(led, words: list[str]) -> dict:
    """The hand record of a notation line, read for the open evening's next hand."""
    from ..domain.notation import parse_notation
    from ..domain.table import Table

    ev = led.open_evening()
    rules = led.rules(ev)
    state = led._last_state(ev, rules)
    return parse_notation(list(words), rules, led.seating(ev), Table(led.seating(ev), state.next_dealer).vorhand)


def add_hand(led, record: dict, quiet: bool = False) -> None:
    number, outcome = led.add_entry({"kind": "hand", "record": record})
    if not quiet:
        pays = ", ".join(f"{p} {fmt_points(v)}" for p, v in outcome.payments)
        sys.stdout.write(f"Hand {number}: {pays}\n")


def _fast_hand_add(argv: list[str]):
    """The plain forms of `hand add`, or None for the full command line."""
    db = os.environ.get("SCHREIBER_DB") or None
    args = list(argv)
    if args and args[0] == "--db" and len(args) > 1:
        db, args = args[1], args[2:]
    elif args and args[0].startswith("--db="):
        db, args = args[0][5:], args[1:]
    if args[:2] != ["hand", "add"]:
        return None
    json_text, quiet, words = None, False, []
    rest = args[2:]
    i = 0
    while i < len(rest):
        a = rest[i]
        if a == "--json" and i + 1 < len(rest) and json_text is None:
            json_text = rest[i + 1]
            i += 2
            continue
        if a.startswith("--json=") and json_text is None:
            json_text = a[7:]
        elif a in ("-q", "--quiet"):
            quiet = True
        elif a == "-" or not a.startswith("-"):
            words.append(a)
        else:
            return None  # --help, --json-out, anything unknown: the full command line
        i += 1
    if (json_text is None) == (not words):
        return None  # neither or both: guided entry or the full error message

    def run() -> None:
        from pathlib import Path

        from ..ledger.store import Ledger, default_path

        led = Ledger(Path(db).expanduser() if db else default_path())
        record = read_record(json_text) if json_text is not None else notation_record(led, words)
        add_hand(led, record, quiet)

    return run


def main() -> None:
    fast = _fast_hand_add(sys.argv[1:])
    if fast is not None:
        guarded(fast)
        return
    from . import app

    guarded(app)
