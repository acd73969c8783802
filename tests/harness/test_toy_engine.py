"""The toy engine of issue 27: a JavaScript adapter (tests/harness/toy_engine/adapter.js) with one
deliberate bug, pegging runs counted only when the cards were played in order. Whatever report a
user reads, its first likely cause is that bug: rule peg.runs, the known bug peg-run-in-order-only.

Without its bug (`--correct`) the toy passes every case it claims, so every failure below is the
bug's own."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.contract.files import REPO_ROOT

from .reports import read_report

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")
ADAPTER = Path(__file__).resolve().parent / "toy_engine" / "adapter.js"
CASES = REPO_ROOT / "cases" / "pegging"  # the cases it fails are pegging cases (and it claims the show)
FIRST = "a pegging run counts only when played in order: 5 7 6 is no run"
BUG = "peg-run-in-order-only"


def toy(*extra: str) -> str:
    return shlex.join([str(NODE), str(ADAPTER), *extra])


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str]:
    code = main(["run", "--no-progress", "--cases", str(CASES), *arguments])
    return code, capsys.readouterr().out


def test_without_its_bug_the_toy_passes_everything_it_claims(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "--engine", toy("--correct"), "--cases", str(REPO_ROOT / "cases"))
    assert code == 0, out
    assert "likely causes" not in out


def test_the_terminal_leads_with_the_bug(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "toy.jsonl"
    code, out = run(capsys, "--engine", toy(), "--report", str(report))
    assert code == 1
    lines = out.splitlines()
    causes = lines.index("likely causes of the 108 failing results:")
    assert causes < next(number for number, line in enumerate(lines) if line.startswith("FAIL "))
    assert lines[causes + 1] == f"  1. {FIRST}"
    assert lines[causes + 2].startswith(
        f"     rule peg.runs; a known bug (mutant {BUG}) reproduces the whole answer of 108 of the 108 "
        "failing results; what differs: the run of a card played: the engine gives 0 where the reference scores"
    )
    # the first failure shown is the smallest: one play of three cards out of order (5, 3, 4)
    first = next(line for line in lines if line.startswith("FAIL "))
    assert first.startswith("FAIL p-play-run-three-any-order[five-card, six-card, six-card-61]")
    footer = read_report(report)[-1]
    assert [(cause["mutant"], cause["rules"], cause["explains"]) for cause in footer["diagnosis"]] == [
        (BUG, ["peg.runs"], 108)
    ]
    assert main(["summary", str(report)]) == 0
    again = capsys.readouterr().out
    assert f"  1. {FIRST}" in again.splitlines()


def test_several_engines_side_by_side_name_the_bug_of_each(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "--engine", "reference", "--engine", toy())
    assert code == 1
    assert "  A: none, nothing failed" in out.splitlines()
    assert f"  B: 1. {FIRST} (rule peg.runs; a known bug (mutant {BUG})" in out


def test_the_pytest_plugin_ends_with_the_likely_causes(tmp_path: Path) -> None:
    plugin = ["--cribcheck-engine", toy(), "--cribcheck-cases", str(CASES)]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-n", "0", *plugin],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    section = next(number for number, line in enumerate(lines) if "cribcheck: likely causes" in line)
    assert lines[section + 1 : section + 3] == ["likely causes of the 108 failing results:", f"  1. {FIRST}"]


def test_the_markdown_and_html_reports_lead_with_the_bug(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    markdown, page = tmp_path / "toy.md", tmp_path / "toy.html"
    code, _ = run(capsys, "--engine", toy(), "--markdown", str(markdown), "--html", str(page))
    assert code == 1
    text = markdown.read_text(encoding="utf-8")
    causes = text.index("### Likely causes of the 108 failing results")
    assert causes < text.index("| Profile |") < text.index("### Failures (108), by likely cause")
    first = text[causes:].splitlines()[2]
    assert first.startswith("1. a pegging run counts only when played in order\\: 5 7 6 is no run. Rule `peg.runs`;")
    assert f"a known bug (mutant `{BUG}`) reproduces the whole answer of 108 of the 108 failing results;" in first
    html = page.read_text(encoding="utf-8")
    card = html[html.index('<li class="cause"') :].split("</li>")[0]
    assert f'<span class="rank">1.</span>{FIRST}</h4>' in card and f"<code>{BUG}</code>" in card
    assert html.index('<li class="cause"') < html.index("<article")


def test_docs_reports_shows_what_the_terminal_prints_for_the_toy(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/reports.md opens with the toy's likely causes over the whole corpus: the lines the
    terminal prints, as they are (the engine's command as a user types it, from the repository)."""
    doc = (REPO_ROOT / "docs" / "reports.md").read_text(encoding="utf-8")
    opening = doc[doc.index("## What do I fix first?") :]
    shown = opening[opening.index("```\n") + 4 :].split("```")[0].splitlines()
    monkeypatch.chdir(REPO_ROOT)
    code = main(["run", "--no-progress", "--engine", "node tests/harness/toy_engine/adapter.js"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 1
    start = next(number for number, line in enumerate(lines) if line.startswith("likely causes of the"))
    assert lines[start : start + len(shown)] == shown
