"""Every report of one or several saved runs, written the same way by `cribcheck summary` and by a
run of several engines.

One run is replayed through the very reporters a live run feeds (so the Markdown, JUnit, HTML and
badge equal the live run's). Several runs are put side by side: Markdown and HTML open with the
comparison, then each engine's own report; JUnit holds each engine's suites, named
`cribcheck.<letter>.<profile>`; each engine gets its own badge.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TextIO

from cribcheck.harness.contract.files import name_part
from cribcheck.harness.report import Reporter
from cribcheck.harness.report.badge import BadgeReporter, badge, write_badge
from cribcheck.harness.report.common import CollectingReporter
from cribcheck.harness.report.compare import Comparison, markdown_lines, terminal_lines
from cribcheck.harness.report.escaping import SafeStream
from cribcheck.harness.report.html import HtmlReporter, write_html
from cribcheck.harness.report.junit import JUnitReporter, Part, write_junit
from cribcheck.harness.report.markdown import MAX_BYTES, MarkdownReporter
from cribcheck.harness.report.terminal import TerminalReporter
from cribcheck.harness.results.saved import Run


@dataclass(frozen=True)
class Outputs:
    markdown: Path | None = None
    junit: Path | None = None
    html: Path | None = None
    badge: Path | None = None
    rules_book: str | None = None  # a published rules book the HTML page links each rule to


def replay(run: Run, reporters: Sequence[Reporter]) -> None:
    """Feed a saved run to reporters as the live run fed them; a reporter that writes its file from
    every result at the end (CollectingReporter) is handed them all at once, so that none keeps a
    list of a report's every result: they are read from the report as each goes through them."""
    for reporter in reporters:
        reporter.start(run.header)
    takers = [reporter for reporter in reporters if isinstance(reporter, CollectingReporter)]
    fed = [reporter for reporter in reporters if not isinstance(reporter, CollectingReporter)]
    for reporter in takers:
        reporter.take(run.results)
    if fed:
        for result in run.results:
            for reporter in fed:
                reporter.case(result)
    for reporter in reporters:
        reporter.finish(run.footer)


def file_reporters(outputs: Outputs) -> list[Reporter]:
    """The reporters that write the files asked for (a live run's, and a replayed run's)."""
    kinds = (
        (outputs.junit, JUnitReporter),
        (outputs.markdown, MarkdownReporter),
        (outputs.html, partial(HtmlReporter, rules_book=outputs.rules_book)),
        (outputs.badge, BadgeReporter),
    )
    return [kind(path) for path, kind in kinds if path]


def write(runs: Sequence[Run], outputs: Outputs) -> list[Path]:
    """Write every report asked for; the files written."""
    if len(runs) == 1:
        replay(runs[0], file_reporters(outputs))
        return [path for path in (outputs.markdown, outputs.junit, outputs.html, outputs.badge) if path]
    written: list[Path] = []
    comparison = Comparison.of(runs)
    if outputs.markdown:
        outputs.markdown.write_text(side_by_side_markdown(comparison), encoding="utf-8")
        written.append(outputs.markdown)
    if outputs.junit:
        side_by_side_junit(comparison, outputs.junit)
        written.append(outputs.junit)
    if outputs.html:
        write_html(outputs.html, runs, outputs.rules_book)
        written.append(outputs.html)
    if outputs.badge:
        for column, path in zip(comparison.columns, badge_paths(outputs.badge, comparison), strict=True):
            write_badge(path, badge(column.run.footer))
            written.append(path)
    return written


def side_by_side_markdown(comparison: Comparison) -> str:
    """The comparison, then each engine's own report a heading level down; each of these parts
    has an equal share of MAX_BYTES."""
    share = MAX_BYTES // (len(comparison.columns) + 1)
    lines = markdown_lines(comparison, share)
    for column in comparison.columns:
        reporter = MarkdownReporter(Path("unused.md"))
        reporter.max_bytes = share
        reporter.level = 3
        reporter.letter = column.letter
        replay_into(column.run, reporter)
        # a blank line after each part: the part may end in an HTML block (`</details>`), which runs
        # on to the next blank line, and the next engine's heading must not be read as raw HTML
        lines += [*reporter.render(column.run.footer).splitlines(), ""]
    return "\n".join(lines)


def replay_into(run: Run, reporter: CollectingReporter) -> None:
    """Hand a run to a reporter without finishing it (the caller renders)."""
    reporter.start(run.header)
    reporter.take(run.results)


def side_by_side_junit(comparison: Comparison, path: Path) -> None:
    """Each engine's suites, named `cribcheck.<letter>.<profile>`, each with the property `engine`."""
    parts = [
        Part(column.run.header, column.run.results, column.run.footer, column.letter,
             f"{column.run.label} [{column.command}]")
        for column in comparison.columns
    ]  # fmt: skip
    write_junit(path, parts, sum(round(column.run.footer.seconds, 3) for column in comparison.columns))


def badge_paths(path: Path, comparison: Comparison) -> list[Path]:
    """One badge per engine: FILE.json becomes FILE.A-engine-name.json, FILE.B-... (the engine's
    name bounded: files.name_part; the letter keeps two engines of one name apart)."""
    return [
        path.with_name(f"{path.stem}.{column.letter}-{name_part(column.run.label)}{path.suffix or '.json'}")
        for column in comparison.columns
    ]


def print_terminal(
    runs: Sequence[Run], out: TextIO, *, details: int = 50, report: str | None = None, quiet: bool = False
) -> None:
    """The terminal report: one run as `cribcheck run` prints it (`quiet`: as `run -q`), several
    side by side; `report`: the JSON Lines file that holds every result, if any."""
    if len(runs) == 1:
        replay(runs[0], [TerminalReporter(out, progress=False, details=details, report=report, quiet=quiet)])
        return
    stream = SafeStream(out)
    for line in terminal_lines(Comparison.of(runs), details=details):
        print(line, file=stream)
