"""A saved JSON Lines report read back as the runs it holds, the same RunHeader, CaseResults and
RunFooter that the live run fed its reporters, so every report re-rendered from it
(`cribcheck summary`) is the one the run wrote.

Only what schema/report/report-line.schema.json allows is read: every line is checked against it,
and a line that is not JSON, or not a valid line, or out of place (a case line before any header)
stops the reading with an error naming the file and the line. A file may hold several runs one
after the other (one per engine), each from its header line to its footer line; a run whose
footer is missing (the run was killed) is read with a footer that says so.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cribcheck.harness.contract.schemas import problems
from cribcheck.harness.corpus.cases import Case
from cribcheck.harness.engine.protocol import EngineInfo
from cribcheck.harness.results.diagnosis import Diagnosis
from cribcheck.harness.results.expectations import Expectation
from cribcheck.harness.results.results import CaseResult, Item, NotChecked, RunFooter, RunHeader, Summary
from cribcheck.harness.results.status import Status

SCHEMA = "report/report-line.schema.json"
NO_FOOTER = "the report ends without a footer line: the run was stopped before it could finish"


class ReportFileError(Exception):
    """A report cannot be read; the message names the file and the line."""


@dataclass(frozen=True)
class Run:
    """One engine's run as a report holds it; `where` is the file and line of its header."""

    header: RunHeader
    results: tuple[CaseResult, ...]
    footer: RunFooter
    where: str = ""
    warnings: tuple[str, ...] = field(default_factory=tuple)

    @property
    def label(self) -> str:
        """The engine as a person names it: its hello's name and version, else its command."""
        if self.header.engine is not None:
            return f"{self.header.engine.name} {self.header.engine.version}"
        return self.header.engine_command or "the reference engine"


def read_runs(path: Path, *, check: bool = True) -> list[Run]:
    """Every run in a JSON Lines report; ReportFileError naming the file and line of any fault.
    `check=False` leaves out the schema check, for a report this process's own run just wrote."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ReportFileError(f"{path}: cannot read: {error}") from None
    runs: list[Run] = []
    builder: _RunBuilder | None = None
    for number, line in _lines(path, text, check):
        kind = line["type"]
        where = f"{path} line {number}"
        if kind == "header":
            if builder is not None:
                runs.append(builder.finish(None, where))
            builder = _RunBuilder(line, where)
        elif builder is None:
            raise ReportFileError(f"{where}: a {kind} line before any header line")
        elif kind == "case":
            builder.add(line, where)
        else:
            runs.append(builder.finish(line, where))
            builder = None
    if builder is not None:
        runs.append(builder.finish(None, f"{path} line {text.count(chr(10)) + 1}"))
    if not runs:
        raise ReportFileError(f"{path}: no header line: not a cribcheck report")
    return runs


def read_reports(paths: list[Path]) -> list[Run]:
    """The runs of several reports, in order."""
    return [run for path in paths for run in read_runs(path)]


def _lines(path: Path, text: str, check: bool = True) -> Iterator[tuple[int, dict[str, Any]]]:
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except json.JSONDecodeError as error:
            raise ReportFileError(f"{path} line {number}: not JSON: {error.msg} (column {error.colno})") from None
        found = problems(SCHEMA, line) if check else []
        if found:
            raise ReportFileError(f"{path} line {number}: not a valid report line: " + "; ".join(found))
        yield number, line


class _RunBuilder:
    """The run being read: its header line, then its case lines."""

    def __init__(self, header: Mapping[str, Any], where: str) -> None:
        self.header_line = header
        self.where = where
        self.results: list[CaseResult] = []
        self.prefix: tuple[str, ...] | None = None
        self.prefix_text: str | None = None

    def add(self, line: Mapping[str, Any], where: str) -> None:
        if "rerun" in line:
            self._rerun(line, where)
        self.results.append(case_result(line))

    def _rerun(self, line: Mapping[str, Any], where: str) -> None:
        """The run's rerun prefix, from the first case line; every other line must share it."""
        rerun = line["rerun"]
        tail = " " + shlex.join(["--case", line["id"], "--profile", line["profile"]])
        if not rerun.endswith(tail):
            raise ReportFileError(f"{where}: rerun does not end with `{tail.strip()}`: {rerun!r}")
        start = rerun[: -len(tail)]
        if self.prefix_text is None:
            self.prefix_text = start
            self.prefix = tuple(shlex.split(start))
        elif start != self.prefix_text:
            raise ReportFileError(f"{where}: rerun starts otherwise than the run's other lines: {rerun!r}")

    def finish(self, footer: Mapping[str, Any] | None, where: str) -> Run:
        header = run_header(self.header_line, self.prefix or ())
        warnings: tuple[str, ...] = ()
        if footer is None:
            warnings = (f"{where}: {NO_FOOTER}",)
            return Run(header, tuple(self.results), missing_footer(self.results), self.where, warnings)
        return Run(header, tuple(self.results), run_footer(footer, self.results), self.where, warnings)


def run_header(line: Mapping[str, Any], rerun_prefix: tuple[str, ...]) -> RunHeader:
    engine = line["engine"]
    return RunHeader(
        suite_version=line["suite"]["version"],
        cases_dir=line["suite"].get("cases", ""),
        protocol=line["protocol"],
        engine_command=engine["command"],
        engine_mode=engine["mode"],
        engine=None if engine["info"] is None else EngineInfo.from_hello(engine["info"]),
        started=line["started"],
        selection=dict(line["selection"]),
        planned=line.get("planned", 0),
        rerun_prefix=rerun_prefix,
    )


def case_result(line: Mapping[str, Any]) -> CaseResult:
    profile = line["profile"]
    sent = line.get("profile_sent", profile)
    case = Case(
        id=line["id"],
        title=line["title"],
        rules=tuple(line["rules"]),
        tags=tuple(line["tags"]),
        profiles=(profile,),
        op=line["op"] or "",
        input=line.get("input", {}),
        expect={},
        explain=line.get("explain", ""),
        file=line["file"],
        topic="",
        request_profile=None if sent == profile else sent,
    )
    entry = line.get("expectation")
    return CaseResult(
        item=Item(case, profile),
        status=Status(line["status"]),
        message=line.get("message"),
        mismatches=tuple(line.get("mismatches", ())),
        expected=line.get("expected"),
        actual=answer(line.get("actual"), line.get("rejection_message")),
        seconds=line.get("duration_ms", 0) / 1000,
        expectation=None
        if entry is None
        else Expectation(entry["id"], entry["reason"], entry.get("profile"), entry.get("link")),
    )


def answer(shown: Mapping[str, Any] | None, message: str | None) -> dict[str, Any] | None:
    """The engine's answer as the verdict had it, from the form the report shows it in
    (report.common.actual_shown): a result, or `{rejected: CODE, index, hand}`."""
    if shown is None:
        return None
    if isinstance(shown.get("rejected"), str):
        rejection = {"code": shown["rejected"], **{key: shown[key] for key in ("index", "hand") if key in shown}}
        if message is not None:
            rejection["message"] = message
        return {"rejected": rejection}
    return {"ok": dict(shown)}


def run_footer(line: Mapping[str, Any], results: list[CaseResult]) -> RunFooter:
    counted = Summary.of(results) if "by_profile" not in line or "by_area" not in line else None
    summary = Summary(
        counts=dict(line["counts"]),
        by_profile=dict(line["by_profile"]) if counted is None else counted.by_profile,
        by_area=dict(line["by_area"]) if counted is None else counted.by_area,
    )
    return RunFooter(
        summary=summary,
        finished=line.get("finished", ""),
        seconds=line.get("duration_s", 0.0),
        complete=line["complete"],
        interrupted=line["interrupted"],
        aborted=line["aborted"],
        stopped_early=line.get("stopped_early"),
        restarts=line.get("restarts", 0),
        stderr_tail=tuple(line.get("stderr_tail", ())),
        notes=tuple(line.get("notes", ())),
        exit_status=line.get("exit_status", 1 if summary.bad else 0),
        not_checked=tuple(NotChecked(gap["kind"], gap["name"], gap["count"]) for gap in line.get("not_checked", ())),
        diagnosis=Diagnosis.from_json(line["diagnosis"]) if "diagnosis" in line else None,
    )


def missing_footer(results: list[CaseResult]) -> RunFooter:
    summary = Summary.of(results)
    return RunFooter(summary=summary, finished="", seconds=0.0, complete=False, aborted=NO_FOOTER, exit_status=2)


def unreadable_run(command: str | None, why: str) -> Run:
    """A run with no report to read (its process died before writing one): shown as not started."""
    header = RunHeader(
        suite_version="",
        cases_dir="",
        protocol=0,
        engine_command=command,
        engine_mode="in-process" if command is None else "persistent",
        engine=None,
        started="",
        selection={},
        planned=0,
        rerun_prefix=(),
    )
    footer = RunFooter(summary=Summary.of(()), finished="", seconds=0.0, complete=False, aborted=why, exit_status=2)
    return Run(header, (), footer)
