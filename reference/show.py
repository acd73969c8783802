"""The show: counting a hand or the crib together with the starter.

Each function below is one scoring rule of the show (docs/rules.md, area show); `score_show`
adds them up. A card may serve in many combinations; the order of the cards is irrelevant.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from cribcheck.reference.cards import Card, as_card, form_run, no_card_twice, read_cards, same_rank
from cribcheck.reference.errors import Code, CribbageError
from cribcheck.reference.profiles import Profile

Combination = tuple[Card, ...]

POINTS_PER_FIFTEEN = 2
POINTS_PER_PAIR = 2


@dataclass(frozen=True)
class ShowScore:
    """The count of one set (hand or crib) with the starter: points by element, and the cards
    that make each fifteen, pair and run, the flush's cards and the nobs jack."""

    fifteens: int
    pairs: int
    runs: int
    flush: int
    nobs: int
    fifteen_combinations: tuple[Combination, ...]
    pair_combinations: tuple[Combination, ...]
    run_combinations: tuple[Combination, ...]
    flush_cards: Combination
    nobs_jack: Card | None

    @property
    def total(self) -> int:
        return self.fifteens + self.pairs + self.runs + self.flush + self.nobs


def fifteens(cards: Iterable[Card]) -> tuple[Combination, ...]:
    """Rule show.fifteens: each distinct subset of cards whose counting values sum to 15 (2 each)."""
    cards = tuple(cards)
    found = []
    for size in range(2, len(cards) + 1):
        for subset in combinations(cards, size):
            if sum(card.value for card in subset) == 15:
                found.append(subset)
    return tuple(found)


def pairs(cards: Iterable[Card]) -> tuple[Combination, ...]:
    """Rule show.pairs: each pair of cards of the same rank (2 each), so three of a kind is three
    pairs (6) and four of a kind six pairs (12)."""
    return tuple(pair for pair in combinations(tuple(cards), 2) if same_rank(pair))


def runs(cards: Iterable[Card]) -> tuple[Combination, ...]:
    """Rule show.runs: each distinct maximal run of three or more cards, counted once per
    combination of duplicated ranks, leaving out runs contained in a longer one.

    Longest first: a set of cards that forms a run counts unless it lies inside a run already
    counted."""
    cards = tuple(cards)
    counted: list[Combination] = []
    for size in range(len(cards), 2, -1):
        for subset in combinations(cards, size):
            inside_longer = any(set(subset) <= set(longer) for longer in counted)
            if form_run(subset) and not inside_longer:
                counted.append(subset)
    return tuple(counted)


def hand_flush(hand: Combination, starter: Card, profile: Profile) -> Combination:
    """Rules show.hand-flush-five-card and show.hand-flush-six-card: all the hand's cards of one
    suit score one point each, and one more with the starter of that suit. Fewer hand cards with
    the starter score nothing (dispute D5), unless the profile lets the starter complete them."""
    if len({card.suit for card in hand}) == 1:
        if starter.suit == hand[0].suit:
            return (*hand, starter)
        return hand
    if profile.hand_flush_starter_completes:
        with_starter = tuple(card for card in hand if card.suit == starter.suit)
        if len(with_starter) == len(hand) - 1:
            return (*with_starter, starter)
    return ()


def crib_flush(crib: Combination, starter: Card, profile: Profile) -> Combination:
    """Rule show.crib-flush: the crib scores a flush only when its four cards and the starter are
    all of one suit (5). A four-card crib flush scores nothing (dispute D5), unless the profile
    allows it."""
    if len({card.suit for card in (*crib, starter)}) == 1:
        return (*crib, starter)
    if profile.crib_four_card_flush and len({card.suit for card in crib}) == 1:
        return crib
    return ()


def nobs(cards: Combination, starter: Card, *, crib: bool, profile: Profile) -> Card | None:
    """Rule show.nobs: a jack in the hand (or the crib, dispute D4) of the starter's suit scores
    1. The starter itself is never that jack: a turned jack is heels, not nobs."""
    if crib and not profile.nobs_in_crib:
        return None
    for card in cards:
        if card.is_jack and card.suit == starter.suit:
            return card
    return None


def score_show(cards: Iterable[Card | str], starter: Card | str, *, crib: bool, profile: Profile) -> ShowScore:
    """Count a hand (crib=False) or the crib (crib=True) with the starter: fifteens, pairs, runs,
    flush and nobs, each over the set's cards and the starter together (rule show.starter-shared;
    a hand holds cards_kept cards and the crib crib_size, rule input.cards)."""
    if not isinstance(profile, Profile):
        raise TypeError(f"profile is a Profile (see load_profile), got {type(profile).__name__}")
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise TypeError(f"cards are a sequence of cards, got {type(cards).__name__}")
    # Rule input.rejection-order: every card read, then no card twice, then the number of cards.
    held = read_cards(cards)
    starter = as_card(starter)
    no_card_twice((*held, starter))
    expected = profile.crib_size if crib else profile.cards_kept
    if len(held) != expected:
        what = "crib" if crib else "hand"
        raise CribbageError(
            Code.WRONG_CARD_COUNT,
            f"a {profile.name} {what} holds {expected} cards, got {len(held)}: {' '.join(map(str, held))}",
        )
    counted = (*held, starter)
    fifteen_sets = fifteens(counted)
    pair_sets = pairs(counted)
    run_sets = runs(counted)
    flush_cards = crib_flush(held, starter, profile) if crib else hand_flush(held, starter, profile)
    nobs_jack = nobs(held, starter, crib=crib, profile=profile)
    return ShowScore(
        fifteens=POINTS_PER_FIFTEEN * len(fifteen_sets),
        pairs=POINTS_PER_PAIR * len(pair_sets),
        runs=sum(len(run) for run in run_sets),
        flush=len(flush_cards),
        nobs=profile.nobs if nobs_jack else 0,
        fifteen_combinations=fifteen_sets,
        pair_combinations=pair_sets,
        run_combinations=run_sets,
        flush_cards=flush_cards,
        nobs_jack=nobs_jack,
    )
