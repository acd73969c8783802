"""Several engines side by side: a column per engine (A, B, ...), per case x profile which engines
pass, per rule each engine's figure, and the cases where the engines disagree first.

Engines disagree on a case x profile when, among the engines that ran it (not `not_applicable`,
not missing because the engine did not start), one passed it and another did not.
"""

from __future__ import annotations

import json
import sqlite3
import string
from collections.abc import Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass, field

from cribcheck.harness.report.causes import detail, failing_total, heading
from cribcheck.harness.report.common import byte_size, counts_text, rows_within
from cribcheck.harness.report.escaping import md_cell, md_code, md_text, on_terminal
from cribcheck.harness.report.tally import by_rule, compliance_message, figure, verdict
from cribcheck.harness.results.results import empty_counts, rule_area
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
    statuses: tuple[Status | None, ...]
    title: str
    rules: tuple[str, ...]
    profile: str

    @property
    def disagree(self) -> bool:
        ran = [status for status in self.statuses if status is not None and status is not Status.NOT_APPLICABLE]
        return len({status.passed for status in ran}) > 1


MAX_ROWS = 5_000  # rows a comparison keeps (the disagreements first); the others are counted
_CODES = {status: chr(ord("a") + number) for number, status in enumerate(Status)}  # a status as one letter
_STATUSES = {code: status for status, code in _CODES.items()}
_NONE = "."  # no result from that engine


@dataclass(frozen=True)
class Comparison:
    """Several runs side by side. Each run's results are gone through once, as a stream, into a
    table on disk (a temporary SQLite database: the join of the engines' results by case x profile
    needs every key at once, which memory need not hold), then the table once, in the order the
    results came: every count is made from all the rows, and the first MAX_ROWS rows are kept (the
    disagreements first, then the rest), so what stays in memory is bounded whatever the sizes."""

    columns: tuple[Column, ...]
    rows: tuple[Row, ...]  # the first MAX_ROWS: disagreements first, then the rest, each in the order they were run
    rules: Mapping[str, tuple[Mapping[str, int], ...]]  # rule -> each engine's counts
    disagreeing: int = 0  # case x profile results where the engines disagree (all of them)
    total_rows: int = 0  # case x profile results of any engine (all of them)
    split_rules: Mapping[str, int] = field(default_factory=dict)  # rule -> disagreements among its cases
    split_areas: Mapping[str, int] = field(default_factory=dict)  # area -> disagreements among its cases

    @classmethod
    def of(cls, runs: Sequence[Run]) -> Comparison:
        columns = tuple(Column(letter, run) for letter, run in zip(letters(len(runs)), runs, strict=True))
        with closing(sqlite3.connect("")) as table:  # "": a private database in a temporary file
            per_engine = [_load(table, number, len(runs), run) for number, run in enumerate(runs)]
            disagreeing, others, counts = _rows(table)
        rules = sorted({rule for found in per_engine for rule in found}, key=lambda rule: _rule_key(per_engine, rule))
        return cls(
            columns=columns,
            rows=(*disagreeing, *others)[:MAX_ROWS],
            rules={rule: tuple(found.get(rule, empty_counts()) for found in per_engine) for rule in rules},
            disagreeing=counts.disagreeing,
            total_rows=counts.total,
            split_rules=counts.rules,
            split_areas=counts.areas,
        )

    @property
    def compared(self) -> bool:
        """Whether at least two engines gave results, so that there is something to compare."""
        return sum(1 for column in self.columns if column.run.results) >= 2

    @property
    def disagreements(self) -> tuple[Row, ...]:
        """The disagreements kept (the first MAX_ROWS; `disagreeing` counts them all)."""
        return tuple(row for row in self.rows if row.disagree)

    def disagree_by_rule(self) -> dict[str, int]:
        """Per rule, the disagreements among the cases citing it (rules with none left out)."""
        return dict(self.split_rules)

    def disagree_by_area(self) -> dict[str, int]:
        """Per rule area, the disagreements among the cases citing one of its rules."""
        return dict(self.split_areas)

    @property
    def exit_status(self) -> int:
        return worst_exit_status([column.run for column in self.columns])


def _load(table: sqlite3.Connection, number: int, engines: int, run: Run) -> dict[str, dict[str, int]]:
    """One run's results into the table (its status letter at its place in each row); its counts by rule."""
    if number == 0:
        table.execute(
            "CREATE TABLE rows (key TEXT PRIMARY KEY, position INTEGER, name BLOB, title BLOB, rules TEXT, "
            "profile BLOB, statuses TEXT)"
        )
    blank = _NONE * engines
    (position,) = table.execute("SELECT COUNT(*) FROM rows").fetchone()
    with table:
        for result in run.results:
            key = json.dumps([result.case.id, result.profile])  # ASCII, lone surrogates escaped
            cursor = table.execute(
                "INSERT OR IGNORE INTO rows VALUES (?, ?, ?, ?, ?, ?, ?)",
                (key, position, _bytes(result.item.name), _bytes(result.case.title),
                 json.dumps(list(result.case.rules)), _bytes(result.profile), blank),
            )  # fmt: skip
            position += cursor.rowcount
            table.execute(
                "UPDATE rows SET statuses = substr(statuses, 1, ?) || ? || substr(statuses, ?) WHERE key = ?",
                (number, _CODES[result.status], number + 2, key),
            )
    return by_rule(run.results)


def _bytes(text: str) -> bytes:
    """A text as the table keeps it: any string, lone surrogates included (a report may hold them)."""
    return text.encode("utf-8", "surrogatepass")


def _text(data: bytes) -> str:
    return data.decode("utf-8", "surrogatepass")


@dataclass
class _Counts:
    total: int = 0
    disagreeing: int = 0
    rules: dict[str, int] = field(default_factory=dict)
    areas: dict[str, int] = field(default_factory=dict)


def _rows(table: sqlite3.Connection) -> tuple[list[Row], list[Row], _Counts]:
    """The table gone through once, in the order the results came: the first MAX_ROWS disagreements
    and the first MAX_ROWS other rows, and the counts of them all."""
    counts = _Counts()
    disagreeing: list[Row] = []
    others: list[Row] = []
    query = "SELECT name, title, rules, profile, statuses FROM rows ORDER BY position"
    for name, title, rules, profile, statuses in table.execute(query):
        counts.total += 1
        row = Row(_text(name), tuple(_STATUSES.get(code) for code in statuses), _text(title),
                  tuple(json.loads(rules)), _text(profile))  # fmt: skip
        if not row.disagree:
            if len(others) < MAX_ROWS:
                others.append(row)
            continue
        counts.disagreeing += 1
        if len(disagreeing) < MAX_ROWS:
            disagreeing.append(row)
        for rule in dict.fromkeys(row.rules):
            counts.rules[rule] = counts.rules.get(rule, 0) + 1
        for area in dict.fromkeys(rule_area(rule) for rule in row.rules):
            counts.areas[area] = counts.areas.get(area, 0) + 1
    return disagreeing, others, counts


def worst_exit_status(runs: Sequence[Run]) -> int:
    """The worst engine's: interrupted (130) over setup errors (2) over failures (1)."""
    statuses = [run.footer.exit_status for run in runs]
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
    disagreements = comparison.disagreements[: max(0, details)]
    lines.append(f"{comparison.disagreeing} case x profile results where the engines disagree")
    names = [on_terminal(row.name) for row in disagreements]
    name_width = max([len(name) for name in names] or [0])
    for row, name in zip(disagreements, names, strict=True):
        pairs = zip(columns, row.statuses, strict=True)
        cells = "  ".join(f"{column.letter} {mark(status):<16}" for column, status in pairs)
        lines.append(f"  {name:<{name_width}}  {cells}")
    if comparison.disagreeing > len(disagreements):
        where = "all of them in --markdown and --html" if comparison.disagreeing <= MAX_ROWS else "in --markdown"
        lines.append(f"  ... and {comparison.disagreeing - len(disagreements)} more ({where})")
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
    lines += ["", f"### Cases where the engines disagree ({comparison.disagreeing})", ""]
    if disagreements:
        lines.append("| case | " + " | ".join(column.letter for column in columns) + " | title |")
        lines.append("|---|" + "---|" * len(columns) + "---|")
        cases = (
            f"| {md_cell(md_code(row.name))} | {' | '.join(mark(status) for status in row.statuses)} "
            f"| {md_cell(md_text(row.title))} |"
            for row in disagreements
        )
        budget = max_bytes - byte_size(lines) - 200
        lines += rows_within(cases, comparison.disagreeing, budget, "disagreements in the JSON Lines reports")
    elif comparison.compared:
        lines.append("None: on every case x profile that two engines ran, they agree.")
    else:
        lines.append("None: fewer than two engines gave results, nothing to compare.")
    return [*lines, ""]


def _split(split: Mapping[str, int], rule: str) -> str:
    return f"✗ {split[rule]}" if rule in split else ""
