"""The lines of the rules (the catalogue's `lines`, harness/corpus/lines.py): every line has cases at
it, one below and one above, under each of its profiles; a missing one is named; each measure
reads what it says. The hand-made cases below are worked in their comments."""

from __future__ import annotations

from typing import Any

import yaml

from cribcheck.harness.contract.files import CATALOGUE_FILE
from cribcheck.harness.corpus.cases import Case, load_cases
from cribcheck.harness.corpus.lines import (
    Line,
    cards_dealt,
    check_line_definitions,
    check_lines,
    cut_depths,
    lines_of,
    loser_scores,
    match_game_points,
    missing_cases,
    play_cards,
    play_count,
    winning_margins,
)
from cribcheck.reference import profile_names

CATALOGUE: Any = yaml.safe_load(CATALOGUE_FILE.read_text(encoding="utf-8"))
LINES = lines_of(CATALOGUE)


def case(op: str, data: dict[str, Any], expect: dict[str, Any], profiles: tuple[str, ...] = ("six-card",)) -> Case:
    return Case("x", "x", (), (), profiles, op, data, {"default": expect}, "", "x.yaml", "x")


def test_the_catalogue_names_the_lines_the_issue_asks_for() -> None:
    at = {line.id: line.at for line in LINES}
    assert at["target-61"] == 61 and at["target-121"] == 121 and at["match-target-3"] == 3
    assert (at["skunk-91"], at["double-skunk-61"], at["triple-skunk-31"], at["skunk-margin-30"]) == (91, 61, 31, 30)
    assert (at["count-15"], at["count-31"], at["count-8-cards"]) == (15, 31, 8)
    assert at["cut-upper-packet"] == 4
    # The deepest cut leaves 4 cards of the stock: 52 less the cards dealt (and three players' crib card), less 4.
    assert dict(at["cut-lower-packet"]) == {
        "five-card": 52 - 10 - 4,
        "six-card": 52 - 12 - 4,
        "six-card-61": 52 - 12 - 4,
        "three-player": 52 - 15 - 1 - 4,
        "four-player": 52 - 20 - 4,
    }
    assert dict(at["cards-dealt"]) == {
        "five-card": 5,
        "six-card": 6,
        "six-card-61": 6,
        "three-player": 5,
        "four-player": 5,
    }
    assert not check_line_definitions(LINES, {rule["id"]: rule for rule in CATALOGUE["rules"]}, profile_names(), "c")


def test_every_line_has_cases_at_below_and_above_it() -> None:
    assert missing_cases(load_cases(), LINES) == []


def test_a_line_without_its_cases_is_named() -> None:
    """Without the two 8-card play cases, nothing puts a count of 8 cards under six-card or
    six-card-61 (the 7-card and 9-card cases stay)."""
    eight = {"p-line-eight-cards-double-pair-royal", "p-line-eight-cards-last-scores-nothing"}
    cases = [case for case in load_cases() if case.id not in eight]
    errors = check_lines(cases, LINES, "cases/rules.yaml")
    assert [(error.case_id, error.message.split(" (")[0]) for error in errors] == [
        ("line count-8-cards", "no case under six-card puts play-cards at 8"),
        ("line count-8-cards", "no case under six-card-61 puts play-cards at 8"),
    ]
    assert "(at the longest count of two six-card hands" in errors[0].message


def test_the_measures() -> None:
    # A game B won 121-30, and one nobody won: the loser's score and the margin come from the first only.
    won = case("game", {}, {"scores": {"A": 30, "B": 121}, "winner": "B"})
    unwon = case("game", {}, {"scores": {"A": 30, "B": 100}, "winner": None})
    assert (list(loser_scores(won, "six-card")), list(winning_margins(won, "six-card"))) == ([30], [91])
    assert list(loser_scores(unwon, "six-card")) == []
    # A rejected game measures nothing.
    assert list(loser_scores(case("game", {}, {"rejected": "game_over"}), "six-card")) == []
    # A match: the totals after it and after each game.
    match = case("match", {}, {"totals": {"A": 1, "B": 3}, "games": [{"totals": {"A": 0, "B": 2}}]})
    assert sorted(match_game_points(match, "six-card-match")) == [0, 1, 2, 3]
    # KS QS JS 2C: 10 + 10 + 10 + 2 = 32 in 4 cards (the over_31 case is one above 31).
    play = case("play", {"count": ["KS", "QS", "JS", "2C"]}, {"rejected": "over_31"})
    assert (list(play_count(play, "six-card")), list(play_cards(play, "six-card"))) == ([32], [4])
    # A game whose second hand is a deck cut at 36, and whose first is dealt 6 and 5 cards.
    hands = [{"dealt": {"A": ["AC"] * 6, "B": ["2C"] * 5}}, {"deck": [], "cut": 36}]
    game = case("game", {"hands": hands}, {"rejected": "wrong_card_count"})
    assert (list(cut_depths(game, "six-card")), sorted(cards_dealt(game, "six-card"))) == ([36], [5, 6])


def test_a_line_is_checked_under_its_own_profiles_only() -> None:
    line = Line("t", "a test line", "play-cards", 2, ("peg.pairs",), ("six-card",))
    two, three = case("play", {"count": ["AC", "2C"]}, {}), case("play", {"count": ["AC", "2C", "3C"]}, {})
    one_elsewhere = case("play", {"count": ["AC"]}, {}, profiles=("five-card",))
    gaps = missing_cases([two, three, one_elsewhere], [line])
    assert [(gap.profile, gap.value, gap.where) for gap in gaps] == [("six-card", 1, "one below")]


def test_a_bad_line_definition_is_named() -> None:
    line = Line("t", "a test line", "play-cards", {"six-card": 8}, ("no.such-rule",), ("six-card", "seven-card"))
    messages = [error.message for error in check_line_definitions([line, line], {}, profile_names(), "c")]
    assert "rule no.such-rule is not in the catalogue" in messages
    assert "unknown profile seven-card" in messages
    assert any(message.startswith("`at` names ['six-card']") for message in messages)
    assert "line id given twice in the catalogue" in messages
