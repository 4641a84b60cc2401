"""The table session and guided entry, end to end in a real terminal (pty)."""

import json
import os
import signal
import sys

import pexpect

from tests.helpers import F, G, H, I, cli, dump


def spawn(db, *args):
    env = dict(os.environ, SCHREIBER_DB=str(db), TERM="dumb", COLUMNS="200")
    return pexpect.spawn(
        sys.executable,
        ["-m", "schreiber", *args],
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(50, 200),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # even where the tests run with it ignored
    )


def balance():
    return json.loads(cli("balance", "--json").stdout)


def test_tisch_session(ledger_env):
    p = spawn(ledger_env, "tisch", F, G, H, I, "--rules", "tirol")
    p.expect(r"\[1: Fritz gibt, Gerti Vorhand\] > ")
    p.sendline("rufer ge ha +")  # tir:6 Rufer 1
    p.expect("Hand 1: Fritz -1, Gerti \\+1, Hans \\+1, Ilse -1")
    p.expect("Next: Gerti deals, Hans is Vorhand")
    p.expect(r"\[2: Gerti gibt, Hans Vorhand\] > ")
    p.sendline("dreier il 41 pagat!")  # tir:14 Dreier 5 + tir:29 Pagat announced 2
    p.expect("Hand 2: Fritz -7, Gerti -7, Hans -7, Ilse \\+21")
    p.expect(r"\[3: ")
    p.sendline("quatsch")
    p.expect("Fehler: unknown contract 'quatsch'")
    p.expect(r"\[3: ")
    p.sendline("undo")
    p.expect("Zurückgenommen: Hand 2")
    p.expect(r"\[3: Gerti gibt, Hans Vorhand\] > ")
    p.sendline("erklär 1")
    p.expect("Rufer gewonnen: 1 = 1")
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
    p.sendline("ende")
    p.expect(pexpect.EOF)


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
    p.expect("angesagt")
    p.sendline("n")
    p.expect("Ergebnis")
    p.sendline("")
    p.expect("Prämie")
    p.sendline("")
    p.expect("Eintragen")
    p.sendline("y")
    p.expect("Hand 1: Fritz -4, Gerti -4, Hans \\+4, Ilse \\+4")  # std:37 Solo 2 + Trull silent 1 x2 (std:61)
    p.expect(pexpect.EOF)


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
    assert "interrupted; nothing was written" in p.before
    assert "Traceback" not in p.before and "Aborted" not in p.before
    assert dump(ledger_env) == before
