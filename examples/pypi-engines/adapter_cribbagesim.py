"""cribcheck adapter for `cribbagesim` 1.0.2's scoring (PyPI `CribbageSim`): the show is
`CribbageDeal.determine_score_showing_hand` (or `_crib`), a card pegged
`CribbageDeal.determine_score_playing(pile)` (a 31 is not among its combinations: its deal loop
pegs it). The package declares Python 3.12 and runs on 3.11. Run by the engine's own venv:

    cribcheck run --engine ".engines/cribbagesim/bin/python examples/pypi-engines/adapter_cribbagesim.py"
"""

from __future__ import annotations

import logging

from cards import PROFILES, Adapter, read, read_all
from CribbageSim.CribbageDeal import CribbageDeal
from HandsDecksCards.card import Card
from HandsDecksCards.hand import Hand

logging.getLogger("cribbage_logger").disabled = True  # the deal logs on stdout's logger otherwise
PIPS = {1: "A", 11: "J", 12: "Q", 13: "K"}
DEAL = CribbageDeal()


def card(rank: int, suit: str) -> Card:
    return Card(suit, PIPS.get(rank, str(rank)))


def hand(cards: list) -> Hand:
    made = Hand()
    made.add_cards([card(rank, suit) for rank, suit in read_all(cards)])
    return made


def show(data: dict, profile: str) -> dict:
    starter = card(*read(data["starter"]))
    count = DEAL.determine_score_showing_crib if data.get("crib") else DEAL.determine_score_showing_hand
    return {"total": count(hand(data["cards"]), starter, [])}


def play(data: dict, profile: str) -> dict:
    return {"points": DEAL.determine_score_playing(hand(data["count"]), None, [])}


Adapter(
    name="cribbagesim", version="1.0.2", language="Python", profiles=PROFILES, handlers={"show": show, "play": play}
).serve()
