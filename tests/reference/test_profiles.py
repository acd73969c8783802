from __future__ import annotations

import pytest

from cribcheck.reference import Code, CribbageError, load_profile, profile_names


def test_main_profiles_as_in_the_rulings():
    five, six, short = load_profile("five-card"), load_profile("six-card"), load_profile("six-card-61")
    assert (five.target, five.cards_dealt, five.cards_kept, five.crib_size) == (61, 5, 3, 4)
    assert (five.count, five.three_for_last, five.skunk) == ("single", 3, None)
    assert (six.target, six.cards_dealt, six.cards_kept, six.crib_size) == (121, 6, 4, 4)
    assert (six.count, six.three_for_last) == ("restarting", 0)
    assert [(line.name, line.below, line.game_points) for line in six.skunk.classes] == [
        ("double_skunk", 61, 3),
        ("skunk", 91, 2),
    ]
    assert six.skunk.win_points == 1
    assert (short.target, short.skunk, short.count) == (61, None, "restarting")
    for profile in (five, six, short):
        assert (profile.heels, profile.nobs, profile.last_card_at_31) == (2, 1, 0)
        assert profile.nobs_in_crib and not profile.crib_four_card_flush


def test_every_variant_names_its_dispute_and_parent():
    """A variant `<main>--<reading>` plays one dispute's other reading, or an opt-in variant of
    its main profile (muggins), which has no dispute."""
    variants = [name for name in profile_names() if "--" in name]
    assert variants
    for name in variants:
        profile = load_profile(name)
        assert profile.variant_of == name.split("--")[0]
        if profile.dispute is None:
            assert profile.muggins and name.endswith("--muggins")
        else:
            assert profile.dispute in {f"D{n}" for n in range(1, 11)}
    disputes = {load_profile(name).dispute for name in variants} - {None}
    assert disputes == {f"D{n}" for n in range(1, 11)}


def test_the_variant_profiles_as_in_the_rulings():
    three, four = load_profile("three-player"), load_profile("four-player")
    assert (three.seats, three.cards_dealt, three.cards_kept, three.crib_from_deck, three.crib_size) == (3, 5, 4, 1, 4)
    assert (three.target, three.skunk, three.sides, three.muggins) == (121, None, None, False)
    assert (four.seats, four.cards_dealt, four.cards_kept, four.crib_from_deck, four.crib_size) == (4, 5, 4, 0, 4)
    assert four.sides == (("AC", ("A", "C")), ("BD", ("B", "D")))
    assert four.skunk == load_profile("six-card").skunk  # dispute D10: skunks by side
    assert load_profile("four-player--no-skunk").skunk is None
    assert load_profile("six-card--muggins").muggins and load_profile("four-player--muggins").muggins
    assert load_profile("six-card-match").match_target == 3
    four_points = load_profile("six-card-match--double-skunk-4").skunk
    assert [(line.name, line.game_points) for line in four_points.classes] == [("double_skunk", 4), ("skunk", 2)]
    triple = load_profile("six-card-match--triple-skunk").skunk.classes[0]
    assert (triple.name, triple.below, triple.wins_match) == ("triple_skunk", 31, True)
    for name in profile_names():
        if name.startswith(("five-card", "six-card")) and "match" not in name and "muggins" not in name:
            profile = load_profile(name)
            assert (profile.seats, profile.crib_from_deck, profile.sides, profile.muggins) == (2, 0, None, False)
            assert profile.match_target is None


def test_a_profile_name_of_another_type_is_a_type_error():
    with pytest.raises(TypeError):
        load_profile(3)  # type: ignore[arg-type]


def test_unknown_profile_lists_the_known_ones():
    with pytest.raises(CribbageError) as error:
        load_profile("seven-card")
    assert error.value.code is Code.UNKNOWN_PROFILE
    assert "'seven-card'" in error.value.message and "five-card" in error.value.message
    with pytest.raises(CribbageError):
        load_profile("base")  # abstract: not playable
