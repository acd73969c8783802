"""The pytest plugin: `pytest --cribcheck-engine CMD` makes each case x profile a test item named
by its case id, so -k, --junitxml, xfail and xdist work as usual."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

import pytest

from .conftest import write_cases, zoo

pytest_plugins = ("pytester",)

SERVE = shlex.join([sys.executable, "-m", "cribcheck.harness.cli", "serve"])


def plugin_args() -> list[str]:
    """-p for the plugin when its entry point is not installed."""
    installed = any(entry.name == "cribcheck" for entry in metadata.entry_points(group="pytest11"))
    return [] if installed else ["-p", "cribcheck.harness.pytest_plugin"]


Runner = Callable[..., pytest.RunResult]


@pytest.fixture
def run(pytester: pytest.Pytester) -> Runner:
    cases = write_cases(pytester.path / "cases")

    def run(*args: str) -> pytest.RunResult:
        return pytester.runpytest_subprocess(
            *plugin_args(), "-p", "no:cacheprovider", "--cribcheck-cases", str(cases), *args
        )

    return run


def test_every_case_is_an_item_named_by_its_id(run: Runner) -> None:
    result = run("--cribcheck-engine", SERVE, "--co", "-q")
    result.stdout.fnmatch_lines(["cribcheck::zoo-zero-hand[[]six-card[]]", "*7 tests collected*"])


def test_the_items_pass_against_the_reference(run: Runner) -> None:
    result = run("--cribcheck-engine", SERVE)
    result.assert_outcomes(passed=7)
    result = run("--cribcheck-reference", "-q")
    result.assert_outcomes(passed=7)


def test_k_selects_by_case_id(run: Runner) -> None:
    result = run("--cribcheck-engine", SERVE, "-k", "twenty or duplicate")
    result.assert_outcomes(passed=2, deselected=5)


def test_what_the_engine_does_not_claim_is_skipped_as_not_applicable(run: Runner) -> None:
    result = run("--cribcheck-engine", f"{SERVE} --operations show", "-rs")
    result.assert_outcomes(passed=6, skipped=1)
    result.stdout.fnmatch_lines(["*not applicable: the engine does not claim operation 'pegging'*"])


def test_a_failure_reads_like_the_runner_s(run: Runner) -> None:
    result = run("--cribcheck-engine", zoo("all_wrong"), "-k", "twenty")
    result.assert_outcomes(failed=1, deselected=6)
    result.stdout.fnmatch_lines(
        [
            "*FAIL zoo-twenty-nine[[]six-card[]]: zoo twenty nine*",
            "*- total: expected 29, got 99*",
            "*rerun: cribcheck run --engine * --case 'zoo-twenty-nine[[]six-card[]]'*",
        ]
    )


def test_an_engine_error_fails_the_item(run: Runner) -> None:
    result = run("--cribcheck-engine", zoo("crashes"), "--cribcheck-timeout", "2")
    result.assert_outcomes(passed=6, failed=1)
    result.stdout.fnmatch_lines(["*ERROR zoo-trigger-flush-run*", "*exit code 70*"])


def test_expectations_become_strict_xfail(run: Runner, tmp_path: Path) -> None:
    expectations = tmp_path / "x.yaml"
    expectations.write_text(
        "format: 1\nexpected_failures:\n"
        "  - {id: zoo-trigger-flush-run, reason: crashes on flushes}\n"
        "  - {id: zoo-zero-hand, reason: stale}\n"
    )
    result = run("--cribcheck-engine", zoo("crashes"), "--cribcheck-expectations", str(expectations))
    result.assert_outcomes(passed=5, xfailed=1, failed=1)
    result.stdout.fnmatch_lines(["*XPASS(strict)*stale*"])


def test_junitxml_names_the_cases(run: Runner, tmp_path: Path) -> None:
    junit = tmp_path / "junit.xml"
    run("--cribcheck-engine", SERVE, f"--junitxml={junit}").assert_outcomes(passed=7)
    text = junit.read_text()
    assert 'name="zoo-zero-hand[six-card]"' in text
    assert 'classname="cribcheck"' in text


def test_xdist_spreads_the_items(run: Runner) -> None:
    pytest.importorskip("xdist")
    result = run("--cribcheck-engine", SERVE, "-n", "2")
    result.assert_outcomes(passed=7)


def test_profile_option(run: Runner) -> None:
    result = run("--cribcheck-reference", "--cribcheck-profile", "five-card", "--co", "-q")
    result.stdout.fnmatch_lines(["*no tests collected*"])


def test_an_engine_that_cannot_start_is_a_usage_error(run: Runner) -> None:
    result = run("--cribcheck-engine", zoo("wrong_protocol"))
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*cribcheck: the engine could not be started: protocol version mismatch*"])


def test_without_the_option_the_plugin_adds_nothing(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_one():\n    pass\n")
    result = pytester.runpytest_subprocess(*plugin_args(), "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)


def test_lf_reruns_only_the_last_failures(pytester: pytest.Pytester) -> None:
    cases = write_cases(pytester.path / "cases")
    common = [*plugin_args(), "--cribcheck-cases", str(cases)]
    # `crashes` dies on the one request whose starter is 7C: zoo-trigger-flush-run
    first = pytester.runpytest_subprocess(*common, "--cribcheck-engine", zoo("crashes"))
    first.assert_outcomes(passed=6, failed=1)
    again = pytester.runpytest_subprocess(*common, "--cribcheck-engine", SERVE, "--lf", "-v")
    again.assert_outcomes(passed=1, deselected=6)
    again.stdout.fnmatch_lines(["*cribcheck::zoo-trigger-flush-run[[]six-card[]] PASSED*"])


def test_nothing_applicable_is_pytest_s_exit_5(run: Runner) -> None:
    result = run("--cribcheck-engine", f"{SERVE} --profiles six_card")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED  # 5
    result.stdout.fnmatch_lines(
        ["cribcheck: nothing is applicable: *profile 'six_card' matches no selected case, did you mean 'six-card'?*"]
    )


def test_a_partly_applicable_engine_still_skips(run: Runner) -> None:
    result = run("--cribcheck-engine", f"{SERVE} --operations pegging")
    assert result.ret == pytest.ExitCode.OK
    result.assert_outcomes(passed=1, skipped=6)


def test_an_unknown_profile_suggests_the_nearest(run: Runner) -> None:
    result = run("--cribcheck-reference", "--cribcheck-profile", "six")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--cribcheck-profile six: no case runs under it (did you mean six-card?)*"])


def test_a_missing_cases_path_is_named(pytester: pytest.Pytester) -> None:
    missing = pytester.path / "no-such-cases"
    result = pytester.runpytest_subprocess(*plugin_args(), "--cribcheck-reference", "--cribcheck-cases", str(missing))
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*--cribcheck-cases: no such file or folder: {missing}*"])
