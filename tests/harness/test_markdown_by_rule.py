"""The Markdown summary: a per-rule table, the failures grouped by rule, and no silent cap: past
its size limit every failure is still named, and the summary says where the details are."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.corpus.cases import Case
from cribcheck.harness.report.markdown import MAX_BYTES, MarkdownReporter
from cribcheck.harness.results.results import CaseResult, Item, RunFooter, RunHeader, Summary
from cribcheck.harness.results.status import Status

from .buggy import BUGGY, write_buggy_cases
from .conftest import zoo


def markdown(cases: Path, tmp_path: Path, *args: str) -> str:
    path = tmp_path / "r.md"
    main(["run", "--cases", str(cases), "--no-progress", "--markdown", str(path), *args])
    return path.read_text(encoding="utf-8")


def test_the_per_rule_table(small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = markdown(small_cases, tmp_path, "--engine", zoo("crashes"))
    # The six show cases cite show.fifteens; the crash is one error among them: 5 of 6 passed.
    assert "| `show.fifteens` | ! errors | 5/6 | 5 | 1 |" in text
    # The one pegging case cites peg.thirty-one and passes.
    assert "| `peg.thirty-one` | ✓ passed | 1/1 | 1 | 0 |" in text


def test_failures_are_grouped_by_likely_cause(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = markdown(write_buggy_cases(tmp_path / "cases"), tmp_path, "--engine", BUGGY)
    assert "| `show.crib-flush` | ✗ failed | 0/1 | 0 | 1 |" in text
    assert "| `show.nobs` | ✗ failed | 0/1 | 0 | 1 |" in text
    assert "| `show.runs` | ✓ passed | 1/1 | 1 | 0 |" in text
    assert "### Failures (2), by likely cause" in text
    # one failure each: the four-card crib flush that D5's other reading scores (six-card--loose-flush
    # answers as the engine does), then nobs for a starter jack (a known bug of the catalogue)
    crib = text.index(
        "#### Cause 1: your engine plays D5's other reading \\(crib four-flush scores 4; three hand cards + starter "
        "score 4\\); claim six-card--loose-flush if you mean it (1)"
    )
    nobs = text.index("#### Cause 2: a jack turned as starter scores nobs in every set it is shown with (1)")
    assert crib < text.index("<code>buggy-crib-four-hearts[six-card]</code>") < nobs
    assert nobs < text.index("<code>buggy-starter-jack[six-card]</code>")
    assert '+  "total": 8' in text  # the bug's four-card crib flush, against 4


def result(number: int, explain: str) -> CaseResult:
    case = Case(
        id=f"case-{number}", title=f"case {number}", rules=(f"show.rule-{number % 7}",), tags=(), profiles=("p",),
        op="show", input={}, expect={}, explain=explain, file="cases/x.yaml", topic="",
    )  # fmt: skip
    return CaseResult(Item(case, "p"), Status.FAIL, "total: expected 0, got 1", ("total: expected 0, got 1",),
                      {"total": 0}, {"ok": {"total": 1}})  # fmt: skip


def render(results: list[CaseResult], max_bytes: int) -> str:
    header = RunHeader("0", "cases", 1, "engine", "persistent", None, "", {}, len(results), ("cribcheck", "run"))
    reporter = MarkdownReporter(Path("unused.md"))
    reporter.max_bytes = max_bytes
    reporter.start(header)
    for one in results:
        reporter.case(one)
    return reporter.render(RunFooter(Summary.of(results), "", 0.0, True, exit_status=1))


def test_no_failure_is_left_out_past_the_size_limit() -> None:
    results = [result(number, "a long worked explanation " * 40) for number in range(2000)]
    text = render(results, MAX_BYTES)
    assert len(text.encode("utf-8")) <= MAX_BYTES
    named = set(re.findall(r"case-\d+\[p\]", text))
    assert named == {f"case-{number}[p]" for number in range(2000)}
    short = int(re.search(r"> (\d+) of the failures are named above without their details", text)[1])
    detailed = text.count("<details><summary>")
    assert short + detailed == 2000
    assert 0 < short < 2000
    assert "`cribcheck summary FILE.jsonl --html FILE.html` shows them all" in text


def test_under_the_limit_every_failure_is_in_full() -> None:
    text = render([result(number, "short") for number in range(30)], MAX_BYTES)
    assert text.count("<details><summary>") == 30
    assert "named above without their details" not in text
