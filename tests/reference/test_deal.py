from __future__ import annotations

import pytest

from cribcheck.reference import Code, CribbageError, deal_from_deck, full_deck, load_profile

SIX = load_profile("six-card")
FIVE = load_profile("five-card")
DECK = [str(card) for card in full_deck()]  # AC 2C ... KC AD ... KD AH ... KS, top first


def test_dealing_alternates_pone_first_and_starter_from_the_cut():
    # Six-card: the pone takes cards 1 3 5 7 9 11 (AC 3C 5C 7C 9C JC), the dealer 2 4 ... 12.
    # The stock starts at card 13 (KC): KC AD 2D 3D 4D ...; a cut of depth 4 turns stock[4] = 4D.
    deal = deal_from_deck(DECK, 4, SIX)
    assert [str(card) for card in deal.pone] == ["AC", "3C", "5C", "7C", "9C", "JC"]
    assert [str(card) for card in deal.dealer] == ["2C", "4C", "6C", "8C", "TC", "QC"]
    assert str(deal.starter) == "4D"
    assert len(deal.stock) == 40


def test_five_card_deal_and_deepest_cut():
    # Five-card: 10 cards dealt, stock of 42 from JC; deepest cut 42 - 4 = 38: stock[38] is deck
    # index 10 + 38 = 48. Spades are indexes 39 (AS) to 51 (KS), so 48 is the tenth spade: TS.
    deal = deal_from_deck(DECK, 38, FIVE)
    assert [str(card) for card in deal.pone] == ["AC", "3C", "5C", "7C", "9C"]
    assert str(deal.stock[0]) == "JC"
    assert str(deal.starter) == DECK[10 + 38] == "TS"


@pytest.mark.parametrize("cut", [3, 37, -1, "5", True])
def test_bad_cuts(cut):
    with pytest.raises(CribbageError) as error:
        deal_from_deck(DECK, cut, SIX)
    assert error.value.code is Code.BAD_CUT


def test_deck_must_hold_52_distinct_cards():
    with pytest.raises(CribbageError) as error:
        deal_from_deck(DECK[:51], 4, SIX)
    assert error.value.code is Code.WRONG_CARD_COUNT
    with pytest.raises(CribbageError) as error:
        deal_from_deck([*DECK[:51], "AC"], 4, SIX)
    assert error.value.code is Code.DUPLICATE_CARD
