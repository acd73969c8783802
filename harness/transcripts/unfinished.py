"""The games and hands a transcript began and never ended: the engine crashed or hung in them.

A recorder writes a begin line as a game or hand begins (`{"begin": "game", "profile": ...}`), and
the game's or hand's own line when it ends: a `game` line ends the game begun and every hand begun
in it, a `hand` line the hand begun. `Open` follows the lines in order. A game still open when the
next game begins, or when the transcript ends, never ended; so does a hand still open when the next
hand begins (the game it belongs to may go on), or at the end outside a game. Each is reported once,
as the game (or the hand) with the last line written in it. A transcript without begin lines has
nothing open, and is judged as before.
"""

from __future__ import annotations

from dataclasses import dataclass

from cribcheck.harness.transcripts.lines import Begin


@dataclass(frozen=True)
class Unfinished:
    """A game or hand begun and never ended: its begin line, the last line written in it (its
    number and operation, None when nothing was), the hand open in it when it is a game, and
    whether the transcript ends inside it (a recorder that died with the engine)."""

    begun: Begin
    last: tuple[int, str] | None
    hand: Begin | None
    at_end: bool

    def problem(self) -> str:
        """What is wrong, for the error's message (the line number is the result's name)."""
        what = f"a {self.begun.what} under {self.begun.profile} began here and never ended"
        last = f"its last line is line {self.last[0]} ({self.last[1]})" if self.last else "no line was written in it"
        inside = f"; the hand begun at line {self.hand.number} never ended either" if self.hand else ""
        ended = (
            f"the transcript ends inside it, after line {self.last[0] if self.last else self.begun.number}"
            if self.at_end
            else f"another {self.begun.what} began after it"
        )
        return f"{what}: {last}{inside}; {ended}: the engine crashed or hung in it"


class Open:
    """The game and hand begun and not ended yet, fed the transcript's lines in order."""

    def __init__(self) -> None:
        self.game: Begin | None = None
        self.hand: Begin | None = None
        self.game_last: tuple[int, str] | None = None
        self.hand_last: tuple[int, str] | None = None

    def begin(self, begin: Begin) -> list[Unfinished]:
        """A begin line: what it leaves unfinished."""
        if begin.what == "game":
            found = self._game_unfinished(at_end=False)
            self.game, self.game_last = begin, None
            return found
        found = self._hand_unfinished(at_end=False) if self.hand else []
        self.hand, self.hand_last = begin, None
        return found

    def line(self, number: int, op: str) -> None:
        """Any other line (an answer or a bad line, `op` empty when it names none): the last line
        of what is open; a `game` line ends the game and its hand, a `hand` line the hand."""
        if self.game is not None:
            self.game_last = (number, op or "not a transcript line")
        if self.hand is not None:
            self.hand_last = (number, op or "not a transcript line")
        if op == "game":
            self.game = self.hand = None
        elif op == "hand":
            self.hand = None

    def end(self) -> list[Unfinished]:
        """The transcript's end: what is still open never ended."""
        if self.game is not None:
            return self._game_unfinished(at_end=True)
        return self._hand_unfinished(at_end=True) if self.hand else []

    def _game_unfinished(self, *, at_end: bool) -> list[Unfinished]:
        if self.game is None:
            return []
        found = Unfinished(self.game, self.game_last, self.hand, at_end)
        self.game = self.hand = None
        return [found]

    def _hand_unfinished(self, *, at_end: bool) -> list[Unfinished]:
        assert self.hand is not None
        found = Unfinished(self.hand, self.hand_last, None, at_end)
        self.hand = None
        return [found]
