"""`cribcheck summary`: a saved JSON Lines report re-rendered gives the very Markdown, JUnit, HTML
and badge of the live run; a malformed report is named by file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.contract.files import CASES_DIR

from .buggy import BUGGY
from .conftest import zoo

FORMATS = ("markdown", "junit", "html", "badge")
SUFFIX = {"markdown": "md", "junit": "xml", "html": "html", "badge": "json"}


def outputs(folder: Path) -> dict[str, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    return {name: folder / f"r.{SUFFIX[name]}" for name in FORMATS}


def flags(paths: dict[str, Path]) -> list[str]:
    return [word for name, path in paths.items() for word in (f"--{name}", str(path))]


def live_then_summary(tmp_path: Path, *run_args: str) -> tuple[dict[str, Path], dict[str, Path]]:
    """Run with every output and a JSON Lines report (live/), then re-render the report (again/).
    Both folders sit at the same depth, so the HTML's relative link to the rules book is the same."""
    live, again = outputs(tmp_path / "live"), outputs(tmp_path / "again")
    report = tmp_path / "live" / "r.jsonl"
    main(["run", "--no-progress", "--report", str(report), *flags(live), *run_args])
    assert main(["summary", str(report), *flags(again)]) == 0
    return live, again


def test_summary_reproduces_every_format_of_a_failing_engine_on_the_corpus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    live, again = live_then_summary(tmp_path, "--cases", str(CASES_DIR), "--engine", BUGGY)
    capsys.readouterr()
    for name in FORMATS:
        assert live[name].read_bytes() == again[name].read_bytes(), name
    assert "### Failures (" in live["markdown"].read_text(encoding="utf-8")  # something to reproduce


@pytest.mark.parametrize(
    ("engine", "with_expectations"),
    [
        ("crashes", True),  # an error, a restart, an expected failure and a stale entry (xpass)
        ("all_wrong", False),  # wrong results and rejections, with the engine's messages
        ("wrong_protocol", False),  # a run that could not start
    ],
)
def test_summary_reproduces_every_format_of_the_zoo(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], engine: str, with_expectations: bool
) -> None:
    extra: list[str] = []
    if with_expectations:
        expectations = tmp_path / "x.yaml"
        expectations.write_text(
            "format: 1\nexpected_failures:\n  - {id: zoo-double-run, reason: known}\n"
            "  - {id: zoo-trigger-flush-run, reason: crashes, link: 'https://example.org/1'}\n"
        )
        extra = ["--expectations", str(expectations)]
    live, again = live_then_summary(tmp_path, "--cases", str(small_cases), "--engine", zoo(engine), *extra)
    capsys.readouterr()
    for name in FORMATS:
        assert live[name].read_bytes() == again[name].read_bytes(), name
    text = live["markdown"].read_text(encoding="utf-8")
    expected_in_markdown = {"crashes": "xpass", "all_wrong": "```diff", "wrong_protocol": "**Stopped:**"}
    assert expected_in_markdown[engine] in text  # something particular to reproduce
    assert json.loads(again["badge"].read_text())["schemaVersion"] == 1
    assert json.loads(again["badge"].read_text()).get("isError", False) is (engine == "wrong_protocol")


def test_summary_without_an_output_prints_the_terminal_report(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "r.jsonl"
    main(["run", "--cases", str(small_cases), "--no-progress", "--report", str(report)])
    live = capsys.readouterr().out
    assert main(["summary", str(report)]) == 0
    again = capsys.readouterr().out
    assert "compliance 100.0% (7/7 applicable passed)" in again
    assert again.splitlines()[-1] == live.splitlines()[-1]


def malformed(tmp_path: Path, small_cases: Path, lines: list[str]) -> tuple[int, str, Path]:
    """A report made of `lines`, where `{0}`, `{1}`... stand for the lines of a good report."""
    good = tmp_path / "good.jsonl"
    if not good.exists():
        main(["run", "--cases", str(small_cases), "--no-progress", "--report", str(good)])
    path = tmp_path / "bad.jsonl"
    original = good.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(line.format(*original) for line in lines) + "\n", encoding="utf-8")
    return main(["summary", str(path), "--markdown", str(tmp_path / "x.md")]), "", path


@pytest.mark.parametrize(
    ("lines", "line_number", "says"),
    [
        (["{0}", "{1}", "{{not json"], 3, "not JSON"),
        (["{0}", '{{"type": "case", "id": "x"}}'], 2, "not a valid report line"),
        (['{{"type": "case", "id": 1}}'], 1, "not a valid report line"),
        (["{1}"], 1, "a case line before any header line"),
        (["{0}", '{{"type": "footer"}}'], 2, "'counts' is a required property"),
        (['{{"type": "verdict"}}'], 1, "not a valid report line"),
    ],
)
def test_a_malformed_line_is_named_by_file_and_line(
    tmp_path: Path,
    small_cases: Path,
    capsys: pytest.CaptureFixture[str],
    lines: list[str],
    line_number: int,
    says: str,
) -> None:
    code, _, path = malformed(tmp_path, small_cases, lines)
    err = capsys.readouterr().err
    assert code == 2
    assert f"{path} line {line_number}: " in err
    assert says in err
    assert not (tmp_path / "x.md").exists()


def test_a_report_cut_short_is_read_with_a_warning(
    tmp_path: Path, small_cases: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, _ = malformed(tmp_path, small_cases, ["{0}", "{1}", "{2}"])  # the header and two case lines, no footer
    err = capsys.readouterr().err
    assert code == 0
    assert "ends without a footer line" in err
    text = (tmp_path / "x.md").read_text(encoding="utf-8")
    assert "**Stopped:** the report ends without a footer line" in text


def test_an_empty_or_missing_report_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert main(["summary", str(empty)]) == 2
    assert f"{empty}: no header line" in capsys.readouterr().err
    assert main(["summary", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err
