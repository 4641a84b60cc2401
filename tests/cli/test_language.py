"""One language per screen: German where the locale says so, English
otherwise, --lang and SCHREIBER_LANG to choose; the key screens in both
languages; --json the same in both."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from schreiber import i18n
from schreiber.i18n import from_locale
from tests.german import english_words
from tests.helpers import ROOT, SCHREIBER, F, G, H, I, cli, console

SAYS = {
    "de": {
        "error": "schreiber: Fehler: unbekanntes Wort 'x' unter standard; erwartet: ein Ergebnis (+ - g v), Punkte,",
        "no evening": "schreiber: Fehler: kein Abend ist offen; einen beginnen mit: schreiber evening start",
        "sheet header": ["#", "Geber", "Spiel", "Spieler", "Partner", "Ergebnis", F, G, H, I, "Vermerk"],
        "legend": "Zelle: Stand (dieses Spiel)",
        "balance": "Abend 1 (",
        "settle": ["Abrechnung des Abends 1", "Tarif: 0,10 € je Punkt", "Zahlungen:", "Ilse zahlt Hans 0,10 €"],
        "stats": ["Rangliste", "Spieler", "Geld", "0,10 €"],
        "help": ["Aufruf: ", "schreiber sheet [OPTIONS]", "Die Schrift des offenen Abends", "Optionen:"],
        "won": "gewonnen",
    },
    "en": {
        "error": "schreiber: error: unknown word 'x' under standard; expected a result (+ - g v), points,",
        "no evening": "schreiber: error: no evening is open; start one with: schreiber evening start",
        "sheet header": ["#", "Dealer", "Contract", "Declarer", "Partner", "Result", F, G, H, I, "Note"],
        "legend": "Cell: total (this hand)",
        "balance": "Evening 1 (",
        "settle": ["Settlement of evening 1", "Rate: 0.10 € per point", "Transfers:", "Ilse pays Hans 0.10 €"],
        "stats": ["Leaderboard", "Player", "Money", "0.10 €"],
        "help": ["Usage: ", "schreiber sheet [OPTIONS]", "The score sheet (Schrift) of the open evening", "Options:"],
        "won": "won",
    },
}


def schreiber(*args, env=None, input=None):
    """The console script as a user runs it (the language chosen at start):
    the English screen in this process, the German one in the test worker's
    German process, as `tests.helpers.console` runs them."""
    return console(list(args), env=dict(os.environ, **(env or {})), input=input)


def process(*args, env=None):
    """The console script in a process of its own: a help page is as wide as
    the process's terminal (``COLUMNS``), and help and usage lines name the
    program as it was started."""
    env = dict(os.environ, **(env or {}))
    return subprocess.run([*SCHREIBER, *args], capture_output=True, text=True, timeout=60, env=env)


def evening():
    assert cli("evening", "start", F, G, H, I).exit_code == 0
    assert cli("hand", "add", "rufer", "gerti", "hans", "+").exit_code == 0


def test_an_error_line_in_both_languages(lang):
    r = schreiber("balance")
    assert r.returncode == 1 and r.stderr.startswith(SAYS[lang]["no evening"])
    evening()
    r = schreiber("hand", "add", "rufer", "gerti", "x", "+")
    assert r.returncode == 1 and r.stderr.startswith(SAYS[lang]["error"])


def test_the_sheet_in_both_languages(lang):
    evening()
    out = schreiber("sheet").stdout.splitlines()
    assert out[1].split() == SAYS[lang]["sheet header"]
    assert SAYS[lang]["won"] in out[3]
    compact = schreiber("sheet", "--compact").stdout
    assert SAYS[lang]["legend"] in compact


def test_balance_settle_and_stats_in_both_languages(lang):
    evening()
    assert schreiber("balance").stdout.startswith(SAYS[lang]["balance"])
    settle = schreiber("settle").stdout
    for said in SAYS[lang]["settle"]:
        assert said in settle, said
    stats = schreiber("stats", "--table", "leaderboard").stdout
    assert stats.splitlines()[0].split()[1:4:2] == SAYS[lang]["stats"][1:3]
    assert SAYS[lang]["stats"][3] in stats
    assert SAYS[lang]["stats"][0] in schreiber("stats").stdout


def test_a_commands_help_in_both_languages(lang):
    out = process("sheet", "--help", env={"COLUMNS": "100"}).stdout
    for said in SAYS[lang]["help"]:
        assert said in out, said


TYPERS_OWN = {  # typer's help of the options it adds, and its headings, as a German help page says them
    "Show this message and exit.": "Diese Hilfe zeigen und beenden.",
    "Install completion for the current shell.": "Die Tab-Vervollständigung für die aktuelle Kommandozeile einrichten.",
    "Commands:": "Befehle:",
    "[env var: SCHREIBER_DB]": "[Umgebungsvariable: SCHREIBER_DB]",
}


def test_typers_own_words_in_german_however_german_is_chosen():
    """--help's own help, the shell completion's and typer's headings in
    German, whether --lang, SCHREIBER_LANG or the locale chose it (issue 39
    point 8; on 200d809 "Show this message and exit." stood on every German
    page, and under SCHREIBER_LANG=de also "Commands:" and "env var")."""
    chosen = [
        (["--lang", "de"], {"SCHREIBER_LANG": "en"}),
        ([], {"SCHREIBER_LANG": "de"}),
        ([], {"SCHREIBER_LANG": "", "LC_ALL": "de_AT.UTF-8"}),
    ]
    for args, env in chosen:
        out = " ".join(process(*args, "--help", env=env).stdout.split())  # a help page is at most 80 wide
        for english, german in TYPERS_OWN.items():
            assert german in out and english not in out, (args, env, english)
        sub = " ".join(process(*args, "hand", "add", "--help", env=env).stdout.split())
        assert "Diese Hilfe zeigen und beenden." in sub and "Show this message" not in sub, (args, env)
    english = " ".join(process("--lang", "en", "--help").stdout.split())
    assert all(e in english for e in TYPERS_OWN), english


def test_json_is_the_same_in_both_languages():
    evening()
    for args in (["sheet", "--json"], ["balance", "--json"], ["settle", "--json"], ["stats", "--json"]):
        de = schreiber(*args, env={"SCHREIBER_LANG": "de"}).stdout
        en = schreiber(*args, env={"SCHREIBER_LANG": "en"}).stdout
        assert de == en and json.loads(de), args


def test_lang_option_before_the_environment_and_the_locale():
    evening()
    env = {"SCHREIBER_LANG": "", "LC_ALL": "de_AT.UTF-8"}
    assert schreiber("balance", env=env).stdout.startswith("Abend 1")
    assert schreiber("--lang", "en", "balance", env=env).stdout.startswith("Evening 1")
    assert schreiber("--lang=de", "balance").stdout.startswith("Abend 1")
    assert schreiber("balance", env={"SCHREIBER_LANG": "de"}).stdout.startswith("Abend 1")
    r = schreiber("--lang", "de", "hand", "add", "dreier", "hans", "+")
    assert r.returncode == 0 and r.stdout.startswith("Spiel 2: ")
    r = schreiber("--lang", "de", "hand", "add", "quatsch")
    assert r.stderr.startswith("schreiber: Fehler: unbekanntes Spiel 'quatsch'")


def test_an_unknown_language_is_one_line():
    for args, env in ((["--lang", "xx", "balance"], {}), (["balance"], {"SCHREIBER_LANG": "fr"})):
        r = schreiber(*args, env=env)
        assert r.returncode == 1 and "Traceback" not in r.stderr
        assert r.stderr.strip().splitlines() == [r.stderr.strip()]
        assert "unknown language" in r.stderr and "de, en" in r.stderr


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "de_AT.UTF-8"}, "de"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LC_ALL": "de_CH", "LANG": "en_US.UTF-8"}, "de"),
        ({"LC_ALL": "C", "LANG": "de_AT.UTF-8"}, "en"),
        ({"LC_MESSAGES": "en_GB.UTF-8", "LANG": "de_AT.UTF-8"}, "en"),
        ({"LANGUAGE": "de"}, "de"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_locale_decides_without_a_choice(environ, language):
    assert from_locale(environ) == language


HELP_PAGE = ROOT / "docs" / "help.md"
HELP_HEAD = """# `--help` in both languages

What `schreiber --help` and `schreiber tisch --help` print in German
(`--lang de`, or a German locale) and in English (`--lang en`), in 80
columns. `tests/cli/test_language.py` checks that this page is current;
after a change of a help text, write it anew with

    .venv/bin/python -m pytest tests/cli/test_language.py --snapshot-update

typer's own words are German too, the help of `--help` and of the
shell's completion among them.
"""


def help_page() -> str:
    parts = [HELP_HEAD]
    for lang, title in (("de", "Deutsch"), ("en", "English")):
        for args in ([], ["tisch"]):
            out = process("--lang", lang, *args, "--help", env={"COLUMNS": "80", "TERM": "dumb"}).stdout
            out = out.replace("python -m schreiber", "schreiber")
            parts.append(
                f"\n## {title}: `schreiber --lang {lang} {' '.join(args + ['--help'])}`\n\n```\n{out.rstrip()}\n```\n"
            )
    return "".join(parts)


def test_the_help_page_is_current(snapshot_update):
    text = help_page()
    if snapshot_update or not HELP_PAGE.exists():
        HELP_PAGE.write_text(text, encoding="utf-8")
    assert HELP_PAGE.read_text(encoding="utf-8") == text, "docs/help.md is not current (see its head)"


USAGE_ERRORS = {
    "de": [
        (["sheet", "--x"], "Fehler: Die Option --x gibt es nicht", "Hilfe mit 'schreiber sheet --help'."),
        (["evening", "start"], "Fehler: Das Argument 'SPIELER' fehlt.", "Aufruf: schreiber evening start"),
        (["sheet", "extra"], "Fehler: Zu viele Argumente (extra)", "Aufruf: schreiber sheet"),
        (["sheet", "--evening", "x"], "Fehler: Ungültiger Wert für '--evening': erwartet ist eine ganze Zahl", ""),
        (["sheet", "--evening"], "Fehler: Die Option '--evening' braucht einen Wert.", ""),
        (["shet"], "Fehler: Den Befehl 'shet' gibt es nicht. Gemeint: 'sheet'", "Hilfe mit 'schreiber --help'."),
    ],
    "en": [
        (["sheet", "--x"], "Error: No such option: --x", "Try 'schreiber sheet --help' for help."),
        (["evening", "start"], "Error: Missing argument 'PLAYERS'.", "Usage: schreiber evening start"),
        (["sheet", "extra"], "Error: Got unexpected extra argument(s) (extra)", "Usage: schreiber sheet"),
        (["sheet", "--evening", "x"], "Error: Invalid value for '--evening': Input should be a valid integer", ""),
        (["sheet", "--evening"], "Error: Option '--evening' requires an argument.", ""),
        (["shet"], "Error: No such command 'shet'. Did you mean 'sheet'", "Try 'schreiber --help' for help."),
    ],
}


def test_a_usage_error_in_both_languages(lang):
    """typer's bundled click says its usage errors in the screen's language; the exit status stays 2."""
    for args, error, also in USAGE_ERRORS[lang]:
        r = process(*args)
        assert r.returncode == 2, args
        lines = r.stderr.replace("python -m schreiber", "schreiber").splitlines()
        assert any(line.startswith(error) for line in lines), (args, r.stderr)
        assert also in r.stderr.replace("python -m schreiber", "schreiber"), (args, r.stderr)


WALK = """
import sys
from schreiber import i18n
i18n.choose(sys.argv[1])
from schreiber.cli.groups import main_app
from schreiber.cli.typer_words import console_words, speak
import typer, typer.main

console_words()  # typer's own words in the language, as the console script has them
speak(sys.argv[1])

def walk(cmd, ctx):
    print("=====", ctx.command_path)
    print(cmd.get_help(ctx))
    for name in (cmd.list_commands(ctx) if hasattr(cmd, "commands") else []):
        sub = cmd.get_command(ctx, name)
        walk(sub, typer.Context(sub, info_name=name, parent=ctx))

root = typer.main.get_command(main_app())
walk(root, typer.Context(root, info_name="schreiber"))
"""
ENGLISH_WORDS = re.compile(r"\b(the|and|with|of|is|for|to|from|each|every|or)\b")
OPTION = re.compile(r"-[-\w]+")  # an option's name (--from) is the same in every language


def every_help_page(lang: str) -> dict[str, str]:
    out = subprocess.run(
        [sys.executable, "-c", WALK, lang],
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, COLUMNS="100"),
        check=True,
    ).stdout
    pages = [p.partition("\n") for p in out.split("===== ")[1:]]
    return {path: text for path, _nl, text in pages}


def read_as_text(page: str) -> str:
    """A help page as one text: the commands of a group's list (their names
    are the same in every language) left out, a word the help's wrapping
    broke at a dash joined again (--explain-/player)."""
    rows = re.sub(r"(?m)^(Befehle|Commands):\n(?:  \S+ .*\n?)+", "", page)
    return " ".join(re.sub(r"-\n\s+", "-", rows).split())


def help_golden(lang: str, pages: dict[str, str], snapshot_update: bool) -> None:
    """Every help page and the table session's hilfe as ``tests/golden/help.LANG.txt`` has them."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("SCHREIBER_LANG", lang)
        i18n.reset()
        assert cli("evening", "start", F, G, H, I).exit_code == 0
        hilfe = cli("tisch", input="hilfe\n").stdout
    i18n.reset()
    text = "".join(f"===== {path}\n{page}\n" for path, page in pages.items()) + f"===== tisch: hilfe\n{hilfe}"
    golden = ROOT / "tests" / "golden" / f"help.{lang}.txt"
    if snapshot_update or not golden.exists():
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8"), f"{golden.name}: see CONTRIBUTING.md, Golden files"


def test_every_help_page_in_german_has_no_english_sentence_of_ours(snapshot_update):
    """Every command's --help under --lang de: none of our English texts
    (the catalog's msgids) and no English sentence; the English pages the
    same commands; every page in both languages, and the table session's
    hilfe, as the golden files have them."""
    from babel.messages.pofile import read_po

    de, en = every_help_page("de"), every_help_page("en")
    assert de.keys() == en.keys() and len(de) > 40
    for lang, pages in (("de", de), ("en", en)):
        help_golden(lang, pages, snapshot_update)
    with open(ROOT / "schreiber" / "locale" / "de" / "LC_MESSAGES" / "schreiber.po", "rb") as f:
        ours = [m.id.split("\n")[0] for m in read_po(f) if isinstance(m.id, str) and m.id != m.string]
    ours = [m for m in ours if len(m) >= 24 and " " in m]
    for path, page in de.items():
        flat = " ".join(page.split())
        said = [m for m in ours if " ".join(m.split()) in flat]
        assert not said, (path, said[:3])
        english = [line for line in page.splitlines() if ENGLISH_WORDS.search(OPTION.sub("", line))]
        assert not english, (path, english[:3])
        assert english_words(read_as_text(page)) == [], path
    assert sum(bool(english_words(read_as_text(page))) for page in en.values()) > 40  # and finds English there
    english_pages = " ".join(" ".join(en.values()).split())
    assert sum(" ".join(m.split()) in english_pages for m in ours) > 50  # the check finds them where they are


SCREENS = {
    "de": {
        "chart": ["Abend 1 (", "): laufender Stand in Punkten", " Einträge"],
        "explain": ["Spiel 1: Rufer Gerti mit Hans, gewonnen", "  Rufer gewonnen: 1 = 1"],
        "undo": "Zurückgenommen: das Zusammenwerfen (bleibt storniert im Tarockbuch).",
        "export": "1 Spiel und 1 anderer Eintrag nach ",
        "backup": ": 1 Abend, 1 Spiel.",
        "check": [
            "  Integrität (SQLite integrity_check, Fremdschlüssel): ok",
            "  das Schema (jede Tabelle, Sicht, jeder Index und Trigger dieser Version): ok",
            "  1 Spiel in 1 Abend, neu gewertet",
        ],
        "merge": "nichts Neues in ",
        "import": "1 Spiel (Spiele 1..1) und 1 anderer Eintrag in den Abend 2 eingelesen.",
        "rules": [
            ["id", "Spiel", "Art", "gewonnen", "verloren"],
            ["Regel", "Wert"],
            "Kartenpunkte im ganzen Blatt",
        ],
        "cup": ["Runde", "Tisch", "Abend", "Spieler", "Spiele", "Stand"],
        "cup open": "offen",
    },
    "en": {
        "chart": ["Evening 1 (", "): running balance in points", " entries"],
        "explain": ["Hand 1: Rufer Gerti with Hans, won", "  Rufer won: 1 = 1"],
        "undo": "Undone: a redeal (kept in the ledger as void).",
        "export": "Exported 1 hand and 1 other entry to ",
        "backup": ": 1 evening, 1 hand.",
        "check": [
            "  integrity (SQLite integrity_check, foreign keys): ok",
            "  the schema (every table, view, index and trigger of this version): ok",
            "  1 hand in 1 evening, re-scored",
        ],
        "merge": "nothing new in ",
        "import": "Imported 1 hand (hands 1..1) and 1 other entry into evening 2.",
        "rules": [
            ["id", "contract", "kind", "won", "lost"],
            ["rule", "value"],
            "card points in the whole deck",
        ],
        "cup": ["Round", "Tisch", "Evening", "Players", "Hands", "State"],
        "cup open": "open",
    },
}


def test_the_other_screens_in_both_languages(lang, tmp_path):
    """chart, --explain, undo, export, backup, check, merge, import, rules show and cup status."""
    says = SCREENS[lang]
    evening()
    chart = schreiber("chart").stdout
    assert chart.startswith(says["chart"][0]) and all(s in chart for s in says["chart"]), chart
    explained = schreiber("sheet", "--explain", "1").stdout.splitlines()
    assert explained[0] == says["explain"][0] and explained[1].startswith(says["explain"][1])
    assert schreiber("redeal").returncode == 0
    assert schreiber("undo", "--entry").stdout.strip() == says["undo"]
    out = tmp_path / "hands.jsonl"
    assert schreiber("export", "--format", "jsonl", "--out", str(out)).stderr.startswith(says["export"])
    assert schreiber("backup", str(tmp_path / "copy.db")).stdout.strip().endswith(says["backup"])
    check = schreiber("check").stdout.splitlines()
    assert check[1:3] == says["check"][:2] and check[3].startswith(says["check"][2])
    assert schreiber("merge", str(tmp_path / "copy.db")).stdout.startswith(says["merge"])
    assert schreiber("evening", "start", F, G, H, I).returncode == 0
    assert schreiber("hand", "import", str(out)).stdout.strip() == says["import"]
    rules = schreiber("rules", "show", "standard").stdout.splitlines()
    assert any(line.split()[:5] == says["rules"][0] for line in rules)
    assert any(line.split() == says["rules"][1] for line in rules)
    assert any(says["rules"][2] in line for line in rules)


def test_cup_status_in_both_languages(lang):
    players = ["A", "B", "C", "D", "E", "F", "G", "H"]
    assert schreiber("cup", "start", "Probe", *players, "--date", "2026-11-20").returncode == 0
    assert schreiber("cup", "draw").returncode == 0
    status = schreiber("cup", "status").stdout.splitlines()
    assert status[1].split() == SCREENS[lang]["cup"]
    assert status[3].split()[-1] == SCREENS[lang]["cup open"]


CTRL_C_AT_START = """
import os, signal, sys
from schreiber.cli import entry  # Ctrl-C is schreiber's from here on
os.kill(os.getpid(), signal.SIGINT)  # while the program starts
sys.argv = ["schreiber", *sys.argv[1:]]
entry.main()
"""
INTERRUPTED = {
    "de": "schreiber: abgebrochen; nichts wurde geschrieben\n",
    "en": "schreiber: interrupted; nothing was written\n",
}


@pytest.mark.parametrize(
    ("argv", "environ", "language"),
    [
        (["balance"], {"SCHREIBER_LANG": "de"}, "de"),
        (["--lang", "de", "balance"], {"SCHREIBER_LANG": "en"}, "de"),
        (["--lang=en", "balance"], {"SCHREIBER_LANG": "de"}, "en"),
        (["balance"], {"SCHREIBER_LANG": "", "LANG": "de_AT.UTF-8"}, "de"),
        (["balance"], {"SCHREIBER_LANG": "", "LC_ALL": "C", "LANG": "de_AT.UTF-8"}, "en"),
        (["hand", "add", "dreier", "anna", "+"], {"SCHREIBER_LANG": ""}, "en"),
    ],
)
def test_ctrl_c_at_start_up_in_the_chosen_language(argv, environ, language):
    """A Ctrl-C while the program starts ends it with the one line, in the
    language the command line or the environment chooses, and 130."""
    from schreiber import i18n

    env = {k: v for k, v in os.environ.items() if k not in i18n.LOCALE_VARIABLES}
    r = subprocess.run(
        [sys.executable, "-c", CTRL_C_AT_START, *argv],
        capture_output=True,
        text=True,
        env=dict(env, **environ),
        timeout=60,
    )
    assert (r.returncode, r.stderr) == (130, INTERRUPTED[language])


def test_a_bad_line_to_import_in_both_languages(lang, tmp_path):
    evening()
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"kind": "quatsch"}\n', encoding="utf-8")
    said = {
        "de": "1 falsche Zeile, nichts wurde eingelesen: Zeile 1: unbekannte Art 'quatsch'; gültig: hand, radl,",
        "en": "1 bad line, nothing was imported: line 1: unknown entry kind 'quatsch'; valid: hand, radl,",
    }
    r = schreiber("hand", "import", str(bad))
    assert r.returncode == 1 and said[lang] in r.stderr, r.stderr


MERGE_CONFLICT = {
    "de": ("schreiber: Fehler: Widerspruch in Abend 1: Spiel 2 ist hier 'dreier Gerti + 40",
           "; nichts wurde zusammengeführt: um die Fassung von ", "; dann noch einmal zusammenführen"),
    "en": ("schreiber: error: conflict in evening 1: hand 2 is 'dreier Gerti + 40",
           "; nothing was merged: to keep ", "; then merge again"),
}  # fmt: skip


def test_a_merge_conflict_in_both_languages(lang, tmp_path):
    """What merge says when both ledgers hold a hand differently (ledger/merge.py) is in the screen's language."""
    evening()
    copy = tmp_path / "copy.db"
    assert schreiber("backup", str(copy)).returncode == 0
    assert schreiber("hand", "add", "dreier", "gerti", "40").returncode == 0
    assert schreiber("--db", str(copy), "hand", "add", "dreier", "gerti", "50").returncode == 0
    r = schreiber("merge", str(copy))
    start, middle, end = MERGE_CONFLICT[lang]
    assert r.returncode == 1 and r.stderr.startswith(start) and middle in r.stderr, r.stderr
    assert r.stderr.endswith(end + "\n"), r.stderr
