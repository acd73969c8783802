"""--report FILE.jsonl: a header line, a line per result as it comes, a footer line; each line is
flushed at once, so an interrupted run leaves every line written so far
(schema/report/report-line.schema.json)."""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any

from harness.report.common import case_line, json_text
from harness.results.results import CaseResult, RunFooter, RunHeader

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
    }


class JsonLinesReporter:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[str] | None = None
        self._header: RunHeader | None = None

    def _write(self, line: dict[str, Any]) -> None:
        if self._file is None:
            self._file = self.path.open("w", encoding="utf-8")
        self._file.write(json_text(line) + "\n")  # JSON whatever the values (report.common.json_text)
        self._file.flush()

    def start(self, header: RunHeader) -> None:
        self._header = header
        self._write(header_line(header))

    def case(self, result: CaseResult) -> None:
        assert self._header is not None
        self._write(case_line(self._header, result))

    def finish(self, footer: RunFooter) -> None:
        self._write(footer_line(footer))
        if self._file is not None:
            self._file.close()
            self._file = None
