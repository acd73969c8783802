"""The reference's answers that the lines of a transcript share, each worked out once.

A recorder writes the same play several times over: a `game` line holds every hand whose own `hand`
lines came just before it (the reference replays each of them to answer the game), a `show` line
counts the hand or crib that the `hand` line's show counts again, and a `play` line scores a card
on the count that the hand's and the pegging's replays score it on again. For the time of a check,
`remembered_answers()` puts a memory in front of four of the reference's functions, as the modules
that call them see them (the way `cached_profiles` puts one in front of the profile loader):
`play_hand` as a hand line asks and the game replays a hand, `score_show` as a hand and a show line
count a set, `score_play` as a play line, a pegging and a hand score a card on the same count, and
`parse_card`. The reference itself is not touched: every answer is still its own, computed by the
same function on the same arguments the first time they are met.
The memory serves the judging of the lines only, never the diagnosis made after it: the diagnosis
patches known bugs into the reference, and a remembered clean answer would hide them.

What is remembered is a result, never an error (a hand or a set the reference refuses is refused
again, with its message, each time); a hand only for arguments that are the same JSON values in the
same order, a set for the same cards (read as the reference reads them first: `score_show`'s answer
is a function of the cards read, so `10H`, `TH` and the card itself are one key; a count likewise);
and only the most recent few dozen hands and sets (a thousand counts): a game's hand lines stand
just before its game line, so memory stays flat however long the transcript. The results kept are
the reference's frozen dataclasses, shared, never changed.
"""

from __future__ import annotations

import functools
import json
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any
from unittest import mock

from cribcheck.reference import cards as cards_module
from cribcheck.reference import game as game_module
from cribcheck.reference import hand as hand_module
from cribcheck.reference import pegging as pegging_module
from cribcheck.reference.cards import Card
from cribcheck.reference.errors import CribbageError
from cribcheck.reference.profiles import Profile

KEPT = 64  # hands and sets remembered: a game holds a few dozen hands at most, its lines stand together
COUNTS_KEPT = 1024  # counts remembered: a short count (a card or two) comes back in every hand

Key = tuple[Any, ...]
PARSE_CARD = cards_module.parse_card  # the reference's own, for the keys


class Remembered:
    """A function's results by key, the most recent `size` kept; `key_of` says None for arguments
    that are not to be remembered."""

    def __init__(self, function: Callable[..., Any], key_of: Callable[..., Key | None], size: int = KEPT) -> None:
        self.function = function
        self.key_of = key_of
        self.size = size
        self.kept: OrderedDict[Key, Any] = OrderedDict()
        self.hits = 0
        self.profiles: dict[int, Profile] = {}  # keys name a profile by id: kept alive, an id is never reused

    def __call__(self, *args: Any, **named: Any) -> Any:
        key = self.key_of(*args, **named)
        if key is None:
            return self.function(*args, **named)
        profile = named.get("profile", args[0] if args else None)
        if isinstance(profile, Profile):
            self.profiles.setdefault(id(profile), profile)
        found = self.kept.get(key)
        if found is not None:
            self.kept.move_to_end(key)
            self.hits += 1
            return found
        result = self.function(*args, **named)  # an error is raised, not remembered
        self.kept[key] = result
        if len(self.kept) > self.size:
            self.kept.popitem(last=False)
        return result


def card_texts(cards: Any) -> tuple[str, ...] | None:
    """Cards as the reference reads them (`read_cards`: each a card, or a text parsed), as their
    canonical text; None when one cannot be read (the call itself then says why)."""
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        return None
    texts = []
    for card in cards:
        if not isinstance(card, Card):
            if type(card) is not str:
                return None
            try:
                card = PARSE_CARD(card)
            except CribbageError:
                return None
        texts.append(str(card))
    return tuple(texts)


def _json_of(value: Any) -> str | None:
    """Arguments made of JSON values (and cards) as one exact text; None when they are not."""
    try:
        return json.dumps(value, separators=(",", ":"), default=_card_text)
    except (TypeError, ValueError):
        return None


def _card_text(value: Any) -> str:
    if isinstance(value, Card):
        return f"card:{value}"
    raise TypeError(f"not a JSON value: {type(value).__name__}")


def hand_key(profile: Profile, **named: Any) -> Key | None:
    """play_hand's arguments (all named but the profile), exactly."""
    if not isinstance(profile, Profile):
        return None
    text = _json_of(list(named.items()))
    return None if text is None else (id(profile), text)


def show_key(cards: Any, starter: Any, *, crib: bool, profile: Profile) -> Key | None:
    held = card_texts(cards)
    turned = card_texts([starter])
    if held is None or turned is None or not isinstance(profile, Profile) or not isinstance(crib, bool):
        return None
    return (id(profile), crib, held, turned)


def play_key(count_cards: Any, profile: Profile | None = None) -> Key | None:
    held = card_texts(count_cards)
    if held is None or not (profile is None or isinstance(profile, Profile)):
        return None
    return (id(profile), held)


class RememberedCards:
    """parse_card's cards by their text (a text only; anything else is read each time), in C
    (functools.lru_cache): a card is read a hundred times a hand. Only the texts of cards are kept
    (a text that is no card raises, and is not kept), so the memory is small."""

    def __init__(self, parse: Callable[[object], Card]) -> None:
        self.parse = parse
        self.cached = functools.lru_cache(maxsize=4096)(parse)

    def __call__(self, text: object) -> Card:
        return self.cached(text) if type(text) is str else self.parse(text)

    @property
    def hits(self) -> int:
        return self.cached.cache_info().hits


@contextmanager
def remembered_answers() -> Iterator[dict[str, Remembered | RememberedCards]]:
    """For the time of the block, the reference's hands (as a hand line asks and as a game replays
    them), show counts (as a hand counts them and as a show line asks) and cards read are
    remembered. Yields the memories,
    by name, for a caller that wants to know how often they served."""
    hands = Remembered(hand_module.play_hand, hand_key)
    shows = Remembered(hand_module.score_show, show_key)
    plays = Remembered(pegging_module.score_play, play_key, size=COUNTS_KEPT)
    cards = RememberedCards(cards_module.parse_card)
    with ExitStack() as stack:
        for target, memory in (
            (f"{game_module.__name__}.play_hand", hands),
            ("cribcheck.harness.operations.answers.play_hand", hands),
            (f"{hand_module.__name__}.score_show", shows),
            ("cribcheck.harness.operations.answers.score_show", shows),
            (f"{pegging_module.__name__}.score_play", plays),
            ("cribcheck.harness.operations.answers.score_play", plays),
            (f"{cards_module.__name__}.parse_card", cards),
        ):
            stack.enter_context(mock.patch(target, memory))
        yield {"play_hand": hands, "score_show": shows, "score_play": plays, "parse_card": cards}
