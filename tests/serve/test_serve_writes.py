"""Each correction a table's page offers goes through the service as its
command does (issue 40): a Radl, a redeal, a Strafpunkt, a void, `ändern
N`, undo and settle --close from the page leave the ledger as `radl`,
`redeal`, `strafpunkt`, `entry void`, `hand edit`, `undo` and `settle
--close` leave it (`sheet --json`, `balance --json` equal); a
correction's key sent again does nothing more; a tapped hand is the hand
record a script would give (../shared/interface.md)."""

from __future__ import annotations

import json

import pytest

from tests.helpers import cli

pytest.importorskip("datasette", reason='Datasette is not installed: pip install -e ".[test]"')
pytest.importorskip("segno", reason='segno is not installed: pip install -e ".[test]"')

from schreiber.domain.rules import load_rules
from schreiber.errors import SchreiberError
from schreiber.serve.taps import tapped

from .inprocess import Phone, served

START = ["evening", "start", "Anna", "Berti", "Carl", "Dora", "--rules", "hausrunde", "--date", "2026-11-28"]
# (the page's action and fields, the command line's words for the same)
STEPS = [
    (("hand", {"zeile": "rufer berti carl +"}), ["hand", "add", "rufer", "berti", "carl", "+"]),
    (("radl", {"wer": "Carl"}), ["radl", "--dealer", "Carl"]),
    (("hand", {"zeile": "dreier carl 41"}), ["hand", "add", "dreier", "carl", "41"]),
    (("redeal", {}), ["redeal"]),
    (("straf", {"wer": "Dora"}), ["strafpunkt", "dora"]),
    (("hand", {"zeile": "piccolo anna 1"}), ["hand", "add", "piccolo", "anna", "1"]),
    (("void", {"ref": "2"}), ["hand", "void", "2"]),
    (("edit", {"nummer": "1", "zeile": "rufer berti dora -"}), ["hand", "edit", "1", "rufer", "berti", "dora", "-"]),
    (("hand", {"zeile": "bettel dora +"}), ["hand", "add", "bettel", "dora", "+"]),
    (("undo", {}), ["undo"]),
    (("void", {"ref": "e2"}), ["entry", "void", "e2"]),
    (("close", {}), ["settle", "--close"]),
]


def test_every_correction_of_the_page_is_the_commands(tmp_path):
    page, ref = tmp_path / "page.db", tmp_path / "cli.db"
    for db in (page, ref):
        assert cli("--db", str(db), *START).exit_code == 0
    ds, link = served(page)
    phone = Phone(ds.app())
    path = link("table", 1)
    for (action, fields), words in STEPS:
        form = phone.form(path, action, **fields)
        r = phone.post(path, data=form, headers={"x-schreiber": "1"})
        assert r.status_code == 200 and r.json()["status"] == "ok", (action, r.text)
        if action in ("undo", "void", "edit"):  # its answer lost: sent again, nothing more is done
            again = phone.post(path, data=form, headers={"x-schreiber": "1"}).json()
            assert again["status"] == "done", (action, again)
        r = cli("--db", str(ref), *words)
        assert r.exit_code == 0, (words, r.output)
    for args in (["sheet", "--json", "--evening", "1"], ["balance", "--json", "--evening", "1"]):
        assert cli("--db", str(page), *args).stdout == cli("--db", str(ref), *args).stdout, args
    assert "settled" in cli("--db", str(page), "evening", "list").stdout
    assert "csrftoken" not in phone.get(path).text  # a settled evening takes nothing more


def test_a_tapped_hand_is_the_record_a_script_would_give():
    rules = load_rules("ooe")
    players = ("Anna", "Berti", "Carl", "Dora")
    form = {"spiel": "rufer", "spieler": "Berti", "partner": "talon", "ergebnis": "lost", "punkte": "35/2",
            "kontra_0": "kontra", "kontra_2": "re", "praemie_pagat": "angesagt-", "praemie_trull": "still",
            "partei_trull": "opponents", "augen_0": "70"}  # fmt: skip
    assert tapped(form, rules, players, "Berti") == {
        "contract": "rufer",
        "declarer": "Berti",
        "partner": None,
        "result": "lost",
        "points": "35/2",
        "kontra": "re",
        "kontra_from": "Anna",
        "premiums": [
            {"name": "pagat", "party": "declarer", "announced": True, "result": "lost"},
            {"name": "trull", "party": "opponents", "announced": False, "result": "won"},
        ],
    }  # fmt: skip  (two said Kontra and Re: the game stands at Re; who said Kontra is Anna alone)
    negative = tapped({"spiel": "piccolo", "spieler": "Carl", "punkte": "1", "kontra_0": "kontra",
                       "kontra_1": "re", "partner": "Dora"}, rules, players, "Berti")  # fmt: skip
    assert negative == {
        "contract": "piccolo",
        "declarer": "Carl",
        "tricks": 1,
        "kontra": {"Anna": "kontra", "Berti": "re"},
    }
    assert tapped({"spiel": "trischaken", **{f"augen_{i}": str(v) for i, v in enumerate((20, 15, 25, 10))}},
                  rules, players, "Berti") == {"contract": "trischaken",
                                               "scores": {"Anna": 20, "Berti": 15, "Carl": 25, "Dora": 10}}  # fmt: skip
    for wrong, said in (({}, "choose the contract"), ({"spiel": "dreier"}, "choose the declarer"),
                        ({"spiel": "rufer", "spieler": "Berti"}, "choose the partner"),
                        ({"spiel": "dreier", "spieler": "Anna", "punkte": "viel"}, "give the card points")):  # fmt: skip
        with pytest.raises(SchreiberError, match=said):
            tapped(wrong, rules, players, "Berti")
    assert json.dumps(tapped({"spiel": "rufer", "partner": "selbst"}, rules, players, "Berti"))  # the Vorhand's Rufer
