"""The badge is a shields.io endpoint document (checked against the endpoint's documented fields in
schema/report/badge.schema.json), its message and colour by threshold; the figures and symbols
every report shares."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.contract.schemas import problems
from cribcheck.harness.report.badge import badge
from cribcheck.harness.report.tally import compliance_message, figure, percent, verdict
from cribcheck.harness.results.results import RunFooter, Summary, compliance_percent, empty_counts

from .conftest import zoo

SCHEMA = "report/badge.schema.json"


def footer(aborted: str | None = None, **counts: int) -> RunFooter:
    summary = Summary(counts={**empty_counts(), **counts}, by_profile={}, by_area={})
    return RunFooter(summary=summary, finished="", seconds=0.0, complete=True, aborted=aborted)


def test_the_issue_s_example_message() -> None:
    # 1,315 of 1,335 = 98.50187...%: 98.5%, with thousands separated.
    document = badge(footer(**{"pass": 1315, "fail": 20}))
    assert document == {"schemaVersion": 1, "label": "cribcheck", "message": "98.5% (1,315/1,335)", "color": "green"}
    assert problems(SCHEMA, document) == []


@pytest.mark.parametrize(
    ("passed", "failed", "message", "colour"),
    [
        (10, 0, "100.0% (10/10)", "brightgreen"),
        (1334, 1, "99.9% (1,334/1,335)", "green"),  # 99.925%: never rounded up to 100%
        (19, 1, "95.0% (19/20)", "green"),
        (9, 1, "90.0% (9/10)", "yellowgreen"),
        (3, 1, "75.0% (3/4)", "yellow"),
        (1, 1, "50.0% (1/2)", "orange"),
        (1, 2, "33.3% (1/3)", "red"),
        (0, 5, "0.0% (0/5)", "red"),
    ],
)
def test_message_and_colour_by_threshold(passed: int, failed: int, message: str, colour: str) -> None:
    document = badge(footer(**{"pass": passed, "fail": failed}))
    assert (document["message"], document["color"]) == (message, colour)
    assert problems(SCHEMA, document) == []


def test_skips_count_as_applicable_and_not_applicable_do_not() -> None:
    # 3 passes, 1 skip, 2 xfail (applicable, not passed), 5 not applicable: 3/6 = 50%.
    document = badge(footer(**{"pass": 3, "skip": 1, "xfail": 2, "not_applicable": 5}))
    assert document["message"] == "50.0% (3/6)"


def test_a_run_that_did_not_start_is_an_error_badge() -> None:
    document = badge(footer(aborted="the engine could not be started"))
    assert document["isError"] is True
    assert document["message"] == "did not run"
    assert problems(SCHEMA, document) == []


def test_the_schema_refuses_what_the_endpoint_refuses() -> None:
    good = {"schemaVersion": 1, "label": "", "message": "ok"}
    assert problems(SCHEMA, good) == []  # an empty label leaves the left side out
    assert problems(SCHEMA, {**good, "schemaVersion": 2})
    assert problems(SCHEMA, {**good, "message": ""})
    assert problems(SCHEMA, {"schemaVersion": 1, "message": "ok"})  # label is required
    assert problems(SCHEMA, {**good, "colour": "red"})  # unknown keys are refused
    assert problems(SCHEMA, {**good, "namedLogo": "python", "logoSvg": "<svg/>"})  # not both
    assert problems(SCHEMA, {**good, "isError": "yes"})


def test_run_writes_the_badge(small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "b.json"
    main(["run", "--cases", str(small_cases), "--engine", zoo("crashes"), "--no-progress", "--badge", str(path)])
    document = json.loads(path.read_text(encoding="utf-8"))
    assert problems(SCHEMA, document) == []
    # 7 small cases: the crash is one error, the other 6 pass: 6/7 = 85.71%.
    assert document["message"] == "85.7% (6/7)"
    assert document["color"] == "yellow"


def test_figures_and_symbols_read_without_colour() -> None:
    assert (verdict({"pass": 3}).symbol, figure({"pass": 3})) == ("✓", "3/3")
    assert (verdict({"pass": 2, "fail": 1}).symbol, figure({"pass": 2, "fail": 1})) == ("✗", "2/3")
    assert verdict({"pass": 2, "xpass": 1}).word == "failed"  # a stale expectation fails the run
    assert verdict({"pass": 2, "error": 1}).symbol == "!"
    assert verdict({"pass": 2, "skip": 1}).symbol == "~"
    assert (verdict({"not_applicable": 4}).symbol, figure({"not_applicable": 4})) == ("–", "n/a")
    assert (verdict({}).symbol, figure({})) == ("", "")
    assert percent({"pass": 0, "not_applicable": 3}) == "n/a"
    assert compliance_message({"pass": 1, "fail": 2}) == "33.3% (1/3)"


@pytest.mark.parametrize(
    ("passed", "failed", "shown"),
    [
        (571, 94, "85.9%"),  # 571/665 = 85.864...%: rounded half up, 85.9 (it read 85.8 where it was floored)
        (2999, 1, "99.9%"),  # 99.966...% would round to 100.0: never 100 unless every result passed
        (1334, 1, "99.9%"),
        (3000, 0, "100.0%"),
        (1, 2999, "0.1%"),  # 0.033...% would round to 0.0: never 0 unless none passed
        (0, 5, "0.0%"),
        (1, 16, "5.9%"),  # 5.882...%
        (1, 15, "6.3%"),  # 6.25% exactly: half up
        (1, 7, "12.5%"),
    ],
)
def test_one_compliance_figure(passed: int, failed: int, shown: str) -> None:
    assert compliance_percent({"pass": passed, "fail": failed}) == shown


def test_no_applicable_result_has_no_figure() -> None:
    assert compliance_percent({"pass": 0, "not_applicable": 4}) == "n/a"
