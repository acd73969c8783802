"""A failing result as the diagnosis reads it: the request that was sent (the operation, the input
as sent to this engine, the profile named), what was expected and what the engine answered, the
rules its case cites; and the order in which failing cases are worth looking at, smallest first.

The smallest failing case is the one to look at first: an operation low in the pipeline before a
whole game (show, play, pegging, deal, cut, hand, game, match), then fewer cards in its input,
then fewer rules cited, then by id and profile (so that the order is total and a saved report
gives the same one).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cribcheck.harness.engine.protocol import EngineInfo
from cribcheck.harness.operations.answers import OPERATIONS
from cribcheck.harness.operations.features import input_sent
from cribcheck.harness.results.results import CaseResult
from cribcheck.harness.results.status import Status
from cribcheck.reference import CribbageError, parse_card

MAX_REPLAYED_CARDS = 10_000  # an input with more cards is not replayed, nor kept (replay.replayable)
DIAGNOSED = frozenset({Status.FAIL, Status.ERROR})  # a wrong answer or none; xfail and xpass are not bugs found
PIPELINE = {op: place for place, op in enumerate(OPERATIONS)}  # show, play, pegging, deal, cut, hand, game, match


@dataclass(frozen=True)
class Failure:
    """One failing result: `answer` is the engine's (`{"ok": ...}` or `{"rejected": ...}`), None
    for an error (no answer at all)."""

    name: str  # ID[profile]
    case_id: str
    profile: str
    sent: str  # the profile the engine was asked to play (another only for an unknown profile's case)
    op: str
    data: Mapping[str, Any]  # the input as sent to this engine
    rules: tuple[str, ...]
    expected: Mapping[str, Any] | None
    answer: Mapping[str, Any] | None
    cards: int
    cut: bool = False  # the answer as the run holds it was cut (harness.results.kept): compare it cut alike
    message: str | None = None  # what the engine or adapter said, for an error
    digest: str | None = None  # the compared part of the whole answer, before the cut (harness.results.digest)

    @classmethod
    def of(cls, result: CaseResult, features: Iterable[str]) -> Failure:
        """The failure of `result`, whose request was sent to an engine claiming `features` for its
        operation."""
        case = result.case
        sent = case.profile_sent(result.profile)
        data = input_sent(case.input, sent, features)
        answer = result.actual if result.status is Status.FAIL else None
        cards = cards_in(data)
        return cls(
            result.item.name,
            case.id,
            result.profile,
            sent,
            case.op,
            data if cards <= MAX_REPLAYED_CARDS else {},  # never replayed: not kept either
            case.rules,
            result.expected,
            answer,
            cards,
            bool(result.left_out.items or result.left_out.bytes),
            result.message if result.status is Status.ERROR else None,
            result.digest,
        )

    @property
    def explainable(self) -> bool:
        """A wrong answer, which a known bug may reproduce (an error has no answer to reproduce)."""
        return self.answer is not None and self.expected is not None

    @property
    def size(self) -> tuple[int, int, int, str, str]:
        """The order to look at failures in: smallest first (see the module's doc)."""
        return (PIPELINE.get(self.op, len(PIPELINE)), self.cards, len(self.rules), self.case_id, self.profile)


def failures_of(results: Iterable[CaseResult], engine: EngineInfo | None, limit: int | None = None) -> list[Failure]:
    """The diagnosed results (wrong answers and errors), smallest first, of a run of `engine`
    (None: no engine answered, so no feature was claimed): the `limit` smallest only, if given,
    gone through as a stream (so that what is kept is bounded whatever the run's size)."""
    found = (
        Failure.of(result, engine.features_for(result.case.op) if engine is not None else ())
        for result in results
        if result.status in DIAGNOSED
    )
    if limit is None:
        return sorted(found, key=by_size)
    return heapq.nsmallest(limit, found, key=by_size)


def count_failures(results: Iterable[CaseResult]) -> int:
    return sum(result.status in DIAGNOSED for result in results)


def by_size(failure: Failure) -> tuple[int, int, int, str, str]:
    """The key that puts failures smallest first (Failure.size)."""
    return failure.size


def cards_in(value: Any) -> int:
    """How many cards an input holds: every text in it that reads as a card (rule cards.deck)."""
    waiting = [value]
    found = 0
    read: dict[str, bool] = {}  # a match repeats its 52 cards many times over: each text read once
    while waiting:
        item = waiting.pop()
        if isinstance(item, str):
            if item not in read:
                read[item] = _is_card(item)
            found += read[item]
        elif isinstance(item, Mapping):
            waiting.extend(item.values())
        elif isinstance(item, list | tuple):
            waiting.extend(item)
    return found


def _is_card(text: str) -> bool:
    if not 2 <= len(text) <= 3:
        return False
    try:
        parse_card(text)
    except CribbageError:
        return False
    return True
