"""`hand add` through the console script says what it says in process."""

import json
import subprocess
import sys

from tests.helpers import F, G, H, I, cli


def run(*args, env_db=None, input=None):
    return subprocess.run(
        [sys.executable, "-m", "schreiber", *args], capture_output=True, text=True, input=input, timeout=60
    )


def test_the_console_script_and_the_command_line_in_process_agree(ledger_env):
    assert cli("evening", "start", F, G, H, I).exit_code == 0
    rec = json.dumps({"contract": "rufer", "declarer": G, "partner": H, "result": "won"})
    script = run("--db", str(ledger_env), "hand", "add", "--json", rec)
    full = cli("hand", "add", "--json", json.dumps({"contract": "rufer", "declarer": H, "partner": I, "result": "won"}))
    assert script.returncode == 0 and full.exit_code == 0
    assert script.stdout == "Hand 1: Fritz -1, Gerti +1, Hans +1, Ilse -1\n"
    assert full.stdout == "Hand 2: Fritz -1, Gerti -1, Hans +1, Ilse +1\n"
    bad = run("--db", str(ledger_env), "hand", "add", "dreier", "zorro", "+")
    assert bad.returncode == 1 and bad.stderr.startswith("schreiber: error: ") and bad.stderr.count("\n") == 1
