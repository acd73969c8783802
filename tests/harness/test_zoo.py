"""The zoo: broken fake adapters, one misbehaviour each. Every run finishes, quickly, with the
right statuses and a message that says what went wrong."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from harness.cli import main

from .conftest import SMALL_CASES, zoo
from .reports import messages, read_report, statuses

TRIGGER_CASE = "zoo-trigger-flush-run"
ALL = [case_id for case_id, _, _ in SMALL_CASES]
OTHERS = [case_id for case_id in ALL if case_id != TRIGGER_CASE]


def run_zoo(
    name: str, cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str
) -> tuple[int, list[dict[str, Any]], str]:
    report = tmp_path / "report.jsonl"
    started = time.monotonic()
    code = main(
        [
            "run",
            "--engine",
            zoo(name),
            "--cases",
            str(cases),
            "--timeout",
            "1",
            "--startup-timeout",
            "2",
            "--no-progress",
            "--report",
            str(report),
            *extra,
        ]
    )
    assert time.monotonic() - started < 20, "the run must finish quickly whatever the engine does"
    captured = capsys.readouterr()
    return code, read_report(report), captured.out + captured.err


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("exits_at_start", "the engine exited before answering hello (exit code 3)"),
        ("silent", "the engine did not answer hello within 2 s"),
        ("wrong_protocol", "protocol version mismatch: the engine speaks protocol 2, this cribcheck speaks protocol 1"),
        ("refuses_hello", "the engine refused hello: this adapter needs a licence key"),
        ("banner", "the answer to hello is not JSON"),
    ],
)
def test_a_failed_handshake_stops_the_run(
    name: str, message: str, small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines, output = run_zoo(name, small_cases, tmp_path, capsys)
    assert code == 2
    assert message in output
    footer = lines[-1]
    assert message in footer["aborted"]
    assert footer["exit_status"] == 2
    assert statuses(lines) == {}
    assert lines[0]["engine"]["info"] is None


def test_a_banner_is_quoted_with_advice(small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, _, output = run_zoo("banner", small_cases, tmp_path, capsys)
    assert "Welcome to CribEngine 2.0! Type 'help' for help." in output
    assert "write logs and banners to stderr" in output


def test_the_stderr_of_an_engine_that_exits_at_start_is_shown(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, lines, output = run_zoo("exits_at_start", small_cases, tmp_path, capsys)
    assert "cannot find the engine's configuration file" in output
    assert any("configuration file" in line for line in lines[-1]["stderr_tail"])


@pytest.mark.parametrize(
    ("name", "message", "restarts"),
    [
        ("non_json", "the response is not JSON", 1),
        ("wrong_seq", "wrong seq: expected '3'", 1),
        ("hangs", "the engine gave no answer within 1 s (timeout)", 1),
        ("crashes", "the engine exited (exit code 70) before answering", 1),
        ("wrong_shape", "ok: 'total' is a required property", 0),
        ("huge_line", "over the limit", 1),
    ],
)
def test_a_misbehaviour_on_one_case_is_an_error_for_that_case_only(
    name: str, message: str, restarts: int, small_cases: Path, tmp_path: Path, capsys
) -> None:
    code, lines, _ = run_zoo(name, small_cases, tmp_path, capsys)
    assert code == 1
    found = statuses(lines)
    assert found[TRIGGER_CASE] == "error"
    assert all(found[case_id] == "pass" for case_id in OTHERS), found
    assert message in messages(lines)[TRIGGER_CASE]
    footer = lines[-1]
    assert footer["restarts"] == restarts
    assert footer["complete"] is True
    assert footer["notes"] == []


def test_errors_quote_the_offending_line(small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, lines, output = run_zoo("non_json", small_cases, tmp_path, capsys)
    assert "'DEBUG scoring hand AH 2H 3H 4H'" in messages(lines)[TRIGGER_CASE]
    assert "DEBUG scoring hand" in output
    _, lines, _ = run_zoo("wrong_seq", small_cases, tmp_path, capsys)
    assert '"seq": "999"' in messages(lines)[TRIGGER_CASE]


def test_a_crash_shows_the_stderr_tail(small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, lines, output = run_zoo("crashes", small_cases, tmp_path, capsys)
    assert "ZeroDivisionError" in messages(lines)[TRIGGER_CASE]
    assert "ZeroDivisionError: division by zero" in lines[-1]["stderr_tail"]
    assert "the engine's stderr ended with" in output


def test_a_stderr_flood_does_not_stall_the_run(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines, _ = run_zoo("stderr_flood", small_cases, tmp_path, capsys)
    assert code == 0
    assert set(statuses(lines).values()) == {"pass"}
    assert lines[-1]["stderr_tail"][-1].startswith("handling request")


def test_every_answer_wrong_fails_every_case(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines, output = run_zoo("all_wrong", small_cases, tmp_path, capsys)
    assert code == 1
    assert set(statuses(lines).values()) == {"fail"}
    assert "wrong answers" in lines[-1]["notes"][0]
    assert "compliance 0.0%" in output


def test_every_answer_an_error_says_the_adapter_looks_broken(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines, output = run_zoo("all_errors", small_cases, tmp_path, capsys)
    assert code == 1
    assert set(statuses(lines).values()) == {"error"}
    assert "the adapter looks broken" in output
    assert "NotImplementedError: score_show" in messages(lines)["zoo-zero-hand"]


def test_an_engine_failing_every_request_is_given_up(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines, output = run_zoo("always_crashes", small_cases, tmp_path, capsys)
    assert code == 1
    found = messages(lines)
    assert set(statuses(lines).values()) == {"error"}
    crashed = [case_id for case_id, message in found.items() if "exited" in message and "not run" not in message]
    given_up = [
        case_id for case_id, message in found.items() if "not run: the engine failed 5 times in a row" in message
    ]
    assert len(crashed) == 5
    assert len(given_up) == len(ALL) - 5
    assert lines[-1]["restarts"] == 4
    assert "the adapter looks broken" in output


def test_an_engine_that_cannot_stay_up_works_with_once(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines, _ = run_zoo("dies_after_one", small_cases, tmp_path, capsys)
    assert code == 1
    assert "error" in statuses(lines).values()
    assert "pass" in statuses(lines).values()
    code, lines, _ = run_zoo("dies_after_one", small_cases, tmp_path, capsys, "--once")
    assert code == 0
    assert set(statuses(lines).values()) == {"pass"}
    assert lines[0]["engine"]["mode"] == "once"


def test_a_skip_is_reported_apart(small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, output = run_zoo("skips", small_cases, tmp_path, capsys)
    assert code == 0
    assert statuses(lines)[TRIGGER_CASE] == "skip"
    assert messages(lines)[TRIGGER_CASE] == "flushes are not implemented yet"
    footer = lines[-1]
    assert footer["counts"]["skip"] == 1
    assert footer["compliance"] == pytest.approx(6 / 7)
    assert "1 skipped by the engine" in output


def test_an_engine_that_cannot_be_started(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "report.jsonl"
    code = main(["run", "--engine", "/no/such/engine --flag", "--cases", str(small_cases), "--report", str(report)])
    assert code == 2
    assert "cannot start the engine '/no/such/engine --flag'" in capsys.readouterr().out
    assert read_report(report)[-1]["aborted"]
