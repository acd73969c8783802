"""The play (pegging): points for each card played, the go, and the count.

`score_play` scores the card just played over the cards of the current count. `play_pegging`
replays a whole pegging from the two kept hands and the cards as played: it infers each go,
ends or restarts the count as the profile says, and rejects an impossible sequence with the
index of the offending play. `play_round` does the same for any table (three or four seats,
rules peg.order-seats, peg.go-seats, peg.restart-seats): the turn goes round clockwise from the
dealer's left, which with two players is simply pone, dealer, pone...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Literal

from cribcheck.reference.cards import Card, as_card, as_cards, form_run, no_card_twice, read_cards, same_rank
from cribcheck.reference.errors import Code, CribbageError
from cribcheck.reference.profiles import Profile
from cribcheck.reference.seats import Seat, check_keys, check_seat, left_of, round_from_left_of, seats_of

Role = Literal["pone", "dealer"]
ROLES: tuple[Role, Role] = ("pone", "dealer")  # the two-player turn order: the pone leads
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
    player: Seat
    card: Card
    count: int
    score: PlayScore
    index: int = field(default=-1, compare=False)  # where the card stands in the plays (for muggins claims)

    @property
    def points(self) -> int:
        return self.score.points


@dataclass(frozen=True)
class Go:
    """The player cannot play without passing 31 and says go."""

    kind: ClassVar[str] = "go"
    player: Seat
    points: ClassVar[int] = 0


@dataclass(frozen=True)
class LastCard:
    """Neither can play: the player of the last card scores (1 for go / last card)."""

    kind: ClassVar[str] = "last_card"
    player: Seat
    points: int


@dataclass(frozen=True)
class Reset:
    """Six-card: the count goes back to 0 and `leader` leads the next series."""

    kind: ClassVar[str] = "reset"
    leader: Seat
    points: ClassVar[int] = 0


PeggingEvent = Play | Go | LastCard | Reset


@dataclass(frozen=True)
class Pegging:
    """A replayed pegging: every event in order, the points each seat (or role) pegged, what was
    left unplayed (five-card), and whether the pegging reached its end."""

    events: tuple[PeggingEvent, ...]
    points: dict[Seat, int]
    unplayed: dict[Seat, tuple[Card, ...]]
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
    """Rules peg.pairs and peg.pairs-runs-round-table: the trailing cards of the card's rank,
    whoever played them (partners included): 2 cards score 2, 3 cards 6, 4 cards 12."""
    same = 1
    while same < len(count_cards) and same_rank((count_cards[-1], count_cards[-1 - same])):
        same += 1
    return POINTS_FOR_PAIRS.get(same, 0)


def run_points(count_cards: Sequence[Card]) -> int:
    """Rules peg.runs and peg.pairs-runs-round-table: the largest n >= 3 such that the last n cards
    form a run in any order scores n, whichever seats played them. A duplicate or a gap among those
    n cards breaks it."""
    for n in range(len(count_cards), 2, -1):
        if form_run(count_cards[-n:]):
            return n
    return 0


def score_play(count_cards: Iterable[Card | str], profile: Profile | None = None) -> PlayScore:
    """Points for the last card of `count_cards`, the cards of the current count in play order
    (rules peg.fifteen, peg.thirty-one, peg.pairs, peg.runs; they add up: peg.combined). No flush
    is ever scored in the pegging (peg.no-flush). The profile does not change these points; it is
    accepted so that every scoring entry point has the same shape."""
    if isinstance(count_cards, str | bytes) or not isinstance(count_cards, Iterable):
        raise TypeError(f"the count is a sequence of cards, got {type(count_cards).__name__}")
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


def next_leader(last_player: Seat, held: dict[Seat, list[Card]], order: Sequence[Seat] = ROLES) -> Seat:
    """Rules peg.restart and peg.restart-seats: after a reset the next series is led by the first
    seat to the left of the last card's player that still holds cards. With two players: the
    player who did not play the last card leads; if that player has no cards left, the other plays
    on."""
    leader = left_of(last_player, order)
    while not held[leader] and leader != last_player:
        leader = left_of(leader, order)
    return leader


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
    """Replay the two-player pegging. `plays` lists the cards in the order played; a `"go"` may
    stand where a go is due, but go's are inferred when left out.

    Rules: peg.order (the pone leads, players alternate), peg.go, peg.last-card, and the count:
    peg.single-count (the pegging ends for good when neither can play) or peg.restart (the count
    restarts at 0 and the player who did not play the last card leads)."""
    return pegging_table(pone_hand, dealer_hand, plays, profile).replay(plays, require_complete)


def play_round(
    hands: Mapping[Seat, Iterable[Card | str]],
    dealer: Seat,
    plays: Sequence[Card | str],
    profile: Profile,
    *,
    require_complete: bool = True,
) -> Pegging:
    """Replay the pegging at a table of any size: `hands` are the kept hands by seat, `dealer` the
    dealer's seat. The seat at the dealer's left leads and turns go clockwise (rule
    peg.order-seats); go's are passed on to the left (peg.go-seats); after a reset the first seat
    left of the last card's player that holds cards leads (peg.restart-seats)."""
    return round_table(hands, dealer, plays, profile).replay(plays, require_complete)


@dataclass(frozen=True)
class Table:
    """The kept hands of a pegging, read and checked before any play is judged, and the seats (or,
    for two players, the roles) in turn from the first leader."""

    hands: Mapping[Seat, tuple[Card, ...]]
    order: tuple[Seat, ...]
    profile: Profile

    def replay(self, plays: Sequence[Card | str], require_complete: bool = True) -> Pegging:
        """The plays judged one by one (see _Pegger.play), then, when `require_complete`, plays
        that stop before the pegging is over (rule input.rejection-order)."""
        return _Pegger(dict(self.hands), self.profile, self.order).replay(plays, require_complete)


def pegging_table(
    pone_hand: Iterable[Card | str], dealer_hand: Iterable[Card | str], plays: Sequence[Card | str], profile: Profile
) -> Table:
    """The two-player pegging's hands, by role (rule peg.order: the pone leads), checked as
    `_table` says (rule input.rejection-order)."""
    _check_types(profile, plays)
    if profile.seats != 2:
        raise CribbageError(Code.BAD_SEAT, f"{profile.name} has {profile.seats} seats: give a hand per seat")
    hands = {
        "pone": read_cards(_iterable(pone_hand, "the pone's hand")),
        "dealer": read_cards(_iterable(dealer_hand, "the dealer's hand")),
    }
    return _table(hands, ROLES, plays, profile)


def round_table(
    hands: Mapping[Seat, Iterable[Card | str]], dealer: Seat, plays: Sequence[Card | str], profile: Profile
) -> Table:
    """The kept hands of any table, by seat (rule input.seats), checked as `_table` says (rule
    input.rejection-order)."""
    _check_types(profile, plays)
    check_seat(dealer, profile, "the dealer")
    check_keys(hands, seats_of(profile), profile, "the kept hands")
    order = round_from_left_of(dealer, seats_of(profile))
    cards = {seat: read_cards(_iterable(hands[seat], f"{seat}'s hand")) for seat in order}
    return _table(cards, order, plays, profile)


def _table(
    hands: dict[Seat, tuple[Card, ...]], order: tuple[Seat, ...], plays: Sequence[Card | str], profile: Profile
) -> Table:
    # Rule input.rejection-order: every card read (the hands' above), then no card twice, then
    # the number of cards; the plays one by one come after (Table.replay).
    read_plays(plays)
    no_card_twice(card for seat in order for card in hands[seat])
    for seat in order:
        if len(hands[seat]) != profile.cards_kept:
            raise CribbageError(
                Code.WRONG_CARD_COUNT,
                f"the {seat}'s {profile.name} hand holds {profile.cards_kept} cards, got {len(hands[seat])}",
            )
    return Table(hands, order, profile)


def _check_types(profile: Profile, plays: object) -> None:
    if not isinstance(profile, Profile):
        raise TypeError(f"profile is a Profile (see load_profile), got {type(profile).__name__}")
    if isinstance(plays, str | bytes) or not isinstance(plays, Sequence):
        raise TypeError(f"plays is a sequence of cards and 'go', got {type(plays).__name__}")


def _iterable(cards: object, what: str) -> Iterable[Card | str]:
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise TypeError(f"{what} is a sequence of cards, got {type(cards).__name__}")
    return cards


class _Pegger:
    """The state of one pegging as it is replayed (private to Table.replay).
    `order` lists the seats clockwise from the first leader (the dealer's left), the dealer last."""

    def __init__(self, hands: dict[Seat, tuple[Card, ...]], profile: Profile, order: tuple[Seat, ...] = ROLES) -> None:
        self.profile = profile
        self.order = order
        self.held: dict[Seat, list[Card]] = {seat: list(hands[seat]) for seat in order}
        self.series: list[Card] = []
        self.turn: Seat = order[0]
        self.said_go: set[Seat] = set()
        self.last_player: Seat | None = None
        self.events: list[PeggingEvent] = []
        self.over = False
        self.go_unclaimed = 0  # go's inferred that no "go" in the plays has stood for yet

    @property
    def count(self) -> int:
        return the_count(self.series)

    def left_of(self, seat: Seat) -> Seat:
        return left_of(seat, self.order)

    def holder_of(self, card: Card) -> Seat | None:
        """The seat that still holds `card`, if any."""
        for seat in self.order:
            if card in self.held[seat]:
                return seat
        return None

    def replay(self, plays: Sequence[Card | str], require_complete: bool) -> Pegging:
        index = 0
        self.settle()
        while index < len(plays):
            if plays[index] == GO and self.go_unclaimed:
                self.go_unclaimed -= 1  # an explicit go, where one was due
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
        points: dict[Seat, int] = dict.fromkeys(self.order, 0)
        for event in self.events:
            if isinstance(event, Play | LastCard):
                points[event.player] += event.points
        return Pegging(
            events=tuple(self.events),
            points=points,
            unplayed={seat: tuple(cards) for seat, cards in self.held.items()},
            complete=self.over,
        )

    def play(self, text: Card | str, index: int) -> None:
        """Rules input.legal-play and input.rejection-order, checked in this order: a card held by
        no seat, another seat's card, a go while a card fits, a card past 31, a play after the
        pegging is over (once it is over nobody is to play and no count is open, so a card still
        held is only after the end)."""
        self.go_unclaimed = 0
        if text == GO:
            if self.over:
                raise CribbageError(
                    Code.PLAY_AFTER_PEGGING_OVER,
                    f"a go is said after the pegging is over (nobody could play, count {self.count})",
                    index=index,
                )
            raise CribbageError(
                Code.GO_WITH_PLAYABLE_CARD,
                f"the {self.turn} says go at count {self.count} holding a card that fits: "
                + " ".join(str(card) for card in self.held[self.turn] if self.count + card.value <= MAX_COUNT),
                index=index,
            )
        card = _card_at(text, index)
        holder = self.holder_of(card)
        if holder is None:
            raise CribbageError(Code.CARD_NOT_HELD, f"{card} is held by no player", index=index)
        if self.over:
            raise CribbageError(
                Code.PLAY_AFTER_PEGGING_OVER,
                f"{card} is played after the pegging is over (nobody could play, count {self.count})",
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
        self.events.append(Play(self.turn, card, self.count, score_play(self.series), index))
        self.last_player = self.turn
        self.turn = self.left_of(self.turn)

    def settle(self) -> None:
        """Pass the turn, say go, score the last card and end or restart the count, until someone
        can play or the pegging is over (rules peg.go, peg.go-seats). The turn goes round from the
        last card's player: a seat that holds cards it cannot play says go, once a series; a seat
        with no cards, or that already said go, is passed in silence; when the turn is back at the
        last card's player and it cannot play, the series ends (end_series). With two players: the
        pone's go, then the dealer plays on or scores (and the same the other way round)."""
        while not self.over and not can_play(self.held[self.turn], self.count):
            if self.turn == self.last_player or self.last_player is None:
                self.end_series()
                continue
            if self.says_go(self.turn):
                self.said_go.add(self.turn)
                self.events.append(Go(self.turn))
                self.go_unclaimed += 1
            self.turn = self.left_of(self.turn)

    def says_go(self, seat: Seat) -> bool:
        """Rule peg.go-seats: a seat that cannot play says go if it holds cards and has not said go
        in this series. At exactly 31 nobody says go: the series is simply over (rule
        peg.thirty-one)."""
        return self.count < MAX_COUNT and bool(self.held[seat]) and seat not in self.said_go

    def end_series(self) -> None:
        """Nobody can play: score the last card, then end the pegging or restart the count."""
        if self.last_player is None:  # only possible with every hand empty
            self.over = True
            return
        points = last_card_points(self.count, self.profile)
        if points:
            self.events.append(LastCard(self.last_player, points))
        no_cards_left = not any(self.held.values())
        if self.profile.count == "single" or no_cards_left:
            self.over = True
            return
        self.series = []
        self.said_go = set()
        self.turn = next_leader(self.last_player, self.held, self.order)
        self.last_player = None
        self.events.append(Reset(self.turn))


def read_plays(plays: Sequence[Card | str]) -> None:
    """Rule input.rejection-order, first of all: every card of the plays can be read (a card that
    cannot is named by its index, before any play is judged)."""
    for index, text in enumerate(plays):
        if text != GO:
            _card_at(text, index)


def _card_at(text: Card | str, index: int) -> Card:
    try:
        return as_card(text)
    except CribbageError as error:
        raise CribbageError(error.code, error.message, index=index) from None
