"""Where the cards of an operation's input are, grouped by deal: what the lint checks for cards
that cannot be read or are given twice, and what the reference checks first when the profile
asked for is unknown (rule input.rejection-order)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cribcheck.reference.pegging import GO


@dataclass(frozen=True)
class CardGroup:
    """Card slots of an input as (field path, value); `one_deal` when no card may repeat in them."""

    slots: tuple[tuple[str, Any], ...]
    one_deal: bool


def card_groups(op: str, data: Mapping[str, Any]) -> list[CardGroup]:
    """Where the cards of an input are, grouped by deal."""
    if op == "show":
        return [CardGroup((*_slots("input.cards", data["cards"]), ("input.starter", data["starter"])), True)]
    if op == "play":
        return [CardGroup(_slots("input.count", data["count"]), True)]
    if op == "pegging" and "hands" in data:
        held = tuple(slot for seat in data["hands"] for slot in _slots(f"input.hands.{seat}", data["hands"][seat]))
        return [CardGroup(held, True), CardGroup(_slots("input.plays", data["plays"]), False)]
    if op == "pegging":
        return [
            CardGroup((*_slots("input.pone", data["pone"]), *_slots("input.dealer", data["dealer"])), True),
            CardGroup(_slots("input.plays", data["plays"]), False),
        ]
    if op == "deal":
        return [CardGroup(_slots("input.deck", data["deck"]), True)]
    if op == "cut":
        return _cut_groups("input.cuts", data["cuts"])
    if op == "hand":
        return _hand_groups("input", data)
    if op == "game":
        groups = _cut_groups("input.cuts", data["cuts"])
        for index, hand in enumerate(data["hands"]):
            groups += _hand_groups(f"input.hands[{index}]", hand)
        return groups
    if op == "match":
        groups = _cut_groups("input.cuts", data["cuts"])
        for number, game in enumerate(data["games"]):
            for index, hand in enumerate(game["hands"]):
                groups += _hand_groups(f"input.games[{number}].hands[{index}]", hand)
        return groups
    raise ValueError(f"unknown op {op!r}")


def _slots(path: str, values: Sequence[Any]) -> tuple[tuple[str, Any], ...]:
    """The cards of a list, `go` left out (it stands for a go in `plays`)."""
    return tuple((f"{path}[{index}]", value) for index, value in enumerate(values) if value != GO)


def _cut_groups(path: str, rounds: Sequence[Sequence[Any] | Mapping[str, Any]]) -> list[CardGroup]:
    """A round is [A's card, B's card], or {seat: card} with three or four seats."""
    groups = []
    for index, cards in enumerate(rounds):
        if isinstance(cards, Mapping):
            groups.append(CardGroup(tuple((f"{path}[{index}].{seat}", card) for seat, card in cards.items()), True))
        else:
            groups.append(CardGroup(_slots(f"{path}[{index}]", cards), True))
    return groups


def _hand_groups(path: str, hand: Mapping[str, Any]) -> list[CardGroup]:
    if "deck" in hand:
        dealt = CardGroup(_slots(f"{path}.deck", hand["deck"]), True)
    else:
        crib_card = ((f"{path}.crib_card", hand["crib_card"]),) if "crib_card" in hand else ()
        dealt = CardGroup(
            (
                *(slot for who in hand["dealt"] for slot in _slots(f"{path}.dealt.{who}", hand["dealt"][who])),
                *crib_card,
                (f"{path}.starter", hand["starter"]),
            ),
            True,
        )
    # A player's discards come from that player's cards: none twice. Across players and in the
    # plays a repeated card is an error of play (discard_not_held, card_not_held), not of the deal.
    discards = [CardGroup(_slots(f"{path}.discards.{who}", cards), True) for who, cards in hand["discards"].items()]
    return [dealt, *discards, CardGroup(_slots(f"{path}.plays", hand["plays"]), False)]
