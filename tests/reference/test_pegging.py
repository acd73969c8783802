"""Pegging: points for a card, go's, the single and the restarting count, illegal sequences."""

from __future__ import annotations

import pytest

from cribcheck.reference import Code, CribbageError, load_profile, play_pegging, score_play
from cribcheck.reference.pegging import Go, LastCard, Play, Reset

FIVE = load_profile("five-card")
SIX = load_profile("six-card")


def points(count: str) -> int:
    return score_play(count.split()).points


def test_seed_004_pegging_example():
    # Source 004: 6 (count 6, nothing), 9 (15: fifteen 2), 9 (24: pair 2), 7 (31: thirty-one 2).
    assert points("6C") == 0
    assert points("6C 9D") == 2
    assert points("6C 9D 9H") == 2
    assert points("6C 9D 9H 7S") == 2
    assert score_play(["6C", "9D", "9H", "7S"]).thirty_one == 2


def test_fifteen_with_a_pair_is_fifteen_for_four():
    # Source 002: DA C7 then H7: 1 + 7 + 7 = 15 (2) and a pair of 7s (2) = 4.
    score = score_play(["AD", "7C", "7H"])
    assert (score.fifteen, score.pairs, score.points) == (2, 2, 4)


def test_pairs_royal_and_double_royal():
    # 3 3: pair 2; 3 3 3: pair royal 6; 3 3 3 3: double pair royal 12 (count 12, no fifteen).
    assert points("3C 3D") == 2
    assert points("3C 3D 3H") == 6
    assert points("3C 3D 3H 3S") == 12


def test_pair_needs_adjacent_cards_of_the_same_rank():
    # 4 5 4: the 4s are not adjacent: no pair; 4 5 4 is not a run (duplicate) -> 0.
    assert points("4C 5D 4H") == 0
    # Q then K: both count 10, but ranks differ: no pair.
    assert points("QC KD") == 0


def test_seed_002_runs():
    # Source 002: H2 C8 D6 H7 S5 -> at S5 the last four 8 6 7 5 form 5-6-7-8: run of 4.
    assert score_play(["2H", "8C", "6D", "7H", "5S"]).run == 4
    # H2 C5 C7 D7 S6 -> the extra 7 breaks 5-6-7: no run (and 7 6 is no pair).
    assert score_play(["2H", "5C", "7C", "7D", "6S"]).run == 0


def test_longest_run_only_and_any_order():
    # 3 5 4: run of 3 (3 points); 3 5 4 6 2: last five are 2-6 -> run of 5 (count 20).
    assert points("3C 5D 4H") == 3
    assert score_play(["3C", "5D", "4H", "6S", "2C"]).run == 5


def test_thirty_one_with_a_run():
    # 9 T 8 ... count: 9+10+8 = 27, then 4? no. Use K Q J A? 10+10+10+1 = 31, last four K Q J A:
    # A is not next to J: the last three Q J A no run; 31 scores 2 alone.
    assert points("KC QD JH AS") == 2
    # 7 8 9 + 7 = 31: last three 8 9 7 form 7-8-9 (3) and thirty-one 2 -> 5.
    score = score_play(["7C", "8D", "9H", "7S"])
    assert (score.thirty_one, score.run, score.points) == (2, 3, 5)


def test_thirty_one_is_two_never_three():
    # Six-card, pone 9C TD, dealer 5H 7S... built so the first series ends at exactly 31:
    # pone TC (10), dealer TD (20, pair 2), pone 5C (25), dealer 6H (31: thirty-one 2).
    # Then no go point: the next series starts with the pone (who did not play the 6H).
    result = play_pegging(
        ["TC", "5C", "2C", "3C"], ["TD", "6H", "AH", "KH"], ["TC", "TD", "5C", "6H", "2C", "AH", "3C", "KH"], SIX
    )
    assert result.events[3] == Play("dealer", result.events[3].card, 31, result.events[3].score)
    assert result.events[3].points == 2
    assert result.events[4] == Reset("pone")
    # Second series: 2 (2), A (3), 3 (6: run A-2-3 3 for the pone), K (16), last card dealer 1.
    assert not any(isinstance(event, LastCard) for event in result.events[:5])
    assert result.points == {"pone": 3, "dealer": 2 + 2 + 1}


def test_five_card_single_count_ends_with_cards_unplayed():
    # Five-card, pone TC 9H 8C, dealer KC QD AS: TC 10, KC 20, 9H 29, AS 30; the pone's 8 and the
    # dealer's Q both pass 31: pone says go, dealer cannot play: last card 1 to the dealer. The
    # count never restarts: 8C and QD stay unplayed.
    result = play_pegging(["TC", "9H", "8C"], ["KC", "QD", "AS"], ["TC", "KC", "9H", "AS"], FIVE)
    assert result.complete
    assert [str(card) for card in result.unplayed["pone"]] == ["8C"]
    assert [str(card) for card in result.unplayed["dealer"]] == ["QD"]
    assert result.points == {"pone": 0, "dealer": 1}
    assert result.events[-2:] == (Go("pone"), LastCard("dealer", 1))


def test_six_card_reset_and_who_leads_after_it():
    # Six-card, pone TC 9H 8C 2D, dealer KC QD AS 3H:
    # TC 10, KC 20, 9H 29, AS 30 -> pone has 8C 2D: 2D fits? 30 + 2 = 32 > 31: no. Pone says go;
    # dealer: QD no, 3H 33 no -> last card 1 to the dealer. Reset: the pone (who did not play
    # the AS) leads. 8C 8, QD 18, 2D 20, 3H 23; last card 1 to the dealer.
    result = play_pegging(
        ["TC", "9H", "8C", "2D"], ["KC", "QD", "AS", "3H"], ["TC", "KC", "9H", "AS", "8C", "QD", "2D", "3H"], SIX
    )
    kinds = [event.kind for event in result.events]
    assert kinds[4:7] == ["go", "last_card", "reset"]
    assert result.events[6] == Reset("pone")
    assert result.points == {"pone": 0, "dealer": 2}


def test_player_plays_on_after_go_and_pegs_on_own_cards():
    # Six-card, pone KC QC 2H 3H, dealer JD TD 9S 4S.
    # KC 10, JD 20, QC 30: K J Q is a run of 3 (J-Q-K) for the pone. The dealer holds TD 9S 4S:
    # all pass 31: dealer says go. The pone: 2H? 32: no. So the pone cannot either: last card 1
    # to the pone. Reset, the dealer leads: TD 10, 2H 12, 9S 21, 3H 24, 4S 28: last three 9 3 4
    # no run. Last card 1 to the dealer. Pone 3 + 1 = 4, dealer 1.
    result = play_pegging(
        ["KC", "QC", "2H", "3H"], ["JD", "TD", "9S", "4S"], ["KC", "JD", "QC", "TD", "2H", "9S", "3H", "4S"], SIX
    )
    assert result.points == {"pone": 4, "dealer": 1}
    # A real play-on: five-card pone 2C 3C 4C, dealer KD QD 9D: 2 (2), K (12), 3 (15: fifteen 2
    # for the pone), Q (25), 4 (29) - the dealer's 9 passes 31: go; the pone has no cards: last
    # card 1 to the pone. Pone 3, dealer 0.
    five = play_pegging(["2C", "3C", "4C"], ["KD", "QD", "9D"], ["2C", "KD", "3C", "QD", "4C"], FIVE)
    assert five.points == {"pone": 3, "dealer": 0}
    # Own cards after a go: pone 9C 2D 3D, dealer KS QS 4S (five-card):
    # 9 (9), K (19), 2 (21), Q (31: thirty-one 2 for the dealer). Single count: the pegging is
    # over; 3D and 4S unplayed.
    over = play_pegging(["9C", "2D", "3D"], ["KS", "QS", "4S"], ["9C", "KS", "2D", "QS"], FIVE)
    assert over.points == {"pone": 0, "dealer": 2}


def test_runs_and_pairs_on_own_cards_after_a_go():
    # Six-card: pone KC 2C 3C 4C, dealer QD JD TD KD.
    # KC 10, QD 20, 2C 22; the dealer holds only ten-cards (32): go. The pone plays on: 3C 25
    # (last three Q 2 3: no run), 4C 29 (last three 2 3 4: run of 3, on the pone's own cards).
    # Nobody can play: last card 1 to the pone. Reset, the dealer leads: JD 10, TD 20, KD 30
    # (J T K: no pair, no run: T-J-K has a gap); last card 1 to the dealer. Pone 3 + 1, dealer 1.
    result = play_pegging(
        ["KC", "2C", "3C", "4C"], ["QD", "JD", "TD", "KD"], ["KC", "QD", "2C", "3C", "4C", "JD", "TD", "KD"], SIX
    )
    assert result.points == {"pone": 4, "dealer": 1}
    assert result.events[3] == Go("dealer")
    # A pair on own cards: pone KC 3C 3D 2C, dealer QD JD TD KD: KC 10, QD 20, 3C 23, dealer go,
    # 3D 26 (pair of 3s 2), 2C 28 (last three 3 3 2: no run). Last card 1 to the pone. Reset:
    # JD, TD, KD (30), last card 1 to the dealer. Pone 2 + 1 = 3, dealer 1.
    paired = play_pegging(
        ["KC", "3C", "3D", "2C"], ["QD", "JD", "TD", "KD"], ["KC", "QD", "3C", "3D", "2C", "JD", "TD", "KD"], SIX
    )
    assert paired.points == {"pone": 3, "dealer": 1}


@pytest.mark.parametrize(
    ("plays", "code", "index"),
    [
        (["KD"], Code.NOT_YOUR_TURN, 0),  # the dealer leads instead of the pone
        (["5H"], Code.CARD_NOT_HELD, 0),  # nobody holds 5H
        (["TC", "KD", "9H", "QD"], Code.OVER_31, 3),  # 29 + 10
        (["TC", "KD", "go"], Code.GO_WITH_PLAYABLE_CARD, 2),  # pone holds 9H (29) and 8C (28)
        (["TC", "KD", "9H", "AS", "8C"], Code.PLAY_AFTER_PEGGING_OVER, 4),  # five-card: over at 30
        (["TC", "KD", "9H"], Code.PEGGING_INCOMPLETE, 3),  # the dealer can still play AS
    ],
)
def test_illegal_sequences_are_rejected_with_the_index(plays, code, index):
    with pytest.raises(CribbageError) as error:
        play_pegging(["TC", "9H", "8C"], ["KD", "QD", "AS"], plays, FIVE)
    assert error.value.code is code
    assert error.value.index == index


def test_explicit_go_is_accepted_where_due():
    # The same five-card pegging as above with the pone's go written out.
    result = play_pegging(["TC", "9H", "8C"], ["KC", "QD", "AS"], ["TC", "KC", "9H", "AS", "go"], FIVE)
    assert result.points == {"pone": 0, "dealer": 1}


def test_card_of_a_player_who_said_go_is_not_your_turn():
    # Six-card: pone TC 9D AH 4S, dealer KS 5C 6C 7D. TC 10, KS 20, 9D 29: the dealer's 5C 6C 7D
    # all pass 31 (34, 35, 36): go. The dealer then plays 5C anyway, on the pone's turn. In the
    # order of the rejections, another seat's card (not_your_turn) comes before a card past 31.
    with pytest.raises(CribbageError) as error:
        play_pegging(["TC", "9D", "AH", "4S"], ["KS", "5C", "6C", "7D"], ["TC", "KS", "9D", "5C"], SIX)
    assert (error.value.code, error.value.index) == (Code.NOT_YOUR_TURN, 3)


def test_score_play_names_the_first_card_past_31():
    # TC KD QS (30) 5H (35: the first past 31, index 3) AH.
    with pytest.raises(CribbageError) as error:
        score_play(["TC", "KD", "QS", "5H", "AH"])
    assert (error.value.code, error.value.index) == (Code.OVER_31, 3)


def test_reset_names_who_really_leads():
    # Six-card: pone KC 9S AH 8C, dealer QD TH 9D 7S. KC 10, QD 20, 9S 29; the dealer's cards all
    # pass 31: go; the pone plays on AH 30; last card 1 to the pone. Reset: the dealer leads. TH 10,
    # 8C 18, 9D 27 (8 9 T: run 3 to the dealer); the pone has no cards; the dealer's 7S would be 34:
    # last card 1 to the dealer. Reset: the pone did not play the last card but has no cards, so
    # the dealer leads again: 7S 7, last card 1.
    result = play_pegging(
        ["KC", "9S", "AH", "8C"], ["QD", "TH", "9D", "7S"], ["KC", "QD", "9S", "AH", "TH", "8C", "9D", "7S"], SIX
    )
    resets = [event for event in result.events if event.kind == "reset"]
    assert resets == [Reset("dealer"), Reset("dealer")]
    assert result.points == {"pone": 1, "dealer": 5}
