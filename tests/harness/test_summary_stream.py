"""`cribcheck summary` of a large report: read as a stream, what it keeps bounded whatever the
report's size (harness/results/saved.py, the reporters), for one report and several side by side;
what is left out of the Markdown, HTML and comparison is counted and said."""

from __future__ import annotations

import json
import shlex
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.diagnosis import diagnose
from cribcheck.harness.report import compare, html, markdown, terminal
from cribcheck.harness.results import saved

from .conftest import zoo
from .reports import read_report

COPIES = 60  # of the small cases' 7 lines: a report of 420 results, every one a failure


def large_report(small_cases: Path, tmp_path: Path, copies: int, name: str = "large.jsonl") -> Path:
    """The small cases run against `all_wrong` (every answer wrong), their case lines repeated
    `copies` times under new ids: a report of `copies` x 7 results, most of them failures."""
    seed = tmp_path / f"seed-{name}"
    main(["run", "--cases", str(small_cases), "--engine", zoo("all_wrong"), "--no-progress", "-q",
          "--report", str(seed)])  # fmt: skip
    lines = read_report(seed)
    header, cases, footer = lines[0], lines[1:-1], lines[-1]
    counts: dict[str, int] = dict.fromkeys(footer["counts"], 0)
    path = tmp_path / name
    with path.open("w", encoding="utf-8") as out:
        out.write(json.dumps(header) + "\n")
        for copy in range(copies):
            for line in cases:
                case = {**line, "id": f"{line['id']}-{copy}"}
                tail = shlex.join(["--case", f"{line['id']}[{line['profile']}]"])
                case["rerun"] = line["rerun"][: -len(tail)] + shlex.join(["--case", f"{case['id']}[{line['profile']}]"])
                counts[case["status"]] += 1
                out.write(json.dumps(case) + "\n")
        del footer["by_profile"], footer["by_area"]  # counted again by the reader, as a stream
        out.write(json.dumps({**footer, "counts": counts}) + "\n")
    return path


def peak_of_summary(*words: str) -> int:
    """The most memory Python held at once (tracemalloc) during `cribcheck summary WORDS`."""
    tracemalloc.start()
    try:
        assert main(["summary", *words]) == 0
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.fixture
def small_caps(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the reporters keep, made small, so that a report of a few thousand results passes it."""
    monkeypatch.setattr(markdown, "MAX_NAMED", 20)
    monkeypatch.setattr(html, "MAX_LISTED", 10)
    monkeypatch.setattr(compare, "MAX_ROWS", 20)
    monkeypatch.setattr(diagnose, "MAX_DIAGNOSED", 20)
    monkeypatch.setattr(terminal, "KEPT_GROUPS", 20)


@pytest.mark.parametrize("outputs", [(), ("--html", "s.html", "--markdown", "s.md", "--junit", "s.xml")])
def test_summary_of_a_report_keeps_the_same_whatever_its_size(
    outputs: tuple[str, ...], small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch, small_caps: None,
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    small = large_report(small_cases, tmp_path, COPIES, "small.jsonl")
    large = large_report(small_cases, tmp_path, 4 * COPIES, "large.jsonl")
    peaks = [peak_of_summary(str(report), *outputs) for report in (small, large)]
    out = capsys.readouterr().out
    # main's code read the whole file and kept every result: four times the results, four times the memory
    assert peaks[1] < 1.2 * peaks[0] + 500_000, f"{peaks} bytes held at once for {COPIES * 7} then {COPIES * 28}"
    if not outputs:
        assert f"{COPIES * 28} results in" in out and "... and " in out  # every result counted, 50 failures shown
    else:
        text = Path("s.md").read_text(encoding="utf-8")
        assert f"### Failures ({COPIES * 28:,}), by likely cause" in text  # every failure counted


def test_reports_side_by_side_keep_the_same_whatever_their_size(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], small_caps: None
) -> None:
    peaks = []
    for copies in (COPIES // 2, 2 * COPIES):
        one = large_report(small_cases, tmp_path, copies, f"one-{copies}.jsonl")
        two = large_report(small_cases, tmp_path, copies, f"two-{copies}.jsonl")
        peaks.append(peak_of_summary(str(one), str(two), "--markdown", str(tmp_path / "s.md")))
        text = (tmp_path / "s.md").read_text(encoding="utf-8")
        assert "### Cases where the engines disagree (0)" in text  # the same answers: they agree on every case
    assert peaks[1] < 1.2 * peaks[0] + 500_000, f"{peaks} bytes held at once"


def test_what_is_not_listed_is_counted(
    small_cases: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(markdown, "MAX_NAMED", 4)
    monkeypatch.setattr(html, "MAX_LISTED", 3)
    report = large_report(small_cases, tmp_path, 2)  # 14 results, every one a failure
    assert main(["summary", str(report), "--markdown", str(tmp_path / "s.md"), "--html", str(tmp_path / "s.html")]) == 0
    text = (tmp_path / "s.md").read_text(encoding="utf-8")
    assert "### Failures (14), by likely cause" in text
    assert "> 10 more failures, not named here to keep this summary under its size" in text
    assert text.count("<details><summary><b>FAIL</b>") == 4
    page = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert "11 more results, not named here to keep this page under its size" in page  # 3 kept of 14
    assert page.count('<article class="entry') == 3


def test_rows_past_the_limit_of_a_comparison_are_counted(
    small_cases: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(compare, "MAX_ROWS", 2)
    right = tmp_path / "right.jsonl"
    main(["run", "--cases", str(small_cases), "--no-progress", "-q", "--report", str(right), "--report-full"])
    wrong = large_report(small_cases, tmp_path, 1, "wrong.jsonl")  # the same ids once renamed: -0
    for line in read_report(right)[1:-1]:
        assert line["status"] == "pass"
    rename = [json.loads(line) for line in right.read_text(encoding="utf-8").splitlines()]
    with right.open("w", encoding="utf-8") as out:
        for line in rename:
            if line["type"] == "case":
                line["rerun"] = line["rerun"].replace(f"--case '{line['id']}[", f"--case '{line['id']}-0[")
                line["id"] += "-0"
            out.write(json.dumps(line) + "\n")
    capsys.readouterr()
    assert main(["summary", str(right), str(wrong)]) == 0
    out = capsys.readouterr().out
    assert "7 case x profile results where the engines disagree" in out  # all 7 counted, 2 kept
    assert main(["summary", str(right), str(wrong), "--markdown", str(tmp_path / "s.md")]) == 0
    text = (tmp_path / "s.md").read_text(encoding="utf-8")
    assert "### Cases where the engines disagree (7)" in text
    assert "5 more disagreements in the JSON Lines reports." in text


def test_a_report_line_over_the_limit_is_refused_by_file_and_line(
    small_cases: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    report = large_report(small_cases, tmp_path, 1)
    monkeypatch.setattr(saved, "MAX_LINE", 100)
    assert main(["summary", str(report)]) == 2
    assert f"{report} line 1: a line of more than 100 bytes: not a report line" in capsys.readouterr().err


def test_left_out_is_read_back_and_added_to(tmp_path: Path, small_cases: Path) -> None:
    report = large_report(small_cases, tmp_path, 1)
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    case: dict[str, Any] = lines[1]
    case["left_out"] = {"bytes": 10, "items": 2}
    case["message"] = "m" * 2500  # a crafted report: cut again on reading, 500 characters more
    case["mismatches"] = [case["message"]]
    report.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    (run,) = saved.read_runs(report)
    first = next(iter(run.results))
    assert (first.left_out.bytes, first.left_out.items) == (10 + 500 + 500, 2)
    assert first.message is not None and first.message.endswith("... (500 more bytes)")


def test_the_fast_check_of_case_lines_agrees_with_the_schema(small_cases: Path, tmp_path: Path) -> None:
    from cribcheck.harness.contract.schemas import fast_check_apart, validator

    fast = fast_check_apart(saved.SCHEMA, "case", ("header", "footer"))
    assert fast is not None
    whole = validator(saved.SCHEMA)
    lines = [json.loads(line) for line in large_report(small_cases, tmp_path, 1).read_text().splitlines()][1:-1]
    spoiled = [
        {**lines[0], "status": "passed"},
        {**lines[0], "left_out": {"bytes": -1, "items": 0}},
        {**lines[0], "unknown": 1},
        {key: value for key, value in lines[0].items() if key != "title"},
        {**lines[0], "type": "footer"},
    ]
    for line in lines:
        assert fast(line) and whole.is_valid(line)
    for line in spoiled:  # each refused by both: the fast check never accepts what the schema refuses
        assert not fast(line) and not whole.is_valid(line), line
