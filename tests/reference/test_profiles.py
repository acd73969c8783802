from __future__ import annotations

import pytest

from reference import Code, CribbageError, load_profile, profile_names


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
    variants = [name for name in profile_names() if "--" in name]
    assert variants
    for name in variants:
        profile = load_profile(name)
        assert profile.variant_of == name.split("--")[0]
        assert profile.dispute in {f"D{n}" for n in range(1, 10)}
    disputes = {load_profile(name).dispute for name in variants}
    assert disputes == {f"D{n}" for n in range(1, 10)}


def test_unknown_profile_lists_the_known_ones():
    with pytest.raises(CribbageError) as error:
        load_profile("seven-card")
    assert error.value.code is Code.UNKNOWN_PROFILE
    assert "'seven-card'" in error.value.message and "five-card" in error.value.message
    with pytest.raises(CribbageError):
        load_profile("base")  # abstract: not playable
