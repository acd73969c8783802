"""`cribcheck explain NAME` for what a diagnosis names: a known bug (a mutant) with its description,
its rule and the cases it fails; a reading (a profile) with its description, its dispute and the
cases that give it an answer of its own."""

from __future__ import annotations

import pytest

from cribcheck.harness.cli import main


def test_a_known_bug_is_explained(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "heels-worth-1"]) == 0
    text = capsys.readouterr().out
    assert "heels-worth-1: his heels scores 1 instead of 2" in text  # the catalogue's description
    assert "deal.heels" in text and "his heels" in text  # its rule, with the rule's statement
    # f-game-five-heels-win: the dealer turns a jack on 119 and wins with his heels (2); with 1, not yet
    assert "f-game-five-heels-win[five-card]" in text
    assert "cases heels-worth-1 fails:" in text


def test_a_pair_of_known_bugs_is_explained_part_by_part(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "peg-run-in-order-only+peg-pair-royal-4"]) == 0
    text = capsys.readouterr().out
    assert "peg-run-in-order-only: a pegging run counts only when played in order" in text
    assert "peg-pair-royal-4: a pair royal in the pegging scores 4 instead of 6" in text


def test_a_reading_is_explained(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "six-card--thirty-one-plus-last"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("reading six-card--thirty-one-plus-last: D2 other reading")
    assert "a variant of six-card" in text
    assert "dispute.d2-thirty-one" in text
    # cases/pegging/disputes-d2-d3.yaml gives this profile an expectation of its own
    assert "p-dispute-six-final-card-thirty-one" in text


def test_anything_else_is_still_a_case_rule_or_dispute(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "peg.thirty-one"]) == 0
    assert "peg.thirty-one" in capsys.readouterr().out
    assert main(["explain", "no-such-thing"]) == 2
    assert "no case, rule or dispute has the id" in capsys.readouterr().err
