"""The table session and guided entry, end to end in a real terminal (pty),
in German and in English (the screen's language: SCHREIBER_LANG, which the
processes inherit from the test)."""

import json
import os
import re
import signal
import sys

import pexpect
import pytest

from tests.helpers import WAIT, F, G, H, I, cli, dump, terminal

SAYS = {  # what the session says, per language (the game's terms are German in both)
    "de": {
        "deals": "gibt",
        "next": "Als Nächstes: Gerti gibt, Hans ist Vorhand",
        "error": "Fehler: unbekanntes Spiel 'quatsch'",
        "undone": "Zurückgenommen: Spiel 2",
        "hand": "Spiel",
        "explained": "Rufer gewonnen: 1 = 1",
        "changed": "Der Abend wurde inzwischen anderswo geändert \\(1 Eintrag neu\\)",
        "not taken": "NICHT eingetragen",
        "now": "Jetzt: {} gibt, {} Vorhand",
        "corrected": "\\(1 Korrektur\\)",
    },
    "en": {
        "deals": "deals",
        "next": "Next: Gerti deals, Hans is Vorhand",
        "error": "Error: unknown contract 'quatsch'",
        "undone": "Taken back: Hand 2",
        "hand": "Hand",
        "explained": "Rufer won: 1 = 1",  # the items are stored in German; their words are said in English
        "changed": "The evening was changed elsewhere meanwhile \\(1 new entry\\)",
        "not taken": "NOT entered",
        "now": "Now: {} deals, {} Vorhand",
        "corrected": "\\(1 correction\\)",
    },
}


def prompt(lang, number, dealer, vorhand):
    return re.escape(f"[{number}: {dealer} {SAYS[lang]['deals']}, {vorhand} Vorhand] > ")


def spawn(db, *args):
    env = dict(os.environ, SCHREIBER_DB=str(db), TERM="dumb", COLUMNS="200")
    return terminal(
        sys.executable,
        ["-m", "schreiber", *args],
        env=env,
        encoding="utf-8",
        dimensions=(50, 200),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # even where the tests run with it ignored
    )


def balance():
    return json.loads(cli("balance", "--json").stdout)


def test_tisch_session(ledger_env, lang):
    says = SAYS[lang]
    p = spawn(ledger_env, "tisch", F, G, H, I, "--rules", "tirol")
    p.expect(prompt(lang, 1, F, G))
    p.sendline("rufer ge ha +")  # tir:6 Rufer 1
    p.expect(says["hand"] + " 1: Fritz -1, Gerti \\+1, Hans \\+1, Ilse -1")
    p.expect(says["next"])
    p.expect(prompt(lang, 2, G, H))
    p.sendline("dreier il 41 pagat!")  # tir:14 Dreier 5 + tir:29 Pagat announced 2
    p.expect(says["hand"] + " 2: Fritz -7, Gerti -7, Hans -7, Ilse \\+21")
    p.expect(r"\[3: ")
    p.sendline("quatsch")
    p.expect(says["error"])
    p.expect(r"\[3: ")
    p.sendline("undo")
    p.expect(says["undone"])
    p.expect(prompt(lang, 2, G, H))  # the hand taken back was not dealt: the next is hand 2 again
    p.sendline("erklär 1")
    p.expect(says["explained"])
    p.sendline("ende")
    p.expect(pexpect.EOF)
    assert balance() == {F: -1, G: 1, H: 1, I: -1}


def test_tisch_tab_completion(ledger_env):
    assert cli("evening", "start", F, G, H, I).exit_code == 0
    p = spawn(ledger_env, "tisch")
    p.expect(r"\] > ")
    p.send("sechserd\t")  # completes the contract
    p.send(" +\r")
    p.expect("Hand 1: Fritz -2, Gerti \\+6, Hans -2, Ilse -2")  # std:33,101 Sechserdreier +2 by the Vorhand
    p.expect(r"\] > ")
    p.send("piccolo ilse - k\t")  # after the result of a Piccolo only Kontra begins with k (no Kakadu, no König)
    p.send("\r")
    p.expect(r"Hand 2: ")
    p.expect(r"\] > ")
    p.sendline("ende")
    p.expect(pexpect.EOF)
    hand = json.loads(cli("sheet", "--json").stdout)["hands"][1]
    assert hand["record"]["kontra"] == {F: "kontra", G: "kontra", H: "kontra"}


@pytest.mark.lang("de")
def test_guided_entry(ledger_env):
    assert cli("evening", "start", F, G, H, I).exit_code == 0
    p = spawn(ledger_env, "hand", "add")
    p.expect("Spiel")
    p.sendline("solorufer")
    p.expect("Spieler")
    p.sendline("hans")
    p.expect("Partner")
    p.sendline("ilse")
    p.expect("Punkte oder Ergebnis")
    p.sendline("35/2")
    p.expect("Kontra aufs Spiel")
    p.sendline("")
    p.expect("Prämie")
    p.sendline("trull")
    p.expect("Partei")
    p.sendline("")
    p.expect(r"angesagt\? \[j/N\]")  # silent is the common case
    p.sendline("")
    p.expect("Ergebnis")
    p.sendline("")
    p.expect("Prämie")
    p.sendline("")
    p.expect(r"Eintragen: solorufer Hans Ilse 35/2 trull \[J/n\]")  # read back in short notation
    p.sendline("j")
    p.expect("Spiel 1: Fritz -4, Gerti -4, Hans \\+4, Ilse \\+4")  # std:37 Solo 2 + Trull silent 1 x2 (std:61)
    p.expect(pexpect.EOF)


@pytest.mark.lang("de")
def test_guided_entry_of_the_most_common_hand_is_mostly_enter(ledger_env):
    assert cli("evening", "start", F, G, H, I, "--rules", "tirol").exit_code == 0
    p = spawn_80(ledger_env, "hand", "add")
    p.expect("Spiel 1: Fritz gibt, Gerti Vorhand")
    p.expect(r" 1\. Rufer\r\n +2\. Trischaken")  # in bidding order, the Rufer first (not alphabetical)
    p.expect(r"Spiel \[Rufer\]: ")
    p.sendline("")
    p.expect("Spieler: Gerti \\(Vorhand\\)")
    p.expect("Partner")
    p.sendline("hans")
    p.expect(r"Punkte oder Ergebnis \(z.B. 41, 35/2, \+ oder -\) \[\+\]: ")
    p.sendline("")
    p.expect("Kontra aufs Spiel")
    p.sendline("")
    p.expect("Prämie")
    p.sendline("")
    p.expect(r"Eintragen: rufer Gerti Hans \+ \[J/n\]")
    p.sendline("")
    p.expect("Spiel 1: Fritz -1, Gerti \\+1, Hans \\+1, Ilse -1")  # tir:6 Rufer 1
    p.expect(pexpect.EOF)
    assert "{" not in p.before


@pytest.mark.lang("de")
def test_guided_entry_answered_no_writes_nothing(ledger_env):
    assert cli("evening", "start", F, G, H, I).exit_code == 0
    before = dump(ledger_env)
    p = spawn_80(ledger_env, "hand", "add")
    p.expect(r"Spiel \[Rufer\]: ")
    p.sendline("piccolo")
    p.expect("Spieler")
    p.sendline("ilse")
    p.expect(r"Ergebnis \[gewonnen\]: ")
    p.sendline("")
    p.expect(r"Kontra von \(z\.B\. gerti oder gerti re\) \[niemand\]: ")  # one question for the three
    p.sendline("")
    p.expect(r"Eintragen: piccolo Ilse \+ \[J/n\]")
    p.sendline("n")
    p.expect("nicht eingetragen; nichts wurde geschrieben")
    p.expect(pexpect.EOF)
    p.close()
    assert p.exitstatus == 1
    assert dump(ledger_env) == before


@pytest.mark.lang("de")
def test_guided_entry_ctrl_c_writes_nothing(ledger_env):
    assert cli("evening", "start", F, G, H, I).exit_code == 0
    before = dump(ledger_env)
    p = spawn(ledger_env, "hand", "add")
    p.expect("Spiel")
    p.sendline("rufer")
    p.expect("Partner")
    p.sendintr()
    p.expect(pexpect.EOF)
    p.close()
    assert p.exitstatus == 130  # the interrupt's exit status (docs/backup.md)
    assert "abgebrochen; nichts wurde geschrieben" in p.before
    assert "Traceback" not in p.before and "Aborted" not in p.before
    assert dump(ledger_env) == before


def spawn_80(db, *args):
    """A process in an 80-column terminal, as at most tables."""
    env = dict(os.environ, SCHREIBER_DB=str(db), TERM="dumb", COLUMNS="80", LINES="40")
    env.pop("COLUMNS")
    return terminal(sys.executable, ["-m", "schreiber", *args], env=env, encoding="utf-8", dimensions=(40, 80))


@pytest.mark.lang("de")
def test_a_whole_tirol_evening_in_80_columns_wraps_no_line(ledger_env):
    from tests.helpers import ROOT

    lines = (ROOT / "examples" / "evenings" / "tirol.txt").read_text(encoding="utf-8").splitlines()
    assert cli("evening", "start", "Anna", "Berti", "Carl", "Dora", "--rules", "tirol").exit_code == 0
    p = spawn_80(ledger_env, "tisch")
    p.expect(r"\] > ")
    seen = p.before + p.after
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        p.sendline(line)
        p.expect(r"\] > ")
        seen += p.before + p.after
    p.sendline("schrift")
    p.expect(r"\] > ")
    seen += p.before
    p.sendline("ende")
    p.expect(pexpect.EOF)
    assert "Fehler" not in seen
    assert "Zelle: Stand (dieses Spiel)" in seen  # the whole sheet on request, compact: it is wider than 80
    assert "Spiel 30:" in seen
    too_long = [line for line in seen.replace("\r", "").split("\n") if len(line) > 80]
    assert too_long == []


@pytest.mark.lang("de")
def test_sheet_fits_the_terminal(ledger_env):
    assert cli("evening", "start", F, G, H, I, "--rules", "tirol").exit_code == 0
    assert cli("tisch", input="rufer ge ha + pagat! geg:trull\ndreier il 41 kontra\nradl\n").exit_code == 0
    p = spawn_80(ledger_env, "sheet")
    p.expect(pexpect.EOF)
    lines = p.before.replace("\r", "").split("\n")
    assert lines[1].split() == ["#", "Geb", "Spiel", F, G, H, I]
    # tir:6 Rufer 1 + tir:29 Pagat announced 2 - the opponents' silent Trull 1 = 2
    assert lines[3].split() == [
        "1",
        "Fri",
        "Rufer",
        "Ger/Han",
        "+",
        "-2",
        "(-2)",
        "2",
        "(+2)",
        "2",
        "(+2)",
        "-2",
        "(-2)",
    ]
    assert "Zelle: Stand (dieses Spiel)" in p.before
    assert max(len(line) for line in lines) <= 80
    github = spawn_80(ledger_env, "sheet", "--fmt", "github")  # a format asked for is kept
    github.expect(pexpect.EOF)
    assert "| Ergebnis" in github.before and "Zelle:" not in github.before
    wide = spawn(ledger_env, "sheet")  # 200 columns: the wide form fits
    wide.expect(pexpect.EOF)
    assert "Ergebnis" in wide.before and "Zelle:" not in wide.before


def other_process(db, *args):
    """A second schreiber writing to the same ledger, as another table's session would."""
    import subprocess

    env = dict(os.environ, SCHREIBER_DB=str(db))
    r = subprocess.run(
        [sys.executable, "-m", "schreiber", *args], env=env, capture_output=True, text=True, timeout=WAIT
    )
    assert r.returncode == 0, r.stderr


def test_tisch_catches_a_stale_prompt(ledger_env, lang):
    says = SAYS[lang]
    assert cli("evening", "start", F, G, H, I).exit_code == 0
    p = spawn_80(ledger_env, "tisch")
    p.expect(prompt(lang, 1, F, G))
    p.sendline("rufer ge ha +")  # std:31 +-1
    p.expect(prompt(lang, 2, G, H))
    other_process(ledger_env, "hand", "add", "rufer", "hans", "ilse", "+")  # hand 2, elsewhere
    p.sendline("rufer ha fr +")  # meant for the prompt's hand 2: not taken
    p.expect(says["changed"])
    p.expect(says["not taken"])
    p.expect(re.escape(says["now"].format(H, I)))
    p.expect(prompt(lang, 3, H, I))
    assert balance() == {F: -2, G: 0, H: 2, I: 0}  # the two hands, nothing from the stale line
    other_process(ledger_env, "undo")
    p.sendline("stand")
    p.expect(says["corrected"])
    p.expect(re.escape(says["now"].format(G, H)))
    p.expect(prompt(lang, 2, G, H))  # hand 2 taken back: the hand dealt in its stead is hand 2
    p.sendline("rufer ha fr +")  # now Hans is Vorhand again, and the line is taken
    p.expect(says["hand"] + " 2: Fritz \\+1, Gerti -1, Hans \\+1, Ilse -1")
    p.expect(r"\[3: ")
    p.sendline("ende")
    p.expect(pexpect.EOF)
    assert balance() == {F: 0, G: 0, H: 2, I: -2}


def test_a_write_after_another_session_wrote_is_refused_inside_the_transaction(ledger_env, lang):
    from schreiber.cli.session import Session
    from schreiber.ledger.store import Ledger
    from schreiber.service import EveningChanged, Service

    assert cli("evening", "start", F, G, H, I).exit_code == 0
    out: list[str] = []
    session = Session(Service(Ledger(ledger_env)), 1, out=out.append)
    session.prompt()  # the prompt shows hand 1
    Service(Ledger(ledger_env)).add_hand({"contract": "rufer", "declarer": G, "partner": H, "result": "won"})
    before = dump(ledger_env)
    try:
        session.svc.add_hand({"contract": "rufer", "declarer": G, "partner": I, "result": "won"}, 1)
    except EveningChanged as exc:
        assert (exc.before, exc.now) == ((0, 0), (1, 0))
    else:
        raise AssertionError("a stale write was taken")
    assert dump(ledger_env) == before
    session.handle("rufer ge il +")
    assert out[-1] == SAYS[lang]["now"].format(G, H) + "."
    assert dump(ledger_env) == before


def test_guided_entry_in_english(ledger_env):
    assert cli("evening", "start", F, G, H, I, "--rules", "tirol").exit_code == 0
    p = spawn_80(ledger_env, "hand", "add")
    p.expect("Hand 1: Fritz deals, Gerti Vorhand")
    p.expect(r" 1\. Rufer\r\n +2\. Trischaken")  # the game's terms stay German
    p.expect(r"Contract \[Rufer\]: ")
    p.sendline("")
    p.expect("Declarer: Gerti \\(Vorhand\\)")
    p.expect(r"Partner \(who held the called king\?\)")
    p.sendline("hans")
    p.expect(r"Points or result \(e.g. 41, 35/2, \+ or -\) \[\+\]: ")
    p.sendline("")
    p.expect(r"Kontra on the game \[no Kontra\]: ")
    p.sendline("")
    p.expect(r"Premium \(Enter = no more\) \[done\]: ")
    p.sendline("pagat")
    p.expect(r"Party \[declarer's side\]: ")
    p.sendline("")
    p.expect(r"announced\? \[y/N\]")
    p.sendline("y")
    p.expect(r"Result \[won\]: ")
    p.sendline("")
    p.expect(r"Kontra \[no Kontra\]: ")
    p.sendline("")
    p.expect(r"Premium \(Enter = no more\) \[done\]: ")
    p.sendline("")
    p.expect(r"Enter: rufer Gerti Hans \+ pagat! \[Y/n\]")  # read back in short notation
    p.sendline("")
    p.expect("Hand 1: Fritz -3, Gerti \\+3, Hans \\+3, Ilse -3")  # tir:6 Rufer 1 + tir:29 Pagat announced 2
    p.expect(pexpect.EOF)


ENGLISH = re.compile(  # words of the English screens that the German ones never show
    r"\b(Next|deals|Standing|Error|error|Taken back|voided|corrected|Cell|counts nothing|to go|won|lost|"
    r"Dealer|Contract|Declarer|Result|Note|Until next time|[Ee]vening|this help|take the|leave|Redealt|"
    r"Strafpunkt for|hands count double|short notation|the running totals|Total|entries)\b"
)
EVENING = [  # twelve hands, a Radl, an undo, a redeal, a Strafpunkt and the commands of the table
    "hilfe",
    "rufer berti carl +",
    "dreier carl 41 pagat!",
    "radl",
    "piccolo anna -",
    "rufer anna dora + kontra",
    "solorufer berti carl 35/2",
    "undo",
    "solorufer berti carl 28",
    "trischaken 20 15 25 10",
    "zusammen",
    "bettel carl + kontra:dora",
    "stand",
    "besserrufer dora talon - uhu!",
    "straf Berti",
    "sechserdreier berti +",
    "storno 3",
    "erklär 2",
    "erklär Carl",
    "farbensolo berti +",
    "rufer carl anna 50 re",
    "dreier dora +",
    "schrift",
    "quatsch",
]


@pytest.mark.lang("de")
def test_a_whole_evening_in_german_in_80_columns(ledger_env):
    assert cli("evening", "start", "Anna", "Berti", "Carl", "Dora", "--rules", "standard").exit_code == 0
    p = spawn_80(ledger_env, "tisch")
    p.expect(r"\] > ")
    seen = p.before + p.after
    for line in EVENING:
        p.sendline(line)
        p.expect(r"\] > ")
        seen += p.before + p.after
    p.sendline("ende")
    p.expect(pexpect.EOF)
    seen += p.before
    lines = seen.replace("\r", "").split("\n")
    assert [line for line in lines if len(line) > 80] == []  # nothing wraps
    assert [line for line in lines if ENGLISH.search(line)] == []  # one language: German
    for said in ("Zurückgenommen: Spiel 5", "Radl: die nächsten 4 Spiele zählen doppelt", "Zusammengeworfen",
                 "Strafpunkt für Berti", "Spiel 3 storniert", "Zelle: Stand (dieses Spiel)", "Als Nächstes:",
                 "Fehler: unbekanntes Spiel 'quatsch'", "Bis zum nächsten Mal", "Spiel 11: "):  # fmt: skip
        assert said in seen, said


@pytest.mark.lang("de")  # the screen in German, as the table speaks
def test_at_a_table_of_five_the_prompt_says_who_sits_out(ledger_env):
    # tirol-koenigrufen-de-luxe.txt:46 "zu fünft setzt der Geber aus"; a table of four says nothing of it
    r = cli("tisch", "Anna", "Berti", "Carl", "Dora", "Emil", "--rules", "tirol", input="dreier berti +\n")
    assert r.exit_code == 0, r.output
    assert "[1: Anna gibt (setzt aus), Berti Vorhand] > " in r.stdout
    assert "[2: Berti gibt (setzt aus), Carl Vorhand] > " in r.stdout
    r = cli("tisch", "Fritz", "Gerti", "Hans", "Ilse", input="")
    assert "[1: Fritz gibt, Gerti Vorhand] > " in r.stdout and "setzt aus" not in r.stdout
