"""The JavaScript adapter in examples/node-show-only (on the Node helper): a real foreign process
that claims only the show, and no judging of illegal input, so everything else, and the show's
rejection cases, are not applicable."""

from __future__ import annotations

import io
import shlex
from pathlib import Path

import pytest

from cribcheck.harness.cli import build_parser, main
from cribcheck.harness.contract.files import CASES_DIR, REPO_ROOT
from cribcheck.harness.corpus.cases import CaseFileError, load_cases
from cribcheck.harness.run.runner import main as run_main
from cribcheck.harness.run.smoke import main as smoke_main

from .reports import not_passed, read_report, statuses
from .tools import need

ADAPTER = REPO_ROOT / "examples" / "node-show-only" / "adapter.js"


def command() -> str:
    return shlex.join([need("node"), str(ADAPTER)])


def test_the_show_passes_and_the_rest_is_not_applicable(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "node.jsonl"
    code = main(["run", "--engine", command(), "--cases", str(small_cases), "--report", str(report), "--no-progress"])
    assert code == 0
    lines = read_report(report)
    assert statuses(lines) == {
        "zoo-zero-hand": "pass",
        "zoo-twenty-nine": "pass",
        "zoo-trigger-flush-run": "pass",
        "zoo-double-run": "pass",
        "zoo-crib-nobs": "pass",
        "zoo-duplicate-card": "not_applicable",  # a rejection: the engine does not judge illegal input
        "zoo-pegging-over-31": "not_applicable",
    }
    assert lines[0]["engine"]["info"]["engine"]["name"] == "node-show-only"
    assert "2 not applicable" in capsys.readouterr().out


def test_smoke_against_node(capsys: pytest.CaptureFixture[str]) -> None:
    code = smoke_main(build_parser().parse_args(["smoke", "--engine", command()]))
    out = capsys.readouterr().out
    assert code == 0
    assert "smoke-over-31 [six-card]" in out
    assert "NOT_APPLICABLE: the engine does not claim operation 'pegging'" in out
    assert "smoke: requests sent: show 2" in out


def test_the_corpus_s_show_cases_pass_through_node(tmp_path: Path) -> None:
    try:
        cases = load_cases(CASES_DIR)
    except CaseFileError as error:
        pytest.fail(f"the corpus does not load:\n{error}")
    if not any(case.op == "show" for case in cases):
        pytest.skip("no show cases yet")
    report = tmp_path / "node.jsonl"
    out = io.StringIO()
    args = build_parser().parse_args(
        ["run", "--engine", command(), "--no-progress", "--report", str(report), "--report-full"]
    )
    code = run_main(args, out)
    lines = read_report(report)
    assert [line for line in not_passed(lines) if line[2] != "not_applicable"] == [], out.getvalue()[-3000:]
    assert code == 0
    ran = [line for line in lines if line.get("status") == "pass"]
    assert ran and {line["op"] for line in ran} == {"show"}
    assert {line["profile"] for line in ran} <= {"five-card", "six-card", "six-card-61"}
