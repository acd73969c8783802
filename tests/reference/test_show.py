"""Show scoring, each value worked by hand in the comment beside it."""

from __future__ import annotations

import pytest

from cribcheck.reference import load_profile, parse_cards, score_show

FIVE = load_profile("five-card")
SIX = load_profile("six-card")


def show(cards: str, starter: str, profile=SIX, crib: bool = False):
    return score_show(cards.split(), starter, crib=crib, profile=profile)


def breakdown(score):
    return (score.fifteens, score.pairs, score.runs, score.flush, score.nobs)


def test_seed_000_worked_example():
    # Source 000 section 05: hand 4C 5D 6H, starter 5S. Pair of 5s 2; runs 4-5-6 twice 3 + 3 = 6;
    # fifteens 4+5+6 twice 2 + 2 = 4. Total 2 + 6 + 4 = 12, no flush, no nobs.
    score = show("4C 5D 6H", "5S", FIVE)
    assert breakdown(score) == (4, 2, 6, 0, 0)
    assert score.total == 12
    assert {frozenset(map(str, combo)) for combo in score.fifteen_combinations} == {
        frozenset({"4C", "5D", "6H"}),
        frozenset({"4C", "5S", "6H"}),
    }


def test_seed_004_sixteen_hand():
    # Source 004: 4C 5D 5H 6S with KC. Fifteens 5D+KC, 5H+KC, 4+5D+6, 4+5H+6 = 8; pair of 5s 2;
    # runs 4-5D-6 and 4-5H-6 = 6. Total 16.
    score = show("4C 5D 5H 6S", "KC")
    assert breakdown(score) == (8, 2, 6, 0, 0)
    assert score.total == 16


def test_twenty_nine_hand():
    # 5C 5D 5H JS + 5S: J+5 four times = 8, 5+5+5 four triples = 8, four 5s six pairs = 12,
    # nobs (JS with the 5S starter) 1. Total 29.
    score = show("5C 5D 5H JS", "5S")
    assert breakdown(score) == (16, 12, 0, 0, 1)
    assert score.total == 29
    assert str(score.nobs_jack) == "JS"


def test_twenty_eight_hand():
    # 5C 5D 5H 5S + KD: K+5 four times 8, 5+5+5 four ways 8, six pairs 12. Total 28.
    assert breakdown(show("5C 5D 5H 5S", "KD")) == (16, 12, 0, 0, 0)


def test_twenty_eight_with_jack_of_other_suit():
    # 5C 5D 5H JS + 5C? no: starter must be the fourth 5. 5C 5D 5S JH + 5H would be 29 (JH, 5H).
    # With JD: 5C 5D 5H JD + 5S: fifteens 8 + 8, pairs 12, nobs none (JD is not a spade) = 28.
    assert show("5C 5D 5H JD", "5S").total == 28


def test_double_run_of_three():
    # 3C 3D 4H 5S + 9C: runs 3C-4-5 and 3D-4-5 = 6, pair of 3s 2 -> 8 before fifteens;
    # fifteens: 3+3+9 = 15 and 3+3+4+5 = 15 (4). Total 12.
    score = show("3C 3D 4H 5S", "9C")
    assert score.runs + score.pairs == 8
    assert breakdown(score) == (4, 2, 6, 0, 0)


def test_double_run_of_four():
    # 6C 7D 8H 9S + 9C: two runs 6-7-8-9 = 8, pair of 9s 2 -> 10 before fifteens;
    # fifteens 6+9 twice 4, 7+8 2 -> 6. Total 16.
    score = show("6C 7D 8H 9S", "9C")
    assert score.runs + score.pairs == 10
    assert score.total == 16


def test_triple_run():
    # 2C 2D 2H 3S + 4C: runs 2-3-4 three times 9, three 2s 6 -> 15; no fifteen (2+2+2+3+4 = 13).
    score = show("2C 2D 2H 3S", "4C")
    assert breakdown(score) == (0, 6, 9, 0, 0)
    assert score.total == 15


def test_double_double_run():
    # 6C 6D 7H 7S + 8C: runs 6-7-8 four times 12, two pairs 4 -> 16; fifteens 7+8 twice 4. Total 20.
    score = show("6C 6D 7H 7S", "8C")
    assert score.runs + score.pairs == 16
    assert score.total == 20


def test_runs_contained_in_longer_run_not_counted():
    # 3C 4D 5H 6S + 7C: one run of five 5 (not the runs of 3 and 4 inside it);
    # fifteens 3+5+7, 4+5+6 = 4. Total 9.
    score = show("3C 4D 5H 6S", "7C")
    assert score.runs == 5
    assert len(score.run_combinations) == 1


def test_ace_is_low_in_runs():
    # AC 2D 3H 9S + KC: run A-2-3 = 3; fifteens 2+3+K = 15 (2)... and A+2+3+9 = 15 (2). Total 7.
    assert breakdown(show("AC 2D 3H 9S", "KC")) == (4, 0, 3, 0, 0)
    # QC KD AH 5S + 9C: Q-K-A is no run; fifteens Q+5, K+5, A+5+9 = 6. Total 6.
    assert breakdown(show("QC KD AH 5S", "9C")) == (6, 0, 0, 0, 0)


def test_queen_and_ten_are_not_a_pair():
    # TC QD KH 2S + 9C: no pairs (ranks differ), no fifteen, no run (T-Q-K has a gap at J). Total 0.
    assert show("TC QD KH 2S", "9C").total == 0


def test_six_card_hand_flush_four_and_five():
    # 2H 4H 8H TH + KC: flush of the four hand cards 4; fifteens 2+4+... none? 2+4+8 = 14, 4+T... no;
    # K+... no 5. Pairs none, runs none. Total 4.
    assert breakdown(show("2H 4H 8H TH", "KC")) == (0, 0, 0, 4, 0)
    # with the starter KH too: 5.
    assert breakdown(show("2H 4H 8H TH", "KH")) == (0, 0, 0, 5, 0)


def test_six_card_three_hand_cards_and_starter_is_no_flush():
    # 2H 4H 8H TC + KH: three hearts in hand plus a heart starter: 0 (D5). No other points.
    assert show("2H 4H 8H TC", "KH").total == 0


def test_five_card_hand_flush_three_and_four():
    # 2H 4H 8H + KC: three hand hearts 3, nothing else (2+4+8 = 14). Total 3.
    assert breakdown(show("2H 4H 8H", "KC", FIVE)) == (0, 0, 0, 3, 0)
    # 2H 4H 8H + KH: 4.
    assert breakdown(show("2H 4H 8H", "KH", FIVE)) == (0, 0, 0, 4, 0)
    # 2H 4H 8C + KH: two hearts + starter: 0.
    assert show("2H 4H 8C", "KH", FIVE).total == 0


def test_crib_four_flush_scores_nothing_and_five_flush_five():
    # crib 2S 4S 8S TS + KC: four spades without the starter: 0; nothing else.
    assert show("2S 4S 8S TS", "KC", crib=True).total == 0
    # with KS: all five spades: 5.
    assert breakdown(show("2S 4S 8S TS", "KS", crib=True)) == (0, 0, 0, 5, 0)
    # the same in five-card, whose crib also holds 4.
    assert show("2S 4S 8S TS", "KS", FIVE, crib=True).total == 5


def test_nobs_in_the_crib():
    # crib JD 2C 4H 8S + 9D: JD of the starter's suit: nobs 1; fifteens: none (J+... no 5;
    # 2+4+9 = 15! 2). Total 3.
    score = show("JD 2C 4H 8S", "9D", crib=True)
    assert breakdown(score) == (2, 0, 0, 0, 1)


def test_no_nobs_for_the_starter_jack():
    # hand 2C 4H 8S KD + JD: the jack is the starter, not in the hand: no nobs; fifteens none
    # (2+4+... no; K+... no 5); no pairs, runs. Total 0.
    assert show("2C 4H 8S KD", "JD").total == 0


def test_seed_002_fifteens_reuse_cards():
    # Source 002: HJ SJ C5 -> J+5 twice. Hand JH JS 5C 2D + 8C: J+5 twice 4, pair of jacks 2,
    # fifteens 5+2+8 = 15 (2); no jack of clubs, so no nobs. Total 8.
    assert breakdown(show("JH JS 5C 2D", "8C")) == (6, 2, 0, 0, 0)


def test_order_of_cards_is_irrelevant():
    a = show("4C 5D 5H 6S", "KC")
    b = show("6S 5H 4C 5D", "KC")
    assert a.total == b.total == 16


def test_wrong_hand_size_is_rejected():
    from cribcheck.reference import Code, CribbageError

    with pytest.raises(CribbageError) as error:
        score_show(parse_cards(["4C", "5D", "6H"]), "5S", crib=False, profile=SIX)
    assert error.value.code is Code.WRONG_CARD_COUNT
    with pytest.raises(CribbageError) as error:
        score_show(["4C", "5D", "6H", "7C"], "4C", crib=False, profile=SIX)
    assert error.value.code is Code.DUPLICATE_CARD
