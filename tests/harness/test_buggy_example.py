"""examples/buggy-show fails exactly the corpus's show cases where one of its two bugs shows, found
from each case's input (not from any engine's answer): a crib of four cards of one suit with a
starter of another suit (the bug scores a flush of 4), or a jack as the starter (the bug scores 1
for nobs). Each bug adds points, so each changes the total of every case it touches; a rejected
input is refused before any scoring."""

from __future__ import annotations

from pathlib import Path

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.contract.files import CASES_DIR
from cribcheck.harness.corpus.cases import load_cases

from .buggy import BUGGY
from .reports import read_report


def triggers(data: dict[str, object]) -> bool:
    cards = [str(card) for card in data.get("cards", [])]  # type: ignore[union-attr]
    starter = str(data.get("starter", ""))
    suits = {card[-1] for card in cards}
    crib_flush = bool(data.get("crib")) and len(cards) == 4 and len(suits) == 1 and starter[-1:] not in suits
    return crib_flush or starter[:1] == "J"


def test_the_broken_example_fails_where_its_bugs_show(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "buggy.jsonl"
    code = main(["run", "--engine", BUGGY, "--no-progress", "--report", str(report), "--report-full"])
    capsys.readouterr()
    assert code == 1
    lines = [line for line in read_report(report) if line["type"] == "case"]
    failed = {(line["id"], line["profile"]) for line in lines if line["status"] == "fail"}
    cases = {case.id: case for case in load_cases(CASES_DIR)}
    expected = {
        (line["id"], line["profile"])
        for line in lines
        if line["status"] != "not_applicable"
        and "rejected" not in cases[line["id"]].expected(line["profile"])
        and triggers(dict(cases[line["id"]].input))
    }
    assert failed == expected
    assert {line["status"] for line in lines} == {"pass", "fail", "not_applicable"}  # no error, no skip
    assert {line["op"] for line in lines if line["status"] != "not_applicable"} == {"show"}
    rules = {rule for line in lines if line["status"] == "fail" for rule in line["rules"]}
    assert {"show.crib-flush", "show.nobs"} <= rules
