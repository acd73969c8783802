"""`cribcheck check FILE.jsonl`: judge a transcript of what an engine really did.

Each line of the transcript (harness/transcripts/lines.py) holds a request's operation, profile and
input and the engine's answer. The reference engine answers the same input, and the engine's
answer is judged exactly as `cribcheck run` judges an answer: the same verdict
(harness/results/verdict.py: the keys always compared, the features the transcript's hello claims,
not applicable what it does not claim), the same reporters (terminal, JSON Lines, JUnit, Markdown,
HTML, badge) and the same end of run (harness/run/runner.py's end_run: the footer, its notes, the
exit status). Each line is a case named by its number, `line-12`; its rules are those the
fuzzer's findings name for a disagreement (harness/fuzz/findings.py), so a failure says the line,
the field and the rule. A line that is not a transcript line is an `error` naming the line and the
field, and the lines after it are judged all the same.

The transcript is read as a stream, and a line that agrees with the reference is kept, for the
end of the run, as its name and status only (its expectation and answer are not copied into the
reports: the transcript holds them), so that memory grows with the lines that disagree, not with
the transcript. `--write-cases DIR` writes a case file for each distinct disagreement (distinct by
operation, main profile, the rules and the shape of the first difference; the smallest line of
each kind), ready to commit as the fuzzer writes its findings.

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
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from cribcheck.harness.contract.files import display_path
from cribcheck.harness.contract.version import suite_version
from cribcheck.harness.corpus.cases import Case
from cribcheck.harness.engine.protocol import PROTOCOL_VERSION, EngineInfo, Outcome, cut
from cribcheck.harness.fuzz.findings import (
    OP_RULES,
    Finding,
    Origin,
    case_document,
    case_expectation,
    rules_of,
    tags_of,
    write_case,
)
from cribcheck.harness.fuzz.strategies import Example, main_profile
from cribcheck.harness.operations.answers import cached_profiles, run_reference
from cribcheck.harness.operations.features import compared_expectation, input_sent
from cribcheck.harness.report import Reporter
from cribcheck.harness.report.escaping import SafeStream
from cribcheck.harness.results.results import SETUP_ERROR, CaseResult, Item, RunHeader
from cribcheck.harness.results.status import Status
from cribcheck.harness.results.verdict import answer_of, judge, not_applicable
from cribcheck.harness.run.interrupts import interrupt_once
from cribcheck.harness.run.runner import (
    add_output_arguments,
    earlier_objects_left_alone,
    end_run,
    file_reporters_from_args,
    now_text,
    reporters_from_args,
    writable,
)
from cribcheck.harness.run.selection import Selection
from cribcheck.harness.transcripts.lines import BadLine, Entry, Hello, count_lines, read_transcript
from cribcheck.reference import CribbageError, load_profile, play_pegging
from cribcheck.reference.pegging import LastCard, Reset

MODE = "transcript"  # the header's engine mode: the answers come from a file, not a process
SHOWN_INPUT = 600  # characters of a disagreeing line's input quoted in its explanation
CASE_HEADER = (
    "# Written by `cribcheck check --write-cases`: a line of a transcript the reference disagrees with.\n"
    "# Check it, then move it into the topic file under cases/ it belongs to (or commit it as is).\n"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("transcript", type=Path, metavar="FILE.jsonl", help="the transcript (one JSON object a line)")
    select = parser.add_argument_group("selection")
    select.add_argument("--profile", action="append", default=[], help="judge the lines of this profile only")
    select.add_argument(
        "--case", action="append", default=[], metavar="GLOB", help="the lines whose name (line-12) matches GLOB"
    )
    select.add_argument("--exclude", action="append", default=[], metavar="GLOB", help="leave out these lines")
    select.add_argument("--max-fail", type=int, metavar="N", help="stop after N lines that fail or cannot be read")
    select.add_argument("-x", "--exitfirst", action="store_true", help="stop at the first such line (--max-fail 1)")
    parser.add_argument(
        "--write-cases",
        type=Path,
        metavar="DIR",
        help="write each distinct disagreement as a ready case file into DIR",
    )
    add_output_arguments(parser)


@dataclass(frozen=True)
class Judged:
    """One line's result, and the finding it makes when it disagrees."""

    result: CaseResult
    finding: Finding | None = None


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
            case["rules"] = finding_rules(finding)
            case["tags"] = tags_of(finding, case["rules"])
            paths.append(write_case(document, folder, CASE_HEADER))
        return paths


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


def finding_rules(finding: Finding) -> list[str]:
    """The rules a disagreement rests on: the fuzzer's (harness/fuzz/findings.py), after, for a
    play the reference refuses in a pegging, the rule of the moment it comes at."""
    try:
        rules = rules_of(finding)
    except CribbageError:  # a profile the reference does not know: the engine answered it
        return ["input.cards"]
    moment = refused_play_rule(finding) or missing_award_rule(finding)
    return list(dict.fromkeys([moment, *rules])) if moment else rules


AWARD_RULES: Mapping[str, str] = {
    "heels": "deal.heels",
    "three_for_last": "game.three-for-last",
    "last_card": "peg.last-card",
    "show": "game.show-order",
}


def missing_award_rule(finding: Finding) -> str | None:
    """For a hand whose scores alone are compared (no events claimed), not won: for each player
    whose score differs, the one kind of award (heels, three for last, the go or last-card points,
    the show) whose points, in the reference's events, are exactly that player's difference, when
    exactly one kind is: the award the engine left out (or gave twice). Heels first, then the
    rule if the players agree on one."""
    example, expected, answer = finding.example, finding.expected, finding.answer or {}
    result = answer.get("ok")
    if example.op != "hand" or "events" in finding.compared or not isinstance(result, Mapping):
        return None
    want, got = expected.get("scores", {}), result.get("scores")
    if not isinstance(got, Mapping) or expected.get("winner") is not None or result.get("winner") is not None:
        return None
    found: list[str] = []
    for side in want:
        if not isinstance(got.get(side), int) or want[side] == got[side]:
            continue
        totals: dict[str, int] = {}
        for event in expected.get("events", ()):
            if event.get("player") == side and event.get("type") in AWARD_RULES:
                totals[event["type"]] = totals.get(event["type"], 0) + int(event.get("points", 0))
        kinds = [kind for kind, total in totals.items() if total == abs(want[side] - got[side])]
        if len(kinds) == 1:
            found.append(AWARD_RULES[kinds[0]])
    if "deal.heels" in found:
        return "deal.heels"
    return found[0] if len(set(found)) == 1 else None


TURN_CODES = frozenset({"not_your_turn", "go_with_playable_card", "play_after_pegging_over"})


def refused_play_rule(finding: Finding) -> str | None:
    """For a pegging whose play at `index` the reference refuses as another's turn (or a go, or
    after the end) while the engine played it: `peg.restart` when the reference had just started
    a new count (the engine let the wrong player lead it), `peg.go` when the count was still open
    (the engine ended it, or passed the turn, while the player to play could still play)."""
    example, expected = finding.example, finding.expected
    if example.op != "pegging" or expected.get("rejected") not in TURN_CODES or "index" not in expected:
        return None
    data = example.input
    try:
        plays = list(data["plays"])[: expected["index"]]
        profile = load_profile(example.profile)
        replay = play_pegging(data["pone"], data["dealer"], plays, profile, require_complete=False)
    except (CribbageError, KeyError, TypeError):
        return None
    last = replay.events[-1] if replay.events else None
    return "peg.restart" if isinstance(last, Reset | LastCard) else "peg.go"


def default_rules(op: str, profile: str) -> tuple[str, ...]:
    """The rules of a line that agrees (they sort it into a rule area): its operation's first."""
    rule = OP_RULES[op][0]
    if rule.startswith("<"):
        try:
            rule = "peg.single-count" if load_profile(profile).count == "single" else "peg.restart"
        except CribbageError:
            rule = "peg.restart"
    return (rule,)


class Judge:
    """Judges the lines of one transcript, with what its hello claims."""

    def __init__(self, path: Path, info: EngineInfo | None) -> None:
        self.source = display_path(path)
        self.info = info

    def case(self, number: int, op: str, profile: str, data: Mapping[str, Any], **fields: Any) -> Case:
        return Case(
            id=f"line-{number}",
            title=fields.pop("title", f"line {number}: {op} under {profile}"),
            rules=fields.pop("rules", None) or default_rules(op, profile),
            tags=(),
            profiles=(profile,),
            op=op,
            input=data,
            expect=fields.pop("expect", {}),
            explain=fields.pop("explain", ""),
            file=self.source,
            topic="",
        )

    def entry(self, entry: Entry) -> Judged:
        why = self.info.why_not(entry.op, entry.profile) if self.info else None
        if why is not None:
            return Judged(
                not_applicable(Item(self.case(entry.number, entry.op, entry.profile, {}), entry.profile), why)
            )
        features = self.info.features_for(entry.op) if self.info else frozenset()  # claims are per operation
        data = input_sent(entry.input, entry.profile, features)
        try:
            answer = run_reference(entry.op, data, entry.profile)
        except Exception as error:  # the input is not one of the operation's: the line is bad
            problem = f"input: the reference cannot read it ({type(error).__name__}: {error})"
            return self.bad(BadLine(entry.number, problem, entry.op, entry.profile))
        expected = case_expectation(entry.op, answer)
        case = self.case(entry.number, entry.op, entry.profile, data, expect={"default": expected})
        item = Item(case, entry.profile)
        outcome = Outcome(str(entry.number), entry.kind, entry.body)
        result = judge(item, outcome, features)
        if result.status is Status.PASS:  # kept as its name and status: the transcript holds the rest
            slim = Item(replace(case, input={}, expect={}), entry.profile)
            return Judged(replace(result, item=slim, expected=None, actual=None))
        example = Example(entry.op, entry.profile, dict(data))
        compared = compared_expectation(entry.op, expected, features)
        finding = Finding(example, expected, compared, answer_of(outcome), None, result.mismatches)
        rules = tuple(finding_rules(finding))
        shown = cut(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        explain = f"Line {entry.number} of {self.source}. The input: {shown}"
        failing = replace(  # the expectation kept is what was compared (the reference's events may be large)
            case, rules=rules, explain=explain, title=f"{case.title}: {', '.join(rules)}", expect={"default": compared}
        )
        return Judged(replace(result, item=Item(failing, entry.profile)), finding)

    def bad(self, line: BadLine) -> Judged:
        op = line.op or ""  # a line that names no operation readably: the report says null
        profile = line.profile or "(none)"
        case = self.case(
            line.number,
            op,
            profile,
            {},
            title=f"line {line.number}: not a transcript line",
            rules=("input.cards",) if not line.op else default_rules(line.op, profile),
            explain=f"Line {line.number} of {self.source}: {line.problem}",
        )
        message = f"line {line.number}: {line.problem}"
        return Judged(CaseResult(Item(case, profile), Status.ERROR, message))


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
    judge_line = Judge(path, info)
    selection = Selection(profiles=tuple(args.profile), cases=tuple(args.case), excluded=tuple(args.exclude))
    results: list[CaseResult] = []
    findings = Findings()
    max_fail = _max_fail(args)
    ending: dict[str, Any] = {}
    planned = count_lines(path) - (1 if hello else 0)
    each_case = [reporter.case for reporter in reporters]
    with interrupt_once(), earlier_objects_left_alone(), cached_profiles():
        for reporter in reporters:
            reporter.start(header(path, info, args, planned))
        bad = 0
        try:
            for line in read_transcript(path):
                if isinstance(line, Hello):
                    continue
                judged = judge_line.entry(line) if isinstance(line, Entry) else judge_line.bad(line)
                result = judged.result
                if not (selection.takes_case(result.case) and selection.takes_profile(result.profile)):
                    continue
                results.append(result)
                for case in each_case:
                    case(result)
                if judged.finding is not None:
                    findings.add(line.number, judged.finding)
                bad += result.status.fails_run
                if max_fail is not None and bad >= max_fail:
                    ending["stopped_early"] = f"stopped after {bad} lines that fail (--max-fail {max_fail})"
                    break
        except KeyboardInterrupt:
            ending["interrupted"] = True
        selected = bool(args.profile or args.case or args.exclude)
        complete = not ending and (selected or len(results) == planned)
        outcome = end_run(reporters, results, started, complete=complete, **ending)
    return Checked(tuple(results), outcome.footer.exit_status, findings)


def main(args: argparse.Namespace, out: TextIO | None = None) -> int:
    path: Path = args.transcript
    problem = _unreadable(path) or _wrong_protocol(path)
    if not problem and args.max_fail is not None and args.max_fail < 1:
        problem = "--max-fail must be at least 1"
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
    reporters = [reporter for reporter in file_reporters_from_args(args) if writable(reporter)]
    for reporter in reporters:
        reporter.start(header(path, None, args, 0))
    ended = end_run(reporters, [], time.monotonic(), complete=False, aborted=f"{SETUP_ERROR}: {problem}")
    return ended.footer.exit_status


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
