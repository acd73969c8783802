"""A saved JSON Lines report read back as the runs it holds, the same RunHeader, CaseResults and
RunFooter that the live run fed its reporters, so every report re-rendered from it
(`cribcheck summary`) is the one the run wrote.

Only what schema/report/report-line.schema.json allows is read: every line is checked against it,
and a line that is not JSON, or not a valid line, or out of place (a case line before any header)
stops the reading with an error naming the file and the line. A file may hold several runs one
after the other (one per engine), each from its header line to its footer line; a run whose
footer is missing (the run was killed) is read with a footer that says so.

A slim report (the default: harness/report/jsonl.py) gives a passing result only its id, profile,
status and time: the rest is read from its case file, in the corpus its header names, and a case
no longer there (or a corpus no longer readable) is an error naming the line.

A report may be larger than memory: it is read as a stream, a line at a time, and a run keeps
where its case lines are in the file (SavedResults), which every reporter reads again as it goes
through them, keeping what it shows (a bounded part). A line over MAX_LINE is refused.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from cribcheck.harness.contract.files import CASES_DIR
from cribcheck.harness.contract.schemas import fast_check_apart, problems
from cribcheck.harness.corpus.cases import Case, CaseFileError, load_cases
from cribcheck.harness.engine.protocol import EngineInfo
from cribcheck.harness.operations.compare import WHERE
from cribcheck.harness.operations.features import compared_expectation
from cribcheck.harness.results.diagnosis import Diagnosis
from cribcheck.harness.results.digest import read_digest
from cribcheck.harness.results.expectations import Expectation
from cribcheck.harness.results.kept import (
    HELD_BYTES,
    HELD_ITEMS,
    KEPT_BYTES,
    KEPT_ITEMS,
    LeftOut,
    kept_text,
    kept_value,
)
from cribcheck.harness.results.results import CaseResult, Item, NotChecked, RunFooter, RunHeader, Summary
from cribcheck.harness.results.status import Status

SCHEMA = "report/report-line.schema.json"
NO_FOOTER = "the report ends without a footer line: the run was stopped before it could finish"


MAX_LINE = 64 * 1024 * 1024  # bytes of one report line; a longer line is not one a run writes


class ReportFileError(Exception):
    """A report cannot be read; the message names the file and the line."""


class SavedResults:
    """The results of one run of a report, read from the file each time they are gone through: a
    report of any size is read as a stream, and only what a reporter keeps stays in memory. The
    lines were checked when the report was first read (read_runs); the file must not change."""

    def __init__(
        self, path: Path, start: int, end: int, count: int, read: Callable[[Mapping[str, Any], int], CaseResult]
    ) -> None:
        self.path = path
        self._read = read  # a case line (and its size in bytes) -> the result
        self._start = start  # the byte offset of the run's first case line
        self._end = end  # the byte offset just past its last
        self._count = count

    def __len__(self) -> int:
        return self._count

    def __bool__(self) -> bool:
        return self._count > 0

    def __iter__(self) -> Iterator[CaseResult]:
        if not self._count:
            return
        with self.path.open("rb") as file:
            file.seek(self._start)
            while file.tell() < self._end:
                raw = file.readline(MAX_LINE + 1)
                if raw.strip():
                    yield self._read(json.loads(raw), len(raw))

    def __contains__(self, item: object) -> bool:
        return any(result == item for result in self)


@dataclass(frozen=True)
class Run:
    """One engine's run as a report holds it; `where` is the file and line of its header.
    `results` may be a tuple (a live run's) or SavedResults (a report's, read again each time)."""

    header: RunHeader
    results: Collection[CaseResult]
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
    The file is read as a stream, a line at a time: what a run keeps of its case lines is where
    they are in the file (SavedResults). `check=False` leaves out the schema check, for a report
    this process's own run just wrote."""
    runs: list[Run] = []
    builder: _RunBuilder | None = None
    corpora = Corpora()
    number = 0
    try:
        with path.open("rb") as file:
            for number, offset, line in _lines(path, file, check):
                kind = line["type"]
                where = f"{path} line {number}"
                if kind == "header":
                    if builder is not None:
                        runs.append(builder.finish(None, where))
                    builder = _RunBuilder(path, line, where, corpora)
                elif builder is None:
                    raise ReportFileError(f"{where}: a {kind} line before any header line")
                elif kind == "case":
                    builder.add(line, where, offset, file.tell())
                else:
                    runs.append(builder.finish(line, where))
                    builder = None
    except OSError as error:
        raise ReportFileError(f"{path}: cannot read: {error}") from None
    if builder is not None:
        runs.append(builder.finish(None, f"{path} line {number + 1}"))
    if not runs:
        raise ReportFileError(f"{path}: no header line: not a cribcheck report")
    return runs


def read_reports(paths: list[Path]) -> list[Run]:
    """The runs of several reports, in order."""
    return [run for path in paths for run in read_runs(path)]


def _lines(path: Path, file: IO[bytes], check: bool = True) -> Iterator[tuple[int, int, dict[str, Any]]]:
    """(number, byte offset, the line read) for every line that is not blank."""
    number = 0
    while True:
        offset = file.tell()
        raw = file.readline(MAX_LINE + 1)
        if not raw:
            return
        number += 1
        if len(raw) > MAX_LINE:
            raise ReportFileError(f"{path} line {number}: a line of more than {MAX_LINE:,} bytes: not a report line")
        if not raw.strip():
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise ReportFileError(f"{path} line {number}: cannot read: {error}") from None
        try:
            line = json.loads(text)
        except json.JSONDecodeError as error:
            raise ReportFileError(f"{path} line {number}: not JSON: {error.msg} (column {error.colno})") from None
        found = _problems(line) if check else []
        if found:
            raise ReportFileError(f"{path} line {number}: not a valid report line: " + "; ".join(found))
        yield number, offset, line


def _problems(line: Any) -> list[str]:
    """The report-line schema's problems with a line: a case line (nearly every line) first by the
    compiled check of its own definition (a hundred times faster than jsonschema; the header's
    and footer's `format: date-time` keep the whole file from having one), which the whole
    schema's check then only confirms when it refuses."""
    if isinstance(line, dict) and line.get("type") == "case":
        fast = fast_check_apart(SCHEMA, "case", ("header", "footer"))
        if fast is not None and fast(line):
            return []
    return problems(SCHEMA, line)


class _RunBuilder:
    """The run being read: its header line, then where its case lines are."""

    def __init__(self, path: Path, header: Mapping[str, Any], where: str, corpora: Corpora | None = None) -> None:
        self.path = path
        self.header_line = header
        self.where = where
        self.start: int | None = None
        self.end = 0
        self.count = 0
        self.prefix: tuple[str, ...] | None = None
        self.prefix_text: str | None = None
        self.slim: Mapping[str, Any] | None = header.get("slim")
        self.corpora = corpora or Corpora()
        if self.slim is not None:
            self.prefix = tuple(self.slim["rerun_prefix"])
            self.prefix_text = shlex.join(self.prefix)

    def add(self, line: Mapping[str, Any], where: str, offset: int, end: int) -> None:
        if "title" not in line:  # slim: checked now, so that a case gone from the corpus is named by its line
            self._slim_result(line, where)
        if "rerun" in line:
            self._rerun(line, where)
        if self.start is None:
            self.start = offset
        self.end = end
        self.count += 1

    def _result(self, line: Mapping[str, Any], size: int) -> CaseResult:
        """A case line read again (SavedResults): a slim one from its case file, checked at the first
        reading; any other as the run had it."""
        if "title" not in line:
            return self._slim_result(line, str(self.path))
        return case_result(line, size=size)

    def _slim_result(self, line: Mapping[str, Any], where: str) -> CaseResult:
        """A passing result written slim: its case and expectation from its case file."""
        if self.slim is None:
            raise ReportFileError(f"{where}: a slim case line in a report whose header has no `slim`")
        case = self.corpora.case(self.slim["cases"], self.header_line["suite"].get("cases", ""), line["id"], where)
        profile = line["profile"]
        if profile not in case.profiles:
            raise ReportFileError(f"{where}: the case {line['id']} no longer lists the profile {profile}")
        info = self.header_line["engine"]["info"]
        engine = EngineInfo.from_hello(info) if info is not None else None
        features = engine.features_for(case.op) if engine is not None else frozenset()
        stops = engine is not None and engine.stops_at_target
        expected = compared_expectation(
            case.op, case.expected(profile), features, profile=profile, stops_at_target=stops
        )
        return CaseResult(
            item=Item(case, profile),
            status=Status(line["status"]),
            expected=expected,
            actual=answer(expected, None),  # a pass: its answer was the expectation compared
            seconds=line.get("duration_ms", 0) / 1000,
        )

    def _rerun(self, line: Mapping[str, Any], where: str) -> None:
        """The run's rerun prefix, from the first case line; every other line must share it."""
        rerun = line["rerun"]
        tails = [  # the result's name (`--case 'ID[P]'`), or as older reports wrote it
            " " + shlex.join(["--case", f"{line['id']}[{line['profile']}]"]),
            " " + shlex.join(["--case", line["id"], "--profile", line["profile"]]),
        ]
        tail = next((tail for tail in tails if rerun.endswith(tail)), None)
        if tail is None:
            raise ReportFileError(f"{where}: rerun does not end with `{tails[0].strip()}`: {rerun!r}")
        start = rerun[: -len(tail)]
        if self.prefix_text is None:
            self.prefix_text = start
            self.prefix = tuple(shlex.split(start))
        elif start != self.prefix_text:
            raise ReportFileError(f"{where}: rerun starts otherwise than the run's other lines: {rerun!r}")

    def finish(self, footer: Mapping[str, Any] | None, where: str) -> Run:
        header = run_header(self.header_line, self.prefix or ())
        results = SavedResults(self.path, self.start or 0, self.end, self.count, self._result)
        if footer is None:
            warnings = (f"{where}: {NO_FOOTER}",)
            return Run(header, results, missing_footer(results), self.where, warnings)
        return Run(header, results, run_footer(footer, results), self.where)


class Corpora:
    """The corpora that slim reports name, each loaded once for a reading: path -> cases by id."""

    def __init__(self) -> None:
        self._loaded: dict[str, dict[str, Case] | str] = {}

    def case(self, path: str, shown: str, case_id: str, where: str) -> Case:
        if path not in self._loaded:
            self._loaded[path] = self._load(path, shown)
        loaded = self._loaded[path]
        if isinstance(loaded, str):
            raise ReportFileError(f"{where}: a passing result written slim, and {loaded}")
        if case_id not in loaded:
            raise ReportFileError(
                f"{where}: a passing result written slim, and no case {case_id} in {path} (the corpus has changed "
                "since the run: a report written with --report-full needs no case file)"
            )
        return loaded[case_id]

    @staticmethod
    def _load(path: str, shown: str) -> dict[str, Case] | str:
        folder = Path(path)
        try:
            if not folder.exists() and shown == "cases":  # the suite's own corpus, installed elsewhere since
                folder = CASES_DIR
            return {case.id: case for case in load_cases(folder)}
        except (CaseFileError, OSError, ValueError) as error:
            return f"its case files cannot be read ({folder}): {error}"


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
        cases_path=line["slim"]["cases"] if "slim" in line else "",
    )


def case_result(line: Mapping[str, Any], size: int | None = None) -> CaseResult:
    """A case line as the result the run had: what it keeps of the engine's answer and texts is
    bounded as a live result's is (harness.results.kept), whatever the line holds, and `left_out`
    adds what this reading cut to what the run had cut. The answer and expectation are gone through
    only where a reporter may keep them: a result that did not pass (a pass is only counted), on a
    line of more than HELD_BYTES (`size`; a shorter line holds no more than a run holds)."""
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
    message, left_out = kept_text(line.get("message"))
    mismatches = []
    for mismatch in line.get("mismatches", ()):
        text, cut = kept_text(mismatch)
        mismatches.append(text or "")
        left_out += cut
    actual: Any = answer(line.get("actual"), line.get("rejection_message"))
    expected: Any = line.get("expected")
    cut = cut_expected = LeftOut()
    status = Status(line["status"])
    if (size is None or size > HELD_BYTES) and status not in (Status.PASS, Status.NOT_APPLICABLE):
        actual, cut = kept_value(actual, HELD_BYTES, HELD_ITEMS)  # as a live run holds it (kept.held)
        expected, cut_expected = kept_value(expected, KEPT_BYTES, KEPT_ITEMS)
    return CaseResult(
        item=Item(case, profile),
        status=status,
        message=message,
        mismatches=tuple(mismatches),
        expected=expected,
        actual=actual,
        seconds=line.get("duration_ms", 0) / 1000,
        expectation=None
        if entry is None
        else Expectation(entry["id"], entry["reason"], entry.get("profile"), entry.get("link")),
        left_out=LeftOut.from_json(line.get("left_out")) + left_out + cut + cut_expected,
        digest=read_digest(line.get("answer_digest")),
    )


def answer(shown: Mapping[str, Any] | None, message: str | None) -> dict[str, Any] | None:
    """The engine's answer as the verdict had it, from the form the report shows it in
    (report.common.actual_shown): a result, or `{rejected: CODE, index, hand, game}`."""
    if shown is None:
        return None
    if isinstance(shown.get("rejected"), str):
        rejection = {"code": shown["rejected"], **{key: shown[key] for key in WHERE if key in shown}}
        if message is not None:
            rejection["message"] = message
        return {"rejected": rejection}
    return {"ok": dict(shown)}


def run_footer(line: Mapping[str, Any], results: Iterable[CaseResult]) -> RunFooter:
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
        not_checked=tuple(
            NotChecked(gap["kind"], gap["name"], gap["count"], gap.get("code")) for gap in line.get("not_checked", ())
        ),
        diagnosis=Diagnosis.from_json(line["diagnosis"]) if "diagnosis" in line else None,
    )


def missing_footer(results: Iterable[CaseResult]) -> RunFooter:
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
