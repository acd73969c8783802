"""`cribcheck run`: selection, statuses, features, expectations, --max-fail, exit codes, Ctrl-C,
and the whole corpus against the reference in-process."""

from __future__ import annotations

import io
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from cribcheck.harness.cli import build_parser, main
from cribcheck.harness.contract.files import CASES_DIR, REPO_ROOT
from cribcheck.harness.corpus.cases import CaseFileError, load_cases
from cribcheck.harness.engine.adapter import Adapter, Skip
from cribcheck.harness.engine.engines import InProcessEngine
from cribcheck.harness.engine.serve import reference_adapter
from cribcheck.harness.report.jsonl import JsonLinesReporter
from cribcheck.harness.run.runner import execute, plan_from_args

from .conftest import SMALL_CASES, zoo
from .processes import PIDS_VARIABLE, kill_all, recorded
from .reports import messages, not_passed, read_report, statuses

ALL = {case_id for case_id, _, _ in SMALL_CASES}


def run(cases: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["run", "--cases", str(cases), "--no-progress", *args])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def run_in_process(cases: Path, adapter: Adapter, tmp_path: Path, *args: str) -> list[dict[str, Any]]:
    """Run against an Adapter in-process; the report's lines."""
    report = tmp_path / "in-process.jsonl"
    plan = plan_from_args(build_parser().parse_args(["run", "--cases", str(cases), *args]))
    execute(plan, [JsonLinesReporter(report)], lambda: InProcessEngine(adapter))
    return read_report(report)


def test_the_small_cases_pass_against_the_reference(small_cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, output = run(small_cases, capsys)
    assert code == 0
    assert "7 results" in output
    assert "compliance 100.0% (7/7 applicable passed)" in output


def test_what_the_engine_does_not_claim_is_not_applicable(small_cases: Path, tmp_path: Path) -> None:
    lines = run_in_process(small_cases, reference_adapter(operations=["show"]), tmp_path)
    found = statuses(lines)
    assert found["zoo-pegging-over-31"] == "not_applicable"
    assert "operation 'pegging'" in messages(lines)["zoo-pegging-over-31"]
    assert list(found.values()).count("pass") == 6
    assert lines[-1]["compliance"] == 1.0
    assert lines[-1]["exit_status"] == 0
    lines = run_in_process(small_cases, reference_adapter(profiles=["five-card"]), tmp_path)
    assert set(statuses(lines).values()) == {"not_applicable"}
    assert lines[-1]["compliance"] is None


def wrong_breakdown(data: Mapping[str, Any], profile: str) -> dict[str, Any]:
    from cribcheck.harness.operations.answers import run_reference

    result = run_reference("show", data, profile)["ok"]
    return {"total": result["total"], "breakdown": {"fifteens": -1}}


def test_parts_of_features_not_claimed_are_not_compared(small_cases: Path, tmp_path: Path) -> None:
    base = reference_adapter(operations=["show"])
    without = Adapter("t", "1", "Python", base.profiles, {"show": wrong_breakdown}, features=())
    lines = run_in_process(small_cases, without, tmp_path, "--case", "zoo-t*")
    assert statuses(lines) == {"zoo-twenty-nine": "pass", "zoo-trigger-flush-run": "pass"}
    with_feature = Adapter("t", "1", "Python", base.profiles, {"show": wrong_breakdown}, features=("breakdown",))
    lines = run_in_process(small_cases, with_feature, tmp_path, "--case", "zoo-t*")
    assert set(statuses(lines).values()) == {"fail"}
    assert "breakdown.fifteens: expected" in messages(lines)["zoo-twenty-nine"]


def test_an_engine_may_skip_a_case_with_a_reason(small_cases: Path, tmp_path: Path) -> None:
    def no_cribs(data: Mapping[str, Any], profile: str) -> Mapping[str, Any]:
        if data.get("crib"):
            raise Skip("cribs are not counted yet")
        return reference_adapter().handlers["show"](data, profile)

    adapter = Adapter("t", "1", "Python", ["six-card"], {"show": no_cribs})
    lines = run_in_process(small_cases, adapter, tmp_path)
    assert statuses(lines)["zoo-crib-nobs"] == "skip"
    assert messages(lines)["zoo-crib-nobs"] == "cribs are not counted yet"
    assert lines[-1]["exit_status"] == 0


def test_an_engine_exception_in_process_is_an_error_with_its_message(small_cases: Path, tmp_path: Path) -> None:
    def broken(data: Mapping[str, Any], profile: str) -> Mapping[str, Any]:
        raise KeyError("starter")

    lines = run_in_process(small_cases, Adapter("t", "1", "Python", ["six-card"], {"show": broken}), tmp_path)
    assert statuses(lines)["zoo-zero-hand"] == "error"
    assert messages(lines)["zoo-zero-hand"] == "KeyError: 'starter'"
    assert "the adapter looks broken" in lines[-1]["notes"][0]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--case", "zoo-z*"], {"zoo-zero-hand"}),
        (["--case", "zoo-z*", "--case", "*-card"], {"zoo-zero-hand", "zoo-duplicate-card"}),
        (["--tag", "pegging"], {"zoo-pegging-over-31"}),
        (["--rule", "peg"], {"zoo-pegging-over-31"}),
        (["--rule", "pegging"], {"zoo-pegging-over-31"}),  # the catalogue's area
        (["--rule", "show.fifteens"], ALL - {"zoo-pegging-over-31"}),
        (["--rule", "show.*", "--case", "*nobs"], {"zoo-crib-nobs"}),
        (["--profile", "six-card"], ALL),
    ],
)
def test_selection(
    args: list[str], expected: set[str], small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "r.jsonl"
    code, _ = run(small_cases, capsys, "--report", str(report), *args)
    assert code == 0
    assert set(statuses(read_report(report))) == expected


def test_a_selection_of_nothing_is_a_usage_error(small_cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, output = run(small_cases, capsys, "--profile", "five-card", "--tag", "nobs")
    assert code == 2
    assert "nothing to run" in output
    assert "--profile five-card: no case runs under it" in output
    assert "--tag nobs: no case has it" in output


def test_max_fail_stops_the_run(small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "r.jsonl"
    code, output = run(small_cases, capsys, "--engine", zoo("all_wrong"), "--max-fail", "2", "--report", str(report))
    assert code == 1
    lines = read_report(report)
    assert list(statuses(lines).values()) == ["fail", "fail"]
    assert lines[-1]["stopped_early"] == "stopped after 2 failures (--max-fail 2)"
    assert lines[-1]["complete"] is False
    assert "stopped after 2 failures" in output


def write_expectations(path: Path, entries: list[dict[str, str]]) -> Path:
    path.write_text(yaml.safe_dump({"format": 1, "expected_failures": entries}), encoding="utf-8")
    return path


def test_expected_failures_are_xfail_and_keep_the_run_green(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expectations = write_expectations(
        tmp_path / "x.yaml",
        [{"id": "zoo-trigger-flush-run", "reason": "crashes on flushes", "link": "https://example.org/1"}],
    )
    report = tmp_path / "r.jsonl"
    args = ["--engine", zoo("crashes"), "--expectations", str(expectations), "--report", str(report)]
    code, output = run(small_cases, capsys, *args)
    assert code == 0
    lines = read_report(report)
    assert statuses(lines)["zoo-trigger-flush-run"] == "xfail"
    line = next(line for line in lines if line.get("id") == "zoo-trigger-flush-run")
    assert line["expectation"] == {
        "id": "zoo-trigger-flush-run",
        "reason": "crashes on flushes",
        "link": "https://example.org/1",
    }
    assert "1 expected failures" in output


def test_a_listed_case_that_passes_is_xpass_and_fails_the_run(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expectations = write_expectations(
        tmp_path / "x.yaml", [{"id": "zoo-zero-hand", "profile": "six-card", "reason": "r"}]
    )
    report = tmp_path / "r.jsonl"
    code, output = run(small_cases, capsys, "--expectations", str(expectations), "--report", str(report))
    assert code == 1
    assert statuses(read_report(report))["zoo-zero-hand"] == "xpass"
    assert "remove the entry" in output


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ([{"id": "zoo-no-such-case", "reason": "r"}], "zoo-no-such-case): unknown case id"),
        ([{"id": "zoo-zero-hand", "profile": "five-card", "reason": "r"}], "does not run under profile 'five-card'"),
        ([{"id": "zoo-zero-hand", "reason": "r"}, {"id": "zoo-zero-hand", "reason": "s"}], "listed twice"),
        ([{"id": "zoo-zero-hand"}], "'reason' is a required property"),
    ],
)
def test_unknown_or_stale_entries_stop_the_run(
    entries: list[dict[str, str]], message: str, small_cases: Path, tmp_path: Path, capsys
) -> None:
    expectations = write_expectations(tmp_path / "x.yaml", entries)
    code, output = run(small_cases, capsys, "--expectations", str(expectations))
    assert code == 2
    assert message in output


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_written_expectations_make_the_next_run_green(
    suffix: str, small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    written = tmp_path / f"expectations{suffix}"
    code, _ = run(small_cases, capsys, "--engine", zoo("all_wrong"), "--write-expectations", str(written))
    assert code == 1
    document = yaml.safe_load(written.read_text())
    assert len(document["expected_failures"]) == len(ALL)
    assert document["expected_failures"][0]["reason"].startswith("fail: ")
    if suffix == ".json":
        json.loads(written.read_text())
    code, output = run(small_cases, capsys, "--engine", zoo("all_wrong"), "--expectations", str(written))
    assert code == 0
    assert f"{len(ALL)} xfail" in output


def test_a_failure_is_shown_with_its_rules_explanation_diff_and_rerun_command(
    small_cases: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, output = run(small_cases, capsys, "--engine", zoo("all_wrong"), "--case", "zoo-twenty-nine")
    assert code == 1
    assert "FAIL zoo-twenty-nine[six-card]: zoo twenty nine" in output
    assert "rules: show.fifteens" in output
    assert "| Whatever the reference says." in output
    assert "- total: expected 29, got 99" in output
    assert '-  "total": 29' in output and '+  "total": 99' in output
    rerun = next(line for line in output.splitlines() if line.strip().startswith("rerun:"))
    argv = shlex.split(rerun.split("rerun:", 1)[1])
    assert argv[:2] == ["cribcheck", "run"]
    assert argv[argv.index("--case") + 1] == "zoo-twenty-nine[six-card]" and "--profile" not in argv
    assert argv[argv.index("--cases") + 1] == str(small_cases)


def test_the_summary_is_by_profile_and_rule_area(small_cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, output = run(small_cases, capsys)
    lines = output.splitlines()
    assert any(line.split() == ["six-card", "7"] for line in lines)
    assert any(line.split() == ["show", "6"] for line in lines)
    assert any(line.split() == ["pegging", "1"] for line in lines)  # the catalogue's area


def interrupt(small_cases: Path, tmp_path: Path, sig: signal.Signals) -> tuple[int, list[dict[str, Any]]]:
    report = tmp_path / "r.jsonl"
    command = [
        sys.executable, "-m", "cribcheck.harness.cli", "run", "--engine", zoo("hangs"), "--cases", str(small_cases),
        "--timeout", "30", "--report", str(report), "--no-progress",
    ]  # fmt: skip
    process = subprocess.Popen(command, cwd=REPO_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not (report.exists() and report.read_text().count("\n") >= 3):
        time.sleep(0.05)  # the header and two results: the run is hanging on the trigger now
    time.sleep(0.2)
    process.send_signal(sig)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail("the run did not stop")
    return process.returncode, read_report(report)


@pytest.mark.skipif(os.name != "posix", reason="signals")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_still_writes_the_report_of_what_ran(sig: signal.Signals, small_cases: Path, tmp_path: Path) -> None:
    code, lines = interrupt(small_cases, tmp_path, sig)
    assert code == 130
    footer = lines[-1]
    assert footer["interrupted"] is True
    assert footer["complete"] is False
    assert statuses(lines) == {"zoo-zero-hand": "pass", "zoo-twenty-nine": "pass"}


@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_a_killed_run_keeps_every_line_it_wrote(small_cases: Path, tmp_path: Path) -> None:
    """SIGKILL gives the run no time to write anything: each line is in the file once its result is known."""
    report, pids = tmp_path / "r.jsonl", tmp_path / "zoo-pids"
    command = [
        sys.executable, "-m", "cribcheck.harness.cli", "run", "--engine", zoo("hangs"), "--cases", str(small_cases),
        "--timeout", "30", "--report", str(report), "--no-progress",
    ]  # fmt: skip
    env = {**os.environ, PIDS_VARIABLE: str(pids)}
    process = subprocess.Popen(command, cwd=REPO_ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not (report.exists() and report.read_text().count("\n") >= 3):
            time.sleep(0.05)  # the header and two results: the run is hanging on the trigger now
        time.sleep(0.2)
        process.kill()
        process.wait(timeout=10)
    finally:
        kill_all(recorded(pids))  # a killed run cannot end its engine
    text = report.read_text(encoding="utf-8")
    assert text.endswith("\n")
    lines = [json.loads(line) for line in text.splitlines()]
    assert [line["type"] for line in lines] == ["header", "case", "case"]
    assert statuses(lines) == {"zoo-zero-hand": "pass", "zoo-twenty-nine": "pass"}


def corpus_or_skip() -> None:
    try:
        cases = load_cases(CASES_DIR)
    except CaseFileError as error:
        pytest.fail(f"the corpus does not load:\n{error}")
    if not cases:
        pytest.skip("no cases in the corpus yet")


def test_the_whole_corpus_passes_against_the_reference_in_process(tmp_path: Path) -> None:
    corpus_or_skip()
    report = tmp_path / "corpus.jsonl"
    out = io.StringIO()
    from cribcheck.harness.run.runner import main as run_main

    args = build_parser().parse_args(["run", "--no-progress", "--report", str(report)])
    code = run_main(args, out)
    lines = read_report(report)
    failed = not_passed(lines)
    assert failed == [], out.getvalue()[-5000:]
    assert code == 0
    assert lines[-1]["complete"] is True


def test_ctrl_c_while_the_cases_load_still_writes_an_interrupted_report(
    small_cases: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cribcheck.harness.run import runner

    def interrupted(args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "plan_from_args", interrupted)
    report = tmp_path / "r.jsonl"
    code = main(["run", "--cases", str(small_cases), "--no-progress", "--report", str(report)])
    assert code == 130
    footer = read_report(report)[-1]
    assert footer["interrupted"] is True
    assert footer["exit_status"] == 130
    assert footer["aborted"] == "interrupted before the run began"
