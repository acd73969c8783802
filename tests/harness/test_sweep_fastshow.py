"""The harness's fast scorer gives `score_show`'s own parts: on a real combination of every rank
multiset, of every suit pattern (with no jack or one), and on random combinations of every profile.

The scorer memoises the rank half (fifteens, pairs, runs) by rank multiset and the suit half
(flush, nobs) by suit pattern, so these two exhaustive families reach every memo entry a sweep can
use, each through a combination other than the stand-in the scorer asked the reference about."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribcheck.harness.operations.fast_show import DECK, INDEX, TEXT, ShowScorer
from cribcheck.reference import load_profile, profile_names, score_show

MAIN = [("six-card", False), ("six-card", True), ("five-card", False), ("five-card", True)]


def parts_of(cards: list[int], starter: int, scorer: ShowScorer) -> tuple[int, ...]:
    score = score_show([DECK[card] for card in cards], DECK[starter], crib=scorer.crib, profile=scorer.profile)
    return score.fifteens, score.pairs, score.runs, score.flush, score.nobs


def by_rank_multiset(size: int, rng: random.Random) -> Iterator[list[int]]:
    """A combination of `size` cards for every multiset of ranks (at most four of a rank), suits at random."""
    for ranks in combinations_with_replacement(range(13), size):
        if max(ranks.count(rank) for rank in ranks) > 4:
            continue
        suits: dict[int, list[int]] = {}
        cards = []
        for rank in ranks:
            free = suits.setdefault(rank, rng.sample(range(4), 4))
            cards.append(13 * free.pop() + rank)
        rng.shuffle(cards)
        yield cards


def by_suit_pattern(size: int, rng: random.Random) -> Iterator[list[int]]:
    """A combination of `size` held cards and a starter (last) for every assignment of suits, with
    no held jack or one held jack in each place; other ranks at random."""
    for suits in product(range(4), repeat=size):
        for jack in (None, *range(size - 1)):
            ranks = rng.sample([rank for rank in range(13) if rank != 10], size)
            if jack is not None:
                ranks[jack] = 10
            yield [13 * suit + rank for suit, rank in zip(suits, ranks, strict=True)]


@pytest.mark.parametrize(("name", "crib"), MAIN)
def test_every_rank_multiset(name: str, crib: bool) -> None:
    scorer = ShowScorer(load_profile(name), crib=crib)
    rng = random.Random(f"{name}{crib}")
    count = 0
    for cards in by_rank_multiset(scorer.held_size + 1, rng):
        *held, starter = cards
        assert scorer.parts(tuple(sorted(held)), starter) == parts_of(held, starter, scorer), [TEXT[c] for c in cards]
        count += 1
    assert count == (6_175 if scorer.held_size == 4 else 1_820)


@pytest.mark.parametrize(("name", "crib"), MAIN)
def test_every_suit_pattern(name: str, crib: bool) -> None:
    scorer = ShowScorer(load_profile(name), crib=crib)
    rng = random.Random(f"{name}{crib}")
    for cards in by_suit_pattern(scorer.held_size + 1, rng):
        *held, starter = cards
        assert scorer.parts(tuple(sorted(held)), starter) == parts_of(held, starter, scorer), [TEXT[c] for c in cards]


SCORERS = {
    (name, crib): ShowScorer(load_profile(name), crib=crib) for name in profile_names() for crib in (False, True)
}


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(SCORERS)), st.randoms(use_true_random=False))
def test_random_combinations_of_every_profile(key: tuple[str, bool], rng: random.Random) -> None:
    scorer = SCORERS[key]
    *held, starter = rng.sample(range(52), scorer.held_size + 1)
    assert scorer.parts(tuple(sorted(held)), starter) == parts_of(held, starter, scorer)


def test_card_numbers_follow_the_deck() -> None:
    assert TEXT[0] == "AC" and TEXT[12] == "KC" and TEXT[13] == "AD" and TEXT[51] == "KS"
    assert all(INDEX[str(card)] == number for number, card in enumerate(DECK))
