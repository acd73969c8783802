"""--report FILE.jsonl: a header line, a line per result as it comes, a footer line; each line is
written to the file at once (one `write`, no buffer in between), so an interrupted or killed run
leaves every line written so far (schema/report/report-line.schema.json)."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any, BinaryIO

from cribcheck.harness.report.common import case_part, json_text, result_part
from cribcheck.harness.results.results import CaseResult, RunFooter, RunHeader

REPORT_FORMAT = 1


def header_line(header: RunHeader) -> dict[str, Any]:
    return {
        "type": "header",
        "report_format": REPORT_FORMAT,
        "suite": {"name": "cribcheck", "version": header.suite_version, "cases": header.cases_dir},
        "protocol": header.protocol,
        "engine": {
            "command": header.engine_command,
            "mode": header.engine_mode,
            "info": None if header.engine is None else dict(header.engine.raw),
        },
        "started": header.started,
        "selection": dict(header.selection),
        "planned": header.planned,
    }


def footer_line(footer: RunFooter) -> dict[str, Any]:
    summary = footer.summary
    return {
        "type": "footer",
        "finished": footer.finished,
        "duration_s": round(footer.seconds, 3),
        "counts": dict(summary.counts),
        "applicable": summary.applicable,
        "passed": summary.passed,
        "compliance": summary.compliance,
        "complete": footer.complete,
        "interrupted": footer.interrupted,
        "aborted": footer.aborted,
        "stopped_early": footer.stopped_early,
        "restarts": footer.restarts,
        "stderr_tail": list(footer.stderr_tail),
        "notes": list(footer.notes),
        "by_profile": {name: dict(counts) for name, counts in summary.by_profile.items()},
        "by_area": {name: dict(counts) for name, counts in summary.by_area.items()},
        "exit_status": footer.exit_status,
        "not_checked": [{"kind": gap.kind, "name": gap.name, "count": gap.count} for gap in footer.not_checked],
        **({} if footer.diagnosis is None else {"diagnosis": footer.diagnosis.to_json()}),
    }


class CaseLines:
    """The text of one run's case lines, `json_text(case_line(header, result))`, in its two parts
    (harness.report.common.case_part, result_part): the case's own part (its id, title, rules, tags,
    explain...) is written once per case and kept for its other lines. Each part is one
    `json_text`, so a line holds the same text as the whole written at once."""

    def __init__(self, header: RunHeader) -> None:
        self._header = header
        self._cases: dict[str, tuple[object, str]] = {}  # case id -> the case, its part's text

    def text(self, result: CaseResult) -> str:
        case = result.case
        known = self._cases.get(case.id)
        if known is None or known[0] is not case:
            known = self._cases[case.id] = (case, json_text(case_part(result))[:-1])  # without its closing brace
        return f"{known[1]}, {json_text(result_part(self._header, result))[1:]}"


class JsonLinesReporter:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: BinaryIO | None = None
        self._header: RunHeader | None = None
        self._lines: CaseLines | None = None

    def _write(self, text: str) -> None:
        """One line, handed to the system at once (json_text: JSON whatever the values, UTF-8)."""
        if self._file is None:
            self._file = self.path.open("wb", buffering=0)
        data = memoryview(f"{text}\n".encode())
        while data:
            written = self._file.write(data)
            if written is None:  # a pipe opened non-blocking, full
                raise BlockingIOError(errno.EAGAIN, f"cannot write {self.path} now")
            data = data[written:]

    def start(self, header: RunHeader) -> None:
        self._header = header
        self._lines = CaseLines(header)
        self._write(json_text(header_line(header)))

    def case(self, result: CaseResult) -> None:
        assert self._lines is not None
        self._write(self._lines.text(result))

    def finish(self, footer: RunFooter) -> None:
        self._write(json_text(footer_line(footer)))
        if self._file is not None:
            self._file.close()
            self._file = None
