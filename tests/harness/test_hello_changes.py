"""An engine whose hello changes (tests/harness/zoo/changes_claims.py): after a restart, in a
`--once` run's later processes, or from one `--jobs` copy to another. The run stops with a setup
error (exit 2) that every report states, rather than send what the engine no longer claims or
judge it by claims it no longer makes; no process is left behind."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from cribcheck.harness.cli import main

from .conftest import zoo
from .processes import PIDS_VARIABLE, kill_all, recorded, survivors
from .readers import html_dom, markdown_plain, plain_text
from .reports import every_report, read_report, statuses

CHANGED = "operations [pegging, show] -> [show]"


@pytest.fixture(autouse=True)
def zoo_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The engine's memory between its processes, and the file of their pids: none may be alive after."""
    state = tmp_path / "state"
    state.mkdir()
    pids = tmp_path / "pids"
    monkeypatch.setenv("CRIBCHECK_ZOO_STATE", str(state))
    monkeypatch.setenv(PIDS_VARIABLE, str(pids))
    yield pids
    started = recorded(pids)
    assert len(started) >= 2, started  # a first engine and a later one, or the test proves nothing
    left = survivors(started)
    kill_all(left)
    assert left == [], f"processes left behind by the engine: {left}"


def run(small_cases: Path, tmp_path: Path, *extra: str) -> tuple[int, dict[str, Path]]:
    paths, options = every_report(tmp_path)
    engine = zoo("changes_claims")
    argv = ["run", "--engine", engine, "--cases", str(small_cases), "--no-progress", "--startup-timeout", "10"]
    return main([*argv, *options, *extra]), paths


def assert_every_report_says(paths: dict[str, Path], terminal: str, message: str) -> None:
    assert f"stopped: {message}" in terminal
    assert message in read_report(paths["jsonl"])[-1]["aborted"]
    assert f"Stopped: {message}" in markdown_plain(paths["md"].read_text(encoding="utf-8"))  # as rendered
    assert f"stopped: {message}" in plain_text(html_dom(paths["html"].read_text(encoding="utf-8")))
    engine = ET.parse(paths["xml"]).getroot().find(".//testcase[@name='engine']/error")
    assert engine is not None and engine.get("type") == "setup" and message in (engine.text or "")


def test_a_restart_that_claims_otherwise_stops_the_run(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, paths = run(small_cases, tmp_path)
    terminal = capsys.readouterr().out
    assert code == 2
    message = f"the engine's hello changed after restart 1: {CHANGED}. The run stops here"
    assert_every_report_says(paths, terminal, message)
    lines = read_report(paths["jsonl"])
    # the two cases before the crash passed, the crash is an error; nothing was sent afterwards
    assert statuses(lines) == {"zoo-zero-hand": "pass", "zoo-twenty-nine": "pass", "zoo-trigger-flush-run": "error"}
    assert lines[-1]["complete"] is False and lines[-1]["exit_status"] == 2


def test_a_once_process_that_claims_otherwise_stops_the_run(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, paths = run(small_cases, tmp_path, "--once")
    terminal = capsys.readouterr().out
    assert code == 2
    message = f"the engine's hello changed in the process started for request 1: {CHANGED}"
    assert_every_report_says(paths, terminal, message)
    assert statuses(read_report(paths["jsonl"])) == {}


def test_two_jobs_copies_that_claim_otherwise_stop_the_run_before_it_begins(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, paths = run(small_cases, tmp_path, "--jobs", "2")
    terminal = capsys.readouterr().out
    assert code == 2
    # the copies start at once: either may be the first to claim
    message = "the engine could not be started: the engine's hello changed from copy 1 to copy 2: operations "
    assert_every_report_says(paths, terminal, message)
    aborted = read_report(paths["jsonl"])[-1]["aborted"]
    assert CHANGED in aborted or "operations [show] -> [pegging, show]" in aborted
    assert statuses(read_report(paths["jsonl"])) == {}
