"""`cribcheck check`'s own diagnosis is the one `cribcheck summary` makes of its saved report.

The check remembers the reference's answers while it judges the lines (harness/transcripts/memo.py);
the diagnosis replays the failures with known bugs patched into the reference, and was once made
inside that memory: a bug patched behind a remembered function got the clean answer remembered, so
the live causes and summary's differed. The transcript here is four five-card games played by the
zoo's `fifteens-worth-1` engine (tests/harness/diagnosis_zoo/), seed 0: the live check put 246
results in its first cause and 1 in its last, where summary puts 245 and 2."""

from __future__ import annotations

import json
from pathlib import Path

from cribcheck.harness.cli import build_parser
from cribcheck.harness.diagnosis.diagnose import diagnosed
from cribcheck.harness.results.saved import read_reports
from cribcheck.harness.transcripts import check as check_module
from cribcheck.harness.transcripts.generate import reference_transcript

from .diagnosis_zoo.bugs import zoo_bug


def test_the_live_diagnosis_of_a_zoo_engine_s_transcript_is_summary_s(tmp_path: Path) -> None:
    transcript, report = tmp_path / "games.jsonl", tmp_path / "report.jsonl"
    with zoo_bug("fifteens-worth-1").patch.applied():
        lines = list(reference_transcript(4, seed=0, profile="five-card"))
    transcript.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    args = build_parser().parse_args(["check", str(transcript), "--report", str(report), "-q", "--no-progress"])
    assert check_module.main(args) == 1
    run = read_reports([report])[0]
    live, again = run.footer.diagnosis, diagnosed(run).footer.diagnosis
    assert live is not None and again is not None
    assert len(live.causes) >= 2
    assert live.to_json() == again.to_json()
