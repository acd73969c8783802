"""A fast show scorer for the harness: the reference's own count, memoised by what each part reads.

A sweep compares millions of hands with the reference, and `cribcheck.reference.score_show` is plain on
purpose (about 60 microseconds a hand). Its five parts read two different things:

- fifteens, pairs and runs read only the ranks of the five cards (the rule functions `fifteens`,
  `pairs` and `runs` look at counting values, same_rank and form_run, all of the rank): 6,175
  rank multisets in all;
- flush and nobs read only the suits of the cards and which held cards are jacks.

So the scorer asks the reference for each half once per key, through `score_show` itself, on a
stand-in hand with the same ranks (for the first half) or the same suits and jacks (for the
second), keeps the half it asked for, and adds the halves. Every number comes from the reference;
nothing in `reference/` changes. tests/harness/test_sweep_fastshow.py checks the scorer against
`score_show` on every rank multiset and every suit pattern, for every profile.

Cards are numbered 0-51 in `full_deck()` order (clubs to spades, ace to king): suit `i // 13`,
rank `i % 13 + 1`. The scorer does not check its input: a sweep builds its own hands.
"""

from __future__ import annotations

from cribcheck.reference import Card, Profile, full_deck, score_show
from cribcheck.reference.cards import JACK, SUIT_LETTERS

DECK: tuple[Card, ...] = full_deck()
TEXT: tuple[str, ...] = tuple(str(card) for card in DECK)
INDEX: dict[str, int] = {text: number for number, text in enumerate(TEXT)}  # canonical text only
BREAKDOWN_KEYS = ("fifteens", "pairs", "runs", "flush", "nobs")  # the order of `parts`

_RANK_WEIGHT = tuple(5 ** (card.rank - 1) for card in DECK)  # a rank multiset as one number (counts < 5)
_SUIT_CODE = tuple(2 * SUIT_LETTERS.index(card.suit) + card.is_jack for card in DECK)
_SUIT = tuple(SUIT_LETTERS.index(card.suit) for card in DECK)

Parts = tuple[int, int, int, int, int]  # fifteens, pairs, runs, flush, nobs


class ShowScorer:
    """The show score of a hand (crib=False) or crib (crib=True) under one profile, by parts."""

    __slots__ = ("_by_ranks", "_by_suits", "crib", "held_size", "profile")

    def __init__(self, profile: Profile, *, crib: bool) -> None:
        self.profile = profile
        self.crib = crib
        self.held_size = profile.crib_size if crib else profile.cards_kept
        self._by_ranks: dict[int, tuple[int, int, int]] = {}
        self._by_suits: dict[tuple[int, ...], tuple[int, int]] = {}

    def parts(self, held: tuple[int, ...], starter: int) -> Parts:
        """Fifteens, pairs, runs, flush and nobs of `held` (card numbers) with `starter`."""
        rank_key = sum(map(_RANK_WEIGHT.__getitem__, held)) + _RANK_WEIGHT[starter]
        by_ranks = self._by_ranks.get(rank_key)
        if by_ranks is None:
            by_ranks = self._by_ranks[rank_key] = self._rank_half(rank_key)
        suit_key = (*map(_SUIT_CODE.__getitem__, held), _SUIT[starter])
        by_suits = self._by_suits.get(suit_key)
        if by_suits is None:
            by_suits = self._by_suits[suit_key] = self._suit_half(suit_key)
        return by_ranks + by_suits

    def total(self, held: tuple[int, ...], starter: int) -> int:
        return sum(self.parts(held, starter))

    def _rank_half(self, key: int) -> tuple[int, int, int]:
        """Fifteens, pairs and runs from the reference, on cards of these ranks in any suits."""
        cards: list[Card] = []
        for rank in range(1, 14):
            count = key // 5 ** (rank - 1) % 5
            cards.extend(Card(rank, SUIT_LETTERS[copy]) for copy in range(count))
        score = score_show(cards[:-1], cards[-1], crib=self.crib, profile=self.profile)
        return score.fifteens, score.pairs, score.runs

    def _suit_half(self, key: tuple[int, ...]) -> tuple[int, int]:
        """Flush and nobs from the reference, on cards of these suits (and jacks) in other ranks:
        held cards are jacks where the key says so and else ace, two, three...; the starter is a
        king (its rank never matters to flush or nobs)."""
        *held_codes, starter_suit = key
        held = [
            Card(JACK if code % 2 else position + 1, SUIT_LETTERS[code // 2])
            for position, code in enumerate(held_codes)
        ]
        score = score_show(held, Card(13, SUIT_LETTERS[starter_suit]), crib=self.crib, profile=self.profile)
        return score.flush, score.nobs
