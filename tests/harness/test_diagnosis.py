"""The diagnosis of a run (harness/diagnosis/): rules ranked by Ochiai, when a known bug reproduces a
wrong answer, the greedy cover of known bugs (pairs included), what no known bug explains, the
smallest case first, the bounded cost, and the same diagnosis from a saved report."""

from __future__ import annotations

import argparse
import copy
import json
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.corpus.cases import Case, load_cases
from cribcheck.harness.diagnosis import diagnose as diagnosis_module
from cribcheck.harness.diagnosis.diagnose import UNDIAGNOSED, diagnose
from cribcheck.harness.diagnosis.explains import explains, reproduces
from cribcheck.harness.diagnosis.failures import Failure, cards_in, failures_of
from cribcheck.harness.diagnosis.ranking import rank_rules
from cribcheck.harness.diagnosis.replay import Replayer, session
from cribcheck.harness.engine.engines import Engine, reference_engine
from cribcheck.harness.mutants.catalogue import run_mutant
from cribcheck.harness.mutants.engine import mutant_engine
from cribcheck.harness.operations.answers import run_reference
from cribcheck.harness.results.digest import answer_digest
from cribcheck.harness.results.kept import kept_answer
from cribcheck.harness.results.results import CaseResult, Item, held
from cribcheck.harness.results.saved import read_runs
from cribcheck.harness.results.status import Status
from cribcheck.harness.run import runner

from .diagnosis_zoo.bugs import zoo_bug
from .reports import read_report

REPOSITORY = Path(__file__).resolve().parents[2]
PEGGING = REPOSITORY / "cases" / "pegging"
REFERENCE = reference_engine().info  # claims every feature, for every operation, as the mutant engines do


def result(case_id: str, rules: tuple[str, ...], status: Status, op: str = "show", **more: Any) -> CaseResult:
    case = Case(case_id, case_id, rules, (), ("six-card",), op, more.pop("data", {}), {}, "", "cases/x.yaml", "")
    return CaseResult(Item(case, "six-card"), status, **more)


# --- the rules ranked --------------------------------------------------------------------------


def test_rules_are_ranked_by_ochiai() -> None:
    results = [
        result("a", ("r1", "r2"), Status.FAIL),
        result("b", ("r1",), Status.ERROR),
        result("c", ("r2",), Status.PASS),
        result("d", ("r2", "r3"), Status.PASS),
        result("e", ("r3",), Status.NOT_APPLICABLE),  # tells nothing
    ]
    ranked = rank_rules(results)
    # 2 failing results. r1: cited by both, by no pass: 2 / sqrt(2 x 2) = 1.0, all of the failures.
    # r2: 1 failing, 2 passing: 1 / sqrt(2 x 3) = 0.4082, half of the failures. r3: no failure, not ranked.
    assert [(rule.rule, rule.score, rule.failing, rule.passing, rule.share) for rule in ranked] == [
        ("r1", 1.0, 2, 0, 1.0),
        ("r2", 0.4082, 1, 2, 0.5),
    ]


def test_a_rule_cited_everywhere_ranks_below_one_cited_only_by_failures() -> None:
    everywhere = [result(f"p{n}", ("show.fifteens", "peg.go"), Status.PASS) for n in range(8)]
    failing = [result(f"f{n}", ("show.fifteens", "peg.runs"), Status.FAIL) for n in range(2)]
    ranked = [rule.rule for rule in rank_rules(everywhere + failing)]
    assert ranked == ["peg.runs", "show.fifteens"]  # 1.0 against 2 / sqrt(2 x 10) = 0.447


# --- when a known bug reproduces a wrong answer ------------------------------------------------

EXPECTED = {"points": 3, "breakdown": {"run": 3, "pairs": 0}}


def ok(points: int, run: int, pairs: int = 0) -> dict[str, Any]:
    return {"ok": {"points": points, "breakdown": {"run": run, "pairs": pairs, "fifteen": 2}}}


def test_a_bug_explains_when_it_answers_as_the_engine_where_the_engine_is_wrong() -> None:
    engine = ok(0, 0)
    assert explains(EXPECTED, engine, ok(0, 0))
    assert explains(EXPECTED, engine, ok(0, 0, pairs=2))  # differs where the engine is right: not looked at
    assert not explains(EXPECTED, engine, ok(0, 3))  # right about the run, where the engine is wrong
    assert not explains(EXPECTED, engine, ok(1, 0))  # wrong otherwise than the engine
    assert not explains(EXPECTED, ok(3, 3), ok(3, 3))  # the engine is right: nothing to explain
    assert not explains(EXPECTED, engine, {"rejected": {"code": "over_31"}})


def test_rejections_are_reproduced_by_code_index_and_hand() -> None:
    expected = {"rejected": "over_31", "index": 2}
    engine = {"rejected": {"code": "over_31", "index": 3, "message": "mine"}}
    assert explains(expected, engine, {"rejected": {"code": "over_31", "index": 3, "message": "theirs"}})
    assert not explains(expected, engine, {"rejected": {"code": "over_31", "index": 2}})
    assert not explains(expected, engine, {"rejected": {"code": "not_your_turn", "index": 3}})
    other = {"rejected": {"code": "not_your_turn", "index": 1}}
    assert explains(expected, other, {"rejected": {"code": "not_your_turn", "index": 4}})  # the code differs
    assert explains(expected, {"ok": {"points": 1}}, {"ok": {"points": 9}})  # a result where a rejection is due
    assert not explains(EXPECTED, {"rejected": {"code": "over_31"}}, {"rejected": {"code": "invalid_card"}})
    assert explains(EXPECTED, {"rejected": {"code": "over_31"}}, {"rejected": {"code": "over_31", "index": 1}})


def test_a_result_where_a_rejection_is_due_is_reproduced_only_by_the_same_whole_result() -> None:
    """A game played past its end (game_over due at hand 3): a bug that gives a result is not
    enough; it must give the engine's result, every key of it (before, any result reproduced it)."""
    expected = {"rejected": "game_over", "hand": 3}
    engine = {"ok": {"winner": "A", "scores": {"A": 121, "B": 97}, "hands": [{"cards": ["5H", "6H"]}]}}
    assert reproduces(
        expected, engine, {"ok": {"winner": "A", "scores": {"A": 121, "B": 97}, "hands": [{"cards": ["6H", "5H"]}]}}
    )
    assert not reproduces(
        expected, engine, {"ok": {"winner": "A", "scores": {"A": 122, "B": 97}, "hands": [{"cards": ["5H", "6H"]}]}}
    )
    assert not reproduces(expected, engine, {"ok": {"winner": "A", "scores": {"A": 121, "B": 97}}})
    assert not reproduces(expected, engine, {"rejected": {"code": "game_over", "hand": 3}})


def test_sets_of_cards_are_compared_in_any_order_and_lists_whole_when_their_length_differs() -> None:
    expected = {"events": [{"cards": ["5H", "6H", "7H"], "points": 3}], "unplayed": {"pone": ["2C", "3C"]}}
    engine = {"ok": {"events": [{"cards": ["7H", "5H", "6H"], "points": 0}], "unplayed": {"pone": ["3C", "2C"]}}}
    assert explains(expected, engine, {"ok": {"events": [{"cards": ["6H", "7H", "5H"], "points": 0}]}})
    short = {"ok": {"events": [], "unplayed": {"pone": ["2C", "3C"]}}}
    assert explains(expected, short, {"ok": {"events": []}})
    assert not explains(expected, short, {"ok": {"events": [{"cards": ["5H"], "points": 0}]}})


# --- failures, smallest first -------------------------------------------------------------------


def test_cards_are_counted_in_an_input() -> None:
    # 4 + 1 cards of a show, "go" and a number are not cards
    assert cards_in({"cards": ["5H", "10S", "J♥", "KC"], "starter": "5D", "crib": False}) == 5
    assert cards_in({"plays": ["5H", "go", "6H"], "dealer": 3, "hands": {"a": ["2C"]}}) == 3


def test_the_smallest_failure_comes_first() -> None:
    game = result("g", ("game.win",), Status.FAIL, op="game", data={"hands": []}, expected={}, actual={"ok": {}})
    big = result("s2", ("show.runs", "show.pairs"), Status.FAIL, data={"cards": ["AH", "2H", "3H", "4H"]})
    small = result("s1", ("show.runs",), Status.FAIL, data={"cards": ["AH", "2H", "3H"]})
    fewer_rules = result("s3", ("show.runs",), Status.FAIL, data={"cards": ["AH", "2H", "3H", "5H"]})
    passing = result("p", ("show.runs",), Status.PASS)
    order = [failure.case_id for failure in failures_of([game, big, passing, fewer_rules, small], REFERENCE)]
    # show before game; 3 cards before 4; of the two with 4 cards, one rule before two
    assert order == ["s1", "s3", "s2", "g"]


# --- the diagnosis of real runs -----------------------------------------------------------------


def corpus_run(engine: str, *selection: str) -> tuple[CaseResult, ...]:
    return corpus_results(lambda: mutant_engine(engine), *selection)


def corpus_results(engine: Callable[[], Engine], *selection: str) -> tuple[CaseResult, ...]:
    parser = argparse.ArgumentParser()
    runner.add_arguments(parser)
    plan = runner.plan_from_args(parser.parse_args(["--no-progress", *selection]))
    return runner.execute(plan, [], engine).results


def test_one_known_bug_is_the_first_cause_and_explains_every_failure() -> None:
    results = corpus_run("peg-run-in-order-only", "--cases", str(PEGGING))
    found = diagnose(results, REFERENCE)
    failing = [each for each in results if each.status is Status.FAIL]
    assert len(failing) > 20
    first = found.causes[0]
    assert (first.mutant, first.rules, first.explains) == ("peg-run-in-order-only", ("peg.runs",), len(failing))
    assert len(found.causes) == 1
    assert first.description == "a pegging run counts only when played in order: 5 7 6 is no run"
    # the smallest: a single play (op `play`) of three cards, before any whole pegging
    assert first.case == "p-play-run-three-any-order[five-card]"
    assert set(first.results) == {each.item.name for each in failing}
    assert found.rules[0].rule == "peg.runs"


def test_two_known_bugs_are_two_causes() -> None:
    results = corpus_run("peg-run-in-order-only+peg-pair-royal-4", "--cases", str(PEGGING))
    causes = diagnose(results, REFERENCE).causes
    named = [cause.mutant for cause in causes[:3]]
    assert "peg-run-in-order-only" in named and "peg-pair-royal-4" in named, causes


def test_a_bug_seen_only_in_refusals_is_named_once_the_other_differences_are_accounted() -> None:
    """Four players playing to 61 (four-player-target-61) beside a deal that passes to the right
    (deal-passes-right): every four-player game the deal bug leaves alone ends at 61, so its later
    hands are refused game_over where a result is due. A refusal says little, but once every other
    difference has its known bug, the bugs of its cases' rules are tried: the 61 reproduces them."""
    causes = diagnose(corpus_run("deal-passes-right+four-player-target-61"), REFERENCE).causes
    named = {cause.mutant: cause for cause in causes}
    assert set(named) == {"four-player-target-61", "deal-passes-right"}, causes
    assert named["four-player-target-61"].rules[0] == "variant.four-players"
    assert "rejection game_over where a result was expected" in [
        s.relation for s in named["four-player-target-61"].signatures
    ]


def test_refusals_two_named_bugs_give_together_are_theirs_and_no_third_bugs() -> None:
    """No point for a go (no-point-for-go) and four players to 61 (four-player-target-61): games
    the go points would have won mid-hand end later, and their last plays are refused
    pegging_incomplete, as a win noticed only at the end of the hand (win-at-end-of-hand) refuses
    them too: a coincidence of code and index. Both bugs at once reproduce those refusals, so no
    third bug is named for them; the fewest bugs account for the failures."""
    causes = diagnose(corpus_run("four-player-target-61+no-point-for-go"), REFERENCE).causes
    assert [cause.mutant for cause in causes] == ["no-point-for-go", "no-point-for-go+four-player-target-61"], causes


def test_the_bug_that_reproduces_more_groups_is_named_for_all_of_them() -> None:
    """Three for last pegged after his heels (three-for-last-after-heels): where the dealer wins
    on heels first, the pone's three for last is never scored, as if it were missing
    (three-for-last-missing reproduces those results too); elsewhere only the late three for
    last shows. One bug accounts for all five results, so it is named for all of them."""
    causes = diagnose(corpus_run("match-target-off-by-one+three-for-last-after-heels"), REFERENCE).causes
    assert [(cause.mutant, cause.explains) for cause in causes[:2]] == [
        ("match-target-off-by-one", 34),
        ("three-for-last-after-heels", 5),
    ], causes
    assert all(cause.mutant != "three-for-last-missing" for cause in causes)


def test_a_cause_two_bugs_share_is_split_by_the_bug_that_gives_most_of_it() -> None:
    """Without muggins every claim changes nothing; an engine that plays muggins in every profile
    (muggins-by-default) and pairs 10 with Q in the pegging (peg-pairs-by-value) stops a winner's
    score at the target in games of either bug: one way of differing, two bugs. The pairs bug gives
    most of those results; the rest are the muggins bug's (alone, or beside the pairs bug), and
    it is named among the first three causes."""
    causes = diagnose(corpus_run("muggins-by-default+peg-pairs-by-value"), REFERENCE).causes
    assert causes[0].mutant == "peg-pairs-by-value", causes
    assert any("muggins-by-default" in (cause.mutant or "").split("+") for cause in causes[1:3]), causes


def test_totals_searched_before_any_bug_was_named_are_split_by_the_bugs_named_since() -> None:
    """Pegging points that do not add up (peg-reasons-do-not-add: a card's largest reason alone
    counts) and, with muggins, a claim on a last-card point read as a claim on its card
    (last-card-claim-on-the-card): the largest cause is a player's score lower than the
    reference's, in games of either bug. It is met first, before any bug is named; once the
    pegging bug is named elsewhere, it gives most of those games, and the rest are the claim bug's."""
    causes = diagnose(corpus_run("last-card-claim-on-the-card+peg-reasons-do-not-add"), REFERENCE).causes
    assert [cause.mutant for cause in causes[:2]] == ["peg-reasons-do-not-add", "last-card-claim-on-the-card"], causes


def test_a_bug_a_cause_resembles_is_tried_beside_the_bugs_named() -> None:
    """Q-K-A a run in the show (ace-high-show-runs) and a claim on a last-card point read as a
    claim on its card (last-card-claim-on-the-card): in four muggins games the claim bug gives the
    engine's scores where they are wrong, but not the rest of the answer, which the ace-high runs
    changed too. Beside the bug named for the show, it gives the whole answer: both are named, the
    pair in the catalogue's order."""
    causes = diagnose(corpus_run("ace-high-show-runs+last-card-claim-on-the-card"), REFERENCE).causes
    assert [cause.mutant for cause in causes[:2]] == [
        "ace-high-show-runs",
        "ace-high-show-runs+last-card-claim-on-the-card",
    ], causes
    assert "muggins.never-claimed" in causes[1].rules


def test_a_name_a_larger_cause_cannot_keep_is_taken_from_the_smaller_and_searched_again() -> None:
    """No point for a go (no-point-for-go) and the last card's point pegged only after the pone's
    hand is counted (last-card-after-pone-hand): in the hands, the go point is missing and the
    last card's point comes late, two ways of differing in one answer. The go bug alone gives one
    hand with only the late point, so it was named for that way too, and then failed the hands
    showing both. The smaller cause loses the name, not the larger; searched again on all its
    results, beside the go bug, the hand-order bug gives them, and the pegging results where the
    late point is simply missing too (no-point-for-last-card gives those, but not the hands)."""
    causes = diagnose(corpus_run("last-card-after-pone-hand+no-point-for-go"), REFERENCE).causes
    assert [cause.mutant for cause in causes[:2]] == [
        "no-point-for-go",
        "no-point-for-go+last-card-after-pone-hand",
    ], causes
    assert "game.hand-order" in causes[1].rules
    assert all("no-point-for-last-card" not in (cause.mutant or "") for cause in causes), causes


def test_a_pair_one_of_whose_bugs_alone_gives_its_failures_is_named_by_that_one() -> None:
    """Three players, the deck's card for the crib never dealt (crib-card-forgotten): it stays on
    the stock, so the starter is one card up, as when the stock is counted from the crib's card
    (stock-from-the-crib-card); and the crib holds three cards, which the reference refuses
    (wrong_card_count) where a hand is played from the deck. The stock bug gives the six starters
    and, beside the forgotten card, the two refusals; the forgotten card alone gives all eight:
    one bug, named for all of them."""
    causes = diagnose(corpus_run("crib-card-forgotten", "--profile", "three-player"), REFERENCE).causes
    assert [(cause.mutant, cause.explains) for cause in causes] == [("crib-card-forgotten", 8)], causes
    assert causes[0].rules[0] == "deal.crib-card"


def counted_replays(monkeypatch: pytest.MonkeyPatch) -> list[Replayer]:
    """The replayers the diagnoses make from now on, to read what they spent."""
    made: list[Replayer] = []

    class Counted(Replayer):
        def __init__(self, budget: int, workers: int = 0) -> None:
            super().__init__(budget, workers)
            made.append(self)

    monkeypatch.setattr(diagnosis_module, "Replayer", Counted)
    return made


def test_the_totals_of_games_are_searched_only_when_no_named_bug_gives_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """A match played on past its win (match-played-past-the-win) and a skunk line one point off
    (skunk-off-by-one): nine matches differ only past the part of their answers a run keeps, which
    says nothing of where. Both bugs together give them; they are found on the other causes first,
    and the catalogue is not searched on those matches (before, it was: 332,880 units of replays,
    3.3 s; now under 150,000)."""
    made = counted_replays(monkeypatch)
    causes = diagnose(corpus_run("match-played-past-the-win+skunk-off-by-one"), REFERENCE).causes
    named = {part for cause in causes for part in (cause.mutant or "").split("+") if part}
    assert named == {"match-played-past-the-win", "skunk-off-by-one"}, causes
    assert made and made[0].spent < 150_000


def test_a_difference_past_the_kept_part_or_a_convention_is_searched_under_its_rules_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """His heels worth 3 (the zoo's heels-worth-3, a bug no mutant is): 19 hands peg one more
    (3 where the reference gives 2), and the games that follow end elsewhere; nine matches differ
    only past the part of their answers kept, and ten games' winners end on the target by chance.
    No known bug gives them; the catalogue was searched in vain on all of them, 2,000 units a
    match: 329,240 units of replays, 3.5 s (the run itself took 3.7). Now the matches and the
    convention are tried under their rules' bugs only, and the causes are the same."""
    with zoo_bug("heels-worth-3").applied():  # the reference, in process, with the bug in place
        results = corpus_results(reference_engine)
    made = counted_replays(monkeypatch)
    causes = diagnose(results, REFERENCE).causes
    assert not any(cause.mutant for cause in causes), causes
    heels = [cause for cause in causes if cause.rules[:1] == ("deal.heels",)]
    assert [cause.explains for cause in heels] == [19], causes
    assert heels[0].description == "his heels: the engine gives one more than the reference (3 where it gives 2)"
    assert [cause.explains for cause in causes if cause.convention] == [10], causes
    assert made and made[0].spent < 150_000


def test_only_both_bugs_at_once_explain_a_failure_where_both_show() -> None:
    # a pegging where the run of 3 (played out of order) and the pair royal both score: only the
    # pair of bugs gives the engine's answer. pone 4C 6D 6H, dealer 5S 6S KD (five-card):
    # 4C(4), 5S(9), 6D(15: fifteen 2, run 4-5-6 3), 6S(21: pair 2), 6H(27: pair royal 6), then
    # the dealer's KD passes 31: go, last card 1 to the pone.
    data = {"pone": ["4C", "5D", "5H"], "dealer": ["6S", "5S", "KD"], "plays": ["4C", "6S", "5D", "5S", "5H"]}
    expected = {"points": run_reference("pegging", data, "five-card")["ok"]["points"]}
    assert expected == {"points": {"pone": 12, "dealer": 2}}
    engine = {"ok": {"points": {"pone": 7, "dealer": 2}}}  # the run lost (3) and the pair royal worth 4 (2 short)
    assert run_mutant("peg-run-in-order-only", "pegging", data, "five-card")["ok"]["points"]["pone"] == 9
    assert run_mutant("peg-pair-royal-4", "pegging", data, "five-card")["ok"]["points"]["pone"] == 10
    case = Case("both", "both", ("peg.runs", "peg.pairs"), (), ("five-card",), "pegging", data, {}, "", "x.yaml", "")
    failing = CaseResult(Item(case, "five-card"), Status.FAIL, expected=expected, actual=engine)
    (cause,) = diagnose([failing], REFERENCE).causes
    assert cause.mutant == "peg-run-in-order-only+peg-pair-royal-4"
    assert cause.rules[:2] == ("peg.runs", "peg.pairs")  # the bugs' rules, then the rules of what differs
    assert cause.description == (
        "a pegging run counts only when played in order: 5 7 6 is no run; and a pair royal in the pegging scores 4 "
        "instead of 6"
    )


def test_one_bug_whose_every_failure_differs_in_two_ways_is_named() -> None:
    """go-point-at-the-go pegs the go's point when go is said: each failing pegging has a go point
    where the reference has none and lacks one where the reference has it, two signatures that
    never show alone. The bug is tried on such a group by itself (before, only beside a bug named
    for another cause, and none was: the first cause named no bug)."""
    results = corpus_run("go-point-at-the-go", "--cases", str(PEGGING))
    first = diagnose(results, REFERENCE).causes[0]
    assert first.mutant == "go-point-at-the-go"
    assert first.explains == sum(each.status is Status.FAIL for each in results)


def test_a_refusal_is_named_by_a_bug_of_its_own_only_as_the_largest_cause() -> None:
    """last-player-leads-after-go: every failure is a refusal, not_your_turn at the play where the
    reference's leader leads; the bug gives the same code and index on each, and is named. A
    refusal that is not the largest cause is named only by a bug another cause names."""
    results = corpus_run("last-player-leads-after-go", "--cases", str(PEGGING))
    first, *_ = diagnose(results, REFERENCE).causes
    assert first.mutant == "last-player-leads-after-go"
    assert first.signatures[0].field == "rejection.code"


def test_a_smaller_refusal_is_named_by_a_bug_of_the_rules_of_what_differs() -> None:
    """Two bugs: pegging runs only in order (the largest cause) and the other player's card that
    would pass 31 refused over_31 before not_your_turn. The seven refusals of another code than
    the expected one cite the order of the checks, and its bug names them."""
    results = corpus_run("peg-run-in-order-only+over-31-before-not-your-turn")
    causes = diagnose(results, REFERENCE).causes
    assert causes[0].mutant == "peg-run-in-order-only"
    (refusal,) = [cause for cause in causes if cause.mutant == "over-31-before-not-your-turn"]
    assert refusal.rules[0] == "input.rejection-order"


def test_failures_no_known_bug_explains_stay_a_cause_in_the_words_of_what_differs() -> None:
    expected = {"total": 2, "breakdown": {"fifteens": 2}}
    wrong = {"ok": {"total": 7, "breakdown": {"fifteens": 7}}}  # no mutant scores seven for fifteens
    data = {"cards": ["5H", "KS", "2C", "3D"], "starter": "9C"}
    failing = result("s", ("show.fifteens", "show.pairs"), Status.FAIL, data=data, expected=expected, actual=wrong)
    passing = [result(f"p{n}", ("show.pairs",), Status.PASS) for n in range(3)]
    crash = result("c", ("peg.go",), Status.ERROR, op="pegging", message="the engine crashed")
    found = diagnose([failing, *passing, crash], REFERENCE)
    assert [(cause.mutant, cause.description, cause.rules, cause.case) for cause in found.causes] == [
        # the show's fifteens, 7 where 2: its rule alone, whatever else the case cites
        (
            None,
            "the fifteens of a hand or crib in the show: the engine gives more than the reference (7 where it gives 2)",
            ("show.fifteens",),
            "s[six-card]",
        ),
        # the crash's data is empty: no event to point at, so the operation's rules
        (
            None,
            'errors: the engine gave no answer; it said "the engine crashed"',
            ("peg.go", "peg.last-card", "peg.restart"),
            "c[six-card]",
        ),
    ]


def test_the_search_stops_when_its_budget_is_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    results = corpus_run("peg-run-in-order-only", "--cases", str(PEGGING / "play-runs.yaml"))
    assert diagnose(results, REFERENCE).causes[0].mutant == "peg-run-in-order-only"
    monkeypatch.setattr(diagnosis_module, "REPLAYS_PER_FAILURE", 0)
    monkeypatch.setattr(diagnosis_module, "MIN_BUDGET", 0)
    found = diagnose(results, REFERENCE)
    assert [cause.mutant for cause in found.causes] == [None]  # nothing replayed: no name, the cause still there
    assert found.causes[0].rules[0] == "peg.runs"
    assert found.causes[0].description.startswith(
        "the run of a card played: the engine gives 0 where the reference scores"
    )


def _held_failure(case_id: str, profile: str, engine: dict[str, Any], *, digest: bool = True) -> Failure:
    """The failure a run holds of `engine`'s answer to a case: cut once reported (harness.results.kept),
    with the digest of the whole answer taken before the cut (none: a report older than digests)."""
    (case,) = [case for case in load_cases() if case.id == case_id]
    item = Item(case, profile)
    expected = case.expected(profile)
    actual, left_out = kept_answer(expected, engine)
    whole = answer_digest(expected, engine) if digest else None
    result = held(CaseResult(item, Status.FAIL, "", ("wrong",), expected, actual, left_out=left_out, digest=whole))
    assert result.left_out.items > 0  # held cut: the second game, past the first game's events, is gone
    (failure,) = failures_of([result], REFERENCE)
    return failure


def test_a_cut_answer_is_reproduced_only_by_a_bug_whose_whole_answer_is_the_engines() -> None:
    """A match answered with every event is held cut (about 500 values). A bug is named for it
    only when its whole answer has the digest of the engine's whole answer: one that agrees with the
    engine up to the cut and not after it only resembles it (before, comparing the cut parts, the
    second engine below was reproduced by nobs-any-suit)."""
    case_id, profile = "match-skunk-then-triple-skunk-in-game-two", "six-card-match"
    (case,) = [case for case in load_cases() if case.id == case_id]
    with session():
        engine = run_mutant("nobs-any-suit", case.op, case.input, profile)
        assert engine != run_reference(case.op, case.input, profile)
        failure = _held_failure(case_id, profile, engine)
        assert Replayer(10**9).explains("nobs-any-suit", failure)
        assert not Replayer(10**9).explains("nobs-worth-2", failure)
        # the same bug and one more point to A in the last game, past the cut: nobs-any-suit resembles it
        later = copy.deepcopy(engine)
        later["ok"]["games"][-1]["scores"]["A"] += 1
        assert later["ok"]["games"][-1]["scores"]["A"] != engine["ok"]["games"][-1]["scores"]["A"]
        other = _held_failure(case_id, profile, later)
        assert other.answer == failure.answer  # the two engines' answers held alike
        replayer = Replayer(10**9)
        assert not replayer.explains("nobs-any-suit", other)
        assert replayer.resembled("nobs-any-suit", [other]) == [other]
        # a report without digests: a cut answer is never reproduced, at most resembled
        old = _held_failure(case_id, profile, engine, digest=False)
        replayer = Replayer(10**9)
        assert not replayer.explains("nobs-any-suit", old)
        assert replayer.resembled("nobs-any-suit", [old]) == [old]


def test_past_the_smallest_failures_kept_the_rest_are_counted_last(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a diagnosis keeps is bounded (MAX_DIAGNOSED failures, the smallest): past them the
    failures are one cause, counted, last, and named by the run's top rules."""
    results = corpus_run("peg-run-in-order-only", "--cases", str(PEGGING))
    failing = sum(each.status is Status.FAIL for each in results)
    monkeypatch.setattr(diagnosis_module, "MAX_DIAGNOSED", 10)
    found = diagnose(results, REFERENCE)
    first, rest = found.causes
    assert (first.mutant, first.explains) == ("peg-run-in-order-only", 10)
    assert (rest.mutant, rest.description, rest.explains, rest.results) == (None, UNDIAGNOSED, failing - 10, ())
    assert rest.rules[0] == "peg.runs" and found.failures == failing  # the first cause's rules


# --- from a saved report -----------------------------------------------------------------------


def test_a_saved_report_alone_gives_the_same_diagnosis(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "r.jsonl"
    engine = shlex.join([sys.executable, "-m", "cribcheck.harness.cli", "serve", "--mutant", "peg-run-in-order-only"])
    code = main(["run", "--engine", engine, "--cases", str(PEGGING / "play-runs.yaml"), "--report", str(report)])
    assert code == 1
    live = capsys.readouterr().out
    lines = read_report(report)
    footer = lines[-1]
    assert footer["diagnosis"][0]["mutant"] == "peg-run-in-order-only"
    failing = [line for line in lines if line.get("status") == "fail"]
    assert failing and all("input" in line for line in failing)
    assert not any("input" in line for line in lines if line.get("status") == "pass")
    for line in failing:  # each wrong answer's digest is that of the bug's whole answer (the engine's)
        bug = run_mutant("peg-run-in-order-only", line["op"], line["input"], line["profile"])
        assert line["answer_digest"] == answer_digest(line["expected"], bug)
    (run,) = read_runs(report)
    again = diagnose(run.results, run.header.engine)
    assert again.to_json() == footer["diagnosis"]
    assert main(["summary", str(report)]) == 0
    summary = capsys.readouterr().out
    assert _causes_part(summary) == _causes_part(live)
    assert "1. a pegging run counts only when played in order" in summary


def _causes_part(text: str) -> list[str]:
    lines = text.splitlines()
    start = next(number for number, line in enumerate(lines) if line.startswith("likely causes"))
    end = next(number for number, line in enumerate(lines) if line.startswith("== cause 1"))
    return lines[start:end]


def test_the_footer_schema_describes_every_member_of_a_cause() -> None:
    schema = json.loads((REPOSITORY / "schema" / "report" / "report-line.schema.json").read_text(encoding="utf-8"))
    cause = schema["$defs"]["cause"]
    assert set(cause["properties"]) == {
        *("rules", "explains", "mutant", "description", "case", "results"),
        *("signatures", "reading", "convention", "resembles", "shared"),
    }
    assert all(member.get("description") for member in schema["$defs"]["signature"]["properties"].values())
    assert all(member.get("description") for member in cause["properties"].values())
    assert schema["$defs"]["footer"]["properties"]["diagnosis"]["items"] == {"$ref": "#/$defs/cause"}


def test_a_crafted_report_cannot_make_the_diagnosis_replay_without_end_or_fail() -> None:
    """A saved report is read from anywhere: an input of more cards than the corpus ever holds is
    not replayed (a match of a million games would run for hours), and an expectation nested past
    Python's stack reproduces nothing, without failing."""
    huge = {"games": [{"hands": [{"plays": ["5H"] * 100}]} for _ in range(200)]}  # 20,000 cards
    big = result("big", ("match.over",), Status.FAIL, op="match", data=huge,
                  expected={"winner": "A"}, actual={"ok": {"winner": "B"}})  # fmt: skip
    deep: dict[str, object] = {"total": 1}
    for _ in range(5_000):
        deep = {"nested": deep}
    nested = result("deep", ("show.fifteens",), Status.FAIL, data={"cards": ["5H", "KS", "2C", "3D"]},
                    expected=deep, actual={"ok": {"nested": {}}})  # fmt: skip
    replayer = Replayer(10**9)
    with session():
        assert replayer.explained("nobs-any-suit", failures_of([big, nested], REFERENCE)) == []
    assert replayer.replays == 1  # the deep one, not the huge one
    found = diagnose([big, nested], REFERENCE)
    assert sorted((cause.mutant, cause.results) for cause in found.causes) == [
        (None, ("big[six-card]",)),  # the winner differs: a cause of its own, never replayed
        (None, ("deep[six-card]",)),
    ]


def test_a_run_without_failures_does_not_load_the_mutants(tmp_path: Path) -> None:
    """The diagnosis and the mutants it replays are imported when a run has something to diagnose:
    `cribcheck run --case ID` that passes pays nothing for them; one that fails loads them."""
    import subprocess

    from .conftest import ZOO, write_cases

    cases = write_cases(tmp_path / "cases")
    script = (
        "import sys; from cribcheck.harness.cli import main; "
        f"main(['run', '--cases', {str(cases)!r}, '--no-progress', *sys.argv[1:]]); "
        "print('cribcheck.harness.mutants.catalogue' in sys.modules)"
    )
    wrong = shlex.join([sys.executable, str(ZOO / "all_wrong.py")])
    for extra, loaded in (([], "False"), (["--engine", wrong], "True")):
        done = subprocess.run([sys.executable, "-c", script, *extra], capture_output=True, text=True, check=False)
        assert done.stdout.splitlines()[-1] == loaded, done.stdout + done.stderr
