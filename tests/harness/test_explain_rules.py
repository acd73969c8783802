"""Issue 26: `cribcheck explain` by rule and by dispute (harness/corpus/explain_rule.py)."""

from __future__ import annotations

import pytest
import yaml

from cribcheck.harness.cli import main
from cribcheck.harness.contract.files import CATALOGUE_FILE

RULES = {rule["id"]: rule for rule in yaml.safe_load(CATALOGUE_FILE.read_text(encoding="utf-8"))["rules"]}


def explain(capsys: pytest.CaptureFixture[str], word: str) -> tuple[int, str, str]:
    code = main(["explain", word])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_rule_gives_its_statement_sources_profiles_disputes_and_cases(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = explain(capsys, "peg.thirty-one")
    assert code == 0
    rule = RULES["peg.thirty-one"]
    lines = out.splitlines()
    assert lines[0] == "peg.thirty-one (pegging)"
    assert " ".join(rule["statement"].split()) in " ".join(line.strip() for line in lines[1:4])
    assert "  profiles: five-card, six-card, six-card-61" in lines
    assert f"  sources: {'; '.join(rule['sources'])}" in lines
    # its statement names dispute D2 (thirty-one and the go)
    assert any(line.startswith("  D2 (dispute.d2-thirty-one): ") for line in lines)
    assert "    both readings: cribcheck explain D2" in lines
    shown = [line for line in lines if line.startswith("  ") and "[" in line and "]: " in line and "->" not in line]
    answers = [line for line in lines if line.startswith("    -> ")]
    assert len(shown) == 3 and len(answers) == 3
    # p-play-thirty-one-six-cards: six cards, no pair or run at the end, reaching exactly 31: 2 for the 31
    assert "  p-play-thirty-one-six-cards[five-card]: Six mixed cards reaching exactly thirty-one" in lines
    assert answers[0] == "    -> points 2 (thirty one 2)"
    assert "every case citing it: cribcheck run --rule peg.thirty-one" in out


@pytest.mark.parametrize("word", ["D4", "d4", "dispute.d4-crib-nobs"])
def test_a_dispute_gives_both_readings_their_profiles_and_a_case_under_each(
    word: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = explain(capsys, word)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "D4 (dispute.d4-crib-nobs)"
    ruling, other = out.split("Ruling (what the main profiles play)")[1].split("Other reading")
    assert "nobs counts in the hand or the crib" in ruling and "sources: source 002; source 004" in ruling
    assert "six-card" in ruling.split("played by:")[1] and "no-crib-nobs" not in ruling
    assert "only a jack of the hand (source 000 read literally)" in other
    assert "played by: six-card--no-crib-nobs, five-card--no-crib-nobs" in other
    # s5-nobs-in-crib: crib JH 3C 4D 9S, starter KH; no fifteen, pair, run or flush; JH is the
    # starter's suit: nobs 1 where the crib's jack counts (the ruling), 0 where it does not
    assert "s5-nobs-in-crib[" in ruling and "-> total 1 (nobs 1)" in ruling
    assert "s5-nobs-in-crib[" in other and "-> total 0 (nothing)" in other
    assert "--no-crib-nobs]" in other.split("a case under it:")[1]


def test_every_dispute_explains(capsys: pytest.CaptureFixture[str]) -> None:
    for rule in RULES.values():
        if rule.get("dispute"):
            code, out, _ = explain(capsys, rule["dispute"])
            assert code == 0 and out.count("a case under it:") == 2, rule["dispute"]


def test_every_rule_explains(capsys: pytest.CaptureFixture[str]) -> None:
    for rule_id, rule in RULES.items():
        if rule.get("area") != "dispute":
            code, out, _ = explain(capsys, rule_id)
            assert code == 0 and out.startswith(f"{rule_id} ({rule['area']})\n"), rule_id


def test_a_mistyped_rule_suggests_the_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = explain(capsys, "peg.thirty-on")
    assert code == 2
    assert "no case, rule or dispute has the id 'peg.thirty-on'" in err
    assert "nearest rules: peg.thirty-one" in err


def test_a_case_id_is_still_a_case(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = explain(capsys, "s5-nobs-in-crib[five-card]")
    assert code == 0 and out.startswith("s5-nobs-in-crib: ")
