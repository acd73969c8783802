"""The space a sweep covers: every combination once, canonical classes that are exactly the
suit-renaming classes with their sizes as weights, and shards that split either without overlap."""

from __future__ import annotations

import math
from itertools import permutations

import pytest

from cribcheck.harness.sweep.space import Shard, ShowSpace, class_count, suit_classes

# each renaming of the four suits as a table: card number -> card number
RENAMINGS = [tuple(13 * renaming[card // 13] + card % 13 for card in range(52)) for renaming in permutations(range(4))]


def orbit(held: tuple[int, ...], starter: int) -> set[tuple[tuple[int, ...], int]]:
    """Every renaming of a combination (the starter kept apart)."""
    return {(tuple(sorted(map(table.__getitem__, held))), table[starter]) for table in RENAMINGS}


def test_shards_parse_and_refuse_nonsense() -> None:
    assert Shard.parse("2/5") == Shard(2, 5)
    assert str(Shard(2, 5)) == "2/5"
    for text in ("0/3", "4/3", "1", "a/b", "1/2/3", "-1/2"):
        with pytest.raises(ValueError, match="K/N"):
            Shard.parse(text)


@pytest.mark.parametrize(("held_size", "classes"), [(2, 5_083), (3, 63_193), (4, 652_353)])
def test_the_classes_stand_for_every_combination(held_size: int, classes: int) -> None:
    count = weights = 0
    for held, starter, weight in suit_classes(held_size):
        count += 1
        weights += weight
        assert len(set(held)) == held_size and starter not in held and starter < 13  # a club starter
    assert count == class_count(held_size) == ShowSpace(held_size, canonical=True).items == classes
    assert weights == math.comb(52, held_size) * (52 - held_size) == ShowSpace(held_size).combinations


@pytest.mark.parametrize("held_size", [2, 3])
def test_each_class_is_one_whole_orbit_of_suit_renamings(held_size: int) -> None:
    """By brute force: no two representatives are renamings of each other, and each weight is the
    number of distinct renamings (so, with the weights adding up, the classes cover everything)."""
    seen: set[tuple[tuple[int, ...], int]] = set()
    for held, starter, weight in suit_classes(held_size):
        members = orbit(held, starter)
        assert len(members) == weight, (held, starter)
        assert seen.isdisjoint(members), (held, starter)
        seen |= members
    assert len(seen) == ShowSpace(held_size).combinations


def test_the_full_space_is_every_combination_once() -> None:
    space = ShowSpace(2)
    items = list(space)
    assert len(items) == space.items == space.combinations == 66_300
    assert len({(held, starter) for held, starter, _ in items}) == len(items)
    assert {weight for _, _, weight in items} == {1}
    assert ShowSpace(3).items == 1_082_900
    assert ShowSpace(4).items == ShowSpace(4, shard=Shard(1, 2)).items + ShowSpace(4, shard=Shard(2, 2)).items


@pytest.mark.parametrize("canonical", [False, True])
def test_shards_split_the_space_without_overlap(canonical: bool) -> None:
    whole = list(ShowSpace(2, canonical))
    shards = [ShowSpace(2, canonical, Shard(index, 4)) for index in range(1, 5)]
    parts = [list(shard) for shard in shards]
    assert [len(part) for part in parts] == [shard.items for shard in shards]
    assert sorted(item for part in parts for item in part) == sorted(whole)
    assert max(map(len, parts)) - min(map(len, parts)) <= (50 if not canonical else 1)
