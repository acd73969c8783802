"""The terminal: a live progress bar (on a terminal only), then the likely causes of the failures
(the run's diagnosis, each with its smallest case and the commands to explain and rerun it), then
each failure in detail, cause by cause and the smallest first, then the summary by profile and by
rule area, the compliance line and any warnings.

A failure seen under several profiles (the same status, mismatches and message) is shown once,
named `id[profile, profile, ...]`; the profile table leaves out the profiles under which nothing
was applicable (named on one line instead). The reporter keeps the first KEPT_GROUPS failures (as
a run holds them: harness.results.kept) to show by cause, and only counts the rest, so that what
it holds is bounded whatever the number of results."""

from __future__ import annotations

import sys
import textwrap
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TextIO

from cribcheck.harness.report.causes import Group, cause_lines, groups, heading
from cribcheck.harness.report.colour import use_colour
from cribcheck.harness.report.common import (
    compliance_text,
    counts_text,
    diff_lines,
    needs_detail,
    not_checked_lines,
    not_checked_title,
    rejection_message,
    rerun_command,
)
from cribcheck.harness.report.escaping import SafeStream, on_terminal
from cribcheck.harness.results.diagnosis import Diagnosis
from cribcheck.harness.results.results import CaseResult, RunFooter, RunHeader, held
from cribcheck.harness.results.status import Status

BAR_WIDTH = 30
KEPT_GROUPS = 1_000  # failures (a group per case and failure) kept to be shown by cause; the rest counted
REDRAW_EVERY = 0.1  # seconds
COLORS = {
    Status.PASS: "32",
    Status.FAIL: "31",
    Status.ERROR: "35",
    Status.XPASS: "33",
    Status.XFAIL: "36",
    Status.SKIP: "33",
    Status.NOT_APPLICABLE: "2",
}


class TerminalReporter:
    def __init__(
        self,
        out: TextIO | None = None,
        err: TextIO | None = None,
        *,
        progress: bool | None = None,
        details: int = 50,
        verbose: bool = False,
        quiet: bool = False,
        report: str | None = None,
        color: bool | None = None,
    ) -> None:
        self.out = SafeStream(out or sys.stdout)  # whatever an engine or a case file says, printing it cannot fail
        self.err = SafeStream(err or sys.stderr)
        self.progress = self.err.isatty() if progress is None else progress
        self.color = use_colour("auto", self.out) if color is None else color
        self.details = details
        self.verbose = verbose
        self.quiet = quiet  # only the failures and the summary
        self.report = report  # the JSON Lines report that holds every result, if one is written
        self._header: RunHeader | None = None
        self._seen = 0  # results fed
        # the failures kept to be shown by cause (a bounded number of them), the rest counted
        self._failures = FailureGroups(max(details, KEPT_GROUPS))
        self._counts: Counter[Status] = Counter()
        self._drawn = 0.0
        self._bar_shown = False

    def _status(self, text: str, status: Status) -> None:
        """A status word, in its colour when colour is on (the stream writes the colour itself)."""
        if self.color:
            self.out.paint(text, COLORS[status])
        else:
            self.out.write(text)

    def start(self, header: RunHeader) -> None:
        self._header = header
        if self.quiet:
            return
        engine = header.engine.label if header.engine else header.engine_command or "?"
        where = "in-process" if header.engine_mode == "in-process" else f"{header.engine_mode}: {header.engine_command}"
        print(f"cribcheck {header.suite_version}, protocol {header.protocol}", file=self.out)
        print(f"engine: {engine} [{where}]", file=self.out)
        if header.engine:
            info = header.engine
            print(f"  claims {len(info.profiles)} profiles; {info.capabilities.describe()}", file=self.out)
        print(f"{header.planned} case x profile results planned", file=self.out)
        self.out.flush()

    def case(self, result: CaseResult) -> None:
        self._seen += 1
        if needs_detail(result):
            self._failures.add(held(result))
        self._counts[result.status] += 1
        if self.verbose:
            self._clear_bar()
            self._status(f"{result.status.value.upper():<14}", result.status)
            why = f": {result.message}" if result.status is Status.NOT_APPLICABLE and result.message else ""
            print(f" {result.item.name}{why}", file=self.out)
        if self.progress:
            now = time.monotonic()
            if now - self._drawn >= REDRAW_EVERY:
                self._draw_bar()
                self._drawn = now

    def _draw_bar(self) -> None:
        planned = self._header.planned if self._header else 0
        done = self._seen
        filled = BAR_WIDTH * done // planned if planned else BAR_WIDTH
        bad = sum(self._counts[status] for status in Status if status.fails_run)
        bar = "#" * filled + "." * (BAR_WIDTH - filled)
        self.err.control("\r")
        self.err.write(f"[{bar}] {done}/{planned} {self._counts[Status.PASS]} pass, {bad} bad ")
        self.err.flush()
        self._bar_shown = True

    def _clear_bar(self) -> None:
        if self._bar_shown:
            self.err.control("\r")
            self.err.write(" " * (BAR_WIDTH + 40))
            self.err.control("\r")
            self.err.flush()
            self._bar_shown = False

    def finish(self, footer: RunFooter) -> None:
        self._clear_bar()
        out = self.out
        diagnosis = footer.diagnosis
        kept = self._failures.results
        if diagnosis is not None and diagnosis.causes:
            self._causes(diagnosis, kept)
        by_cause = [(group, same_failures(group.results)) for group in groups(kept, diagnosis)]
        total = sum(len(detailed) for _, detailed in by_cause) + self._failures.more
        shown = 0
        for group, detailed in by_cause:
            if shown == self.details:
                break
            self._group_heading(group, diagnosis)
            for each in detailed[: self.details - shown]:
                self._detail(each)
                shown += 1
        if shown < total:
            where = f"all of them in {self.report}" if self.report else f"--details {total} shows them all"
            print(f"\n... and {total - shown} more ({where})", file=out)
        if footer.aborted:
            print(f"\nstopped: {footer.aborted}", file=out)
        if self._seen and not self.quiet:
            print("", file=out)
            rows, idle = applicable_rows(footer.summary.by_profile)
            if rows:
                self._table("profile", rows)
            if idle:
                print(f"nothing applicable under {', '.join(idle)}", file=out)
            self._table("rule area", footer.summary.by_area)
        if self._seen or not footer.aborted:
            print("", file=out)
            counts = counts_text(footer.summary.counts) or "none"
            print(f"{footer.summary.total} results in {footer.seconds:.2f} s: {counts}", file=out)
            print(compliance_text(footer), file=out)
        title = not_checked_title(footer.not_checked)
        if title:
            print(f"{title}:", file=out)
            for line in not_checked_lines(footer.not_checked):
                print(f"  {line}", file=out)
        if footer.restarts:
            print(f"the engine was restarted {footer.restarts} time(s)", file=out)
        for state in (footer.stopped_early, "interrupted: the report holds what ran" if footer.interrupted else None):
            if state:
                print(state, file=out)
        for note in footer.notes:
            print(f"warning: {note}", file=out)
        if footer.stderr_tail and (footer.aborted or self._counts[Status.ERROR]):
            print("the engine's stderr ended with:", file=out)
            for line in footer.stderr_tail[-10:]:
                print(f"  | {line[:300]}", file=out)
        out.flush()

    def _causes(self, diagnosis: Diagnosis, kept: Sequence[CaseResult]) -> None:
        """The likely causes, the most failures first, each with its smallest case to look at."""
        print("", file=self.out)
        for line in cause_lines(diagnosis, self._header, kept):
            print(line, file=self.out)

    def _group_heading(self, group: Group, diagnosis: Diagnosis | None) -> None:
        if group.cause is None:
            if diagnosis is not None and diagnosis.causes:
                print(f"\n== other results that fail the run ({len(group.results)}) ==", file=self.out)
            return
        count = f"{len(group.results)} result{'s' if len(group.results) != 1 else ''}"
        print(f"\n== cause {group.number}: {heading(group.cause)} ({count}) ==", file=self.out)

    def _detail(self, group: Sequence[CaseResult]) -> None:
        out = self.out
        result = group[0]
        case = result.case
        profiles = [each.profile for each in group]
        name = f"{case.id}[{', '.join(profiles)}]"
        print("", file=out)
        self._status(result.status.value.upper(), result.status)
        print(f" {name}: {case.title}", file=out)
        print(f"  file: {case.file}   rules: {', '.join(case.rules)}", file=out)
        if case.explain:
            print(textwrap.indent(textwrap.fill(" ".join(case.explain.split()), 100), "  | "), file=out)
        if result.status is Status.FAIL:
            for mismatch in result.mismatches:
                print(f"  - {mismatch}", file=out)
        elif result.message:
            print(f"  {result.message}", file=out)
        message = rejection_message(result)
        if message:
            print(f"  the engine's rejection message: {message}", file=out)
        for line in diff_lines(result):
            print(f"    {line}", file=out)
        if self._header:
            print(f"  rerun: {rerun_command(self._header, result, profiles)}", file=out)

    def _table(self, title: str, rows: Mapping[str, Mapping[str, int]]) -> None:
        rows = {on_terminal(name): row for name, row in rows.items()}  # made visible before the columns are measured
        shown = [status for status in Status if any(row[status.value] for row in rows.values())]
        width = max([len(title), *map(len, rows)])
        widths = [max(6, len(status.value)) for status in shown]
        heads = [f"{status.value:>{size}}" for status, size in zip(shown, widths, strict=True)]
        print(f"{title:<{width}}  " + "  ".join(heads), file=self.out)
        for name, row in rows.items():
            cells = [f"{row[status.value]:>{size}}" for status, size in zip(shown, widths, strict=True)]
            print(f"{name:<{width}}  " + "  ".join(cells), file=self.out)


class FailureGroups:
    """The failures a terminal keeps to show in detail: grouped by case and failure (status, mismatches,
    message), a failure under several profiles one group, in order of first appearance; the first
    `limit` groups kept, the groups after them only counted. A group past the limit is counted
    once as long as its results come one after another (a run's results of one case do: they are
    run case by case); so memory holds `limit` groups, whatever the number of failures."""

    def __init__(self, limit: int) -> None:
        self.limit = max(0, limit)
        self._kept: dict[tuple[object, ...], list[CaseResult]] = {}
        self._results: list[CaseResult] = []  # the results of the groups kept, in the order they came
        self.more = 0  # groups past the limit
        self._last_case: str | None = None  # the case of the groups counted last, and their keys
        self._last_keys: set[tuple[object, ...]] = set()

    def add(self, result: CaseResult) -> None:
        key = failure_key(result)
        kept = self._kept.get(key)
        if kept is not None:
            kept.append(result)
            self._results.append(result)
        elif len(self._kept) < self.limit:
            self._kept[key] = [result]
            self._results.append(result)
        else:
            if result.case.id != self._last_case:
                self._last_case, self._last_keys = result.case.id, set()
            if key not in self._last_keys:
                self._last_keys.add(key)
                self.more += 1

    @property
    def groups(self) -> list[list[CaseResult]]:
        return list(self._kept.values())

    @property
    def results(self) -> list[CaseResult]:
        """Every result kept, in the order they came."""
        return list(self._results)


def same_failures(results: Iterable[CaseResult]) -> list[list[CaseResult]]:
    """The results grouped by case and failure (status, mismatches, message), in order of first
    appearance: one failure under several profiles is one group."""
    found: dict[tuple[object, ...], list[CaseResult]] = {}
    for result in results:
        found.setdefault(failure_key(result), []).append(result)
    return list(found.values())


def failure_key(result: CaseResult) -> tuple[object, ...]:
    return (result.case.id, result.status, tuple(result.mismatches), result.message, rejection_message(result))


def applicable_rows(rows: Mapping[str, Mapping[str, int]]) -> tuple[dict[str, Mapping[str, int]], list[str]]:
    """The rows of the profile table with something applicable, and the profiles without."""
    idle = [name for name, row in rows.items() if row[Status.NOT_APPLICABLE.value] == sum(row.values())]
    return {name: row for name, row in rows.items() if name not in idle}, idle
