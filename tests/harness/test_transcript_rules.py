"""The rules a transcript line cites do not miss the bug: a disagreement cites the rule its key
or its refused play breaks under the line's profile, and a line that agrees cites the rules its
answer exercised (so that the diagnosis's ranking of rules, which weighs failing lines against
passing ones, sees each rule where it was played)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.fuzz.example import Example
from cribcheck.harness.fuzz.findings import Finding
from cribcheck.harness.transcripts.judge import Judge, finding_rules
from cribcheck.harness.transcripts.lines import Entry

from .test_check import HAND

Json = dict[str, Any]

# docs/checking-your-engine.md's hand, worked there: A deals; B pegs TS, A 5C (fifteen 2), B JD,
# A 5D (30), B says go, A cannot play (KH, QS) and pegs the go's 1; the count restarts, B leads
# 3H, A KH, B 4H, A QS (27, the last card: 1). The show: B's TS JD 3H 4H with 6D, his nobs 1; A's
# 5C 5D KH QS, fifteens 8 and a pair 2; the crib 2C 9D 8C AS, fifteens 4 (9+6, 8+6+A).
RIGHT: Json = {"scores": {"A": 18, "B": 1}, "winner": None}


def judged(op: str, data: Json, ok: Json, profile: str = "six-card") -> tuple[str, tuple[str, ...]]:
    result = Judge(Path("t.jsonl"), None).line(Entry(7, op, profile, data, "ok", ok))
    assert result is not None
    return result.result.status.value, result.result.case.rules


def test_a_passing_hand_cites_the_rules_it_played_and_not_the_win() -> None:
    status, rules = judged("hand", HAND, RIGHT)
    assert status == "pass"
    assert set(rules) == {
        "peg.fifteen", "peg.go", "peg.last-card", "peg.restart",
        "game.show-order", "show.nobs", "show.fifteens", "show.pairs",
    }  # fmt: skip


def test_a_passing_show_cites_what_it_scored() -> None:
    crib = {"cards": ["2C", "9D", "8C", "AS"], "starter": "6D", "crib": True}
    assert judged("show", crib, {"total": 4}) == ("pass", ("show.fifteens",))
    # 9+6 and 8+6+A: fifteens 4; a crib flush of five: 5
    flush = {"cards": ["2C", "9C", "8C", "AC"], "starter": "6C", "crib": True}
    assert judged("show", flush, {"total": 9}) == ("pass", ("show.fifteens", "show.crib-flush"))


def test_a_play_the_reference_refuses_in_a_hand_cites_the_go_or_the_restart() -> None:
    # B says go on 15 holding JD (25 fits): the go is what is broken
    early_go = {**HAND, "plays": ["TS", "5C", "go", "JD", "5D", "3H", "KH", "4H", "QS"]}
    status, rules = judged("hand", early_go, RIGHT)
    assert status == "fail" and rules[0] == "peg.go"
    # after the go at 30 and A's point, B leads the new count; A leading it with KH breaks the restart
    wrong_lead = {**HAND, "plays": ["TS", "5C", "JD", "5D", "go", "KH", "3H", "QS", "4H"]}
    status, rules = judged("hand", wrong_lead, RIGHT)
    assert status == "fail" and rules[0] == "peg.restart"
    # the same hand as a game's first, A dealing (the cut: AS against KS, the lower rank deals)
    game = {"cuts": [["AS", "KS"]], "hands": [{k: v for k, v in wrong_lead.items() if k not in ("dealer", "scores")}]}
    status, rules = judged("game", game, {**RIGHT, "hands_played": 1})
    assert status == "fail" and rules[0] == "peg.restart"


def finding(op: str, profile: str, expected: Json, got: Json, data: Json | None = None) -> list[str]:
    wrong = tuple(
        f"{key}: expected {value!r}, got {got.get(key)!r}" for key, value in expected.items() if got.get(key) != value
    )
    return finding_rules(Finding(Example(op, profile, data or {}), expected, expected, {"ok": got}, None, wrong))


@pytest.mark.parametrize(
    ("op", "profile", "expected", "got", "data", "rule"),
    [
        # a double skunk's 3 game points answered as a skunk's 2
        (
            "game",
            "six-card",
            {"skunk": "double_skunk", "game_points": 3},
            {"skunk": "double_skunk", "game_points": 2},
            None,
            "game.double-skunk",
        ),
        # under the triple skunk, the game that ends the match
        (
            "game",
            "six-card-match--triple-skunk",
            {"skunk": "triple_skunk"},
            {"skunk": "double_skunk"},
            None,
            "match.triple-skunk",
        ),
        (
            "game",
            "six-card-match--triple-skunk",
            {"wins_match_outright": True},
            {"wins_match_outright": False},
            None,
            "match.triple-skunk",
        ),
        # three players: the card dealt to the crib from the deck
        ("deal", "three-player", {"crib_card": "5H"}, {"crib_card": "6H"}, None, "deal.crib-card"),
        # partners: the losing side's score decides the skunk
        (
            "game",
            "four-player",
            {"skunk": "skunk", "game_points": 2},
            {"skunk": None, "game_points": 1},
            None,
            "game.partnership-skunk",
        ),
        # claims: nothing without muggins; with it, the points that fall are never claimed
        (
            "hand",
            "six-card",
            {"scores": {"A": 5, "B": 0}},
            {"scores": {"A": 3, "B": 0}},
            {"claims": [{"play": 1, "points": 0}]},
            "muggins.off",
        ),
        (
            "hand",
            "six-card--muggins",
            {"scores": {"A": 5, "B": 0}},
            {"scores": {"A": 3, "B": 0}},
            {"claims": [{"play": 1, "points": 0}]},
            "muggins.never-claimed",
        ),
    ],
)
def test_a_disagreement_cites_the_rule_its_key_breaks_under_its_profile(
    op: str, profile: str, expected: Json, got: Json, data: Json | None, rule: str
) -> None:
    assert rule in finding(op, profile, expected, got, data)
