"""The zoo: broken fake adapters, one misbehaviour each. Every run finishes, quickly, with the
right statuses and a message that says what went wrong."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.cli import main

from .conftest import SMALL_CASES, ZOO, zoo
from .processes import PIDS_VARIABLE, kill_all, recorded, survivors
from .reports import messages, read_report, statuses

TRIGGER_CASE = "zoo-trigger-flush-run"
ALL = [case_id for case_id, _, _ in SMALL_CASES]
OTHERS = [case_id for case_id in ALL if case_id != TRIGGER_CASE]
REPOSITORY = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def zoo_pids(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every zoo process writes its pid here; after every test of the zoo, none may be alive."""
    path = tmp_path / "zoo-pids"
    monkeypatch.setenv(PIDS_VARIABLE, str(path))
    yield path
    left = survivors(recorded(path))
    kill_all(left)
    assert left == [], f"processes left behind by the engine: {left}"


def assert_none_left(path: Path, at_least: int) -> None:
    """At least `at_least` processes were started (else the check could not fail), none alive."""
    pids = recorded(path)
    assert len(pids) >= at_least, pids
    left = survivors(pids)
    kill_all(left)
    assert left == [], f"processes left behind by the engine: {left} of {pids}"


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
            "5",
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
        ("silent", "the engine did not answer hello within 5 s"),
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


@pytest.mark.skipif(os.name != "posix", reason="process groups and fork")
@pytest.mark.parametrize(
    ("name", "extra", "started"),
    [
        ("leaves_helper", (), 2),  # the engine and its helper, which outlived a clean bye
        ("leaves_helper", ("--once",), 2 * (1 + len(ALL))),  # one engine (and helper) per request, and the hello's
        ("forks_holding_stdout", ("--once",), 1 + 2 * len(ALL)),  # a forked child per request, holding stdout
        ("forks_holding_stdout", (), 1 + len(ALL)),
        ("setsid_escapes", (), 2),  # a child in a session of its own, out of the engine's group
        ("setsid_escapes", ("--once",), 2 * (1 + len(ALL))),
    ],
)
def test_nothing_the_engine_started_outlives_the_run(
    name: str,
    extra: tuple[str, ...],
    started: int,
    small_cases: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    zoo_pids: Path,
) -> None:
    # every request right, so the short timeouts of the hang tests are not needed here: under a busy
    # machine one --once start (a Python process per request) can take more than a second
    code, lines, _ = run_zoo(name, small_cases, tmp_path, capsys, *extra, "--timeout", "10", "--startup-timeout", "10")
    assert code == 0
    assert set(statuses(lines).values()) == {"pass"}
    assert_none_left(zoo_pids, started)


@pytest.mark.parametrize("extra", [(), ("--once",)])
def test_an_engine_that_closed_its_stdout_but_runs_is_not_said_to_have_exited(
    extra: tuple[str, ...], small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines, _ = run_zoo("closes_stdout", small_cases, tmp_path, capsys, *extra)
    assert code == 1
    assert statuses(lines)[TRIGGER_CASE] == "error"
    message = messages(lines)[TRIGGER_CASE]
    assert "the engine closed its stdout before answering, still running" in message
    assert "exited" not in message
    assert all(statuses(lines)[case_id] == "pass" for case_id in OTHERS)


def start_run(name: str, cases: Path, tmp_path: Path, *extra: str) -> tuple[subprocess.Popen[bytes], Path]:
    report = tmp_path / "r.jsonl"
    command = [
        sys.executable, "-m", "cribcheck.harness.cli", "run", "--engine", zoo(name), "--cases", str(cases),
        "--report", str(report), "--no-progress", *extra,
    ]  # fmt: skip
    return subprocess.Popen(command, cwd=REPOSITORY, stdout=subprocess.PIPE, stderr=subprocess.PIPE), report


def wait_for(condition: Any, what: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"waited {seconds:g} s for {what}")
        time.sleep(0.05)


def ended(process: subprocess.Popen[bytes]) -> int:
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail("the run did not stop")
    return process.returncode


@pytest.mark.skipif(os.name != "posix", reason="signals")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_while_the_engine_starts_gives_an_interrupted_report(
    sig: signal.Signals, small_cases: Path, tmp_path: Path, zoo_pids: Path
) -> None:
    process, report = start_run("silent", small_cases, tmp_path, "--startup-timeout", "30")
    wait_for(lambda: recorded(zoo_pids), "the engine to start")
    time.sleep(0.2)  # the harness is waiting for the answer to hello now
    process.send_signal(sig)
    assert ended(process) == 130
    lines = read_report(report)
    footer = lines[-1]
    assert footer["interrupted"] is True
    assert footer["complete"] is False
    assert footer["exit_status"] == 130
    assert_none_left(zoo_pids, 1)


@pytest.mark.skipif(os.name != "posix", reason="signals")
@pytest.mark.parametrize("engines", [1, 2], ids=["one engine", "two engines"])
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_while_jobs_copies_start_ends_every_copy_and_its_helpers(
    sig: signal.Signals, engines: int, small_cases: Path, tmp_path: Path, zoo_pids: Path
) -> None:
    # `slow_hello` starts a helper, then takes 2 s before it reads hello. One engine with --jobs 2
    # is two copies started at once (in threads); two engines with --jobs 2 are two runs at once
    # (one process each). Each copy is an engine and its helper: 4 processes in either case.
    more = ("--engine", zoo("slow_hello")) * (engines - 1)
    process, report = start_run("slow_hello", small_cases, tmp_path, *more, "--jobs", "2", "--startup-timeout", "30")
    wait_for(lambda: len(recorded(zoo_pids)) >= 4, "two copies and their helpers to start")
    time.sleep(0.3)  # the copies are still starting: none has read hello yet
    process.send_signal(sig)
    assert ended(process) == 130
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    footers = [line for line in lines if line["type"] == "footer"]  # each engine's run in turn
    assert len(footers) == engines and all(footer["interrupted"] for footer in footers)
    assert_none_left(zoo_pids, 4)


@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_a_second_ctrl_c_while_ending_still_ends_the_engine(small_cases: Path, tmp_path: Path, zoo_pids: Path) -> None:
    process, report = start_run("hangs", small_cases, tmp_path, "--timeout", "30")
    wait_for(lambda: report.exists() and report.read_text().count("\n") >= 3, "two results")
    time.sleep(0.2)  # hanging on the trigger now
    process.send_signal(signal.SIGINT)
    time.sleep(0.3)  # the harness is giving the hanging engine its second to exit after bye
    process.send_signal(signal.SIGINT)
    assert ended(process) == 130
    assert b"SIGINT again" in process.communicate()[1]
    footer = read_report(report)[-1]
    assert footer["interrupted"] is True
    assert_none_left(zoo_pids, 1)


def misbehaviour_table() -> list[tuple[str, str, tuple[str, ...], str, str, str]]:
    """The rows of docs/PROTOCOL.md's table: (misbehaviour, engine, options, status, message, left)."""
    text = (REPOSITORY / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    section = text.split("### Every misbehaviour, and what the harness reports", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] in ("misbehaviour", "---"):
            continue
        what, engine, status, message, left = cells
        names = re.findall(r"`([^`]+)`", engine)
        quoted = re.findall(r"`([^`]+)`", message)
        rows.append((what, names[0], tuple(names[1:]), status, quoted[0] if quoted else "", left))
    return rows


TABLE = misbehaviour_table()


def test_the_table_names_every_misbehaving_engine_of_the_zoo() -> None:
    assert len(TABLE) >= 20
    named = {engine for _, engine, *_ in TABLE}
    in_zoo = {path.stem for path in ZOO.glob("*.py") if not path.name.startswith("_")}
    # wrong answers, skips and errors said by the engine (not misbehaviours of the protocol), an
    # engine for --once, the sweep's batch crash, the fuzz test's engine and the slow engine of
    # --jobs, the engine that trusts its callers (tests/harness/test_claims.py): checked elsewhere
    elsewhere = {"all_wrong", "all_errors", "skips", "dies_after_one", "forgets_heart_nobs", "batch_crashes", "fuzzed",
                 "slow", "trusts_callers"}  # fmt: skip
    assert named <= in_zoo
    assert in_zoo - named <= elsewhere, "a zoo engine missing from docs/PROTOCOL.md's table"


@pytest.mark.skipif(os.name != "posix", reason="process groups and signals")
@pytest.mark.parametrize(
    ("what", "engine", "options", "status", "message", "left"), TABLE, ids=[row[0] for row in TABLE]
)
def test_each_row_of_the_misbehaviour_table_holds(
    what: str,
    engine: str,
    options: tuple[str, ...],
    status: str,
    message: str,
    left: str,
    small_cases: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    zoo_pids: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert left == "none"
    state = tmp_path / "state"  # what an engine remembers between its processes (changes_claims)
    state.mkdir()
    monkeypatch.setenv("CRIBCHECK_ZOO_STATE", str(state))
    if status.startswith("interrupted"):
        output, footer = interrupted_run(engine, small_cases, tmp_path, zoo_pids, *options)
        assert footer["interrupted"] is True and footer["exit_status"] == 130
        assert message in output + (footer["aborted"] or "")
    else:
        code, lines, output = run_zoo(engine, small_cases, tmp_path, capsys, *options)
        found, said = statuses(lines), messages(lines)
        if status.startswith("setup error"):
            assert code == 2 and message in lines[-1]["aborted"]
            assert found == {} or "what ran before kept" in status, found
        elif status.startswith("error"):
            assert code == 1
            assert any(found[case] == "error" and message in said[case] for case in found), said
        else:
            assert status == "pass" and code == 0 and set(found.values()) == {"pass"}
    assert_none_left(zoo_pids, 1)


def interrupted_run(engine: str, cases: Path, tmp_path: Path, pids: Path, *extra: str) -> tuple[str, dict[str, Any]]:
    """A run of `silent` signalled while it waits for hello, of `slow_hello` (`--jobs 2`) while its
    copies start, or of `hangs` given Ctrl-C twice."""
    process, report = start_run(engine, cases, tmp_path, "--timeout", "30", "--startup-timeout", "30", *extra)
    if engine in ("silent", "slow_hello"):
        started = 1 if engine == "silent" else 4  # each copy of slow_hello starts a helper
        wait_for(lambda: len(recorded(pids)) >= started, "the engine to start")
        time.sleep(0.2)
        process.send_signal(signal.SIGTERM)
    else:
        wait_for(lambda: report.exists() and report.read_text().count("\n") >= 3, "two results")
        time.sleep(0.2)
        process.send_signal(signal.SIGINT)
        time.sleep(0.3)
        process.send_signal(signal.SIGINT)
    assert ended(process) == 130
    return process.communicate()[1].decode(), read_report(report)[-1]


@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_sigterm_to_a_run_of_several_engines_ends_every_engine(
    small_cases: Path, tmp_path: Path, zoo_pids: Path
) -> None:
    process, report = start_run("hangs", small_cases, tmp_path, "--engine", zoo("hangs"), "--timeout", "30")
    wait_for(lambda: len(recorded(zoo_pids)) >= 2, "both engines to start")
    time.sleep(1.0)  # both hanging on the trigger now
    process.send_signal(signal.SIGTERM)
    assert ended(process) == 130
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    footers = [line for line in lines if line["type"] == "footer"]  # each engine's run in turn
    assert len(footers) == 2
    assert_none_left(zoo_pids, 2)
    assert footers and all(footer["interrupted"] for footer in footers)
