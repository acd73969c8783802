"""The show score distributions kept as fixtures (tests/harness/fixtures/show-distributions.yaml),
re-checked: the published six-card hand table and crib zero count, and the computed five-card
tables, against the harness's count over every suit-symmetry class (weighted), and the five-card
hand through the whole pipe: `cribcheck sweep` against `cribcheck serve --plain`, the plain
reference in a subprocess. (The full sweeps, every combination, are for the benchmark and users:
benchmarks/throughput.py, docs/performance.md.)"""

from __future__ import annotations

import json
import shlex
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from cribcheck.harness.cli import main as cli_main
from cribcheck.harness.operations.fast_show import ShowScorer
from cribcheck.harness.sweep.space import suit_classes
from cribcheck.reference import load_profile
from tests.reference.test_distribution import PUBLISHED

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "show-distributions.yaml"
TABLES: list[dict[str, Any]] = yaml.safe_load(FIXTURES.read_text(encoding="utf-8"))["distributions"]
SERVE_PLAIN = shlex.join([sys.executable, "-m", "cribcheck.harness.cli", "serve", "--plain"])


def table(profile: str, set_name: str) -> dict[str, Any]:
    (found,) = [entry for entry in TABLES if entry["profile"] == profile and entry["set"] == set_name]
    return found


def test_the_fixtures_are_whole_and_cite_their_sources() -> None:
    assert {(entry["profile"], entry["set"]) for entry in TABLES} == {
        ("six-card", "hand"),
        ("six-card", "crib"),
        ("five-card", "hand"),
        ("five-card", "crib"),
    }
    for entry in TABLES:
        assert sum(entry["counts"].values()) == entry["combinations"]
        assert entry["source"] in ("published", "computed")
        assert entry.get("cites") or entry.get("computed")
        for score, count in entry.get("published", {}).items():
            assert entry["counts"][score] == count


def test_the_published_numbers() -> None:
    assert table("six-card", "hand")["counts"] == PUBLISHED  # Lumetta; Wikipedia "Cribbage statistics"
    assert table("six-card", "crib")["published"] == {0: 1_022_208}  # Wikipedia "Cribbage statistics"
    assert table("five-card", "crib")["counts"] == table("six-card", "crib")["counts"]  # the same crib rules


@pytest.mark.parametrize(("profile", "set_name"), [(entry["profile"], entry["set"]) for entry in TABLES])
def test_every_class_counted_gives_the_table(profile: str, set_name: str) -> None:
    expected = table(profile, set_name)
    scorer = ShowScorer(load_profile(profile), crib=set_name == "crib")
    counts: Counter[int] = Counter()
    for held, starter, weight in suit_classes(scorer.held_size):
        counts[scorer.total(held, starter)] += weight
    assert {score: counts.get(score, 0) for score in expected["counts"]} == expected["counts"]
    assert set(counts) <= set(expected["counts"])


def test_the_five_card_hand_through_the_plain_reference_in_a_subprocess(tmp_path: Path) -> None:
    summary = tmp_path / "summary.json"
    args = ["sweep", "--engine", SERVE_PLAIN, "--profile", "five-card", "--set", "hand", "--canonical"]
    assert cli_main([*args, "--no-progress", "--summary", str(summary)]) == 0
    result = json.loads(summary.read_text(encoding="utf-8"))
    assert result["complete"] and result["mismatched_items"] == 0 and result["batched"]
    counts = {score: count for score, count in table("five-card", "hand")["counts"].items() if count}
    assert result["reference"] == result["engine_totals"] == {str(score): count for score, count in counts.items()}
