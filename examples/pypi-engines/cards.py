"""The protocol's cards read for an adapter of a public engine (standard library only): a rank
`A 2-9 T J Q K` (or `10`) and a suit `C D H S` (or the suit symbols), as docs/checking-your-engine.md
says an adapter accepts them; anything else is `invalid_card`. Also where the adapter helper is."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "harness" / "engine"))

from adapter import Adapter, Rejected

__all__ = ["PROFILES", "Adapter", "Rejected", "read", "read_all"]

RANKS = "A23456789TJQK"
SUITS = {"C": "C", "D": "D", "H": "H", "S": "S", "\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S"}
# the two-player game these engines play (show and play do not depend on the target)
PROFILES = ["six-card", "six-card-61"]


def read(card: Any) -> tuple[int, str]:
    """A card as (rank 1 to 13, suit letter); Rejected invalid_card when it is not one."""
    if isinstance(card, str) and len(card) in (2, 3):
        rank, suit = card[:-1], card[-1]
        rank = "T" if rank == "10" else rank
        if len(rank) == 1 and rank in RANKS and suit in SUITS:
            return RANKS.index(rank) + 1, SUITS[suit]
    raise Rejected("invalid_card", f"not a card: {card!r}")


def read_all(cards: Any) -> list[tuple[int, str]]:
    if not isinstance(cards, list):
        raise Rejected("invalid_card", "cards are a list")
    return [read(card) for card in cards]
