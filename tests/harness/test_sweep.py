"""`cribcheck sweep`: the table, mismatches printed as cases that lint clean, what canonical mode
cannot see, engines without batch or breakdown, shards that add up, usage errors, Ctrl-C."""

from __future__ import annotations

import io
import json
import shlex
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from cribcheck.harness.cli import build_parser
from cribcheck.harness.contract.files import REPO_ROOT
from cribcheck.harness.corpus.lint import lint
from cribcheck.harness.engine.engines import InProcessEngine
from cribcheck.harness.engine.serve import reference_adapter
from cribcheck.harness.report.progress import ProgressBar
from cribcheck.harness.sweep.space import Shard
from cribcheck.harness.sweep.sweep import SweepPlan, main, run_sweep
from cribcheck.reference import load_profile

from .conftest import zoo

SERVE = shlex.join([sys.executable, "-m", "cribcheck.harness.cli", "serve"])


def sweep(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(build_parser().parse_args(["sweep", *args, "--no-progress"]), out)
    return code, out.getvalue()


def test_a_canonical_sweep_agrees_and_prints_the_table() -> None:
    code, out = sweep("--engine", SERVE, "--profile", "five-card", "--set", "hand", "--canonical")
    assert code == 0, out
    assert "canonical: 63,193 suit classes standing for 1,082,900 combinations" in out
    assert "batch requests of 1,000 inputs" in out
    assert "compared with the reference: total and breakdown" in out
    assert "every answer agrees with the reference" in out
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines() if line[:5].strip().isdigit()}
    assert rows["0"] == ["260,220", "260,220"]
    assert rows["20"] == ["4", "4"]
    assert rows["19"] == ["0", "0"]


def test_a_bug_of_one_suit_is_missed_by_canonical_and_caught_in_full(tmp_path: Path) -> None:
    engine = zoo("forgets_heart_nobs")
    code, out = sweep("--engine", engine, "--profile", "five-card", "--set", "hand", "--canonical")
    assert code == 0, out  # every canonical starter is a club: the help says so
    summary = tmp_path / "summary.json"
    code, out = sweep(
        "--engine", engine, "--profile", "five-card", "--set", "hand", "--shard", "1/40", "--show", "3",
        "--summary", str(summary),
    )  # fmt: skip
    assert code == 1
    assert "MISMATCHES: 305 combinations disagree with the reference" in out
    assert "# breakdown.nobs: expected 1, got 0" in out
    result = json.loads(summary.read_text(encoding="utf-8"))
    assert result["mismatched_items"] == 305 and result["complete"]
    cases = result["mismatches"]
    assert len(cases) == 3
    assert all("JH" in case["input"]["cards"] and case["input"]["starter"].endswith("H") for case in cases)
    assert {tuple(case["rules"]) for case in cases} == {("show.nobs",)}
    printed = yaml.safe_load(out.split("the reference's count):\n")[1].split("\n\n")[0])
    assert printed == cases
    case_file = tmp_path / "sweep.yaml"
    case_file.write_text(yaml.safe_dump({"topic": "From a sweep", "cases": cases}, sort_keys=False), encoding="utf-8")
    assert lint([case_file]).errors == ()  # the schema, the rules, the cards, and the reference agrees


def test_an_engine_without_batch_gets_one_request_per_input() -> None:
    engine = f"{SERVE} --features breakdown"
    code, out = sweep("--engine", engine, "--profile", "five-card", "--set", "crib", "--canonical", "--shard", "5/400")
    assert code == 0, out
    assert "one request per input (the engine does not claim the batch feature: slower)" in out
    assert "1,631 classes (standing for" in out


def test_without_breakdown_only_totals_are_compared() -> None:
    engine = f"{SERVE} --features batch"
    code, out = sweep("--engine", engine, "--profile", "six-card", "--set", "crib", "--canonical", "--shard", "3/50")
    assert code == 0, out
    assert "compared with the reference: total (no breakdown claimed)" in out


def test_the_shares_of_a_sharded_sweep_add_up_to_the_whole() -> None:
    engine = InProcessEngine(reference_adapter())
    profile = load_profile("five-card")
    whole = run_sweep(SweepPlan.of(profile, "hand", canonical=True, shard=Shard(1, 1)), engine)
    assert whole.complete and whole.combinations == 1_082_900
    summed: Counter[int] = Counter()
    for index in range(1, 4):
        share = run_sweep(SweepPlan.of(profile, "hand", canonical=True, shard=Shard(index, 3)), engine)
        assert share.complete and share.mismatched_items == 0
        summed.update(share.reference)
    assert summed == Counter(whole.reference) == Counter(whole.answered)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--profile", "seven-card", "--set", "hand"], "unknown profile 'seven-card'"),
        (["--profile", "six-card", "--set", "hand", "--batch", "0"], "--batch must be between 1 and 10000"),
        (
            ["--profile", "six-card", "--set", "hand", "--engine", f"{SERVE} --profiles five-card"],
            "nothing to sweep: the engine does not claim profile 'six-card'",
        ),
        (
            ["--profile", "six-card", "--set", "hand", "--engine", f"{SERVE} --operations play"],
            "nothing to sweep: the engine does not claim operation 'show'",
        ),
        (["--profile", "six-card", "--set", "hand", "--engine", zoo("exits_at_start")], "could not be started"),
    ],
)
def test_usage_and_setup_errors_exit_2(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = sweep(*args)
    assert code == 2
    assert message in capsys.readouterr().err


def test_a_bad_shard_is_refused_by_the_parser(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        build_parser().parse_args(["sweep", "--profile", "six-card", "--set", "hand", "--shard", "3/2"])
    assert raised.value.code == 2
    assert "1 <= K <= N" in capsys.readouterr().err


def test_the_help_says_what_canonical_cannot_catch(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["sweep", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "cannot catch a bug that depends on which suit is which" in help_text


def test_ctrl_c_reports_what_was_done(tmp_path: Path) -> None:
    summary = tmp_path / "summary.json"
    command = [sys.executable, "-m", "cribcheck.harness.cli", "sweep", "--engine", SERVE, "--profile", "six-card"]
    command += ["--set", "hand", "--no-progress", "--summary", str(summary)]
    process = subprocess.Popen(command, cwd=REPO_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    assert process.stdout.readline().startswith("cribcheck sweep: six-card, hand of 4 + starter")
    time.sleep(1.0)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "interrupted: " in out and "of 12,994,800 compared" in out
    result: dict[str, Any] = json.loads(summary.read_text(encoding="utf-8"))
    assert result["interrupted"] and not result["complete"]
    assert 0 < result["items"] < 12_994_800
    assert sum(result["reference"].values()) == result["combinations"] == result["items"]


def test_the_progress_line_has_a_rate_and_an_eta() -> None:
    bar = ProgressBar(1000, "classes", out=io.StringIO(), enabled=True)
    line = bar.line(250, now=bar.started + 5.0)
    assert "25%" in line and "250/1,000 classes" in line and "50/s" in line and "ETA 0:15" in line
    bar.update(250)
    bar.close()
    assert bar.out.getvalue().startswith("\r[")
    quiet = ProgressBar(10, "x", out=io.StringIO(), enabled=False)
    quiet.update(5)
    quiet.close()
    assert quiet.out.getvalue() == ""


@pytest.mark.parametrize("variant", ["three-player", "four-player", "four-player--muggins", "six-card-match"])
def test_a_variant_table_counts_the_show_as_six_card(variant: str) -> None:
    # Rules variant.three-players and variant.four-players: hands of 4, a crib of 4 and the
    # six-card flush rules, so a sweep of the same share of cribs through serve agrees with the
    # reference and gives six-card's table row for row.
    share = ("--set", "crib", "--canonical", "--shard", "1/300")
    code, out = sweep("--engine", SERVE, "--profile", variant, *share)
    assert code == 0 and "every answer agrees with the reference" in out, out
    _, six = sweep("--profile", "six-card", *share)

    def rows(text: str) -> list[str]:
        return [line.split(maxsplit=1)[1] for line in text.splitlines() if line[:5].strip().isdigit()]

    assert rows(out) == rows(six) and len(rows(out)) > 20
