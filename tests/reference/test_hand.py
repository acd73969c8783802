"""One hand: its order of events, and a win at every possible moment.

Two six-card deals are worked by hand once here and reused with different scores before.

Deal T1 (six-card, A deals, B is the pone; starter KC unless said otherwise):
  B dealt 4C 5D 5H 6S 9C 8D, lays away 9C 8D, keeps 4C 5D 5H 6S (source 004's hand: 16 with KC).
  A dealt 2H 7D 9S QS AC 3D, lays away AC 3D, keeps 2H 7D 9S QS. With KC: values 2 7 9 10 10,
    no subset makes 15, no pair, no run (9, Q, K: gap at 10 and J): 0.
  Crib 9C 8D AC 3D + KC: values 9 8 1 3 10, no subset makes 15; 8-9 and then K: no run: 0.
  Plays: B 5D (5), A QS (15: fifteen 2 to A), B 4C (19), A 2H (21), B 6S (27; 4 2 6 no run);
    A holds 7D (34) and 9S (36): go; B holds 5H (32): cannot; last card 1 to B. Reset, A leads:
    7D (7), B 5H (12), A 9S (21; 7 5 9 no run); last card 1 to A.
  So: pegging A 2 + 1 = 3, B 1; shows B 16, A 0, crib 0.

Deal T2 (six-card, A deals, B is the pone, starter 5S):
  B dealt 4H 6H 7D 8C 9C 9D, lays away 9C 9D, keeps 4H 6H 7D 8C: with 5S a run 4-5-6-7-8 (5),
    fifteens 7+8 and 4+5+6 (4): 9.
  A dealt TC JD QH KC AH 2C, lays away AH 2C, keeps TC JD QH KC: with 5S, four ten-cards + 5 (8),
    run T-J-Q-K (4), no jack of spades: 12.
  Crib 9C 9D AH 2C + 5S: pair of 9s (2), 9+5+A twice (4): 6.
  Plays: B 4H (4), A TC (14), B 6H (20), A JD (30); B holds 7D 8C (37, 38): go; A holds QH KC:
    cannot; last card 1 to A. Reset, B leads: 7D (7), A QH (17), B 8C (25); A's KC would be 35:
    go; B has no cards: last card 1 to B. Reset, A leads: KC (10): last card of all, 1 to A.
  So: pegging A 1, B 1, A 1; shows B 9, A 12, crib 6.
"""

from __future__ import annotations

import pytest

from cribcheck.reference import Code, CribbageError, load_profile, play_hand

SIX = load_profile("six-card")
FIVE = load_profile("five-card")

T1 = {
    "dealt": {"B": ["4C", "5D", "5H", "6S", "9C", "8D"], "A": ["2H", "7D", "9S", "QS", "AC", "3D"]},
    "discards": {"B": ["9C", "8D"], "A": ["AC", "3D"]},
    "plays": ["5D", "QS", "4C", "2H", "6S", "7D", "5H", "9S"],
    "starter": "KC",
}
T2 = {
    "dealt": {"B": ["4H", "6H", "7D", "8C", "9C", "9D"], "A": ["TC", "JD", "QH", "KC", "AH", "2C"]},
    "discards": {"B": ["9C", "9D"], "A": ["AH", "2C"]},
    "plays": ["4H", "TC", "6H", "JD", "7D", "QH", "8C", "KC"],
    "starter": "5S",
}


def hand(deal: dict, a: int, b: int, profile=SIX, first_hand: bool = False, **changes):
    return play_hand(profile, dealer="A", scores={"A": a, "B": b}, first_hand=first_hand, **{**deal, **changes})


def kinds(result) -> list[str]:
    return [step.event.kind for step in result.steps]


def test_whole_hand_t2_in_order():
    result = hand(T2, 0, 0)
    shows = [(step.event.set, step.player, step.points) for step in result.steps if step.event.kind == "show"]
    assert shows == [("pone_hand", "B", 9), ("dealer_hand", "A", 12), ("crib", "A", 6)]
    # A: pegging 1 + 1, hand 12, crib 6 = 20; B: pegging 1, hand 9 = 10.
    assert dict(result.scores) == {"A": 20, "B": 10}
    assert result.winner is None


def test_whole_hand_t1():
    result = hand(T1, 0, 0)
    # A: fifteen 2 + last card 1 = 3; B: last card 1 + hand 16 = 17.
    assert dict(result.scores) == {"A": 3, "B": 17}


def test_win_on_heels():
    # T1 with the JC turned: heels 2 to the dealer A at 119 -> 121, before any card is played.
    result = hand(T1, 119, 0, starter="JC")
    assert kinds(result) == ["heels", "win"]
    assert result.winner == "A" and result.scores["A"] == 121


def test_win_on_a_pegged_card():
    # T1: A's QS makes fifteen (2): 119 -> 121 at the second play.
    result = hand(T1, 119, 0)
    assert kinds(result) == ["play", "play", "win"]
    assert result.winner == "A"


def test_win_on_a_go_point():
    # T2: the first last-card point goes to A: 120 -> 121.
    result = hand(T2, 120, 0)
    assert kinds(result) == ["play", "play", "play", "play", "go", "last_card", "win"]
    assert result.winner == "A"


def test_pone_show_wins_before_the_dealers_larger_show():
    # T2 from A 115, B 111: pegging A 116, B 112, A 117; B's hand 9 -> 121 wins. A's 12 (129)
    # is never counted (dispute D9).
    result = hand(T2, 115, 111)
    assert result.winner == "B"
    assert dict(result.scores) == {"A": 117, "B": 121}
    assert kinds(result)[-2:] == ["show", "win"]


def test_pone_show_under_the_end_of_hand_reading():
    # D9's other reading: every count is made; A 117 + 12 + 6 = 135 against B 121: A wins.
    result = hand(T2, 115, 111, profile=load_profile("six-card--end-of-hand"))
    assert result.winner == "A"
    assert dict(result.scores) == {"A": 135, "B": 121}


def test_win_on_the_dealers_show():
    # T2 from A 107: pegging 109; B 9; A's hand 12 -> 121.
    result = hand(T2, 107, 0)
    assert result.winner == "A"
    assert result.steps[-2].event.set == "dealer_hand"


def test_win_on_the_crib():
    # T2 from A 101: pegging 103, hand 115, crib 6 -> 121.
    result = hand(T2, 101, 0)
    assert result.winner == "A"
    assert result.steps[-2].event.set == "crib"
    assert result.scores["A"] == 121


def test_passing_the_target_wins_and_the_exact_reading_does_not_peg_it():
    # T2 from A 100, B 0: crib 6 takes A from 114 to 120, no win. From A 104: hand 12 takes
    # A from 106 to 118, crib 6 to 124: passes 121 and wins (D8).
    assert hand(T2, 104, 0).scores["A"] == 124
    # Under "hit exactly", the crib's 6 would pass 121 (118 + 6) and is not pegged: A stays 118.
    exact = hand(T2, 104, 0, profile=load_profile("six-card--exact-target"))
    assert exact.winner is None and exact.scores["A"] == 118


FIVE_DEAL = {
    # Five-card, A deals, B is the pone, starter 5S.
    # B keeps 4C 5D 6H (source 000: 12), lays away KS QS. A keeps 9C 8D 2H (8+2+5 = 15: 2), lays away
    # AC 3D. Crib KS QS AC 3D + 5S: K+5, Q+5 (4); no run, no flush (AC, 3D): 4.
    # Plays: B 4C (4), A 9C (13), B 5D (18), A 8D (26); B's 6H would be 32: go; A plays on 2H (28);
    # nobody can play: last card 1 to A. One count: the pegging is over, 6H unplayed.
    "dealt": {"B": ["4C", "5D", "6H", "KS", "QS"], "A": ["9C", "8D", "2H", "AC", "3D"]},
    "discards": {"B": ["KS", "QS"], "A": ["AC", "3D"]},
    "plays": ["4C", "9C", "5D", "8D", "2H"],
    "starter": "5S",
}


def test_three_for_last_first_hand_pone_only():
    result = hand(FIVE_DEAL, 0, 0, profile=FIVE, first_hand=True)
    assert (result.steps[0].event.kind, result.steps[0].player, result.steps[0].points) == ("three_for_last", "B", 3)
    # B: 3 + 12 = 15. A: last card 1 + hand 2 + crib 4 = 7.
    assert dict(result.scores) == {"A": 7, "B": 15}
    later = hand(FIVE_DEAL, 0, 0, profile=FIVE, first_hand=False)
    assert "three_for_last" not in kinds(later)
    assert dict(later.scores) == {"A": 7, "B": 12}


def test_no_three_for_last_in_six_card():
    assert "three_for_last" not in kinds(hand(T2, 0, 0, first_hand=True))


def test_win_on_three_for_last():
    result = hand(FIVE_DEAL, 0, 58, profile=FIVE, first_hand=True)
    assert kinds(result) == ["three_for_last", "win"]
    assert result.winner == "B"


def test_plays_may_stop_at_the_win_but_not_before():
    # T1 with A at 119 wins on the QS: plays may end there.
    assert hand(T1, 119, 0, plays=["5D", "QS"]).winner == "A"
    with pytest.raises(CribbageError) as error:
        hand(T1, 0, 0, plays=["5D", "QS"])
    assert error.value.code is Code.PEGGING_INCOMPLETE and error.value.index == 2


def test_a_hand_after_the_game_is_won_is_rejected():
    with pytest.raises(CribbageError) as error:
        hand(T1, 121, 0)
    assert error.value.code is Code.GAME_OVER


def test_discard_not_held_and_wrong_discard_count():
    with pytest.raises(CribbageError) as error:
        hand(T1, 0, 0, discards={"B": ["9C", "KD"], "A": ["AC", "3D"]})
    assert error.value.code is Code.DISCARD_NOT_HELD
    with pytest.raises(CribbageError) as error:
        hand(T1, 0, 0, discards={"B": ["9C"], "A": ["AC", "3D"]})
    assert error.value.code is Code.WRONG_CARD_COUNT


def test_starter_is_never_played():
    with pytest.raises(CribbageError) as error:
        hand(T1, 0, 0, plays=["KC"])
    assert error.value.code is Code.CARD_NOT_HELD and error.value.index == 0
