"""A German screen says its lines in German: the pieces a message is built
from (who a player is named as, what a Kontra is on, where a rule comes
from, why a file is no ledger) are German too, and no English word of ours
stands in a German line (tests/german.py). Each case is the line a table
sees, and the words it must say."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys

import pytest

from schreiber.errors import SchreiberError
from tests.german import english_words
from tests.helpers import ROOT, F, G, H, I, cli

pytestmark = pytest.mark.lang("de")


def said(*args: str) -> str:
    """The one line a refused command says."""
    r = cli(*args)
    assert r.exit_code == 1 and isinstance(r.exception, SchreiberError), (args, r.output)
    return str(r.exception)


def german(line: str, *words: str) -> None:
    assert english_words(line) == [], line
    for w in words:
        assert w in line, (w, line)


@pytest.fixture
def evening():
    assert cli("evening", "start", F, G, H, I).exit_code == 0  # Gerti is Vorhand


NOTATION = [
    (
        ["rufer"],
        ["Rufer ruft einen König: den Partner angeben (einen Spieler, talon oder selbst), z.B. 'rufer Hans +'"],
    ),
    (["dreier"], ["Dreier: den Spieler gleich nach dem Spiel nennen, z.B. 'dreier Gerti +'"]),
    (["dreier", "xaver", "+"], ["unbekannter Spieler 'xaver' als Spieler"]),
    (["ruf", "gerti", "xaver", "+"], ["unbekannter Spieler 'xaver' als Partner"]),
    (["rufer", "gerti", "hans"], ["das Ergebnis von Gertis Rufer fehlt: + oder -", "die Kartenpunkte des Spielers"]),
    (["piccolo", "gerti"], ["das Ergebnis von Gertis Piccolo fehlt: + oder -", "die Stiche des Spielers angeben"]),
    (["rufer", "hans", "+", "geber:xaver"], ["unbekannter Spieler 'xaver' als Geber"]),
    (["bettel", "hans", "+", "kontra:xaver"], ["unbekannter Spieler 'xaver' als Kontra-Geber"]),
    (["rufer", "hans", "+", "mondfang:zorro>hans"], ["unbekannter Spieler 'zorro' als Fänger"]),
    (["rufer", "hans", "+", "mondfang:gerti>zorro"], ["unbekannter Spieler 'zorro' als Verlierer der Karte"]),
    (["rufer", "hans", "+", "foo:bar"], ["unbekanntes Wort 'foo:' in 'foo:bar'; gültig: geg:PREMIUM"]),
    (["trischaken", "zorro:20", "gerti:20", "hans:20", "ilse:10"], ["als Spieler mit Punkten"]),
]


@pytest.mark.parametrize(("words", "says"), NOTATION)
def test_a_hand_in_short_notation(words, says, evening):
    german(said("hand", "add", *words), *says)


RECORDS = [
    ({"contract": "dreier", "declarer": "Zorro", "result": "won"}, ["unbekannter Spieler 'Zorro' als Spieler;"]),
    ({"contract": "rufer", "declarer": G, "partner": "Zorro", "result": "won"}, ["'Zorro' als Partner;"]),
    ({"contract": "dreier", "declarer": G, "points": 41, "result": "lost"},
     ['41 Punkte heißt, der Dreier ist gewonnen, aber "result" sagt verloren']),
    ({"contract": "dreier", "declarer": G, "result": "maybe"}, ['"result" muss "won" oder "lost" sein']),
    ({"contract": "rufer", "declarer": G, "partner": H, "result": "won", "kontra": "kontra", "kontra_from": G},
     ["Spiel: Gerti spielt auf dieser Seite und kann nicht kontrieren"]),
    ({"contract": "rufer", "declarer": G, "partner": H, "result": "won", "kontra_from": "Zorro", "kontra": "kontra"},
     ["als Kontra-Geber (Spiel)"]),
    ({"contract": "dreier", "declarer": G, "result": "won", "kontra": "hirsch"},
     ["Kontra aufs Spiel: die Kontra-Stufe 'hirsch'"]),
    ({"contract": "bettel", "declarer": G, "result": "won", "kontra": {H: "mord"}}, ["Kontra von Hans:"]),
    ({"contract": "rufer", "declarer": G, "partner": H, "result": "won",
      "premiums": [{"name": "koenigfang", "party": "declarer", "announced": False, "result": "won"}]},
     ["Königfang kann nur von den Gegnern gemacht werden"]),
    ({"contract": "rufer", "declarer": G, "partner": H, "result": "won",
      "premiums": [{"name": "pagat", "party": "declarer", "announced": True}]},
     ['Pagat ultimo: das Ergebnis fehlt (in JSON "result": "won" oder "lost")']),
    ({"contract": "rufer", "declarer": G, "partner": H, "result": "won",
      "premiums": [{"name": "pagat", "party": "declarer", "announced": True, "result": "maybe"}]},
     ['"result" von Pagat ultimo muss']),
    ({"contract": "dreier", "declarer": G, "result": {"Zorro": "won"}}, ["'Zorro' als Spieler mit Ergebnis"]),
    ({"contract": "trischaken", "scores": {"Zorro": 20}}, ["'Zorro' als Spieler mit Punkten"]),
    ({"contract": "trischaken", "scores": {G: 20, H: 20, I: 20, F: 10}, "tricks_by": {"Zorro": 3}},
     ["'Zorro' als Spieler mit Stichen"]),
    ({"contract": "rufer", "declarer": G, "partner": H, "result": "won", "renonce": "Zorro"},
     ["'Zorro' als Spieler der Renonce"]),
    ({"contract": "rufer", "declarer": G, "partner": H, "result": "won", "dealer": "Zorro"}, ["'Zorro' als Geber"]),
]  # fmt: skip


@pytest.mark.parametrize(("record", "says"), RECORDS)
def test_a_hand_record(record, says, evening):
    german(said("hand", "add", "--json", json.dumps(record)), *says)


def test_a_record_that_is_no_object():
    from schreiber.domain.notation import format_notation
    from schreiber.domain.record import check_hand
    from schreiber.domain.rules import load_preset
    from schreiber.errors import HandError

    rules = load_preset("standard")
    with pytest.raises(HandError) as refused:
        check_hand([1], rules, (F, G, H, I), F)
    german(str(refused.value), "ein Spiel-Datensatz muss ein JSON-Objekt sein, nicht [1]")
    with pytest.raises(SchreiberError) as refused_text:
        format_notation([1], rules)  # type: ignore[arg-type]
    german(str(refused_text.value), "ein Spiel-Datensatz muss ein Objekt sein, nicht [1]")


def test_a_rule_and_a_rules_file(tmp_path):
    f = tmp_path / "club.toml"
    f.write_text('base = "standard"\n[rules]\nfoo = 1\n', encoding="utf-8")
    german(
        said("evening", "start", F, G, H, I, "--rules", str(f)), "Regeldatei ", "[rules]: unbekannter Schlüssel 'foo'"
    )
    german(
        said("evening", "start", F, G, H, I, "--rule", "pagatkassa=x"), "Regel 'pagatkassa': 'x' ist keine ganze Zahl"
    )
    german(
        said("evening", "start", F, G, H, I, "--rule", "contract.schnapsen.value=3"), "unbekanntes Spiel 'schnapsen'"
    )
    german(said("evening", "start", F, G, H, I, "--rule", "premium.schnaps.silent=3"), "unbekannte Prämie 'schnaps'")
    german(
        said(
            "evening", "start", F, G, H, I, "--rule", "trischaken_jungfrau=all", "--rule", "trischaken_jungfrau_pays=3"
        ),
        'zählt nur bei trischaken_jungfrau = "each", "loser" oder "instead" (hier: "all")',
    )


def test_a_file_that_is_no_ledger(tmp_path, monkeypatch):
    other = tmp_path / "other.db"
    other.write_bytes(b"hello, not a database")
    monkeypatch.setenv("SCHREIBER_DB", str(other))
    german(said("balance"), "ist kein Tarockbuch von schreiber (keine SQLite-Datenbank); die Datei blieb unberührt")


def test_a_name_a_tournament_and_an_import(tmp_path):
    german(said("evening", "start", "Fritz\x07", G, H, I), "ein Spielername 'Fritz\\x07' enthält ein Steuerzeichen")
    german(said("player", "rename", "Zorro", "Xaver"), "noch keine")
    assert cli("evening", "start", F, G, H, I).exit_code == 0
    lines = tmp_path / "hands.jsonl"
    lines.write_text(
        json.dumps({"contract": "dreier", "declarer": "Zorro", "result": "won"})
        + "\n"
        + json.dumps({"contract": "dreier", "declarer": G, "result": "won"})
        + "\n",
        encoding="utf-8",
    )
    german(said("hand", "import", str(lines)), "als Spieler")


def test_a_round_that_is_not_finished():
    assert cli("cup", "start", "Probe", "A", "B", "C", "D", "E", "F", "G", "H", "--date", "2026-11-20").exit_code == 0
    first = cli("cup", "draw", "--json")
    assert first.exit_code == 0
    seated = json.loads(first.stdout)["tables"][0]["players"]
    assert cli("hand", "add", "--evening", "1", "dreier", seated[1], "+").exit_code == 0
    german(said("cup", "draw"), "Tisch 1 (1 von 16 Spielen)", "zuerst die Tarockbücher der Tische zusammenführen")
    german(said("cup", "draw", "--force"), "Tisch 2 (0 von 16 Spielen)", "an einem Terminal mit ja antworten")
    german(said("cup", "draw", "--undo"), "kann nicht zurückgenommen werden", "zuerst jeden Eintrag zurücknehmen")


def test_the_shell_completion_is_installed_in_german(tmp_path):
    """typer says outright that it installed the completion; the console
    script says it in the screen's language (the process is the point: the
    console script, a shell's start file in a home of its own). The shell is
    found among the process's parents: bash starts it (and stays its parent,
    ``; exit``), whatever runs the tests."""
    env = dict(os.environ, HOME=str(tmp_path), SHELL="/bin/bash", SCHREIBER_LANG="de")
    r = subprocess.run(
        ["/bin/bash", "-c", f"{shlex.quote(sys.executable)} -m schreiber --install-completion bash; exit $?"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("Vervollständigung für bash eingerichtet in ") and lines[1:] == [
        "Die Vervollständigung wirkt in einem neuen Terminal"
    ]
    assert all(english_words(line) == [] for line in lines)
    assert (tmp_path / ".bashrc").exists()
