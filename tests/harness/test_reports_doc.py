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


def anchors(markdown: str) -> set[str]:
    """The anchors of a Markdown page's headings, as GitHub makes them (lower case, punctuation
    dropped, spaces turned to hyphens)."""
    headings = re.findall(r"^#+ (.+)$", markdown, flags=re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-") for heading in headings}


def test_the_anchors_linked_exist() -> None:
    """A link to a section (`#the-toy-engine`, `performance.md#the-diagnosis`) leads to a heading."""
    links = re.findall(r"\]\(([^)#]*)#([^)]+)\)", DOC)
    assert ("", "the-toy-engine") in links and ("performance.md", "the-diagnosis") in links
    for page, anchor in links:
        target = DOC if not page else (REPO_ROOT / "docs" / page).read_text(encoding="utf-8")
        assert anchor in anchors(target), f"{page}#{anchor}"


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


def test_the_caps_documented_are_the_reports() -> None:
    """docs/reports.md's table of caps gives the figures the reporters use."""
    from cribcheck.harness.report import escaping, html, markdown
    from cribcheck.harness.report.common import DIFF_LINES

    section = DOC.split("**The caps.**", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("|")[1].strip(): line for line in section.splitlines() if line.startswith("| ")}
    assert f"{html.MAX_PAGE_BYTES:,} bytes" in rows["the whole"]
    assert f"{markdown.MAX_BYTES:,} bytes" in rows["the whole"]
    assert rows["one text (a title, a message, an explanation)"].count(f"{html.TEXT_LIMIT:,} characters") == 2
    assert html.TEXT_LIMIT == escaping.TEXT_LIMIT
    assert (
        f"| {html.NAME_LIMIT} characters | {escaping.NAME_LIMIT} characters |"
        in rows["one name (a case id, a rule, a profile, a file)"]
    )
    assert f"{html.PRE_LINES} lines and the first {html.PRE_LINES} members" in rows["expected and actual"]
    assert f"{DIFF_LINES} lines" in rows["expected and actual"]
    tables = rows["tables"]
    assert f"{html.MAX_COLUMNS} profiles and {html.MAX_RULES} rules" in tables
    assert f"{html.MAX_WARNINGS} warnings, the last {html.STDERR_LINES} lines" in tables
    assert f"{markdown.NOTES} warnings, the last {markdown.STDERR_LINES} lines" in tables
