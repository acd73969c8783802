"""Runs whose every engine- and report-controlled text is chosen by the test: what an engine's
hello, answers and stderr, and a crafted JSON Lines report read back by `cribcheck summary`, can put
into a report. The regression tests of tests/harness/test_safe_outputs.py fill a few fields; the
property tests of tests/harness/test_outputs_property.py draw them all."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cribcheck.harness.corpus.cases import Case
from cribcheck.harness.engine.protocol import EngineInfo
from cribcheck.harness.report.outputs import replay
from cribcheck.harness.results.diagnosis import Cause, Diagnosis, RankedRule
from cribcheck.harness.results.expectations import Expectation
from cribcheck.harness.results.results import CaseResult, Item, NotChecked, RunFooter, RunHeader, Summary
from cribcheck.harness.results.saved import Run
from cribcheck.harness.results.status import Status

# Every text an engine or a report file controls, by the name the tests give it.
FIELDS = (
    "engine_name", "engine_version", "engine_language", "claimed", "command", "cases_dir", "suite_version",
    "started", "finished", "selection", "rerun_word", "case_id", "title", "rule", "tag", "file", "explain",
    "profile", "message", "mismatch", "rejection_code", "rejection_message", "expected_key", "expected_value",
    "actual_value", "expectation_reason", "aborted", "stopped_early", "note", "stderr_line", "warning",
    "cause_description", "cause_rule", "cause_case", "cause_mutant",
)  # fmt: skip

PLAIN = "x"  # a field not given is `x` and its name: `xenginename`


@dataclass(frozen=True)
class Texts:
    values: Mapping[str, str]

    def __getitem__(self, name: str) -> str:
        return self.values.get(name, PLAIN + name.replace("_", ""))

    @classmethod
    def of(cls, **values: str) -> Texts:
        unknown = set(values) - set(FIELDS)
        assert not unknown, unknown
        return cls(values)


def hello(texts: Texts, profiles: tuple[str, ...]) -> EngineInfo:
    raw = {
        "protocol": 1,
        "engine": {
            "name": texts["engine_name"],
            "version": texts["engine_version"],
            "language": texts["engine_language"],
        },
        "profiles": [*profiles, texts["claimed"]],
        "operations": ["show"],  # operations and features are closed sets, checked by the hello's schema
        "features": ["breakdown"],
    }
    return EngineInfo.from_hello(raw)


def run_of(texts: Texts, *, statuses: tuple[Status, ...] | None = None, started: bool = True) -> Run:
    """One engine's run: a result of every status under the drawn profile and under six-card, every
    text from `texts`; `statuses` overrides the statuses (a second engine that disagrees)."""
    profiles = (texts["profile"], "six-card")
    case = Case(
        id=texts["case_id"],
        title=texts["title"],
        rules=(texts["rule"], "show.fifteens"),
        tags=(texts["tag"],),
        profiles=profiles,
        op="show",
        input={},
        expect={},
        explain=texts["explain"],
        file=texts["file"],
        topic="",
    )
    other = Case(
        id=texts["case_id"] + "-2",
        title="plain",
        rules=("show.runs",),
        tags=(),
        profiles=profiles,
        op="show",
        input={},
        expect={},
        explain="",
        file="cases/plain.yaml",
        topic="",
    )
    expected = {"total": 2, texts["expected_key"]: [texts["expected_value"], 1]}
    actual = {"ok": {"total": 3, texts["expected_key"]: [texts["actual_value"]]}}
    rejected = {"rejected": {"code": texts["rejection_code"], "message": texts["rejection_message"]}}
    results: list[CaseResult] = []
    for profile in profiles:
        item, plain_item = Item(case, profile), Item(other, profile)
        results += [
            CaseResult(item, Status.FAIL, texts["mismatch"], (texts["mismatch"], "total"), expected, actual, 0.01),
            CaseResult(plain_item, Status.ERROR, texts["message"], (), {"total": 1}, None, 0.02),
            CaseResult(Item(other, profile + "-b"), Status.FAIL, "x", ("x",), {"total": 0}, rejected, 0.01),
            CaseResult(Item(case, profile + "-s"), Status.SKIP, texts["message"]),
            CaseResult(
                Item(other, profile + "-x"),
                Status.XFAIL,
                texts["message"],
                (texts["mismatch"],),
                {"total": 0},
                {"ok": {"total": 1}},
                expectation=Expectation("plain-case", texts["expectation_reason"], profile + "-x", None),
            ),
            CaseResult(Item(case, profile + "-p"), Status.PASS, None, (), {"total": 0}, {"ok": {"total": 0}}),
            CaseResult(Item(other, profile + "-n"), Status.NOT_APPLICABLE, texts["message"]),
        ]
    if statuses is not None:
        results = [
            CaseResult(result.item, status, result.message, result.mismatches, result.expected, result.actual)
            for result, status in zip(results, statuses * len(results), strict=False)
        ]
    header = RunHeader(
        suite_version=texts["suite_version"],
        cases_dir=texts["cases_dir"],
        protocol=1,
        engine_command=texts["command"],
        engine_mode="persistent",
        engine=hello(texts, profiles) if started else None,
        started=texts["started"],
        selection={"cases": [texts["selection"]], "profiles": [texts["selection"]]},
        planned=len(results),
        rerun_prefix=("cribcheck", "run", "--engine", texts["rerun_word"]),
    )
    diagnosis = Diagnosis(
        causes=(
            Cause(
                rules=(texts["cause_rule"], texts["rule"]),
                explains=2,
                mutant=texts["cause_mutant"],
                description=texts["cause_description"],
                case=texts["cause_case"],
                results=(results[0].item.name, texts["cause_case"]),
            ),
        ),
        rules=(RankedRule(texts["cause_rule"], 0.5, 2, 1, 0.5),),
        failures=2,
    )
    footer = RunFooter(
        summary=Summary.of(results),
        finished=texts["finished"],
        seconds=1.5,
        complete=False,
        interrupted=True,
        aborted=texts["aborted"],
        stopped_early=texts["stopped_early"],
        restarts=1,
        stderr_tail=(texts["stderr_line"], "plain stderr", texts["stderr_line"]),
        notes=(texts["note"],),
        exit_status=2,
        diagnosis=diagnosis,
        not_checked=(NotChecked("profile", texts["claimed"], 3), NotChecked("operation", "pegging", 2)),
    )
    return Run(header, tuple(results) if started else (), footer, "crafted.jsonl line 1", (texts["warning"],))


def feed(run: Run, reporter: object) -> None:
    replay(run, [reporter])  # type: ignore[list-item]
