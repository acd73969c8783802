"""`cribcheck check`'s own diagnosis is the one `cribcheck summary` makes of its saved report.

The check remembers the reference's answers while it judges the lines (harness/transcripts/memo.py);
the diagnosis replays the failures with known bugs patched into the reference, and was once made
inside that memory: a bug patched behind a remembered function got the clean answer remembered, so
the live causes and summary's differed. Two transcripts of four five-card games, seed 0: one played
by the zoo's `fifteens-worth-1` engine (tests/harness/diagnosis_zoo/), a bug the diagnosis does not
know; one by the mutant `heels-after-pegging` (his heels pegged after the pegging), where the live
check once said that no known bug reproduces its 4 failing hands and summary named the mutant."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.cli import build_parser
from cribcheck.harness.diagnosis.diagnose import diagnosed
from cribcheck.harness.mutants.catalogue import MUTANTS
from cribcheck.harness.results.saved import read_reports
from cribcheck.harness.transcripts import check as check_module
from cribcheck.harness.transcripts.generate import reference_transcript

from .diagnosis_zoo.bugs import zoo_bug


def bug(name: str) -> Any:
    """The mutant of that name, or the zoo's bug: either has `applied()`."""
    mutant = next((mutant for mutant in MUTANTS if mutant.name == name), None)
    return mutant if mutant is not None else zoo_bug(name).patch


@pytest.mark.parametrize(
    ("name", "known"), [("fifteens-worth-1", None), ("heels-after-pegging", "heels-after-pegging")]
)
def test_the_live_diagnosis_of_a_buggy_engine_s_transcript_is_summary_s(
    name: str, known: str | None, tmp_path: Path
) -> None:
    transcript, report = tmp_path / "games.jsonl", tmp_path / "report.jsonl"
    with bug(name).applied():
        lines = list(reference_transcript(4, seed=0, profile="five-card"))
    transcript.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    args = build_parser().parse_args(["check", str(transcript), "--report", str(report), "-q", "--no-progress"])
    assert check_module.main(args) == 1
    run = read_reports([report])[0]
    live, again = run.footer.diagnosis, diagnosed(run).footer.diagnosis
    assert live is not None and again is not None
    assert live.to_json() == again.to_json()
    assert live.causes[0].mutant == known
