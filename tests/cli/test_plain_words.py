"""No catch-all and none of Python's words: a path that names no file (an
empty `--out`, a folder, `~nosuchuser`), a Tab with such a `--db`, a rules
file with a value of the wrong kind, an empty folder for `cup publish` are
each one line saying what is wrong, in the screen's language; nothing is
written. Through the console script's entry point, in this process."""

from __future__ import annotations

import os
import subprocess

import pytest

from schreiber.domain.rules import RulesError, load_rules_file
from tests.helpers import SCHREIBER, WAIT, console, refused_line
from tests.ledger_checks import PLAYERS


@pytest.fixture
def evening(ledger_env, tmp_path):
    assert console(["evening", "start", *PLAYERS]).returncode == 0
    assert console(["hand", "add", "rufer", "berti", "carl", "+"]).returncode == 0
    os.chdir(tmp_path)  # "" and "." are this folder (console() goes back to where it was)
    return ledger_env


def listing(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("out", ["", ".", "/", ".."])
def test_an_out_that_names_a_folder_is_one_line(evening, tmp_path, out):
    """Before: `export --out ""` (or `.`, `/`) ended in "unexpected ValueError:
    PosixPath('.') has an empty name"."""
    before = listing(tmp_path)
    for args, example in (
        (["export"], "hands.csv"),
        (["settle"], "settle.txt"),
        (["rules", "new", "club"], "rules.toml"),
    ):
        line = refused_line(*args, "--out", out)
        assert line.startswith("schreiber: error: --out ") and " is a folder; give a file in it, e.g. --out " in line
        assert line.endswith(example), line
    assert listing(tmp_path) == before


def test_a_home_folder_of_no_user_is_a_path_as_typed(evening, tmp_path):
    """`~nosuchuser/x`: no user of that name, so no home to expand it to
    (before: "unexpected RuntimeError: Could not determine home directory")."""
    assert (
        refused_line("backup", "~nosuchuser/x.db")
        == "schreiber: error: the folder ~nosuchuser does not exist; create it first"
    )
    assert refused_line("merge", "~nosuchuser/x.db").startswith("schreiber: error: there is no file ~nosuchuser/x.db; ")


def test_a_tab_with_a_db_in_the_home_of_no_user_offers_nothing_and_says_nothing(evening):
    """Completion at every Tab printed "unexpected RuntimeError". A Tab runs
    a process of its own (the shell starts it), so here too."""

    def tab(words: str) -> subprocess.CompletedProcess:
        env = dict(os.environ, _SCHREIBER_COMPLETE="complete_bash", COMP_WORDS=words,
                   COMP_CWORD=str(len(words.split(" ")) - 1))  # fmt: skip
        return subprocess.run(SCHREIBER, env=env, capture_output=True, text=True, timeout=WAIT)

    for words in ("schreiber --db ~nosuchuser/x hand add ", "schreiber --db ~nosuchuser/x tisch --evening ",
                  "schreiber --db ~nosuchuser/x strafpunkt "):  # fmt: skip
        r = tab(words)
        assert r.returncode == 0 and r.stderr == "", (words, r.stderr)
    assert tab("schreiber --db ~nosuchuser/x hand add r").stdout.split() == ["rufer"]  # as without a ledger


@pytest.mark.parametrize("folder", ["", " ", "\t"])
def test_cup_publish_into_an_empty_folder_name_is_refused(ledger_env, tmp_path, folder):
    """An unset variable in a script (`cup publish "$OUT"`) wrote the pages
    into the folder one was in; a blank made a folder named " "."""
    players = "Anna Berti Carl Dora Emil Fritz Gerti Hans".split()
    assert console(["cup", "start", "Herbstcup", *players, "--date", "2026-10-03"]).returncode == 0
    os.chdir(tmp_path)
    before = listing(tmp_path)
    line = refused_line("cup", "publish", folder)
    assert line == "schreiber: error: the folder for the pages is empty; nothing was written; give one, e.g. web/"
    assert listing(tmp_path) == before


RULES_FILES = [  # a value of the wrong kind, and the line that says so (before: Python's words)
    ("[rules]\npagatkassa = 2.5\n", "rule 'pagatkassa': 2.5 is not a whole number; give 0 to 1000",
     "Regel 'pagatkassa': 2.5 ist keine ganze Zahl; 0 bis 1000 angeben"),  # was "Decimal('2.5') is not a int"
    ("[rules]\nradl_stack = 1\n", "rule 'radl_stack': 1 is not true or false; write true or false",
     "Regel 'radl_stack': 1 ist weder true noch false; true oder false schreiben"),  # was "1 is not a bool"
    ("[rules]\nradl_scope = 3\n", "rule 'radl_scope': 3 is not one of the words this rule takes; valid: game, all",
     "Regel 'radl_scope': 3 ist keines der Wörter dieser Regel; gültig: game, all"),  # was "3 is not a str"
    ("[rules]\ntrischaken_jungfrau_pays = 1.5\n", "rule 'trischaken_jungfrau_pays': 1.5 is not a whole number",
     "Regel 'trischaken_jungfrau_pays': 1.5 ist keine ganze Zahl"),
    ("[contracts.rufer]\npremium_factor = 2.5\n", "'premium_factor' must be a whole number from 0 to 1000, not 2.5",
     "'premium_factor' muss eine ganze Zahl von 0 bis 1000 sein, nicht 2.5"),  # was "not Decimal('2.5')"
    ("[contracts.rufer]\ncall = 1\n", "'call' must be true or false, not 1", "'call' muss true oder false sein, nicht 1"),
    ('[contracts.rufer]\naliases = ["a", 2]\n', """'aliases' must be a list of words like ["a", "b"], not ["a", 2]""",
     """'aliases' muss eine Liste von Wörtern sein wie ["a", "b"], nicht ["a", 2]"""),
]  # fmt: skip


@pytest.mark.parametrize(("body", "en", "de"), RULES_FILES)
def test_a_rules_value_of_the_wrong_kind_is_said_in_a_rules_files_words(tmp_path, lang, body, en, de):
    path = tmp_path / "club.toml"
    path.write_text('base = "standard"\n' + body, encoding="utf-8")
    with pytest.raises(RulesError) as exc:
        load_rules_file(path)
    said = str(exc.value)
    assert (de if lang == "de" else en) in said, said
    assert "Decimal" not in said and " int" not in said and "bool" not in said and "True" not in said
