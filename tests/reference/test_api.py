"""The public API raises only CribbageError (with a code of the closed set) for any value of the
documented types, and TypeError for a value of another type (README, "The reference engine"):
a seat or a side of any name, a score missing or of any size, cards that are not cards, a cut
depth of any size, a profile name of any text. Two sets of draws: every profile with the seats of
any table (issue-12), and the two-player profiles with values of any size (issue-11)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cribcheck.reference import (
    Code,
    CribbageError,
    HandInput,
    cut_for_deal,
    deal_at_table,
    deal_from_deck,
    full_deck,
    load_profile,
    play_game,
    play_hand,
    play_match,
    play_pegging,
    play_round,
    profile_names,
    score_play,
    score_show,
)

CARDS = [str(card) for card in full_deck()]
SIX = load_profile("six-card")
FIVE = load_profile("five-card")
PROFILES = st.sampled_from(profile_names()).map(load_profile)
# A card slot takes any text (or a scalar: a card that cannot be read is invalid_card).
CARD = st.one_of(st.sampled_from(CARDS), st.sampled_from(["10S", "5♥", "1H", "", "go"]), st.text(max_size=3))
CARD_SLOT = st.one_of(CARD, st.integers(), st.none(), st.booleans())
HAND = st.lists(CARD, max_size=7)
SEAT = st.one_of(st.sampled_from(["A", "B", "C", "D", "AC", "BD", "pone", "dealer"]), st.text(max_size=3))
SCORES = st.dictionaries(SEAT, st.integers(-5, 200), max_size=5)
BY_SEAT = st.dictionaries(SEAT, HAND, max_size=5)
PLAYS = st.lists(st.one_of(CARD, st.just("go")), max_size=14)
CLAIM = st.dictionaries(
    st.sampled_from(["play", "last_card", "show", "heels", "three_for_last", "points", "other"]),
    st.one_of(st.integers(-2, 20), st.booleans(), SEAT, st.none()),
    max_size=3,
)
CLAIMS = st.one_of(st.none(), st.lists(CLAIM, max_size=3))
CUT = st.one_of(st.integers(-2, 60), st.none())
ROUNDS = st.lists(st.one_of(st.lists(CARD, max_size=3), st.dictionaries(SEAT, CARD, max_size=4)), max_size=3)
DECK = st.one_of(st.permutations(CARDS), st.lists(CARD, max_size=53))


def only_cribbage_errors(call: Callable[[], Any]) -> None:
    try:
        call()
    except CribbageError as error:
        assert isinstance(error.code, Code)
        assert error.message


FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(PROFILES, SEAT, SCORES, st.booleans(), BY_SEAT, PLAYS, BY_SEAT, CARD, CLAIMS, st.one_of(st.none(), CARD))
def test_play_hand(profile, dealer, scores, first, discards, plays, dealt, starter, claims, crib_card) -> None:
    only_cribbage_errors(
        lambda: play_hand(
            profile,
            dealer=dealer,
            scores=scores,
            first_hand=first,
            discards=discards,
            plays=plays,
            dealt=dealt,
            starter=starter,
            crib_card=crib_card,
            claims=claims,
        )
    )


@FAST
@given(PROFILES, SEAT, SCORES, BY_SEAT, PLAYS, DECK, CUT)
def test_play_hand_from_a_deck(profile, dealer, scores, discards, plays, deck, cut) -> None:
    only_cribbage_errors(
        lambda: play_hand(
            profile, dealer=dealer, scores=scores, first_hand=False, discards=discards, plays=plays, deck=deck, cut=cut
        )
    )


@FAST
@given(PROFILES, ROUNDS, st.lists(st.tuples(BY_SEAT, PLAYS, BY_SEAT, CARD, CLAIMS), max_size=3))
def test_play_game_and_play_match(profile, cuts, raw) -> None:
    hands = [HandInput(discards=d, plays=p, dealt=dealt, starter=s, claims=c) for d, p, dealt, s, c in raw]
    only_cribbage_errors(lambda: play_game(profile, cuts=cuts, hands=hands))
    only_cribbage_errors(lambda: play_match(profile, cuts=cuts, games=[hands, hands]))


@FAST
@given(PROFILES, HAND, HAND, PLAYS, BY_SEAT, SEAT)
def test_the_peggings(profile, pone, dealer, plays, hands, seat) -> None:
    only_cribbage_errors(lambda: play_pegging(pone, dealer, plays, profile))
    only_cribbage_errors(lambda: play_round(hands, seat, plays, profile))


@FAST
@given(PROFILES, st.lists(CARD_SLOT, max_size=7), CARD_SLOT, st.booleans(), st.lists(CARD_SLOT, max_size=9))
def test_the_counts(profile, cards, starter, crib, count) -> None:
    only_cribbage_errors(lambda: score_show(cards, starter, crib=crib, profile=profile))
    only_cribbage_errors(lambda: score_play(count, profile))


@FAST
@given(PROFILES, DECK, CUT, SEAT, ROUNDS)
def test_deals_and_cuts(profile, deck, cut, dealer, rounds) -> None:
    only_cribbage_errors(lambda: deal_from_deck(deck, cut, profile))
    only_cribbage_errors(lambda: deal_at_table(deck, cut, profile, dealer))
    only_cribbage_errors(lambda: cut_for_deal(rounds, profile))


WRONG = st.one_of(st.integers(), st.floats(allow_nan=False), st.none(), st.binary(max_size=3))


@FAST
@given(PROFILES, WRONG)
def test_wrong_types_are_type_errors(profile, wrong) -> None:
    six = load_profile("six-card")
    calls = [
        lambda: play_hand(six, dealer=wrong, scores={"A": 0, "B": 0}, first_hand=False, discards={}, plays=[]),
        lambda: play_hand(six, dealer="A", scores=wrong, first_hand=False, discards={}, plays=[]),
        lambda: play_hand(wrong, dealer="A", scores={"A": 0, "B": 0}, first_hand=False, discards={}, plays=[]),
        lambda: play_pegging(["5C"], ["5D"], wrong, profile),
        lambda: play_round(wrong, "A", [], profile),
        lambda: play_game(profile, cuts=wrong, hands=[]),
        lambda: play_match(load_profile("six-card-match"), cuts=[["AH", "KD"]], games=wrong),
        lambda: load_profile(wrong),
        lambda: score_show(wrong, "5S", crib=False, profile=profile),
        lambda: score_show(["5C", "5D", "5H", "JS"], "5S", crib=False, profile=wrong),
        lambda: score_play(wrong, profile),
    ]
    for call in calls:
        with pytest.raises(TypeError):
            call()


# --- the two-player profiles, values of any size -------------------------------------------

card_text = st.one_of(st.sampled_from(CARDS), st.sampled_from(["go", "10S", "5♥", "", "1C", "ZZ"]), st.text(max_size=4))
cards = st.lists(card_text, max_size=8)
few_cards = st.lists(st.sampled_from(CARDS), min_size=4, max_size=6, unique=True)
player = st.one_of(st.sampled_from(["A", "B"]), st.sampled_from(["C", "", "a", "dealer"]), st.text(max_size=3))
number = st.one_of(st.integers(-3, 130), st.integers(), st.sampled_from([10**400, -(10**400)]))
hands_by_player = st.dictionaries(player, st.one_of(cards, few_cards), max_size=3)
scores = st.dictionaries(player, number, max_size=3)
two_player_profile = st.sampled_from([SIX, FIVE])


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(
    two_player_profile,
    player,
    scores,
    st.booleans(),
    hands_by_player,
    cards,
    st.one_of(st.none(), hands_by_player),
    st.one_of(st.none(), card_text),
    st.one_of(st.none(), st.permutations(CARDS), cards),
    st.one_of(st.none(), number),
)
def test_play_hand_raises_only_cribbage_errors(
    profile: Any, dealer: str, scores: Any, first: bool, discards: Any, plays: Any,
    dealt: Any, starter: Any, deck: Any, cut: Any,
) -> None:  # fmt: skip
    options = {"discards": discards, "plays": plays, "dealt": dealt, "starter": starter, "deck": deck, "cut": cut}
    only_cribbage_errors(lambda: play_hand(profile, dealer=dealer, scores=scores, first_hand=first, **options))


@SETTINGS
@given(
    two_player_profile,
    st.lists(st.lists(card_text, max_size=3), max_size=3),
    st.lists(
        st.builds(
            HandInput,
            discards=hands_by_player,
            plays=cards,
            dealt=st.one_of(st.none(), hands_by_player),
            starter=st.one_of(st.none(), card_text),
            deck=st.one_of(st.none(), st.permutations(CARDS)),
            cut=st.one_of(st.none(), number),
        ),
        max_size=2,
    ),
)
def test_play_game_raises_only_cribbage_errors(profile: Any, cuts: Any, hands: Any) -> None:
    only_cribbage_errors(lambda: play_game(profile, cuts=cuts, hands=hands))


@SETTINGS
@given(two_player_profile, st.one_of(cards, few_cards), st.one_of(cards, few_cards), cards, st.booleans())
def test_play_pegging_and_score_show_raise_only_cribbage_errors(
    profile: Any, pone: Any, dealer: Any, plays: Any, complete: bool
) -> None:
    only_cribbage_errors(lambda: play_pegging(pone, dealer, plays, profile, require_complete=complete))
    only_cribbage_errors(lambda: score_show(pone, dealer[0] if dealer else "", crib=complete, profile=profile))


@SETTINGS
@given(st.one_of(st.text(), st.sampled_from(["six-card", "base", "../six-card", "six-card.yaml", "a" * 300, "\0"])))
def test_load_profile_raises_only_cribbage_errors(name: str) -> None:
    only_cribbage_errors(lambda: load_profile(name))


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda: load_profile("a" * 300), Code.UNKNOWN_PROFILE),  # too long a file name for the OS
        (lambda: load_profile("six\0card"), Code.UNKNOWN_PROFILE),  # a NUL the OS refuses in a path
        # C is a seat, but not at a table of two (rule input.seats)
        (
            lambda: play_hand(
                SIX, dealer="C", scores={"A": 0, "B": 0}, first_hand=True, discards={}, plays=[], deck=CARDS, cut=10
            ),
            Code.BAD_SEAT,
        ),
        (
            lambda: play_hand(SIX, dealer="C", scores={"A": 0, "B": 0}, first_hand=False, discards={}, plays=[]),
            Code.BAD_SEAT,
        ),
        (  # B's score missing
            lambda: play_hand(SIX, dealer="A", scores={"A": 0}, first_hand=True, discards={}, plays=[], cut=10),
            Code.BAD_SEAT,
        ),
        # names no table has, which the protocol's schemas refuse: invalid_input
        (
            lambda: play_hand(SIX, dealer="E", scores={"A": 0, "B": 0}, first_hand=True, discards={}, plays=[], cut=10),
            Code.INVALID_INPUT,
        ),
        (
            lambda: play_hand(
                SIX, dealer="A", scores={"A": 0, "dealer": 0}, first_hand=True, discards={}, plays=[], cut=10
            ),
            Code.INVALID_INPUT,
        ),
        (lambda: play_round({"A": [], "B": [], "pone": []}, "A", [], SIX), Code.INVALID_INPUT),
    ],
)
def test_the_issue_examples_are_cribbage_errors(call: Callable[[], Any], code: Code) -> None:
    with pytest.raises(CribbageError) as raised:
        call()
    assert raised.value.code is code
