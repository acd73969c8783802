"""From an engine's outcome to a status: compare totals always, the rest only for the features the
engine claimed, then apply the expectations file."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from cribcheck.harness.engine.protocol import Outcome
from cribcheck.harness.operations.compare import mismatches
from cribcheck.harness.operations.features import compared_expectation
from cribcheck.harness.results.digest import answer_digest
from cribcheck.harness.results.expectations import Expectation
from cribcheck.harness.results.kept import kept_answer, kept_text
from cribcheck.harness.results.results import CaseResult, Item
from cribcheck.harness.results.status import Status


def answer_of(outcome: Outcome) -> dict[str, Any] | None:
    """The engine's answer in the form compare.mismatches reads, or None for error and skip."""
    if outcome.kind in ("ok", "rejected"):
        return {outcome.kind: dict(outcome.body)}
    return None


def judge(
    item: Item,
    outcome: Outcome,
    features: Iterable[str],
    expectation: Expectation | None = None,
    *,
    stops_at_target: bool = False,
) -> CaseResult:
    """The result of one outcome: the verdict on the whole answer (for an engine that stops the
    winner's score at the target, against the score a board shows), then what the result keeps of
    it (harness.results.kept: a bounded part, and how much was left out)."""
    expected: Mapping[str, Any] = compared_expectation(
        item.case.op,
        item.case.expected(item.profile),
        features,
        profile=item.profile,
        stops_at_target=stops_at_target,
    )
    answer = answer_of(outcome)
    if outcome.kind == "error":
        result = _kept(item, Status.ERROR, outcome.message, (), expected, None, outcome.seconds, outcome.line)
    elif outcome.kind == "skipped":
        result = _kept(item, Status.SKIP, outcome.message, (), expected, None, outcome.seconds)
    else:
        found = tuple(mismatches(expected, answer or {}))
        status = Status.FAIL if found else Status.PASS
        result = _kept(item, status, found[0] if found else None, found, expected, answer, outcome.seconds)
    return apply_expectation(result, expectation)


def _kept(
    item: Item,
    status: Status,
    message: str | None,
    found: tuple[str, ...],
    expected: Mapping[str, Any],
    answer: Mapping[str, Any] | None,
    seconds: float,
    line: str | None = None,
) -> CaseResult:
    """A result keeping a bounded part of each thing the engine sent (its answer, its message, the
    mismatches that quote it, the line that broke the protocol), and the count of what it left out."""
    actual, left_out = kept_answer(expected, answer)
    message, cut = kept_text(message)
    left_out += cut
    kept_found = []
    for mismatch in found:
        text, cut = kept_text(mismatch)
        kept_found.append(text or "")
        left_out += cut
    line, cut = kept_text(line)
    left_out += cut
    digest = answer_digest(expected, answer) if status is Status.FAIL else None
    return CaseResult(
        item, status, message, tuple(kept_found), expected, actual, seconds, line=line, left_out=left_out, digest=digest
    )


def apply_expectation(result: CaseResult, expectation: Expectation | None) -> CaseResult:
    if expectation is None:
        return result
    if result.status in (Status.FAIL, Status.ERROR):
        return _with(result, Status.XFAIL, expectation, f"expected failure ({expectation.reason}): {result.message}")
    if result.status is Status.PASS:
        message = f"passed, but the expectations file says it fails ({expectation.reason}): remove the entry"
        return _with(result, Status.XPASS, expectation, message)
    return _with(result, result.status, expectation, result.message)


def not_applicable(item: Item, reason: str, expectation: Expectation | None = None) -> CaseResult:
    return CaseResult(item, Status.NOT_APPLICABLE, reason, expectation=expectation)


def _with(result: CaseResult, status: Status, expectation: Expectation, message: str | None) -> CaseResult:
    return replace(result, status=status, expectation=expectation, message=message)
