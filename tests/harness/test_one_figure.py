"""One compliance figure, computed by one function (results.compliance_percent), read the same in
every report: 571 of 665 is 85.9% in the terminal, the Markdown summary, the HTML page, the badge
and the side-by-side tables (it read 85.9% in some and 85.8% in others), and 2,999 of 3,000 is
never 100.0% anywhere."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from cribcheck.harness.corpus.cases import Case
from cribcheck.harness.report.badge import badge
from cribcheck.harness.report.compare import Comparison, markdown_lines, terminal_lines
from cribcheck.harness.report.html import render
from cribcheck.harness.report.markdown import MarkdownReporter
from cribcheck.harness.report.outputs import replay
from cribcheck.harness.report.terminal import TerminalReporter
from cribcheck.harness.results.results import CaseResult, Item, RunFooter, RunHeader, Summary
from cribcheck.harness.results.saved import Run
from cribcheck.harness.results.status import Status

from .readers import markdown_html


def run_of(passed: int, failed: int) -> Run:
    case = Case("c", "a case", ("show.fifteens",), (), ("six-card",), "show", {}, {}, "", "cases/x.yaml", "")
    results = tuple(
        CaseResult(Item(Case(**{**case.__dict__, "id": f"c{number}"}), "six-card"), status)
        for number, status in enumerate([Status.PASS] * passed + [Status.FAIL] * failed)
    )
    header = RunHeader("0", "cases", 1, "engine", "persistent", None, "", {}, len(results), ("cribcheck", "run"))
    return Run(header, results, RunFooter(Summary.of(results), "", 0.0, True, exit_status=1 if failed else 0))


def every_reading(run: Run) -> dict[str, str]:
    terminal = io.StringIO()
    replay(run, [TerminalReporter(terminal, progress=False, details=0)])
    markdown = MarkdownReporter(Path("unused.md"))
    markdown.start(run.header)
    for result in run.results:
        markdown.case(result)
    side = Comparison.of([run, run])
    return {
        "terminal": terminal.getvalue(),
        "markdown": markdown_html(markdown.render(run.footer)),  # as CommonMark shows it
        "html": render([run]),
        "badge": badge(run.footer)["message"],
        "side by side, terminal": "\n".join(terminal_lines(side)),
        "side by side, markdown": markdown_html("\n".join(markdown_lines(side, 1_000_000))),
        "side by side, html": render([run, run]),
    }


@pytest.mark.parametrize(("passed", "failed", "figure", "never"), [(571, 94, "85.9%", "85.8%"),
                                                                  (2999, 1, "99.9%", "100.0%")])  # fmt: skip
def test_every_report_reads_the_same_figure(passed: int, failed: int, figure: str, never: str) -> None:
    for where, text in every_reading(run_of(passed, failed)).items():
        assert figure in text, where
        assert never not in text, where
