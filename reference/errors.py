"""The closed set of rejection codes, shared by the engine and the adapter protocol.

An illegal input is not a crash: the engine rejects it with one of these codes, a message that
names the offending value, and (for plays) the index of the offending play.
"""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    """Every way an input can be rejected. The protocol's rejection codes are these values."""

    INVALID_CARD = "invalid_card"
    DUPLICATE_CARD = "duplicate_card"
    WRONG_CARD_COUNT = "wrong_card_count"
    DISCARD_NOT_HELD = "discard_not_held"
    UNKNOWN_PROFILE = "unknown_profile"
    BAD_CUT = "bad_cut"
    CARD_NOT_HELD = "card_not_held"
    NOT_YOUR_TURN = "not_your_turn"
    OVER_31 = "over_31"
    GO_WITH_PLAYABLE_CARD = "go_with_playable_card"
    PLAY_AFTER_PEGGING_OVER = "play_after_pegging_over"
    PEGGING_INCOMPLETE = "pegging_incomplete"
    GAME_OVER = "game_over"
    INVALID_INPUT = "invalid_input"  # a value no table has a place for (a seat other than A, B, C, D)
    BAD_SEAT = "bad_seat"  # a seat or side the table does not have, or one missing (rule input.seats)
    BAD_CLAIM = "bad_claim"  # a muggins claim that names no count of the hand, or one twice (rule input.claims)
    GAME_INCOMPLETE = "game_incomplete"  # a game of a match ends unwon and another game follows (rule match.over)


class CribbageError(ValueError):
    """An input the rules do not allow. `code` is from the closed set; `index` points at a play
    (or a cut round), `hand` at a hand of a game, `game` at a game of a match."""

    def __init__(
        self,
        code: Code,
        message: str,
        *,
        index: int | None = None,
        hand: int | None = None,
        game: int | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.index = index
        self.hand = hand  # in a game: which hand (0-based) the offending input belongs to
        self.game = game  # in a match: which game (0-based) the offending input belongs to

    def __str__(self) -> str:
        where = f" (play {self.index})" if self.index is not None else ""
        return f"{self.code.value}: {self.message}{where}"
