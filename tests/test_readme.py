"""Issue 26: the README is a front door: at most 200 lines; its quick start is what CI runs; every
link it gives resolves; the sections a newcomer looks for are there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
MAX_LINES = 200


def test_the_readme_is_at_most_200_lines() -> None:
    assert len(README.splitlines()) <= MAX_LINES


def test_the_quick_start_is_two_commands_and_what_ci_runs() -> None:
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```sh\n(.*?)```", section, re.S)
    install_and_run, tests = block.strip().splitlines()
    assert install_and_run == 'python3 -m venv .venv && .venv/bin/pip install -e ".[test]" && .venv/bin/cribcheck run'
    assert tests == ".venv/bin/python -m pytest"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for command in ("python3 -m venv .venv", '.venv/bin/pip install --quiet -e ".[test]"'):
        assert command in ci
    assert ".venv/bin/python -m pytest" in ci
    requires = re.search(r'requires-python = ">=(3\.\d+)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert requires and f"Python {requires.group(1)} or later" in section


def test_the_sections_a_newcomer_looks_for() -> None:
    headings = re.findall(r"^## (.+)$", README, re.M)
    for wanted in ("Quick start", "Checking your own engine", "In CI", "The reports", "Settling a dispute"):
        assert wanted in headings
    assert "kill table" not in README.split("## How we know the suite catches bugs")[1].split("\n## ")[0] or (
        "docs/detection.md" in README
    )
    assert "| mutant |" not in README  # the table itself lives in docs/detection.md


def test_every_link_resolves() -> None:
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README):
        if not target.startswith("http"):
            assert (ROOT / target).exists(), target


def test_the_development_section_says_how_long_and_how_to_run_one_process() -> None:
    section = README.split("## Development", 1)[1]
    assert "`-n 0`" in section and "-p no:xdist" in section
    assert re.search(r"\d+ (s|seconds|minutes?)\b", section), "the suite's time, measured"


def test_settling_a_dispute_starts_from_count_and_peg_and_its_commands_answer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cribcheck.harness.cli import main
    from cribcheck.harness.operations import answers

    section = README.split("## Settling a dispute", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```sh\n(.*?)```", section, re.S)
    commands = [line.split("#")[0].split() for line in block.strip().splitlines()]
    assert [command[:2] for command in commands] == [["cribcheck", "count"], ["cribcheck", "peg"]]
    for command in commands:
        assert main(command[1:]) == 0
    out = capsys.readouterr().out.splitlines()
    # 5-5-5-J with the 5 of the jack's suit turned: 16 in fifteens, 12 in pairs, nobs 1; no nobs in
    # the crib under D4's other reading
    assert "total: 29" in out and "under D4's other reading (six-card--no-crib-nobs): 28 (nobs 0, not 1)" in out
    assert "points: pone 2, dealer 1" in out  # the 31 after a go, 2 in all (tests/harness/test_count_peg.py)
    assert "`run_reference`" in section and callable(answers.run_reference)
