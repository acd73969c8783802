"""`cribcheck mutants` (harness/mutants/kill_table.py): the kill table as seen by an engine that
claims some optional features (`--features LIST|none`), and the distinct cases that kill each
mutant. The corpus-wide tables are checked in tests/harness/test_mutants.py.
"""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from cribcheck.harness.cli import main as cli_main
from cribcheck.harness.corpus.cases import Case
from cribcheck.harness.mutants import kill_table as kill_table_module
from cribcheck.harness.mutants.catalogue import MUTANTS, get_mutant
from cribcheck.harness.mutants.kill_table import (
    case_of,
    distinct_cases,
    kill_table,
    kill_tables,
    kills,
    not_applicable,
    parse_features,
    parse_trusting,
    survivors,
    thinly_killed,
    with_trusting,
)
from cribcheck.harness.mutants.mutation import Mutant, ProfilePatch
from cribcheck.harness.operations.capabilities import Capabilities
from cribcheck.harness.operations.features import FEATURES

# Pegging P5 (five-card): pone KC 9H TD, dealer 4S 9D QH; plays KC (count 10), 4S (14), 9H (23).
# The dealer holds 9D (32) and QH (33): go; the pone's TD (33) does not fit either: the pone, who
# played the last card, scores 1. K 4 9: no fifteen, pair or run. Pone 1, dealer 0.
P5 = {"pone": ["KC", "9H", "TD"], "dealer": ["4S", "9D", "QH"], "plays": ["KC", "4S", "9H"]}
P5_EVENTS = [
    {"type": "play", "player": "pone", "card": "KC", "count": 10, "points": 0},
    {"type": "play", "player": "dealer", "card": "4S", "count": 14, "points": 0},
    {"type": "play", "player": "pone", "card": "9H", "count": 23, "points": 0},
    {"type": "go", "player": "dealer"},
    {"type": "last_card", "player": "pone", "points": 1},
]


def pegging_case(case_id: str, expected: dict[str, Any], profiles: tuple[str, ...] = ("five-card",)) -> Case:
    return Case(
        id=case_id,
        title=case_id,
        rules=("peg.last-card",),
        tags=(),
        profiles=profiles,
        op="pegging",
        input=P5,
        expect={"default": expected},
        explain="",
        file="tests/harness/test_kill_table.py",
        topic="kill table",
    )


# Only the event list shows the go point (an optional feature); the points show it always.
EVENTS_ONLY = pegging_case("events-only", {"events": P5_EVENTS})
POINTS = pegging_case("points", {"points": {"pone": 1, "dealer": 0}})
NO_GO_POINT = [get_mutant("no-point-for-go")]


def test_a_case_seen_only_through_events_kills_only_for_an_engine_claiming_events():
    assert kill_table([EVENTS_ONLY], NO_GO_POINT)["no-point-for-go"] == ["events-only[five-card]"]
    assert kill_table([EVENTS_ONLY], NO_GO_POINT, features=())["no-point-for-go"] == []
    assert kill_table([EVENTS_ONLY], NO_GO_POINT, features=("skunk", "breakdown"))["no-point-for-go"] == []
    assert kill_table([EVENTS_ONLY], NO_GO_POINT, features=("events",))["no-point-for-go"] == ["events-only[five-card]"]


def test_always_compared_keys_kill_whatever_the_claim():
    full, none = kill_tables([EVENTS_ONLY, POINTS], NO_GO_POINT, (FEATURES, ()))
    assert full["no-point-for-go"] == ["events-only[five-card]", "points[five-card]"]
    assert none["no-point-for-go"] == ["points[five-card]"]


def test_distinct_cases_count_a_case_once_whatever_its_profiles():
    killers = ["a-case[five-card]", "a-case[six-card]", "b-case[six-card]"]
    assert case_of("a-case[six-card--skunk-by-margin]") == "a-case"
    assert distinct_cases(killers) == 2
    assert thinly_killed({"nobs-worth-2": killers}, 3) == ["nobs-worth-2"]
    assert thinly_killed({"nobs-worth-2": killers}, 2) == []
    assert thinly_killed({"skunk-off-by-one": killers}, 3, features=()) == []  # not applicable


def test_a_mutant_only_a_feature_shows_is_not_applicable_without_it():
    table = {"skunk-off-by-one": [], "nobs-worth-2": []}
    assert survivors(table) == ["skunk-off-by-one", "nobs-worth-2"]
    assert survivors(table, features=()) == ["nobs-worth-2"]
    assert not_applicable(table, ()) == ["skunk-off-by-one"]
    assert not_applicable(table, ("skunk",)) == []


def test_only_the_skunk_mutants_and_muggins_everywhere_are_shown_only_by_a_feature():
    # Every other mutant changes what every engine must answer; the corpus test proves each claim.
    shown_only = {mutant.name: mutant.shown_only_by for mutant in MUTANTS if mutant.shown_only_by}
    assert shown_only == {
        "skunk-by-margin": "skunk",
        "skunk-off-by-one": "skunk",
        "double-skunk-off-by-one": "skunk",
        "partnership-no-skunk": "skunk",  # D10: the sides' scores and winner stay, only the skunk differs
        # Claims under a profile without muggins are sent only to an engine claiming `claims`.
        "muggins-by-default": "claims",
    }


@pytest.mark.parametrize(
    ("text", "claimed"),
    [("none", set()), ("events", {"events"}), ("events, skunk", {"events", "skunk"}), ("breakdown,", {"breakdown"})],
)
def test_features_option_reads_a_list_or_none(text: str, claimed: set[str]):
    assert parse_features(text) == claimed


@pytest.mark.parametrize("text", ["bogus", "events,bogus", "", ","])
def test_features_option_refuses_an_unknown_feature(text: str):
    with pytest.raises(argparse.ArgumentTypeError, match="unknown feature"):
        parse_features(text)


def test_the_command_prints_the_claim_the_runs_and_the_distinct_cases(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    both = pegging_case("events-only", {"events": P5_EVENTS}, profiles=("five-card", "five-card--loose-flush"))
    monkeypatch.setattr(kill_table_module, "load_cases", lambda path: [both])
    assert cli_main(["mutants", "--mutant", "no-point-for-go"]) == 0
    out = capsys.readouterr().out
    assert "(every optional feature claimed)" in out
    # two runs (one case under two profiles), one distinct case
    assert [line.split()[2:4] for line in out.splitlines() if "no-point-for-go" in line] == [["2", "1"]]
    assert cli_main(["mutants", "--mutant", "no-point-for-go", "--features", "none"]) == 1
    out = capsys.readouterr().out
    assert "(no optional feature claimed)" in out and "SURVIVED no-point-for-go" in out


def test_the_command_marks_a_mutant_no_claimed_feature_shows_as_not_applicable(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    monkeypatch.setattr(kill_table_module, "load_cases", lambda path: [POINTS])
    argv = ["mutants", "--mutant", "no-point-for-go", "--mutant", "skunk-off-by-one"]
    assert cli_main([*argv, "--features", "events,breakdown"]) == 0
    out = capsys.readouterr().out
    assert "n/a      skunk-off-by-one" in out
    assert "every mutant killed (1 of 1)" in out
    assert "features claimed: breakdown, events" in out
    assert cli_main(argv) == 1  # claiming skunk, nothing here kills the skunk line
    assert "SURVIVED skunk-off-by-one" in capsys.readouterr().out


# Six-card pegging (the case vmug-peg-thirty-one-with-pair-claimed-half): pone KH TD 3H 2D, dealer
# 5C 3S 7S 8D. KH 10; 5C 15, fifteen 2 (dealer); TD 25; 3S 28; 3H 31, pair 2 + thirty-one 2 (pone
# 4, nothing for last); the dealer leads 7S 7, 2D 9, 8D 17 and the last card 1: pone 4, dealer 3.
# The pone claims 2 for plays[4]: without muggins the claim changes nothing; under muggins the
# pone would peg 2 and the dealer the 2 overlooked (pone 2, dealer 5).
CLAIMED_UNDER_SIX_CARD = Case(
    id="claim-without-muggins",
    title="claim-without-muggins",
    rules=("muggins.off",),
    tags=(),
    profiles=("six-card",),
    op="pegging",
    input={
        "pone": ["KH", "TD", "3H", "2D"],
        "dealer": ["5C", "3S", "7S", "8D"],
        "plays": ["KH", "5C", "TD", "3S", "3H", "7S", "2D", "8D"],
        "claims": [{"play": 4, "points": 2}],
    },
    expect={"default": {"points": {"pone": 4, "dealer": 3}}},
    explain="",
    file="tests/harness/test_kill_table.py",
    topic="kill table",
)
MUGGINS_EVERYWHERE = Mutant(
    "muggins-everywhere", "every profile plays muggins", "muggins.off", ProfilePatch("muggins", lambda profile: True)
)


def test_claims_under_a_profile_without_muggins_reach_only_an_engine_claiming_the_feature():
    # As `cribcheck run` sends it: an engine that does not claim `claims` is sent the input without
    # them, so muggins played everywhere is the same engine to it (pone 4, dealer 3).
    full, none = kill_tables([CLAIMED_UNDER_SIX_CARD], [MUGGINS_EVERYWHERE], (FEATURES, ()))
    assert full["muggins-everywhere"] == ["claim-without-muggins[six-card]"]
    assert none["muggins-everywhere"] == []
    claimed = kill_table([CLAIMED_UNDER_SIX_CARD], [MUGGINS_EVERYWHERE], features=("claims",))
    assert claimed["muggins-everywhere"] == ["claim-without-muggins[six-card]"]
    with MUGGINS_EVERYWHERE.applied():
        assert kills(CLAIMED_UNDER_SIX_CARD, "six-card")
        assert not kills(CLAIMED_UNDER_SIX_CARD, "six-card", features=("events", "skunk"))


# P5's plays with the dealer's 9D after 9H: 23 + 9 = 32, over 31 at play 3.
OVER_31 = Case(
    id="over-31",
    title="over-31",
    rules=("input.legal-play",),
    tags=(),
    profiles=("five-card",),
    op="pegging",
    input={**P5, "plays": ["KC", "4S", "9H", "9D"]},
    expect={"default": {"rejected": "over_31", "index": 3}},
    explain="",
    file="tests/harness/test_kill_table.py",
    topic="kill table",
)
PLAY_PAST_31 = [get_mutant("play-past-31")]


def test_features_of_one_operation_are_compared_for_that_operation_only():
    events_of_show = parse_features("show:events,breakdown")
    assert isinstance(events_of_show, Capabilities)
    assert events_of_show.features_for("show") == {"events", "breakdown"}
    assert events_of_show.features_for("pegging") == {"breakdown"}
    assert kill_table([EVENTS_ONLY], NO_GO_POINT, events_of_show)["no-point-for-go"] == []
    assert kill_table([EVENTS_ONLY], NO_GO_POINT, parse_features("pegging:events"))["no-point-for-go"] == [
        "events-only[five-card]"
    ]
    with pytest.raises(argparse.ArgumentTypeError, match="shuffle:events"):
        parse_features("shuffle:events")


def test_a_rejection_case_kills_only_for_an_engine_that_judges_input():
    assert kill_table([OVER_31], PLAY_PAST_31)["play-past-31"] == ["over-31[five-card]"]
    trusting = with_trusting(frozenset(FEATURES), parse_trusting("pegging"))
    assert kill_table([OVER_31], PLAY_PAST_31, trusting)["play-past-31"] == []
    assert kill_table([OVER_31], PLAY_PAST_31, with_trusting(frozenset(), parse_trusting("show")))["play-past-31"]
    with pytest.raises(argparse.ArgumentTypeError, match="shuffle"):
        parse_trusting("pegging,shuffle")


def test_the_command_marks_a_mutant_only_rejections_show_as_not_applicable_to_a_trusting_engine(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    monkeypatch.setattr(kill_table_module, "load_cases", lambda path: [OVER_31, POINTS])
    argv = ["mutants", "--mutant", "play-past-31", "--mutant", "no-point-for-go"]
    assert cli_main(argv) == 0
    assert "killed   play-past-31" in capsys.readouterr().out
    assert cli_main([*argv, "--trusting", "all"]) == 0
    out = capsys.readouterr().out
    assert "n/a      play-past-31" in out and "(only cases expecting a rejection show it)" in out
    assert "every mutant killed (1 of 1)" in out
    assert "illegal input not judged: show, play, pegging, deal, cut, hand, game, match" in out
