"""Issue 35: which reading of each dispute an engine plays, from its answers
(examples/pypi-engines/disputes.py, the table of docs/engines.md). Engines whose reading is known
stand in for the public ones: the reference plays every ruling; the mutant `no-nobs-in-crib` scores
no nobs in the crib, D4's other reading; the mutant `crib-four-card-flush` plays half of D5's other
reading (a crib flush of four scores 4, a hand of three suited cards with the starter still 0), so
its answers split. Each is run as an engine over the protocol (`cribcheck serve --mutant`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.contract.files import REPO_ROOT
from cribcheck.harness.results.saved import read_runs

sys.path.insert(0, str(REPO_ROOT / "examples" / "pypi-engines"))
import compare  # examples/pypi-engines is not a package: on the path above
import disputes

SERVE = f"{sys.executable} -m cribcheck.harness.cli serve --mutant"
ENGINES = ("reference", f"{SERVE} no-nobs-in-crib", f"{SERVE} crib-four-card-flush")


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    report = tmp_path_factory.mktemp("disputes") / "r.jsonl"
    words = [word for engine in ENGINES for word in ("--engine", engine)]
    rules = ["--rule", "dispute.d4-crib-nobs", "--rule", "dispute.d5-short-flush"]
    subprocess.run(
        [sys.executable, "-m", "cribcheck.harness.cli", "run", *words, *rules, "--report", str(report),
         "--report-full", "--no-progress", "-q"],
        cwd=REPO_ROOT, check=False, capture_output=True, timeout=900,
    )  # fmt: skip
    runs = read_runs(Path(report))
    lines = compare.dispute_lines(runs)
    rows = {line.split('<a id="', 1)[1].split('"', 1)[0]: line for line in lines if line.startswith("| <a id=")}
    return {"runs": runs, "lines": lines, "rows": rows}


def cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip("|").split(" | ")]


def test_each_engine_s_reading_of_each_dispute_is_what_its_answers_show(table: dict[str, Any]) -> None:
    d4, d5 = cells(table["rows"]["d4"]), cells(table["rows"]["d5"])
    reference, no_crib_nobs, crib_flush = d4[1:4]
    assert reference.startswith("the ruling (") and crib_flush.startswith("the ruling (")
    assert no_crib_nobs.startswith("the other reading (")
    # every telling case answered: D4's cases that list six-card and six-card--no-crib-nobs apart
    told = int(reference.split("(")[1].split("/")[0])
    assert told >= 5 and no_crib_nobs == f"the other reading ({told}/{told})"
    assert d5[1].startswith("the ruling (") and d5[2].startswith("the ruling (")
    assert d5[3].startswith("mixed: ruling ") and ", other " in d5[3]  # the crib half only
    assert d4[-1] == "show" and "show" in d5[-1]


def test_a_dispute_no_answer_tells_is_not_shown_and_says_which_cases_would(table: dict[str, Any]) -> None:
    d1 = cells(table["rows"]["d1"])  # no game case was run: D1's cases are games
    assert d1[1:4] == ["not shown"] * 3 and d1[-1] == "game"
    assert set(table["rows"]) == {f"d{number}" for number in range(1, 11)}
    assert all(f"[D{number}](rules.md#dispute.d{number}-" in table["rows"][f"d{number}"] for number in range(1, 11))


def test_an_answer_that_matches_no_reading_is_neither() -> None:
    tally = disputes.Tally(neither=["a[six-card]"])
    assert tally.verdict() == "neither (none of 1 answers matches a reading)"
    assert disputes.Tally(ruling=["a"], neither=["b"]).verdict() == "mixed: ruling 1, neither 1"
    assert disputes.Tally().verdict() == "not shown"
