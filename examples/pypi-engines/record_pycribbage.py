"""Record games of `pycribbage` 1.0.0 (PyPI) as transcripts, headless: its own game loop
(`CribbageGame.play_game`), its own random players (`RandomDiscard`, `RandomThePlay`), a fixed seed.

    .engines/pycribbage/bin/python examples/pypi-engines/record_pycribbage.py --games 200 --seed 0 --out DIR

Hooks, all on the package's own code: `cut_for_crib` (the cut for the deal, read back from the
text it returns), `CribbageGame.deal_hands`, `Player.move_to_crib` (the discards),
`scorer.ScoreThePlay` as the game calls it (each card, the count it was played on and the points
the game pegged for it; its reasons from the class's own parts: `calculate_sum`,
`calculate_pairs`, `calculate_runs`), `CribbageGame.go` (each go, and the point the game gives
when it is said), `CribbageGame.the_play` (the points of the play), `CribbageGame.the_show` (the
three counts). The game writes a log file into the folder it runs in (it is run in a temporary
folder), and rewrites a state file (`state.json`, for its screen) at every move: `save_state` is
left out, which changes nothing of the game.
"""

from __future__ import annotations

import contextlib
import os
import random
import tempfile
from copy import deepcopy
from pathlib import Path
from typing import Any

from pycribbage import cribbage_game, discard_methods, player, scorer, the_play_methods
from recording import GameRecord, command_line, open_record

SUITS = "CDHS"  # deck_tools.Card: 0 clubs, 1 diamonds, 2 hearts, 3 spades
RANKS = "A23456789TJQK"  # ranks 1 to 13
RANK_NAMES = {"Ace": "A", "10": "T", "Jack": "J", "Queen": "Q", "King": "K"}
SUIT_NAMES = {"Clubs": "C", "Diamonds": "D", "Hearts": "H", "Spades": "S"}


def text(card: Any) -> str:
    return RANKS[card.rank - 1] + SUITS[card.suit]


def named(words: str) -> str:
    """`Ace of Spades` (deck_tools.Card's text) as `AS`."""
    rank, _, suit = words.strip().partition(" of ")
    return RANK_NAMES.get(rank, rank) + SUIT_NAMES[suit]


def cut_rounds(story: str) -> list[list[str]]:
    """The rounds of the cut for the deal, from cut_for_crib's text."""
    rounds = []
    for line in story.splitlines():
        if line.startswith("P1 cut card was "):
            first, second = line[len("P1 cut card was ") :].split(" , P2 cut card was ")
            rounds.append([named(first), named(second)])
    return rounds


def parts(on_table: Any) -> dict[str, int]:
    """The points of the card just played, by reason, from ScoreThePlay's own parts."""
    original = ORIGINAL_SCORE_THE_PLAY
    found = {}
    for reason, method in (("sum", "calculate_sum"), ("pairs", "calculate_pairs"), ("run", "calculate_runs")):
        part = object.__new__(original)
        part.on_table, part.score, part.n, part.over_31 = deepcopy(on_table), 0, len(on_table.cards), False
        part.on_table.count()
        getattr(part, method)()
        found[reason] = part.score
    count = sum(card.face_value for card in on_table.cards)
    total = found.pop("sum")
    found["fifteen" if count == 15 else "thirty_one"] = total
    return found


ORIGINAL_SCORE_THE_PLAY = scorer.ScoreThePlay


class Hooks:
    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.game: Any = None
        self.cuts: list[list[str]] = []

    def seat(self, who: Any) -> str:
        return "A" if who is self.game.player_1 else "B"

    def scores(self) -> dict[str, int]:
        return {"A": self.game.player_1.score, "B": self.game.player_2.score}

    def install(self) -> contextlib.ExitStack:
        hooks, game_class = self, cribbage_game.CribbageGame
        original_cut = cribbage_game.cut_for_crib
        original_round, original_deal = game_class.play_round, game_class.deal_hands
        original_play, original_go, original_show = game_class.the_play, game_class.go, game_class.the_show
        original_move = player.Player.move_to_crib

        def cut_for_crib() -> tuple[str, str]:
            chosen, story = original_cut()
            hooks.cuts = cut_rounds(story)
            return chosen, story

        def play_round(game: Any, number: int) -> None:
            hooks.record.new_hand(hooks.seat(game.dealer), hooks.scores())
            original_round(game, number)
            hooks.record.end_hand(hooks.scores(), None)

        def deal_hands(game: Any, set_game: Any = None) -> Any:
            dealt = original_deal(game, set_game or {})
            for who in (game.dealer, game.pone):
                hooks.record.dealt(hooks.seat(who), [text(card) for card in who.hand.cards])
            hooks.record.starter(text(game.cut_card.cards[0]))
            return dealt

        def move_to_crib(who: Any, to_discard: list[int], crib: Any) -> None:
            cards = [text(who.hand.cards[index]) for index in to_discard]
            original_move(who, to_discard, crib)
            hooks.record.discard(hooks.seat(who), cards)

        class ScoreThePlay(ORIGINAL_SCORE_THE_PLAY):  # type: ignore[misc,valid-type]
            def __init__(self, on_table: Any) -> None:
                super().__init__(on_table)
                game = hooks.game
                seat = hooks.seat(getattr(game, game.active_player_str))
                if len(on_table.cards) == 1:
                    hooks.record.new_count(seat, hooks.scores())
                after = hooks.scores()  # the game pegs the card's points right after scoring it
                after[seat] += self.score
                hooks.record.play(seat, text(on_table.cards[-1]), self.score, parts(on_table), after)

        def go(game: Any) -> None:
            saying = getattr(game, game.active_player_str)
            hooks.record.go(hooks.seat(saying), hooks.scores())
            before = hooks.scores()
            try:
                original_go(game)
            finally:
                for seat, score in hooks.scores().items():
                    if score > before[seat]:
                        hooks.record.point(seat, score - before[seat], hooks.scores())

        def the_play(game: Any) -> None:
            before = hooks.scores()
            original_play(game)
            after = hooks.scores()
            hooks.record.end_pegging({seat: after[seat] - before[seat] for seat in after})

        def the_show(game: Any) -> Any:
            shown = original_show(game)
            pone_score, dealer_hand_score, crib_score = shown[:3]
            starter = text(game.cut_card.cards[0])
            scores = hooks.scores()  # the game pegs the pone's count, then the dealer's two at once
            pone, dealer = hooks.seat(game.pone), hooks.seat(game.dealer)
            for seat, cards, crib, total in (
                (pone, game.pone.hand.cards, False, pone_score),
                (dealer, game.dealer.hand.cards, False, dealer_hand_score),
                (dealer, game.crib.cards, True, crib_score),
            ):
                if max(scores.values()) >= 121:
                    break  # the pone won with its count: the dealer's are not pegged
                scores[seat] += total
                hooks.record.show(seat, [text(card) for card in cards], starter, crib, total, scores)
            return shown

        stack = contextlib.ExitStack()
        for owner, name, replacement in (
            (cribbage_game, "cut_for_crib", cut_for_crib),
            (cribbage_game.scorer, "ScoreThePlay", ScoreThePlay),
            (game_class, "play_round", play_round),
            (game_class, "deal_hands", deal_hands),
            (game_class, "the_play", the_play),
            (game_class, "go", go),
            (game_class, "the_show", the_show),
            (player.Player, "move_to_crib", move_to_crib),
            (game_class, "save_state", lambda game, fname=None: None),  # a state file rewritten at every move
        ):
            original = getattr(owner, name)
            setattr(owner, name, replacement)
            stack.callback(setattr, owner, name, original)
        return stack


def play_games(games: int, seed: int, out: Path) -> None:
    out = out.resolve()
    record, files = open_record(out, "pycribbage", name="pycribbage", version="1.0.0")
    random.seed(seed)
    hooks = Hooks(record)
    here = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="pycribbage-") as folder, hooks.install():
        os.chdir(folder)  # the game writes game000.log, game001.log... and state.json here
        try:
            for _ in range(games):
                players = [
                    player.Player(name, discard_methods.RandomDiscard(), the_play_methods.RandomThePlay())
                    for name in ("A", "B")
                ]
                game = cribbage_game.CribbageGame(players, batch_mode=True)
                hooks.game = game
                record.new_game([])
                game.play_game()  # to the win (it closes its own log then)
                for log in Path(folder).glob("game*.log"):
                    log.unlink()
                record.cuts = hooks.cuts  # read when the game cut for the deal
                winner = "A" if game.player_1.score >= 121 else "B"
                record.end_game(hooks.scores(), winner)
        finally:
            os.chdir(here)
    for file in files:
        file.close()


if __name__ == "__main__":
    command_line(play_games, __doc__)
