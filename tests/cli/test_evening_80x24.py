"""A five-player tirol evening in an 80x24 terminal (pty), and again at
60x20, in German and in English, one shell session running the commands one after another as a
circle types them: the evening started, the table session (hilfe, a dozen
hands of several kinds, Tab completion, a correction with the declarer left
out, an undo, the sheet), guided entry, the settlement, the statistics, a
rules file made, changed and shown. No line is wider than 80 columns (60:
up to `rules show`, whose table of contracts is wider), and
the German screen holds no English word of ours up to `rules show` (whose
sources quote the presets' notes: test_rules_show_fits_80_columns)."""

import io
import json
import os
import re
import shlex
import sys

import pexpect

from tests.german import english_words
from tests.helpers import cli, terminal, without_echo

PLAYERS = ("Anna", "Berti", "Carl", "Dora", "Emil")  # Anna deals first and sits out; Berti is Vorhand
SCHREIBER = f"{shlex.quote(sys.executable)} -m schreiber"
PROMPT = r"\] > "

# The table session's hands, typed one a prompt. The hands go round five
# players: hand n is dealt by PLAYERS[(n - 1) % 5], who sits out; the next is the Vorhand.
HANDS = [
    "rufer carl + pagat! trull",  # 1 Anna deals: Berti (Vorhand, left out) calls Carl
    "dreier dora 41 pagat!",  # 2 Berti deals
    "bettel emil +",  # 3 Carl deals: a Bettel played by one
    "trischaken 20 15 25 10",  # 4 Dora deals: Emil, Anna, Berti, Carl
    "piccolo berti - kontra",  # 5 Emil deals: a Kontra
    "rufer dora -",  # 6 Anna deals: Berti calls Dora
    "solorufer dora emil + uhu",  # 7 Berti deals
    "sechserdreier 41",  # 8 Carl deals: Dora, the Vorhand
    "rufer anna + koenige",  # 9 Dora deals: Emil calls Anna
    "dreier carl - kontra",  # 10 Emil deals
    "farbendreier emil +",  # 11 Anna deals
]

# Guided entry, twice: (the end of its question, the answer). Hand 12: Berti deals, Carl is Vorhand.
GUIDED = [
    (r"\[Rufer\]: ", "trischaken"),
    (r" Carl: ", "20"),
    (r" Dora: ", "15"),
    (r" Emil: ", "25"),
    (r" Anna \[10\]: ", ""),  # the last score: what the others leave of 70, taken with Enter
    (r"\[[JY]/n\]: ", ""),
    (r"\[Rufer\]: ", "piccolo"),  # hand 13: Carl deals, Dora is Vorhand
    (r"\[Dora\]: ", "dora"),
    (r"\]: ", "LOST"),
    (r"\[(niemand|nobody)\]: ", "emil re, anna"),
    (r"\[[JY]/n\]: ", ""),
]


# The lines of the points, each as it stands on the screen (a whole line).
SAID = {
    "de": [
        "Abend 1 beginnt unter tirol: Anna, Berti, Carl, Dora, Emil.",  # point 11: evening start
        "  ändern N HAND    Spiel N durch HAND in Kurzschrift ersetzen (auch edit)",  # hilfe
        "Spiel 12: Anna -5, Berti 0, Carl +15, Dora -5, Emil -5",  # Farbendreier 5 by Carl, typed with Tab
        "Zurückgenommen: Spiel 12.",  # undo
        "Spiel 6 ausgebessert.",  # point 2: ändern 6 read as hand 6 was dealt
        "Stand: Anna -3, Berti -18, Carl -39, Dora +39, Emil +21",  # schrift: the standing in the window
        "Spiel 12: Anna +2, Berti 0, Carl +2, Dora +2, Emil -6",  # guided Trischaken (tirol.txt:69)
        "  Wer hat kontriert? Emil, Anna oder Berti (Enter = niemand)",  # point 8: one Kontra question
        "Spiel 13: Anna +4, Berti +2, Carl 0, Dora -14, Emil +8",  # Piccolo 2, Re x4 Emil, Kontra x2 Anna
        "Tarif: 0,10 € je Punkt",  # point 4: the decimal comma
        "  Carl zahlt Dora 2,70 €",
    ],
    "en": [
        "Evening 1 started under tirol: Anna, Berti, Carl, Dora, Emil.",
        "  edit N HAND      replace hand N by HAND in notation",
        "Hand 12: Anna -5, Berti 0, Carl +15, Dora -5, Emil -5",
        "Taken back: Hand 12.",
        "Hand 6 corrected.",
        "Standing: Anna -3, Berti -18, Carl -39, Dora +39, Emil +21",
        "Hand 12: Anna +2, Berti 0, Carl +2, Dora +2, Emil -6",
        "  who doubled? Emil, Anna or Berti (Enter: nobody)",
        "Hand 13: Anna +4, Berti +2, Carl 0, Dora -14, Emil +8",
        "Rate: 0.10 € per point",
        "  Carl pays Dora 2.70 €",
    ],
}
KONTRA_QUESTION = {lang: next(line for line in said if "?" in line) for lang, said in SAID.items()}
SAID_IN_A_LINE = {  # parts of lines: prompts, questions, table rows
    "de": [
        "[1: Anna gibt (setzt aus), Berti Vorhand] > ",  # point 7: who sits out
        "Zurückgenommen: Spiel 12.\nStand: ",
        "Als Nächstes: Berti gibt, Carl ist Vorhand\n[12: Berti gibt (setzt aus), Carl Vorhand] > ändern",  # point 5
        "6  Ann Rufer Ber/Car +",  # the corrected hand on the sheet
        "Punkte Anna [10]: \n",  # point 8: the last score offered, taken with Enter
    ],
    "en": [
        "[1: Anna deals (sits out), Berti Vorhand] > ",
        "Taken back: Hand 12.\nStanding: ",
        "Next: Berti deals, Carl is Vorhand\n[12: Berti deals (sits out), Carl Vorhand] > ändern",
        "6  Ann Rufer Ber/Car +",
        "Points Anna [10]: \n",
    ],
}


ROWS = [  # table rows, word by word, the same in both languages but for the kind of a contract
    ["Bettler", "1/1"],  # point 1: Emil's Bettel as declarer (stats, per contract) ...
    ["Bettler", "1", "8%", "1/1", "100%"],  # ... and in the contracts table, twice (stats; --table contracts)
    ["Könige", "1", "0", "0", "1", "0"],  # premiums by their names, twice (stats; --table premiums)
    ["dreier", "Dreier", "positive", "6", "6"],  # point 10: the lost value follows the value ...
    ["dreier", "kreis.toml", '("value",', '"lost_value")'],  # ... and the file is the source of both
]


def shell(commands: list[str], cwd, db, size: tuple[int, int] = (24, 80)) -> pexpect.spawn:
    """One terminal (80x24 unless ``size`` says lines and columns) running the commands one after another."""
    env = dict(os.environ, SCHREIBER_DB=str(db), TERM="dumb")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    return terminal(
        "sh", ["-c", "; ".join(commands)], env=env, cwd=str(cwd), encoding="utf-8",
        dimensions=size,
    )  # fmt: skip


def test_a_five_player_evening_at_80x24(ledger_env, tmp_path, lang):
    """Ten process starts in two terminal sessions: the rules file is changed between them."""
    evening(ledger_env, tmp_path, lang, (24, 80))


def test_the_evening_at_60x20(ledger_env, tmp_path, lang):
    """The same evening in a 60x20 terminal: no line wider than 60 columns,
    each line of the points as at 80 where it fits in 60, else its words in
    that order broken between words."""
    evening(ledger_env, tmp_path, lang, (20, 60))


def evening(ledger_env, tmp_path, lang: str, size: tuple[int, int]) -> None:
    """The evening typed in a terminal of ``size`` (lines, columns), and what its screens say."""
    width = size[1]
    p = shell(
        [
            f"{SCHREIBER} evening start {' '.join(PLAYERS)} --rules tirol",
            f"{SCHREIBER} tisch",
            f"{SCHREIBER} hand add",
            f"{SCHREIBER} hand add",
            f"{SCHREIBER} settle",
            f"{SCHREIBER} stats",
            f"{SCHREIBER} stats --table contracts",
            f"{SCHREIBER} stats --table premiums",
            f"{SCHREIBER} rules new kreis --from tirol --out kreis.toml",
        ],
        tmp_path,
        ledger_env,
        size,
    )
    seen = io.StringIO()
    p.logfile_read = seen
    typed: list[str] = []

    def say(line):
        typed.append(line)
        p.sendline(line)

    p.expect(PROMPT)
    say("hilfe")
    p.expect(PROMPT)
    for hand in HANDS:
        say(hand)
        p.expect(PROMPT)
    # Tab at the start: the commands and contracts
    p.send("farbend\t")
    p.expect("farbendreier")
    p.send(" c\t")  # after a contract: the players (Berti deals hand 12 and sits out)
    p.expect("Carl")
    p.send(" gew\t")  # after the players: the result and premiums
    p.expect("gewonnen")
    typed.append("farbendreier Carl gewonnen")
    p.send("\r")
    p.expect(PROMPT)
    say("undo")
    p.expect(PROMPT)
    say("ändern 6 rufer carl +")
    p.expect(PROMPT)
    say("schrift")
    p.expect(PROMPT)
    say("ende")
    lost = {"de": "verloren", "en": "lost"}[lang]
    for question, answer in GUIDED:
        p.expect(question)
        say(answer.replace("LOST", lost))
    p.expect(pexpect.EOF)
    rules_file = tmp_path / "kreis.toml"  # the circle changes the Dreier's value, as a circle edits it
    text = rules_file.read_text(encoding="utf-8")
    dreier = '[contracts.dreier]\nname = "Dreier"\nkind = "positive"\nvalue = 5\n'
    assert dreier in text  # tirol-koenigrufen-de-luxe.txt:14, its lost value left out: it follows
    rules_file.write_text(text.replace(dreier, dreier.replace("value = 5", "value = 6")), encoding="utf-8")
    p = shell([f"{SCHREIBER} rules show kreis.toml"], tmp_path, ledger_env, size)
    p.logfile_read = seen
    p.expect(pexpect.EOF)
    screen = seen.getvalue().replace("\r", "")
    lines = screen.split("\n")
    rules_show = screen.index("kreis: ")  # its sources name the file's changed fields as the file does
    # at 60 columns the lines the terminal's line editor echoed are left out (a typed line longer
    # than the window scrolls sideways; Tab); `rules show` fits like every other screen
    shown = lines if width == 80 else without_echo(screen, typed)
    assert [line for line in shown if len(line) > width] == []
    words = " ".join(screen.split())  # the screen's words, wherever its lines broke
    for said in SAID[lang]:
        assert said in lines if len(said) <= width else " ".join(said.split()) in words, said
    for said in SAID_IN_A_LINE[lang]:  # at 60 up to the prompt: the line editor redraws a long typed line
        assert said in screen if width == 80 else " ".join(said.split("] > ")[0].split()) in words, said
    assert screen.count(KONTRA_QUESTION[lang]) == 1
    rows = [line.split() for line in lines]
    kinds = {"positive": "positiv"} if lang == "de" else {}  # a contract's kind in the screen's words
    if width == 60:  # the contracts' table in parts, each beginning with the id: the dreier's cells read in order
        start = next(n for n, line in enumerate(lines) if line.startswith("kreis: "))
        parts = [row[1:] for row in rows[start:] if row[:1] == ["dreier"]]
        assert [w for part in parts[: parts.index(ROWS[4][1:])] for w in part] == [kinds.get(w, w) for w in ROWS[3][1:]]
    counts = [rows.count([kinds.get(w, w) for w in row]) for row in ROWS]
    assert counts == ([1, 2, 2, 1, 1] if width == 80 else [1, 2, 2, 0, 1])
    # the hand the Tab keys completed, and hand 6 corrected as it was dealt (Anna dealt, Berti Vorhand)
    assert re.search(r"farbendreier(.*)Carl(.*)gewonnen \n", screen)  # Tab adds the space after a word
    hands = json.loads(cli("sheet", "--json").stdout)["hands"]
    (six,) = [h for h in hands if h["number"] == 6 and not h["void"]]
    record = six["record"]
    assert (record["declarer"], record["partner"], record["result"]) == ("Berti", "Carl", "won")
    assert [h["number"] for h in hands if not h["void"]] == list(range(1, 14))
    if lang == "de":
        english = {}
        for line in screen[:rules_show].split("\n"):
            shown = line.split("] > ")[0]  # what was typed after the prompt left out
            for answer in typed:
                if answer and shown.endswith(": " + answer):  # an answer to guided entry
                    shown = shown[: -len(answer)]
            if english_words(shown):
                english[line] = english_words(shown)
        assert english == {}


def test_rules_show_fits_80_columns(lang):
    """rules show: every line within 80 columns, and on a German screen no English word of ours
    (the sources of tirol's house rules quote RULINGS.md in English: "as the scheme: ...")."""
    out = cli("rules", "show", "tirol").stdout
    assert [line for line in out.splitlines() if len(line) > 80] == []
    if lang == "de":
        assert [line for line in out.splitlines() if english_words(line)] == []
