"""A board engine: the reference, with the winner's score stopped at the target as a board's game
hole stops it (`min(target, score + points)` once the target is passed), and each event's points
as scored. It is made where the scores are kept (reference.hand's `_score`), so that a game's skunk
and game points, and a match's totals, follow from the stopped score by the reference's own rules,
not from the harness's reading of the claim (harness/operations/at_target.py).

    python3 board_engine.py [--claim]

`--claim` says `"stops_at_target": true` in the hello; without it the engine is held to the points
reached. Used by tests/harness/test_stops_at_target.py, and to measure the claim on the corpus.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import cribcheck.reference.hand as hand_module
from cribcheck.harness.engine.serve import reference_adapter

_ORIGINAL_SCORE = hand_module._score


def _board_score(awards: Any, scores: dict[str, int], profile: Any) -> Any:
    steps, final, winner = _ORIGINAL_SCORE(awards, scores, profile)

    def stopped(values: Any) -> dict[str, int]:
        return {side: min(score, profile.target) for side, score in values.items()}

    return tuple(dataclasses.replace(step, scores=stopped(step.scores)) for step in steps), stopped(final), winner


@contextmanager
def on_a_board() -> Iterator[None]:
    """The reference's scores stopped at the target for the time of the block."""
    with mock.patch.object(hand_module, "_score", _board_score):
        yield


def main(argv: list[str]) -> int:
    adapter = reference_adapter()
    adapter = dataclasses.replace(adapter, name="board-engine", stops_at_target="--claim" in argv)
    with on_a_board():
        return adapter.serve()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
