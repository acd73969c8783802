"""What several reporters show the same way: the rerun command, expected against actual as a diff,
a result as a JSON line, counts as text."""

from __future__ import annotations

import difflib
import json
import math
import re
import shlex
from collections.abc import Collection, Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from cribcheck.harness.contract.dumps import plain
from cribcheck.harness.operations.compare import WHERE
from cribcheck.harness.operations.features import input_sent
from cribcheck.harness.report.escaping import visible
from cribcheck.harness.results.results import (
    CaseResult,
    NotChecked,
    RunFooter,
    RunHeader,
    compliance_percent,
    held,
)
from cribcheck.harness.results.status import Status

REPLAYED = (Status.FAIL, Status.ERROR)  # results whose line keeps the input sent
DIFF_LINES = 60  # lines of a diff shown before it is cut
JSON_DEPTH = 64  # levels of a value written into a report before the rest is cut

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_LINE_BREAKS = re.compile("[\x85\u2028\u2029]")  # inside a JSON string (control characters JSON escapes itself)


def json_safe(value: Any, depth: int = 0) -> Any:
    """A value as a report's JSON may hold it, whatever an in-process adapter or a case gave: lone
    surrogates escaped, non-finite numbers and other Python values as text, keys as strings, and
    nothing deeper than JSON_DEPTH (which also ends a value that contains itself)."""
    if isinstance(value, str):
        return _LONE_SURROGATE.sub(_json_escape, value)
    if value is None or isinstance(value, (bool, int)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if depth >= JSON_DEPTH:
        return "(nested too deep)"
    if isinstance(value, Mapping):
        return {json_safe(str(key)): json_safe(item, depth + 1) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(item, depth + 1) for item in value]
    return visible(repr(value))


def json_text(value: Any) -> str:
    """`value` as one line of JSON that any UTF-8 writer writes and any JSON reader reads; the
    plain dump first, the cleaned one (json_safe) only when the plain one is not that. The three
    characters besides the newline that Python's `splitlines` (and JavaScript) take for a line's
    end are escaped, so that a reader splitting lines its own way still sees one line."""
    try:
        text = plain(value)
        if text.isascii():  # no lone surrogate, none of the three (and a test of a flag, not a scan)
            return text
        text.encode("utf-8")
    except (ValueError, TypeError, RecursionError, UnicodeEncodeError):
        text = json.dumps(json_safe(value), ensure_ascii=False, allow_nan=False)
    return _LINE_BREAKS.sub(_json_escape, text) if _LINE_BREAKS.search(text) else text


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


class CollectingReporter:
    """A reporter that writes one file at the end of the run from every result: it keeps the
    header and the results as they come (a live run's, each a bounded size: harness.results.kept),
    or is handed a saved run's results (`take`: read again from the report each time they are gone
    through), and its subclass's `finish` writes the file, going through them as a stream and
    keeping a bounded part."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._header: RunHeader | None = None
        self._results: Collection[CaseResult] = []
        self._collected: list[CaseResult] = []

    def start(self, header: RunHeader) -> None:
        self._header = header
        self._results = self._collected = []

    def case(self, result: CaseResult) -> None:
        self._collected.append(held(result))  # what a run holds of a result (harness.results.kept)

    def take(self, results: Collection[CaseResult]) -> None:
        """A saved run's results, all at once, in place of `case` for each."""
        self._results = results


def rerun_command(header: RunHeader, result: CaseResult, profiles: Sequence[str] = ()) -> str:
    """The command that runs this result again (under each of `profiles`, when given): `--case`
    with the result's name as every report prints it, `'ID[profile]'` (or `'ID[p, q]'`)."""
    name = f"{result.case.id}[{', '.join(profiles or [result.profile])}]"
    words = f"--case {shlex.quote(name)}"
    return f"{_joined(header.rerun_prefix)} {words}" if header.rerun_prefix else words


@lru_cache(maxsize=16)
def _joined(words: tuple[str, ...]) -> str:
    """shlex.join of a run's rerun prefix, quoted once (shlex.join of the whole is the parts' joined)."""
    return shlex.join(words)


def actual_shown(expected: Mapping[str, Any] | None, answer: Mapping[str, Any] | None) -> Any:
    """The engine's answer in the expectation's own shape, so that the two diff cleanly: a result
    cut down to the keys the expectation gives, a rejection as `{rejected: CODE, index, hand, game}`."""
    if answer is None:
        return None
    if "rejected" in answer:
        rejection = answer["rejected"]
        shown = {"rejected": rejection.get("code")}
        shown.update({key: rejection[key] for key in WHERE if key in rejection})
        return shown
    result = answer.get("ok", {})
    if expected is None or "rejected" in expected or not isinstance(result, Mapping):
        return result
    return {key: result[key] for key in expected if key in result}


def pretty(value: Any) -> list[str]:
    return json.dumps(json_safe(value), indent=2, sort_keys=True, ensure_ascii=False).splitlines()


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
    """One case line of the JSON Lines report (schema/report/report-line.schema.json, $defs/case):
    what its case gives (case_part), then what its result gives (result_part)."""
    return {**case_part(result), **result_part(header, result)}


def case_part(result: CaseResult) -> dict[str, Any]:
    """The members of a case line that its case alone gives, the same on each of its lines."""
    case = result.case
    return {
        "type": "case",
        "id": case.id,
        "op": case.op or None,  # no operation: a transcript's line that names none (cribcheck check)
        "title": case.title,
        "file": case.file,
        "rules": list(case.rules),
        "tags": list(case.tags),
        "explain": case.explain,
    }


def result_part(header: RunHeader, result: CaseResult) -> dict[str, Any]:
    """The members of a case line that its result gives; a wrong answer's or an error's line also
    keeps the input as it was sent, which the diagnosis replays (harness/diagnosis/)."""
    part = {
        "profile": result.profile,
        "profile_sent": result.case.profile_sent(result.profile),
        "status": result.status.value,
        "message": result.message,
        "mismatches": list(result.mismatches),
        "expected": None if result.expected is None else dict(result.expected),
        "actual": actual_shown(result.expected, result.actual),
        "duration_ms": milliseconds(result.seconds),
        "expectation": None if result.expectation is None else result.expectation.as_json(),
        "rerun": rerun_command(header, result),
        "rejection_message": rejection_message(result),
        "left_out": result.left_out.as_json(),
        "answer_digest": result.digest,
    }
    if result.status in REPLAYED:
        case = result.case
        features = header.engine.features_for(case.op) if header.engine is not None else ()
        part["input"] = input_sent(case.input, case.profile_sent(result.profile), features)
    return part


def milliseconds(seconds: float) -> float:
    """A duration as the JSON Lines report keeps it; every report shows this rounded figure, so a
    report re-rendered from JSON Lines (`cribcheck summary`) shows the same times."""
    return round(seconds * 1000, 3)


def shown_seconds(seconds: float) -> float:
    return milliseconds(seconds) / 1000


def counts_text(counts: Mapping[str, int]) -> str:
    """`120 pass, 2 fail, 1 error` (statuses with a count only)."""
    return ", ".join(f"{counts[status.value]} {status.value}" for status in Status if counts.get(status.value))


NOT_CHECKED_KINDS = (
    ("operation", "operations the engine does not claim"),
    ("profile", "profiles the engine does not claim"),
    ("input", "cases expecting a rejection, of operations whose illegal input the engine does not judge"),
)


def not_checked_title(not_checked: Sequence[NotChecked]) -> str | None:
    """`not checked: 1,204 results (not applicable)`, or None when everything was applicable."""
    total = sum(gap.count for gap in not_checked)
    return f"not checked: {total:,} results (not applicable)" if total else None


def checked_text(footer: RunFooter) -> str | None:
    """`348 of 1,835 results checked`, said beside the compliance figure so that it is never read
    as the whole suite's; None when every result was checked."""
    unchecked = sum(gap.count for gap in footer.not_checked)
    if not unchecked:
        return None
    total = footer.summary.total
    return f"{total - unchecked:,} of {total:,} results checked"


def not_checked_lines(not_checked: Sequence[NotChecked]) -> list[str]:
    """What the run did not check, and why: a line per kind of gap, each name with its count
    (harness.results.results.NotChecked), the same in every report."""
    lines = []
    for kind, title in NOT_CHECKED_KINDS:
        named = [f"{gap.label} ({gap.count:,})" for gap in not_checked if gap.kind == kind]
        if named:
            lines.append(f"{title}: {', '.join(named)}")
    return lines


def compliance_text(footer: RunFooter) -> str:
    summary = footer.summary
    text = f"compliance {compliance_percent(summary.counts)} ({summary.passed}/{summary.applicable} applicable passed"
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


def byte_size(lines: Iterable[str]) -> int:
    """The size of `lines` written one per line, in UTF-8 bytes."""
    return sum(len(line.encode("utf-8")) + 1 for line in lines)


def rows_within(rows: Iterable[str], count: int, budget: int, what: str) -> list[str]:
    """The first of `count` rows (made as they are asked for) that fit in `budget` bytes, then, if
    any is left out, a blank line and `N more {what}.`"""
    kept: list[str] = []
    used = 0
    for row in rows:
        used += len(row.encode("utf-8")) + 1
        if used > budget:
            break
        kept.append(row)
    left = count - len(kept)
    return [*kept, "", f"{left:,} more {what}."] if left else kept
