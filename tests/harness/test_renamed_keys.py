"""`wins_match` renamed `wins_match_outright` (docs/PROTOCOL.md, "Versions"): the reference answers
with the new name; for one release the harness still reads the old one, from an engine's answer
and from a case file's expectation, and the result schema accepts either."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from cribcheck.harness.contract.schemas import problems
from cribcheck.harness.corpus.cases import load_cases
from cribcheck.harness.operations.answers import run_reference
from cribcheck.harness.operations.compare import mismatches

# Game 3 (A's 28 against B's 122) is a triple skunk under the triple-skunk profile and wins the
# match outright; under six-card-match it is a double skunk that decides the match by game points
# (B 4), and wins_match_outright is false there: the case's explanation works both.
CASE = "vmatch-one-all-then-triple-skunk"
PROFILE = "six-card-match--triple-skunk"


@cache
def the_case() -> Any:
    (case,) = [case for case in load_cases() if case.id == CASE]
    return case


@cache
def _reference(profile: str) -> dict[str, Any]:
    return run_reference("match", the_case().input, profile)


def reference(profile: str = PROFILE) -> dict[str, Any]:
    return copy.deepcopy(_reference(profile))


def renamed(answer: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    changed = copy.deepcopy(answer)
    for game in changed["ok"]["games"]:
        game[new] = game.pop(old)
    return changed


def test_the_reference_answers_with_the_new_name_and_the_case_expects_it() -> None:
    case = the_case()
    answer = reference()
    games = answer["ok"]["games"]
    assert [game["wins_match_outright"] for game in games] == [False, False, True]
    assert all("wins_match" not in game for game in games)
    assert not mismatches(case.expected(PROFILE), answer)
    by_points = reference("six-card-match")["ok"]
    assert by_points["decided_by"] == 3 and [game["wins_match_outright"] for game in by_points["games"]] == [False] * 3


def test_an_engine_answering_with_the_old_name_still_agrees() -> None:
    case = the_case()
    old = renamed(reference(), "wins_match_outright", "wins_match")
    assert not problems("protocol/result.schema.json", old["ok"], "/$defs/match")
    assert not mismatches(case.expected(PROFILE), old)
    wrong = copy.deepcopy(old)
    wrong["ok"]["games"][2]["wins_match"] = False  # the old name is read, not ignored
    assert mismatches(case.expected(PROFILE), wrong) == ["games[2].wins_match_outright: expected true, got false"]


def test_an_expectation_written_with_the_old_name_is_read() -> None:
    answer = reference()
    assert not mismatches({"games": [{"wins_match": False}, {"wins_match": False}, {"wins_match": True}]}, answer)
    assert mismatches({"games": [{}, {}, {"wins_match": False}]}, answer) == [
        "games[2].wins_match: expected false, got true"
    ]


def test_a_match_game_with_neither_name_breaks_the_schema() -> None:
    answer = reference()
    for game in answer["ok"]["games"]:
        del game["wins_match_outright"]
    assert problems("protocol/result.schema.json", answer["ok"], "/$defs/match") == [
        f"games/{number}: 'wins_match_outright' is a required property" for number in range(3)
    ]
