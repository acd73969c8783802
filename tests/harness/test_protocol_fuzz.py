"""The protocol fuzz test: thousands of malformed answers through the real harness (the runner,
the persistent adapter engine, its pipes and restarts, the JSON Lines report), from a fake
engine answering each request with a seeded malformed or mutated line (tests/harness/zoo/fuzzed.py).
The run must end, with a status for every request, no traceback and no process left behind."""

from __future__ import annotations

import io
import os
import shlex
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from cribcheck.harness.cli import build_parser
from cribcheck.harness.report.jsonl import JsonLinesReporter
from cribcheck.harness.report.terminal import TerminalReporter
from cribcheck.harness.results.results import Item
from cribcheck.harness.results.status import Status
from cribcheck.harness.run.runner import execute, plan_from_args

from .conftest import ZOO
from .processes import PIDS_VARIABLE, kill_all, recorded, survivors
from .reports import read_report

ANSWERS = 2000
SEED = "cribcheck-fuzz-1"
BUDGET = 40.0  # seconds, on a loaded machine (about 5 s alone, over 100 restarts, seed below)


@pytest.mark.skipif(os.name != "posix", reason="the fake engine's pipes and process table")
def test_thousands_of_malformed_answers_end_in_a_status_each(
    small_cases: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pids = tmp_path / "pids"
    monkeypatch.setenv(PIDS_VARIABLE, str(pids))
    monkeypatch.setenv("CRIBCHECK_ZOO_SEED", SEED)
    command = shlex.join([sys.executable, "-S", "-I", str(ZOO / "fuzzed.py")])
    args = build_parser().parse_args(
        ["run", "--engine", command, "--cases", str(small_cases), "--timeout", "0.5", "--no-progress"]
    )
    plan = plan_from_args(args)
    shows = [item for item in plan.items if item.case.op == "show"]
    items = tuple(
        Item(replace(shows[number % len(shows)].case, id=f"fuzz-{number:05d}"), "six-card") for number in range(ANSWERS)
    )
    assert plan.engine_options is not None
    plan = replace(plan, items=items, engine_options=replace(plan.engine_options, max_failures=ANSWERS + 1))
    report = tmp_path / "fuzz.jsonl"
    out, err = io.StringIO(), io.StringIO()
    started = time.monotonic()
    outcome = execute(plan, [TerminalReporter(out, err, progress=False), JsonLinesReporter(report)])
    seconds = time.monotonic() - started

    lines = read_report(report)  # every line strict JSON and valid against the report schema
    cases = lines[1:-1]
    assert len(cases) == ANSWERS
    assert {line["id"] for line in cases} == {item.case.id for item in items}
    assert all(line["status"] in {status.value for status in Status} for line in cases)
    footer = lines[-1]
    assert footer["complete"] is True and footer["aborted"] is None and footer["interrupted"] is False
    counts = footer["counts"]
    assert counts["error"] > ANSWERS * 0.8, counts  # nearly every answer is malformed...
    assert counts["fail"] + counts["pass"] + counts["skip"] > 0, counts  # ...a few are well formed
    assert outcome.footer.restarts > 10  # the out-of-step answers were met, and recovered from
    assert "Traceback" not in out.getvalue() + err.getvalue()
    assert seconds < BUDGET, f"{ANSWERS} malformed answers took {seconds:.1f} s"

    engines = recorded(pids)
    assert len(engines) == 1 + outcome.footer.restarts
    left = survivors(engines)
    kill_all(left)
    assert left == [], f"engine processes left behind: {left}"
