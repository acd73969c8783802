"""One hand (one deal) from the cut to the crib, with running scores, stopping at the win.

Order of the hand (rules game.three-for-last, deal.heels, peg.*, game.show-order):
three for last (five-card, first hand, the pone), heels (a jack turned: the dealer), the
pegging, then the show: the pone's hand, the dealer's hand, the dealer's crib. Rule game.win:
the first player to reach or pass the target wins at that moment; nothing after it is scored.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from reference.cards import Card, as_card
from reference.deal import check_dealt, deal_from_deck, kept_cards
from reference.errors import Code, CribbageError
from reference.pegging import Go, PeggingEvent, Reset, play_pegging
from reference.profiles import Profile
from reference.show import ShowScore, score_show

Player = str  # "A" or "B"
PLAYERS = ("A", "B")
ShowSet = Literal["pone_hand", "dealer_hand", "crib"]


@dataclass(frozen=True)
class ThreeForLast:
    kind: ClassVar[str] = "three_for_last"
    points: int


@dataclass(frozen=True)
class Heels:
    kind: ClassVar[str] = "heels"
    starter: Card
    points: int


@dataclass(frozen=True)
class Show:
    kind: ClassVar[str] = "show"
    set: ShowSet
    cards: tuple[Card, ...]
    score: ShowScore

    @property
    def points(self) -> int:
        return self.score.total


@dataclass(frozen=True)
class Win:
    kind: ClassVar[str] = "win"
    points: ClassVar[int] = 0


HandEvent = ThreeForLast | Heels | PeggingEvent | Show | Win


@dataclass(frozen=True)
class Step:
    """One event of the hand, the player it concerns (None for a reset), the points pegged for
    it, and both scores after it."""

    event: HandEvent
    player: Player | None
    points: int
    scores: Mapping[Player, int]


@dataclass(frozen=True)
class HandResult:
    dealer: Player
    pone: Player
    starter: Card
    kept: Mapping[Player, tuple[Card, ...]]
    crib: tuple[Card, ...]
    steps: tuple[Step, ...]
    scores: Mapping[Player, int]
    winner: Player | None


def other_player(player: Player) -> Player:
    return PLAYERS[1 - PLAYERS.index(player)]


def _check_players(dealer: Player, scores: Mapping[Player, int]) -> None:
    """The dealer is A or B, and both have a score."""
    if dealer not in PLAYERS:
        raise CribbageError(Code.INVALID_INPUT, f"the dealer is A or B, got {dealer!r}")
    missing = [who for who in PLAYERS if who not in scores]
    if missing:
        raise CribbageError(Code.INVALID_INPUT, f"the scores need A and B, missing {' and '.join(missing)}")


def play_hand(
    profile: Profile,
    *,
    dealer: Player,
    scores: Mapping[Player, int],
    first_hand: bool,
    discards: Mapping[Player, Sequence[Card | str]],
    plays: Sequence[Card | str],
    dealt: Mapping[Player, Sequence[Card | str]] | None = None,
    starter: Card | str | None = None,
    deck: Sequence[Card | str] | None = None,
    cut: int | None = None,
) -> HandResult:
    """Play one deal: give either `dealt` (each player's cards) and `starter`, or a `deck` (top
    card first) and a `cut` depth. `plays` is the pegging as played (see play_pegging); it may
    stop early only when the game is won before the pegging ends."""
    _check_players(dealer, scores)
    pone = other_player(dealer)
    for who in PLAYERS:
        if scores[who] >= profile.target:
            raise CribbageError(
                Code.GAME_OVER, f"{who} already has {scores[who]} of {profile.target}: the game is over"
            )
    if deck is not None:
        if cut is None:
            raise CribbageError(Code.BAD_CUT, "a deal from a deck needs a cut depth")
        deal = deal_from_deck(deck, cut, profile)
        hands, turned = {pone: deal.pone, dealer: deal.dealer}, deal.starter
    else:
        if dealt is None or starter is None:
            raise CribbageError(Code.WRONG_CARD_COUNT, "a hand needs the cards dealt and the starter, or a deck")
        hands, turned = check_dealt(dict(dealt), as_card(starter), profile)
    kept = {who: kept_cards(hands[who], discards.get(who, ()), profile, who) for who in PLAYERS}
    crib = tuple(card for who in (pone, dealer) for card in hands[who] if card not in kept[who])
    awards = _awards(profile, dealer, first_hand, turned, kept, crib, plays)
    steps, final, winner = _score(awards, dict(scores), profile)
    return HandResult(
        dealer=dealer,
        pone=pone,
        starter=turned,
        kept=kept,
        crib=crib,
        steps=steps,
        scores=final,
        winner=winner,
    )


def _awards(
    profile: Profile,
    dealer: Player,
    first_hand: bool,
    starter: Card,
    kept: Mapping[Player, tuple[Card, ...]],
    crib: tuple[Card, ...],
    plays: Sequence[Card | str],
) -> Iterator[tuple[HandEvent, Player | None]]:
    """The events of the hand in their fixed order (rule game.hand-order: three for last, heels,
    each card's points as it is played, the go or last-card point after it, then the pone's hand,
    the dealer's hand, the crib), each with the player it scores for."""
    pone = other_player(dealer)
    if first_hand and profile.three_for_last:
        yield three_for_last(profile), pone
    if starter.is_jack:
        yield his_heels(starter, profile), dealer
    pegging = play_pegging(kept[pone], kept[dealer], plays, profile, require_complete=False)
    for event in pegging.events:
        yield event, _player_of(event, pone, dealer)
    if not pegging.complete:
        raise CribbageError(
            Code.PEGGING_INCOMPLETE,
            "the plays end before the pegging is over and before anyone has won",
            index=len(plays),
        )
    yield from the_show(profile, pone, dealer, starter, kept, crib)


def three_for_last(profile: Profile) -> ThreeForLast:
    """Rule game.three-for-last: before the first deal only, the pone scores 3 (five-card)."""
    return ThreeForLast(profile.three_for_last)


def his_heels(starter: Card, profile: Profile) -> Heels:
    """Rule deal.heels: a jack turned as the starter gives the dealer 2 at once."""
    return Heels(starter, profile.heels)


def the_show(
    profile: Profile,
    pone: Player,
    dealer: Player,
    starter: Card,
    kept: Mapping[Player, tuple[Card, ...]],
    crib: tuple[Card, ...],
) -> Iterator[tuple[Show, Player]]:
    """Rule game.show-order: the pone's hand, the dealer's hand, then the dealer's crib, each with
    the same starter (rule show.starter-shared)."""
    yield Show("pone_hand", kept[pone], score_show(kept[pone], starter, crib=False, profile=profile)), pone
    yield (
        Show("dealer_hand", kept[dealer], score_show(kept[dealer], starter, crib=False, profile=profile)),
        dealer,
    )
    yield Show("crib", crib, score_show(crib, starter, crib=True, profile=profile)), dealer


def _player_of(event: PeggingEvent, pone: Player, dealer: Player) -> Player:
    role = event.leader if isinstance(event, Reset) else event.player
    return pone if role == "pone" else dealer


def pegged_points(score: int, points: int, profile: Profile) -> int:
    """Rule game.win, dispute D8: points are pegged in full, reaching or passing the target. Under
    the other reading (win: reach_exactly) an award that would pass the target is not pegged."""
    if profile.win == "reach_exactly" and score + points > profile.target:
        return 0
    return points


def winner_at_once(scores: Mapping[Player, int], player: Player | None, profile: Profile) -> bool:
    """Rule game.win, dispute D9: the first player to reach or pass the target wins at that moment.
    Under the other reading (win: end_of_hand) nobody wins before the hand is over."""
    if player is None or profile.win == "end_of_hand":
        return False
    return scores[player] >= profile.target


def winner_at_end_of_hand(reached_first: Sequence[Player], scores: Mapping[Player, int]) -> Player | None:
    """Dispute D9, the other reading: of the players at or past the target, the higher total wins;
    on equal totals, the first to reach the target."""
    if not reached_first:
        return None
    return max(reached_first, key=lambda who: (scores[who], -reached_first.index(who)))


def _score(
    awards: Iterator[tuple[HandEvent, Player | None]], scores: dict[Player, int], profile: Profile
) -> tuple[tuple[Step, ...], dict[Player, int], Player | None]:
    steps: list[Step] = []
    reached: list[Player] = []
    for event, player in awards:
        points = 0
        if player is not None and not isinstance(event, Reset | Go):
            points = pegged_points(scores[player], event.points, profile)
            scores[player] += points
        steps.append(Step(event, player, points, dict(scores)))
        if player is not None and scores[player] >= profile.target and player not in reached:
            reached.append(player)
        if winner_at_once(scores, player, profile):
            steps.append(Step(Win(), player, 0, dict(scores)))
            return tuple(steps), scores, player
    winner = winner_at_end_of_hand(reached, scores) if profile.win == "end_of_hand" else None
    if winner is not None:
        steps.append(Step(Win(), winner, 0, dict(scores)))
    return tuple(steps), scores, winner
