"""Cards: parsing and formatting, ranks and counting values.

Rules: cards.deck (52 cards, ace low), cards.value (A=1, 2-10 face value, J Q K = 10),
cards.rank-order (pairs need the same rank; runs follow rank order, ace low).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cribcheck.reference.errors import Code, CribbageError

RANK_LETTERS = "A23456789TJQK"
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
JACK = 11


@dataclass(frozen=True, order=True)
class Card:
    """One card: rank 1 (ace) to 13 (king), suit one of C D H S."""

    rank: int
    suit: str

    @property
    def value(self) -> int:
        """The counting value (rule cards.value): ace 1, two to ten face value, J Q K 10."""
        return min(self.rank, 10)

    @property
    def is_jack(self) -> bool:
        return self.rank == JACK

    def __str__(self) -> str:
        return RANK_LETTERS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card({self})"


def parse_card(text: object) -> Card:
    """Read `5H`, `TS`, `10S` or `5♥` (rule cards.deck). Anything else is an invalid card."""
    if not isinstance(text, str):
        raise CribbageError(Code.INVALID_CARD, f"invalid card {text!r}: a card is a string such as '5H'")
    body = text
    if len(body) < 2:
        raise CribbageError(Code.INVALID_CARD, f"invalid card {text!r}")
    rank_text, suit_text = body[:-1], body[-1]
    suit = SUIT_SYMBOLS.get(suit_text, suit_text)
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANK_LETTERS or suit not in SUIT_LETTERS:
        raise CribbageError(
            Code.INVALID_CARD,
            f"invalid card {text!r}: expected a rank of {RANK_LETTERS} (or 10) and a suit of {SUIT_LETTERS}",
        )
    return Card(RANK_LETTERS.index(rank_text) + 1, suit)


def parse_cards(texts: Iterable[object]) -> tuple[Card, ...]:
    """Read several cards, rejecting a card given twice (rule cards.deck: one deck, no repeats)."""
    cards = tuple(parse_card(text) for text in texts)
    no_card_twice(cards)
    return cards


def no_card_twice(cards: Iterable[Card]) -> None:
    """Rule cards.deck: a deal comes from one 52-card deck, so no card can appear twice."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CribbageError(Code.DUPLICATE_CARD, f"duplicate card {card}: it appears twice in one deal")
        seen.add(card)


def format_cards(cards: Iterable[Card]) -> list[str]:
    """Canonical text of several cards, in the order given."""
    return [str(card) for card in cards]


def full_deck() -> tuple[Card, ...]:
    """The 52 cards, clubs to spades, ace to king (rule cards.deck)."""
    return tuple(Card(rank, suit) for suit in SUIT_LETTERS for rank in range(1, 14))


def same_rank(cards: Iterable[Card]) -> bool:
    """Rule cards.rank-order: a pair (or more) needs the same rank, not the same counting value."""
    return len({card.rank for card in cards}) == 1


def form_run(cards: Iterable[Card]) -> bool:
    """Rule cards.rank-order: three or more cards of distinct ranks in an unbroken sequence, in
    any order, ace low (A-2-3 is a run, Q-K-A is not)."""
    ranks = sorted(card.rank for card in cards)
    if len(ranks) < 3 or len(set(ranks)) != len(ranks):
        return False
    return ranks[-1] - ranks[0] == len(ranks) - 1


def as_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else parse_card(card)


def read_cards(cards: Iterable[Card | str]) -> tuple[Card, ...]:
    """Each card read, repeats allowed: rule input.rejection-order reads every card of an input
    before it looks for a card given twice (no_card_twice)."""
    return tuple(as_card(card) for card in cards)


def as_cards(cards: Iterable[Card | str]) -> tuple[Card, ...]:
    """Cards given as Card objects or text; a card given twice is rejected."""
    result = tuple(as_card(card) for card in cards)
    no_card_twice(result)
    return result
