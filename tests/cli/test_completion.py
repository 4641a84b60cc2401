"""Shell completion: typer's own scripts, and the candidates the commands'
callbacks offer (players from the ledger, contracts and premiums from the
evening's rules or the standard preset)."""

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from schreiber.cli import complete
from tests.helpers import WAIT, F, G, H, I, cli

SCHREIBER = Path(sys.executable).parent / "schreiber"  # the console script: its name is the program's


class Ctx:
    """What a completion callback reads of typer's context: the parameters
    parsed so far, and the root's --db."""

    def __init__(self, db=None, **params):
        self.params = params
        self.db = db

    def find_root(self):
        return SimpleNamespace(params={"db": self.db})


def test_without_a_ledger_players_are_none_and_contracts_the_standard_presets(ledger_env):
    assert complete.players(Ctx(), "") == []
    assert not ledger_env.exists()  # completion never creates a ledger
    assert complete.hand_words(Ctx(words=()), "") == [
        "rufer", "trischaken", "sechserdreier", "piccolo", "zwiccolo", "solorufer", "bettel", "besserrufer",
        "dreier", "piccolo-ouvert", "farbensolo", "bettel-ouvert", "besserdreier", "solodreier",
    ]  # fmt: skip


def test_players_contracts_and_premiums_of_the_open_evening(ledger_env):
    assert cli("evening", "start", F, G, H, I, "--rules", "tirol").exit_code == 0
    assert cli("evening", "start", "Anna", "Berti", "Carl", "Dora", "--keep-open").exit_code == 0
    assert sorted(complete.known_players(Ctx(), "")) == sorted([F, G, H, I, "Anna", "Berti", "Carl", "Dora"])
    assert complete.players(Ctx(), "g") == ["gerti"]  # in the case typed
    assert complete.players(Ctx(), "Ge") == ["Gerti"]
    words = Ctx(words=(), evening_id=1)
    assert "farbeneiner" in complete.hand_words(words, "")  # tirol's contracts (tir: Farbeneiner)
    assert complete.hand_words(words, "ein") == ["einer"]
    after = Ctx(words=["rufer"], evening_id=1)
    assert complete.hand_words(after, "h") == ["hans"]
    assert complete.hand_words(after, "pag") == []  # after the contract the players, as in tisch
    played = Ctx(words=["rufer", "hans"], evening_id=1)  # Gerti, the Vorhand, with Hans
    assert complete.hand_words(played, "pag") == ["pagat", "pagat!"]
    assert complete.hand_words(played, "geg:tr") == ["geg:trull", "geg:trull!"]  # tir: Trull announced too
    assert complete.hand_words(played, "Ver") == ["Verloren"]
    assert complete.hand_words(Ctx(words=["rufer"], evening_id=2), "farbenei") == []  # standard has none
    assert complete.hand_words(Ctx(words=["rufer"], number=3, evening_id=1), "") == [F, G, H, I]  # hand 3's declarer
    assert complete.presets(Ctx(), "t") == ["tirol"]


def test_a_ledger_named_by_db_is_read(tmp_path, ledger_env):
    other = tmp_path / "other.db"
    r = subprocess.run(
        [str(SCHREIBER), "--db", str(other), "evening", "start", "Emil", F, G, H],
        capture_output=True, text=True, timeout=WAIT,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert complete.players(Ctx(db=str(other)), "e") == ["emil"]


def shell_complete(shell_env):
    env = dict(os.environ, **shell_env)
    return subprocess.run([str(SCHREIBER)], env=env, capture_output=True, text=True, timeout=WAIT)


def test_the_shells_complete_through_typers_mechanism(ledger_env):
    assert cli("evening", "start", F, G, H, I).exit_code == 0
    r = shell_complete(
        {"_SCHREIBER_COMPLETE": "complete_bash", "COMP_WORDS": "schreiber hand add rufer gerti h", "COMP_CWORD": "5"}
    )
    assert r.stdout.split() == ["hans"], r.stderr
    r = shell_complete(
        {"_SCHREIBER_COMPLETE": "complete_bash", "COMP_WORDS": "schreiber hand add sol", "COMP_CWORD": "3"}
    )
    assert r.stdout.split() == ["solorufer", "solodreier"]
    r = shell_complete({"_SCHREIBER_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": "schreiber strafpunkt H"})
    assert "Hans" in r.stdout
    r = shell_complete(
        {"_SCHREIBER_COMPLETE": "complete_fish", "_TYPER_COMPLETE_FISH_ACTION": "get-args",
         "_TYPER_COMPLETE_ARGS": "schreiber sheet --explain-player I"}
    )  # fmt: skip
    assert r.stdout.split() == ["Ilse"]


def test_show_completion_prints_each_shells_script():
    # typer detects the shell it runs in (shellingham); its switch for tests names the shell instead
    env = dict(os.environ, _TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION="1")
    for shell, marker in (
        ("bash", "complete -o default -F _schreiber_completion schreiber"),
        ("zsh", "#compdef schreiber"),
        ("fish", "complete --command schreiber"),
    ):
        r = subprocess.run(
            [str(SCHREIBER), "--show-completion", shell], env=env, capture_output=True, text=True, timeout=WAIT
        )
        assert r.returncode == 0 and marker in r.stdout and "_SCHREIBER_COMPLETE" in r.stdout, (shell, r.stdout)
    # without a name it asks the process tree which shell it runs in: run it from bash
    # (the command after it keeps bash its parent, whatever shell runs the tests)
    r = subprocess.run(
        ["bash", "-c", '"$0" --show-completion; status=$?; exit $status', str(SCHREIBER)],
        capture_output=True,
        text=True,
        timeout=WAIT,
    )
    assert r.returncode == 0 and "_SCHREIBER_COMPLETE=complete_" in r.stdout, r.stderr
    r = subprocess.run([str(SCHREIBER), "--help"], capture_output=True, text=True, timeout=WAIT)
    assert "--install-completion" in r.stdout and "--show-completion" in r.stdout
