"""Hypothesis strategies for the reference tests, with an independent pegging simulator.

`legal_plays` deals out a whole pegging by choosing, at each turn, any card that fits. It is a
second, deliberately separate statement of the go rules, so that replaying its sequences tests
the engine against something other than itself.
"""

from __future__ import annotations

from hypothesis import strategies as st

from reference import Card, Profile, full_deck

DECK = full_deck()


def opposite(role: str) -> str:
    return "dealer" if role == "pone" else "pone"


@st.composite
def show_sets(draw: st.DrawFn, size: int) -> tuple[list[Card], Card]:
    """`size` distinct cards and a starter, in random order."""
    cards = draw(st.permutations(DECK).map(lambda deck: list(deck[: size + 1])))
    return cards[:size], cards[size]


@st.composite
def legal_plays(draw: st.DrawFn, pone: list[Card], dealer: list[Card], profile: Profile) -> list[Card]:
    held = {"pone": list(pone), "dealer": list(dealer)}
    turn, count, last, plays = "pone", 0, None, []
    while True:
        fits = [card for card in held[turn] if count + card.value <= 31]
        if fits:
            card = draw(st.sampled_from(fits))
            held[turn].remove(card)
            plays.append(card)
            count += card.value
            last, turn = turn, opposite(turn)
            continue
        if any(count + card.value <= 31 for card in held[opposite(turn)]):
            turn = opposite(turn)  # a go: the other plays on
            continue
        if profile.count == "single" or not (held["pone"] or held["dealer"]):
            return plays
        count, turn = 0, opposite(last)


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
