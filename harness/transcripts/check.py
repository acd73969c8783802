"""`cribcheck check FILE.jsonl`: judge a transcript of what an engine really did.

Each line of the transcript (harness/transcripts/lines.py) holds a request's operation, profile and
input and the engine's answer. The reference engine answers the same input, and the engine's
answer is judged (harness/transcripts/judge.py) exactly as `cribcheck run` judges an answer: the
same verdict
(harness/results/verdict.py: the keys always compared, the features the transcript's hello claims,
not applicable what it does not claim), the same reporters (terminal, JSON Lines, JUnit, Markdown,
HTML, badge) and the same end of run (harness/run/runner.py's end_run: the footer, its notes, the
exit status). Each line is a case named by its number, `line-12`; its rules are those the
fuzzer's findings name for a disagreement (harness/fuzz/findings.py), so a failure says the line,
the field and the rule. A line that is not a transcript line is an `error` naming the line and the
field, and the lines after it are judged all the same.

The transcript is read as a stream, and a line that agrees with the reference is kept, for the end
of the run, as its name and status only (its expectation and answer are not copied into the
reports: the transcript holds them), so that memory grows with the lines that disagree, not with
the transcript. The reference's answers that lines share (a game's hands, asked first by their own
lines) are worked out once (harness/transcripts/memo.py); `--jobs N` judges the lines in N
processes, in order (harness/transcripts/jobs.py). `--write-cases DIR` writes a case file for each
distinct disagreement (distinct by operation, main profile, the rules and the shape of the first
difference; the smallest line of each kind), ready to commit as the fuzzer writes its findings.

Exit status: 0 when every line agrees (or is not applicable), 1 when any line disagrees or cannot
be read, 2 when the file cannot be read or its hello speaks another protocol (every file report
asked for is written all the same, marked with the problem), 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Iterable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from cribcheck.harness.contract.files import display_path
from cribcheck.harness.contract.version import suite_version
from cribcheck.harness.engine.protocol import PROTOCOL_VERSION, EngineInfo
from cribcheck.harness.fuzz.example import main_profile
from cribcheck.harness.fuzz.findings import (
    Finding,
    Origin,
    case_document,
    tags_of,
    write_case,
)
from cribcheck.harness.operations.answers import cached_profiles
from cribcheck.harness.operations.features import FEATURE_KEYS
from cribcheck.harness.report import Reporter
from cribcheck.harness.report.escaping import SafeStream
from cribcheck.harness.results.results import SETUP_ERROR, CaseResult, RunHeader, held
from cribcheck.harness.run.interrupts import interrupt_once
from cribcheck.harness.run.runner import (
    add_output_arguments,
    earlier_objects_left_alone,
    end_run,
    nothing_ran,
    now_text,
    reporters_from_args,
    setup_error_reporters,
)
from cribcheck.harness.run.selection import Selection
from cribcheck.harness.transcripts.jobs import default_jobs, judged_lines
from cribcheck.harness.transcripts.judge import Judge, Judged, finding_rules
from cribcheck.harness.transcripts.lines import Begin, Hello, count_lines, read_transcript
from cribcheck.harness.transcripts.memo import remembered_answers
from cribcheck.harness.transcripts.unfinished import Open
from cribcheck.reference.profiles import profile_names

MODE = "transcript"  # the header's engine mode: the answers come from a file, not a process
CASE_HEADER = (
    "# Written by `cribcheck check --write-cases`: a line of a transcript the reference disagrees with.\n"
    "# Check it, then move it into the topic file under cases/ it belongs to (or commit it as is).\n"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("transcript", type=Path, metavar="FILE.jsonl", help="the transcript (one JSON object a line)")
    select = parser.add_argument_group("selection")
    select.add_argument("--profile", action="append", default=[], help="judge the lines of this profile only")
    select.add_argument(
        "--case",
        action="append",
        default=[],
        metavar="GLOB",
        help="the lines whose name (line-12) matches GLOB; `line-12[six-card]`: under that profile",
    )
    select.add_argument("--exclude", action="append", default=[], metavar="GLOB", help="leave out these lines")
    select.add_argument("--max-fail", type=int, metavar="N", help="stop after N lines that fail or cannot be read")
    select.add_argument("-x", "--exitfirst", action="store_true", help="stop at the first such line (--max-fail 1)")
    parser.add_argument(
        "--jobs",
        type=int,
        metavar="N",
        help="judge the lines in N processes, results still in line order (default: one per core for a"
        " transcript of 4 MB or more, else 1)",
    )
    parser.add_argument(
        "--write-cases",
        type=Path,
        metavar="DIR",
        help="write each distinct disagreement as a ready case file into DIR",
    )
    add_output_arguments(parser)


class Findings:
    """The distinct disagreements of a transcript, the smallest line of each kind."""

    def __init__(self) -> None:
        self.kept: dict[tuple[Any, ...], tuple[int, int, Finding]] = {}

    def add(self, number: int, finding: Finding) -> None:
        size = len(json.dumps(finding.example.input, separators=(",", ":")))
        key = kind_of(finding)
        held = self.kept.get(key)
        if held is None or size < held[0]:
            self.kept[key] = (size, number, finding)

    def write(self, folder: Path, source: str, engine: str) -> list[Path]:
        paths = []
        for _, number, finding in sorted(self.kept.values(), key=lambda kept: kept[1]):
            origin = Origin(
                prefix="transcript-",
                title="Transcript finding",
                command="cribcheck check",
                source=f"Found by cribcheck check in line {number} of {source}, a transcript of {engine}.",
            )
            document = case_document(finding, 0, engine, origin)
            case = document["cases"][0]
            case["id"] = case_id_of(finding, case["id"])
            document["topic"] = f"A disagreement found by cribcheck check ({case['id']})"
            case["rules"] = finding_rules(finding)
            case["tags"] = tags_of(finding, case["rules"])
            paths.append(write_case(document, folder, CASE_HEADER))
        return paths


def case_id_of(finding: Finding, plain: str) -> str:
    """The case's id: the fuzzer's (its operation and a digest of its input), and the optional
    parts its expectation holds (`transcript-hand-0545581d81-events`), so that a line and the
    same input in another transcript that claims more are two cases, not one id twice."""
    gated = FEATURE_KEYS.get(finding.example.op, {})
    parts = sorted({gated[key] for key in finding.compared if key in gated})
    return "-".join([plain, *parts])


_NUMBERS = re.compile(r"\d+")
_CARDS = re.compile(r'"(?:10|[A2-9TJQK])[CDHS\u2663\u2666\u2665\u2660]"')
_MESSAGE = re.compile(r" \(.*\)$")


def kind_of(finding: Finding) -> tuple[Any, ...]:
    """What makes a disagreement distinct: its operation, main profile, the rule it rests on most,
    and the shape of its first difference, the events' first where they differ (numbers, cards
    and messages left out: `events[#].type: expected "last_card", got "reset"`)."""
    lines = finding.mismatches
    first = next((line for line in lines if line.startswith("events[")), lines[0] if lines else finding.error or "")
    shape = _NUMBERS.sub("#", _CARDS.sub('"<card>"', _MESSAGE.sub("", first)))
    return (finding.example.op, main_profile(finding.example.profile), finding_rules(finding)[0], shape)


def header(path: Path, info: EngineInfo | None, args: argparse.Namespace, planned: int) -> RunHeader:
    return RunHeader(
        suite_version=suite_version(),
        cases_dir=display_path(path),
        protocol=PROTOCOL_VERSION,
        engine_command=display_path(path),
        engine_mode=MODE,
        engine=info,
        started=now_text(),
        selection={
            "profiles": list(args.profile),
            "cases": list(args.case),
            "rules": [],
            "tags": [],
            "excluded": list(args.exclude),
            "expectations": None,
            "max_fail": _max_fail(args),
        },
        planned=planned,
        rerun_prefix=("cribcheck", "check", str(path)),
    )


def _max_fail(args: argparse.Namespace) -> int | None:
    return 1 if args.exitfirst else args.max_fail


def first_line(path: Path) -> Hello | None:
    """The transcript's hello, if its first line is one."""
    for line in read_transcript(path):
        return line if isinstance(line, Hello) else None
    return None


@dataclass(frozen=True)
class Checked:
    """What a check made: every line's result, how it ended, the findings."""

    results: tuple[CaseResult, ...]
    exit_status: int
    findings: Findings


def check(path: Path, args: argparse.Namespace, reporters: Iterable[Reporter]) -> Checked:
    """Judge every line of the transcript at `path`, feeding `reporters`; never raises for what
    the transcript holds."""
    reporters = list(reporters)
    started = time.monotonic()
    hello = first_line(path)
    info = hello.info if hello else None
    jobs = args.jobs if getattr(args, "jobs", None) is not None else default_jobs(path)
    selection = Selection(profiles=tuple(args.profile), cases=tuple(args.case), excluded=tuple(args.exclude))
    named = selection.named(frozenset([*profile_names(), *(info.profiles if info else ())]))  # `line-12[six-card]`
    results: list[CaseResult] = []
    findings = Findings()
    max_fail = _max_fail(args)
    ending: dict[str, Any] = {}
    total, begins = count_lines(path)
    coming = total - (1 if hello else 0)  # every line but the hello comes back, a begin line as itself
    each_case = [reporter.case for reporter in reporters]
    judge, opened = Judge(path, info), Open()
    bad = seen = 0

    def take(number: int, judged: Judged) -> bool:
        """A line's result, given to the reporters if selected; whether to stop (--max-fail)."""
        nonlocal bad
        result = judged.result
        if not selection.takes(result.case, result.profile, named):
            return False
        for case in each_case:
            case(result)
        results.append(held(result))  # as a run holds it once reported: what a saved report gives back
        if judged.finding is not None:
            findings.add(number, judged.finding)
        bad += result.status.fails_run
        if max_fail is not None and bad >= max_fail:
            ending["stopped_early"] = f"stopped after {bad} lines that fail (--max-fail {max_fail})"
            return True
        return False

    with interrupt_once(), earlier_objects_left_alone(), cached_profiles():
        for reporter in reporters:
            reporter.start(header(path, info, args, coming - begins))
        try:
            # the answers remembered while the lines are judged, and only then: the diagnosis
            # replays the failures with known bugs patched into the reference, and must not be
            # given the clean answers remembered here (it would then differ from `summary`'s)
            with remembered_answers(), closing(judged_lines(path, info, jobs)) as lines:  # closed: workers ended
                for number, item in lines:
                    seen += 1
                    if isinstance(item, Begin):  # what it leaves unfinished, named by its own begin line
                        made = [(left.begun.number, judge.unfinished(left)) for left in opened.begin(item)]
                    else:
                        opened.line(number, item.result.case.op)
                        made = [(number, item)]
                    if any(take(*pair) for pair in made):
                        break
                else:  # the transcript's end: a game (or hand) still open was cut short
                    for left in opened.end():
                        if take(left.begun.number, judge.unfinished(left)):
                            break
        except KeyboardInterrupt:
            ending["interrupted"] = True
        selected = bool(args.profile or args.case or args.exclude)
        complete = not ending and (selected or seen == coming)
        outcome = end_run(reporters, results, started, complete=complete, engine=info, **ending)
    return Checked(tuple(results), outcome.footer.exit_status, findings)


def main(args: argparse.Namespace, out: TextIO | None = None) -> int:
    path: Path = args.transcript
    problem = _unreadable(path) or _wrong_protocol(path)
    if not problem and args.max_fail is not None and args.max_fail < 1:
        problem = "--max-fail must be at least 1"
    if not problem and args.jobs is not None and args.jobs < 1:
        problem = "--jobs must be at least 1"
    if problem:
        print(f"cribcheck check: {problem}", file=SafeStream(sys.stderr))  # may quote the transcript
        return setup_failed(path, args, problem)
    checked = check(path, args, reporters_from_args(args, out))
    if args.write_cases and checked.findings.kept:
        hello = first_line(path)
        engine = hello.info.label if hello else f"the engine of {display_path(path)}"
        written = checked.findings.write(args.write_cases, display_path(path), engine)
        print(f"wrote {len(written)} cases (one per distinct disagreement) into {args.write_cases}", file=out)
        for written_path in written:
            print(f"  {written_path}", file=out)
    return checked.exit_status


def setup_failed(path: Path, args: argparse.Namespace, problem: str) -> int:
    """A check that cannot start (the file unreadable, its hello of another protocol): every file
    report asked for is written all the same, marked with the problem, as `cribcheck run` writes
    them on a setup error, so that a CI job has its reports to show and upload. Exit 2."""
    return nothing_ran(setup_error_reporters(args), header(path, None, args, 0), f"{SETUP_ERROR}: {problem}")


def _unreadable(path: Path) -> str | None:
    if not path.is_file():
        return f"no such file: {path}"
    try:
        with path.open("rb") as stream:
            stream.read(1)
    except OSError as error:
        return f"cannot read {path}: {error.strerror or error}"
    return None


def _wrong_protocol(path: Path) -> str | None:
    hello = first_line(path)
    if hello and hello.info.protocol != PROTOCOL_VERSION:
        return (
            f"{path} line 1: protocol version mismatch: the transcript's hello speaks protocol "
            f"{hello.info.protocol}, this cribcheck speaks protocol {PROTOCOL_VERSION}"
        )
    return None
