"""cribcheck adapter for `cribbage` 1.3.2's scoring functions (PyPI `cribbage`): the show is
`cribbage.score.score_hand(hand, turn_card)` (it has no crib: a crib is counted as a hand), a card
pegged is `score_count(plays)` (the function its expert player plans with; its own game loop
pegs only a 31, see record_cribbage.py). Run by the engine's own venv:

    cribcheck run --engine ".engines/cribbage/bin/python examples/pypi-engines/adapter_cribbage.py"
"""

from __future__ import annotations

from cards import PROFILES, Adapter, read
from cribbage.card import Card
from cribbage.score import score_count, score_hand

SUITS = "DCHS"  # cribbage.card's suit order: diamonds, clubs, hearts, spades


def card(text: str) -> Card:
    rank, suit = read(text)
    return Card(SUITS.index(suit) * 13 + rank - 1)


def show(data: dict, profile: str) -> dict:
    hand = [card(text) for text in data["cards"]]
    return {"total": score_hand(hand, card(data["starter"]))}


def play(data: dict, profile: str) -> dict:
    return {"points": score_count([card(text) for text in data["count"]])}


Adapter(
    name="cribbage", version="1.3.2", language="Python", profiles=PROFILES, handlers={"show": show, "play": play}
).serve()
