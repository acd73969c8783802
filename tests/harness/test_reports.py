"""The reports: every JSON line validates, JUnit XML reads back with a JUnit parser, Markdown
holds the summary and the failures; all of them are written for a failed start too."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cribcheck.harness.cli import build_parser, main
from cribcheck.harness.report.terminal import TerminalReporter
from cribcheck.harness.run.runner import execute, plan_from_args

from .conftest import zoo
from .reports import read_report, statuses


def run_with_reports(cases: Path, tmp_path: Path, *args: str) -> tuple[int, Path, Path, Path]:
    report, junit, markdown = tmp_path / "r.jsonl", tmp_path / "r.xml", tmp_path / "r.md"
    code = main(
        ["run", "--cases", str(cases), "--no-progress", "--timeout", "1", "--startup-timeout", "2",
         "--report", str(report), "--junit", str(junit), "--markdown", str(markdown), *args]
    )  # fmt: skip
    return code, report, junit, markdown


@pytest.fixture
def mixed(small_cases: Path, tmp_path: Path, capsys) -> tuple[int, Path, Path, Path]:
    """A run with a pass, an error (the crash), a skip-free mix, an xfail and a not applicable."""
    expectations = tmp_path / "x.yaml"
    expectations.write_text("format: 1\nexpected_failures:\n  - {id: zoo-double-run, reason: known}\n")
    result = run_with_reports(
        small_cases, tmp_path, "--engine", zoo("crashes"), "--expectations", str(expectations), "--report-full"
    )
    capsys.readouterr()
    return result


def test_the_json_lines_report_validates_and_tells_everything(mixed: tuple[int, Path, Path, Path]) -> None:
    code, report, _, _ = mixed
    assert code == 1
    lines = read_report(report)  # each line checked against the schema
    header, footer = lines[0], lines[-1]
    assert header["suite"]["name"] == "cribcheck"
    assert header["protocol"] == 1
    assert header["engine"]["mode"] == "persistent"
    assert header["engine"]["info"]["engine"]["name"] == "cribcheck-reference"
    assert header["planned"] == 7
    assert footer["counts"]["error"] == 1
    assert footer["counts"]["xpass"] == 1  # zoo-double-run passes: its entry is stale
    assert footer["by_profile"]["six-card"]["pass"] == 5
    assert footer["restarts"] == 1
    assert "ZeroDivisionError: division by zero" in footer["stderr_tail"]
    assert footer["exit_status"] == 1
    case = next(line for line in lines if line.get("id") == "zoo-twenty-nine")
    assert case["actual"] == {"total": 29, "breakdown": case["expected"]["breakdown"]}
    assert case["rerun"].startswith("cribcheck run --engine ")


def test_junit_reads_back_with_a_junit_parser(mixed: tuple[int, Path, Path, Path]) -> None:
    junitparser = pytest.importorskip("junitparser")
    _, _, junit, _ = mixed
    xml = junitparser.JUnitXml.fromfile(str(junit))
    suites = list(xml)
    assert [suite.name for suite in suites] == ["cribcheck.six-card"]
    cases = {case.name: case for case in suites[0]}
    assert len(cases) == 7
    assert cases["zoo-zero-hand[six-card]"].is_passed
    assert isinstance(cases["zoo-trigger-flush-run[six-card]"].result[0], junitparser.Error)
    assert "exit code 70" in cases["zoo-trigger-flush-run[six-card]"].result[0].message
    assert isinstance(cases["zoo-double-run[six-card]"].result[0], junitparser.Failure)  # xpass
    assert cases["zoo-zero-hand[six-card]"].classname == "cribcheck.six-card.show"
    assert (suites[0].tests, suites[0].errors, suites[0].failures) == (7, 1, 1)


def test_junit_is_well_formed_for_any_parser(mixed: tuple[int, Path, Path, Path]) -> None:
    _, _, junit, _ = mixed
    root = ET.parse(junit).getroot()
    assert root.tag == "testsuites"
    assert root.get("tests") == "7"
    cases = root.findall("./testsuite/testcase")
    assert len(cases) == 7
    error = next(case for case in cases if case.get("name") == "zoo-trigger-flush-run[six-card]")
    assert "rerun: cribcheck run" in error.findtext("error", "")
    assert "ZeroDivisionError" in root.findtext("system-err", "")


def test_markdown_holds_the_summary_and_each_failure(mixed: tuple[int, Path, Path, Path]) -> None:
    _, _, _, markdown = mixed
    text = markdown.read_text()
    assert text.startswith("## cribcheck ")
    assert "**FAILED**, compliance " in text
    assert "| Profile | pass | error | xpass |" in text
    assert "| Rule area |" in text
    assert "### Failures (2)" in text
    assert "<code>zoo-trigger-flush-run[six-card]</code>" in text
    assert "Rerun: `cribcheck run --engine " in text


def test_a_failure_shows_a_diff_in_markdown(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, _, _, markdown = run_with_reports(small_cases, tmp_path, "--engine", zoo("all_wrong"), "--case", "zoo-zero*")
    text = markdown.read_text()
    assert "```diff" in text
    assert '-  "total": 0' in text
    assert '+  "total": 99' in text


def test_every_report_is_written_when_the_engine_cannot_start(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report, junit, markdown = run_with_reports(small_cases, tmp_path, "--engine", zoo("wrong_protocol"))
    assert code == 2
    lines = read_report(report)
    assert statuses(lines) == {}
    assert "protocol version mismatch" in lines[-1]["aborted"]
    root = ET.parse(junit).getroot()
    assert root.get("errors") == "1"
    assert "protocol version mismatch" in root.findall("./testsuite/testcase/error")[0].get("message", "")
    assert "**Stopped:** the engine could not be started\\: protocol version mismatch" in markdown.read_text()


def test_a_progress_bar_only_on_a_terminal(small_cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["run", "--cases", str(small_cases)])
    assert "\r[" not in capsys.readouterr().err  # captured output is not a terminal


def test_verbose_prints_a_line_per_result(small_cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["run", "--cases", str(small_cases), "-v", "--no-progress"])
    out = capsys.readouterr().out
    assert "PASS           zoo-zero-hand[six-card]" in out


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_is_drawn_on_a_terminal_and_cleared(small_cases: Path) -> None:
    err = FakeTerminal()
    out = io.StringIO()
    plan = plan_from_args(build_parser().parse_args(["run", "--cases", str(small_cases)]))
    execute(plan, [TerminalReporter(out, err)])
    assert "\r[" in err.getvalue()
    assert "/7 " in err.getvalue()
    assert err.getvalue().endswith("\r")  # cleared before the summary
    assert "\x1b[" not in out.getvalue()  # no colour where stdout is not a terminal
