"""Fixtures for the harness tests: a small case folder, and the zoo of broken adapters."""

from __future__ import annotations

import shlex
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from cribcheck.harness.operations.answers import run_reference

ZOO = Path(__file__).resolve().parent / "zoo"
PYTHON = sys.executable

# (id, op, input): six-card show cases, one with the zoo's trigger starter (7C), one rejection,
# one pegging case (so that an engine claiming only `show` has something not applicable).
SMALL_CASES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("zoo-zero-hand", "show", {"cards": ["2C", "4D", "6H", "8S"], "starter": "KC"}),
    ("zoo-twenty-nine", "show", {"cards": ["5C", "5D", "5S", "JH"], "starter": "5H"}),
    ("zoo-trigger-flush-run", "show", {"cards": ["AH", "2H", "3H", "4H"], "starter": "7C"}),
    ("zoo-double-run", "show", {"cards": ["3C", "3D", "4H", "5S"], "starter": "9C"}),
    ("zoo-crib-nobs", "show", {"cards": ["JD", "6C", "9S", "QH"], "starter": "2D", "crib": True}),
    ("zoo-duplicate-card", "show", {"cards": ["2C", "2C", "6H", "8S"], "starter": "KC"}),
    (
        "zoo-pegging-over-31",
        "pegging",
        {"pone": ["KC", "QD", "JH", "5S"], "dealer": ["2C", "3D", "4H", "6S"], "plays": ["KC", "2C", "QD", "3D", "JH"]},
    ),
)
PROFILE = "six-card"


def expectation(op: str, data: dict[str, Any]) -> dict[str, Any]:
    """The reference's answer as a case expectation."""
    answer = run_reference(op, data, PROFILE)
    if "rejected" in answer:
        rejected = answer["rejected"]
        return {"rejected": rejected["code"], **{key: rejected[key] for key in ("index", "hand") if key in rejected}}
    result = answer["ok"]
    keys = {"show": ("total", "breakdown"), "pegging": ("points", "events", "unplayed")}[op]
    return {key: result[key] for key in keys}


@cache
def case_file_text() -> str:
    """The small case file as YAML, expectations from the reference (computed once)."""
    rules = {"show": ["show.fifteens"], "pegging": ["peg.thirty-one"]}
    document = {
        "topic": "Small cases for the harness tests",
        "cases": [
            {
                "id": case_id,
                "title": case_id.replace("-", " "),
                "rules": list(rules[op]),  # a list of its own: a shared one would be written as an alias
                "tags": [op],
                "profiles": [PROFILE],
                "op": op,
                "input": data,
                "explain": "Whatever the reference says.",
                "expect": {"default": expectation(op, data)},
            }
            for case_id, op, data in SMALL_CASES
        ],
    }
    return yaml.safe_dump(document, sort_keys=False)


def write_cases(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "small.yaml").write_text(case_file_text(), encoding="utf-8")
    return folder


@pytest.fixture
def small_cases(tmp_path: Path) -> Path:
    return write_cases(tmp_path / "cases")


def zoo(name: str) -> str:
    """The command line of a zoo adapter."""
    return shlex.join([PYTHON, str(ZOO / f"{name}.py")])
