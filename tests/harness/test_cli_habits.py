"""The command-line habits of issue 10: one corpus option, suggestions for typos, `explain id[profile]`,
--exclude / -x / -q, nothing applicable, the terminal report's wording, and colour."""

from __future__ import annotations

import dataclasses
import io
import shlex
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cribcheck.harness.cli import build_parser, main
from cribcheck.harness.contract.words import did_you_mean, nearest
from cribcheck.harness.report.colour import use_colour
from cribcheck.harness.report.junit import JUnitReporter
from cribcheck.harness.report.outputs import replay_into
from cribcheck.harness.results.saved import read_runs

from .conftest import case_file_text, zoo
from .reports import read_report, statuses
from .test_runner import run as run_small  # `cribcheck run --cases DIR --no-progress ...`: (exit, output)

COMMANDS_WITH_CASES = ("run", "lint", "explain", "mutants")


def outputs(capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    captured = capsys.readouterr()
    return captured.out, captured.err


# --- 1. one name for the corpus option ----------------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS_WITH_CASES)
def test_every_command_takes_cases(command: str, small_cases: Path) -> None:
    extra = ["zoo-zero-hand"] if command == "explain" else []
    args = build_parser().parse_args([command, *extra, "--cases", str(small_cases)])
    assert args.cases == small_cases


@pytest.mark.parametrize("command", COMMANDS_WITH_CASES)
def test_a_missing_cases_path_is_an_error_naming_it(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "no-such-corpus"
    extra = ["zoo-zero-hand"] if command == "explain" else []
    with pytest.raises(SystemExit) as stopped:
        main([command, *extra, "--cases", str(missing)])
    assert stopped.value.code == 2
    _, err = outputs(capsys)
    assert f"no such file or folder: {missing}" in err
    assert f"cribcheck {command}: " in err  # the subcommand's own usage and name


@pytest.mark.parametrize("old", ["--cases-dir", "--cases-root"])
def test_the_old_spellings_still_work_with_a_warning(
    old: str, small_cases: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = build_parser().parse_args(["run", old, str(small_cases)])
    assert args.cases == small_cases
    assert f"{old} is deprecated, use --cases" in outputs(capsys)[1]


def test_the_old_spellings_are_not_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    for command in COMMANDS_WITH_CASES:
        with pytest.raises(SystemExit):
            main([command, "--help"])
        out, _ = outputs(capsys)
        assert "--cases DIR" in out
        assert "--cases-dir" not in out and "--cases-root" not in out


def test_explain_reads_the_cases_it_is_given(small_cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # zoo-double-run is only in the small corpus: 3C 3D 4H 5S + 9C
    assert main(["explain", "zoo-double-run", "--cases", str(small_cases)]) == 0
    assert "zoo-double-run" in outputs(capsys)[0]


# --- 2. suggestions for what was mistyped -------------------------------------------------------

PROFILES = ("five-card", "six-card", "six-card-61", "six-card--loose-flush", "five-card--loose-flush")


@pytest.mark.parametrize(
    ("word", "first"),
    [("six", "six-card"), ("five", "five-card"), ("sixcard", "six-card"), ("six-card-16", "six-card-61")],
)
def test_the_nearest_profile(word: str, first: str) -> None:
    assert nearest(word, PROFILES)[0] == first


def test_nothing_near_suggests_nothing() -> None:
    assert nearest("zzz", PROFILES) == []
    assert did_you_mean("zzz", PROFILES) == ""


@pytest.fixture
def three_profiles(tmp_path: Path) -> Path:
    """The small cases, each listed under six-card, six-card-61 and five-card (expectations unchecked)."""
    cases = tmp_path / "three"
    cases.mkdir()
    text = case_file_text().replace("  - six-card\n", "  - six-card\n  - six-card-61\n  - five-card\n")
    (cases / "three.yaml").write_text(text, encoding="utf-8")
    return cases


def test_an_unknown_profile_lists_the_profiles_and_suggests_the_nearest(
    three_profiles: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", "--cases", str(three_profiles), "--profile", "six", "--no-progress"]) == 2
    _, err = outputs(capsys)
    assert "--profile six: no case runs under it (did you mean six-card?)" in err
    assert "the profiles: five-card, six-card, six-card-61" in err


def test_sweep_suggests_the_nearest_profile(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sweep", "--profile", "six", "--set", "hand"]) == 2
    assert "(did you mean six-card?)" in outputs(capsys)[1]


def test_a_mistyped_subcommand_suggests_it_and_shows_its_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["swep", "--profile", "six-card"])
    assert stopped.value.code == 2
    _, err = outputs(capsys)
    assert "did you mean sweep?" in err
    assert err.startswith("usage: cribcheck sweep ")


def test_a_mistyped_option_suggests_it_with_the_subcommands_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["lint", "--jsn"])
    assert stopped.value.code == 2
    _, err = outputs(capsys)
    assert err.startswith("usage: cribcheck lint ")
    assert "cribcheck lint: error: unrecognized arguments: --jsn" in err
    assert "--jsn: did you mean --json?" in err


def test_a_mistyped_choice_suggests_the_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["sweep", "--profile", "six-card", "--set", "hnd"])
    _, err = outputs(capsys)
    assert err.startswith("usage: cribcheck sweep ")
    assert "did you mean hand?" in err


# --- 3. explain id[profile] -------------------------------------------------------------------


@pytest.mark.parametrize("name", ["zoo-twenty-nine[six-card-61]", "cribcheck::zoo-twenty-nine[six-card-61]"])
def test_explain_takes_the_name_a_failure_prints(
    name: str, three_profiles: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["explain", name, "--cases", str(three_profiles)]) == 0
    out, _ = outputs(capsys)
    assert out.startswith("zoo-twenty-nine: ")
    assert "Under six-card-61" in out
    assert "Under six-card\n" not in out and "Under five-card" not in out
    assert "total: 29" in out  # 5C 5D 5S JH + 5H: 16 + 12 + 1 nobs


def test_explain_without_a_profile_shows_every_profile(
    three_profiles: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["explain", "zoo-twenty-nine", "--cases", str(three_profiles)]) == 0
    out, _ = outputs(capsys)
    assert [line for line in out.splitlines() if line.startswith("Under ")] == [
        "Under six-card",
        "Under six-card-61",
        "Under five-card",
    ]


def test_explain_names_an_unknown_profile_of_the_case(small_cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "zoo-twenty-nine[six]", "--cases", str(small_cases)]) == 2
    _, err = outputs(capsys)
    assert "the case 'zoo-twenty-nine' does not run under the profile 'six' (did you mean six-card?)" in err
    assert "its profiles: six-card" in err


def test_explain_names_an_unknown_id_in_the_bracket_form(small_cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "zoo-twenty-nin[six-card]", "--cases", str(small_cases)]) == 2
    _, err = outputs(capsys)
    assert "no case, rule or dispute has the id 'zoo-twenty-nin'" in err
    assert "nearest ids: zoo-twenty-nine" in err


# --- 4. --exclude, -x/--exitfirst, -q/--quiet on run -----------------------------------------


def test_exclude_leaves_out_the_matching_ids(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "r.jsonl"
    code, _ = run_small(
        small_cases, capsys, "--exclude", "zoo-*-hand", "--exclude", "zoo-pegging-*", "--report", str(report)
    )
    assert code == 0
    lines = read_report(report)
    # of the 7 small cases, zoo-zero-hand and zoo-pegging-over-31 are left out
    assert set(statuses(lines)) == {
        "zoo-twenty-nine",
        "zoo-trigger-flush-run",
        "zoo-double-run",
        "zoo-crib-nobs",
        "zoo-duplicate-card",
    }
    assert lines[0]["selection"]["excluded"] == ["zoo-*-hand", "zoo-pegging-*"]


def test_exclude_wins_over_case(small_cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, output = run_small(small_cases, capsys, "--case", "zoo-zero-hand", "--exclude", "zoo-zero-*")
    assert code == 2
    assert "nothing to run" in output and "--exclude zoo-zero-*" in output


def test_an_exclude_that_matches_nothing_is_warned(small_cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, output = run_small(small_cases, capsys, "--exclude", "s6-*")
    assert code == 0
    assert "warning: --exclude s6-*: no case id matches (ignored)" in output


@pytest.mark.parametrize("flag", ["-x", "--exitfirst"])
def test_exitfirst_stops_at_the_first_failure(
    flag: str, small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "r.jsonl"
    code, output = run_small(small_cases, capsys, "--engine", zoo("all_wrong"), flag, "--report", str(report))
    assert code == 1
    lines = read_report(report)
    ran = [line for line in lines if line["type"] == "case"]
    assert [line["status"] for line in ran] == ["fail"]  # all_wrong answers 99 to the first show
    assert lines[-1]["complete"] is False
    assert lines[-1]["stopped_early"] == "stopped at the first failure (zoo-zero-hand[six-card], -x/--exitfirst)"
    assert "stopped at the first failure" in output


def test_exitfirst_with_another_max_fail_is_a_usage_error(
    small_cases: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, output = run_small(small_cases, capsys, "-x", "--max-fail", "3")
    assert code == 2
    assert "give it or --max-fail, not both" in output


def test_quiet_prints_the_failures_and_the_summary_only(small_cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, loud = run_small(small_cases, capsys, "--engine", zoo("all_wrong"))
    assert code == 1
    code, quiet = run_small(small_cases, capsys, "--engine", zoo("all_wrong"), "-q")
    assert code == 1
    for line in ("engine: ", "case x profile results planned", "rule area"):
        assert line in loud
        assert line not in quiet
    # the 6 show cases fail (99 points), the pegging one too: 7 failures, each shown
    assert quiet.count("\nFAIL zoo-") == 7
    assert "7 results in " in quiet
    assert "compliance 0.0% (0/7 applicable passed)" in quiet


def test_quiet_and_verbose_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["run", "-q", "-v"])
    assert "not allowed with argument" in outputs(capsys)[1]


# --- 5. nothing applicable ------------------------------------------------------------------

SERVE = [sys.executable, "-m", "cribcheck.harness.cli", "serve"]
MISSPELT = shlex.join([*SERVE, "--profiles", "six_card"])


def test_a_run_with_nothing_applicable_exits_2_naming_the_claim(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report, junit = tmp_path / "r.jsonl", tmp_path / "j.xml"
    code, output = run_small(small_cases, capsys, "--engine", MISSPELT, "--report", str(report), "--junit", str(junit))
    assert code == 2
    error = ET.parse(junit).getroot().find("testsuite[@name='cribcheck.run']/testcase[@name='engine']/error")
    assert error is not None and error.get("type") == "setup"
    assert error.get("message", "").startswith("nothing is applicable")
    assert "profile 'six_card' matches no selected case, did you mean 'six-card'?" in output
    assert "none of the 7 case x profile results selected" in output
    lines = read_report(report)
    assert set(statuses(lines).values()) == {"not_applicable"}  # the report still holds each result
    assert lines[-1]["aborted"].startswith("nothing is applicable")
    assert lines[-1]["exit_status"] == 2


def test_claims_that_match_but_never_meet_are_named(small_cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the small cases are six-card show and pegging: an engine of six-card-61 `play` only meets none
    engine = shlex.join([*SERVE, "--profiles", "six-card-61,six-card", "--operations", "play"])
    code, output = run_small(small_cases, capsys, "--engine", engine, "--case", "zoo-zero-hand")
    assert code == 2
    assert "operation 'play' matches no selected case" in output


def test_one_applicable_result_is_enough(small_cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    engine = shlex.join([*SERVE, "--operations", "pegging"])
    code, output = run_small(small_cases, capsys, "--engine", engine)
    assert code == 0  # the pegging case passes, the 6 show cases are not applicable
    assert "nothing is applicable" not in output


def test_smoke_says_nothing_is_applicable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smoke", "--engine", MISSPELT]) == 2
    out = outputs(capsys)[0]
    assert "the wiring works" not in out
    assert "smoke: nothing is applicable" in out
    assert "profile 'six_card' matches no selected case, did you mean 'six-card'?" in out


def test_smoke_counts_what_was_not_applicable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smoke", "--engine", shlex.join([*SERVE, "--operations", "show"])]) == 0
    # the pegging, its rejection, and one case of each of the 6 other operations
    assert "smoke: the wiring works (8 of 10 not applicable)" in outputs(capsys)[0]


def test_side_by_side_nothing_applicable_is_in_its_column(
    small_cases: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, output = run_small(small_cases, capsys, "--engine", "reference", "--engine", MISSPELT, "--jobs", "1")
    assert code == 2
    column_b = next(line for line in output.splitlines() if line.startswith("  B: "))
    assert "stopped: nothing is applicable" in column_b
    assert "profile 'six_card' matches no selected case" in column_b
    column_a = next(line for line in output.splitlines() if line.startswith("  A: "))
    assert "100.0% (7/7)" in column_a


# --- 6. the terminal report's wording -------------------------------------------------------


def test_the_rest_of_the_failures_points_at_the_report_only_when_one_is_written(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, output = run_small(small_cases, capsys, "--engine", zoo("all_wrong"), "--details", "1")
    assert "... and 6 more (--details 7 shows them all)" in output  # 7 failures, 1 shown
    assert "FILE.jsonl" not in output
    report = tmp_path / "r.jsonl"
    _, output = run_small(small_cases, capsys, "--engine", zoo("all_wrong"), "--details", "1", "--report", str(report))
    assert f"... and 6 more (all of them in {report})" in output


def test_a_failure_under_several_profiles_is_shown_once(
    three_profiles: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, output = run_small(three_profiles, capsys, "--engine", zoo("all_wrong"), "--case", "zoo-zero-hand")
    assert code == 1
    # all_wrong answers 99 under each of the three profiles: the same mismatch, shown once
    assert output.count("\nFAIL zoo-zero-hand") == 1
    # grouped under its likely cause, its profiles in the diagnosis's order (by name)
    assert "FAIL zoo-zero-hand[five-card, six-card, six-card-61]: " in output
    assert "--case 'zoo-zero-hand[five-card, six-card, six-card-61]'" in output  # the rerun line
    assert "3 results in " in output


def test_the_profile_table_leaves_out_profiles_with_nothing_applicable(
    three_profiles: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = shlex.join([*SERVE, "--profiles", "six-card"])
    code, output = run_small(three_profiles, capsys, "--engine", engine, "--case", "zoo-zero-hand")
    assert code == 0
    table = output.split("\nprofile ")[1].split("\nrule area")[0]
    assert "six-card " in table
    assert "six-card-61 " not in table.split("nothing applicable under")[0]
    assert "nothing applicable under five-card, six-card-61" in table


# --- 7. colour ------------------------------------------------------------------------------


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("choice", "env", "tty", "expected"),
    [
        ("auto", {}, True, True),
        ("auto", {}, False, False),
        ("auto", {"NO_COLOR": "1"}, True, False),
        ("auto", {"NO_COLOR": ""}, True, True),  # set but empty: no effect
        ("auto", {"FORCE_COLOR": "1"}, False, True),
        ("auto", {"FORCE_COLOR": ""}, False, False),
        ("auto", {"TERM": "dumb"}, True, False),
        ("auto", {"TERM": "dumb", "FORCE_COLOR": "1"}, True, True),
        ("auto", {"NO_COLOR": "1", "FORCE_COLOR": "1"}, True, False),
        ("always", {"NO_COLOR": "1", "TERM": "dumb"}, False, True),
        ("never", {"FORCE_COLOR": "1"}, True, False),
    ],
)
def test_one_function_decides_the_colour(choice: str, env: dict[str, str], tty: bool, expected: bool) -> None:
    assert use_colour(choice, Tty() if tty else io.StringIO(), env) is expected


def test_the_environment_is_read_when_none_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert use_colour("auto", io.StringIO()) is True
    monkeypatch.setenv("NO_COLOR", "yes")
    assert use_colour("auto", Tty()) is False


@pytest.mark.parametrize(("flag", "painted"), [("always", True), ("never", False)])
def test_run_color_flag(
    flag: str, painted: bool, small_cases: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("FORCE_COLOR", "1")
    _, output = run_small(small_cases, capsys, "--engine", zoo("all_wrong"), "--case", "zoo-zero-hand", "--color", flag)
    assert ("\x1b[31mFAIL\x1b[0m zoo-zero-hand" in output) is painted
    assert ("\x1b[" in output) is painted


def test_run_color_auto_follows_force_color(
    small_cases: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("FORCE_COLOR", "1")
    _, output = run_small(small_cases, capsys, "--engine", zoo("all_wrong"), "--case", "zoo-zero-hand")
    assert "\x1b[31mFAIL\x1b[0m zoo-zero-hand" in output  # captured output is no terminal


# --- 9. JUnit: the profile in each name, a run that did not go to the end ----------------------


def junit_of(path: Path) -> ET.Element:
    return ET.parse(path).getroot()


def test_junit_names_carry_the_profile(
    three_profiles: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junit = tmp_path / "j.xml"
    run_small(three_profiles, capsys, "--case", "zoo-zero-hand", "--junit", str(junit))
    names = sorted(case.get("name", "") for case in junit_of(junit).iter("testcase"))
    assert names == ["zoo-zero-hand[five-card]", "zoo-zero-hand[six-card-61]", "zoo-zero-hand[six-card]"]
    assert not any(suite.get("name") == "cribcheck.run" for suite in junit_of(junit).iter("testsuite"))


def test_junit_marks_a_run_stopped_by_exitfirst(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junit = tmp_path / "j.xml"
    run_small(small_cases, capsys, "--engine", zoo("all_wrong"), "-x", "--junit", str(junit))
    root = junit_of(junit)
    suite = next(suite for suite in root.iter("testsuite") if suite.get("name") == "cribcheck.run")
    assert suite.find("properties/property[@name='complete']").get("value") == "false"  # type: ignore[union-attr]
    skipped = suite.find("testcase[@name='run']/skipped")
    assert skipped is not None
    assert skipped.get("message", "").startswith("stopped early: stopped at the first failure")
    assert root.get("tests") == "2"  # the one failure ran, and the run's own test case


def test_junit_marks_an_interrupted_run(small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "r.jsonl"
    run_small(small_cases, capsys, "--engine", zoo("all_wrong"), "-x", "--report", str(report))
    (run,) = read_runs(report)
    footer = dataclasses.replace(run.footer, interrupted=True, stopped_early=None, exit_status=130)
    reporter = JUnitReporter(tmp_path / "unused.xml")
    replay_into(dataclasses.replace(run, footer=footer), reporter)
    root = reporter.build(footer)
    error = root.find("testsuite[@name='cribcheck.run']/testcase[@name='run']/error")
    assert error is not None
    assert (error.get("message"), error.get("type")) == ("run interrupted", "interrupted")
    assert root.get("errors") == "1"
