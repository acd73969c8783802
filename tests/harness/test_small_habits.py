"""Issue 26's small habits: `--case 'ID[profile]'`, `--report -`, the slim JSON Lines report (and
`cribcheck summary` remaking every report from it), JUnit's `file=`."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cribcheck.harness.cli import build_parser, main
from cribcheck.harness.contract.files import CASES_DIR
from cribcheck.harness.report.jsonl import JsonLinesReporter
from cribcheck.harness.report.outputs import Outputs, write
from cribcheck.harness.results.saved import ReportFileError, read_runs
from cribcheck.harness.run.runner import execute, plan_from_args

from .reports import read_report

# f-cut-lower-rank-deals lists five-card, six-card and six-card-61 (cases/flow/cut.yaml)
THREE = "f-cut-lower-rank-deals"


def ran(report: Path) -> list[tuple[str, str]]:
    return [(line["id"], line["profile"]) for line in read_report(report) if line["type"] == "case"]


# --- --case ID[profile] -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pattern", "profiles"),
    [
        (f"{THREE}[six-card]", ["six-card"]),
        (f"{THREE}[six-card, five-card]", ["five-card", "six-card"]),  # as a failure under two profiles prints
        (THREE, ["five-card", "six-card", "six-card-61"]),
        ("f-cut-lower-rank-deal[s]", ["five-card", "six-card", "six-card-61"]),  # a glob's class stays a glob
    ],
)
def test_case_takes_the_name_a_failure_prints(
    pattern: str, profiles: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "r.jsonl"
    assert main(["run", "--no-progress", "--case", pattern, "--report", str(report)]) == 0
    assert ran(report) == [(THREE, profile) for profile in profiles]


def test_case_with_a_profile_it_does_not_list_matches_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--no-progress", "--case", f"{THREE}[three-player]"]) == 2
    assert f"--case {THREE}[three-player]: no case id matches" in capsys.readouterr().err


# --- --report - ---------------------------------------------------------------------------------


def test_report_dash_writes_the_json_lines_to_standard_output_and_the_rest_to_standard_error(
    tmp_path: Path,
) -> None:
    finished = subprocess.run(
        [sys.executable, "-m", "cribcheck.harness.cli", "run", "--case", THREE, "--report", "-"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert finished.returncode == 0, finished.stderr
    lines = [json.loads(line) for line in finished.stdout.splitlines()]  # standard output: only JSON Lines
    assert [line["type"] for line in lines] == ["header", "case", "case", "case", "footer"]
    assert "3 results in" in finished.stderr and "compliance 100.0%" in finished.stderr
    assert not (tmp_path / "-").exists()


def test_report_dash_into_a_closed_pipe_ends_the_writing_not_the_run(tmp_path: Path) -> None:
    command = f"{sys.executable} -m cribcheck.harness.cli run --tag show --report - 2>{tmp_path / 'err'} | head -1"
    finished = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True, timeout=300)
    assert json.loads(finished.stdout)["type"] == "header"
    assert "compliance 100.0%" in (tmp_path / "err").read_text(encoding="utf-8")
    assert "Traceback" not in (tmp_path / "err").read_text(encoding="utf-8")


# --- the slim report ----------------------------------------------------------------------------


def both_reports(tmp_path: Path, *args: str) -> tuple[Path, Path]:
    """One run fed to two JSON Lines reporters: slim (the default) and full."""
    slim, full = tmp_path / "slim.jsonl", tmp_path / "full.jsonl"
    plan = plan_from_args(build_parser().parse_args(["run", *args]))
    execute(plan, [JsonLinesReporter(slim, full=False), JsonLinesReporter(full, full=True)])
    return slim, full


def test_the_slim_report_of_the_whole_corpus_is_a_twentieth_of_the_full_one(tmp_path: Path) -> None:
    slim, full = both_reports(tmp_path)
    # measured: 4,454,958 bytes full, 221,729 slim for the 1,737 results of 0.2.0's corpus
    assert full.stat().st_size > 15 * slim.stat().st_size
    header = read_report(slim)[0]
    assert "only its id, op, profile, status and duration_ms" in header["slim"]["note"]
    assert "--report-full" in header["slim"]["note"]
    assert "slim" not in read_report(full)[0]


def test_a_slim_pass_line_holds_only_what_its_case_file_cannot_give(tmp_path: Path) -> None:
    slim, _ = both_reports(tmp_path, "--case", THREE)
    case_lines = [line for line in read_report(slim) if line["type"] == "case"]
    assert case_lines[0].keys() == {"type", "id", "op", "profile", "status", "duration_ms"}


def test_summary_remakes_every_report_from_a_slim_report_as_from_a_full_one(tmp_path: Path) -> None:
    slim, full = both_reports(tmp_path, "--tag", "show", "--tag", "flow")
    written = {}
    for name, report in (("slim", slim), ("full", full)):
        outputs = Outputs(*(tmp_path / f"{name}.{kind}" for kind in ("md", "xml", "html", "badge.json")))
        write(read_runs(report), outputs)
        written[name] = [path.read_bytes() for path in (outputs.markdown, outputs.junit, outputs.html, outputs.badge)]
    assert written["slim"] == written["full"]
    runs = {name: read_runs(report)[0] for name, report in (("slim", slim), ("full", full))}
    seen = {
        name: [
            (r.item.name, r.status, r.case.title, r.case.file, r.case.rules, r.case.tags, r.case.explain, r.expected)
            for r in run.results
        ]
        for name, run in runs.items()
    }
    assert seen["slim"] == seen["full"]  # what the case files gave the slim report, the full one held
    assert len(seen["slim"]) > 500
    assert runs["slim"].header.rerun_prefix == runs["full"].header.rerun_prefix


def test_a_failing_result_keeps_every_member_in_a_slim_report(tmp_path: Path) -> None:
    from .conftest import zoo

    report = tmp_path / "r.jsonl"
    main(["run", "--no-progress", "--engine", zoo("forgets_heart_nobs"), "--tag", "show", "--report", str(report)])
    lines = [line for line in read_report(report) if line["type"] == "case"]
    failing = [line for line in lines if line["status"] == "fail"]
    assert failing and all({"title", "file", "rules", "expected", "actual", "rerun"} <= line.keys() for line in failing)
    assert any("title" not in line for line in lines if line["status"] == "pass")


def test_a_slim_report_whose_case_is_gone_is_an_error_naming_the_line(tmp_path: Path) -> None:
    slim, _ = both_reports(tmp_path, "--case", THREE)
    lines = slim.read_text(encoding="utf-8").splitlines()
    gone = json.loads(lines[1])
    gone["id"] = "no-such-case"
    lines[1] = json.dumps(gone)
    slim.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ReportFileError, match=r"line 2: a passing result written slim, and no case no-such-case"):
        read_runs(slim)


# --- JUnit's file= ------------------------------------------------------------------------------


def test_junit_names_no_file_that_is_not_in_the_users_folder(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)  # a user's repository: cribcheck's own case files are not in it
    assert main(["run", "--no-progress", "--case", THREE, "--junit", "j.xml"]) == 0
    cases = list(ET.parse(tmp_path / "j.xml").getroot().iter("testcase"))
    assert len(cases) == 3 and all(case.get("file") is None for case in cases)


def test_junit_names_the_users_own_case_file(small_cases: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(small_cases.parent)
    assert main(["run", "--no-progress", "--cases", small_cases.name, "--junit", "j.xml"]) == 0
    files = {case.get("file") for case in ET.parse("j.xml").getroot().iter("testcase")}
    assert files == {f"{small_cases.name}/small.yaml"}
    assert all((small_cases.parent / file).is_file() for file in files if file)


def test_junit_failure_text_names_cribchecks_case_file(tmp_path: Path, monkeypatch) -> None:
    from .conftest import zoo

    engine = zoo("forgets_heart_nobs")
    monkeypatch.chdir(tmp_path)
    main(["run", "--no-progress", "--engine", engine, "--case", "s5-nobs*", "--junit", "j.xml"])
    texts = [failure.text or "" for failure in ET.parse("j.xml").getroot().iter("failure")]
    assert texts and all("case file: cribcheck's cases/" in text for text in texts)
    assert os.path.exists("j.xml")


# --- did you mean: only above a threshold measured on the real option names ---------------------


def every_commands_options() -> dict[str, list[str]]:
    import argparse

    from cribcheck.harness.cli import COMMANDS

    parser = build_parser()
    found = {}
    for command in COMMANDS:
        sub = parser._subcommand(command.name)  # type: ignore[attr-defined]
        sub.format_help()  # its arguments attached
        found[command.name] = sorted(
            {
                option
                for action in sub._actions
                if action.help != argparse.SUPPRESS
                for option in action.option_strings
                if option.startswith("--")
            }
        )
    return found


def one_edit(word: str) -> set[str]:
    letters = "abcdefghijklmnopqrstuvwxyz-"
    spoilt = {word[:i] + word[i + 1 :] for i in range(len(word))}
    spoilt |= {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}
    spoilt |= {word[:i] + letter + word[i + 1 :] for i in range(len(word)) for letter in letters}
    spoilt |= {word[:i] + letter + word[i:] for i in range(len(word) + 1) for letter in letters}
    return spoilt - {word}


def test_the_threshold_keeps_nearly_every_one_letter_slip_of_a_real_option() -> None:
    import difflib

    from cribcheck.harness.contract.words import SIMILAR

    ratios = [
        difflib.SequenceMatcher(None, slip, name[2:]).ratio()
        for names in every_commands_options().values()
        for name in names
        for slip in one_edit(name[2:])
        if f"--{slip}" not in names
    ]
    assert len(ratios) > 10_000
    assert sum(ratio >= SIMILAR for ratio in ratios) / len(ratios) >= 0.99


@pytest.mark.parametrize(
    ("command", "word"),
    [("run", "--json"), ("run", "--version"), ("lint", "--lf"), ("run", "--operations")],
)
def test_no_hint_for_an_option_like_no_real_one(command: str, word: str, capsys: pytest.CaptureFixture[str]) -> None:
    import difflib

    names = every_commands_options()[command]
    # difflib's default (0.6) on the whole words did offer one: --once, --verbose, --rule, --expectations...
    assert difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    with pytest.raises(SystemExit):
        main([command, word])
    err = capsys.readouterr().err
    assert f"unrecognized arguments: {word}" in err
    assert "did you mean" not in err


@pytest.mark.parametrize(
    ("command", "word", "hint"),
    [("run", "--exitfirts", "--exitfirst"), ("run", "--profiles", "--profile"), ("lint", "--jsn", "--json")],
)
def test_a_hint_for_a_slip(command: str, word: str, hint: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, word, "x"] if word == "--profiles" else [command, word])
    assert f"{word}: did you mean {hint}?" in capsys.readouterr().err


# --- --collect-only, --last-failed, -q on a terminal ---------------------------------------------


def test_collect_only_lists_the_selection_and_runs_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "r.jsonl"
    code = main(["run", "--collect-only", "--case", THREE, "--report", str(report)])
    assert code == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{THREE}[five-card]", f"{THREE}[six-card]", f"{THREE}[six-card-61]", "",
                   "3 case x profile results selected (1 cases): nothing run"]  # fmt: skip
    assert not report.exists()


SHOW_ONLY = f"{sys.executable} {CASES_DIR.parent / 'examples' / 'python-show-only' / 'engine.py'}"


def test_collect_only_applies_the_engines_claims(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With an engine, what it would be sent: the same results a run of it checks, and the rest
    counted by why. The show-only example claims `show` alone, under some profiles."""
    report = tmp_path / "r.jsonl"
    assert main(["run", "--no-progress", "--engine", SHOW_ONLY, "--report", str(report)]) == 0
    checked = [(line["id"], line["profile"]) for line in read_report(report)
               if line["type"] == "case" and line["status"] != "not_applicable"]  # fmt: skip
    capsys.readouterr()
    assert main(["run", "--collect-only", "--engine", SHOW_ONLY]) == 0
    out = capsys.readouterr().out
    listed, _, counts = out.partition("\n\n")
    assert sorted(listed.splitlines()) == sorted(f"{case}[{profile}]" for case, profile in checked)
    total = len(ran(report))
    assert counts.startswith(f"{len(checked):,} of {total:,} case x profile results selected would run")
    assert f"not checked: {total - len(checked):,} results" in counts
    assert "operations the engine does not claim: cut (" in counts


def test_collect_only_with_an_engine_that_does_not_start_is_a_setup_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--collect-only", "--case", THREE, "--engine", "no-such-engine"]) == 2
    assert "no-such-engine" in capsys.readouterr().err


def test_last_failed_runs_what_failed_then_forgets_what_passes(
    small_cases: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from .conftest import zoo

    monkeypatch.setenv("CRIBCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    engine = zoo("forgets_heart_nobs")  # wrong only on a hand with the jack of hearts and a heart starter
    base = ["run", "--no-progress", "--cases", str(small_cases), "--engine", engine]
    report = tmp_path / "r.jsonl"
    assert main([*base, "--lf", "--report", str(report)]) == 1  # nothing recorded yet: everything
    assert "no failure recorded for this engine here: running the whole selection" in capsys.readouterr().err
    everything = ran(report)
    failed = [
        (line["id"], line["profile"])
        for line in read_report(report)
        if line["type"] == "case" and line["status"] == "fail"
    ]
    assert len(everything) == 7 and len(failed) == 1
    assert main([*base, "--lf", "--report", str(report)]) == 1
    assert ran(report) == failed
    capsys.readouterr()
    assert main([*base, "--lf", "--collect-only"]) == 0
    assert capsys.readouterr().out.startswith(f"{failed[0][0]}[{failed[0][1]}]\n")
    # the reference passes it: another engine, another record, untouched
    assert main(["run", "--no-progress", "--cases", str(small_cases), "--lf", "--report", str(report)]) == 0
    assert len(ran(report)) == 7
    assert main([*base, "--lf", "--report", str(report)]) == 1
    assert ran(report) == failed


def test_last_failed_forgets_a_failure_once_it_passes(
    small_cases: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cribcheck.harness.run import last_failed

    monkeypatch.setenv("CRIBCHECK_CACHE_DIR", str(tmp_path / "cache"))
    record = last_failed.record_path("reference", small_cases)
    assert record is not None
    record.parent.mkdir(parents=True)
    record.write_text(json.dumps({"format": last_failed.FORMAT, "failed": [["zoo-double-run", "six-card"]]}))
    report = tmp_path / "r.jsonl"
    assert main(["run", "--no-progress", "--cases", str(small_cases), "--lf", "--report", str(report)]) == 0
    assert ran(report) == [("zoo-double-run", "six-card")]
    assert last_failed.load(record) == set()  # it passed: forgotten


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_quiet_keeps_the_one_line_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from cribcheck.harness.report import terminal

    monkeypatch.setattr(terminal, "REDRAW_EVERY", 0.0)
    err = Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    out = io.StringIO()
    args = build_parser().parse_args(["run", "-q", "--tag", "show", "--profile", "six-card"])
    from cribcheck.harness.run.runner import main as run_main

    assert run_main(args, out) == 0
    drawn = err.getvalue()
    assert "\r[" in drawn and " pass, 0 bad" in drawn  # the bar, redrawn in place
    assert "planned" not in out.getvalue()  # and still quiet: no header
    args = build_parser().parse_args(["run", "-q", "--no-progress", "--tag", "show", "--profile", "six-card"])
    err.truncate(0)
    assert run_main(args, out) == 0
    assert "\r[" not in err.getvalue()


# --- the rerun of one case reads one case file and imports only what it uses -------------------


def test_a_rerun_reads_only_the_file_of_its_case(monkeypatch: pytest.MonkeyPatch) -> None:
    from cribcheck.harness.corpus import cases as cases_module

    read: list[Path] = []
    original = cases_module.read_case_file

    def counting(path: Path):  # type: ignore[no-untyped-def]
        read.append(path)
        return original(path)

    monkeypatch.setattr(cases_module, "read_case_file", counting)
    assert main(["run", "--no-progress", "--case", "s5-pair-in-hand[five-card]"]) == 0
    assert [path.relative_to(CASES_DIR).as_posix() for path in read] == ["show-five/pairs.yaml"]
    read.clear()
    assert main(["run", "--no-progress", "--case", "s5-pair-in-*", "--collect-only"]) == 0  # a glob: every file
    assert len(read) > 50


def test_a_rerun_imports_neither_the_other_reports_nor_jsonschema_nor_mock() -> None:
    code = (
        "import sys; from cribcheck.harness.cli import main; code = main(['run', '--no-progress', '--case', "
        "'s5-pair-in-hand']); heavy = [name for name in ('jsonschema', 'unittest.mock', 'asyncio', 'uuid', "
        "'cribcheck.harness.report.html', 'cribcheck.harness.report.compare', 'cribcheck.harness.mutants') "
        "if name in sys.modules]; print(heavy); sys.exit(code)"
    )
    subprocess.run([sys.executable, "-c", code.replace("code = main", "main")], capture_output=True, timeout=120)
    finished = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.strip().splitlines()[-1] == "[]"


def test_last_failed_raises_no_false_alarm_of_a_broken_adapter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A run of the last failures alone is all failures by design: no "the adapter may be
    translating wrongly" note (it was printed on every --lf run). The whole run does not make it
    either: runs of four or five counted as three fail a few show cases among many."""
    zoo_engine = f"{sys.executable} {Path(__file__).parent / 'diagnosis_zoo' / 'engine.py'} show-runs-of-three-at-most"
    monkeypatch.setenv("CRIBCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    base = ["run", "--no-progress", "--engine", zoo_engine, "--case", "s6-*", "--tag", "show", "--profile", "six-card"]
    report = tmp_path / "r.jsonl"
    assert main([*base, "--report", str(report)]) == 1
    assert main([*base, "--lf", "--report", str(report)]) == 1
    lines = read_report(report)
    statuses = {line["status"] for line in lines if line["type"] == "case"}
    assert statuses == {"fail"} and len([line for line in lines if line["type"] == "case"]) >= 3
    footer = lines[-1]
    assert not any("may be translating" in note for note in footer["notes"])
    assert "may be translating" not in capsys.readouterr().out


# --- -q wherever progress or a terminal report is printed; --engine reference everywhere ----------


def _options(command: str) -> set[str]:
    parser = build_parser()
    sub = next(action for action in parser._actions if action.dest == "command").choices[command]
    sub.format_help()  # attaches the command's arguments
    return {option for action in sub._actions for option in action.option_strings}


@pytest.mark.parametrize("command", ["run", "sweep", "fuzz", "check", "summary"])
def test_quiet_is_taken_wherever_progress_or_a_terminal_report_is_printed(command: str) -> None:
    options = _options(command)
    assert "--no-progress" in options or "--details" in options  # it prints one or the other
    assert "-q" in options


def test_summary_quiet_prints_the_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "r.jsonl"
    assert main(["run", "--no-progress", "--case", THREE, "--report", str(report)]) == 0
    capsys.readouterr()
    assert main(["summary", str(report), "-q"]) == 0
    assert "3 pass" in capsys.readouterr().out


@pytest.mark.parametrize(
    "words",
    [
        ["smoke"],
        ["fuzz", "--max-examples", "5", "--seed", "0", "-q"],
        ["sweep", "--profile", "five-card", "--set", "hand", "--shard", "1/2000", "-q"],
    ],
)
def test_engine_reference_works_for_every_command_that_takes_an_engine(
    words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """`--engine reference` is the in-process reference in every command, as in `run` (fuzz took it
    for a command line and could not start it)."""
    assert main([*words, "--engine", "reference"]) == 0
    assert "could not be started" not in capsys.readouterr().err


def test_every_command_that_takes_an_engine_is_tested_with_the_reference() -> None:
    from cribcheck.harness.cli import COMMANDS

    taking = {command.name for command in COMMANDS if "--engine" in _options(command.name)}
    assert taking == {"run", "smoke", "fuzz", "sweep"}  # run: test_multi's `--engine reference`
