"""What a show sweep covers: every held set of k cards with every starter of the other 52 - k,
all of them, or one representative per suit-symmetry class with its weight; and shards of either.

Cards are numbered as in harness.operations.fast_show (0-51, `full_deck()` order). An item is
`(held, starter, weight)`: `held` ascending card numbers, `weight` how many combinations the item
stands for (1, unless canonical).

Canonical classes. Renaming the four suits never changes a show score: it reads suits only through
which cards share one (flush) and whether a held jack shares the starter's (nobs). Two combinations
are in one class when a renaming takes one to the other. Every class has members whose starter is a
club; those are related by renamings of the other three suits only. So a class is: the starter's
rank, the held clubs, and the multiset of the three rank sets held in diamonds, hearts and spades.
The representative gives those sets to diamonds, hearts and spades in a fixed order; its weight is
the class's size, 24 / (the renamings that fix it) = 24 / the product of m! over sets repeated m
times. The weights add up to the number of combinations (tests/harness/test_sweep_space.py).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement, product

RANKS = tuple(range(1, 14))
SUITS = 4
SUIT_RENAMINGS = math.factorial(SUITS)  # 24

Item = tuple[tuple[int, ...], int, int]  # held, starter, weight


@dataclass(frozen=True)
class Shard:
    """Shard `index` of `count` (1-based): every count-th unit of work, from the index-th."""

    index: int = 1
    count: int = 1

    @classmethod
    def parse(cls, text: str) -> Shard:
        """`K/N` with 1 <= K <= N; raises ValueError saying what is wrong."""
        try:
            index, count = (int(part) for part in text.split("/"))
        except ValueError:
            raise ValueError(f"a shard is K/N, such as 1/4: {text!r}") from None
        if not 1 <= index <= count:
            raise ValueError(f"a shard K/N needs 1 <= K <= N: {text!r}")
        return cls(index, count)

    def takes(self, number: int) -> bool:
        return number % self.count == self.index - 1

    def share(self, units: int) -> int:
        """How many of `units` units (numbered from 0) this shard takes."""
        return len(range(self.index - 1, units, self.count))

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


@dataclass(frozen=True)
class ShowSpace:
    """The combinations of `held_size` cards and a starter, all or canonical, in one shard.

    The unit of sharding is a held set (full) or a class (canonical)."""

    held_size: int
    canonical: bool = False
    shard: Shard = Shard()

    @property
    def combinations(self) -> int:
        """Hand (or crib) + starter combinations in the whole space, every shard together."""
        return math.comb(52, self.held_size) * (52 - self.held_size)

    @property
    def items(self) -> int:
        """The items this shard sends: combinations, or classes when canonical."""
        if self.canonical:
            return self.shard.share(class_count(self.held_size))
        return self.shard.share(math.comb(52, self.held_size)) * (52 - self.held_size)

    def __iter__(self) -> Iterator[Item]:
        return self._classes() if self.canonical else self._all()

    def _all(self) -> Iterator[Item]:
        for number, held in enumerate(combinations(range(52), self.held_size)):
            if self.shard.takes(number):
                for starter in range(52):
                    if starter not in held:
                        yield held, starter, 1

    def _classes(self) -> Iterator[Item]:
        for number, item in enumerate(suit_classes(self.held_size)):
            if self.shard.takes(number):
                yield item


def suit_classes(held_size: int) -> Iterator[Item]:
    """One representative of each suit-symmetry class, its starter a club, with the class's size."""
    for starter_rank in RANKS:
        other_ranks = tuple(rank for rank in RANKS if rank != starter_rank)
        for clubs_size in range(held_size + 1):
            spread = _spreads(held_size - clubs_size)
            for clubs in combinations(other_ranks, clubs_size):
                club_cards = tuple(rank - 1 for rank in clubs)
                for others, weight in spread:
                    yield tuple(sorted(club_cards + others)), starter_rank - 1, weight


def class_count(held_size: int) -> int:
    """How many classes `suit_classes(held_size)` yields (counted, not enumerated)."""
    return len(RANKS) * sum(
        math.comb(len(RANKS) - 1, clubs) * len(_spreads(held_size - clubs)) for clubs in range(held_size + 1)
    )


@cache
def _spreads(size: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every multiset of three rank sets (diamonds, hearts, spades) with `size` cards in all, as
    the card numbers it gives, each with the weight of its class (24 / its renamings)."""
    found = []
    for sizes in _partitions(size):
        groups = sorted(Counter(sizes).items(), reverse=True)  # (set size, how many sets of it)
        choices = [combinations_with_replacement(_rank_sets(set_size), times) for set_size, times in groups]
        for chosen in product(*choices):
            sets = [rank_set for group in chosen for rank_set in group]
            fixing = math.prod(math.factorial(times) for times in Counter(sets).values())
            cards = tuple(13 * suit + rank - 1 for suit, rank_set in enumerate(sets, start=1) for rank in rank_set)
            found.append((cards, SUIT_RENAMINGS // fixing))
    return tuple(found)


def _partitions(size: int) -> list[tuple[int, int, int]]:
    """`size` as three set sizes, largest first."""
    return [
        (a, b, size - a - b) for a in range(size, -1, -1) for b in range(min(a, size - a), -1, -1) if size - a - b <= b
    ]


@cache
def _rank_sets(size: int) -> tuple[tuple[int, ...], ...]:
    return tuple(combinations(RANKS, size))
