"""docs/reports.md: its links lead somewhere, and what it names exists."""

from __future__ import annotations

import re

from cribcheck.harness.cli import build_parser
from cribcheck.harness.contract.files import REPO_ROOT
from cribcheck.harness.report.badge import THRESHOLDS

DOC = (REPO_ROOT / "docs" / "reports.md").read_text(encoding="utf-8")


def test_the_links_exist() -> None:
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", DOC)
    assert links
    for link in links:
        assert (REPO_ROOT / "docs" / link).resolve().exists(), link


def test_the_options_named_are_the_commands_options() -> None:
    parser = build_parser()
    run = parser.parse_args(["run", "--html", "a.html", "--badge", "b.json", "--jobs", "2", "--engine", "x"])
    assert (str(run.html), str(run.badge), run.jobs) == ("a.html", "b.json", 2)
    summary = parser.parse_args(
        ["summary", "r.jsonl", "--markdown", "a", "--junit", "b", "--html", "c", "--badge", "d"]
    )
    assert [str(path) for path in summary.reports] == ["r.jsonl"]


def test_the_colours_documented_are_the_badge_s() -> None:
    for lowest, colour in THRESHOLDS:
        assert f"`{colour}`" in DOC
        assert (f"from {round(lowest * 100)}%" in DOC) or lowest == 1.0
