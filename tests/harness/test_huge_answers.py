"""An engine whose answers are huge: the verdict reads them whole, each result keeps a bounded part
(harness/results/kept.py), and the JSON Lines report says what was left out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.contract.files import CASES_DIR
from cribcheck.harness.corpus.cases import load_cases
from cribcheck.harness.operations.answers import cached_profiles, run_reference
from cribcheck.harness.report.common import actual_shown
from cribcheck.harness.results.kept import HELD_BYTES, KEPT_BYTES, KEPT_CHARACTERS, KEPT_ITEMS, kept_answer, kept_value
from cribcheck.harness.run.selection import Selection

from .conftest import SMALL_CASES, zoo
from .reports import read_report

PADDING = 1_000_000  # tests/harness/zoo/huge_answers.py
EXTRA_MEMBERS = 50_000


def run_huge(cases: Path, tmp_path: Path) -> list[dict[str, Any]]:
    report = tmp_path / "huge.jsonl"
    code = main(["run", "--engine", zoo("huge_answers"), "--cases", str(cases), "--no-progress", "-q",
                 "--report", str(report), "--report-full", "--timeout", "20"])  # fmt: skip
    assert code == 0  # the padding is where the suite does not look: every answer is right
    return [line for line in read_report(report) if line["type"] == "case"]


def test_a_huge_answer_is_judged_whole_and_kept_in_part(small_cases: Path, tmp_path: Path) -> None:
    lines = {line["id"]: line for line in run_huge(small_cases, tmp_path)}
    assert {line["status"] for line in lines.values()} == {"pass"}
    assert len(lines) == len(SMALL_CASES)  # the pegging case too (its result padded like the others)
    for line in lines.values():
        assert len(json.dumps(line)) < 3 * KEPT_BYTES + 3 * KEPT_CHARACTERS, line["id"]
    # the padding key is not among the keys the expectation gives: never shown, so nothing cut
    assert lines["zoo-zero-hand"]["left_out"] is None
    assert "padding" not in lines["zoo-zero-hand"]["actual"]
    # the trigger's breakdown: the five compared members, then 50,000 more, of which some are kept
    breakdown = lines["zoo-trigger-flush-run"]["actual"]["breakdown"]
    kept = [key for key in breakdown if key.startswith("extra")]
    assert 0 < len(kept) < KEPT_ITEMS
    left = lines["zoo-trigger-flush-run"]["left_out"]
    assert left == {"bytes": 0, "items": 5 + EXTRA_MEMBERS - (len(breakdown) - 1)}  # the "..." member is not one
    assert breakdown["..."] == f"({left['items']:,} more members)"


def test_a_slim_report_keeps_the_whole_line_of_a_pass_whose_answer_was_cut(small_cases: Path, tmp_path: Path) -> None:
    report = tmp_path / "slim.jsonl"
    assert main(["run", "--engine", zoo("huge_answers"), "--cases", str(small_cases), "--no-progress", "-q",
                 "--report", str(report), "--timeout", "20"]) == 0  # fmt: skip
    lines = {line["id"]: line for line in read_report(report) if line["type"] == "case"}
    assert "left_out" not in lines["zoo-zero-hand"]  # nothing cut: slim
    assert lines["zoo-trigger-flush-run"]["left_out"]["items"] > EXTRA_MEMBERS - KEPT_ITEMS  # cut: whole


def test_a_huge_rejection_message_is_cut_and_the_cut_counted(small_cases: Path, tmp_path: Path) -> None:
    line = {line["id"]: line for line in run_huge(small_cases, tmp_path)}["zoo-duplicate-card"]
    message = line["rejection_message"]
    kept, _, suffix = message.rpartition("... (")
    full = len("duplicate card 2C: it appears twice in one deal") + 1 + PADDING  # the reference's message, padded
    assert suffix == f"{full - len(kept):,} more bytes)"
    assert line["left_out"] == {"bytes": full - len(kept), "items": 0}
    assert len(kept) <= KEPT_BYTES


def test_every_result_of_the_run_keeps_a_bounded_part(small_cases: Path, tmp_path: Path) -> None:
    from cribcheck.harness.cli import build_parser
    from cribcheck.harness.run.runner import execute, plan_from_args

    args = build_parser().parse_args(["run", "--engine", zoo("huge_answers"), "--cases", str(small_cases),
                                      "--timeout", "20"])  # fmt: skip
    outcome = execute(plan_from_args(args), [])
    assert len(outcome.results) == len(SMALL_CASES)
    for result in outcome.results:  # on main's code: each kept its megabyte
        assert len(json.dumps(result.actual)) < HELD_BYTES + 200, result.item.name
        assert len(result.message or "") <= KEPT_CHARACTERS + 30


def test_every_answer_of_the_reference_to_the_corpus_is_reported_whole() -> None:
    # the largest, a five-game match with every event, is 92 kB and 8,137 values as shown
    with cached_profiles():
        for item in Selection((), (), (), (), ()).items(load_cases(CASES_DIR)):
            case = item.case
            answer = run_reference(case.op, case.input, case.profile_sent(item.profile))
            kept, left = kept_answer(case.expected(item.profile), answer)
            assert not left, item.name
            assert actual_shown(case.expected(item.profile), kept) == actual_shown(case.expected(item.profile), answer)


@pytest.mark.parametrize(
    ("value", "left"),
    [
        (list(range(20_000)), (0, 20_000 - (KEPT_ITEMS - 1))),  # the list is a value too
        ("é" * (KEPT_BYTES + 10_000), (2 * (10_000 + 2), 0)),  # two bytes a character in UTF-8
        ({f"k{n}": n for n in range(20_000)}, None),  # members cut by the values or the bytes, whichever first
        ([[1, 2], [3, [4, 5]]], (0, 0)),
    ],
)
def test_kept_value_counts_what_it_leaves_out(value: Any, left: tuple[int, int] | None) -> None:
    kept, left_out = kept_value(value)
    assert len(json.dumps(kept, ensure_ascii=False, separators=(",", ":"))) <= KEPT_BYTES + 64  # compact JSON text
    if left is not None:
        assert (left_out.bytes, left_out.items) == left
    if isinstance(value, dict):
        assert left_out.items == len(value) - (len(kept) - 1) and kept["..."] == f"({left_out.items:,} more members)"
    if isinstance(value, list) and left_out.items:
        assert kept[-1] == f"... ({left_out.items:,} more items)" and kept[:-1] == value[: len(kept) - 1]
