"""The findings of the public engines' transcripts, worked by hand (examples/pypi-engines/worked/):
each a lint-clean case that the reference passes, whose explanation says what the engine's game did
wrong, beside the very line the engine's game wrote (worked/<transcript>.jsonl), which `cribcheck
check` fails. That the engines' runs still find each of them is tests/harness/test_public_engines.py's
(`pytest -m engines`)."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.cli import build_parser, main
from cribcheck.harness.contract.files import CATALOGUE_FILE, REPO_ROOT
from cribcheck.harness.corpus.cases import load_cases
from cribcheck.harness.corpus.lint import lint
from cribcheck.harness.operations.at_target import at_target
from cribcheck.harness.transcripts import check as check_module

from .reports import read_report, statuses

WORKED = REPO_ROOT / "examples" / "pypi-engines" / "worked"
CASE_FILES = sorted(WORKED.glob("*.yaml"))
TRANSCRIPTS = sorted(WORKED.glob("*.jsonl"))


def lines_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_there_are_worked_findings_and_their_lines() -> None:
    assert [path.name for path in CASE_FILES] == ["cribbagesim.yaml"]
    # cribbagesim.jsonl held one finding, the winner's score stopped at 121: its hello claims
    # stops_at_target now (a conformant reading), so that line is no finding any more
    assert [path.name for path in TRANSCRIPTS] == ["cribbagesim-events.jsonl"]


def test_the_worked_cases_are_lint_clean(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(CATALOGUE_FILE, root / "rules.yaml")
    report = lint(CASE_FILES, cases_root=root, catalogue_path=root / "rules.yaml")
    assert report.clean, "\n".join(map(str, report.errors))


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda path: path.stem)
def test_the_reference_passes_each_worked_case_and_it_says_what_the_game_did_wrong(path: Path, tmp_path: Path) -> None:
    cases = load_cases(path)
    assert all("What the game did wrong:" in case.explain for case in cases)
    report = tmp_path / "report.jsonl"
    assert main(["run", "--cases", str(path), "--report", str(report), "-q", "--no-progress"]) == 0
    assert statuses(read_report(report)) == {case.id: "pass" for case in cases}


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda path: path.stem)
def test_each_worked_case_is_a_line_the_engine_s_game_wrote_and_check_fails_it(path: Path, tmp_path: Path) -> None:
    stems = {transcript: lines_of(transcript) for transcript in TRANSCRIPTS if transcript.stem.startswith(path.stem)}
    for case in load_cases(path):
        (transcript, number), *others = [
            (transcript, number)
            for transcript, lines in stems.items()
            for number, line in enumerate(lines, start=1)
            if line.get("op") == case.op and line.get("input") == dict(case.input)
        ]
        assert not others, case.id
        report = tmp_path / f"{case.id}.jsonl"
        args = build_parser().parse_args(["check", str(transcript), "--report", str(report), "-q", "--no-progress"])
        assert check_module.main(args, io.StringIO()) == 1
        (result,) = [line for line in read_report(report) if line.get("id") == f"line-{number}"]
        assert result["status"] == "fail" and result["mismatches"], case.id
        # the case is what the line was judged by (as the transcript's hello claims: the winner's
        # score stopped at the target)
        assert result["expected"] == at_target(case.op, case.expected("six-card"), "six-card"), case.id
        assert result["actual"] != result["expected"]
