"""The public API raises nothing but CribbageError, with a code of the closed set, for any value
of the documented types (the README's promise): a player other than A and B, a score missing or
of any size, cards that are not cards, a cut depth of any size, a profile name of any text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference import Code, CribbageError, HandInput, load_profile, play_game, play_hand, play_pegging, score_show
from reference.cards import full_deck

CARDS = [str(card) for card in full_deck()]
SIX = load_profile("six-card")
FIVE = load_profile("five-card")

card_text = st.one_of(st.sampled_from(CARDS), st.sampled_from(["go", "10S", "5♥", "", "1C", "ZZ"]), st.text(max_size=4))
cards = st.lists(card_text, max_size=8)
few_cards = st.lists(st.sampled_from(CARDS), min_size=4, max_size=6, unique=True)
player = st.one_of(st.sampled_from(["A", "B"]), st.sampled_from(["C", "", "a", "dealer"]), st.text(max_size=3))
number = st.one_of(st.integers(-3, 130), st.integers(), st.sampled_from([10**400, -(10**400)]))
hands_by_player = st.dictionaries(player, st.one_of(cards, few_cards), max_size=3)
scores = st.dictionaries(player, number, max_size=3)
profile = st.sampled_from([SIX, FIVE])


def only_cribbage_errors(call: Callable[[], Any]) -> None:
    try:
        call()
    except CribbageError as error:
        assert isinstance(error.code, Code)
        assert str(error)


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(
    profile,
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
    profile,
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
@given(profile, st.one_of(cards, few_cards), st.one_of(cards, few_cards), cards, st.booleans())
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
        (
            lambda: play_hand(
                SIX, dealer="C", scores={"A": 0, "B": 0}, first_hand=True, discards={}, plays=[], deck=CARDS, cut=10
            ),
            Code.INVALID_INPUT,
        ),
        (
            lambda: play_hand(SIX, dealer="A", scores={"A": 0}, first_hand=True, discards={}, plays=[], cut=10),
            Code.INVALID_INPUT,
        ),
    ],
)
def test_the_issue_examples_are_cribbage_errors(call: Callable[[], Any], code: Code) -> None:
    with pytest.raises(CribbageError) as raised:
        call()
    assert raised.value.code is code
