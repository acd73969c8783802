"""From an engine's outcome to a status: compare totals always, the rest only for the features the
engine claimed, then apply the expectations file."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from cribcheck.harness.engine.protocol import Outcome
from cribcheck.harness.operations.compare import mismatches
from cribcheck.harness.operations.features import compared_expectation
from cribcheck.harness.results.expectations import Expectation
from cribcheck.harness.results.results import CaseResult, Item
from cribcheck.harness.results.status import Status


def answer_of(outcome: Outcome) -> dict[str, Any] | None:
    """The engine's answer in the form compare.mismatches reads, or None for error and skip."""
    if outcome.kind in ("ok", "rejected"):
        return {outcome.kind: dict(outcome.body)}
    return None


def judge(item: Item, outcome: Outcome, features: Iterable[str], expectation: Expectation | None = None) -> CaseResult:
    expected: Mapping[str, Any] = compared_expectation(item.case.op, item.case.expected(item.profile), features)
    answer = answer_of(outcome)
    if outcome.kind == "error":
        result = CaseResult(item, Status.ERROR, outcome.message, (), expected, None, outcome.seconds, line=outcome.line)
    elif outcome.kind == "skipped":
        result = CaseResult(item, Status.SKIP, outcome.message, (), expected, None, outcome.seconds)
    else:
        found = tuple(mismatches(expected, answer or {}))
        status = Status.FAIL if found else Status.PASS
        result = CaseResult(item, status, found[0] if found else None, found, expected, answer, outcome.seconds)
    return apply_expectation(result, expectation)


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
