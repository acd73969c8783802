"""--jobs N for one engine (harness/engine/pool.py): N copies share the requests, the results
come in case order as from one engine, and a copy that stops loses no request."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.engine.engines import InProcessEngine
from cribcheck.harness.engine.pool import open_engines

from .conftest import SMALL_CASES, zoo
from .reports import read_report


def case_lines(report: Path) -> list[tuple[str, str, str]]:
    return [(line["id"], line["profile"], line["status"]) for line in read_report(report) if line["type"] == "case"]


def test_two_copies_give_the_results_of_one_in_the_same_order(
    small_cases: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pids = tmp_path / "pids"
    monkeypatch.setenv("CRIBCHECK_ZOO_PIDS", str(pids))
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    for jobs, report in (("1", one), ("2", two)):
        code = main(["run", "--cases", str(small_cases), "--no-progress", "--engine", zoo("slow"),
                     "--jobs", jobs, "--report", str(report)])  # fmt: skip
        assert code == 0  # the slow engine answers right
    assert case_lines(two) == case_lines(one)
    assert [line[0] for line in case_lines(one)] == [case_id for case_id, _, _ in SMALL_CASES]
    started = pids.read_text(encoding="utf-8").split()
    assert len(started) == 3 and len(set(started)) == 3  # one copy, then two
    for pid in started:  # every copy is gone after the run
        with pytest.raises(ProcessLookupError):
            os.kill(int(pid), 0)


def test_a_copy_that_dies_loses_no_request(small_cases: Path, tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    main(["run", "--cases", str(small_cases), "--no-progress", "--engine", zoo("dies_after_one"),
          "--jobs", "2", "--report", str(report)])  # fmt: skip
    lines = case_lines(report)
    assert [line[0] for line in lines] == [case_id for case_id, _, _ in SMALL_CASES]
    statuses = [status for _, _, status in lines]
    assert statuses[:2] == ["pass", "pass"]  # each copy answers its first request
    assert "error" in statuses


def test_jobs_below_one_is_a_usage_error(small_cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--cases", str(small_cases), "--engine", zoo("slow"), "--jobs", "0"]) == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err


def test_a_copy_that_cannot_start_is_a_setup_error(small_cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["run", "--cases", str(small_cases), "--no-progress", "--startup-timeout", "5",
                 "--engine", zoo("exits_at_start"), "--jobs", "2"])  # fmt: skip
    assert code == 2
    assert "the engine could not be started" in capsys.readouterr().out


def test_the_in_process_reference_is_never_copied() -> None:
    engine = open_engines(None, 4)
    assert isinstance(engine, InProcessEngine)
    engine.close()
