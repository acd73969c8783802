"""Record games of `cribbage` 1.3.2 (PyPI) as transcripts, headless: its own game loop
(`cribbage.game.Game`, `Hand`), its own random players (`RandomPlayer`), a fixed seed.

    .engines/cribbage/bin/python examples/pypi-engines/record_cribbage.py --games 200 --seed 0 --out DIR

Hooks, all on the package's own classes: `Hand.deal` (the cards dealt, the turn card),
`Player.discards`, `Player.play` (each card, and "Go!"), `Player.peg` (every point, so each card's
points are what the game pegged right after it), `Hand.count_to_31` (a new count and who leads
it: the game always starts it with the pone), `Player.count_hand` and `count_crib` (the show).
The game does not cut for the deal (it picks the dealer at random): the game line's cut is written
to give the dealer it picked (an ace against a king). Its own prints go to a null stream.
"""

from __future__ import annotations

import contextlib
import io
import random
from pathlib import Path
from typing import Any

from cribbage import game as game_module
from cribbage import players as players_module
from recording import GameRecord, command_line, open_record

SUITS = "DCHS"  # cribbage.card's suit order: diamonds, clubs, hearts, spades
RANKS = "A23456789TJQK"
CUT_FOR = {"A": [["AS", "KS"]], "B": [["KS", "AS"]]}  # the lower card deals


def text(card: Any) -> str:
    return RANKS[card.rank] + SUITS[card.suit]


class Hooks:
    """The package's methods wrapped to tell the record what its game does."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.players: dict[Any, str] = {}
        self.card_player: str | None = None  # the seat whose card was just played
        self.pending: tuple[str, str, list[str]] | None = None  # a card whose points are still being pegged
        self.points_since: dict[str, int] = {"A": 0, "B": 0}
        self.pegging = False
        self.pegged: dict[str, int] = {"A": 0, "B": 0}
        self.objects: dict[str, Any] = {}

    def seat(self, player: Any) -> str:
        return self.players[id(player)]

    def scores(self) -> dict[str, int]:
        return {seat: self.objects[seat].score for seat in ("A", "B")}

    def install(self) -> contextlib.ExitStack:
        stack = contextlib.ExitStack()
        hooks = self
        original_deal, original_play = game_module.Hand.deal, players_module.Player.play
        original_peg = players_module.Player.peg
        original_discards = players_module.Player.discards
        original_count = game_module.Hand.count_to_31
        original_counting = game_module.Hand.counting
        original_hand, original_crib = players_module.Player.count_hand, players_module.Player.count_crib
        original_run = game_module.Hand.run

        def run(hand: Any) -> None:
            hooks.record.new_hand(hooks.seat(hand.dealer), hooks.scores())
            try:
                original_run(hand)
            except players_module.WinGame:
                hooks.finish_card()
                raise
            hooks.record.end_hand(hooks.scores(), None)

        def deal(hand: Any) -> None:
            original_deal(hand)
            for player in (hand.dealer, hand.pone):
                hooks.record.dealt(hooks.seat(player), [text(card) for card in player.hand])
            hooks.record.starter(text(hand.turn_card))

        def discards(player: Any) -> list[Any]:
            cards = original_discards(player)
            hooks.record.discard(hooks.seat(player), [text(card) for card in cards])
            return cards

        def play(player: Any, count: int, plays: list[Any]) -> Any:
            hooks.finish_card()
            chosen = original_play(player, count, plays)
            seat = hooks.seat(player)
            if chosen == "Go!":
                hooks.record.go(seat, hooks.scores())
            elif not isinstance(chosen, str):
                hooks.pending = (seat, text(chosen), [])
                hooks.points_since[seat] = 0
            return chosen

        def peg(player: Any, points: int) -> None:
            seat = hooks.seat(player)
            if hooks.pegging:
                hooks.pegged[seat] += points
            if hooks.pending is not None and hooks.pending[0] == seat:
                hooks.points_since[seat] += points
            original_peg(player, points)

        def count_to_31(hand: Any) -> None:
            original_count(hand)
            hooks.finish_card()
            hooks.record.new_count(hooks.seat(hand.pone), hooks.scores())  # the game's next count: the pone leads

        def counting(hand: Any) -> None:
            hooks.pegging, hooks.pegged = True, {"A": 0, "B": 0}
            try:
                original_counting(hand)
            finally:
                hooks.pegging = False
                hooks.finish_card()
            hooks.record.end_pegging(hooks.pegged)

        def count_hand(player: Any, turn_card: Any) -> int:
            total = original_hand(player, turn_card)
            cards = [text(card) for card in player.table]
            hooks.record.show(hooks.seat(player), cards, text(turn_card), False, total, hooks.scores())
            return total

        def count_crib(player: Any, turn_card: Any) -> int:
            total = original_crib(player, turn_card)
            cards = [text(card) for card in player.crib]
            hooks.record.show(hooks.seat(player), cards, text(turn_card), True, total, hooks.scores())
            return total

        for owner, name, replacement in (
            (game_module.Hand, "run", run),
            (game_module.Hand, "deal", deal),
            (game_module.Hand, "count_to_31", count_to_31),
            (game_module.Hand, "counting", counting),
            (players_module.Player, "discards", discards),
            (players_module.Player, "play", play),
            (players_module.Player, "peg", peg),
            (players_module.Player, "count_hand", count_hand),
            (players_module.Player, "count_crib", count_crib),
        ):
            original = getattr(owner, name)
            setattr(owner, name, replacement)
            stack.callback(setattr, owner, name, original)
        return stack

    def finish_card(self) -> None:
        """The card played last has been pegged: its points are what the game gave since."""
        if self.pending is None:
            return
        seat, card, _ = self.pending
        self.pending = None
        points = self.points_since[seat]
        self.record.play(seat, card, points, {"thirty_one": points} if points else {}, self.scores())


def play_games(games: int, seed: int, out: Path) -> None:
    record, files = open_record(out, "cribbage", name="cribbage", version="1.3.2")
    random.seed(seed)
    hooks = Hooks(record)
    with hooks.install(), contextlib.redirect_stdout(io.StringIO()) as noise:
        for _ in range(games):
            a, b = players_module.RandomPlayer(name="A"), players_module.RandomPlayer(name="B")
            hooks.players = {id(a): "A", id(b): "B"}
            hooks.objects = {"A": a, "B": b}
            game = game_module.Game(a, b)
            record.new_game(CUT_FOR["A" if game.deal == 0 else "B"])
            winner = None
            try:
                game.run()
            except players_module.WinGame:
                winner = "A" if a.score > 120 else "B"
            record.end_game(hooks.scores(), winner)
            noise.seek(0)
            noise.truncate()
    for file in files:
        file.close()


if __name__ == "__main__":
    command_line(play_games, __doc__)
