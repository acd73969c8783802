"""cribcheck adapter for `pycribbage` 1.0.0's scoring classes (PyPI): the show is
`scorer.ScoreTheShow(hand + starter, is_crib).score`, a card pegged `scorer.ScoreThePlay(table).score`
(the class scores 31 as 1: its game loop adds the point for the go, see record_pycribbage.py).
Run by the engine's own venv:

    cribcheck run --engine ".engines/pycribbage/bin/python examples/pypi-engines/adapter_pycribbage.py"
"""

from __future__ import annotations

from cards import PROFILES, Adapter, read_all
from pycribbage import deck_tools, scorer

SUITS = "CDHS"  # deck_tools.Card: 0 clubs, 1 diamonds, 2 hearts, 3 spades


def hand(cards: list) -> deck_tools.Hand:
    made = deck_tools.Hand()
    for rank, suit in read_all(cards):
        made.add_card(deck_tools.Card(SUITS.index(suit), rank))
    return made


def show(data: dict, profile: str) -> dict:
    counted = hand([*data["cards"], data["starter"]])  # the starter last, as the class expects
    return {"total": scorer.ScoreTheShow(counted, is_crib=bool(data.get("crib", False))).score}


def play(data: dict, profile: str) -> dict:
    return {"points": scorer.ScoreThePlay(hand(data["count"])).score}


Adapter(
    name="pycribbage", version="1.0.0", language="Python", profiles=PROFILES, handlers={"show": show, "play": play}
).serve()
