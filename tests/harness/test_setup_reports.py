"""Issue 26: a run that cannot be set up still writes every report asked for, marked with the
error, and exits 2 (before, a missing expectations file left no report at all)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cribcheck.harness.cli import main

OUTPUTS = ("--report", "r.jsonl", "--junit", "j.xml", "--markdown", "m.md", "--html", "h.html", "--badge", "b.json")


def run_with_every_report(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    words = [word if word.startswith("--") else str(tmp_path / word) for word in OUTPUTS]
    code = main(["run", "--no-progress", *args, *words])
    return code, capsys.readouterr().err


def assert_every_report_says(tmp_path: Path, words: str) -> None:
    lines = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [line["type"] for line in lines] == ["header", "footer"]
    footer = lines[-1]
    assert footer["exit_status"] == 2
    assert footer["complete"] is False
    assert footer["aborted"].startswith("setup error: ") and words in footer["aborted"]
    root = ET.parse(tmp_path / "j.xml").getroot()
    assert root.get("errors") == "1"
    (case,) = root.iter("testcase")
    assert case.get("name") == "setup"
    error = case.find("error")
    assert error is not None and error.get("type") == "setup" and words in (error.text or "")
    markdown = (tmp_path / "m.md").read_text(encoding="utf-8").replace("\\", "")  # as read: its escapes off
    assert "**FAILED**" in markdown and words in markdown
    assert words in (tmp_path / "h.html").read_text(encoding="utf-8")
    assert json.loads((tmp_path / "b.json").read_text(encoding="utf-8"))["isError"] is True


def test_a_missing_expectations_file_still_writes_every_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "expectations.yaml"
    code, err = run_with_every_report(tmp_path, capsys, "--expectations", str(missing))
    assert code == 2
    assert "cannot read: No such file or directory" in err
    assert_every_report_says(tmp_path, "cannot read: No such file or directory")


def test_a_case_file_with_problems_still_writes_every_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = tmp_path / "cases"
    cases.mkdir()
    (cases / "bad.yaml").write_text("cases: [{id: x}]\n", encoding="utf-8")
    code, _ = run_with_every_report(tmp_path, capsys, "--cases", str(cases))
    assert code == 2
    assert_every_report_says(tmp_path, "the case files have problems")


def test_a_selection_of_nothing_still_writes_every_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run_with_every_report(tmp_path, capsys, "--tag", "no-such-tag")
    assert code == 2
    assert_every_report_says(tmp_path, "nothing to run")


def test_several_engines_that_cannot_be_set_up_still_write_every_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "expectations.yaml"
    code, _ = run_with_every_report(
        tmp_path, capsys, "--engine", "reference", "--engine", "reference", "--expectations", str(missing)
    )
    assert code == 2
    assert_every_report_says(tmp_path, "--expectations name one engine")


def test_an_engine_that_does_not_start_writes_every_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run_with_every_report(tmp_path, capsys, "--engine", "false")
    assert code == 2
    root = ET.parse(tmp_path / "j.xml").getroot()
    (case,) = root.iter("testcase")
    assert case.get("name") == "engine"  # not "setup": the run was set up, its engine did not start
    assert "could not be started" in (tmp_path / "m.md").read_text(encoding="utf-8")


def test_a_report_whose_folder_is_missing_is_the_error_and_the_others_are_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        ["run", "--no-progress", "--junit", str(tmp_path / "j.xml"), "--markdown", str(tmp_path / "no" / "m.md")]
    )
    assert code == 2
    assert "no folder" in capsys.readouterr().err
    assert "no folder" in (tmp_path / "j.xml").read_text(encoding="utf-8")
    assert not (tmp_path / "no").exists()


def test_a_check_of_a_transcript_that_cannot_be_read_still_writes_every_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "game.jsonl"
    words = [word if word.startswith("--") else str(tmp_path / word) for word in OUTPUTS]
    code = main(["check", str(missing), "--no-progress", *words])
    assert code == 2
    assert "no such file" in capsys.readouterr().err
    assert_every_report_says(tmp_path, f"no such file: {missing}")


def test_a_check_of_a_transcript_of_another_protocol_still_writes_every_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    transcript = tmp_path / "game.jsonl"
    hello = {"protocol": 2, "engine": {"name": "x", "version": "1", "language": "C"}, "profiles": ["six-card"],
             "operations": ["show"], "features": []}  # fmt: skip
    transcript.write_text(json.dumps({"hello": hello}) + "\n", encoding="utf-8")
    words = [word if word.startswith("--") else str(tmp_path / word) for word in OUTPUTS]
    code = main(["check", str(transcript), "--no-progress", *words])
    assert code == 2
    assert "speaks protocol 2" in capsys.readouterr().err
    assert_every_report_says(tmp_path, "hello speaks protocol 2")  # (the HTML escapes an apostrophe)
