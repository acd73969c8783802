"""A hand worked once by hand and shared by the harness tests that need a valid `hand` case.

Five-card, first hand, A deals and B is the pone; starter JS.
  A is dealt 5H 5D JC 2S 9H and lays away 2S 9H; B is dealt 5C 5S 4D 6D KH and lays away KH 6D.
  Three for last: B 3. Heels (the JS turned): A 2.
  Pegging: 5C 5; 5H 10 (pair, A 2); 5S 15 (pair royal 6 + fifteen 2, B 8); 5D 20 (double pair
  royal, A 12); 4D 24; A's JC would pass 31: go; B has no cards: last card B 1. One count: over.
  So far A 16, B 12.
  B's hand 5C 5S 4D + JS: 5+J twice (4), pair of 5s (2): 6 -> B 18.
  A's hand 5H 5D JC + JS: 5+J four times (8), pair of 5s and of jacks (4); JC is not a spade: 12.
  The crib 2S 9H KH 6D + JS: 9+6 (2), no pair, no run: 2 -> A 16 + 12 + 2 = 30.
"""

from __future__ import annotations

# The scores before default to 0 each; a test that wants them written out adds them.
FIRST_FIVE_CARD_HAND_INPUT = {
    "dealer": "A",
    "first_hand": True,
    "dealt": {"A": ["5H", "5D", "JC", "2S", "9H"], "B": ["5C", "5S", "4D", "6D", "KH"]},
    "starter": "JS",
    "discards": {"A": ["2S", "9H"], "B": ["KH", "6D"]},
    "plays": ["5C", "5H", "5S", "5D", "4D"],
}
FIRST_FIVE_CARD_HAND_RESULT = {"scores": {"A": 30, "B": 18}, "winner": None}
