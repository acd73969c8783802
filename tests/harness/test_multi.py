"""Several engines in one run: each in its own process, side by side in every report, the
disagreements first, an engine that cannot start shown in its column while the others go on."""

from __future__ import annotations

import contextlib
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.contract.schemas import problems

from .buggy import BUGGY, write_buggy_cases
from .conftest import zoo
from .reports import read_report

SIDE = ("markdown", "junit", "html")


@pytest.fixture(scope="module")
def three(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The reference, the broken example and an engine that exits at start, on the three
    hand-worked cases of tests/harness/buggy.py."""
    folder = tmp_path_factory.mktemp("three")
    cases = write_buggy_cases(folder / "cases")
    paths = {name: folder / "live" / f"r.{name}" for name in (*SIDE, "badge")}
    paths["live"] = folder / "live"
    paths["live"].mkdir()
    report = folder / "live" / "r.jsonl"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(
            ["run", "--cases", str(cases), "--no-progress", "--startup-timeout", "5",
             "--engine", "reference", "--engine", BUGGY, "--engine", zoo("exits_at_start"),
             "--report", str(report), *(word for name in (*SIDE, "badge") for word in (f"--{name}", str(paths[name])))]
        )  # fmt: skip
    return {"code": code, "out": out.getvalue(), "report": report, "folder": folder, **paths}


def test_the_exit_status_is_the_worst_engine_s(three: dict[str, object]) -> None:
    assert three["code"] == 2  # C did not start: a setup error


def test_the_terminal_shows_each_engine_and_the_disagreements(three: dict[str, object]) -> None:
    out = str(three["out"])
    assert "3 engines side by side:" in out
    assert "A: cribcheck-reference" in out and "100.0% (3/3)" in out
    assert "B: buggy-show 1.0" in out and "33.3% (1/3)" in out  # one of the three cases is clean
    assert "did not start: the engine could not be started: the engine exited before answering hello" in out
    assert "2 case x profile results where the engines disagree" in out
    disagreeing = [line for line in out.splitlines() if "A ✓ pass" in line and "B ✗ fail" in line]
    assert [line.split()[0] for line in disagreeing] == [
        "buggy-crib-four-hearts[six-card]",
        "buggy-starter-jack[six-card]",
    ]


def test_the_json_lines_report_holds_each_engine_s_run_in_turn(three: dict[str, object]) -> None:
    lines = [json.loads(line) for line in Path(str(three["report"])).read_text().splitlines()]
    assert all(problems("report/report-line.schema.json", line) == [] for line in lines)
    assert [line["type"] for line in lines] == ["header", *["case"] * 3, "footer"] * 2 + ["header", "footer"]
    commands = [line["engine"]["command"] for line in lines if line["type"] == "header"]
    assert commands == [None, BUGGY, zoo("exits_at_start")]
    assert "exited before answering hello" in lines[-1]["aborted"]


def test_markdown_puts_the_engines_side_by_side(three: dict[str, object]) -> None:
    text = Path(str(three["markdown"])).read_text(encoding="utf-8")
    assert text.startswith("## cribcheck: 3 engines side by side")
    assert "| `show.crib-flush` | ✓ 1/1 | ✗ 0/1 | · | ✗ 1 |" in text
    assert "| `show.runs` | ✓ 1/1 | ✓ 1/1 | · |  |" in text
    out = str(three["out"])
    assert "rules where the engines disagree on a case (2 of 3):" in out
    assert "### Cases where the engines disagree (2)" in text
    assert "| `buggy-crib-four-hearts[six-card]` | ✓ pass | ✗ fail | · not run |" in text
    # then each engine's own report, one heading level down
    assert "### B: cribcheck " in text and "#### Failures (2), by likely cause" in text


def test_junit_holds_each_engine_s_suites(three: dict[str, object]) -> None:
    root = ET.parse(str(three["junit"])).getroot()
    names = [suite.get("name") for suite in root.findall("testsuite")]
    assert names == ["cribcheck.A.six-card", "cribcheck.B.six-card", "cribcheck.C.run"]
    assert root.get("tests") == "7" and root.get("failures") == "2" and root.get("errors") == "1"
    junitparser = pytest.importorskip("junitparser")
    suites = list(junitparser.JUnitXml.fromfile(str(three["junit"])))
    assert [suite.failures for suite in suites] == [0, 2, 0]


def test_a_badge_per_engine(three: dict[str, object]) -> None:
    folder = Path(str(three["live"]))
    badges = sorted(folder.glob("r.*-*.badge"))
    assert [path.name.split("-")[0] for path in badges] == ["r.A", "r.B", "r.C"]
    documents = [json.loads(path.read_text()) for path in badges]
    assert all(problems("report/badge.schema.json", document) == [] for document in documents)
    assert [document["message"] for document in documents] == ["100.0% (3/3)", "33.3% (1/3)", "did not run"]


def test_summary_of_the_saved_report_gives_the_same_side_by_side_reports(
    three: dict[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    again = Path(str(three["folder"])) / "again"
    again.mkdir(exist_ok=True)
    paths = {name: again / f"r.{name}" for name in SIDE}
    assert main(["summary", str(three["report"]), *(w for name in SIDE for w in (f"--{name}", str(paths[name])))]) == 0
    for name in SIDE:
        assert paths[name].read_bytes() == Path(str(three[name])).read_bytes(), name


def test_one_engine_named_reference_is_the_plain_run(small_cases: Path, tmp_path: Path, capsys) -> None:
    report = tmp_path / "r.jsonl"
    code = main(["run", "--cases", str(small_cases), "--engine", "reference", "--report", str(report)])
    assert code == 0
    header = read_report(report)[0]
    assert header["engine"] == {"command": None, "mode": "in-process", "info": header["engine"]["info"]}
    assert "--engine" not in header["slim"]["rerun_prefix"]


def test_one_engine_s_files_are_refused_with_several(small_cases: Path, tmp_path: Path, capsys) -> None:
    known = tmp_path / "x.yaml"
    known.write_text("format: 1\nexpected_failures: []\n")
    code = main(["run", "--cases", str(small_cases), "--engine", "reference", "--engine", BUGGY,
                 "--expectations", str(known)])  # fmt: skip
    assert code == 2
    assert "--expectations name one engine's file" in capsys.readouterr().err


def test_a_bad_selection_stops_before_any_engine_starts(small_cases: Path, capsys) -> None:
    code = main(["run", "--cases", str(small_cases), "--engine", "reference", "--engine", BUGGY,
                 "--profile", "no-such-profile"])  # fmt: skip
    captured = capsys.readouterr()
    assert code == 2
    assert "nothing to run" in captured.err
    assert "running" not in captured.out


def test_failures_without_a_setup_error_exit_1_and_jobs_1_runs_one_at_a_time(tmp_path: Path, capsys) -> None:
    cases = write_buggy_cases(tmp_path / "cases")
    code = main(["run", "--cases", str(cases), "--engine", "reference", "--engine", BUGGY, "--jobs", "1"])
    out = capsys.readouterr().out
    assert code == 1  # B fails two cases; both engines started
    assert out.index("A: finished") < out.index("B: running")


def test_summary_puts_separate_reports_side_by_side(tmp_path: Path, capsys) -> None:
    cases = write_buggy_cases(tmp_path / "cases")
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    main(["run", "--cases", str(cases), "--no-progress", "--report", str(first)])
    main(["run", "--cases", str(cases), "--no-progress", "--engine", BUGGY, "--report", str(second)])
    capsys.readouterr()
    markdown = tmp_path / "r.md"
    assert main(["summary", str(first), str(second), "--markdown", str(markdown)]) == 0
    text = markdown.read_text(encoding="utf-8")
    assert text.startswith("## cribcheck: 2 engines side by side")
    assert "| `buggy-starter-jack[six-card]` | ✓ pass | ✗ fail |" in text
    assert main(["summary", str(first), str(second)]) == 0
    assert "2 case x profile results where the engines disagree" in capsys.readouterr().out


def test_with_one_engine_started_nothing_is_said_to_agree(small_cases: Path, capsys) -> None:
    code = main(["run", "--cases", str(small_cases), "--no-progress", "--startup-timeout", "5",
                 "--engine", "reference", "--engine", zoo("exits_at_start")])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 2
    assert "fewer than two engines gave results: nothing to compare" in out
    assert "agree" not in out


def test_markdown_with_one_engine_started_says_nothing_was_compared(small_cases: Path, tmp_path: Path) -> None:
    markdown = tmp_path / "r.md"
    main(["run", "--cases", str(small_cases), "--no-progress", "--startup-timeout", "5", "--markdown",
          str(markdown), "--engine", "reference", "--engine", zoo("exits_at_start")])  # fmt: skip
    text = markdown.read_text(encoding="utf-8")
    assert "fewer than two engines gave results, nothing to compare" in text
    assert "they agree" not in text
