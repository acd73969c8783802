from __future__ import annotations

import pytest

from cribcheck.reference import Code, CribbageError, HandInput, cut_for_deal, load_profile, play_game, skunk_of
from tests.reference.test_hand import T2

SIX = load_profile("six-card")


def test_cut_lower_rank_deals_and_ties_cut_again():
    assert cut_for_deal([["3C", "9D"]], SIX).dealer == "A"
    assert cut_for_deal([["KC", "AD"]], SIX).dealer == "B"  # ace is lowest
    # 7 against 7 ties; then Q against 4: B deals after two rounds.
    result = cut_for_deal([["7C", "7D"], ["QH", "4S"]], SIX)
    assert (result.dealer, len(result.rounds)) == ("B", 2)


def test_ten_against_king_is_no_tie_d6():
    # Rank decides: T (10) is below K (13): A deals at once.
    assert cut_for_deal([["TC", "KD"]], SIX).dealer == "A"
    # The other reading compares counting values: 10 = 10 ties, cut again; 2 against 5: A deals.
    by_value = load_profile("six-card--cut-by-value")
    with pytest.raises(CribbageError) as error:
        cut_for_deal([["TC", "KD"]], by_value)
    assert error.value.code is Code.BAD_CUT
    assert len(cut_for_deal([["TC", "KD"], ["2H", "5S"]], by_value).rounds) == 2


def test_extra_cut_round_is_rejected():
    with pytest.raises(CribbageError) as error:
        cut_for_deal([["3C", "9D"], ["4C", "5D"]], SIX)
    assert error.value.code is Code.BAD_CUT


@pytest.mark.parametrize(
    ("winner", "loser", "expected"),
    [
        (121, 91, ("none", 1)),  # 91 is not below 91: plain win
        (121, 90, ("skunk", 2)),  # below 91
        (121, 61, ("skunk", 2)),  # 61 is not below 61
        (121, 60, ("double_skunk", 3)),
        (124, 92, ("none", 1)),  # D1: a 32-point margin but the loser is not below 91
    ],
)
def test_skunk_lines(winner, loser, expected):
    name, points, _ = skunk_of(winner, loser, SIX)
    assert (name, points) == expected


def test_skunk_by_margin_reading_d1():
    margin = load_profile("six-card--skunk-by-margin")
    assert skunk_of(124, 92, margin)[:2] == ("skunk", 2)  # 32 > 30
    assert skunk_of(121, 91, margin)[:2] == ("none", 1)  # 30 is not more than 30
    assert skunk_of(121, 60, margin)[:2] == ("double_skunk", 3)  # 61 > 60


def test_double_skunk_worth_four_reading_d7():
    four = load_profile("six-card--double-skunk-4")
    assert skunk_of(121, 60, four)[:2] == ("double_skunk", 4)
    assert skunk_of(121, 30, four) == ("triple_skunk", 4, True)


def test_no_skunks_in_the_short_game():
    assert skunk_of(61, 10, load_profile("six-card-61")) == (None, None, False)


def t2_for(dealer: str) -> HandInput:
    """Deal T2 (see test_hand) with the seats swapped when B deals."""
    if dealer == "A":
        return HandInput(**T2)
    swap = {"A": "B", "B": "A"}
    return HandInput(
        dealt={swap[who]: cards for who, cards in T2["dealt"].items()},
        discards={swap[who]: cards for who, cards in T2["discards"].items()},
        plays=T2["plays"],
        starter=T2["starter"],
    )


def test_dealers_alternate_and_scores_carry_over():
    # Cut 3C (A) against 9D (B): A deals first, then B, then A. T2 gives its dealer 20 and its
    # pone 10 (see test_hand): after three hands A has 20 + 10 + 20 = 50, B 10 + 20 + 10 = 40.
    result = play_game(SIX, cuts=[["3C", "9D"]], hands=[t2_for("A"), t2_for("B"), t2_for("A")])
    assert result.dealers == ("A", "B", "A")
    assert dict(result.scores) == {"A": 50, "B": 40}
    assert result.winner is None and result.skunk is None


def test_game_to_the_winner_and_hands_after_it_rejected():
    # In six-card-61, T2 alternating: after hand 4 A has 60, B 60 (each 20 + 10 + 20 + 10).
    # Hand 5, A deals: pegging A 61 on the first last-card point: A wins, B on 60.
    short = load_profile("six-card-61")
    hands = [t2_for("A"), t2_for("B"), t2_for("A"), t2_for("B"), t2_for("A")]
    result = play_game(short, cuts=[["3C", "9D"]], hands=hands)
    assert (result.winner, dict(result.scores), result.hands_played) == ("A", {"A": 61, "B": 60}, 5)
    with pytest.raises(CribbageError) as error:
        play_game(short, cuts=[["3C", "9D"]], hands=[*hands, t2_for("B")])
    assert error.value.code is Code.GAME_OVER and error.value.hand == 5
