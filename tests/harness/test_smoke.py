"""`cribcheck smoke`: three cases and every message, to check an adapter's wiring."""

from __future__ import annotations

import shlex
import sys

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.operations.answers import run_reference
from cribcheck.harness.run.smoke import SMOKE_CASES

from .conftest import zoo

SERVE = shlex.join([sys.executable, "-m", "cribcheck.harness.cli", "serve"])


def test_the_smoke_cases_agree_with_the_reference() -> None:
    from cribcheck.harness.operations.compare import mismatches

    for case in SMOKE_CASES:
        for profile in case.profiles:
            assert mismatches(case.expected(profile), run_reference(case.op, case.input, profile)) == []


def test_smoke_passes_against_serve_and_shows_the_messages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smoke", "--engine", SERVE]) == 0
    out = capsys.readouterr().out
    assert '-> {"hello": {"protocol": 1' in out
    assert '<- {"seq":"1","ok":{"total":29' in out
    assert '"rejected":{"code":"over_31","index":4' in out
    assert "smoke: the wiring works" in out


def test_smoke_shows_what_is_wrong(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smoke", "--engine", zoo("all_wrong")]) == 1
    out = capsys.readouterr().out
    assert "FAIL: total: expected 0, got 99" in out
    assert "smoke: 3 of 3 went wrong" in out


def test_smoke_on_an_engine_that_will_not_start(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smoke", "--engine", zoo("exits_at_start"), "--startup-timeout", "5"]) == 2
    out = capsys.readouterr().out
    assert "FAILED: the engine exited before answering hello (exit code 3)" in out
    assert "stderr | fatal: cannot find the engine's configuration file" in out
