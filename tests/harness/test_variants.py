"""The harness side of three and four players, muggins and matches: claims reach only the engines
that may read them, lint keeps bad_claim cases to muggins profiles, and a v1 engine sees nothing new."""

from __future__ import annotations

import copy
from typing import Any

from cribcheck.harness.corpus.cases import Case
from cribcheck.harness.operations.features import CLAIMS, input_sent
from cribcheck.harness.results.results import Item
from tests.harness.test_lint import Corpus, corpus, only_error  # noqa: F401 (the fixture)

# Pone KD 9C 3H 2H, dealer 5D 6H 4C 6S: KD (10), 5D (15) fifteen 2 for the dealer, ... (the pegging
# of cases/muggins/claims.yaml). A claim of 0 for the 5D is worth 2 to the pone under muggins.
PEGGING = {"pone": ["KD", "9C", "3H", "2H"], "dealer": ["5D", "6H", "4C", "6S"]}
PLAYS = ["KD", "5D", "9C", "6H", "3H", "4C", "2H", "6S"]


def claimed(claims: list[dict[str, Any]]) -> dict[str, Any]:
    return {**copy.deepcopy(PEGGING), "plays": list(PLAYS), "claims": claims}


def test_claims_are_removed_under_a_profile_without_muggins_for_an_engine_without_the_feature() -> None:
    data = claimed([{"play": 1, "points": 0}])
    assert "claims" not in input_sent(data, "six-card", ())
    assert input_sent(data, "six-card", (CLAIMS,)) == data  # the engine reads them and must ignore them
    assert input_sent(data, "six-card--muggins", ()) == data  # muggins: the claims are the point
    assert input_sent(data, "no-such-profile", ()) == {key: value for key, value in data.items() if key != "claims"}


def test_claims_are_removed_from_every_hand_of_a_game_and_a_match() -> None:
    hand = {"discards": {}, "plays": [], "claims": [{"show": "A", "points": 1}]}
    game = {"cuts": [["AH", "KD"]], "hands": [hand, {**hand}]}
    assert all("claims" not in sent for sent in input_sent(game, "six-card", ())["hands"])
    match = {"cuts": [["AH", "KD"]], "games": [game]}
    assert all("claims" not in sent for sent in input_sent(match, "six-card-match", ())["games"][0]["hands"])
    assert game["hands"][0]["claims"]  # the case's own input is untouched


def test_an_item_sends_the_input_as_the_engine_may_read_it() -> None:
    case = Case(
        id="x",
        title="x",
        rules=("muggins.off",),
        tags=(),
        profiles=("six-card", "six-card--muggins"),
        op="pegging",
        input=claimed([{"play": 1, "points": 0}]),
        expect={"default": {"points": {"pone": 3, "dealer": 6}}},
        explain="x",
        file="x.yaml",
        topic="x",
    )
    assert "claims" not in Item(case, "six-card").request("1").input
    assert "claims" in Item(case, "six-card").request("1", frozenset({CLAIMS})).input
    assert "claims" in Item(case, "six-card--muggins").request("1").input


def test_lint_keeps_bad_claim_cases_to_muggins_profiles(corpus: Corpus) -> None:  # noqa: F811
    bad = {
        "id": "peg-bad-claim",
        "title": "A claim beyond the plays",
        "rules": ["input.cards"],
        "profiles": ["six-card"],
        "op": "pegging",
        "input": claimed([{"play": 8, "points": 1}]),
        "explain": "index 8 names no card",
        "expect": {"default": {"rejected": "bad_claim"}},
    }
    error = only_error(corpus.lint(corpus.write("pegging/a.yaml", bad)))
    assert error.path == "profiles[0]" and "no muggins" in error.message
    fine = {**bad, "profiles": ["six-card--muggins"]}
    assert corpus.lint(corpus.write("pegging/a.yaml", fine)).errors == ()
