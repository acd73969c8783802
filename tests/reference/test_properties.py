"""Invariants of the engine, checked on random inputs (Hypothesis)."""

from __future__ import annotations

from collections import Counter
from math import comb, prod

from hypothesis import given, settings
from hypothesis import strategies as st

from cribcheck.reference import Card, Code, CribbageError, HandInput, load_profile, play_game, play_pegging, score_show
from tests.reference.strategies import deals, show_sets

FIVE = load_profile("five-card")
SIX = load_profile("six-card")
SHORT = load_profile("six-card-61")
SUIT_RENAMINGS = [dict(zip("CDHS", perm, strict=True)) for perm in ("DCSH", "HSCD", "SHDC", "CHSD")]


def pairs_by_formula(cards: list[Card]) -> int:
    """n cards of one rank make C(n, 2) pairs of 2 points."""
    return sum(2 * comb(n, 2) for n in Counter(card.rank for card in cards).values())


def runs_by_formula(cards: list[Card]) -> int:
    """Runs by rank counts: each maximal stretch of consecutive ranks of length >= 3 scores its
    length times the product of the number of cards of each of its ranks."""
    counts = Counter(card.rank for card in cards)
    total, rank = 0, 1
    while rank <= 13:
        length = 0
        while counts[rank + length]:
            length += 1
        if length >= 3:
            total += length * prod(counts[r] for r in range(rank, rank + length))
        rank += max(length, 1)
    return total


def fifteens_by_counting(cards: list[Card]) -> int:
    """Number of subsets summing to 15, by dynamic programming over the counting values."""
    ways = [1] + [0] * 15
    for card in cards:
        for total in range(15, card.value - 1, -1):
            ways[total] += ways[total - card.value]
    return 2 * ways[15]


@given(show_sets(4), st.booleans())
def test_show_agrees_with_independent_counts(drawn, crib):
    hand, starter = drawn
    score = score_show(hand, starter, crib=crib, profile=SIX)
    everything = [*hand, starter]
    assert score.pairs == pairs_by_formula(everything)
    assert score.runs == runs_by_formula(everything)
    assert score.fifteens == fifteens_by_counting(everything)
    assert score.total == score.fifteens + score.pairs + score.runs + score.flush + score.nobs


@given(show_sets(4), st.randoms(use_true_random=False), st.booleans())
def test_show_does_not_depend_on_card_order(drawn, random, crib):
    hand, starter = drawn
    shuffled = list(hand)
    random.shuffle(shuffled)
    a = score_show(hand, starter, crib=crib, profile=SIX)
    b = score_show(shuffled, starter, crib=crib, profile=SIX)
    assert (a.total, a.fifteens, a.pairs, a.runs, a.flush, a.nobs) == (
        b.total,
        b.fifteens,
        b.pairs,
        b.runs,
        b.flush,
        b.nobs,
    )


@given(show_sets(4), st.sampled_from(SUIT_RENAMINGS), st.booleans())
def test_show_does_not_depend_on_suit_names(drawn, renaming, crib):
    # The exhaustive distribution test relies on this: renaming the suits never changes a score.
    hand, starter = drawn
    renamed = [Card(card.rank, renaming[card.suit]) for card in hand]
    moved = Card(starter.rank, renaming[starter.suit])
    assert (
        score_show(hand, starter, crib=crib, profile=SIX).total
        == score_show(renamed, moved, crib=crib, profile=SIX).total
    )


@given(show_sets(4))
def test_six_card_hand_bounds(drawn):
    total = score_show(*drawn, crib=False, profile=SIX).total
    assert 0 <= total <= 29 and total not in {19, 25, 26, 27}


@given(show_sets(3))
def test_five_card_hand_never_above_20(drawn):
    assert 0 <= score_show(*drawn, crib=False, profile=FIVE).total <= 20


@settings(max_examples=150)
@given(st.sampled_from([FIVE, SIX]), st.data())
def test_legal_sequences_replay_and_a_corrupted_play_is_rejected(profile, data):
    deal = data.draw(deals(profile))
    result = play_pegging(deal["pone_kept"], deal["dealer_kept"], deal["plays"], profile)
    assert result.complete
    played = [event.card for event in result.events if event.kind == "play"]
    assert played == deal["plays"]
    if profile.count == "restarting":
        assert not result.unplayed["pone"] and not result.unplayed["dealer"]
    # One play replaced by a card nobody holds: rejected at exactly that index.
    index = data.draw(st.integers(0, len(deal["plays"]) - 1))
    corrupted = list(deal["plays"])
    corrupted[index] = deal["unused"][0]
    try:
        play_pegging(deal["pone_kept"], deal["dealer_kept"], corrupted, profile)
    except CribbageError as error:
        assert (error.code, error.index) == (Code.CARD_NOT_HELD, index)
    else:
        raise AssertionError("a corrupted sequence was accepted")
    # Cut short: incomplete at the cut.
    try:
        play_pegging(deal["pone_kept"], deal["dealer_kept"], deal["plays"][:index], profile)
    except CribbageError as error:
        assert (error.code, error.index) == (Code.PEGGING_INCOMPLETE, index)
    else:
        raise AssertionError("an incomplete sequence was accepted")


def hand_input(deal: dict, dealer: str) -> HandInput:
    pone = "B" if dealer == "A" else "A"
    return HandInput(
        dealt={pone: deal["pone"], dealer: deal["dealer"]},
        discards={pone: deal["pone_out"], dealer: deal["dealer_out"]},
        plays=deal["plays"],
        starter=deal["starter"],
    )


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([FIVE, SHORT, SIX]), st.data())
def test_a_game_has_one_winner_and_nothing_after_the_win(profile, data):
    hands, dealer = [], "A"
    for _ in range(60):  # far more hands than any game needs
        hands.append(hand_input(data.draw(deals(profile)), dealer))
        dealer = "B" if dealer == "A" else "A"
        try:
            result = play_game(profile, cuts=[["3C", "9D"]], hands=hands)
        except CribbageError as error:
            assert error.code is Code.GAME_OVER
            hands.pop()
            break
    result = play_game(profile, cuts=[["3C", "9D"]], hands=hands)
    assert result.winner in {"A", "B"}
    loser = "B" if result.winner == "A" else "A"
    assert result.scores[result.winner] >= profile.target > result.scores[loser]
    last_hand = result.hands[-1]
    assert last_hand.steps[-1].event.kind == "win"
    assert [step.event.kind for step in last_hand.steps].count("win") == 1
    assert all(hand.winner is None for hand in result.hands[:-1])
