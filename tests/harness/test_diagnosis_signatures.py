"""The diagnosis's causes from what differs (harness/diagnosis/diagnose.py): engines with bugs of
real engines (the zoo's, tests/harness/diagnosis_zoo/real_bugs.py, none of them a mutant) give a cause per bug in
words, name no known bug that does not reproduce their whole answer, and the same causes whatever
passed."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path
from typing import Any

from cribcheck.harness.corpus.cases import load_cases
from cribcheck.harness.diagnosis.diagnose import CONVENTION_CLAIM, diagnose
from cribcheck.harness.engine.engines import InProcessEngine, reference_engine
from cribcheck.harness.mutants.catalogue import run_mutant
from cribcheck.harness.operations.answers import cached_profiles
from cribcheck.harness.results.results import CaseResult, Item
from cribcheck.harness.results.status import Status
from cribcheck.harness.run import runner

from .diagnosis_zoo.engine import adapter

CASES = Path(__file__).resolve().parents[2] / "cases"


def run(bugs: str, trusting: bool, *selection: str) -> tuple[CaseResult, ...]:
    parser = argparse.ArgumentParser()
    runner.add_arguments(parser)
    plan = runner.plan_from_args(parser.parse_args(["--no-progress", *selection]))
    engine = adapter(bugs, judges_input=not trusting)
    return runner.execute(plan, [], lambda: InProcessEngine(engine)).results


def test_two_bugs_of_a_real_engine_are_two_causes_in_words() -> None:
    results = run("last-card-of-all-scores-2+pairs-one-back-across-reset", False, "--cases", str(CASES / "pegging"))
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
    judging = run("last-card-of-all-scores-2+pairs-one-back-across-reset", False, "--cases", str(CASES / "pegging"))
    trusting = run("last-card-of-all-scores-2+pairs-one-back-across-reset", True, "--cases", str(CASES / "pegging"))
    failing = [result for result in judging if result.status in (Status.FAIL, Status.ERROR)]
    assert [r.item.name for r in failing] == [r.item.name for r in trusting if r.status in (Status.FAIL, Status.ERROR)]
    assert diagnose(judging, None).causes == diagnose(trusting, None).causes
    assert diagnose(failing, None).causes == diagnose(judging, None).causes  # without a single pass


def test_the_winners_score_stopped_at_the_target_is_a_convention_and_names_no_bug() -> None:
    results = run("score-stops-at-target", False, "--cases", str(CASES / "flow"))
    causes = diagnose(results, None).causes
    assert causes, "the engine fails some game"
    first = causes[0]
    assert first.convention == CONVENTION_CLAIM
    assert first.description.startswith("a convention, not a bug: the winner's score")
    assert all(cause.mutant is None for cause in causes)


def test_a_point_after_the_win_is_a_cause_in_its_words_and_never_two_coincidental_bugs() -> None:
    """t-go-five-pone-pairs-on-after-go: B on 59 plays on after A's go to a pair and reaches 61,
    winning at that card; an engine that credits the last card's point after the winning card
    gives B 62. Two catalogue mutants together (peg-pairs-non-adjacent+last-card-before-last-play)
    give the same 62 on all of them: a difference of one point is one bug's, and no pair is tried
    for it (before, that pair was named)."""
    results = run("last-card-after-the-win", False, "--tag", "win")
    wrong = [result for result in results if result.status is Status.FAIL]
    assert "t-go-five-pone-pairs-on-after-go[five-card]" in [result.item.name for result in wrong]
    causes = diagnose(results, None).causes
    assert all("+" not in (cause.mutant or "") for cause in causes)  # no two bugs at once
    (past,) = [cause for cause in causes if "t-go-five-pone-pairs-on-after-go[five-card]" in cause.results]
    assert past.mutant is None and past.reading is None
    assert past.description == (
        "the winner's score: the engine gives the winner more than the reference, past the target "
        "(62 where it gives 61)"
    )
    assert past.rules[0] == "game.win"


def test_a_refusal_that_is_not_the_largest_cause_names_no_bug_of_its_own() -> None:
    """An engine that records a discard as one card while another leaves the hand refuses the
    plays of the card it still holds (card_not_held, the largest cause) and, after them, some
    plays as not_your_turn, at the very index where the mutant pone-leads-after-go refuses them
    too: a coincidence of code and index, never named (before, it was, for 22 results)."""
    causes = diagnose(run("discard-shifts-index", False), None).causes
    assert causes[0].signatures[0].relation == "rejection card_not_held where a result was expected"
    assert all(cause.mutant is None for cause in causes)


def test_the_totals_a_bug_changes_come_after_the_bug() -> None:
    """A show that counts no run longer than three (the zoo's show-runs-of-three-at-most): the
    hands and games whose scores it changes are more failing results than the shows, and a cause
    of their own, after it: the first cause is the show's runs."""
    causes = diagnose(run("show-runs-of-three-at-most", False), None).causes
    first = causes[0]
    assert first.rules[0] == "show.runs"
    assert first.description.startswith("the runs of a hand or crib in the show")
    largest = max(causes, key=lambda cause: cause.explains)  # the hands' and games' scores, after it
    assert largest.description.startswith("a player's score: the engine gives one less than the reference")
    assert largest.explains > first.explains and causes.index(largest) > 0


def failing(case_id: str, profile: str, answer: dict[str, Any], compared: tuple[str, ...] | None = None) -> CaseResult:
    """The result of case `case_id` under `profile` answered `answer`, its expectation cut to the
    keys `compared` (an engine that claims no events, say)."""
    (case,) = [case for case in load_cases() if case.id == case_id]
    expected = dict(case.expected(profile))
    if compared is not None:
        expected = {key: value for key, value in expected.items() if key in compared}
    return CaseResult(Item(case, profile), Status.FAIL, "wrong", ("wrong",), expected, answer)


def test_a_known_bug_that_matches_only_where_the_engine_is_wrong_is_never_named() -> None:
    """p-six-dealer-go-explicit: pone 1 (the go after 9C), dealer 1 (the last card 6S). The C++
    engine's last card of all scores 2: pone 1, dealer 2. The mutant go-point-to-go-sayer gives
    the go's point to the dealer, who said go: pone 0, dealer 2. It equals the engine where the
    engine is wrong (the dealer's 2), not where it is right (the pone's 1): it only resembles."""
    result = failing("p-six-dealer-go-explicit", "six-card", {"ok": {"points": {"pone": 1, "dealer": 2}}}, ("points",))
    with cached_profiles():
        assert run_mutant("go-point-to-go-sayer", "pegging", result.case.input, "six-card")["ok"]["points"] == {
            "pone": 0,
            "dealer": 2,
        }
    (cause,) = diagnose([result], None).causes
    assert cause.mutant is None
    assert cause.resembles == "go-point-to-go-sayer"
    assert cause.description == (
        "the dealer's pegging points: the engine gives one more than the reference (2 where it gives 1)"
    )


def test_an_engine_that_plays_another_reading_is_told_to_claim_it() -> None:
    """p-dispute-six-final-card-thirty-one under six-card: the dealer's 7C makes 31 as the last card
    of all; 2 by the ruling, 2 + 1 under D2's other reading (six-card--thirty-one-plus-last)."""
    (case,) = [case for case in load_cases() if case.id == "p-dispute-six-final-card-thirty-one"]
    other = {"ok": dict(case.expected("six-card--thirty-one-plus-last"))}
    (cause,) = diagnose([failing(case.id, "six-card", other)], None).causes
    assert cause.reading == "six-card--thirty-one-plus-last" and cause.mutant is None
    assert cause.description.startswith("your engine plays D2's other reading (thirty-one scores 2 plus 1 for last")
    assert cause.description.endswith("claim six-card--thirty-one-plus-last if you mean it")
    # the rule of what differs (the 31 as the last card), then the one that tells the readings apart
    assert cause.rules[:2] == ("peg.last-card", "dispute.d2-thirty-one")


def test_a_muggins_profile_played_without_muggins_cites_the_variant() -> None:
    """mug-peg-overlooked-overclaim-go-claim-ignored: pone 3, dealer 6 in the cards (the dealer's
    fifteen 2, last card for the go 1, fifteen 2 and last card 1 at the end; the pone's run 2-3-4
    3), pone 4, dealer 5 once the muggins claims are judged. An engine that ignores the claims
    answers as six-card does: the other profile of the game reproduces it, and the rule that tells
    the two apart is the muggins variant's."""
    (case,) = [case for case in load_cases() if case.id == "mug-peg-overlooked-overclaim-go-claim-ignored"]
    assert case.expected("six-card--muggins")["points"] == {"pone": 4, "dealer": 5}
    plain = {"ok": dict(case.expected("six-card"))}
    assert plain["ok"]["points"] == {"pone": 3, "dealer": 6}
    (cause,) = diagnose([failing(case.id, "six-card--muggins", plain)], None).causes
    assert cause.reading == "six-card" and cause.rules[1] == "variant.muggins"


def test_a_plain_profile_played_with_muggins_cites_the_rule_without_it() -> None:
    """The same case the other way round: sent as six-card, answered as six-card--muggins does
    (pone 4, dealer 5, where the true points are pone 3, dealer 6). The engine lets claims change
    the score in a game without muggins: rule muggins.off, then the variant it plays."""
    (case,) = [case for case in load_cases() if case.id == "mug-peg-overlooked-overclaim-go-claim-ignored"]
    assert case.expected("six-card")["points"] == {"pone": 3, "dealer": 6}
    mugged = {"ok": dict(case.expected("six-card--muggins"))}
    (cause,) = diagnose([failing(case.id, "six-card", mugged)], reference_engine().info).causes  # sent its claims
    assert cause.reading == "six-card--muggins"
    assert cause.rules[1:3] == ("muggins.off", "variant.muggins")


def test_an_errors_cause_leads_with_what_the_engine_said_and_the_events_where_it_stops() -> None:
    """Two peggings in which a go comes (p-six-dealer-go-explicit, p-dispute-six-final-card-thirty-one):
    an engine whose pegging loop never ends fails both; the go is the rarest event they share."""
    said = "the engine's pegging loop did not end\x1b[2J"
    results = [
        dataclasses.replace(failing(case_id, "six-card", {}), status=Status.ERROR, message=said, actual=None)
        for case_id in ("p-six-dealer-go-explicit", "p-dispute-six-final-card-thirty-one")
    ]
    (cause,) = diagnose(results, None).causes
    assert cause.description == f'errors: the engine gave no answer; it said "{said}"'  # the reports escape it
    assert cause.rules[0] == "peg.go"
