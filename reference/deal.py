"""The deal: dealing from a deck, the discards to the crib, and the starter.

Rules deal.dealing (one card at a time, alternately, the pone first), deal.discard (each player
lays away the same number of cards to the dealer's crib) and deal.starter (the pone cuts the
stock, the dealer turns the top card of the lower packet; each packet keeps at least 4 cards).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from reference.cards import Card, as_card, as_cards, no_card_twice
from reference.errors import Code, CribbageError
from reference.profiles import Profile

DECK_SIZE = 52
SMALLEST_PACKET = 4


@dataclass(frozen=True)
class Deal:
    """The cards each role was dealt, the stock left after dealing, and the starter."""

    pone: tuple[Card, ...]
    dealer: tuple[Card, ...]
    stock: tuple[Card, ...]
    starter: Card


def deal_from_deck(deck: Iterable[Card | str], cut: int, profile: Profile) -> Deal:
    """Deal from a deck of 52 listed top card first (rule cards.deck), then turn the starter at cut
    depth `cut` (rules deal.dealing and deal.starter)."""
    cards = as_cards(deck)
    if len(cards) != DECK_SIZE:
        raise CribbageError(Code.WRONG_CARD_COUNT, f"a deck holds {DECK_SIZE} cards, got {len(cards)}")
    pone, dealer = dealt_hands(cards, profile)
    stock = cards[2 * profile.cards_dealt :]
    return Deal(pone=pone, dealer=dealer, stock=stock, starter=starter_from_cut(stock, cut))


def dealt_hands(deck: Sequence[Card], profile: Profile) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Rule deal.dealing: one card at a time, alternately, the pone first: the pone takes the 1st,
    3rd, 5th... card from the top, the dealer the 2nd, 4th, 6th..."""
    dealt = deck[: 2 * profile.cards_dealt]
    return tuple(dealt[0::2]), tuple(dealt[1::2])


def starter_from_cut(stock: Sequence[Card], cut: int) -> Card:
    """Rule deal.starter: a cut of depth k lifts the top k cards; the starter is the top card of
    the lower packet, stock[k]. Each packet keeps at least 4 cards."""
    deepest = len(stock) - SMALLEST_PACKET
    if isinstance(cut, bool) or not isinstance(cut, int) or not SMALLEST_PACKET <= cut <= deepest:
        raise CribbageError(
            Code.BAD_CUT,
            f"cut depth {cut!r} leaves a packet under {SMALLEST_PACKET} cards: "
            f"with a stock of {len(stock)} the depth is {SMALLEST_PACKET} to {deepest}",
        )
    return stock[cut]


def kept_cards(dealt: Sequence[Card], discards: Iterable[Card | str], profile: Profile, who: str) -> tuple[Card, ...]:
    """Rule deal.discard: the cards a player keeps are those dealt less the discards, which must
    number cards_dealt - cards_kept and be held (checked in that order)."""
    thrown = as_cards(discards)
    # Rule input.rejection-order: a wrong number of cards comes before a discard not from the hand.
    if len(thrown) != profile.discards_each:
        raise CribbageError(
            Code.WRONG_CARD_COUNT,
            f"in {profile.name} each player discards {profile.discards_each} to the crib; {who} gave {len(thrown)}",
        )
    for card in thrown:
        if card not in dealt:
            raise CribbageError(
                Code.DISCARD_NOT_HELD,
                f"{who} discards {card}, which is not among the cards dealt: {' '.join(map(str, dealt))}",
            )
    return tuple(card for card in dealt if card not in thrown)


def check_dealt(
    dealt: dict[str, Sequence[Card | str]], starter: Card | str, profile: Profile
) -> tuple[dict[str, tuple[Card, ...]], Card]:
    """The cards given as dealt: the right number each, no card twice across hands and starter."""
    hands = {}
    for who, cards in dealt.items():
        hand = as_cards(cards)
        if len(hand) != profile.cards_dealt:
            raise CribbageError(
                Code.WRONG_CARD_COUNT,
                f"in {profile.name} each player is dealt {profile.cards_dealt} cards; {who} has {len(hand)}",
            )
        hands[who] = hand
    turned = as_card(starter)
    no_card_twice([*(card for hand in hands.values() for card in hand), turned])
    return hands, turned
