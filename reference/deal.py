"""The deal: dealing from a deck, the discards to the crib, and the starter.

Rules deal.dealing (one card at a time, alternately, the pone first), deal.discard (each player
lays away the same number of cards to the dealer's crib) and deal.starter (the pone cuts the
stock, the dealer turns the top card of the lower packet; each packet keeps at least 4 cards).
With three or four seats (deal.dealing-seats, deal.crib-card, deal.discard-one,
deal.starter-seats) the cards go round the table from the dealer's left, the dealer last, and
with three the next card of the deck goes to the crib.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from cribcheck.reference.cards import Card, as_card, as_cards, no_card_twice, read_cards
from cribcheck.reference.errors import Code, CribbageError
from cribcheck.reference.profiles import Profile
from cribcheck.reference.seats import Seat, check_seat, round_from_left_of, seats_of

DECK_SIZE = 52
SMALLEST_PACKET = 4


@dataclass(frozen=True)
class Deal:
    """The cards each role was dealt, the stock left after dealing, and the starter."""

    pone: tuple[Card, ...]
    dealer: tuple[Card, ...]
    stock: tuple[Card, ...]
    starter: Card


@dataclass(frozen=True)
class Dealing:
    """The cards dealt round the table from a deck, before the cut: each seat's, the crib's from
    the deck (three players: one), and the stock left."""

    hands: Mapping[Seat, tuple[Card, ...]]
    crib_cards: tuple[Card, ...]
    stock: tuple[Card, ...]


@dataclass(frozen=True)
class TableDeal:
    """A deal at a table of any size: the cards dealt to each seat, the cards dealt from the deck
    to the crib (three players: one), the stock left and the starter."""

    hands: Mapping[Seat, tuple[Card, ...]]
    crib_cards: tuple[Card, ...]
    stock: tuple[Card, ...]
    starter: Card


def deal_from_deck(deck: Iterable[Card | str], cut: int, profile: Profile) -> Deal:
    """Deal two players from a deck of 52 listed top card first (rule cards.deck), then turn the
    starter at cut depth `cut` (rules deal.dealing and deal.starter)."""
    if profile.seats != 2:
        raise CribbageError(Code.BAD_SEAT, f"{profile.name} has {profile.seats} seats: name the dealer (deal_at_table)")
    cards = _deck(deck)
    pone, dealer = dealt_hands(cards, profile)
    stock = cards[2 * profile.cards_dealt :]
    return Deal(pone=pone, dealer=dealer, stock=stock, starter=starter_from_cut(stock, cut))


def deal_at_table(deck: Iterable[Card | str], cut: int, profile: Profile, dealer: Seat) -> TableDeal:
    """Deal from a deck of 52 (top card first) round the table from the dealer's left, then the
    crib cards from the deck, then turn the starter at depth `cut` of the stock left (rules
    deal.dealing-seats, deal.crib-card, deal.starter-seats). Two players: as deal_from_deck."""
    return cut_the_stock(deal_round_table(deck, profile, dealer), cut)


def deal_round_table(deck: Iterable[Card | str], profile: Profile, dealer: Seat) -> Dealing:
    """Deal from a deck of 52 (top card first) round the table from the dealer's left, then the
    crib cards from the deck (rules deal.dealing-seats, deal.crib-card); the cut comes after."""
    check_seat(dealer, profile, "the dealer")
    cards = _deck(deck)
    order = round_from_left_of(dealer, seats_of(profile))
    hands = dict(zip(order, dealt_hands(cards, profile), strict=True))
    crib_cards = crib_cards_from_deck(cards, profile)
    stock = cards[profile.seats * profile.cards_dealt + len(crib_cards) :]
    return Dealing(hands=hands, crib_cards=crib_cards, stock=stock)


def cut_the_stock(dealing: Dealing, cut: int) -> TableDeal:
    """Rules deal.starter and deal.starter-seats: after the deal the stock is cut at depth `cut`
    and the starter turned (see starter_from_cut)."""
    starter = starter_from_cut(dealing.stock, cut)
    return TableDeal(hands=dealing.hands, crib_cards=dealing.crib_cards, stock=dealing.stock, starter=starter)


def _deck(deck: Iterable[Card | str]) -> tuple[Card, ...]:
    if isinstance(deck, str | bytes) or not isinstance(deck, Iterable):
        raise TypeError(f"a deck is a sequence of cards, got {type(deck).__name__}")
    cards = as_cards(deck)
    if len(cards) != DECK_SIZE:
        raise CribbageError(Code.WRONG_CARD_COUNT, f"a deck holds {DECK_SIZE} cards, got {len(cards)}")
    return cards


def dealt_hands(deck: Sequence[Card], profile: Profile) -> tuple[tuple[Card, ...], ...]:
    """Rules deal.dealing and deal.dealing-seats: one card at a time round the table, starting at
    the dealer's left, the dealer last. The hands are returned in that order. Two players: the
    pone takes the 1st, 3rd, 5th... card from the top, the dealer the 2nd, 4th, 6th..."""
    seats = profile.seats
    dealt = deck[: seats * profile.cards_dealt]
    return tuple(tuple(dealt[place::seats]) for place in range(seats))


def crib_cards_from_deck(deck: Sequence[Card], profile: Profile) -> tuple[Card, ...]:
    """Rule deal.crib-card: three players: after the rounds of dealing, the next card of the deck
    goes face down to the crib (no card in the other profiles)."""
    first = profile.seats * profile.cards_dealt
    return tuple(deck[first : first + profile.crib_from_deck])


def starter_from_cut(stock: Sequence[Card], cut: int) -> Card:
    """Rules deal.starter and deal.starter-seats: a cut of depth k lifts the top k cards; the
    starter is the top card of the lower packet, stock[k]. Each packet keeps at least 4 cards."""
    deepest = len(stock) - SMALLEST_PACKET
    if isinstance(cut, bool) or not isinstance(cut, int) or not SMALLEST_PACKET <= cut <= deepest:
        raise CribbageError(
            Code.BAD_CUT,
            f"cut depth {cut!r} leaves a packet under {SMALLEST_PACKET} cards: "
            f"with a stock of {len(stock)} the depth is {SMALLEST_PACKET} to {deepest}",
        )
    return stock[cut]


def kept_cards(dealt: Sequence[Card], discards: Iterable[Card | str], profile: Profile, who: str) -> tuple[Card, ...]:
    """Rules deal.discard and deal.discard-one: the cards a player keeps are those dealt less the
    discards, which must number cards_dealt - cards_kept (2, or 1 with 3 or 4 seats) and be held
    (checked in that order)."""
    if isinstance(discards, str | bytes) or not isinstance(discards, Iterable):
        raise TypeError(f"{who}'s discards are a sequence of cards, got {type(discards).__name__}")
    thrown = as_cards(discards)
    # Rule input.rejection-order: a wrong number of cards comes before a discard not from the hand.
    check_discard_count(thrown, profile, who)
    for card in thrown:
        if card not in dealt:
            raise CribbageError(
                Code.DISCARD_NOT_HELD,
                f"{who} discards {card}, which is not among the cards dealt: {' '.join(map(str, dealt))}",
            )
    return tuple(card for card in dealt if card not in thrown)


def check_discard_count(thrown: Sequence[Card], profile: Profile, who: str) -> None:
    """Rules deal.discard and deal.discard-one: each player discards cards_dealt - cards_kept."""
    if len(thrown) != profile.discards_each:
        raise CribbageError(
            Code.WRONG_CARD_COUNT,
            f"in {profile.name} each player discards {profile.discards_each} to the crib; {who} gave {len(thrown)}",
        )


def check_dealt(
    dealt: Mapping[str, Sequence[Card | str]],
    starter: Card | str,
    profile: Profile,
    crib_card: Card | str | None = None,
) -> tuple[dict[str, tuple[Card, ...]], Card, tuple[Card, ...]]:
    """The cards given as dealt, checked in the order of rule input.rejection-order: every card
    read, no card twice across hands, crib card and starter, then the right number each and the
    crib card dealt from the deck when the profile has one (rule deal.crib-card)."""
    hands = {}
    for who, cards in dealt.items():
        if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
            raise TypeError(f"{who}'s cards are a sequence of cards, got {type(cards).__name__}")
        hands[who] = read_cards(cards)
    crib_cards = () if crib_card is None else (as_card(crib_card),)
    turned = as_card(starter)
    no_card_twice([*(card for hand in hands.values() for card in hand), *crib_cards, turned])
    for who, hand in hands.items():
        if len(hand) != profile.cards_dealt:
            raise CribbageError(
                Code.WRONG_CARD_COUNT,
                f"in {profile.name} each player is dealt {profile.cards_dealt} cards; {who} has {len(hand)}",
            )
    if len(crib_cards) != profile.crib_from_deck:
        raise CribbageError(
            Code.WRONG_CARD_COUNT,
            f"in {profile.name} the deck gives the crib {profile.crib_from_deck} card(s); got {len(crib_cards)}",
        )
    return hands, turned, crib_cards
