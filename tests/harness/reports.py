"""Reading back what `cribcheck run` wrote, checked against the report schema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cribcheck.harness.contract.schemas import problems


def read_report(path: Path) -> list[dict[str, Any]]:
    """The lines of a JSON Lines report, each checked against its schema."""
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        assert problems("report/report-line.schema.json", line) == [], line
    assert lines[0]["type"] == "header"
    assert lines[-1]["type"] == "footer"
    assert all(line["type"] == "case" for line in lines[1:-1])
    return lines


def statuses(lines: list[dict[str, Any]]) -> dict[str, str]:
    """Case id -> status (for runs with one profile a case)."""
    return {line["id"]: line["status"] for line in lines if line["type"] == "case"}


def messages(lines: list[dict[str, Any]]) -> dict[str, str]:
    """Case id -> message ("" for none)."""
    return {line["id"]: line.get("message") or "" for line in lines if line["type"] == "case"}  # slim: none


def not_passed(lines: list[dict[str, Any]]) -> list[tuple[str, str, str]]:
    """(id, profile, status) of every case line that did not pass."""
    return [(line["id"], line["profile"], line["status"]) for line in lines if line.get("status", "pass") != "pass"]


REPORT_KINDS = ("jsonl", "md", "html", "xml")


def every_report(folder: Path) -> tuple[dict[str, Path], list[str]]:
    """The paths of a run's four report files in `folder`, and the options that write them."""
    paths = {kind: folder / f"r.{kind}" for kind in REPORT_KINDS}
    options = ["--report", "--markdown", "--html", "--junit"]
    return paths, [
        word for option, kind in zip(options, REPORT_KINDS, strict=True) for word in (option, str(paths[kind]))
    ]
