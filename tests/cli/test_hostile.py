"""Hostile input: whatever is typed, piped or pointed at, schreiber answers
with a result or one clear error line (exit 1), never a traceback, never an
"unexpected" error, and never half a write.

- hand records: random JSON values and mutated valid records through
  `check_hand` (a HandError or a hand that scores) and through the command
  line `hand add --json` (ledger row counts unchanged after every error);
- rules files: random TOML, mutated presets and garbage through
  `load_rules_file` (a RulesError or rules that work), `--rule` overrides;
- player names with quotes, SQL, emoji, 2,000 characters: stored and shown
  exactly;
- `--db` paths that are a folder, not a ledger, unreadable, read-only.

Hypothesis runs derandomised (the same examples every run).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import math
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
import tempfile
import unicodedata
from fractions import Fraction
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schreiber.cli.entry import main
from schreiber.domain.engine import score
from schreiber.domain.hand import HAND_KEYS, PREMIUM_KEYS
from schreiber.domain.names import name_key
from schreiber.domain.record import HandError, check_hand
from schreiber.domain.rules import (
    CONTRACT_FIELDS,
    PREMIUM_FIELDS,
    PRESETS,
    RULES_FORMAT,
    SETTINGS,
    RulesError,
    load_rules,
    load_rules_file,
)
from schreiber.ledger import Opened
from tests.helpers import SCHREIBER
from tests.ledger_checks import PLAYERS, check_ledger, dreier, row_counts, run_cli

FUZZ = settings(
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
RULES = {p: load_rules(p) for p in PRESETS}
P5 = PLAYERS + ("Emil",)

# Anna deals the first hand, so Berti is the Vorhand.
VALID = [
    {
        "contract": "rufer",
        "declarer": "Berti",
        "partner": "Carl",
        "result": "won",
        "kontra": "re",
        "premiums": [
            {"name": "pagat", "party": "declarer", "announced": True, "result": "won", "kontra": "kontra"},
            {"name": "trull", "party": "opponents", "announced": False, "result": "won"},
        ],
    },
    {"contract": "rufer", "declarer": "Berti", "partner": None, "points": "35/2"},
    {"contract": "rufer", "declarer": "Berti", "partner": "Berti", "points": 41},
    {"contract": "piccolo", "declarer": "Anna", "tricks": 1, "kontra": {"Carl": "kontra"}},
    {"contract": "bettel", "declarer": "Dora", "result": "lost"},
    {"contract": "trischaken", "scores": {"Anna": 20, "Berti": 15, "Carl": 25, "Dora": 10}},
    {"contract": "dreier", "declarer": "Carl", "points": "35/2", "kontra": "kontra"},
    {"contract": "solorufer", "declarer": "Dora", "partner": "Anna", "result": "lost"},
    {
        "contract": "besserrufer",
        "declarer": "Carl",
        "partner": "Dora",
        "result": "won",
        "premiums": [{"name": "uhu", "party": "declarer", "announced": True, "result": "won"}],
    },
    {"contract": "farbensolo", "declarer": "Anna", "result": "won", "dealer": "Dora"},
    {"contract": "rufer", "declarer": "Berti", "partner": "Carl", "result": "won", "renonce": "Carl"},
]

WORDS = st.sampled_from(
    [
        *P5,
        "anna",
        "won",
        "lost",
        "declarer",
        "opponents",
        "kontra",
        "re",
        "sub",
        "mord",
        "rufer",
        "dreier",
        "trischaken",
        "pagat",
        "valat",
        "35/2",
        "70/0",
        "",
        " ",
        "-1",
        "null",
        "'; DROP TABLE entries;--",
        "🂡",
        "x" * 300,
    ]
)
TEXT = st.one_of(st.text(max_size=12), WORDS)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    TEXT,
)
JSON = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4), max_leaves=12
)
RECORDISH = st.dictionaries(st.sampled_from(HAND_KEYS) | TEXT, JSON, max_size=8)


def slots(obj, out=None):
    """Every (container, key) inside a JSON value, for mutations."""
    out = [] if out is None else out
    items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
    for k, v in items:
        out.append((obj, k))
        slots(v, out)
    return out


@st.composite
def mutated(draw):
    """A valid record with one to four things broken."""
    rec = copy.deepcopy(draw(st.sampled_from(VALID)))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["set", "set", "drop", "add", "premium"]))
        where = slots(rec)
        if op == "add" or not where:
            rec[draw(st.sampled_from(HAND_KEYS) | TEXT)] = draw(JSON)
        elif op == "premium":
            p = {k: draw(JSON | WORDS) for k in draw(st.lists(st.sampled_from(PREMIUM_KEYS), max_size=5))}
            rec.setdefault("premiums", [])
            if isinstance(rec["premiums"], list):
                rec["premiums"].append(p)
        else:
            container, key = draw(st.sampled_from(where))
            if op == "drop":
                del container[key]
            else:
                container[key] = draw(JSON | WORDS)
    return rec


def checks_or_refuses(raw, rules, players) -> bool:
    """check_hand either refuses with HandError, or gives a hand that scores."""
    try:
        hand, table = check_hand(raw, rules, players, players[0])
    except HandError as exc:
        assert exc.problems and all(isinstance(p, str) and p for p in exc.problems)
        return False
    s = score(hand, rules, table)
    assert all(isinstance(v, (int, Fraction)) for _, v in s.payments)
    return True


def test_valid_records_are_valid():
    for rec in VALID:
        assert checks_or_refuses(rec, RULES["standard"], PLAYERS), rec


@FUZZ
@given(raw=JSON | RECORDISH, preset=st.sampled_from(PRESETS), five=st.booleans())
def test_check_hand_on_random_json(raw, preset, five):
    checks_or_refuses(raw, RULES[preset], P5 if five else PLAYERS)


@FUZZ
@given(raw=mutated(), preset=st.sampled_from(PRESETS), five=st.booleans())
def test_check_hand_on_mutated_records(raw, preset, five):
    checks_or_refuses(raw, RULES[preset], P5 if five else PLAYERS)


# The command line, in-process through the real entry point ------------------


def cli(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """Run `schreiber ARGS` through schreiber.cli.main (as the console script
    does) and return (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    argv, old_stdin = sys.argv, sys.stdin
    sys.argv = ["schreiber", *args]
    sys.stdin = io.StringIO(stdin or "")  # never pytest's, which fails a read ("--json -") with an OSError
    Opened.written = None  # a command of its own process: an earlier one's write is no write of this one
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv, sys.stdin = argv, old_stdin
    return code, out.getvalue(), err.getvalue()


def assert_one_error_line(code: int, err: str) -> None:
    assert code == 1, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("schreiber: error: "), err
    assert "Traceback" not in err and "unexpected" not in err, err


def _score_sample(rules) -> None:
    """Loaded rules must score the valid sample hands without raising."""
    for rec in VALID[:7]:
        try:
            hand, table = check_hand(rec, rules, PLAYERS, PLAYERS[0])
        except HandError:
            continue
        score(hand, rules, table)


@pytest.fixture(scope="module")
def fuzz_ledger(tmp_path_factory):
    db = tmp_path_factory.mktemp("hostile") / "ledger.db"
    code, _, err = cli("--db", str(db), "evening", "start", *PLAYERS)
    assert code == 0, err
    return db


def add_and_check(db: Path, text: str) -> None:
    before = row_counts(db)
    code, out, err = cli("--db", str(db), "hand", "add", "--json", text, "-q")
    if code == 0:
        assert err == ""
        assert row_counts(db)["entries"] == before["entries"] + 1
    else:
        assert_one_error_line(code, err)
        assert row_counts(db) == before, "a refused hand must write nothing"


@FUZZ
@given(raw=JSON | RECORDISH | mutated())
def test_cli_hand_add_on_random_records(fuzz_ledger, raw):
    add_and_check(fuzz_ledger, json.dumps(raw, ensure_ascii=False))


@FUZZ
@given(
    text=st.text(max_size=60)
    | st.sampled_from(
        [
            '{"contract": ',
            "[" * 5000 + "]" * 5000,
            '{"points": 1' + "0" * 5000 + "}",
            "NaN",
            '{"a": 1}{"b": 2}',
            "\ufeff{}",
            '"\\ud800"',
            "{" * 3000,
        ]
    )
)
def test_cli_hand_add_on_broken_json(fuzz_ledger, text):
    add_and_check(fuzz_ledger, text)


def test_cli_fuzz_ledger_is_whole(fuzz_ledger):
    """After every fuzz example above: the accepted hands are whole."""
    check_ledger(fuzz_ledger, zero_sum=True)


def test_stdin_and_files_not_text(tmp_path):
    db = tmp_path / "ledger.db"
    assert run_cli("evening", "start", *PLAYERS, db=db).returncode == 0
    before = row_counts(db)
    env = dict(os.environ, SCHREIBER_DB=str(db))
    for data in (b"\xff\xfe{\x00}", b"[" * 100_000, b'{"contract": "rufer\xed\xa0\x80"}'):
        r = subprocess.run(
            SCHREIBER + ["hand", "add", "--json", "-"],
            input=data,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        err = r.stderr.decode("utf-8", "replace")
        assert_one_error_line(r.returncode, err)
        src = tmp_path / "hands.jsonl"
        src.write_bytes(data + b"\n" + json.dumps(dreier("Anna", 40)).encode())
        r = run_cli("hand", "import", str(src), db=db)  # a file: read the same in this process
        if r.returncode != 2:  # 2: `hand import` does not exist (yet)
            assert_one_error_line(r.returncode, r.stderr)
    assert row_counts(db) == before


# Rules files -------------------------------------------------------------------


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v) if math.isfinite(v) else ("nan" if v != v else ("inf" if v > 0 else "-inf"))
    if isinstance(v, str):
        return json.dumps(v)
    return "[" + ", ".join(toml_value(x) for x in v) + "]"


def toml(doc: dict) -> str:
    lines = [f"{json.dumps(k)} = {toml_value(v)}" for k, v in doc.items() if not isinstance(v, dict)]
    for k, table in doc.items():
        if isinstance(table, dict):
            lines.append(f"[{json.dumps(k)}]")
            lines += [f"{json.dumps(kk)} = {toml_value(vv)}" for kk, vv in table.items() if not isinstance(vv, dict)]
            for kk, sub in table.items():
                if isinstance(sub, dict):
                    lines.append(f"[{json.dumps(k)}.{json.dumps(kk)}]")
                    lines += [f"{json.dumps(a)} = {toml_value(b)}" for a, b in sub.items() if not isinstance(b, dict)]
    return "\n".join(lines) + "\n"


CHOICES = sorted({c for s in SETTINGS for c in s.choices})  # every word a rule takes: each key's values meet
TOML_SCALAR = st.one_of(
    st.sampled_from(CHOICES),
    st.booleans(),
    st.integers(-5, 100),
    st.integers(),
    st.floats(),
    st.text(max_size=10),
    st.sampled_from(
        [
            "35/2",
            "standard",
            "tirol",
            "sub",
            "replace",
            "positive",
            "negative",
            "trischaken",
            "bird",
            "rufer",
            "pagat",
            "",
            "-1",
        ]
    ),
)
TOML_VALUE = TOML_SCALAR | st.lists(TOML_SCALAR, max_size=3)
SETTING_KEYS = [s.key for s in SETTINGS]
CONTRACT_IDS = list(RULES["tirol"].contracts) + list(RULES["lungau"].contracts) + ["neu"]
PREMIUM_IDS = list(RULES["tirol"].premiums) + ["neu"]


@st.composite
def rules_docs(draw) -> dict:
    doc: dict = {}
    if draw(st.booleans()):  # this format (its checks), an earlier one, none, a newer one, no format at all
        doc["format"] = draw(st.sampled_from([RULES_FORMAT, RULES_FORMAT - 1, 1, RULES_FORMAT + 1, 0, "3"]))
    if draw(st.booleans()):
        doc["base"] = draw(st.sampled_from([*PRESETS, "nope", ""]) | st.integers())
    for k in draw(st.lists(st.sampled_from(["preset", "title", "source", "junk"]), max_size=2)):
        doc[k] = draw(TOML_VALUE)
    if draw(st.booleans()):
        doc["rules"] = {
            k: draw(TOML_VALUE) for k in draw(st.lists(st.sampled_from(SETTING_KEYS + ["junk"]), max_size=4))
        }
    for table, ids, fields in (("contracts", CONTRACT_IDS, CONTRACT_FIELDS), ("premiums", PREMIUM_IDS, PREMIUM_FIELDS)):
        if draw(st.booleans()):
            doc[table] = {
                i: {f: draw(TOML_VALUE) for f in draw(st.lists(st.sampled_from([*fields, "junk"]), max_size=5))}
                for i in draw(st.lists(st.sampled_from(ids), min_size=1, max_size=3))
            }
    return doc


@st.composite
def mutated_presets(draw) -> str:
    name = draw(st.sampled_from(PRESETS))
    lines = (
        resources.files("schreiber.domain.presets").joinpath(f"{name}.toml").read_text(encoding="utf-8").splitlines()
    )
    for _ in range(draw(st.integers(1, 6))):
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["drop", "value", "value", "dup", "cut"]))
        if op == "drop":
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        elif op == "cut":
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        elif "=" in lines[i]:
            lines[i] = lines[i].split("=", 1)[0] + "= " + toml_value(draw(TOML_VALUE))
    return "\n".join(lines) + "\n"


def loads_or_refuses(path: Path) -> None:
    """A RulesError, or rules that survive JSON and score hands."""
    try:
        rules = load_rules_file(path)
    except RulesError as exc:
        assert str(exc)
        return
    from schreiber.domain.rules import rules_from_json

    assert rules_from_json(rules.to_json()) == rules
    _score_sample(rules)


@pytest.fixture(scope="module")
def rules_path(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("rules") / "house.toml"


@FUZZ
@given(doc=rules_docs())
def test_rules_file_random_toml(rules_path, doc):
    rules_path.write_text(toml(doc), encoding="utf-8")
    loads_or_refuses(rules_path)


@FUZZ
@given(text=mutated_presets())
def test_rules_file_mutated_presets(rules_path, text):
    rules_path.write_text(text, encoding="utf-8")
    loads_or_refuses(rules_path)


@FUZZ
@given(data=st.binary(max_size=200) | st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_rules_file_garbage(rules_path, data):
    rules_path.write_bytes(data)
    loads_or_refuses(rules_path)


def test_rules_file_missing_or_folder(tmp_path):
    for p in (tmp_path / "missing.toml", tmp_path):
        with pytest.raises(RulesError):
            load_rules_file(p)


@FUZZ
@given(
    overrides=st.lists(
        st.one_of(
            st.text(max_size=20),
            st.builds(
                lambda k, v: f"{k}={v}",
                st.sampled_from(
                    SETTING_KEYS
                    + ["contract.rufer.value", "premium.pagat.silent", "contract.nope.value", "contract.rufer.nope"]
                ),
                st.text(max_size=8)
                | st.sampled_from(["3", "-1", "0", "true", "x", "35/2", "1e9", "sub", "99999999999"]),
            ),
        ),
        max_size=3,
    )
)
def test_rule_overrides(overrides):
    try:
        rules = load_rules("standard", overrides)
    except RulesError:
        return
    _score_sample(rules)


# Player names ----------------------------------------------------------------------

NASTY = [
    ('O\'Brien "Bob"', "Robert'); DROP TABLE players;--", "🂡 Sküs 🃏 Mäx", "Zé " + "ü" * 57),
    ("%s %d {0} {name}", "-Dash", "名前 \\ back\\slash", "NULL", "שלום RTL"),  # control characters: test_trust.py
]


@pytest.mark.parametrize("names", NASTY, ids=["quotes-sql-emoji-long", "format-dash-cjk-null-rtl"])
def test_nasty_names_stored_and_shown(tmp_path, names):
    db = tmp_path / "ledger.db"
    r = run_cli("evening", "start", "--", *names, db=db)
    assert r.returncode == 0, r.stderr
    rec = {"contract": "rufer", "declarer": names[1], "partner": names[2], "result": "won"}
    r = run_cli("hand", "add", "--json", json.dumps(rec, ensure_ascii=False), db=db)
    assert r.returncode == 0, r.stderr
    bal = json.loads(run_cli("balance", "--json", db=db).stdout)
    assert list(bal) == list(names)
    active = [n for n in names if n != names[0]] if len(names) == 5 else list(names)
    want = {n: (1 if n in names[1:3] else -1) if n in active else 0 for n in names}
    assert bal == want
    con = sqlite3.connect(db)
    stored = {r[0] for r in con.execute("select name from players")}
    con.close()
    assert stored == set(names)
    evenings = json.loads(run_cli("evening", "list", "--json", db=db).stdout)
    assert evenings[0]["players"] == list(names)
    if "sheet" in run_cli("--help").stdout:
        sheet = json.loads(run_cli("sheet", "--json", db=db).stdout)
        assert sheet["hands"][0]["declarer"] == names[1]
        assert {k for k, v in sheet["totals"].items()} == set(names)
    check_ledger(db)


NAME = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Cf", "Zl", "Zp")), min_size=1, max_size=40).filter(
    lambda n: n == unicodedata.normalize("NFC", n).strip() and n != ""
)  # names as they are kept; the others are refused or normalized (test_trust.py)


@FUZZ
@given(names=st.lists(NAME, min_size=4, max_size=4, unique_by=lambda n: n.casefold()), declarer=st.integers(0, 3))
def test_random_names_round_trip(fuzz_ledger, names, declarer):
    code, _, err = cli("--db", str(fuzz_ledger), "evening", "start", "--", *names)
    assert code == 0, err
    code, _, err = cli(
        "--db", str(fuzz_ledger), "hand", "add", "--json", json.dumps(dreier(names[declarer], 50), ensure_ascii=False)
    )
    assert code == 0, err
    code, out, err = cli("--db", str(fuzz_ledger), "balance", "--json")
    assert code == 0, err
    bal = json.loads(out)
    # a name is one player in any case and form, kept as first written (an earlier example may have written it)
    assert [name_key(n) for n in bal] == [name_key(n) for n in names]
    assert list(bal.values())[declarer] > 0 and sum(bal.values()) == 0


def test_names_not_utf8(tmp_path):
    """Bytes from a terminal that does not speak UTF-8: one line, nothing written."""
    db = tmp_path / "ledger.db"
    r = subprocess.run(
        [*SCHREIBER, "evening", "start", b"\xffAnna", "Berti", "Carl", "Dora"],
        env=dict(os.environ, SCHREIBER_DB=str(db)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert_one_error_line(r.returncode, r.stderr.decode("utf-8", "replace"))
    assert not db.exists() or row_counts(db).get("evenings", 0) == 0


# --db paths ------------------------------------------------------------------------


def other_user() -> list[str]:
    """Permissions do not bind root: run the command as nobody instead (or skip)."""
    if os.geteuid() != 0:
        return []
    if not shutil.which("setpriv"):
        pytest.skip("running as root without setpriv: file permissions cannot be tested")
    prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    if (
        subprocess.run(
            prefix + SCHREIBER + ["--version"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        ).returncode
        != 0
    ):
        pytest.skip("running as root and nobody cannot run schreiber here")
    return prefix


@pytest.fixture
def open_dir():
    """A folder another user can reach (pytest's tmp_path is private to its owner)."""
    d = Path(tempfile.mkdtemp(prefix="schreiber-hostile-"))
    d.chmod(0o755)
    yield d
    for p in [d, *d.rglob("*")]:
        with contextlib.suppress(OSError):
            p.chmod(0o755 if p.is_dir() else 0o644)
    shutil.rmtree(d, ignore_errors=True)


def run_as(prefix: list[str], db: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SCHREIBER_DB=str(db))
    return subprocess.run(
        prefix + SCHREIBER + list(args), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60
    )


def make_ledger(db: Path) -> bytes:
    assert run_cli("evening", "start", *PLAYERS, db=db).returncode == 0
    assert run_cli("hand", "add", "--json", json.dumps(dreier("Anna", 50)), db=db).returncode == 0
    return db.read_bytes()


def test_db_is_a_folder(tmp_path):
    r = run_cli("balance", "--json", db=tmp_path)
    assert_one_error_line(r.returncode, r.stderr)
    assert "directory" in r.stderr


def test_db_is_not_a_ledger(tmp_path):
    junk = tmp_path / "notes.txt"
    junk.write_text("Einkaufsliste: Milch, Brot\n" * 100)
    other = tmp_path / "other.db"
    con = sqlite3.connect(other)
    con.execute("create table recipes (name text)")
    con.commit()
    con.close()
    under_file = junk / "ledger.db"
    for db in (junk, other, under_file):
        before = db.read_bytes() if db.exists() else None
        for args in (["balance", "--json"], ["hand", "add", "--json", json.dumps(dreier("Anna", 50))]):
            r = run_cli(*args, db=db)
            assert_one_error_line(r.returncode, r.stderr)
        assert (db.read_bytes() if db.exists() else None) == before


def test_db_unreadable(open_dir):
    prefix = other_user()
    db = open_dir / "ledger.db"
    before = make_ledger(db)
    db.chmod(0)
    for args in (["balance", "--json"], ["hand", "add", "--json", json.dumps(dreier("Anna", 50))]):
        r = run_as(prefix, db, *args)
        assert_one_error_line(r.returncode, r.stderr)
        assert "readable" in r.stderr or "permission" in r.stderr
    db.chmod(0o644)
    assert db.read_bytes() == before


def test_db_read_only_location(open_dir):
    prefix = other_user()
    folder = open_dir / "ro"
    folder.mkdir()
    db = folder / "ledger.db"
    before = make_ledger(db)
    db.chmod(0o444)
    folder.chmod(0o555)
    for args in (["hand", "add", "--json", json.dumps(dreier("Anna", 50))], ["undo"]):
        r = run_as(prefix, db, *args)
        assert_one_error_line(r.returncode, r.stderr)
        assert "writ" in r.stderr or "read-only" in r.stderr
    for args in (["balance", "--json"], ["sheet", "--json"], ["export", "--format", "jsonl"]):  # reading works
        r = run_as(prefix, db, *args)
        assert r.returncode == 0, r.stderr
    copies = open_dir / "copies"
    copies.mkdir(mode=0o777)
    copies.chmod(0o777)
    r = run_as(prefix, db, "backup", str(copies / "copy.db"))
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["ledger.db"]  # nothing beside it
    folder.chmod(0o755)
    db.chmod(0o644)
    assert db.read_bytes() == before
    assert check_ledger(db)["hands"] == 1


def test_db_read_only_file_in_writable_folder(open_dir):
    prefix = other_user()
    db = open_dir / "ledger.db"
    make_ledger(db)
    db.chmod(0o444)
    if prefix:  # nobody must be able to create the -wal/-shm files beside it
        open_dir.chmod(0o777)
    r = run_as(prefix, db, "hand", "add", "--json", json.dumps(dreier("Anna", 50)))
    assert_one_error_line(r.returncode, r.stderr)
    assert "read-only" in r.stderr or "writ" in r.stderr
    r = run_as(prefix, db, "balance", "--json")  # reading may work; if not, one line
    if r.returncode:
        assert_one_error_line(r.returncode, r.stderr)
    open_dir.chmod(0o755)
    db.chmod(0o644)
    assert check_ledger(db)["hands"] == 1


def test_db_in_a_folder_that_cannot_be_made(open_dir):
    prefix = other_user()
    locked = open_dir / "locked"
    locked.mkdir(mode=0o555)
    locked.chmod(0o555)
    r = run_as(prefix, locked / "sub" / "ledger.db", "evening", "list")
    assert_one_error_line(r.returncode, r.stderr)
    assert not (locked / "sub").exists()
    st_mode = locked.stat().st_mode
    assert stat.S_IMODE(st_mode) == 0o555
