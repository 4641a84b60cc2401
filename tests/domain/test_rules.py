"""The presets as data: unknown keys rejected, every value cited, docs current."""

import re
from fractions import Fraction

import pytest

from schreiber.domain.names import fold
from schreiber.domain.rules import PRESETS, RulesError, load_preset, load_rules, load_rules_file
from schreiber.reports.rules_page import rules_markdown
from tests.helpers import ROOT, SHARED, needs_shared

RULES_DIR = SHARED / "rules"


def cited_sections(source: str):
    """The text of every section of a Markdown rule document a source cites
    as `file.md §N` or `§N.N` (one heading and what stands under it)."""
    doc = re.match(r"([\w-]+\.md)", source)
    if not doc:
        return
    text = (RULES_DIR / doc.group(1)).read_text(encoding="utf-8").splitlines()
    for number in re.findall(r"§(\d+(?:\.\d+)?)", source):
        heads = [i for i, line in enumerate(text) if re.match(rf"#+\s+{re.escape(number)}\.?\s", line)]
        assert heads, f"{doc.group(1)} has no section {number}"
        level = len(text[heads[0]]) - len(text[heads[0]].lstrip("#"))
        end = next(
            (
                j
                for j in range(heads[0] + 1, len(text))
                if text[j].startswith("#") and len(text[j]) - len(text[j].lstrip("#")) <= level
            ),
            len(text),
        )
        yield from text[heads[0] : end]


def cited_lines(source: str):
    yield from cited_sections(source)
    for m in re.finditer(r"([\w-]+\.txt):([\d,\-]+)", source):
        text = (RULES_DIR / m.group(1)).read_text(encoding="utf-8").splitlines()
        for part in m.group(2).split(","):
            if not part:
                continue
            lo, _, hi = part.partition("-")
            for n in range(int(lo), int(hi or lo) + 1):
                assert 1 <= n <= len(text), f"{m.group(1)} has no line {n}"
                yield text[n - 1]


@needs_shared
@pytest.mark.parametrize("preset", PRESETS)
def test_every_contract_and_premium_cites_a_line_naming_it(preset):
    rules = load_preset(preset)
    for entry in list(rules.contracts.values()) + list(rules.premiums.values()):
        lines = [fold(line) for line in cited_lines(entry.source)]
        assert lines, f"{preset} {entry.id} cites no line"
        words = [fold(w) for w in (entry.id, entry.name, *entry.aliases)]
        words += [fold(w.split()[0]) for w in (entry.name, *entry.aliases) if " " in w]
        assert any(w and w in line for w in words for line in lines), (preset, entry.id, entry.source)


@pytest.mark.parametrize("preset", PRESETS)
def test_docs_page_is_current(preset, snapshot_update):
    page = ROOT / "docs" / "rules" / f"{preset}.md"
    if snapshot_update:  # as `schreiber rules show PRESET --markdown > docs/rules/PRESET.md` writes it
        page.write_text(rules_markdown(load_preset(preset)), encoding="utf-8")
    assert page.read_text(encoding="utf-8") == rules_markdown(load_preset(preset)), (
        f"regenerate with: schreiber rules show {preset} --markdown > {page} (or --snapshot-update)"
    )


def test_unknown_keys_are_rejected(tmp_path):
    f = tmp_path / "club.toml"
    f.write_text('base = "standard"\n[rules]\npagatkasse = 3\n', encoding="utf-8")
    with pytest.raises(RulesError, match="unknown key 'pagatkasse'.*pagatkassa"):
        load_rules_file(f)
    f.write_text('base = "standard"\n[contracts.rufer]\nwert = 2\n', encoding="utf-8")
    with pytest.raises(RulesError, match="unknown key 'wert'.*value"):
        load_rules_file(f)
    f.write_text('base = "standard"\n[contracts.rufer]\nvalue = "zwei"\n', encoding="utf-8")
    with pytest.raises(RulesError, match="whole number"):
        load_rules_file(f)
    f.write_text("[rules\n", encoding="utf-8")
    with pytest.raises(RulesError, match="not valid TOML"):
        load_rules_file(f)


def test_overrides():
    r = load_rules("standard", ["pagatkassa=3", "contract.zwiccolo.enabled=false", "kontra_max=mord"])
    assert r.pagatkassa == 3 and "zwiccolo" not in r.active_contracts and r.kontra_levels[-1] == "mord"
    with pytest.raises(RulesError, match="unknown contract 'schnapsen'"):
        load_rules("standard", ["contract.schnapsen.value=3"])
    with pytest.raises(RulesError, match="KEY=VALUE"):
        load_rules("standard", ["pagatkassa"])


def test_an_override_of_a_value_takes_the_lost_value_that_followed_it_along():
    """standard-koenigrufen.txt:38: a Bettel counts 3, won or lost; with
    --rule contract.bettel.value=2.5 it counts 2.5 either way. The
    Sechserdreier (2 won, 4 lost, :33) keeps its own lost value; a lost value
    given too stands, before or after the value."""
    contracts = load_rules("standard", ["contract.bettel.value=2.5", "contract.sechserdreier.value=3"]).contracts
    assert (contracts["bettel"].value, contracts["bettel"].lost_value) == (Fraction(5, 2), Fraction(5, 2))
    assert (contracts["sechserdreier"].value, contracts["sechserdreier"].lost_value) == (3, 4)
    for order in (["value=5", "lost_value=6"], ["lost_value=6", "value=5"]):
        dreier = load_rules("standard", [f"contract.dreier.{o}" for o in order]).contracts["dreier"]
        assert (dreier.value, dreier.lost_value) == (5, 6), order


def test_hausrunde_uses_standard_values():
    h, s = load_preset("hausrunde"), load_preset("standard")
    assert h.contracts == s.contracts and h.premiums == s.premiums
    assert h.first_hands_double == 4 and h.radl_scope == "game"
