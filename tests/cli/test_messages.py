"""Messages as a scorekeeper meets them: what to type in the notation's
terms, a premium the rules do not play named as such, an itemized
Trischaken in plain German, the sheet of an evening just settled, and a best
evening named so that evenings of one date are told apart."""

from __future__ import annotations

import json

from tests.helpers import F, G, H, I, cli, refused_line


def run(*args):
    r = cli(*args)
    assert r.exit_code == 0, r.output
    return r.output


def test_a_missing_partner_names_the_talon_not_null():
    run("evening", "start", F, G, H, I, "--rules", "standard")
    line = refused_line("hand", "add", "--json", json.dumps({"contract": "rufer", "declarer": G, "result": "won"}))
    assert 'give the partner who held it, or talon if the king lay in the talon (in JSON: "partner": null)' in line


def test_a_premium_not_played_under_the_rules_is_named():
    run("evening", "start", F, G, H, I, "--rules", "tirol")
    line = refused_line("hand", "add", "ruf", "gerti", "hans", "+", "sküs")
    assert line.startswith("schreiber: error: Sküsfang is not played under tirol; its premiums: pagat, uhu, kakadu,")
    assert "did you mean" not in line


def test_an_itemized_trischaken_reads_plainly():
    # tirol-koenigrufen-de-luxe.txt:69: the one with most points pays each other player; with 36 or more, double.
    run("evening", "start", F, G, H, I, "--rules", "tirol")
    run("hand", "add", "trischaken", "20", "10", "38", "2")  # from the Vorhand Gerti: Ilse 38 pays
    text = run("sheet", "--explain", "1")
    assert text.splitlines()[0] == "Hand 1: Trischaken, Fri 2 Ger 20 Han 10 Ils 38"
    assert "Trischaken: Ilse pays: 6 x 2 (36 points reached) = 12" in text  # the stored label, said in English


def test_the_sheet_after_settling_shows_the_evening_just_closed():
    run("evening", "start", F, G, H, I, "--rules", "standard")
    run("hand", "add", "dreier", "hans", "+")
    run("settle", "--close")
    text = run("sheet")
    assert text.startswith("Evening 1, ") and "(settled; evening reopen 1 to change it)" in text.splitlines()[0]
    assert "Next:" not in text
    assert run("balance").startswith("Evening 1 (")


def test_a_best_evening_is_named_by_date_and_number():
    for _ in range(2):  # two evenings on one date
        run("evening", "start", F, G, H, I, "--date", "2026-11-20")
        run("hand", "add", "dreier", "hans", "+")
    text = run("stats", "--table", "players")
    assert "(2026-11-20, #1)" in text


def test_at_the_table_an_error_names_what_to_type_and_a_hand_record_its_keys(lang, tmp_path):
    """Issue 39: the table was told JSON ('"partner" auf null setzen', 'in
    JSON "result"'); a hand given in the notation is told what to type
    (+ or -, talon), a hand record (--record, JSON Lines) its keys."""
    run("evening", "start", F, G, H, I, "--rules", "standard")  # Fritz deals, Gerti is Vorhand
    told = {
        ("rufer", "hans"): "+",
        ("piccolo", "gerti"): "+",
        ("besserrufer", "gerti", "hans", "schleifen"): "talon",
        ("trischaken",): "NAME:",
    }
    for words, typed in told.items():
        line = refused_line("hand", "add", *words)
        assert typed in line and "JSON" not in line and "null" not in line and '"' not in line, line
    record = {"contract": "rufer", "declarer": G, "partner": H}
    line = refused_line("hand", "add", "--record", json.dumps(record))
    assert '"result": "won"' in line and '"points"' in line, line
    line = refused_line("hand", "add", "--record", json.dumps({**record, "contract": "besserrufer", "conceded": True}))
    assert '"partner"' in line and "null" in line, line
    hands = tmp_path / "hands.jsonl"
    hands.write_text(json.dumps({**record, "declarer": H, "partner": I}) + "\n", encoding="utf-8")
    assert '"result": "won"' in refused_line("hand", "import", str(hands))


def test_a_hint_never_offers_what_the_rules_refuse(lang):
    """Under ooe a king is never one's own (own_king = false): no hint says
    selbst; nor, where negative games are not played side by side, the
    result of each declarer."""
    run("evening", "start", F, G, H, I, "--rules", "ooe")
    for words in (("rufer", "gerti"), ("rufer",), ("rufer", "gerti", "gerti", "+")):
        line = refused_line("hand", "add", *words)
        assert "talon" in line and "selbst" not in line and "null" not in line, line
    line = refused_line("hand", "add", "bettel", "gerti", "hans")
    assert line.count(";") == 1 and "+" not in line, line  # refused side by side, and that alone
    run("evening", "start", F, G, H, I, "--rules", "standard")
    assert "selbst" in refused_line("hand", "add", "--evening", "2", "rufer", "gerti")
