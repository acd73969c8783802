from __future__ import annotations

import pytest

from cribcheck.reference import Card, Code, CribbageError, full_deck, parse_card, parse_cards
from cribcheck.reference.cards import form_run, same_rank


@pytest.mark.parametrize(
    ("text", "rank", "suit", "canonical"),
    [
        ("5H", 5, "H", "5H"),
        ("TS", 10, "S", "TS"),
        ("10S", 10, "S", "TS"),
        ("AC", 1, "C", "AC"),
        ("KD", 13, "D", "KD"),
        ("5♥", 5, "H", "5H"),
        ("Q♠", 12, "S", "QS"),
        ("J♣", 11, "C", "JC"),
        ("2♦", 2, "D", "2D"),
    ],
)
def test_parse_and_format(text, rank, suit, canonical):
    card = parse_card(text)
    assert (card.rank, card.suit, str(card)) == (rank, suit, canonical)


@pytest.mark.parametrize("text", ["1H", "11S", "5X", "ZZ", "", "H5", "55", 5, None])
def test_invalid_cards(text):
    with pytest.raises(CribbageError) as error:
        parse_card(text)
    assert error.value.code is Code.INVALID_CARD
    assert repr(text) in error.value.message


def test_counting_values():
    # A = 1, 2-10 face value, J Q K = 10.
    values = {str(card)[0]: card.value for card in full_deck() if card.suit == "C"}
    assert values == {
        "A": 1,
        "2": 2,
        "3": 3,
        "4": 4,
        "5": 5,
        "6": 6,
        "7": 7,
        "8": 8,
        "9": 9,
        "T": 10,
        "J": 10,
        "Q": 10,
        "K": 10,
    }


def test_deck_has_52_distinct_cards():
    assert len(set(full_deck())) == 52


def test_duplicate_card():
    with pytest.raises(CribbageError) as error:
        parse_cards(["5H", "6C", "5H"])
    assert error.value.code is Code.DUPLICATE_CARD and "5H" in error.value.message


def test_rank_order():
    cards = parse_cards
    assert form_run(cards(["AC", "2D", "3H"]))
    assert not form_run(cards(["QC", "KD", "AH"]))  # ace is low only
    assert form_run(cards(["7C", "5D", "6H"]))  # any order
    assert not form_run(cards(["5C", "6D", "6H"]))  # a duplicate breaks it
    assert not same_rank(cards(["QC", "TD"]))  # same value, different rank
    assert same_rank([Card(12, "C"), Card(12, "H")])
