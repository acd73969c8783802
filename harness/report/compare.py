"""Several engines side by side: a column per engine (A, B, ...), per case x profile which engines
pass, per rule each engine's figure, and the cases where the engines disagree first.

Engines disagree on a case x profile when, among the engines that ran it (not `not_applicable`,
not missing because the engine did not start), one passed it and another did not.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cribcheck.harness.report.causes import detail, failing_total, heading
from cribcheck.harness.report.common import byte_size, counts_text, rows_within
from cribcheck.harness.report.escaping import md_cell, md_code, md_text, on_terminal
from cribcheck.harness.report.tally import by_rule, compliance_message, figure, verdict
from cribcheck.harness.results.results import CaseResult, empty_counts, rule_area
from cribcheck.harness.results.saved import Run
from cribcheck.harness.results.status import Status

CAUSES_BY_ENGINE = 3  # causes per engine on a terminal
SYMBOLS = {
    Status.PASS: "✓",
    Status.FAIL: "✗",
    Status.ERROR: "!",
    Status.XPASS: "✗",
    Status.XFAIL: "~",
    Status.SKIP: "~",
    Status.NOT_APPLICABLE: "–",
}


def mark(status: Status | None) -> str:
    """A status as a symbol and its name (`✓ pass`), or `· not run`."""
    return "· not run" if status is None else f"{SYMBOLS[status]} {status.value}"


@dataclass(frozen=True)
class Column:
    letter: str
    run: Run

    @property
    def title(self) -> str:
        return f"{self.letter}: {self.run.label}"

    @property
    def command(self) -> str:
        return self.run.header.engine_command or "the reference engine, in-process"

    @property
    def started(self) -> bool:
        return self.run.header.engine is not None

    @property
    def state(self) -> str:
        """`98.5% (1,315/1,335)`, or why there is no figure."""
        footer = self.run.footer
        if not self.started and footer.aborted:
            return f"did not start: {footer.aborted}"
        text = compliance_message(footer.summary.counts)
        if footer.aborted:
            text += f"; stopped: {footer.aborted}"
        elif footer.interrupted:
            text += "; interrupted"
        return text


@dataclass(frozen=True)
class Row:
    """One case x profile across the engines (None where an engine has no result for it)."""

    name: str
    results: tuple[CaseResult | None, ...]

    @property
    def first(self) -> CaseResult:
        return next(result for result in self.results if result is not None)

    @property
    def statuses(self) -> tuple[Status | None, ...]:
        return tuple(None if result is None else result.status for result in self.results)

    @property
    def disagree(self) -> bool:
        ran = [status for status in self.statuses if status is not None and status is not Status.NOT_APPLICABLE]
        return len({status.passed for status in ran}) > 1


@dataclass(frozen=True)
class Comparison:
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]  # disagreements first, then the rest, each in the order they were run
    rules: Mapping[str, tuple[Mapping[str, int], ...]]  # rule -> each engine's counts

    @classmethod
    def of(cls, runs: Sequence[Run]) -> Comparison:
        columns = tuple(Column(letter, run) for letter, run in zip(letters(len(runs)), runs, strict=True))
        found: dict[tuple[str, str], list[CaseResult | None]] = {}
        for number, run in enumerate(runs):
            for result in run.results:
                found.setdefault(result.item.key, [None] * len(runs))[number] = result
        rows = [Row(f"{case_id}[{profile}]", tuple(results)) for (case_id, profile), results in found.items()]
        ordered = [row for row in rows if row.disagree] + [row for row in rows if not row.disagree]
        per_engine = [by_rule(run.results) for run in runs]
        rules = sorted({rule for counts in per_engine for rule in counts}, key=lambda rule: _rule_key(per_engine, rule))
        return cls(
            columns=columns,
            rows=tuple(ordered),
            rules={rule: tuple(counts.get(rule, empty_counts()) for counts in per_engine) for rule in rules},
        )

    @property
    def compared(self) -> bool:
        """Whether at least two engines gave results, so that there is something to compare."""
        return sum(1 for column in self.columns if column.run.results) >= 2

    @property
    def disagreements(self) -> tuple[Row, ...]:
        return tuple(row for row in self.rows if row.disagree)

    def disagree_by_rule(self) -> dict[str, int]:
        """Per rule, the disagreements among the cases citing it (rules with none left out)."""
        found: dict[str, int] = {}
        for row in self.disagreements:
            for rule in dict.fromkeys(row.first.case.rules):
                found[rule] = found.get(rule, 0) + 1
        return found

    def disagree_by_area(self) -> dict[str, int]:
        """Per rule area, the disagreements among the cases citing one of its rules."""
        found: dict[str, int] = {}
        for row in self.disagreements:
            for area in dict.fromkeys(rule_area(rule) for rule in row.first.case.rules):
                found[area] = found.get(area, 0) + 1
        return found

    @property
    def exit_status(self) -> int:
        """The worst engine's: interrupted (130) over setup errors (2) over failures (1)."""
        statuses = [column.run.footer.exit_status for column in self.columns]
        for worst in (130, 2, 1):
            if worst in statuses:
                return worst
        return max(statuses, default=0)


def letters(count: int) -> list[str]:
    alphabet = string.ascii_uppercase
    return [alphabet[n] if n < len(alphabet) else f"E{n + 1}" for n in range(count)]


def _rule_key(per_engine: Sequence[Mapping[str, Mapping[str, int]]], rule: str) -> tuple[int, str]:
    """Rules in the order by_rule gives them, whichever engine has the rule first."""
    for counts in per_engine:
        if rule in counts:
            return (list(counts).index(rule), rule)
    return (0, rule)


def terminal_lines(comparison: Comparison, *, details: int = 50) -> list[str]:
    """The comparison as a terminal shows it: the engines, the rules where they differ, the
    disagreements (the first `details`; every one is in the Markdown and HTML reports). Every
    text of an engine or a report is made visible (on_terminal) before the columns are measured."""
    columns = comparison.columns
    lines = [f"{len(columns)} engines side by side:"]
    titles = [on_terminal(column.title) for column in columns]
    width = max(len(title) for title in titles)
    for column, title in zip(columns, titles, strict=True):
        lines.append(f"  {title:<{width}}  {on_terminal(column.state)}")
        lines.append(f"  {'':<{width}}  [{on_terminal(column.command)}]")
    lines.append("")
    lines += causes_by_engine(columns)
    split = comparison.disagree_by_rule()
    differ = [rule for rule in comparison.rules if rule in split]
    compared = comparison.compared
    if differ:
        lines.append(f"rules where the engines disagree on a case ({len(differ)} of {len(comparison.rules)}):")
        rule_width = max(len(on_terminal(rule)) for rule in differ)
        head = "  ".join(f"{column.letter:<14}" for column in columns)
        lines.append(f"  {'rule':<{rule_width}}  {head}  disagree")
        for rule in differ:
            cells = "  ".join(f"{_cell(counts):<14}" for counts in comparison.rules[rule])
            lines.append(f"  {on_terminal(rule):<{rule_width}}  {cells}  {split[rule]}")
    elif compared:
        lines.append(f"the engines agree on every case they both ran, under all {len(comparison.rules)} rules")
    if not compared:
        lines.append("fewer than two engines gave results: nothing to compare")
        return [*lines, *_counts_lines(columns)]
    lines.append("")
    disagreements = comparison.disagreements
    lines.append(f"{len(disagreements)} case x profile results where the engines disagree")
    names = [on_terminal(row.name) for row in disagreements[:details]]
    name_width = max([len(name) for name in names] or [0])
    for row, name in zip(disagreements[:details], names, strict=True):
        pairs = zip(columns, row.statuses, strict=True)
        cells = "  ".join(f"{column.letter} {mark(status):<16}" for column, status in pairs)
        lines.append(f"  {name:<{name_width}}  {cells}")
    if len(disagreements) > details:
        lines.append(f"  ... and {len(disagreements) - details} more (all of them in --markdown and --html)")
    return [line.rstrip() for line in [*lines, *_counts_lines(columns)]]


def causes_by_engine(columns: Sequence[Column], shown: int = CAUSES_BY_ENGINE) -> list[str]:
    """Each engine's first likely causes (its diagnosis), a line each."""
    diagnosed = [column for column in columns if column.run.footer.diagnosis is not None]
    if not diagnosed:
        return []
    lines = ["likely causes, by engine:"]
    for column in diagnosed:
        diagnosis = column.run.footer.diagnosis
        assert diagnosis is not None
        if not diagnosis.causes:
            lines.append(f"  {column.letter}: none, nothing failed")
            continue
        total = failing_total(diagnosis)
        for number, cause in enumerate(diagnosis.causes[:shown], start=1):
            where = f"{column.letter}:" if number == 1 else "  "
            lines.append(f"  {where} {number}. {heading(cause)} ({detail(cause, total)}; first {cause.case})")
        if len(diagnosis.causes) > shown:
            lines.append(f"     ... and {len(diagnosis.causes) - shown} more")
    return [*lines, ""]


def _counts_lines(columns: Sequence[Column]) -> list[str]:
    return [f"{column.letter}: {counts_text(column.run.footer.summary.counts) or 'no results'}" for column in columns]


def _cell(counts: Mapping[str, int]) -> str:
    shown = verdict(counts)
    return f"{shown.symbol} {figure(counts)}".strip() or "·"


def markdown_lines(comparison: Comparison, max_bytes: int) -> list[str]:
    """The comparison in Markdown, in at most about `max_bytes`: the engines, each rule's figure per
    engine, the disagreements (the rows past the size counted, not shown). Every text of an engine
    or a report goes through md_text or md_code (harness/report/escaping.py)."""
    columns = comparison.columns
    lines = [f"## cribcheck: {len(columns)} engines side by side", ""]
    lines += ["| | engine | command | compliance |", "|---|---|---|---|"]
    for column in columns:
        cells = [f"**{column.letter}**", md_text(column.run.label), md_code(column.command), md_text(column.state)]
        lines.append("| " + " | ".join(md_cell(cell) for cell in cells) + " |")
    lines += ["", "### By rule", "", "A case counts under every rule it cites; ✓ all passed, ✗ failures, ! errors,"]
    lines += ["~ skipped or expected failures, – not applicable.", ""]
    lines.append("| Rule | " + " | ".join(column.letter for column in columns) + " | cases the engines disagree on |")
    lines.append("|---|" + "---:|" * len(columns) + "---:|")
    split = comparison.disagree_by_rule()
    rows = (
        f"| {md_cell(md_code(rule))} | " + " | ".join(_cell(count) for count in counts) + f" | {_split(split, rule)} |"
        for rule, counts in comparison.rules.items()
    )
    lines += rows_within(
        rows, len(comparison.rules), max_bytes // 2 - byte_size(lines), "rules in the JSON Lines reports"
    )
    disagreements = comparison.disagreements
    lines += ["", f"### Cases where the engines disagree ({len(disagreements)})", ""]
    if disagreements:
        lines.append("| case | " + " | ".join(column.letter for column in columns) + " | title |")
        lines.append("|---|" + "---|" * len(columns) + "---|")
        cases = (
            f"| {md_cell(md_code(row.name))} | {' | '.join(mark(status) for status in row.statuses)} "
            f"| {md_cell(md_text(row.first.case.title))} |"
            for row in disagreements
        )
        budget = max_bytes - byte_size(lines) - 200
        lines += rows_within(cases, len(disagreements), budget, "disagreements in the JSON Lines reports")
    elif comparison.compared:
        lines.append("None: on every case x profile that two engines ran, they agree.")
    else:
        lines.append("None: fewer than two engines gave results, nothing to compare.")
    return [*lines, ""]


def _split(split: Mapping[str, int], rule: str) -> str:
    return f"✗ {split[rule]}" if rule in split else ""
