"""Rule input.rejection-order when the profile asked for is unknown: the faults that come before
an unknown profile in the order, and can be judged without one, are answered first.

Without a profile the suite still knows what a card is, that one deal holds no card twice, that
a deck holds 52 cards, and which cards each seat was dealt when the hand gives them (`dealt`).
It cannot know how many cards a hand, a crib or a seat's discards should hold, nor which seat a
deck deals which card to: those depend on the profile, so they are not judged, and the answer is
unknown_profile. These rejections name the field in their message, not by `index` or `hand`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from cribcheck.harness.operations.card_slots import card_groups
from cribcheck.reference import CribbageError
from cribcheck.reference.cards import as_card
from cribcheck.reference.deal import DECK_SIZE
from cribcheck.reference.errors import Code


def faults_before_profile(op: str, data: Mapping[str, Any]) -> None:
    """Raise the first fault of `data` that comes before an unknown profile: a card that cannot be
    read, a card given twice in one deal, a deck of other than 52 cards, a discard not among the
    seat's cards dealt. Return when there is none, or when `data` is not shaped like the
    operation's input (the schemas judge that; there is nothing to read)."""
    try:
        groups = card_groups(op, data)
        hands = list(_hands(op, data))
    except (KeyError, TypeError, AttributeError, ValueError):
        return
    for group in groups:
        for path, value in group.slots:
            _read(path, value)
    for group in groups:
        if group.one_deal:
            seen: dict[object, str] = {}
            for path, value in group.slots:
                card = as_card(value)
                if card in seen:
                    raise CribbageError(Code.DUPLICATE_CARD, f"{path}: {card} is given twice (first at {seen[card]})")
                seen[card] = path
    for path, hand in hands:
        if "deck" in hand and len(hand["deck"]) != DECK_SIZE:
            given = len(hand["deck"])
            raise CribbageError(Code.WRONG_CARD_COUNT, f"{path}.deck: a deck holds {DECK_SIZE} cards, got {given}")
    for path, hand in hands:
        if "deck" in hand or "dealt" not in hand:
            continue
        for seat, thrown in hand["discards"].items():
            dealt = [as_card(card) for card in hand["dealt"].get(seat, ())]
            for place, card in enumerate(thrown):
                if as_card(card) not in dealt:
                    raise CribbageError(
                        Code.DISCARD_NOT_HELD,
                        f"{path}.discards.{seat}[{place}]: {card} is not among {seat}'s cards dealt",
                    )


def _read(path: str, value: object) -> None:
    try:
        as_card(value)  # type: ignore[arg-type]
    except CribbageError as error:
        raise CribbageError(error.code, f"{path}: {error.message}") from None


def _hands(op: str, data: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """The inputs that deal one hand (a `deck`, or the cards `dealt` and `discards`): a deal, the
    hand inputs of a hand, game or match, with their field paths."""
    if op in ("deal", "hand"):
        yield "input", data
    elif op == "game":
        for index, hand in enumerate(data["hands"]):
            yield f"input.hands[{index}]", hand
    elif op == "match":
        for number, game in enumerate(data["games"]):
            for index, hand in enumerate(game["hands"]):
                yield f"input.games[{number}].hands[{index}]", hand
