"""Exhaustive: the six-card hand distribution over all 12,994,800 hand + starter combinations.

Published table: Steven S. Lumetta, "Amusing Cribbage Facts" (University of Illinois), also
given in Wikipedia's "Cribbage statistics": the number of hands, out of 12,994,800, with each
score when four cards are held and one is turned up (4-card flushes in the hand count).

The honest reduction: a show score depends on suits only through which cards share a suit (the
flush) and whether a jack shares the starter's suit (nobs). So renaming the four suits never
changes a score (checked on random hands by test_properties.test_show_does_not_depend_on_suit_names).
Two four-card hands are related by a renaming exactly when they hold the same multiset of
per-suit rank sets. We group the 270,725 hands by that key, score ONE hand of each group against
all 48 starters through the real `score_show`, and weight each score by the group's size. For a
hand g(H) in H's group, the starter g(s) gives the same score as s does for H, so the group's
scores over all starters are its size times the representative's: nothing is estimated.

That is still 568,000 calls of the plain `score_show`, two to three minutes while the rest of the
suite runs, so the test is marked `exhaustive` and left out of the default run (`pytest -m
exhaustive` runs it). The default run keeps the same table checked by a chain of two exhaustive
tests: the harness's fast scorer gives `score_show`'s own five parts on every rank multiset and
every suit pattern (tests/harness/test_sweep_fastshow.py: every entry its memo can hold), and the
fast scorer over every suit-symmetry class gives this table (tests/harness/test_sweep_distribution.py).
"""

from __future__ import annotations

import time
from collections import Counter
from itertools import combinations

import pytest

from cribcheck.reference import full_deck, load_profile, score_show

# Lumetta's table (score: number of hand + starter combinations).
PUBLISHED = {
    0: 1_009_008,
    1: 99_792,
    2: 2_813_796,
    3: 505_008,
    4: 2_855_676,
    5: 697_508,
    6: 1_800_268,
    7: 751_324,
    8: 1_137_236,
    9: 361_224,
    10: 388_740,
    11: 51_680,
    12: 317_340,
    13: 19_656,
    14: 90_100,
    15: 9_168,
    16: 58_248,
    17: 11_196,
    18: 2_708,
    19: 0,
    20: 8_068,
    21: 2_496,
    22: 444,
    23: 356,
    24: 3_680,
    25: 0,
    26: 0,
    27: 0,
    28: 76,
    29: 4,
}


def suit_class(hand) -> tuple:
    """The multiset of per-suit rank sets: equal exactly for hands related by renaming suits."""
    return tuple(sorted(tuple(sorted(card.rank for card in hand if card.suit == suit)) for suit in "CDHS"))


def test_published_table_adds_up():
    assert sum(PUBLISHED.values()) == 52 * 51 * 50 * 49 // 24 * 48 == 12_994_800


@pytest.mark.exhaustive
def test_six_card_hand_distribution_matches_the_published_table():
    started = time.perf_counter()
    deck = full_deck()
    profile = load_profile("six-card")
    group_size: Counter[tuple] = Counter()
    representative: dict[tuple, tuple] = {}
    for hand in combinations(deck, 4):
        key = suit_class(hand)
        group_size[key] += 1
        representative.setdefault(key, hand)
    assert sum(group_size.values()) == 270_725

    distribution: Counter[int] = Counter()
    for key, size in group_size.items():
        hand = representative[key]
        for starter in deck:
            if starter not in hand:
                distribution[score_show(hand, starter, crib=False, profile=profile).total] += size
    elapsed = time.perf_counter() - started
    print(f"\n{len(group_size)} suit classes, {len(group_size) * 48} score_show calls, {elapsed:.1f} s")
    assert {score: distribution.get(score, 0) for score in range(30)} == PUBLISHED
