"""`cribcheck run`: run the cases against an engine and report.

cases (selected) -> items (case x profile) -> not applicable, or a request to the engine ->
outcome -> verdict (compare, expectations) -> every reporter. Exit 0 when every applicable result
passes or is an expected failure, 1 when any fails, errors or passes unexpectedly, 2 on usage or
setup errors (bad cases, bad expectations, an engine that cannot start or shake hands, an engine
to which nothing selected is applicable: harness.run.applicable), 130 when
interrupted (the reports then hold what ran).
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from cribcheck.harness.contract.files import CASES_DIR, display_path
from cribcheck.harness.contract.version import suite_version
from cribcheck.harness.corpus.cases import Case, CaseFileError, add_cases_argument, load_cases
from cribcheck.harness.engine.engines import (
    Engine,
    EngineOptions,
    EngineSetupError,
    HelloChanged,
    add_engine_arguments,
    engine_options,
    engine_words,
)
from cribcheck.harness.engine.pool import EngineStart
from cribcheck.harness.engine.protocol import PROTOCOL_VERSION, EngineInfo, Request
from cribcheck.harness.operations.capabilities import Gap
from cribcheck.harness.report import Reporter
from cribcheck.harness.report.colour import CHOICES as COLOUR_CHOICES
from cribcheck.harness.report.colour import use_colour
from cribcheck.harness.report.common import not_checked_lines, not_checked_title
from cribcheck.harness.report.escaping import SafeStream
from cribcheck.harness.report.jsonl import JsonLinesReporter, to_standard_output
from cribcheck.harness.report.rules_book import add_rules_book_argument
from cribcheck.harness.report.terminal import TerminalReporter
from cribcheck.harness.results.diagnosis import Diagnosis
from cribcheck.harness.results.expectations import Expectations, ExpectationsError, load_expectations
from cribcheck.harness.results.results import (
    SETUP_ERROR,
    CaseResult,
    Item,
    NotChecked,
    RunFooter,
    RunHeader,
    Summary,
    held,
    not_checked_of,
)
from cribcheck.harness.results.status import Status
from cribcheck.harness.results.verdict import judge, not_applicable
from cribcheck.harness.results.write_expectations import expectations_document
from cribcheck.harness.results.write_expectations import write_expectations as write_expectations_file
from cribcheck.harness.run import last_failed
from cribcheck.harness.run.applicable import nothing_applicable
from cribcheck.harness.run.interrupts import interrupt_once
from cribcheck.harness.run.selection import Selection, unknown_filters

EXIT_OK, EXIT_FAILURES, EXIT_SETUP, EXIT_INTERRUPTED = 0, 1, 2, 130
BROKEN_SHARE = 0.9  # errors (or fails) among the results run, from which the run says so
BROKEN_MINIMUM = 3


def add_arguments(parser: argparse.ArgumentParser) -> None:
    engine = parser.add_argument_group("engine")
    add_engine_arguments(engine, repeatable=True)
    engine.add_argument("--timeout", type=float, default=5.0, metavar="S", help="seconds for one request (default 5)")
    engine.add_argument(
        "--startup-timeout", type=float, default=20.0, metavar="S", help="seconds for the answer to hello (default 20)"
    )
    engine.add_argument("--window", type=int, default=16, metavar="N", help="requests in flight at once (default 16)")
    engine.add_argument("--stderr-log", type=Path, metavar="FILE", help="append the engine's stderr to FILE")
    select = parser.add_argument_group("selection")
    add_cases_argument(select)
    select.add_argument("--profile", action="append", default=[], help="run under this profile only (repeatable)")
    select.add_argument("--case", action="append", default=[], metavar="GLOB", help="case ids matching GLOB")
    select.add_argument("--rule", action="append", default=[], help="cases citing this rule id, area or glob")
    select.add_argument("--tag", action="append", default=[], help="cases with this tag")
    select.add_argument(
        "--exclude",
        action="append",
        default=[],
        metavar="GLOB",
        help="leave out the case ids matching GLOB (repeatable)",
    )
    select.add_argument(
        "--lf",
        "--last-failed",
        dest="last_failed",
        action="store_true",
        help="only what failed (or erred) in this engine's last run from this folder; all when nothing did",
    )
    select.add_argument(
        "--collect-only",
        action="store_true",
        help=(
            "list the case x profile results the selection holds (with --engine, those its hello claims),"
            " one a line, and run nothing"
        ),
    )
    select.add_argument("--max-fail", type=int, metavar="N", help="stop after N failures or errors")
    select.add_argument(
        "-x", "--exitfirst", action="store_true", help="stop at the first failure or error (--max-fail 1)"
    )
    expect = parser.add_argument_group("expectations")
    expect.add_argument("--expectations", type=Path, metavar="FILE", help="known failures: xfail, xpass")
    expect.add_argument("--write-expectations", type=Path, metavar="FILE", help="write the failures of this run")
    add_output_arguments(parser)


def add_output_arguments(parser: argparse.ArgumentParser) -> None:
    """The reports and the terminal's options, the same for `cribcheck run` and `cribcheck check`
    (reporters_from_args reads them)."""
    output = parser.add_argument_group("output")
    output.add_argument(
        "--report",
        type=Path,
        metavar="FILE.jsonl",
        help="stream a JSON Lines report (`-`: to standard output, the terminal report then to standard error)",
    )
    output.add_argument(
        "--report-full",
        action="store_true",
        help="write every member of a passing result's line too (by default only its id, operation, profile, "
        "status and time: the rest is in its case file)",
    )
    output.add_argument("--junit", type=Path, metavar="FILE.xml", help="write JUnit XML")
    output.add_argument("--markdown", type=Path, metavar="FILE.md", help="write a Markdown summary")
    output.add_argument("--html", type=Path, metavar="FILE.html", help="write a self-contained HTML report")
    output.add_argument("--badge", type=Path, metavar="FILE.json", help="write a shields.io compliance badge")
    add_rules_book_argument(output)
    output.add_argument("--no-progress", action="store_true", help="no progress bar")
    output.add_argument("--details", type=int, default=50, metavar="N", help="failures shown in full (default 50)")
    output.add_argument(
        "--color",
        choices=COLOUR_CHOICES,
        default="auto",
        help="colour the terminal report: auto (default: a terminal, unless NO_COLOR; FORCE_COLOR forces), "
        "always, never",
    )
    loudness = output.add_mutually_exclusive_group()
    loudness.add_argument("-v", "--verbose", action="store_true", help="a line per result")
    loudness.add_argument("-q", "--quiet", action="store_true", help="only the failures and the summary")


@dataclass(frozen=True)
class Plan:
    """Everything a run needs, checked: the items, the expectations, the engine's options."""

    cases: tuple[Case, ...]
    items: tuple[Item, ...]
    selection: Selection
    expectations: Expectations
    engine_options: EngineOptions | None
    cases_dir: Path
    max_fail: int | None = None
    exitfirst: bool = False
    rerun_prefix: tuple[str, ...] = ()
    warnings: tuple[str, ...] = field(default_factory=tuple)
    jobs: int = 1  # copies of the engine sharing the requests (harness/engine/pool.py)
    full_report: bool = False  # --report-full: every member of every line of the JSON Lines report
    record: Path | None = None  # where this engine's failures are recorded for --last-failed
    # --last-failed narrowed the selection to the last run's failures: that they fail again says
    # nothing of the adapter, so the run's health notes (an adapter that looks broken) are not made
    failures_only: bool = False


class UsageError(Exception):
    pass


def plan_from_args(args: argparse.Namespace, loaded: Sequence[Case] | None = None) -> Plan:
    """Load and check what the arguments name; raises UsageError with a readable message.
    `loaded`: the cases of `args.cases`, when the caller has loaded them already."""
    if getattr(args, "config_error", None):
        raise UsageError(args.config_error)
    try:
        cases = list(loaded) if loaded is not None else load_cases(args.cases, naming=_named_ids(args))
    except CaseFileError as error:
        raise UsageError(f"the case files have problems:\n{error}") from None
    except OSError as error:
        raise UsageError(f"cannot read the cases: {error}") from None
    excluded = tuple(getattr(args, "exclude", ()))
    selection = Selection(tuple(args.profile), tuple(args.case), tuple(args.rule), tuple(args.tag), excluded)
    items = selection.items(cases)
    problems = unknown_filters(selection, cases)
    if not items:
        detail = "".join(f"\n  {problem}" for problem in problems)
        raise UsageError(f"nothing to run: no case x profile matches {selection.describe()}{detail}")
    record = last_failed.record_path(_engine_name(args), Path(args.cases))
    notes: list[str] = []
    failures_only = False
    if getattr(args, "last_failed", False):
        items, note = last_failed.narrowed(items, last_failed.load(record))
        notes += [note] if note else []
        failures_only = note is None
    expectations = Expectations()
    expectations_file = _expectations_file(args)
    if args.expectations and expectations_file is None:
        notes.append(
            f"no expectations file {args.expectations} yet (the configuration names it): every failure counts;"
            f" `--write-expectations {args.expectations}` writes one"
        )
    if expectations_file is not None:
        try:
            expectations = load_expectations(expectations_file, cases)
        except ExpectationsError as error:
            raise UsageError(str(error)) from None
    if args.max_fail is not None and args.max_fail < 1:
        raise UsageError("--max-fail must be at least 1")
    exitfirst = bool(getattr(args, "exitfirst", False))
    if exitfirst and args.max_fail not in (None, 1):
        raise UsageError("-x/--exitfirst stops at the first failure: give it or --max-fail, not both")
    for path in (args.report, args.junit, args.markdown, args.write_expectations, *_new_outputs(args)):
        if path is not None and not to_standard_output(path) and not path.resolve().parent.is_dir():
            raise UsageError(f"cannot write {path}: no folder {path.resolve().parent}")
    options = engine_options(args)
    prefix = ["cribcheck", "run", *engine_words(args)]
    if Path(args.cases).resolve() != CASES_DIR.resolve():
        prefix += ["--cases", str(args.cases)]
    if expectations_file is not None:
        prefix += ["--expectations", str(expectations_file)]
    return Plan(
        cases=tuple(cases),
        items=tuple(items),
        selection=selection,
        expectations=expectations,
        engine_options=options,
        cases_dir=Path(args.cases),
        max_fail=1 if exitfirst else args.max_fail,
        exitfirst=exitfirst,
        rerun_prefix=tuple(prefix),
        warnings=tuple(f"{problem} (ignored)" for problem in problems) + tuple(notes),
        jobs=_jobs(args),
        record=record,
        full_report=bool(getattr(args, "report_full", False)),
        failures_only=failures_only,
    )


def _expectations_file(args: argparse.Namespace) -> Path | None:
    """The expectations file to read: the one named, except one that the configuration file names
    and that does not exist yet (a new project's first run, before `--write-expectations` makes it:
    every failure counts). A file named on the command line that is missing stays an error."""
    path: Path | None = args.expectations
    if path is None:
        return None
    from_the_config = "expectations" not in getattr(args, "given", {"expectations"})
    if from_the_config and not path.exists():
        return None
    return path


def _named_ids(args: argparse.Namespace) -> tuple[str, ...]:
    """The case ids a run names outright (`--case ID`, `--case 'ID[profile]'`, no glob), when only
    their files need reading: not with --last-failed, an expectations file or another filter, which
    read the whole corpus. A rerun of one case reads one file (docs/performance.md)."""
    if not args.case or args.expectations or getattr(args, "last_failed", False) or args.rule or args.tag:
        return ()
    ids = [
        pattern[: pattern.index("[")] if pattern.endswith("]") and "[" in pattern else pattern for pattern in args.case
    ]
    if any(not name or any(mark in name for mark in "*?[]") for name in ids):
        return ()
    return tuple(ids)


def _engine_name(args: argparse.Namespace) -> str:
    return str(args.engine) if getattr(args, "engine", None) else "reference"


def _jobs(args: argparse.Namespace) -> int:
    """--jobs for one engine: copies of it (1 when not given, or for the in-process reference)."""
    jobs = getattr(args, "jobs", None)
    if jobs is None:
        return 1
    if jobs < 1:
        raise UsageError("--jobs must be at least 1")
    return jobs


def reporters_from_args(args: argparse.Namespace, out: TextIO | None = None) -> list[Reporter]:
    reporters: list[Reporter] = [
        TerminalReporter(
            out,
            progress=False if args.no_progress else None,  # on a terminal, even with -q: one line, redrawn
            details=args.details,
            verbose=args.verbose,
            quiet=getattr(args, "quiet", False),
            report=str(args.report) if args.report else None,
            color=use_colour(getattr(args, "color", "auto"), out or sys.stdout),
        )
    ]
    return reporters + file_reporters_from_args(args)


def file_reporters_from_args(args: argparse.Namespace) -> list[Reporter]:
    """The reporters of the files asked for: JSON Lines, JUnit, Markdown, HTML, badge."""
    reporters: list[Reporter] = []
    if args.report:
        reporters.append(JsonLinesReporter(args.report, full=bool(getattr(args, "report_full", False))))
    html, badge = _new_outputs(args)
    if not any((args.markdown, args.junit, html, badge)):
        return reporters  # report.outputs imports every writer: a plain run (a rerun) does without
    from cribcheck.harness.report.outputs import Outputs, file_reporters

    outputs = Outputs(
        markdown=args.markdown, junit=args.junit, html=html, badge=badge, rules_book=getattr(args, "rules_book", None)
    )
    return reporters + file_reporters(outputs)


def _new_outputs(args: argparse.Namespace) -> tuple[Path | None, Path | None]:
    """--html and --badge (absent from a Namespace built by hand)."""
    return getattr(args, "html", None), getattr(args, "badge", None)


@dataclass(frozen=True)
class RunOutcome:
    results: tuple[CaseResult, ...]
    footer: RunFooter


def now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def execute(
    plan: Plan, reporters: Sequence[Reporter], engine_factory: Callable[[], Engine] | None = None
) -> RunOutcome:
    """Start the engine (the plan's, or `engine_factory()`), run every item, feed every reporter;
    never raises for what the engine does, and turns Ctrl-C (and SIGTERM) into an interrupted run
    whose reports are written. The engine is closed at the end."""
    started = time.monotonic()
    results: list[CaseResult] = []
    engine: Engine | None = None
    opened = False
    ending: dict[str, Any] = {}

    each_case = [reporter.case for reporter in reporters]

    def report(result: CaseResult) -> None:
        for case in each_case:
            case(result)
        results.append(held(result))  # once reported, a bounded part (harness.results.kept)

    # The marks of every process the engine will start, made before it starts (harness.engine.pool).
    start = EngineStart(None if engine_factory else plan.engine_options, plan.jobs)
    # A second Ctrl-C cannot stop the engine's end or the reports.
    with interrupt_once(), earlier_objects_left_alone():
        try:
            try:
                engine = engine_factory() if engine_factory else start.start()
            except EngineSetupError as error:
                ending = {"aborted": f"the engine could not be started: {error.message}", "stderr": tuple(error.stderr)}
            _each(reporters, "start", _header(plan, engine))
            opened = True
            if engine is not None:
                try:
                    ending.update(_run_items(plan, engine, report))
                except KeyboardInterrupt:
                    ending["interrupted"] = True
        except KeyboardInterrupt:  # while starting the engine
            ending = {"interrupted": True, "aborted": "interrupted before the run began"}
        finally:
            try:
                if engine is not None:
                    ending["restarts"] = engine.restarts
                    try:
                        with suppress(KeyboardInterrupt):
                            engine.close()
                    finally:  # after close: stderr read to its end
                        ending.setdefault("stderr", tuple(engine.stderr_tail()))
            finally:  # whatever moment the run ended at, nothing the engine started is left
                start.end()
        if not opened:
            _each(reporters, "start", _header(plan, None))
        info = engine.info if engine is not None else None
        return _finish(plan, reporters, results, started, engine=info, **ending)


@contextmanager
def earlier_objects_left_alone() -> Iterator[None]:
    """While a run goes on, the garbage collector leaves alone the objects that existed before it
    (the cases, the schemas, the modules: they outlive the run anyway), which each of its full
    passes would walk again, for nothing: a fifth of the harness's time per request in a run of
    thousands of requests (docs/performance.md). What the run makes is collected as usual, and
    the earlier objects are given back to the collector when it ends."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _header(plan: Plan, engine: Engine | None) -> RunHeader:
    return RunHeader(
        suite_version=suite_version(),
        cases_dir=display_path(plan.cases_dir),
        protocol=PROTOCOL_VERSION,
        engine_command=plan.engine_options.command if plan.engine_options else None,
        engine_mode=_mode(plan.engine_options),
        engine=engine.info if engine else None,
        started=now_text(),
        selection={**plan.selection.as_json(), "expectations": plan.expectations.source, "max_fail": plan.max_fail},
        planned=len(plan.items),
        rerun_prefix=plan.rerun_prefix,
        cases_path=str(plan.cases_dir.resolve()),
    )


def _run_items(plan: Plan, engine: Engine, report: Callable[[CaseResult], None]) -> dict[str, Any]:
    """Report every item; how the run ended, if not at the end: `stopped_early` (--max-fail, -x),
    or `aborted` when nothing at all is applicable to the engine, or when its hello changed (after
    a restart, or from one --jobs copy to another: harness.engine.engines.HelloChanged). Also
    `not_checked`: the items not applicable, counted by why."""
    info = engine.info
    runnable, missing = by_claims(plan.items, info)
    for item, gap in missing:
        report(not_applicable(item, item.why_not(info) or gap.kind, plan.expectations.for_item(*item.key)))
    ending: dict[str, Any] = {"not_checked": not_checked_of(gap for _, gap in missing)}
    nothing = nothing_applicable(info, plan.items)
    if nothing:
        return {**ending, "aborted": nothing}
    by_seq: dict[str, Item] = {}
    features = {op: info.features_for(op) for op in info.operations}

    def requests() -> Iterator[Request]:
        for number, item in enumerate(runnable, start=1):
            seq = str(number)
            by_seq[seq] = item
            yield item.request(seq, features[item.case.op])

    bad = 0
    outcomes = engine.answer(requests())
    try:
        for outcome in outcomes:
            item = by_seq.pop(outcome.seq)
            result = judge(
                item,
                outcome,
                features[item.case.op],
                plan.expectations.for_item(item.case.id, item.profile),
                stops_at_target=info.stops_at_target,
            )
            report(result)
            bad += result.status in (Status.FAIL, Status.ERROR, Status.XPASS)
            if plan.max_fail is not None and bad >= plan.max_fail:
                if plan.exitfirst:
                    return {**ending, "stopped_early": f"stopped at the first failure ({item.name}, -x/--exitfirst)"}
                return {**ending, "stopped_early": f"stopped after {bad} failures (--max-fail {plan.max_fail})"}
    except HelloChanged as changed:
        return {**ending, "aborted": changed.message}
    finally:
        outcomes.close()
    return ending


def by_claims(items: Sequence[Item], info: EngineInfo) -> tuple[list[Item], list[tuple[Item, Gap]]]:
    """The items the engine's claims take, in order, and the others with the claim each lacks."""
    runnable: list[Item] = []
    missing: list[tuple[Item, Gap]] = []
    for item in items:
        gap = item.gap(info)
        if gap is None:
            runnable.append(item)
        else:
            missing.append((item, gap))
    return runnable, missing


def _finish(
    plan: Plan,
    reporters: Sequence[Reporter],
    results: list[CaseResult],
    started: float,
    *,
    interrupted: bool = False,
    aborted: str | None = None,
    stopped_early: str | None = None,
    stderr: tuple[str, ...] = (),
    restarts: int = 0,
    not_checked: tuple[NotChecked, ...] = (),
    engine: EngineInfo | None = None,
) -> RunOutcome:
    return end_run(
        reporters,
        results,
        started,
        complete=len(results) == len(plan.items) and not (aborted and not plan.items),  # a run never set up
        interrupted=interrupted,
        aborted=aborted,
        stopped_early=stopped_early,
        stderr=stderr,
        restarts=restarts,
        not_checked=not_checked,
        engine=engine,
        health=not plan.failures_only,
    )


def end_run(
    reporters: Sequence[Reporter],
    results: Sequence[CaseResult],
    started: float,
    *,
    complete: bool,
    interrupted: bool = False,
    aborted: str | None = None,
    stopped_early: str | None = None,
    stderr: tuple[str, ...] = (),
    restarts: int = 0,
    notes: Sequence[str] = (),
    not_checked: tuple[NotChecked, ...] = (),
    engine: EngineInfo | None = None,
    health: bool = True,
) -> RunOutcome:
    """The end of every run, the same for `cribcheck run` and `cribcheck check`: the footer (the
    summary, how the run ended, the notes on its health) given to every reporter, and the exit
    status: 130 interrupted, 2 aborted, 1 when any result fails the run, else 0. `notes`: what
    the caller adds to the health notes (a transcript's lines that could not be read);
    `not_checked`: the items not applicable, counted by why; `engine`: what the engine claimed,
    for the diagnosis (harness/diagnosis/), made before the footer; `health`: whether to add the
    notes on the run's health (not for a run of the last failures alone)."""
    summary = Summary.of(results)
    seconds = time.monotonic() - started  # the run's own time, before its diagnosis
    diagnosis, cut_short = diagnosis_of(results, engine)
    interrupted = interrupted or cut_short
    if interrupted:
        status = EXIT_INTERRUPTED
    elif aborted:
        status = EXIT_SETUP
    else:
        status = EXIT_FAILURES if summary.bad else EXIT_OK
    footer = RunFooter(
        summary=summary,
        finished=now_text(),
        seconds=seconds,
        complete=complete,
        interrupted=interrupted,
        aborted=aborted,
        stopped_early=stopped_early,
        restarts=restarts,
        stderr_tail=stderr,
        notes=(*notes, *(health_notes(results) if health else ())),
        exit_status=status,
        not_checked=not_checked,
        diagnosis=diagnosis,
    )
    _each(reporters, "finish", footer)
    return RunOutcome(tuple(results), footer)


def diagnosis_of(results: Sequence[CaseResult], engine: EngineInfo | None) -> tuple[Diagnosis | None, bool]:
    """The run's diagnosis (harness/diagnosis/), and whether Ctrl-C cut it short (the run then
    ends as interrupted, without one). A run without a wrong answer or an error has nothing to
    diagnose, and does not load the diagnosis (nor the mutants it replays)."""
    if not any(result.status in (Status.FAIL, Status.ERROR) for result in results):
        return Diagnosis(()), False
    try:
        from cribcheck.harness.diagnosis.diagnose import diagnose  # loaded only when something failed

        return diagnose(results, engine), False
    except KeyboardInterrupt:
        return None, True


def health_notes(results: Sequence[CaseResult]) -> list[str]:
    """Warnings about the run as a whole: an adapter that looks broken."""
    ran = errors = fails = 0  # in one pass: a run can hold many thousand results
    for result in results:
        status = result.status
        if status in (Status.NOT_APPLICABLE, Status.SKIP):
            continue
        ran += 1
        if status is Status.FAIL:
            fails += 1
        elif status in (Status.ERROR, Status.XFAIL) and result.actual is None:
            errors += 1
    if ran < BROKEN_MINIMUM:
        return []
    if errors >= BROKEN_SHARE * ran:
        return [
            f"{errors} of {ran} results are errors: the adapter looks broken. Check its first error "
            "message and its stderr, and try `cribcheck smoke --engine CMD`."
        ]
    if fails >= BROKEN_SHARE * ran:
        return [
            f"{fails} of {ran} results are wrong answers: the adapter may be translating inputs or results "
            "wrongly (see docs/checking-your-engine.md)."
        ]
    return []


def _mode(options: EngineOptions | None) -> str:
    if options is None:
        return "in-process"
    return "once" if options.once else "persistent"


def _each(reporters: Sequence[Reporter], method: str, value: object) -> None:
    for reporter in reporters:
        getattr(reporter, method)(value)


SELECTION_OPTIONS = ("profile", "case", "rule", "tag", "exclude")  # Selection's fields, in order


def interrupted_start(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """The reports of a run interrupted before its plan was made (no case read, no engine)."""
    return _empty_run(args, reporters_from_args(args, out), "interrupted before the run began", interrupted=True)


def setup_failed(args: argparse.Namespace, message: str) -> int:
    """A run that could not be set up (a case file, the expectations, a selection, an output's
    folder...): every report asked for is written all the same, marked with the error, so that a CI
    job has its JUnit, Markdown, HTML and JSON Lines to show and upload. A report whose folder is
    missing cannot be written, and is the error itself. The message was printed by the caller."""
    return _empty_run(args, setup_error_reporters(args), f"{SETUP_ERROR}: {message}")


def setup_error_reporters(args: argparse.Namespace) -> list[Reporter]:
    """The file reports asked for that can be written on a setup error: those whose folder exists
    (one that cannot be written is the setup error itself)."""
    return [reporter for reporter in file_reporters_from_args(args) if _writable(reporter)]


def _writable(reporter: Reporter) -> bool:
    path = getattr(reporter, "path", None)
    return path is None or (isinstance(path, Path) and path.resolve().parent.is_dir())


def nothing_ran(reporters: Sequence[Reporter], header: RunHeader, why: str, *, interrupted: bool = False) -> int:
    """The reports of a run in which nothing ran (`why`: the reason, the footer's `aborted`), and
    its exit status: shared by `cribcheck run` and `cribcheck check`."""
    _each(reporters, "start", header)
    ended = end_run(reporters, [], time.monotonic(), complete=False, interrupted=interrupted, aborted=why)
    return ended.footer.exit_status


def _empty_run(args: argparse.Namespace, reporters: Sequence[Reporter], why: str, *, interrupted: bool = False) -> int:
    """A run with no result: its reports, with `why` as the reason, and its exit status."""
    plan = Plan(
        cases=(),
        items=(),
        selection=Selection(*(tuple(getattr(args, name, ())) for name in SELECTION_OPTIONS)),
        expectations=Expectations(),
        engine_options=engine_options(args),
        cases_dir=Path(args.cases),
    )
    return nothing_ran(reporters, _header(plan, None), why, interrupted=interrupted)


def collect(plan: Plan, out: TextIO) -> int:
    """--collect-only: the results the run would give, as every report names them, and how many.
    With an engine, its hello's claims apply: only what it would be sent is listed, and what it
    would not is counted by why, as a run's reports count it (the engine is started for its hello
    and closed; nothing is sent to it)."""
    items: Sequence[Item] = plan.items
    missing: list[tuple[Item, Gap]] = []
    if plan.engine_options is not None:
        try:
            engine = EngineStart(plan.engine_options, 1).start()
        except EngineSetupError as error:
            print(f"cribcheck run: the engine could not be started: {error.message}", file=SafeStream(sys.stderr))
            return EXIT_SETUP
        try:
            info = engine.info
        finally:
            engine.close()
        items, missing = by_claims(plan.items, info)
    for item in items:
        print(item.name, file=out)
    cases = len({item.case.id for item in items})
    if plan.engine_options is None:
        print(f"\n{len(items)} case x profile results selected ({cases} cases): nothing run", file=out)
        return EXIT_OK
    print(
        f"\n{len(items):,} of {len(plan.items):,} case x profile results selected would run ({cases} cases),"
        " by the engine's claims: nothing run",
        file=out,
    )
    counted = not_checked_of(gap for _, gap in missing)
    for line in [not_checked_title(counted), *not_checked_lines(counted)]:
        if line:
            print(f"  {line}", file=SafeStream(out))
    return EXIT_OK


def main(args: argparse.Namespace, out: TextIO | None = None) -> int:
    if to_standard_output(args.report):  # the JSON Lines on standard output, the rest on standard error
        out = sys.stderr
    with interrupt_once():  # Ctrl-C while the cases load: the reports are written all the same
        try:
            plan = plan_from_args(args)
        except UsageError as error:
            print(f"cribcheck run: {error}", file=SafeStream(sys.stderr))
            return setup_failed(args, str(error))
        except KeyboardInterrupt:
            return interrupted_start(args, out)
    for warning in plan.warnings:  # a file's words: shown, never acted on by the terminal
        print(f"cribcheck run: warning: {warning}", file=SafeStream(sys.stderr))
    if getattr(args, "collect_only", False):
        return collect(plan, out or sys.stdout)
    outcome = execute(plan, reporters_from_args(args, out))
    last_failed.save(plan.record, outcome.results)
    footer = outcome.footer
    if args.write_expectations:
        if footer.complete and not footer.aborted:
            engine = plan.engine_options.command if plan.engine_options else "reference"
            write_expectations_file(args.write_expectations, expectations_document(outcome.results, engine))
            print(f"wrote {args.write_expectations}", file=out or sys.stdout)
        else:
            print("cribcheck run: not writing expectations: the run did not finish", file=sys.stderr)
    return footer.exit_status
