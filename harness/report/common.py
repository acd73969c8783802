"""What several reporters show the same way: the rerun command, expected against actual as a diff,
a result as a JSON line, counts as text."""

from __future__ import annotations

import difflib
import json
import shlex
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from harness.results.results import CaseResult, RunFooter, RunHeader
from harness.results.status import Status

DIFF_LINES = 60  # lines of a diff shown before it is cut


class CollectingReporter:
    """A reporter that writes one file at the end of the run from every result: it keeps the
    header and the results as they come, and its subclass's `finish` writes the file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._header: RunHeader | None = None
        self._results: list[CaseResult] = []

    def start(self, header: RunHeader) -> None:
        self._header = header

    def case(self, result: CaseResult) -> None:
        self._results.append(result)


def rerun_command(header: RunHeader, result: CaseResult) -> str:
    return shlex.join([*header.rerun_prefix, "--case", result.case.id, "--profile", result.profile])


def actual_shown(expected: Mapping[str, Any] | None, answer: Mapping[str, Any] | None) -> Any:
    """The engine's answer in the expectation's own shape, so that the two diff cleanly: a result
    cut down to the keys the expectation gives, a rejection as `{rejected: CODE, index, hand}`."""
    if answer is None:
        return None
    if "rejected" in answer:
        rejection = answer["rejected"]
        shown = {"rejected": rejection.get("code")}
        shown.update({key: rejection[key] for key in ("index", "hand") if key in rejection})
        return shown
    result = answer.get("ok", {})
    if expected is None or "rejected" in expected or not isinstance(result, Mapping):
        return result
    return {key: result[key] for key in expected if key in result}


def pretty(value: Any) -> list[str]:
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False).splitlines()


def diff_lines(result: CaseResult) -> list[str]:
    """Expected against actual, as a unified diff (`-` expected, `+` actual)."""
    if result.expected is None or result.actual is None:
        return []
    shown = actual_shown(result.expected, result.actual)
    lines = list(
        difflib.unified_diff(pretty(dict(result.expected)), pretty(shown), "expected", "actual", lineterm="", n=2)
    )
    if len(lines) > DIFF_LINES:
        lines = [*lines[:DIFF_LINES], f"... ({len(lines) - DIFF_LINES} more lines)"]
    return lines


def rejection_message(result: CaseResult) -> str | None:
    if result.actual and "rejected" in result.actual:
        message = result.actual["rejected"].get("message")
        return str(message) if message else None
    return None


def needs_detail(result: CaseResult) -> bool:
    return result.status.fails_run


def case_line(header: RunHeader, result: CaseResult) -> dict[str, Any]:
    """One case line of the JSON Lines report (schema/report/report-line.schema.json, $defs/case)."""
    case = result.case
    return {
        "type": "case",
        "id": case.id,
        "profile": result.profile,
        "profile_sent": case.profile_sent(result.profile),
        "op": case.op,
        "title": case.title,
        "file": case.file,
        "rules": list(case.rules),
        "tags": list(case.tags),
        "status": result.status.value,
        "message": result.message,
        "mismatches": list(result.mismatches),
        "expected": None if result.expected is None else dict(result.expected),
        "actual": actual_shown(result.expected, result.actual),
        "duration_ms": milliseconds(result.seconds),
        "expectation": None if result.expectation is None else result.expectation.as_json(),
        "rerun": rerun_command(header, result),
        "explain": case.explain,
        "rejection_message": rejection_message(result),
    }


def milliseconds(seconds: float) -> float:
    """A duration as the JSON Lines report keeps it; every report shows this rounded figure, so a
    report re-rendered from JSON Lines (`cribcheck summary`) shows the same times."""
    return round(seconds * 1000, 3)


def shown_seconds(seconds: float) -> float:
    return milliseconds(seconds) / 1000


def counts_text(counts: Mapping[str, int]) -> str:
    """`120 pass, 2 fail, 1 error` (statuses with a count only)."""
    return ", ".join(f"{counts[status.value]} {status.value}" for status in Status if counts.get(status.value))


def compliance_text(footer: RunFooter) -> str:
    summary = footer.summary
    value = summary.compliance
    percent = "n/a" if value is None else f"{100 * value:.1f}%"
    text = f"compliance {percent} ({summary.passed}/{summary.applicable} applicable passed"
    extras = [
        f"{summary.counts[status.value]} {label}"
        for status, label in (
            (Status.SKIP, "skipped by the engine"),
            (Status.XFAIL, "expected failures"),
            (Status.NOT_APPLICABLE, "not applicable"),
        )
        if summary.counts[status.value]
    ]
    return text + ("; " + ", ".join(extras) if extras else "") + ")"
