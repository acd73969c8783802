"""What a recorder of a public engine's game loop writes, shared by the recorders here (standard
library only, run in each engine's own venv beside the adapter helper).

A recorder hooks the engine's own game (its deal, its players' choices, its scoring calls) and
tells a `GameRecord` what happened, in order: a hand begins, cards are dealt, discarded, the
starter turned (and the heels pegged, if the engine pegs them); each card played and the points the
engine pegged for it, each go the engine's players said, each go or last-card point it gave, each
new count it started; each hand or crib it counted in the show and its total; the scores after the
hand. The record writes two transcripts (`cribcheck check`):

- the game's: a `play` line per card pegged (the cards of the engine's count, and the points it
  gave the card), three `show` lines per hand, a `hand` line per hand (its cards, discards,
  starter and plays with the go's, from the engine's scores before it to its scores after it) and
  a `game` line per game; no optional part claimed;
- the events': a `pegging` line and a `hand` line per hand, claiming `events`: the events as the
  engine made them (each card with its points and reasons, each go, each go or last-card point,
  each new count and who leads it; for the hand, with the scores after each, the shows, the win),
  compared event by event with the reference's: the first event where they part names the rule
  (a hand that starts with a play where the reference pegs his heels first, say). Where an engine
  gives no breakdown of a show (all but cribbagesim), a hand's show events carry an empty one, so
  a hand's events agree at most up to the show.

A go is written once per series and only by a player holding cards: an engine that asks a player
again, or asks one with no cards, is passing the turn, not saying a new go.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "harness" / "engine"))

from adapter import HandLog, Recorder

SEATS = ("A", "B")
PROFILE = "six-card"


def other(seat: str) -> str:
    return "B" if seat == "A" else "A"


class GameRecord:
    """The record of an engine's games, written into two transcripts as they are played."""

    def __init__(
        self, games: IO[str], pegging: IO[str], *, name: str, version: str, stops_at_target: bool = False
    ) -> None:
        common = {
            "name": name,
            "version": version,
            "language": "Python",
            "profiles": [PROFILE],
            "stops_at_target": stops_at_target,
        }
        self.games = Recorder(games, operations=["show", "play", "hand", "game"], **common)
        self.pegging = Recorder(pegging, operations=["pegging", "hand"], features=["events"], **common)
        self.hands: list[HandLog] = []
        self.cuts: list[list[str]] = []
        self.hand: HandLog | None = None
        self.roles: dict[str, str] = {}
        self.kept: dict[str, list[str]] = {}
        self.events: list[dict[str, Any]] = []
        self.series: list[str] = []
        self.said_go: set[str] = set()
        self.held: dict[str, list[str]] = {}
        self.last_seat: str | None = None
        self.hand_events: list[dict[str, Any]] = []

    # -- a game -----------------------------------------------------------------------------------

    def new_game(self, cuts: list[list[str]]) -> None:
        self.cuts, self.hands = cuts, []

    def end_game(self, scores: dict[str, int], winner: str | None) -> None:
        if self.hand is not None:
            self.end_hand(scores, winner)
        self.games.game(PROFILE, self.cuts, self.hands, scores, winner)

    # -- a hand -----------------------------------------------------------------------------------

    def new_hand(self, dealer: str, scores: dict[str, int]) -> None:
        self.hand = HandLog(dealer, scores, first_hand=not self.hands)
        self.hands.append(self.hand)
        self.roles = {dealer: "dealer", other(dealer): "pone"}
        self.events, self.series, self.said_go, self.kept = [], [], set(), {}
        self.hand_events: list[dict[str, Any]] = []  # the hand's events, by seat, with the scores after each
        self.last_seat: str | None = None  # who played the series' last card

    def dealt(self, seat: str, cards: list[str]) -> None:
        assert self.hand is not None
        self.hand.dealt(seat, cards)

    def starter(self, card: str) -> None:
        assert self.hand is not None
        self.hand.starter(card)

    def discard(self, seat: str, cards: list[str]) -> None:
        assert self.hand is not None
        self.hand.discard(seat, cards)
        kept = [card for card in self.hand.cards["dealt"][seat] if card not in cards]
        self.kept[seat] = kept
        self.held[seat] = list(kept)

    def heels(self, seat: str, card: str, points: int, scores: dict[str, int]) -> None:
        """The dealer (`seat`) pegged for a jack turned as the starter, and the scores after it."""
        event = {"type": "heels", "player": seat, "card": card, "points": points, "scores": dict(scores)}
        self.hand_events.append(event)

    def play(self, seat: str, card: str, points: int, scoring: dict[str, int], scores: dict[str, int]) -> None:
        """A card played, with the points the engine pegged for it, why (its own reasons), and the
        scores after it."""
        assert self.hand is not None
        self.hand.play(card)
        if card in self.held.get(seat, []):
            self.held[seat].remove(card)
        self.series.append(card)
        self.last_seat = seat
        self.games.play(PROFILE, self.series, points)
        count = self.count
        self.events.append(
            {"type": "play", "player": self.roles[seat], "card": card, "count": count, "points": points,
             "scoring": {reason: value for reason, value in scoring.items() if value}}
        )  # fmt: skip
        self.hand_events.append({**self.events[-1], "player": seat, "scores": dict(scores)})

    @property
    def count(self) -> int:
        """The count of the engine's series so far."""
        return sum(min(10, "A23456789TJQK".index(text[0]) + 1) for text in self.series)

    def go(self, seat: str, scores: dict[str, int]) -> None:
        """The engine's player says go: written once a series, by a player holding cards who did
        not play the series' last card (that player, unable to play on, scores or says nothing),
        and never at 31 (the series is simply over)."""
        assert self.hand is not None
        if seat in self.said_go or not self.held.get(seat) or seat == self.last_seat or self.count == 31:
            return
        self.said_go.add(seat)
        self.hand.go()
        self.events.append({"type": "go", "player": self.roles[seat]})
        self.hand_events.append({"type": "go", "player": seat, "scores": dict(scores)})

    def point(self, seat: str, points: int, scores: dict[str, int]) -> None:
        """A go or last-card point the engine gave, and the scores after it."""
        self.events.append({"type": "last_card", "player": self.roles[seat], "points": points})
        self.hand_events.append({"type": "last_card", "player": seat, "points": points, "scores": dict(scores)})

    def new_count(self, leader: str, scores: dict[str, int]) -> None:
        """The engine starts a new count (after a go or 31), `leader` to lead it."""
        if not self.series:
            return
        self.series, self.said_go, self.last_seat = [], set(), None
        if any(self.held.values()):
            self.events.append({"type": "reset", "leader": self.roles[leader]})
            self.hand_events.append({"type": "reset", "leader": leader, "scores": dict(scores)})

    def end_pegging(self, points: dict[str, int]) -> None:
        """The points each seat pegged in the play, as the engine counted them."""
        assert self.hand is not None
        dealer = self.hand.dealer
        pone = other(dealer)
        by_role = {"pone": points[pone], "dealer": points[dealer]}
        plays = list(self.hand.plays)
        self.pegging.pegging(PROFILE, self.kept[pone], self.kept[dealer], plays, by_role, events=self.events)

    def show(
        self,
        seat: str,
        cards: list[str],
        starter: str,
        crib: bool,
        total: int,
        scores: dict[str, int],
        breakdown: dict[str, int] | None = None,
    ) -> None:
        """A hand or crib counted (the crib is the dealer's, `seat`), and the scores after it; its
        `breakdown` (fifteens, pairs, runs, flush, nobs) where the engine gives one, else the
        hand's show events carry an empty one."""
        assert self.hand is not None
        self.games.show(PROFILE, cards, starter, crib, total)
        where = "crib" if crib else "dealer_hand" if seat == self.hand.dealer else "pone_hand"
        self.hand_events.append(
            {"type": "show", "set": where, "player": seat, "cards": list(cards), "points": total,
             "breakdown": dict(breakdown or {}),
             "scores": dict(scores)}
        )  # fmt: skip

    def end_hand(self, scores: dict[str, int], winner: str | None) -> None:
        """The hand is over (or the game won in it): its lines in both transcripts."""
        assert self.hand is not None
        self.games.hand(PROFILE, self.hand, scores, winner)
        events = list(self.hand_events)
        if winner is not None:
            events.append({"type": "win", "player": winner, "scores": dict(scores)})
        self.pegging.hand(PROFILE, self.hand, scores, winner, events=events)
        self.hand = None


def open_record(
    folder: Path, stem: str, *, name: str, version: str, stops_at_target: bool = False
) -> tuple[GameRecord, list[IO[str]]]:
    """A record writing `<stem>.jsonl` and `<stem>-events.jsonl` into `folder`; `stops_at_target`
    for a game whose winner's score stops at 121 (the hello says so)."""
    folder.mkdir(parents=True, exist_ok=True)
    games = (folder / f"{stem}.jsonl").open("w", encoding="utf-8")
    pegging = (folder / f"{stem}-events.jsonl").open("w", encoding="utf-8")
    record = GameRecord(games, pegging, name=name, version=version, stops_at_target=stops_at_target)
    return record, [games, pegging]


def command_line(play_games: Callable[[int, int, Path], None], description: str | None) -> None:
    """The command line of every recorder: `--games N --seed S --out DIR`."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    play_games(args.games, args.seed, args.out)
