"""No reporter fails on any text, wherever it comes from (an engine's words, a case file, a file
name, the engine's stderr, an in-process adapter's Python values): lone surrogates, control
characters, the non-characters XML refuses, NaN, values JSON has no word for, a value that holds
itself. Each report is then read back by a strict reader."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.corpus.cases import load_cases
from cribcheck.harness.engine.protocol import EngineInfo
from cribcheck.harness.engine.strict_json import read_json
from cribcheck.harness.operations.capabilities import Capabilities
from cribcheck.harness.report.common import case_line, json_safe, json_text
from cribcheck.harness.report.escaping import SafeStream, visible
from cribcheck.harness.report.html import HtmlReporter
from cribcheck.harness.report.jsonl import CaseLines, JsonLinesReporter
from cribcheck.harness.report.junit import JUnitReporter
from cribcheck.harness.report.markdown import MarkdownReporter
from cribcheck.harness.report.terminal import TerminalReporter
from cribcheck.harness.results.results import CaseResult, Item, RunFooter, RunHeader, Summary
from cribcheck.harness.results.status import Status

# Each is a text that broke, or could break, a reporter: a lone high and low surrogate, a terminal
# escape that clears the screen and one that sets the window's title, NUL and other controls, the
# two non-characters, a carriage return that hides what comes before it, and plain non-ASCII.
NASTY = (
    "lone \ud800 high",
    "lone \udfff low",
    "clear \x1b[2J\x1b[H screen",
    "title \x1b]0;pwned\x07 bell",
    "nul \x00 soh \x01 del \x7f nel \x85",
    "non \ufffe characters \uffff",
    "hidden\r overwrite",
    "plain é ± 🂡",
)
TEXT = " | ".join(NASTY)


def cyclic() -> list[Any]:
    value: list[Any] = [1]
    value.append(value)
    return value


def nasty_results(small_cases: Path) -> list[CaseResult]:
    base = load_cases(small_cases)[0]
    case = replace(base, title=TEXT, explain=TEXT, file=f"cases/bad-\udcff-{NASTY[2]}.yaml", tags=(TEXT,))
    item = Item(case, "six-card")
    actual = {"ok": {"total": float("nan"), TEXT: {1, 2}, "inf": float("inf"), "self": cyclic(), "bytes": b"\xff"}}
    return [
        CaseResult(item, Status.FAIL, TEXT, (TEXT, TEXT), {"total": 0, TEXT: TEXT}, actual, line=TEXT),
        CaseResult(item, Status.ERROR, TEXT, (), {"total": 0}, None, line=TEXT),
        CaseResult(item, Status.SKIP, TEXT),
        CaseResult(item, Status.FAIL, "x", ("x",), {"total": 0}, {"rejected": {"code": TEXT, "message": TEXT}}),
        CaseResult(item, Status.XPASS, TEXT, (), {"total": 0}, {"ok": {"total": 0}}),
    ]


def header() -> RunHeader:
    info = EngineInfo(TEXT, TEXT, TEXT, 1, Capabilities.uniform({"show"}, (), {"six-card"}), {"name": TEXT})
    return RunHeader("0.2.0", TEXT, 1, f"engine {TEXT}", "persistent", info, "now", {"cases": [TEXT]}, 5, (TEXT,))


def footer(results: list[CaseResult]) -> RunFooter:
    return RunFooter(
        Summary.of(results), "later", 1.0, False, interrupted=True, aborted=TEXT, stopped_early=TEXT,
        stderr_tail=NASTY, notes=(TEXT,), exit_status=130,
    )  # fmt: skip


def feed(reporter: Any, results: list[CaseResult]) -> None:
    reporter.start(header())
    for result in results:
        reporter.case(result)
    reporter.finish(footer(results))


def test_the_json_lines_report_stays_strict_json(small_cases: Path, tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    feed(JsonLinesReporter(path), nasty_results(small_cases))
    lines = path.read_bytes().decode("utf-8").splitlines()  # strict UTF-8
    assert len(lines) == 7  # header, five cases, footer
    for line in lines:
        assert read_json(line).problem is None  # no NaN, no lone surrogate, nothing too deep
    case = json.loads(lines[1])
    assert "lone \\ud800 high" in case["message"]  # the surrogate written as its escape, visibly
    assert "clear \x1b[2J" in case["message"]  # JSON escapes control characters itself: kept as they are
    assert case["actual"]["total"] == "nan"
    footer_line = json.loads(lines[-1])
    assert footer_line["interrupted"] is True and footer_line["exit_status"] == 130


def test_a_case_line_written_in_parts_is_the_whole_line_written_at_once(small_cases: Path) -> None:
    plain = load_cases(small_cases)[1]
    item = Item(plain, "six-card")
    results = [
        *nasty_results(small_cases),
        CaseResult(item, Status.PASS, None, (), {"total": 29}, {"ok": {"total": 29, "breakdown": {}}}, 0.000123),
        CaseResult(replace(item, profile="six-card-61"), Status.FAIL, "total: expected 29, got 0", ("a", "b")),
        CaseResult(replace(item, case=replace(plain, title="another case of the same id")), Status.SKIP, "no"),
    ]
    lines = CaseLines(header())
    texts = [lines.text(result) for result in results]
    assert texts == [json_text(case_line(header(), result)) for result in results]
    titles = [json.loads(text)["title"] for text in texts[-3:]]
    assert titles == ["zoo twenty nine", "zoo twenty nine", "another case of the same id"]


def test_junit_is_well_formed_xml(small_cases: Path, tmp_path: Path) -> None:
    path = tmp_path / "r.xml"
    feed(JUnitReporter(path), nasty_results(small_cases))
    root = ET.parse(path).getroot()  # expat refuses control characters and lone surrogates
    assert root.get("errors") == "2"  # the error, and the aborted run
    text = path.read_text(encoding="utf-8")
    assert "clear \\x1b[2J" in text
    assert "\x1b" not in text
    assert "\\udcff" in text  # the file name's undecodable byte


def test_markdown_is_utf8_without_control_characters(small_cases: Path, tmp_path: Path) -> None:
    path = tmp_path / "r.md"
    feed(MarkdownReporter(path), nasty_results(small_cases))
    text = path.read_bytes().decode("utf-8")
    assert "\x1b" not in text and "\x00" not in text
    assert "title \\x1b]0;pwned\\x07 bell" in text


def test_the_html_report_is_utf8_without_control_characters(small_cases: Path, tmp_path: Path) -> None:
    path = tmp_path / "r.html"
    feed(HtmlReporter(path), nasty_results(small_cases))
    text = path.read_bytes().decode("utf-8")
    assert "\x1b" not in text and "\x00" not in text and "\x07" not in text
    assert "lone \\ud800 high" in text


@pytest.mark.parametrize("encoding", ["utf-8", "ascii", "latin-1"])
def test_the_terminal_prints_everything_on_any_encoding(encoding: str, small_cases: Path) -> None:
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding=encoding, errors="strict")
    feed(TerminalReporter(out, io.StringIO(), progress=False, verbose=True, color=True), nasty_results(small_cases))
    out.flush()
    text = raw.getvalue().decode(encoding)
    assert "clear \\x1b[2J\\x1b[H screen" in text
    assert "\x1b[31mFAIL\x1b[0m" in text  # the reporter's own colours pass
    assert "\x1b[2J" not in text and "\x07" not in text and "\x00" not in text
    assert "lone \\ud800 high" in text
    plain = "plain é ± 🂡" if encoding == "utf-8" else "plain \\xe9 \\xb1 \\U0001f0a1"
    if encoding == "latin-1":
        plain = "plain é ± \\U0001f0a1"
    assert plain in text
    assert "interrupted: the report holds what ran" in text  # the footer was reached


class ClosedPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_closed_pipe_ends_the_terminal_output_not_the_run(small_cases: Path) -> None:
    feed(TerminalReporter(ClosedPipe(), ClosedPipe(), progress=True), nasty_results(small_cases))


def test_json_safe_turns_anything_into_json() -> None:
    value = {1: float("-inf"), "k\ud800": (1, "\udc80"), "s": {3}, "deep": cyclic()}
    safe = json_safe(value)
    assert safe["1"] == "-inf"
    assert safe["k\\ud800"] == [1, "\\udc80"]
    assert safe["s"] == "{3}"
    depth, inner = 0, safe["deep"]
    while isinstance(inner, list):
        depth, inner = depth + 1, inner[1]
    assert inner == "(nested too deep)"
    assert depth == 63  # the dict is level 0; the 64th list is cut
    assert read_json(json_text(value)).problem is None


def test_plain_values_are_written_as_they_are() -> None:
    value = {"total": 29, "events": [{"who": "A", "points": 2}], "text": "plain é", "ratio": 0.5}
    assert json_text(value) == json.dumps(value, ensure_ascii=False)
    assert visible("tab\tnewline\n") == "tab\tnewline\n"


def test_a_safe_stream_writes_control_sequences_only_of_its_own() -> None:
    """What is written is made visible, colours included; the reporter's own colour, carriage
    return and erase-line go through `paint` and `control`, which refuse anything else."""
    out = io.StringIO()
    stream = SafeStream(out)
    stream.write("\x1b[1;31mred\x1b[0m\r\x1b[K \x1b[2J \x1bc\ttab")
    assert out.getvalue() == "\\x1b[1;31mred\\x1b[0m\\x0d\\x1b[K \\x1b[2J \\x1bc\\x09tab"
    out.seek(0)
    out.truncate()
    stream.paint("FAIL \x1b[8m", "31")
    stream.control("\r")
    stream.control("\x1b[K")
    assert out.getvalue() == "\x1b[31mFAIL \\x1b[8m\x1b[0m\r\x1b[K"
    for refused in ("\x1b[2J", "\x1b]0;title\x07", "\n", "x"):
        with pytest.raises(ValueError, match="not a sequence a reporter writes"):
            stream.control(refused)
