"""--report FILE.jsonl: a header line, a line per result as it comes, a footer line; each line is
written to the file at once (one `write`, no buffer in between), so an interrupted or killed run
leaves every line written so far (schema/report/report-line.schema.json). `--report -` writes to
standard output.

A passing result's line is slim unless `--report-full` asks otherwise: its id, operation, profile,
status and time only, since the rest (title, file, rules, tags, explanation, the expectation compared) is
its case file's, and its answer was that expectation (a passing answer of which something was
cut, harness.results.kept, keeps its whole line: what was cut is said). The header says so (`slim`: which members
are left out, where the case files are, the rerun command's start), and `cribcheck summary`
reads the case files to remake every report (harness/results/saved.py). An all-pass run of the
whole corpus: 4.4 MB full, 0.2 MB slim."""

from __future__ import annotations

import errno
import sys
from pathlib import Path
from typing import Any, BinaryIO

from cribcheck.harness.report.common import case_part, json_text, milliseconds, result_part
from cribcheck.harness.results.results import CaseResult, RunFooter, RunHeader
from cribcheck.harness.results.status import Status

REPORT_FORMAT = 1


SLIM_MEMBERS = ("id", "op", "profile", "status", "duration_ms")  # what a slim line keeps (with `type`)
SLIM_NOTE = (
    "A passing result's line holds only its id, op, profile, status and duration_ms: its title, file, rules, tags, "
    "explain and the expectation compared are in its case file (in `cases`), its answer was that expectation, "
    "its rerun command is `rerun_prefix` + --case 'ID[P]'. `cribcheck summary` reads them from there; "
    "`cribcheck run --report-full` writes them into every line."
)


def header_line(header: RunHeader, *, full: bool = True) -> dict[str, Any]:
    line = {
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
    if not full:
        line["slim"] = {
            "note": SLIM_NOTE,
            "kept": list(SLIM_MEMBERS),
            "cases": header.cases_path,
            "rerun_prefix": list(header.rerun_prefix),
        }
    return line


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
        "not_checked": [
            {"kind": gap.kind, "name": gap.name, "count": gap.count, **({"code": gap.code} if gap.code else {})}
            for gap in footer.not_checked
        ],
        **({} if footer.diagnosis is None else {"diagnosis": footer.diagnosis.to_json()}),
    }


class CaseLines:
    """The text of one run's case lines, `json_text(case_line(header, result))`, in its two parts
    (harness.report.common.case_part, result_part): the case's own part (its id, title, rules, tags,
    explain...) is written once per case and kept for its other lines. Each part is one
    `json_text`, so a line holds the same text as the whole written at once."""

    def __init__(self, header: RunHeader, *, full: bool = True) -> None:
        self._header = header
        self._full = full
        self._cases: dict[str, tuple[object, str]] = {}  # case id -> the case, its part's text

    def text(self, result: CaseResult) -> str:
        case = result.case
        if not self._full and result.status is Status.PASS and result.expectation is None and not result.left_out:
            return json_text(slim_line(result))
        known = self._cases.get(case.id)
        if known is None or known[0] is not case:
            known = self._cases[case.id] = (case, json_text(case_part(result))[:-1])  # without its closing brace
        return f"{known[1]}, {json_text(result_part(self._header, result))[1:]}"


def slim_line(result: CaseResult) -> dict[str, Any]:
    """A passing result's line in a slim report: what its case file cannot give."""
    return {
        "type": "case",
        "id": result.case.id,
        "op": result.case.op,
        "profile": result.profile,
        "status": result.status.value,
        "duration_ms": milliseconds(result.seconds),
    }


def to_standard_output(path: Path | None) -> bool:
    """`--report -`: the JSON Lines report on standard output."""
    return path is not None and str(path) == "-"


class JsonLinesReporter:
    def __init__(self, path: Path, *, full: bool = True) -> None:
        self.path = path
        self.full = full
        self._gone = False  # standard output closed
        self._file: BinaryIO | None = None
        self._header: RunHeader | None = None
        self._lines: CaseLines | None = None

    def _write(self, text: str) -> None:
        """One line, handed to the system at once (json_text: JSON whatever the values, UTF-8)."""
        if to_standard_output(self.path):
            self._to_stdout(text)
            return
        if self._file is None:
            self._file = self.path.open("wb", buffering=0)
        data = memoryview(f"{text}\n".encode())
        while data:
            written = self._file.write(data)
            if written is None:  # a pipe opened non-blocking, full
                raise BlockingIOError(errno.EAGAIN, f"cannot write {self.path} now")
            data = data[written:]

    def _to_stdout(self, text: str) -> None:
        """One line on standard output, flushed; a closed pipe (`| head`) ends the writing, not the run."""
        if self._gone:
            return
        try:
            sys.stdout.buffer.write(f"{text}\n".encode())
            sys.stdout.buffer.flush()
        except (BrokenPipeError, ValueError):
            self._gone = True

    def start(self, header: RunHeader) -> None:
        self._header = header
        # slim only where the results' cases are case files a reader can open (not `cribcheck
        # check`'s lines of a transcript, whose header names no corpus)
        full = self.full or not header.cases_path
        self._lines = CaseLines(header, full=full)
        self._write(json_text(header_line(header, full=full)))

    def case(self, result: CaseResult) -> None:
        assert self._lines is not None
        self._write(self._lines.text(result))

    def finish(self, footer: RunFooter) -> None:
        self._write(json_text(footer_line(footer)))
        if self._file is not None:
            self._file.close()
            self._file = None
