"""Bad input: one clear line on stderr, exit status 1, no traceback, and the
ledger exactly as it was. Run through the console script's entry point."""

import json
import sqlite3

import pytest

from schreiber.domain.record import HandError, check_hand
from schreiber.domain.rules import load_rules
from tests.helpers import F, G, H, I, console, dump, prem


def run(db, *args, input=None):
    return console(["--db", str(db), *args], input=input)


def start(db, preset="standard", players=(F, G, H, I), rules=()):
    extra = []
    for r in rules:
        extra += ["--rule", r]
    p = run(db, "evening", "start", *players, "--rules", preset, *extra)
    assert p.returncode == 0, p.stderr
    # one good hand so the ledger has content to protect
    good = {"standard": {"contract": "dreier", "declarer": H, "result": "won"}}.get(preset)
    if good:
        assert run(db, "hand", "add", "--json", json.dumps(good)).returncode == 0


def assert_rejected(p, *words):
    assert p.returncode == 1, (p.returncode, p.stdout, p.stderr)
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1, p.stderr
    assert "Traceback" not in p.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]


BAD_HANDS = [
    # (preset, record, words the message must contain)
    (
        "standard",
        {"contract": "rufer", "declarer": "Zorro", "partner": H, "result": "won"},
        ["unknown player 'Zorro'", "Fritz, Gerti, Hans, Ilse"],
    ),
    ("standard", {"contract": "schnapsen", "declarer": G, "result": "won"}, ["unknown contract 'schnapsen'", "rufer"]),
    (
        "standard",
        {"contract": "dreier", "declarer": G, "result": "won", "premiums": [prem("sack1")]},
        ["unknown premium 'sack1'", "pagat"],
    ),
    ("standard", {"contract": "rufer", "declarer": G, "result": "won"}, ["partner"]),
    ("standard", {"contract": "dreier", "declarer": G, "partner": H, "result": "won"}, ["without a partner"]),
    ("tirol", {"contract": "dreier", "declarer": G, "partner": G, "result": "won"}, ["without a partner"]),
    ("tirol", {"contract": "rufer", "declarer": G, "partner": G, "result": "won"}, ["own king", "tirol"]),
    # hand 2 of the evening: Gerti deals, Hans is Vorhand
    (
        "standard",
        {"contract": "rufer", "declarer": I, "partner": G, "result": "won"},
        ["only be played by the Vorhand (Hans)"],
    ),
    (
        "standard",
        {"contract": "piccolo", "declarer": H, "result": "won", "premiums": [prem("pagat")]},
        ["do not count in Piccolo"],
    ),
    (
        "tirol",
        {"contract": "farbensolo", "declarer": H, "result": "won", "premiums": [prem("trull")]},
        ["Trull is not allowed in a Farbensolo"],
    ),
    (
        "standard",
        {
            "contract": "dreier",
            "declarer": H,
            "result": "won",
            "premiums": [prem("trull", announced=False, kontra="kontra")],
        },
        ["only announced premiums"],
    ),
    (
        "tirol",
        {"contract": "dreier", "declarer": H, "result": "won", "kontra": "hirsch"},
        ["'hirsch' does not exist under tirol", "kontra, re, sub"],
    ),
    ("standard", {"contract": "dreier", "declarer": H, "points": 71}, ["outside 0..70"]),
    ("lungau", {"contract": "dreier", "declarer": H, "points": 72}, ["outside 0..71"]),
    ("standard", {"contract": "dreier", "declarer": H, "points": -1}, ["outside 0..70"]),
    ("standard", {"contract": "trischaken", "scores": {F: 20, G: 20, H: 20, I: 20}}, ["add up to 80", "70 points"]),
    ("lungau", {"contract": "fahren", "scores": {F: 20, G: 20, H: 20, I: 10}}, ["add up to 70", "71 points"]),
    ("standard", {"contract": "besserrufer", "declarer": G, "partner": H, "result": "won"}, ["must announce"]),
    ("tirol", {"contract": "rufer", "declarer": G, "partner": None, "conceded": True}, ["not allowed under tirol"]),
    ("standard", {"contract": "dreier", "declarer": H, "points": 40, "result": "lost"}, ["40 points mean", "won"]),
    ("standard", {"contract": "dreier", "declarer": H}, ["result", "missing"]),
    ("standard", {"contract": "bettel", "declarer": [G, H], "result": "won"}, ["side by side"]),
    (
        "gumpoldskirchen",
        {
            "contract": "rufer",
            "declarer": G,
            "partner": H,
            "result": "won",
            "premiums": [prem("grammaboy", announced=False)],
        },
        ["cannot be played silently"],
    ),
    (
        "standard",
        {"contract": "rufer", "declarer": G, "partner": H, "result": "won", "foo": 1},
        ["unknown field 'foo'"],
    ),
    (
        "standard",
        {"contract": "trischaken", "scores": {F: 10, G: 20, H: 20, "fritz": 20}},
        ["Fritz is named twice in scores"],
    ),
    ("standard", {"contract": "dreier", "declarer": H, "points": "\u00b2"}, ["not a number or Blatt notation"]),
]


@pytest.mark.parametrize("preset,record,words", BAD_HANDS, ids=[f"{b[0]}-{i}" for i, b in enumerate(BAD_HANDS)])
def test_bad_hand_is_rejected_and_nothing_written(tmp_path, preset, record, words):
    db = tmp_path / "l.db"
    start(db, preset)
    before = dump(db)
    p = run(db, "hand", "add", "--json", json.dumps(record))
    assert_rejected(p, *words)
    assert dump(db) == before


def test_every_problem_at_once():
    r = load_rules("standard")
    with pytest.raises(HandError) as exc:
        check_hand(
            {
                "contract": "rufer",
                "declarer": "Zorro",
                "points": 99,
                "premiums": [prem("trull", announced=False, kontra="re")],
            },
            r,
            (F, G, H, I),
            F,
        )
    msgs = exc.value.problems
    assert any("Zorro" in m for m in msgs)
    assert any("outside 0..70" in m for m in msgs)
    assert any("partner" in m for m in msgs)
    assert any("only announced" in m for m in msgs)


def test_malformed_json(tmp_path):
    db = tmp_path / "l.db"
    start(db)
    before = dump(db)
    assert_rejected(run(db, "hand", "add", "--json", "{contract: rufer"), "not valid JSON")
    assert_rejected(run(db, "hand", "add", "--json", "-", input="[1, 2]"), "JSON object")
    assert dump(db) == before


def test_no_open_evening(tmp_path):
    db = tmp_path / "l.db"
    p = run(db, "hand", "add", "--json", json.dumps({"contract": "dreier", "declarer": H, "result": "won"}))
    assert_rejected(p, "no evening is open", "evening start")
    assert_rejected(run(db, "balance", "--json"), "no evening is open")


def test_not_a_ledger(tmp_path):
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database at all" * 100)
    assert_rejected(run(junk, "balance", "--json"), "not a schreiber ledger")
    assert junk.read_bytes() == b"this is not a database at all" * 100
    other = tmp_path / "other.db"
    con = sqlite3.connect(other)
    con.execute("create table recipes (name text)")
    con.commit()
    con.close()
    assert_rejected(run(other, "evening", "start", F, G, H, I), "not a schreiber ledger")
    con = sqlite3.connect(other)
    assert [r[0] for r in con.execute("select name from sqlite_master where type='table'")] == ["recipes"]


def test_bad_evening_start(tmp_path):
    db = tmp_path / "l.db"
    assert_rejected(run(db, "evening", "start", F, G, H), "4 or 5 players")
    assert_rejected(run(db, "evening", "start", F, G, H, I, "--rules", "wien"), "unknown preset 'wien'", "tirol")
    assert_rejected(
        run(db, "evening", "start", F, G, H, I, "--rule", "pagatkasse=3"), "unknown rule 'pagatkasse'", "pagatkassa"
    )
    assert_rejected(run(db, "evening", "start", F, G, H, I, "--rule", "pagatkassa=drei"), "not a whole number")
    assert_rejected(run(db, "evening", "start", F, G, H, I, "--rule", "kontra_max=doppelt"), "kontra, re, sub")
    assert_rejected(run(db, "evening", "start", F, G, F, I), "listed twice")
    assert_rejected(run(db, "evening", "start", F, G, H, I, "--dealer", "Zorro"), "not at the table")
    assert not db.exists() or dump(db) == dump(db)  # nothing but an empty ledger


def test_closed_evening_refuses_hands(tmp_path):
    db = tmp_path / "l.db"
    start(db)
    assert run(db, "evening", "close").returncode == 0
    before = dump(db)
    p = run(db, "hand", "add", "--json", json.dumps({"contract": "dreier", "declarer": H, "result": "won"}))
    assert_rejected(p, "no evening is open")
    assert dump(db) == before
