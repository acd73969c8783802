"""The zoo of bugs found in real engines (tests/harness/diagnosis_zoo/real_bugs.py, issue 37): every
bug of the issue's list, none of them a mutant of the catalogue, each one live (it changes the
answer to a case of the rule it breaks) and unlike every mutant of the catalogue (for each, a case
the two answer differently), so benchmarks/diagnosis_zoo.py measures the diagnosis on bugs it has
never seen. The engine that serves them answers over the protocol, alone and in combinations."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager, nullcontext
from functools import cache
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from cribcheck.harness.contract.files import REPO_ROOT
from cribcheck.harness.corpus.cases import Case, load_cases
from cribcheck.harness.mutants.catalogue import MUTANTS
from cribcheck.harness.operations.answers import cached_profiles, run_reference
from cribcheck.harness.operations.compare import mismatches
from cribcheck.harness.results.results import rule_text

from .diagnosis_zoo.real_bugs import BUGS, PAIRS, TRIPLES, RealBug, real_bugs_named

# The one bug of the issue's list that a mutant of the catalogue already is: counted once, a run
# scores as `runs-without-multiplicity` makes it (its answers are the same on every show). It stays
# in the zoo, as the issue lists it; the diagnosis may name that mutant for it, rightly.
TWINS = {"runs-counted-once": "runs-without-multiplicity"}
ENGINE = REPO_ROOT / "tests" / "harness" / "diagnosis_zoo" / "engine.py"


class Hung(Exception):
    """The engine's endless loop, made to end (in process only)."""


def hang_ends() -> AbstractContextManager[Any]:
    def stop() -> None:
        raise Hung("the loop would never end")

    return mock.patch("tests.harness.diagnosis_zoo.real_bugs.wait_forever", stop)


def asked(case: Case) -> Iterator[tuple[str, dict[str, Any], str]]:
    for profile in case.profiles:
        yield case.op, dict(case.input), case.request_profile or profile


def answer_of(op: str, data: dict[str, Any], profile: str, bug: Any = None) -> Any:
    """The answer (a rejection without its message, which may be worded otherwise), or the error raised."""
    try:
        with bug.applied() if bug is not None else nullcontext(), hang_ends():
            found = run_reference(op, data, profile)
    except Exception as error:
        return repr(error)
    if "rejected" in found:
        return {"rejected": {key: value for key, value in found["rejected"].items() if key != "message"}}
    return found


def differ(one: Any, other: Any) -> bool:
    """Whether two answers disagree as the verdict compares them (harness/operations/compare.py:
    a rejection's code, index and hand; a result's keys, card sets in any order)."""
    if isinstance(one, str) or isinstance(other, str):  # an error raised
        return bool(one != other)
    if "rejected" in one:
        expected = {"rejected": one["rejected"]["code"], **{k: v for k, v in one["rejected"].items() if k != "code"}}
        return bool(mismatches(expected, other))
    return bool(mismatches(one["ok"], other))


@cache
def corpus() -> tuple[Case, ...]:
    return tuple(load_cases())


def live_requests(bug: RealBug, of_its_rule: bool) -> list[tuple[tuple[str, dict[str, Any], str], Any]]:
    """The requests of the corpus (or of its cases of the bug's rule) whose answer the bug
    changes, with the bug's answer."""
    found = []
    for case in corpus():
        if of_its_rule != (bug.rule in case.rules):
            continue
        for request in asked(case):
            wrong = answer_of(*request, bug=bug)
            if differ(answer_of(*request), wrong):
                found.append((request, wrong))
    return found


def test_every_bug_of_the_issue_none_of_them_a_mutant() -> None:
    assert len(BUGS) == 15  # issue 37's list: four in pegging points, three in play order, two, two, one, three
    names = [bug.name for bug in BUGS]
    assert len(set(names)) == len(names)
    assert not set(names) & {mutant.name for mutant in MUTANTS}
    assert all(rule_text(bug.rule) is not None for bug in BUGS), "a zoo bug breaks a rule of the catalogue"
    assert [bug.name for bug in BUGS if bug.convention] == ["score-stops-at-target"]
    for combination in (*PAIRS, *TRIPLES):
        bugs = real_bugs_named(combination)
        assert len({bug.rule for bug in bugs}) == len(bugs), f"{combination}: two bugs of one rule"


@pytest.mark.parametrize("bug", BUGS, ids=lambda bug: bug.name)
def test_each_bug_is_live_and_unlike_every_mutant(bug: RealBug) -> None:
    with cached_profiles():
        live = live_requests(bug, of_its_rule=True)
        assert live, f"{bug.name} changes no answer to a case of {bug.rule}"
        others: list[Any] = []  # the other cases it changes, looked at only when needed
        for mutant in MUTANTS:
            if TWINS.get(bug.name) == mutant.name:
                assert not any(differ(answer_of(*request, bug=mutant), wrong) for request, wrong in live)
                continue
            if any(differ(answer_of(*request, bug=mutant), wrong) for request, wrong in live):
                continue
            others = others or live_requests(bug, of_its_rule=False)
            assert any(differ(answer_of(*request, bug=mutant), wrong) for request, wrong in others), (
                f"{bug.name} answers as the mutant {mutant.name} on every case it changes"
            )


def exchange(names: str, lines: list[dict[str, Any]], *options: str) -> list[dict[str, Any]]:
    text = "".join(json.dumps(line) + "\n" for line in lines)
    done = subprocess.run(
        [sys.executable, str(ENGINE), names, *options], input=text, capture_output=True, text=True, timeout=60
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_the_engine_serves_combinations_and_says_whether_it_judges_its_input() -> None:
    hello = {"hello": {"protocol": 1}}
    # A double run, 3H 4H 4D 5S + KC: one fifteen (5 K) 2, a pair 2, runs 2 x 3 = 6: 10; counted
    # once, the run scores 3: 7. The heels bug does not show in a show.
    show = {
        "seq": "1",
        "op": "show",
        "profile": "six-card",
        "input": {"cards": ["3H", "4H", "4D", "5S"], "starter": "KC"},
    }
    trusting = exchange("runs-counted-once+heels-not-pegged", [hello, show], "--judges-input", "false")
    assert trusting[0]["hello"]["operations"]["show"] == {"judges_input": False}
    assert trusting[1]["ok"]["total"] == 7
    judging = exchange("runs-counted-once", [hello, show])
    assert isinstance(judging[0]["hello"]["operations"], list)
    assert judging[1]["ok"]["total"] == 7
    assert exchange("heels-not-pegged", [hello, show])[1]["ok"]["total"] == 10


def test_checks_live_diagnosis_is_summarys_on_games_whose_answers_are_cut(tmp_path: Path) -> None:
    """A game line's answer holds more than a run keeps of a failing result in memory (500 values),
    and a saved report gives back only that part: check holds its results as a run does, so the
    causes it prints are those `cribcheck summary` makes of its report (they differed, three causes
    against four, when check kept every answer whole)."""
    from cribcheck.harness.diagnosis.diagnose import diagnosed
    from cribcheck.harness.engine.adapter import Recorder
    from cribcheck.harness.results.saved import read_runs
    from cribcheck.harness.transcripts import generate

    from .diagnosis_zoo.engine import applied

    transcript, report = tmp_path / "games.jsonl", tmp_path / "report.jsonl"
    bugs = real_bugs_named("heels-not-pegged")
    with transcript.open("w", encoding="utf-8") as stream, cached_profiles(), applied(bugs):
        recorder = Recorder(stream, name="heels-not-pegged", version="0", language="Python", profiles=["six-card"],
                            operations=list(generate.OPERATIONS), features=list(generate.FEATURES))  # fmt: skip
        for entry in generate.reference_transcript(3, seed=0, profile="six-card"):
            if "hello" not in entry:
                recorder.line(entry["op"], entry["profile"], entry["input"], ok=entry.get("ok"),
                              rejected=entry.get("rejected"))  # fmt: skip
    check = [sys.executable, "-m", "cribcheck.harness.cli", "check", str(transcript), "--report", str(report)]
    subprocess.run([*check, "-q", "--no-progress", "--jobs", "1"], capture_output=True, timeout=600, check=False)
    run = read_runs(report)[0]
    assert run.footer.diagnosis is not None and run.footer.diagnosis.causes
    assert any(result.left_out for result in run.results)  # some answer was cut
    again = diagnosed(run).footer.diagnosis
    assert again is not None and again.to_json() == run.footer.diagnosis.to_json()
