"""Record games of `magmacrunch-cribbage` 0.1.1 (PyPI; its top-level package is `cribbage`) as
transcripts, headless: its own game (`cribbage.game.Game`, the state machine its terminal screen
drives, and `step`, the function the screen calls for every move that is not the human's), its
own computer player (`cribbage.ai`) in both seats, a fixed seed.

    .engines/magmacrunch-cribbage/bin/python examples/pypi-engines/record_magmacrunch_cribbage.py \\
        --games 200 --seed 0 --out DIR

The game is the human against the computer: `step` makes the computer's moves and the screen the
human's. Here the human's seat (A) is played as the screen plays it (`select_for_crib` twice,
`confirm_crib`, `cut`, `play(card, PLAYER)`), with the choices of the package's own computer player
(`ai.select_crib_cards`, `ai.select_pegging_card`); the computer's seat (B) is `step`'s. The
shuffle and the cut draw from the game's `rand`, made per game as its app makes it
(`CribbageApp.new_rand`: a `random.Random` seeded from the session's seeded generator). Nothing of
the terminal front end (the `magmacrunch` package, not installed) is used.

What is written comes from the game's own state and answers: the hands after `deal`, the cards
kept after `confirm_crib`, the starter after `cut` (and the heels, from the scores), each `Play`
that `play`, `declare_go` and `step` return (a card's points are what `score_pegging_play`, as the
game calls it, gave the card, with its reasons; a go or last-card point the rest of what the move
added), a new count when the game resets its count with cards still held, and each `Show` of
`score_hands`. The game has the human (A) deal the first hand, with no cut for the deal: the game
line's cut is written to give A the deal (an ace against a king).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from cribbage import ai
from cribbage import game as game_module
from recording import GameRecord, command_line, open_record

SEAT = {game_module.PLAYER: "A", game_module.AI: "B"}
CUT_A_DEALS = [["AS", "KS"]]  # the lower card deals: the game always has the human (A) deal first
SUITS = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
PLAY_REASONS = {  # the words of a PegScore's description: the reason and its points
    "Fifteen!": ("fifteen", 2),
    "Thirty-one!": ("thirty_one", 2),
    "Pair!": ("pairs", 2),
    "Pair royal!": ("pairs", 6),
    "Double pair royal!": ("pairs", 12),
}
SHOW_PARTS = ("fifteens", "pairs", "runs", "flush", "nobs")  # HandScore's fields, as the breakdown's keys


def text(card: Any) -> str:
    return ("T" if card.rank == "10" else card.rank) + SUITS[card.suit]


def reasons_of(description: str) -> dict[str, int]:
    """A card's points by reason, from the game's own words for them (`Fifteen! + Run of 3!`)."""
    scoring: dict[str, int] = {}
    for said in filter(None, description.split(" + ")):
        if said.startswith("Run of "):
            scoring["run"] = int(said[len("Run of ") : -1])
        else:
            reason, points = PLAY_REASONS[said]
            scoring[reason] = points
    return scoring


class Recording:
    """One game played and written: the moves made, each told to the record as the game answers."""

    def __init__(self, record: GameRecord, game: Any) -> None:
        self.record = record
        self.game = game
        self.scored: list[Any] = []  # the PegScore of each card, as the game computed it
        self.pegged = {"A": 0, "B": 0}  # the points of the play, by seat
        self.pegging = False

    def scores(self) -> dict[str, int]:
        return {SEAT[who]: points for who, points in self.game.scores.items()}

    def play(self) -> None:
        """The game, move by move, to its end."""
        g = self.game
        while g.phase != game_module.GAME_OVER and g.winner() is None:
            if g.phase == game_module.DEAL:
                self.deal()
            elif g.phase == game_module.CRIB_SELECTION:
                self.discard()
            elif g.phase == game_module.STARTER_CUT:
                self.cut()
            elif g.phase == game_module.PEGGING:
                self.move()
            elif g.phase == game_module.HAND_SCORING:
                self.show()
            else:
                raise RuntimeError(f"the game stopped in phase {g.phase!r}")
        scores = self.scores()
        winner = SEAT[g.winner()] if g.winner() else None
        self.record.end_game(scores, winner)

    def deal(self) -> None:
        g = self.game
        self.record.new_hand(SEAT[game_module.PLAYER if g.is_player_dealer else game_module.AI], self.scores())
        self.pegged, self.pegging = {"A": 0, "B": 0}, True
        if game_module.step(g) != "deal":
            raise RuntimeError("step did not deal")
        for who, cards in ((game_module.PLAYER, g.player_hand), (game_module.AI, g.ai_hand)):
            self.record.dealt(SEAT[who], [text(card) for card in cards])

    def discard(self) -> None:
        g = self.game
        dealt = {"A": list(g.player_hand), "B": list(g.ai_hand)}
        for card in ai.select_crib_cards(g.player_hand, not g.is_player_dealer):  # the human's seat, by the AI
            g.select_for_crib(card)
        if not g.confirm_crib():
            raise RuntimeError("the game refused the discards")
        for seat, kept in (("A", g.player_kept), ("B", g.ai_kept)):
            self.record.discard(seat, [text(card) for card in dealt[seat] if card not in kept])

    def cut(self) -> None:
        g = self.game
        dealer = SEAT[game_module.PLAYER if g.is_player_dealer else game_module.AI]
        before = self.scores()
        starter = g.cut()
        self.record.starter(text(starter))
        after = self.scores()
        if after[dealer] > before[dealer]:
            self.record.heels(dealer, text(starter), after[dealer] - before[dealer], after)

    def move(self) -> None:
        """One move of the pegging: the human's card, or what `step` does."""
        g = self.game
        before, turn, self.scored = self.scores(), SEAT[g.turn], []
        dealer = SEAT[game_module.PLAYER if g.is_player_dealer else game_module.AI]
        if g.turn == game_module.PLAYER and g.playable(game_module.PLAYER):
            card = ai.select_pegging_card(g.player_hand, g.count, g.played)  # the human's seat, by the AI
            result = g.play(card, game_module.PLAYER)
        else:
            result = game_module.step(g)
        if isinstance(result, list):  # step's fallback: nobody can lead, the show
            self.shown(result, before, dealer)
            return
        if result is None:
            raise RuntimeError("the pegging did not move")
        seat, after = SEAT[result.who], self.scores()
        opponent = "B" if seat == "A" else "A"
        self.pegged[seat] += after[seat] - before[seat]
        if result.card is not None:
            points = self.scored[0].points  # the card's, as the game scored it
            at_card = {**before, seat: before[seat] + points}
            self.record.play(seat, text(result.card), points, reasons_of(self.scored[0].description), at_card)
            if result.go:  # the opponent cannot play on: it says go (written only if it holds cards)
                self.record.go(opponent, at_card)
                if after[seat] > at_card[seat]:  # neither can: the go or last-card point
                    self.record.point(seat, after[seat] - at_card[seat], after)
        elif result.points:  # declare_go, nobody can play: the side on turn says go, the last card scores
            self.record.go(turn, before)
            self.record.point(seat, after[seat] - before[seat], after)
        else:  # declare_go: the side on turn says go, the other plays on
            self.record.go(seat, before)
        if g.phase == game_module.PEGGING and g.count == 0 and not g.played:
            self.record.new_count(SEAT[g.turn], after)  # the game reset the count, cards still held
        elif g.phase == game_module.HAND_SCORING:
            self.end_pegging()

    def end_pegging(self) -> None:
        if self.pegging:
            self.pegging = False
            self.record.end_pegging(self.pegged)

    def show(self) -> None:
        g = self.game
        dealer = SEAT[game_module.PLAYER if g.is_player_dealer else game_module.AI]
        before = self.scores()
        self.shown(game_module.step(g), before, dealer)

    def shown(self, shows: list[Any], before: dict[str, int], dealer: str) -> None:
        """The sets the game counted, in its order, each with the scores after it."""
        self.end_pegging()
        g, scores = self.game, dict(before)
        for shown in shows:
            seat = dealer if shown.who == "crib" else SEAT[shown.who]
            scores[seat] += shown.score.total
            breakdown = {part: getattr(shown.score, part) for part in SHOW_PARTS}
            cards = [text(card) for card in shown.hand]
            self.record.show(seat, cards, text(g.starter), shown.who == "crib", shown.score.total, scores, breakdown)
        if g.phase != game_module.GAME_OVER:
            self.record.end_hand(self.scores(), None)


def play_games(games: int, seed: int, out: Path) -> None:
    record, files = open_record(out, "magmacrunch-cribbage", name="magmacrunch-cribbage", version="0.1.1")
    session = random.Random(seed)  # CribbageApp.rng
    original_score = game_module.score_pegging_play
    try:
        for _ in range(games):
            game = game_module.Game(rand=random.Random(session.randrange(1 << 32)).random)  # CribbageApp.new_rand
            recording = Recording(record, game)

            def scored(card: Any, played: Any, recording: Recording = recording) -> Any:
                result = original_score(card, played)
                recording.scored.append(result)
                return result

            game_module.score_pegging_play = scored
            record.new_game(CUT_A_DEALS)
            recording.play()
    finally:
        game_module.score_pegging_play = original_score
    for file in files:
        file.close()


if __name__ == "__main__":
    command_line(play_games, __doc__)
