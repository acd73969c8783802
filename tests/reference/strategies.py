"""Hypothesis strategies for the reference tests, built on the harness's independent pegging
simulator (harness/fuzz/strategies.py).

`legal_plays` deals out a whole pegging by choosing, at each turn, any card that fits. The
simulator is a second, deliberately separate statement of the go rules, so that replaying its
sequences tests the engine against something other than itself.
"""

from __future__ import annotations

from hypothesis import strategies as st

from cribcheck.harness.fuzz.strategies import simulate_pegging
from cribcheck.reference import Card, Profile, full_deck

DECK = full_deck()


@st.composite
def show_sets(draw: st.DrawFn, size: int) -> tuple[list[Card], Card]:
    """`size` distinct cards and a starter, in random order."""
    cards = draw(st.permutations(DECK).map(lambda deck: list(deck[: size + 1])))
    return cards[:size], cards[size]


@st.composite
def legal_plays(draw: st.DrawFn, pone: list[Card], dealer: list[Card], profile: Profile) -> list[Card]:
    def choose(fits: list[Card]) -> Card:
        return draw(st.sampled_from(fits))

    return simulate_pegging(pone, dealer, profile.count == "restarting", choose).cards


@st.composite
def deals(draw: st.DrawFn, profile: Profile) -> dict:
    """A random deal: the cards dealt to each role, discards, a starter, and legal plays."""
    deck = draw(st.permutations(DECK))
    n = profile.cards_dealt
    pone, dealer, starter = list(deck[:n]), list(deck[n : 2 * n]), deck[2 * n]
    pone_out = draw(st.permutations(pone))[: profile.discards_each]
    dealer_out = draw(st.permutations(dealer))[: profile.discards_each]
    pone_kept = [card for card in pone if card not in pone_out]
    dealer_kept = [card for card in dealer if card not in dealer_out]
    plays = draw(legal_plays(pone_kept, dealer_kept, profile))
    return {
        "pone": pone,
        "dealer": dealer,
        "starter": starter,
        "pone_out": pone_out,
        "dealer_out": dealer_out,
        "pone_kept": pone_kept,
        "dealer_kept": dealer_kept,
        "plays": plays,
        "unused": list(deck[2 * n + 1 :]),
    }
