"""One hand (one deal) from the cut to the crib, with running scores, stopping at the win.

Order of the hand (rules game.three-for-last, deal.heels, peg.*, game.show-order): three for
last (five-card, first hand, the pone), heels (a jack turned: the dealer), the pegging, then the
show: the pone's hand, the dealer's hand, the dealer's crib. With three or four seats the show
goes round from the dealer's left, the dealer's hand last, then the crib (game.show-order-seats),
and partners peg on one score (game.sides). Rule game.win: the first player (side) to reach or
pass the target wins at that moment; nothing after it is scored. Under muggins each count is
pegged as claimed and the points overlooked go to the other side at once (muggins.claim,
muggins.overlooked).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from cribcheck.reference.cards import Card, as_card, as_cards, read_cards
from cribcheck.reference.deal import check_dealt, check_discard_count, cut_the_stock, deal_round_table, kept_cards
from cribcheck.reference.errors import Code, CribbageError
from cribcheck.reference.muggins import CRIB, Claims, Muggins, credit, read_claims
from cribcheck.reference.pegging import Go, Pegging, PeggingEvent, Play, Reset, play_round, read_plays
from cribcheck.reference.profiles import Profile
from cribcheck.reference.seats import (
    Seat,
    Side,
    check_keys,
    check_seat,
    round_from_left_of,
    seats_of,
    side_of,
    sides_of,
)
from cribcheck.reference.show import ShowScore, score_show

Player = str  # a seat ("A".."D"), or for a win or a muggins a side ("AC", "BD" in partnerships)
PLAYERS = ("A", "B")
ShowSet = Literal["pone_hand", "dealer_hand", "hand", "crib"]


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


HandEvent = ThreeForLast | Heels | PeggingEvent | Show | Win | Muggins


@dataclass(frozen=True)
class Step:
    """One event of the hand, the seat it concerns (the side, for a win or a muggins; None for
    nobody), the points pegged for it, every side's score after it, and the points claimed for it
    under muggins."""

    event: HandEvent
    player: Player | None
    points: int
    scores: Mapping[Side, int]
    claimed: int | None = None


@dataclass(frozen=True)
class HandResult:
    dealer: Seat
    pone: Seat  # the seat at the dealer's left: it leads the pegging and counts first
    starter: Card
    kept: Mapping[Seat, tuple[Card, ...]]
    crib: tuple[Card, ...]
    steps: tuple[Step, ...]
    scores: Mapping[Side, int]
    winner: Side | None


def other_player(player: Player) -> Player:
    return PLAYERS[1 - PLAYERS.index(player)]


def play_hand(
    profile: Profile,
    *,
    dealer: Seat,
    scores: Mapping[Side, int],
    first_hand: bool,
    discards: Mapping[Seat, Sequence[Card | str]],
    plays: Sequence[Card | str],
    dealt: Mapping[Seat, Sequence[Card | str]] | None = None,
    starter: Card | str | None = None,
    deck: Sequence[Card | str] | None = None,
    cut: int | None = None,
    crib_card: Card | str | None = None,
    claims: Sequence[Mapping[str, object]] | None = None,
) -> HandResult:
    """Play one deal: give either `dealt` (each seat's cards) and `starter` (and, with three
    players, the `crib_card` dealt from the deck), or a `deck` (top card first) and a `cut` depth.
    `scores` are by side. `plays` is the pegging as played (see play_round); it may stop early
    only when the game is won before the pegging ends. `claims` are muggins claims (see
    reference.muggins); they change nothing under a profile without muggins."""
    if not isinstance(profile, Profile):
        raise TypeError(f"profile is a Profile (see load_profile), got {type(profile).__name__}")
    seats = seats_of(profile)
    check_seat(dealer, profile, "the dealer")
    check_keys(scores, sides_of(profile), profile, "the scores")
    for side, score in scores.items():
        if isinstance(score, bool) or not isinstance(score, int):
            raise TypeError(f"a score is a whole number, got {type(score).__name__} for {side}")
        if score < 0:
            raise CribbageError(Code.WRONG_CARD_COUNT, f"{side}'s score {score} is below 0")
    if deck is None and (dealt is None or starter is None):
        raise CribbageError(Code.WRONG_CARD_COUNT, "a hand needs the cards dealt and the starter, or a deck")
    if dealt is not None and deck is None:
        check_keys(dealt, seats, profile, "the cards dealt")
    check_keys(discards, seats, profile, "the discards")
    order = round_from_left_of(dealer, seats)
    # Rule input.rejection-order: the faults of a hand are looked for in this order, and the first
    # found is the answer. 1: a card that cannot be read, anywhere in the hand.
    read_every_card(dealt, starter, crib_card, deck, discards, plays)
    # 2: a card given twice (in one seat's discards, above; in the deal, below); 3: a wrong number
    # of cards (the deck or the cards dealt, below; then each seat's discards).
    thrown = {seat: discarded(discards[seat], seat) for seat in order}
    if deck is not None:
        dealing = deal_round_table(deck, profile, dealer)
        hands, from_deck = dict(dealing.hands), dealing.crib_cards
    else:
        assert dealt is not None and starter is not None
        hands, turned, from_deck = check_dealt(dealt, starter, profile, crib_card)
    for seat in order:
        check_discard_count(thrown[seat], profile, seat)
    # 4: a discard not from the seat's hand. (5, an unknown profile, is the harness's to answer.)
    kept = {seat: kept_cards(hands[seat], thrown[seat], profile, seat) for seat in order}
    # 6: a bad cut.
    if deck is not None:
        if cut is None:
            raise CribbageError(Code.BAD_CUT, "a deal from a deck needs a cut depth")
        turned = cut_the_stock(dealing, cut).starter
    crib = (*(card for seat in order for card in hands[seat] if card not in kept[seat]), *from_deck)
    given_claims = read_claims(claims, plays, seats)
    # 7: the plays, the first bad play in order, then plays that stop too early; 8: a hand given
    # after the game was won. With a score already at the target no win can come in this hand, so
    # its plays are judged as a whole pegging before the hand is refused.
    over = [side for side, score in scores.items() if score >= profile.target]
    if over:
        play_round(kept, dealer, plays, profile, require_complete=True)
        raise CribbageError(
            Code.GAME_OVER, f"{over[0]} already has {scores[over[0]]} of {profile.target}: the game is over"
        )
    awards = _awards(profile, dealer, bool(first_hand), turned, kept, crib, plays)
    steps, final, winner = _score(credited(awards, given_claims, profile, sides_of(profile)), dict(scores), profile)
    return HandResult(
        dealer=dealer,
        pone=order[0],
        starter=turned,
        kept=kept,
        crib=crib,
        steps=steps,
        scores=final,
        winner=winner,
    )


def read_every_card(
    dealt: Mapping[Seat, Sequence[Card | str]] | None,
    starter: Card | str | None,
    crib_card: Card | str | None,
    deck: Sequence[Card | str] | None,
    discards: Mapping[Seat, Sequence[Card | str]],
    plays: Sequence[Card | str],
) -> None:
    """Rule input.rejection-order, first of all: every card of the hand can be read, the cards
    dealt (or the deck), the starter and the crib card, the discards, then the plays (a card of
    the plays is named by its index). Values of the wrong type are left to the checks after."""
    lists = [*(dealt or {}).values(), *([deck] if deck is not None else []), *discards.values()]
    for cards in lists:
        if isinstance(cards, Iterable) and not isinstance(cards, str | bytes):
            read_cards(cards)
    for card in (starter, crib_card):
        if card is not None:
            as_card(card)
    if isinstance(plays, Sequence) and not isinstance(plays, str | bytes):
        read_plays(plays)


def discarded(discards: Iterable[Card | str], who: Seat) -> tuple[Card, ...]:
    """A seat's discards read, none given twice (rule cards.deck)."""
    if isinstance(discards, str | bytes) or not isinstance(discards, Iterable):
        raise TypeError(f"{who}'s discards are a sequence of cards, got {type(discards).__name__}")
    return as_cards(discards)


def _awards(
    profile: Profile,
    dealer: Seat,
    first_hand: bool,
    starter: Card,
    kept: Mapping[Seat, tuple[Card, ...]],
    crib: tuple[Card, ...],
    plays: Sequence[Card | str],
) -> Iterator[tuple[HandEvent, Seat | None]]:
    """The events of the hand in their fixed order (rule game.hand-order: three for last, heels,
    each card's points as it is played, the go or last-card point after it, then each hand from
    the dealer's left, the dealer's hand last, then the crib), each with the seat it scores for.

    Every play given is judged here, before any award is yielded (rules game.win and
    input.rejection-order): plays after the winning moment need not be given, but those given
    must be legal, whenever the win comes (three for last, heels, a card, a go, a show); nothing
    they would score counts, as the awards stop at the win."""
    pegging = play_round(kept, dealer, plays, profile, require_complete=False)
    return _in_order(profile, dealer, first_hand, starter, kept, crib, plays, pegging)


def _in_order(
    profile: Profile,
    dealer: Seat,
    first_hand: bool,
    starter: Card,
    kept: Mapping[Seat, tuple[Card, ...]],
    crib: tuple[Card, ...],
    plays: Sequence[Card | str],
    pegging: Pegging,
) -> Iterator[tuple[HandEvent, Seat | None]]:
    """The awards of _awards, from a pegging already replayed."""
    pone = round_from_left_of(dealer, seats_of(profile))[0]
    if first_hand and profile.three_for_last:
        yield three_for_last(profile), pone
    if starter.is_jack:
        yield his_heels(starter, profile), dealer
    yield from pegging_awards(pegging)
    if not pegging.complete:
        raise CribbageError(
            Code.PEGGING_INCOMPLETE,
            "the plays end before the pegging is over and before anyone has won",
            index=len(plays),
        )
    yield from the_show(profile, dealer, starter, kept, crib)


def three_for_last(profile: Profile) -> ThreeForLast:
    """Rule game.three-for-last: before the first deal only, the pone scores 3 (five-card)."""
    return ThreeForLast(profile.three_for_last)


def his_heels(starter: Card, profile: Profile) -> Heels:
    """Rule deal.heels: a jack turned as the starter gives the dealer 2 at once."""
    return Heels(starter, profile.heels)


def the_show(
    profile: Profile,
    dealer: Seat,
    starter: Card,
    kept: Mapping[Seat, tuple[Card, ...]],
    crib: tuple[Card, ...],
) -> Iterator[tuple[Show, Seat]]:
    """Rules game.show-order and game.show-order-seats: each hand in turn from the dealer's left
    (with two players: the pone's hand), the dealer's hand last, then the dealer's crib, each with
    the same starter (rule show.starter-shared)."""
    for seat in round_from_left_of(dealer, seats_of(profile)):
        yield (
            Show(
                hand_set(seat, dealer, profile),
                kept[seat],
                score_show(kept[seat], starter, crib=False, profile=profile),
            ),
            seat,
        )
    yield Show("crib", crib, score_show(crib, starter, crib=True, profile=profile)), dealer


def hand_set(seat: Seat, dealer: Seat, profile: Profile) -> ShowSet:
    """How a hand is named in the show: two players, the pone's or the dealer's; else a hand."""
    if profile.seats != 2:
        return "hand"
    return "dealer_hand" if seat == dealer else "pone_hand"


def pegging_awards(pegging: Pegging) -> Iterator[tuple[PeggingEvent, Seat]]:
    """A pegging's events in order, each with the seat it concerns (for a reset, the leader)."""
    for event in pegging.events:
        yield event, (event.leader if isinstance(event, Reset) else event.player)


@dataclass(frozen=True)
class Credited:
    """One award as pegged: the event, its seat (for a muggins, the side that calls it), the side
    that pegs the points (None for nobody), the points pegged, and the points claimed for it."""

    event: HandEvent
    player: Player | None
    side: Side | None
    points: int
    claimed: int | None = None


def credited(
    awards: Iterable[tuple[HandEvent, Seat | None]], claims: Claims, profile: Profile, sides: Sequence[Side]
) -> Iterator[Credited]:
    """Each award with the side that pegs it and its points; under muggins, a claimed count pegs
    the claim and is followed by the points overlooked, to the other side (rules muggins.claim,
    muggins.overlooked, muggins.overclaim; heels, three for last and the go are never claimed,
    muggins.never-claimed). `sides` are the sides at the table (for the two-player pegging
    operation, the roles pone and dealer)."""
    for event, seat in awards:
        side = None if seat is None or isinstance(event, Reset | Go) else side_of(seat, profile)
        claim = _claim_for(event, seat, claims)
        given = credit(event.points, claim, muggins=profile.muggins)
        yield Credited(event, seat, side, given.points if side else 0, given.claimed)
        if given.overlooked and side is not None:
            caller = muggins_caller(side, sides)
            yield Credited(Muggins(given.overlooked), caller, caller, given.overlooked)


def muggins_caller(side: Side, sides: Sequence[Side]) -> Side:
    """Rule muggins.overlooked: the points a side overlooked are pegged by the opponent (in
    partnerships, the side that did not count). Muggins is played by two sides only."""
    return next(other for other in sides if other != side)


def credit_pegging(pegging: Pegging, claims: Claims, profile: Profile, sides: Sequence[Side]) -> tuple[Credited, ...]:
    """The pegging operation's events as pegged: each card's points and the go or last-card
    points, under muggins as claimed, with the muggins that follow (see `credited`)."""
    return tuple(credited(pegging_awards(pegging), claims, profile, sides))


def _claim_for(event: HandEvent, seat: Seat | None, claims: Claims) -> int | None:
    if isinstance(event, Play):
        return claims.for_play(event.index)
    if isinstance(event, Show) and seat is not None:
        return claims.for_show(CRIB if event.set == "crib" else seat)
    return None


def pegged_points(score: int, points: int, profile: Profile) -> int:
    """Rule game.win, dispute D8: points are pegged in full, reaching or passing the target, so the
    winner's score is the points reached (rule game.winner-score: 119 and a crib of 6 make 125). Under
    the other reading (win: reach_exactly) an award that would pass the target is not pegged."""
    if profile.win == "reach_exactly" and score + points > profile.target:
        return 0
    return points


def winner_at_once(scores: Mapping[Side, int], side: Side | None, profile: Profile) -> bool:
    """Rule game.win, dispute D9: the first player (side) to reach or pass the target wins at that
    moment. Under the other reading (win: end_of_hand) nobody wins before the hand is over."""
    if side is None or profile.win == "end_of_hand":
        return False
    return scores[side] >= profile.target


def winner_at_end_of_hand(reached_first: Sequence[Side], scores: Mapping[Side, int]) -> Side | None:
    """Dispute D9, the other reading: of the players at or past the target, the higher total wins;
    on equal totals, the first to reach the target."""
    if not reached_first:
        return None
    return max(reached_first, key=lambda who: (scores[who], -reached_first.index(who)))


def _score(
    awards: Iterator[Credited], scores: dict[Side, int], profile: Profile
) -> tuple[tuple[Step, ...], dict[Side, int], Side | None]:
    steps: list[Step] = []
    reached: list[Side] = []
    for award in awards:
        side, points = award.side, 0
        if side is not None:
            points = pegged_points(scores[side], award.points, profile)
            scores[side] += points
        steps.append(Step(award.event, award.player, points, dict(scores), award.claimed))
        if side is not None and scores[side] >= profile.target and side not in reached:
            reached.append(side)
        if winner_at_once(scores, side, profile):
            steps.append(Step(Win(), side, 0, dict(scores)))
            return tuple(steps), scores, side
    winner = winner_at_end_of_hand(reached, scores) if profile.win == "end_of_hand" else None
    if winner is not None:
        steps.append(Step(Win(), winner, 0, dict(scores)))
    return tuple(steps), scores, winner
