"""The reference's answers to a batch of `show` inputs (the batch form of the protocol).

`cribcheck serve` answers a batch with a `ShowBatch` as its batch handler: the profile is read once
per batch rather than once per input, and each answer is `{"ok": {"total", "breakdown"}}` (the
combinations, never compared, are left out to keep the line short) or the rejection the
reference gives. Fast (the default), an input in canonical card text is counted by the harness's
memoised scorer (harness.operations.fast_show, checked against `score_show`); anything else, and every input
when plain, goes through `score_show` itself, exactly as a single request would.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cribcheck.harness.operations.answers import rejection, run_reference, show_json
from cribcheck.harness.operations.fast_show import BREAKDOWN_KEYS, INDEX, Parts, ShowScorer
from cribcheck.reference import CribbageError, Profile, load_profile, score_show

Answer = dict[str, Any]


class ShowBatch:
    """A batch handler for `show` (harness.engine.adapter.BatchHandler): fast, or plain."""

    def __init__(self, *, fast: bool = True) -> None:
        self.fast = fast
        self._scorers: dict[tuple[str, bool], ShowScorer] = {}
        self._answers: dict[Parts, Answer] = {}  # one answer object per distinct score

    def __call__(self, inputs: Sequence[Mapping[str, Any]], profile_name: str) -> list[Answer]:
        try:
            profile = load_profile(profile_name)
        except CribbageError:  # each input as a single request: a fault before the profile first
            return [run_reference("show", data, profile_name) for data in inputs]
        return [self._answer(data, profile) for data in inputs]

    def _answer(self, data: Mapping[str, Any], profile: Profile) -> Answer:
        try:
            crib = bool(data.get("crib", False))
            if self.fast:
                numbers = self._card_numbers(data, profile, crib)
                if numbers is not None:
                    return self._fast_answer(*numbers, profile, crib)
            score = score_show(data["cards"], data["starter"], crib=crib, profile=profile)
        except CribbageError as error:
            return {"rejected": rejection(error)}
        except Exception as error:  # the input is not even shaped like one: the engine's error
            return {"error": {"message": f"{type(error).__name__}: {error}"}}
        result = show_json(score)
        return {"ok": {"total": result["total"], "breakdown": result["breakdown"]}}

    @staticmethod
    def _card_numbers(data: Mapping[str, Any], profile: Profile, crib: bool) -> tuple[tuple[int, ...], int] | None:
        """The held cards and the starter as card numbers when the input is plainly legal (canonical
        text, the right count, no card twice), else None: the reference then judges it."""
        cards = data.get("cards")
        if not isinstance(cards, list):
            return None
        try:  # a card that is not canonical text (not even text, or unhashable) is not in INDEX
            held = tuple(map(INDEX.__getitem__, cards))
            starter = INDEX[data.get("starter")]
        except (KeyError, TypeError):
            return None
        expected = profile.crib_size if crib else profile.cards_kept
        if len(held) != expected or len({*held, starter}) != expected + 1:
            return None
        return held, starter

    def _fast_answer(self, held: tuple[int, ...], starter: int, profile: Profile, crib: bool) -> Answer:
        scorer = self._scorers.get((profile.name, crib))
        if scorer is None:
            scorer = self._scorers[profile.name, crib] = ShowScorer(profile, crib=crib)
        parts = scorer.parts(held, starter)
        answer = self._answers.get(parts)
        if answer is None:
            breakdown = dict(zip(BREAKDOWN_KEYS, parts, strict=True))
            answer = self._answers[parts] = {"ok": {"total": sum(parts), "breakdown": breakdown}}
        return answer
