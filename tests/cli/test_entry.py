"""The fast path of `hand add` behaves exactly like the full command line."""

import json
import subprocess
import sys

from schreiber.cli.fast import fast_hand_add as _fast_hand_add
from tests.helpers import F, G, H, I, cli


def run(*args, env_db=None, input=None):
    return subprocess.run(
        [sys.executable, "-m", "schreiber", *args], capture_output=True, text=True, input=input, timeout=60
    )


def test_which_forms_take_the_fast_path():
    assert _fast_hand_add(["hand", "add", "--json", "{}"]) is not None
    assert _fast_hand_add(["--db", "x.db", "hand", "add", "rufer", "a", "b", "+", "-q"]) is not None
    assert _fast_hand_add(["hand", "add", "piccolo", "anna", "-"]) is not None
    for full in (
        ["hand", "add"],
        ["hand", "add", "--help"],
        ["hand", "add", "--json-out", "--json", "{}"],
        ["hand", "add", "rufer", "--json", "{}"],
        ["sheet"],
        ["--version"],
    ):
        assert _fast_hand_add(full) is None, full


def test_fast_and_full_paths_agree(ledger_env):
    assert cli("evening", "start", F, G, H, I).exit_code == 0
    rec = json.dumps({"contract": "rufer", "declarer": G, "partner": H, "result": "won"})
    fast = run("--db", str(ledger_env), "hand", "add", "--json", rec)
    full = cli("hand", "add", "--json", json.dumps({"contract": "rufer", "declarer": H, "partner": I, "result": "won"}))
    assert fast.returncode == 0 and full.exit_code == 0
    assert fast.stdout == "Hand 1: Fritz -1, Gerti +1, Hans +1, Ilse -1\n"
    assert full.stdout == "Hand 2: Fritz -1, Gerti -1, Hans +1, Ilse +1\n"
    bad = run("--db", str(ledger_env), "hand", "add", "dreier", "zorro", "+")
    assert bad.returncode == 1 and bad.stderr.startswith("schreiber: error: ") and bad.stderr.count("\n") == 1
