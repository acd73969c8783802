"""The diagnosis's causes from what differs (harness/diagnosis/diagnose.py): engines with bugs of
real engines (tests/harness/signature_engines.py, none of them a mutant) give a cause per bug in
words, name no known bug that does not reproduce their whole answer, and the same causes whatever
passed."""

from __future__ import annotations

import argparse
from pathlib import Path

from cribcheck.harness.diagnosis.diagnose import CONVENTION_CLAIM, diagnose
from cribcheck.harness.engine.engines import InProcessEngine
from cribcheck.harness.results.results import CaseResult
from cribcheck.harness.results.status import Status
from cribcheck.harness.run import runner

from .signature_engines import adapter

CASES = Path(__file__).resolve().parents[2] / "cases"


def run(bugs: str, trusting: bool, *selection: str) -> tuple[CaseResult, ...]:
    parser = argparse.ArgumentParser()
    runner.add_arguments(parser)
    plan = runner.plan_from_args(parser.parse_args(["--no-progress", *selection]))
    engine = adapter(tuple(bugs.split("+")), trusting)
    return runner.execute(plan, [], lambda: InProcessEngine(engine)).results


def test_two_bugs_of_a_real_engine_are_two_causes_in_words() -> None:
    results = run("last-card-of-all-one-more+pairs-across-one-reset", False, "--cases", str(CASES / "pegging"))
    causes = diagnose(results, None).causes
    words = [cause.description for cause in causes]
    assert words[0] == (
        "the point for the last card of all: the engine gives one more than the reference (2 where it gives 1)"
    )
    assert any(text.startswith("a card that leads a new count: the engine scores pair") for text in words)
    assert all(cause.mutant is None for cause in causes)  # no mutant answers as this engine does
    lead = next(cause for cause in causes if cause.description.startswith("a card that leads"))
    assert lead.rules[:2] == ("peg.pairs", "peg.restart")


def test_the_causes_depend_on_the_failures_alone() -> None:
    judging = run("last-card-of-all-one-more+pairs-across-one-reset", False, "--cases", str(CASES / "pegging"))
    trusting = run("last-card-of-all-one-more+pairs-across-one-reset", True, "--cases", str(CASES / "pegging"))
    failing = [result for result in judging if result.status in (Status.FAIL, Status.ERROR)]
    assert [r.item.name for r in failing] == [r.item.name for r in trusting if r.status in (Status.FAIL, Status.ERROR)]
    assert diagnose(judging, None).causes == diagnose(trusting, None).causes
    assert diagnose(failing, None).causes == diagnose(judging, None).causes  # without a single pass


def test_the_winners_score_stopped_at_the_target_is_a_convention_and_names_no_bug() -> None:
    results = run("stops-at-target", False, "--cases", str(CASES / "flow"))
    causes = diagnose(results, None).causes
    assert causes, "the engine fails some game"
    first = causes[0]
    assert first.convention == CONVENTION_CLAIM
    assert first.description.startswith("a convention, not a bug: the winner's score")
    assert all(cause.mutant is None for cause in causes)
