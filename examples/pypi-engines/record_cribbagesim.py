"""Record games of `cribbagesim` 1.0.2 (PyPI `CribbageSim`) as transcripts, headless: its own game
loop (`CribbageGame.play`, each hand `CribbageDeal.play`), its own random players
(`RandomCribbagePlayStrategy`), a fixed seed.

    .engines/cribbagesim/bin/python examples/pypi-engines/record_cribbagesim.py --games 200 --seed 0 --out DIR

The deck draws through the `random` module (seeded here); each random player has a generator of
its own, seeded here from the same seed. The game logs through the `cribbage_logger` logger,
which is switched off. Hooks, all on the package's own `CribbageDeal` (the game calls them on its
deal): `draw_for_player`, `draw_for_dealer` (the cards dealt), `xfer_player_card_to_crib` and
`xfer_dealer_card_to_crib` (the discards), `draw_starter_card`, `play_card_for_player` and
`play_card_for_dealer` (each card; a card laid on an empty pile opens a new count),
`peg_for_player` and `peg_for_dealer` (every score, with the game's own reasons: the card's
combinations, `Go 31`, `Go <31`, `His Heels`, and the show's counts, told apart by the phase the
game passes), and each random player's `follow` (a player who cannot lay a card declares go).

The game always has player 1 (seat A) deal the first hand, with no cut: the game line's cut is
written to give A the deal (an ace against a king). Its board stops a score at 121 (it sets it to
121 when a count passes it, then ends the game): the scores written are the board's, and the
transcripts' hello says so (`stops_at_target`), a conformant reading of the winner's score.
"""

from __future__ import annotations

import contextlib
import logging
import random
from pathlib import Path
from typing import Any

from CribbageSim import CribbageDeal as deal_module
from CribbageSim import CribbagePlayStrategy as strategy_module
from CribbageSim.CribbageGame import CribbageGame
from CribbageSim.CribbageGameOutputEvents import CribbageDealPhase
from CribbageSim.exceptions import CribbageGameOverError
from recording import GameRecord, command_line, open_record

SEAT = {deal_module.CribbagePlayers.PLAYER_1: "A", deal_module.CribbagePlayers.PLAYER_2: "B"}
CUT_A_DEALS = [["AS", "KS"]]  # the lower card deals: the game always has player 1 (A) deal first
PLAY_REASONS = {  # the game's names of what a pegged card made, as the transcript's reasons
    "fifteen": "fifteen",
    "pair": "pairs",
    "pair royal": "pairs",
    "double pair royal": "pairs",
    "run": "run",
    "Go 31": "thirty_one",
}
SHOW_REASONS = {"fifteen": "fifteens", "pair": "pairs", "run": "runs", "flush": "flush", "his nobs": "nobs"}
SHOWS = {CribbageDealPhase.SHOWING_HAND: False, CribbageDealPhase.SHOWING_CRIB: True}


def text(card: Any) -> str:
    """`10H` (HandsDecksCards.card's text) as `TH`."""
    pips = card.pips
    return ("T" if pips == "10" else pips) + card.suit


class Hooks:
    """The package's methods wrapped to tell the record what its game does."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.game: Any = None
        self.thrown: dict[str, list[str]] = {}  # the discards of the hand so far, by seat
        self.pending: tuple[str, str, dict[str, int]] | None = None  # a card whose points are still being pegged
        self.pegged: dict[str, int] = {"A": 0, "B": 0}  # the points of the play, by seat
        self.pegging = False

    def scores(self) -> dict[str, int]:
        first, second = self.game.get_player_scores()
        return {"A": first, "B": second}

    def install(self) -> contextlib.ExitStack:
        hooks, deal_class = self, deal_module.CribbageDeal
        original_play = deal_class.play
        original_draw = {"player": deal_class.draw_for_player, "dealer": deal_class.draw_for_dealer}
        original_xfer = {"player": deal_class.xfer_player_card_to_crib, "dealer": deal_class.xfer_dealer_card_to_crib}
        original_lay = {"player": deal_class.play_card_for_player, "dealer": deal_class.play_card_for_dealer}
        original_peg = {"player": deal_class.peg_for_player, "dealer": deal_class.peg_for_dealer}
        original_starter = deal_class.draw_starter_card
        original_follow = strategy_module.RandomCribbagePlayStrategy.follow

        def seat_of(deal: Any, role: str) -> str:
            return SEAT[deal._participant_player if role == "player" else deal._participant_dealer]

        def play(deal: Any) -> Any:
            hooks.record.new_hand(seat_of(deal, "dealer"), hooks.scores())
            hooks.thrown, hooks.pending, hooks.pegged, hooks.pegging = {}, None, {"A": 0, "B": 0}, True
            try:
                info = original_play(deal)
            finally:
                hooks.finish_card()
            hooks.record.end_hand(hooks.scores(), None)
            return info

        def draw(role: str) -> Any:
            def hooked(deal: Any, number: int = 1) -> Any:
                cards = original_draw[role](deal, number)
                held = deal.get_player_hand() if role == "player" else deal.get_dealer_hand()
                hooks.record.dealt(seat_of(deal, role), [text(card) for card in held])
                return cards

            return hooked

        def xfer(role: str) -> Any:
            def hooked(deal: Any, index: int = 0) -> None:
                held = deal.get_player_hand() if role == "player" else deal.get_dealer_hand()
                seat = seat_of(deal, role)
                hooks.thrown.setdefault(seat, []).append(text(held[index]))
                original_xfer[role](deal, index)
                if len(hooks.thrown[seat]) == 2:
                    hooks.record.discard(seat, hooks.thrown[seat])

            return hooked

        def starter(deal: Any) -> Any:
            card = original_starter(deal)
            hooks.record.starter(text(card))
            return card

        def lay(role: str) -> Any:
            def hooked(deal: Any, index: int = 0) -> int:
                hooks.finish_card()
                seat = seat_of(deal, role)
                if len(deal._combined_pile) == 0:  # the first card of a count
                    hooks.record.new_count(seat, hooks.scores())
                held = deal.get_player_hand() if role == "player" else deal.get_dealer_hand()
                card = text(held[index])
                count = original_lay[role](deal, index)
                hooks.pending = (seat, card, {})
                return count

            return hooked

        def peg(role: str) -> Any:
            def hooked(deal: Any, count: int = 1, reasons: Any = (), during: Any = CribbageDealPhase.NO_PHASE) -> int:
                seat = seat_of(deal, role)
                parts = [(reason.combo_name, reason.score) for reason in reasons]
                if during in SHOWS or parts == [("Go <31", 1)]:
                    hooks.finish_card()  # the card before is pegged: its scores are those before these points
                try:
                    return original_peg[role](deal, count, list(reasons), during)
                finally:  # written whether or not the points end the game (the board raises at 121)
                    hooks.pegged_points(deal, seat, count, parts, during)

            return hooked

        def follow(strategy: Any, go_count: int, play_card: Any, *rest: Any, **named: Any) -> Any:
            laid, go = original_follow(strategy, go_count, play_card, *rest, **named)
            if go:
                deal = play_card.__self__  # the deal's play_card_for_player or play_card_for_dealer
                role = "player" if play_card == deal.play_card_for_player else "dealer"
                hooks.finish_card()
                hooks.record.go(seat_of(deal, role), hooks.scores())
            return laid, go

        replacements = {
            "play": play,
            "draw_for_player": draw("player"),
            "draw_for_dealer": draw("dealer"),
            "xfer_player_card_to_crib": xfer("player"),
            "xfer_dealer_card_to_crib": xfer("dealer"),
            "draw_starter_card": starter,
            "play_card_for_player": lay("player"),
            "play_card_for_dealer": lay("dealer"),
            "peg_for_player": peg("player"),
            "peg_for_dealer": peg("dealer"),
        }
        stack = contextlib.ExitStack()
        for owner, name, replacement in (
            *((deal_class, name, replacement) for name, replacement in replacements.items()),
            (strategy_module.RandomCribbagePlayStrategy, "follow", follow),
        ):
            original = getattr(owner, name)
            setattr(owner, name, replacement)
            stack.callback(setattr, owner, name, original)
        return stack

    def pegged_points(self, deal: Any, seat: str, points: int, reasons: list[tuple[str, int]], during: Any) -> None:
        """Points the game pegged for `seat`, by its reasons (name and points): the card just
        laid's (its combinations, or the 2 of its 31), a go or last-card point, the heels, or a
        show's count."""
        if during in SHOWS:
            if self.pegging:
                self.finish_card()
                self.pegging = False
                self.record.end_pegging(self.pegged)
            crib = SHOWS[during]
            pone = seat == SEAT[deal._participant_player]
            cards = deal._crib_hand if crib else deal._player_pile if pone else deal._dealer_pile
            shown = [text(card) for card in cards.get_cards()]
            breakdown = dict.fromkeys(SHOW_REASONS.values(), 0)
            for name, score in reasons:
                breakdown[SHOW_REASONS[name]] += score
            self.record.show(seat, shown, text(deal._starter), crib, points, self.scores(), breakdown)
            return
        if points <= 0:
            return
        names = [name for name, _ in reasons]
        if names == ["His Heels"]:
            self.record.heels(seat, text(deal._starter), points, self.scores())
            return
        self.pegged[seat] += points
        if names == ["Go <31"]:
            self.finish_card()
            self.record.point(seat, points, self.scores())
            return
        if self.pending is None or self.pending[0] != seat:
            raise AssertionError(f"points pegged for {seat} with no card of theirs to peg: {reasons}")
        scoring = self.pending[2]
        for name, score in reasons:
            reason = PLAY_REASONS[name]
            scoring[reason] = scoring.get(reason, 0) + score

    def finish_card(self) -> None:
        """The card laid last has been pegged: its points are those the game gave it since."""
        if self.pending is None:
            return
        seat, card, scoring = self.pending
        self.pending = None
        self.record.play(seat, card, sum(scoring.values()), scoring, self.scores())


def play_games(games: int, seed: int, out: Path) -> None:
    logging.getLogger("cribbage_logger").disabled = True
    record, files = open_record(out, "cribbagesim", name="cribbagesim", version="1.0.2", stops_at_target=True)
    random.seed(seed)
    hooks = Hooks(record)
    with hooks.install():
        for _ in range(games):
            players = (strategy_module.RandomCribbagePlayStrategy(), strategy_module.RandomCribbagePlayStrategy())
            for player in players:
                player._random_generator.seed(random.randrange(1 << 32))
            game = CribbageGame("A", "B", player_strategy1=players[0], player_strategy2=players[1])
            hooks.game = game
            record.new_game(CUT_A_DEALS)
            with contextlib.suppress(CribbageGameOverError):
                game.play()
            scores = hooks.scores()
            winner = "A" if scores["A"] >= 121 else "B" if scores["B"] >= 121 else None
            record.end_game(scores, winner)
    for file in files:
        file.close()


if __name__ == "__main__":
    command_line(play_games, __doc__)
