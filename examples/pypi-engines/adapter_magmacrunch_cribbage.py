"""cribcheck adapter for `magmacrunch-cribbage` 0.1.1's scoring (PyPI; its top-level package is
also named `cribbage`, so it has a venv of its own): the show is `cribbage.cards.score_hand(hand,
starter, is_crib)`, a card pegged `score_pegging_play(card, played)`. Run by the engine's own venv:

    cribcheck run --engine \
        ".engines/magmacrunch-cribbage/bin/python examples/pypi-engines/adapter_magmacrunch_cribbage.py"
"""

from __future__ import annotations

from cards import PROFILES, Adapter, read, read_all
from cribbage.cards import Card, score_hand, score_pegging_play

SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def card(rank: int, suit: str) -> Card:
    return Card(SUITS[suit], RANKS.get(rank, str(rank)))


def show(data: dict, profile: str) -> dict:
    cards = [card(rank, suit) for rank, suit in read_all(data["cards"])]
    return {"total": score_hand(cards, card(*read(data["starter"])), bool(data.get("crib", False))).total}


def play(data: dict, profile: str) -> dict:
    count = [card(rank, suit) for rank, suit in read_all(data["count"])]
    return {"points": score_pegging_play(count[-1], count[:-1]).points if count else 0}


Adapter(
    name="magmacrunch-cribbage",
    version="0.1.1",
    language="Python",
    profiles=PROFILES,
    handlers={"show": show, "play": play},
).serve()
