"""Every report of one or several saved runs, written the same way by `cribcheck summary` and by a
run of several engines.

One run is replayed through the very reporters a live run feeds (so the Markdown, JUnit, HTML and
badge equal the live run's). Several runs are put side by side: Markdown and HTML open with the
comparison, then each engine's own report; JUnit holds each engine's suites, named
`cribcheck.<letter>.<profile>`; each engine gets its own badge.
"""

from __future__ import annotations

import argparse
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TextIO

from cribcheck.harness.report import Reporter
from cribcheck.harness.report.badge import BadgeReporter, badge, write_badge
from cribcheck.harness.report.compare import Comparison, markdown_lines, terminal_lines
from cribcheck.harness.report.escaping import SafeStream
from cribcheck.harness.report.html import HtmlReporter, write_html
from cribcheck.harness.report.junit import JUnitReporter, write_junit
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


def rules_book_address(text: str) -> str:
    """An argparse type: `--rules-book URL`, an http or https address (never a file of this
    machine: a page read elsewhere could not follow it)."""
    if not text.startswith(("https://", "http://")) or any(char.isspace() for char in text):
        raise argparse.ArgumentTypeError(f"not an http(s) address: {text!r} (give the published rules book's URL)")
    return text


def add_rules_book_argument(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    parser.add_argument(
        "--rules-book",
        type=rules_book_address,
        metavar="URL",
        help="the HTML report links each rule's statement to URL#RULE-ID (default: no link; the page "
        "carries every statement it cites)",
    )


def replay(run: Run, reporters: Sequence[Reporter]) -> None:
    """Feed a saved run to reporters as the live run fed them."""
    for reporter in reporters:
        reporter.start(run.header)
    for result in run.results:
        for reporter in reporters:
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
        write_junit(side_by_side_junit(comparison), outputs.junit)
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


def replay_into(run: Run, reporter: Reporter) -> None:
    """Feed a run to a reporter without finishing it (the caller renders)."""
    reporter.start(run.header)
    for result in run.results:
        reporter.case(result)


def side_by_side_junit(comparison: Comparison) -> ET.Element:
    root = ET.Element("testsuites", name="cribcheck")
    totals = dict.fromkeys(("tests", "failures", "errors", "skipped"), 0)
    seconds = 0.0
    for column in comparison.columns:
        reporter = JUnitReporter(Path("unused.xml"))
        replay_into(column.run, reporter)
        one = reporter.build(column.run.footer)
        seconds += float(one.get("time", "0"))
        for key in totals:
            totals[key] += int(one.get(key, "0"))
        for suite in one.findall("testsuite"):
            suite.set("name", suite.get("name", "").replace("cribcheck.", f"cribcheck.{column.letter}.", 1))
            for case in suite.findall("testcase"):
                name = case.get("classname", "")
                case.set("classname", name.replace("cribcheck.", f"cribcheck.{column.letter}.", 1))
            properties = suite.find("properties")
            if properties is None:
                properties = ET.Element("properties")
                suite.insert(0, properties)
            ET.SubElement(properties, "property", name="engine", value=f"{column.run.label} [{column.command}]")
            root.append(suite)
    for key, value in totals.items():
        root.set(key, str(value))
    root.set("time", f"{seconds:.3f}")
    return root


def badge_paths(path: Path, comparison: Comparison) -> list[Path]:
    """One badge per engine: FILE.json becomes FILE.A-engine-name.json, FILE.B-..."""
    return [
        path.with_name(f"{path.stem}.{column.letter}-{_slug(column.run.label)}{path.suffix or '.json'}")
        for column in comparison.columns
    ]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "engine"


def print_terminal(runs: Sequence[Run], out: TextIO, *, details: int = 50, report: str | None = None) -> None:
    """The terminal report: one run as `cribcheck run` prints it, several side by side; `report`:
    the JSON Lines file that holds every result, if any."""
    if len(runs) == 1:
        replay(runs[0], [TerminalReporter(out, progress=False, details=details, report=report)])
        return
    stream = SafeStream(out)
    for line in terminal_lines(Comparison.of(runs), details=details):
        print(line, file=stream)
