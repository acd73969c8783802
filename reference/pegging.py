"""The play (pegging): points for each card played, the go, and the count.

`score_play` scores the card just played over the cards of the current count. `play_pegging`
replays a whole pegging from the two kept hands and the cards as played: it infers each go,
ends or restarts the count as the profile says, and rejects an impossible sequence with the
index of the offending play.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from reference.cards import Card, as_card, as_cards, form_run, no_card_twice, same_rank
from reference.errors import Code, CribbageError
from reference.profiles import Profile

Role = Literal["pone", "dealer"]
GO = "go"
MAX_COUNT = 31
POINTS_FOR_PAIRS = {2: 2, 3: 6, 4: 12}  # pair, pair royal, double pair royal


@dataclass(frozen=True)
class PlayScore:
    """Points for the card just played, by reason. `run` is the length of the run scored (0 if none)."""

    fifteen: int
    thirty_one: int
    pairs: int
    run: int

    @property
    def points(self) -> int:
        return self.fifteen + self.thirty_one + self.pairs + self.run


@dataclass(frozen=True)
class Play:
    kind: ClassVar[str] = "play"
    player: Role
    card: Card
    count: int
    score: PlayScore

    @property
    def points(self) -> int:
        return self.score.points


@dataclass(frozen=True)
class Go:
    """The player cannot play without passing 31 and says go."""

    kind: ClassVar[str] = "go"
    player: Role
    points: ClassVar[int] = 0


@dataclass(frozen=True)
class LastCard:
    """Neither can play: the player of the last card scores (1 for go / last card)."""

    kind: ClassVar[str] = "last_card"
    player: Role
    points: int


@dataclass(frozen=True)
class Reset:
    """Six-card: the count goes back to 0 and `leader` leads the next series."""

    kind: ClassVar[str] = "reset"
    leader: Role
    points: ClassVar[int] = 0


PeggingEvent = Play | Go | LastCard | Reset


@dataclass(frozen=True)
class Pegging:
    """A replayed pegging: every event in order, the points each role pegged, what was left
    unplayed (five-card), and whether the pegging reached its end."""

    events: tuple[PeggingEvent, ...]
    points: dict[Role, int]
    unplayed: dict[Role, tuple[Card, ...]]
    complete: bool


def the_count(cards: Iterable[Card]) -> int:
    """Rule peg.order: the count is the sum of the counting values of the cards of the series."""
    return sum(card.value for card in cards)


def fifteen_points(count_cards: Sequence[Card]) -> int:
    """Rule peg.fifteen: a card that makes the count 15 scores 2."""
    return 2 if the_count(count_cards) == 15 else 0


def thirty_one_points(count_cards: Sequence[Card]) -> int:
    """Rule peg.thirty-one: a card that makes the count 31 scores 2 (and that is the end-of-series
    award: no further point for last card, dispute D2)."""
    return 2 if the_count(count_cards) == MAX_COUNT else 0


def pair_points(count_cards: Sequence[Card]) -> int:
    """Rule peg.pairs: the trailing cards of the card's rank, whoever played them: 2 cards score 2,
    3 cards 6, 4 cards 12."""
    same = 1
    while same < len(count_cards) and same_rank((count_cards[-1], count_cards[-1 - same])):
        same += 1
    return POINTS_FOR_PAIRS.get(same, 0)


def run_points(count_cards: Sequence[Card]) -> int:
    """Rule peg.runs: the largest n >= 3 such that the last n cards form a run in any order scores
    n. A duplicate or a gap among those n cards breaks it."""
    for n in range(len(count_cards), 2, -1):
        if form_run(count_cards[-n:]):
            return n
    return 0


def score_play(count_cards: Iterable[Card | str], profile: Profile | None = None) -> PlayScore:
    """Points for the last card of `count_cards`, the cards of the current count in play order
    (rules peg.fifteen, peg.thirty-one, peg.pairs, peg.runs; they add up: peg.combined). No flush
    is ever scored in the pegging (peg.no-flush). The profile does not change these points; it is
    accepted so that every scoring entry point has the same shape."""
    cards = as_cards(count_cards)
    if not cards:
        raise CribbageError(Code.WRONG_CARD_COUNT, "no card played: the count holds at least one card")
    for index in range(len(cards)):
        if the_count(cards[: index + 1]) > MAX_COUNT:
            raise CribbageError(
                Code.OVER_31,
                f"{cards[index]} takes the count to {the_count(cards[: index + 1])}, over 31",
                index=index,
            )
    return PlayScore(
        fifteen=fifteen_points(cards),
        thirty_one=thirty_one_points(cards),
        pairs=pair_points(cards),
        run=run_points(cards),
    )


def last_card_points(count: int, profile: Profile) -> int:
    """Rule peg.last-card: when neither can play, the player of the last card scores 1, or nothing
    more at exactly 31, which already scored 2 (dispute D2; a variant profile may add a point)."""
    return profile.last_card_at_31 if count == MAX_COUNT else 1


def opponent(role: Role) -> Role:
    return "dealer" if role == "pone" else "pone"


def next_leader(last_player: Role, held: dict[Role, list[Card]]) -> Role:
    """Rule peg.restart: after a reset the player who did not play the last card leads; if that
    player has no cards left, the other plays on."""
    leader = opponent(last_player)
    return leader if held[leader] else last_player


def can_play(held: Sequence[Card], count: int) -> bool:
    """Rule peg.go: a player must play while any held card keeps the count at or below 31."""
    return any(count + card.value <= MAX_COUNT for card in held)


def play_pegging(
    pone_hand: Iterable[Card | str],
    dealer_hand: Iterable[Card | str],
    plays: Sequence[Card | str],
    profile: Profile,
    *,
    require_complete: bool = True,
) -> Pegging:
    """Replay the pegging. `plays` lists the cards in the order played; a `"go"` may stand where a
    go is due, but go's are inferred when left out.

    Rules: peg.order (the pone leads, players alternate), peg.go, peg.last-card, and the count:
    peg.single-count (the pegging ends for good when neither can play) or peg.restart (the count
    restarts at 0 and the player who did not play the last card leads)."""
    hands = {"pone": as_cards(pone_hand), "dealer": as_cards(dealer_hand)}
    for role, hand in hands.items():
        if len(hand) != profile.cards_kept:
            raise CribbageError(
                Code.WRONG_CARD_COUNT,
                f"the {role}'s {profile.name} hand holds {profile.cards_kept} cards, got {len(hand)}",
            )
    no_card_twice((*hands["pone"], *hands["dealer"]))
    return _Pegger(hands, profile).replay(plays, require_complete)


class _Pegger:
    """The state of one pegging as it is replayed (private to play_pegging)."""

    def __init__(self, hands: dict[Role, tuple[Card, ...]], profile: Profile) -> None:
        self.profile = profile
        self.held: dict[Role, list[Card]] = {role: list(hand) for role, hand in hands.items()}
        self.series: list[Card] = []
        self.turn: Role = "pone"
        self.said_go: set[Role] = set()
        self.last_player: Role | None = None
        self.events: list[PeggingEvent] = []
        self.over = False
        self.go_unclaimed = False  # a go was inferred and no "go" in the plays has stood for it yet

    @property
    def count(self) -> int:
        return the_count(self.series)

    def replay(self, plays: Sequence[Card | str], require_complete: bool) -> Pegging:
        index = 0
        self.settle()
        while index < len(plays):
            if plays[index] == GO and self.go_unclaimed:
                self.go_unclaimed = False  # an explicit go, where one was due
                index += 1
                continue
            self.play(plays[index], index)
            index += 1
            self.settle()
        if not self.over and require_complete:
            raise CribbageError(
                Code.PEGGING_INCOMPLETE,
                f"the plays end while the {self.turn} can still play (count {self.count})",
                index=len(plays),
            )
        points: dict[Role, int] = {"pone": 0, "dealer": 0}
        for event in self.events:
            if isinstance(event, Play | LastCard):
                points[event.player] += event.points
        return Pegging(
            events=tuple(self.events),
            points=points,
            unplayed={role: tuple(cards) for role, cards in self.held.items()},
            complete=self.over,
        )

    def play(self, text: Card | str, index: int) -> None:
        """Rules input.legal-play and input.rejection-order, checked in this order: a card held by
        no player, the other player's card, a go while a card fits, a card past 31, a play after
        the pegging is over (once it is over nobody is to play and no count is open, so a card
        still held is only after the end)."""
        self.go_unclaimed = False
        if text == GO:
            if self.over:
                raise CribbageError(
                    Code.PLAY_AFTER_PEGGING_OVER,
                    f"a go is said after the pegging is over (neither could play, count {self.count})",
                    index=index,
                )
            raise CribbageError(
                Code.GO_WITH_PLAYABLE_CARD,
                f"the {self.turn} says go at count {self.count} holding a card that fits: "
                + " ".join(str(card) for card in self.held[self.turn] if self.count + card.value <= MAX_COUNT),
                index=index,
            )
        card = _card_at(text, index)
        holder = next((role for role, cards in self.held.items() if card in cards), None)
        if holder is None:
            raise CribbageError(Code.CARD_NOT_HELD, f"{card} is held by no player", index=index)
        if self.over:
            raise CribbageError(
                Code.PLAY_AFTER_PEGGING_OVER,
                f"{card} is played after the pegging is over (neither could play, count {self.count})",
                index=index,
            )
        if holder != self.turn:
            raise CribbageError(
                Code.NOT_YOUR_TURN, f"{card} is the {holder}'s, but the {self.turn} is to play", index=index
            )
        if self.count + card.value > MAX_COUNT:
            raise CribbageError(
                Code.OVER_31,
                f"{card} would take the count from {self.count} to {self.count + card.value}",
                index=index,
            )
        self.held[self.turn].remove(card)
        self.series.append(card)
        self.events.append(Play(self.turn, card, self.count, score_play(self.series)))
        self.last_player = self.turn
        self.turn = opponent(self.turn)

    def settle(self) -> None:
        """Pass the turn, say go, score the last card and end or restart the count, until someone
        can play or the pegging is over."""
        while not self.over and not can_play(self.held[self.turn], self.count):
            says_go = self.count < MAX_COUNT and self.held[self.turn] and self.turn not in self.said_go
            if says_go:  # at exactly 31 the series is simply over: nobody says go
                self.said_go.add(self.turn)
                self.events.append(Go(self.turn))
                self.go_unclaimed = True
            if can_play(self.held[opponent(self.turn)], self.count):
                self.turn = opponent(self.turn)
                return
            self.end_series()

    def end_series(self) -> None:
        """Neither can play: score the last card, then end the pegging or restart the count."""
        if self.last_player is None:  # only possible with two empty hands
            self.over = True
            return
        points = last_card_points(self.count, self.profile)
        if points:
            self.events.append(LastCard(self.last_player, points))
        no_cards_left = not self.held["pone"] and not self.held["dealer"]
        if self.profile.count == "single" or no_cards_left:
            self.over = True
            return
        self.series = []
        self.said_go = set()
        self.turn = next_leader(self.last_player, self.held)
        self.last_player = None
        self.events.append(Reset(self.turn))


def _card_at(text: Card | str, index: int) -> Card:
    try:
        return as_card(text)
    except CribbageError as error:
        raise CribbageError(error.code, error.message, index=index) from None
