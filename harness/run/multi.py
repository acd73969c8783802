"""`cribcheck run --engine A --engine B ...`: several engines in one run, side by side.

Each engine is run by its own `cribcheck run` in its own process (at most --jobs at once), on the
same selection, writing a JSON Lines report; `reference` names the reference engine. The reports
are then read back and shown side by side in every output (terminal, Markdown, HTML, JUnit, a
badge per engine), as `cribcheck summary` would show them; `--report FILE.jsonl` holds each
engine's run in turn. An engine that fails to start is reported in its column and the others go
on. The exit status is the worst engine's: 130 interrupted, 2 a setup error (an engine that did
not start included), 1 failures, 0 when every engine passed everything applicable.

With one `--engine` (or none) this is the plain `cribcheck run` (harness.run.runner).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TextIO

from cribcheck.harness.engine.engines import REFERENCE
from cribcheck.harness.report.jsonl import JsonLinesReporter, to_standard_output
from cribcheck.harness.run import last_failed, runner
from cribcheck.harness.run.interrupts import interrupt_once

if TYPE_CHECKING:
    from cribcheck.harness.results.saved import Run

# Several engines' comparison and its reports (report.compare, report.outputs, results.saved) are
# imported by the run of several engines only: a one-engine run, the rerun of one case above all,
# does not pay for them (benchmarks/responsiveness.py).

PER_ENGINE = ("expectations", "write_expectations", "stderr_log")  # options that name one engine's file


def add_arguments(parser: argparse.ArgumentParser) -> None:
    runner.add_arguments(parser)
    parser.add_argument(
        "--jobs",
        type=int,
        metavar="N",
        help="engine processes at once. One --engine: N copies of it share the cases, results still in case"
        " order (default 1: an engine may not be safe to run twice). Several: N engines run at once, one"
        " process each (default: the number of cores)",
    )


def engine_list(args: argparse.Namespace) -> list[str]:
    return list(getattr(args, "engines", ()) or ([args.engine] if args.engine else []))


def main(args: argparse.Namespace, out: TextIO | None = None) -> int:
    engines = engine_list(args)
    if len(engines) > 1 and to_standard_output(args.report):  # the JSON Lines on standard output
        out = sys.stderr
    if len(engines) <= 1 or getattr(args, "collect_only", False):  # the selection is the same for every engine
        return runner.main(_for_engine(args, engines[0] if engines else None), out)
    return run_several(args, engines, out or sys.stdout)


def _for_engine(args: argparse.Namespace, engine: str | None, *, several: bool = False) -> argparse.Namespace:
    """The arguments of one engine's run: `reference` is the in-process reference."""
    given = dict(vars(args))
    given["engine"] = None if engine in (None, REFERENCE) else engine
    given["engines"] = () if given["engine"] is None else (engine,)
    if several:
        given["jobs"] = 1  # --jobs counts the engines running at once
    return argparse.Namespace(**given)


def run_several(args: argparse.Namespace, engines: list[str], out: TextIO) -> int:
    from cribcheck.harness.report.compare import worst_exit_status
    from cribcheck.harness.report.outputs import Outputs, print_terminal, write

    named = [f"--{name.replace('_', '-')}" for name in PER_ENGINE if getattr(args, name, None)]
    if named:
        return _setup_failed(args, f"{', '.join(named)} name one engine's file: run such an engine alone")
    jobs = (os.cpu_count() or 1) if args.jobs is None else args.jobs
    if jobs < 1:
        return _setup_failed(args, "--jobs must be at least 1")
    try:  # the cases loaded, the selection and the outputs checked once, before any engine starts
        cases = runner.plan_from_args(_for_engine(args, None, several=True)).cases
        plans = [runner.plan_from_args(_for_engine(args, engine, several=True), cases) for engine in engines]
    except runner.UsageError as error:
        return _setup_failed(args, str(error))
    with tempfile.TemporaryDirectory(prefix="cribcheck-engines-") as folder:
        reports = [Path(folder) / f"engine-{number}.jsonl" for number in range(len(engines))]
        with interrupt_once():  # SIGTERM too: every engine's run is ended, and its report read
            interrupted = _run_each(plans, engines, reports, jobs, out)
        runs = [_read(engine, report) for engine, report in zip(engines, reports, strict=True)]
        for plan, run in zip(plans, runs, strict=True):
            last_failed.save(plan.record, run.results)
        if args.report:
            _join(reports, args.report)
        # the runs' results are read from their reports as the outputs are written: in the folder
        print("", file=out)
        print_terminal(runs, out, details=args.details)
        outputs = Outputs(
            markdown=args.markdown,
            junit=args.junit,
            html=args.html,
            badge=args.badge,
            rules_book=getattr(args, "rules_book", None),
        )
        for path in write(runs, outputs):
            print(f"wrote {path}", file=out)
    if interrupted:
        return runner.EXIT_INTERRUPTED
    return worst_exit_status(runs)


def _join(reports: list[Path], path: Path) -> None:
    """Every engine's report in turn, into one file (or standard output), copied as a stream: a
    report may be larger than memory."""
    if to_standard_output(path):
        sys.stdout.flush()
        _copy(reports, sys.stdout.buffer)
        sys.stdout.buffer.flush()
        return
    with path.open("wb") as joined:
        _copy(reports, joined)


def _copy(reports: list[Path], joined: BinaryIO) -> None:
    for report in reports:
        if report.is_file():
            with report.open("rb") as part:
                shutil.copyfileobj(part, joined)


def _setup_failed(args: argparse.Namespace, message: str) -> int:
    """Several engines' run that could not be set up: the message, and every report asked for."""
    print(f"cribcheck run: {message}", file=sys.stderr)
    return runner.setup_failed(_for_engine(args, None, several=True), message)


def _run_each(plans: list[runner.Plan], engines: list[str], reports: list[Path], jobs: int, out: TextIO) -> bool:
    """Run every engine's plan in its own process, `jobs` at a time; True when interrupted."""
    context = multiprocessing.get_context("spawn")
    waiting = list(range(len(engines)))
    running: list[tuple[int, multiprocessing.process.BaseProcess]] = []
    interrupted = False
    while waiting or running:
        while waiting and len(running) < jobs and not interrupted:
            number = waiting.pop(0)
            process = context.Process(target=_child, args=(plans[number], reports[number]))
            process.start()
            running.append((number, process))
            print(f"{_letter(number)}: running {engines[number]}", file=out, flush=True)
        if interrupted:
            waiting.clear()
        number, process = running[0]
        try:
            process.join()
        except KeyboardInterrupt:  # the engines' runs are interrupted too, and write their reports
            interrupted = True
            for _, child in running:  # Ctrl-C reached them with the terminal's group; SIGTERM did not
                child.terminate()  # SIGTERM: an interrupted run (a second signal changes nothing)
            continue
        running.pop(0)
        print(f"{_letter(number)}: finished (exit status {process.exitcode})", file=out, flush=True)
    return interrupted


def _child(plan: runner.Plan, report: Path) -> None:
    """One engine's run, in its own process: its JSON Lines report is all it leaves."""
    outcome = runner.execute(plan, [JsonLinesReporter(report, full=plan.full_report)])
    sys.exit(outcome.footer.exit_status)


def _read(engine: str, report: Path) -> Run:
    from cribcheck.harness.diagnosis.diagnose import ranked_again
    from cribcheck.harness.results.saved import ReportFileError, read_runs, unreadable_run

    try:
        runs = read_runs(report, check=False)  # written by our own run; `cribcheck summary` checks
    except ReportFileError as error:
        return unreadable_run(None if engine == REFERENCE else engine, f"its run left no report: {error}")
    return ranked_again(runs[0])  # as `cribcheck summary` of the joined report shows it


def _letter(number: int) -> str:
    from cribcheck.harness.report.compare import letters

    return letters(number + 1)[number]
