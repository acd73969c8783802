"""The winner's score as a board shows it: what an engine that stops the winner's score at the
target (hello `stops_at_target: true`) is compared against.

Both readings of the winner's score at the win are conformant: the points reached (119 + a crib
of 6 is 125, the reference's) or the target itself (121, a board's game hole). For an engine
claiming the second, `at_target` turns an expectation of the first into its own: every score of a
`hand`, `game` or `match` result and of their events that passes the target is the target, and
nothing else changes (who wins and when, the loser's score, the points of each event, skunks by
the loser's score, game points). Under a profile that measures a skunk by the winning margin
(dispute D1's other reading), the margin is measured from the target, so a game's skunk and game
points are worked again from the scores (reference.skunk_of). Match profiles measure skunks by the
loser's score (a test holds it), so a match changes only its scores.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from cribcheck.reference import CribbageError, Profile, load_profile, skunk_of

SCORED_OPS = frozenset({"hand", "game", "match"})  # the operations whose results carry scores
_SKUNK_KEYS = ("skunk", "game_points", "wins_match_outright", "wins_match")


def at_target(op: str, expected: Mapping[str, Any], profile_name: str) -> Mapping[str, Any]:
    """`expected` (a case's expectation, or a reference answer's result) as an engine stopping the
    winner's score at the target must answer it: the same object when nothing passes the target."""
    if op not in SCORED_OPS or "rejected" in expected:
        return expected
    profile = _profile(profile_name)
    if profile is None:
        return expected
    board = _capped(expected, "", profile.target)
    if op == "game" and isinstance(board, dict):
        _margin_from_target(expected, board, profile)
    return board


@cache
def _profile(name: str) -> Profile | None:
    """The profile as the reference defines it (never as a mutant changes the harness's loader:
    what is compared does not depend on the engine); None for an unknown one."""
    try:
        return load_profile(name)
    except CribbageError:
        return None


def _capped(value: Any, key: str, target: int) -> Any:
    """`value` with every number of a `scores` mapping above `target` made `target` (a boolean is
    no number here: it is left as it is, for the comparison to report)."""
    if key == "scores" and isinstance(value, Mapping):
        return {side: target if _number(score) and score > target else score for side, score in value.items()}
    if isinstance(value, Mapping):
        return {name: _capped(item, name, target) for name, item in value.items()}
    if isinstance(value, list):
        return [_capped(item, "", target) for item in value]
    return value


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _margin_from_target(expected: Mapping[str, Any], board: dict[str, Any], profile: Profile) -> None:
    """Under a margin reading of skunks, a game's skunk class and game points worked again from the
    target and the loser's score, where the winner passed the target (two sides: a skunk is
    between two)."""
    rule = profile.skunk
    scores = expected.get("scores")
    if rule is None or rule.measure != "margin_over" or not isinstance(scores, Mapping) or len(scores) != 2:
        return
    if not all(_number(score) for score in scores.values()) or not any(key in expected for key in _SKUNK_KEYS):
        return
    winner_score, loser_score = sorted(scores.values(), reverse=True)
    if winner_score <= profile.target:
        return
    skunk, game_points, wins_match = skunk_of(profile.target, loser_score, profile)
    worked = {"skunk": skunk, "game_points": game_points, "wins_match_outright": wins_match, "wins_match": wins_match}
    for key in _SKUNK_KEYS:
        if key in expected:
            board[key] = worked[key]
