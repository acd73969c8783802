"""Claims per operation (docs/PROTOCOL.md, "claims per operation"): features per operation, and
whether an operation judges illegal input. An engine that trusts its callers is sent legal input
only, the rejection cases of its operations are not applicable, and every report says what was
not checked and why."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.contract.schemas import problems
from cribcheck.harness.corpus.cases import load_cases
from cribcheck.harness.engine.adapter import Adapter
from cribcheck.harness.engine.protocol import EngineInfo
from cribcheck.harness.engine.serve import reference_adapter
from cribcheck.harness.operations.capabilities import Capabilities, Gap, OperationClaim
from cribcheck.harness.results.results import Item
from cribcheck.harness.run.applicable import nothing_applicable

from .conftest import zoo
from .readers import markdown_dom, tags, text_of
from .reports import every_report, read_report

SERVE = [sys.executable, "-m", "cribcheck.harness.cli", "serve"]
HELLO = {"protocol": 1, "engine": {"name": "e", "version": "1", "language": "C"}, "profiles": ["six-card"]}
NOT_JUDGED_SHOW = (
    "the engine does not judge illegal input of operation 'show' (judges_input: false), "
    "and this case expects a rejection"
)


def hello(**claims: Any) -> dict[str, Any]:
    return {**HELLO, **claims}


# --- the claims read from a hello ------------------------------------------------------------------


def test_a_list_of_operations_claims_every_feature_and_judging_for_each() -> None:
    claimed = Capabilities.from_hello(hello(operations=["show", "play"], features=["breakdown", "batch"]))
    assert dict(claimed.operations) == {
        "show": OperationClaim(frozenset({"breakdown", "batch"}), judges_input=True),
        "play": OperationClaim(frozenset({"breakdown", "batch"}), judges_input=True),
    }
    assert claimed.features_for("deal") == frozenset() and not claimed.judges("deal", "over_31")


def test_an_object_of_operations_adds_its_own_features_and_may_trust_its_callers() -> None:
    claimed = Capabilities.from_hello(
        hello(
            operations={"show": {"features": ["breakdown"], "judges_input": False}, "play": {}, "pegging": {}},
            features=["events"],
        )
    )
    assert claimed.features_for("show") == {"breakdown", "events"}
    assert claimed.features_for("play") == {"events"}  # no breakdown for play: only show claimed it
    assert [claimed.judges(op, "invalid_card") for op in ("show", "play", "pegging")] == [False, True, True]
    assert claimed.gap("show", "six-card", rejection="invalid_card") == Gap("input", "show")
    assert claimed.gap("show", "six-card") is None
    assert claimed.gap("play", "six-card", rejection="invalid_card") is None
    assert claimed.gap("deal", "five-card", rejection="invalid_card") == Gap("operation", "deal")
    assert claimed.gap("show", "five-card", rejection="invalid_card") == Gap("profile", "five-card")
    assert claimed.why_not("show", "six-card", rejection="invalid_card") == NOT_JUDGED_SHOW
    assert claimed.describe() == (
        "operations pegging, play, show; features events; show also breakdown; illegal input not judged: show"
    )
    assert Capabilities.from_hello(hello(operations=[])).describe() == "no operation"


def test_an_operation_may_judge_only_the_rejections_it_lists() -> None:
    """A C scorer that returns -1 for a count over 31 judges that and nothing else."""
    claimed = Capabilities.from_hello(hello(operations={"play": {"judges_input": ["over_31"]}, "show": {}}))
    assert claimed.operations["play"] == OperationClaim(judges_input=frozenset({"over_31"}))
    assert claimed.judges("play", "over_31") and not claimed.judges("play", "invalid_card")
    assert claimed.gap("play", "six-card", rejection="over_31") is None
    assert claimed.gap("play", "six-card") is None  # a legal play is sent as ever
    assert claimed.gap("play", "six-card", rejection="duplicate_card") == Gap("input", "play", "duplicate_card")
    assert claimed.gap("show", "six-card", rejection="duplicate_card") is None  # show judges all
    assert claimed.why_not("play", "six-card", rejection="invalid_card") == (
        "the engine judges only the rejections over_31 of operation 'play' (judges_input: [over_31]), "
        "and this case expects the rejection invalid_card"
    )
    assert claimed.describe() == "operations play, show; features none; play judges only over_31"
    everything = Capabilities.from_hello(hello(operations=["play", "show"]))
    assert everything.differences(claimed) == ["judges_input of play true -> [over_31]"]


def test_two_hellos_differ_by_what_they_claim() -> None:
    first = Capabilities.from_hello(hello(operations=["show", "pegging"], features=["breakdown"]))
    same = Capabilities.from_hello(hello(operations={"pegging": {}, "show": {}}, features=["breakdown"]))
    assert first.differences(same) == []  # the two forms of one claim are one claim
    later = Capabilities.from_hello(hello(operations={"show": {"judges_input": False}}, features=["breakdown"]))
    assert first.differences(later) == [
        "operations [pegging, show] -> [show]",
        "judges_input of show true -> false",
    ]


@pytest.mark.parametrize(
    ("operations", "problem"),
    [
        ({"show": {"judge_input": False}}, "'judge_input' was unexpected"),
        ({"shuffle": {}}, "'shuffle' is not one of"),
        ({"show": {"features": ["breakdowns"]}}, "'breakdowns' is not one of"),
        ({"show": {"judges_input": "no"}}, "'no' is not valid under any of the given schemas"),
        ({"play": {"judges_input": ["over31"]}}, "'over31' is not one of ['invalid_card'"),
        ({"play": {"judges_input": []}}, "[] should be non-empty"),
        ({"play": {"judges_input": ["over_31", "over_31"]}}, "has non-unique elements"),
        (["show", "shuffle"], "'shuffle' is not one of"),
    ],
)
def test_the_schema_refuses_a_malformed_claim(operations: Any, problem: str) -> None:
    found = problems("protocol/hello-response.schema.json", {"hello": hello(operations=operations)})
    assert found and problem in found[0], found


def test_the_schema_takes_both_forms() -> None:
    for operations in (
        ["show"],
        {"show": {}},
        {"show": {"features": ["breakdown"], "judges_input": False}},
        {"play": {"judges_input": ["over_31", "invalid_card"]}},
        {},
    ):
        assert problems("protocol/hello-response.schema.json", {"hello": hello(operations=operations)}) == []


# --- the Python helper says it -------------------------------------------------------------------


def _helper(**claims: Any) -> Adapter:
    return Adapter("e", "1", "C", ["six-card"], {"show": lambda d, p: {"total": 0}, "play": lambda d, p: {}}, **claims)


def test_the_helper_s_hello_is_today_s_list_unless_it_claims_per_operation() -> None:
    assert _helper(features=["breakdown"]).hello() == {
        "protocol": 1,
        "engine": {"name": "e", "version": "1", "language": "C"},
        "profiles": ["six-card"],
        "operations": ["show", "play"],
        "features": ["breakdown"],
    }
    assert _helper(operation_features={"show": ["breakdown"]}).hello()["operations"] == {
        "show": {"features": ["breakdown"]},
        "play": {},
    }
    assert _helper(judges_input=False).hello()["operations"] == {
        "show": {"judges_input": False},
        "play": {"judges_input": False},
    }
    assert _helper(judges_input=["show"]).hello()["operations"] == {"show": {}, "play": {"judges_input": False}}
    # by operation: all (True) or the codes judged; an operation left out judges none
    assert _helper(judges_input={"play": ["over_31"]}).hello()["operations"] == {
        "show": {"judges_input": False},
        "play": {"judges_input": ["over_31"]},
    }
    assert _helper(judges_input={"show": True, "play": []}).hello()["operations"] == {
        "show": {},
        "play": {"judges_input": False},  # no code judged is none judged
    }
    for claims in (
        {},
        {"judges_input": False},
        {"judges_input": {"play": ["over_31"]}},
        {"operation_features": {"show": ["breakdown"]}},
    ):
        assert problems("protocol/hello-response.schema.json", {"hello": _helper(**claims).hello()}) == []


# --- what is sent --------------------------------------------------------------------------------


def _corpus_items(ops: tuple[str, ...]) -> list[Item]:
    return [Item(case, profile) for case in load_cases() if case.op in ops for profile in case.profiles]


def test_an_engine_that_trusts_its_callers_passes_every_case_it_is_sent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The engine claims show (with breakdown) and play (without), judging neither's input, and
    answers an error to any input the reference rejects: it passes every show and play case it is
    sent, is sent no rejection, and the reports count what was not checked."""
    report = tmp_path / "r.jsonl"
    code = main(["run", "--engine", zoo("trusts_callers"), "--no-progress", "-q", "--report", str(report)])
    lines = read_report(report)
    results = [line for line in lines if line["type"] == "case"]
    sent = [line for line in results if line["status"] != "not_applicable"]
    # independently of the run: the corpus's show and play items, and those that expect a rejection
    profiles = set(reference_adapter().profiles)
    items = [
        (case.op, "rejected" in case.expected(profile))
        for case in load_cases()
        if case.op in ("show", "play")
        for profile in case.profiles
        if profile in profiles
    ]
    legal = {op: sum(1 for each, rejected in items if each == op and not rejected) for op in ("show", "play")}
    rejections = {op: sum(1 for each, rejected in items if each == op and rejected) for op in ("show", "play")}
    assert code == 0
    assert {line["status"] for line in sent} == {"pass"}
    assert {op: sum(1 for line in sent if line["op"] == op) for op in ("show", "play")} == legal
    assert legal["play"] > 150 and rejections["play"] > 20 and rejections["show"] > 20
    skipped = [line for line in results if line.get("message") and "judges_input: false" in line["message"]]
    assert {op: sum(1 for line in skipped if line["op"] == op) for op in ("show", "play")} == rejections
    not_checked = {(gap["kind"], gap["name"]): gap["count"] for gap in lines[-1]["not_checked"]}
    assert not_checked[("input", "show")] == rejections["show"]
    assert not_checked[("input", "play")] == rejections["play"]
    assert {kind for kind, _ in not_checked} == {"operation", "input"}  # every profile is claimed
    quiet = capsys.readouterr().out  # -q: the failures and the summary, what was not checked included
    assert f"whose illegal input the engine does not judge: play ({rejections['play']}), show (" in quiet


def test_an_engine_judging_only_over_31_is_sent_those_rejections_and_no_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its play claims `judges_input: ["over_31"]` and answers any other illegal input with an
    error: it is sent the over-31 cases and passes them, and is sent no case of a card that cannot
    be read or of a card twice, which every report lists as not checked, by code."""
    monkeypatch.setenv("CRIBCHECK_ZOO_CLAIM", "over_31")
    report = tmp_path / "r.jsonl"
    code = main(["run", "--engine", zoo("trusts_callers"), "--no-progress", "-q", "--report", str(report)])
    lines = read_report(report)
    plays = [line for line in lines if line["type"] == "case" and line["op"] == "play"]
    # independently of the run: the corpus's play rejections under the profiles claimed, by code
    profiles = set(reference_adapter().profiles)
    rejections = {
        item.key: item.rejection
        for item in _corpus_items(("play",))
        if item.profile in profiles and item.rejection is not None
    }
    codes = list(rejections.values())
    by_code = {code: codes.count(code) for code in set(codes)}
    assert by_code["over_31"] > 0 and by_code["invalid_card"] > 0 and by_code["duplicate_card"] > 0
    sent = {(line["id"], line["profile"]): line["status"] for line in plays if line["status"] != "not_applicable"}
    assert code == 0 and set(sent.values()) == {"pass"}
    assert {rejections[key] for key in sent if key in rejections} == {"over_31"}
    assert sum(1 for key in sent if key in rejections) == by_code["over_31"]
    not_checked = {(gap["kind"], gap["name"], gap.get("code")): gap["count"] for gap in lines[-1]["not_checked"]}
    others = {code: count for code, count in by_code.items() if code != "over_31"}
    assert {key[2]: count for key, count in not_checked.items() if key[:2] == ("input", "play")} == others
    assert not_checked[("input", "show", None)] > 0  # show judges none: counted by operation, as before
    assert problems("report/report-line.schema.json", lines[-1]) == []
    quiet = capsys.readouterr().out
    assert f"play: duplicate_card ({others['duplicate_card']})" in quiet
    assert f"play: invalid_card ({others['invalid_card']})" in quiet


@pytest.mark.parametrize(
    ("claim", "status", "why"),
    [
        ("judging", "error", "sent illegal input"),  # it claims to judge: the rejection cases are sent
        ("breakdown", "fail", "breakdown"),  # it claims a play breakdown it does not give
    ],
)
def test_the_same_engine_claiming_more_than_it_does_fails(
    claim: str, status: str, why: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRIBCHECK_ZOO_CLAIM", claim)
    report = tmp_path / "r.jsonl"
    code = main(
        ["run", "--engine", zoo("trusts_callers"), "--no-progress", "-q", "--report", str(report), "--tag", "pegging"]
    )
    bad = [line for line in read_report(report) if line.get("status") == status]
    assert code == 1 and bad and all(line["op"] == "play" for line in bad)
    assert why in bad[0]["message"]


def test_nothing_applicable_names_rejection_cases_an_engine_does_not_judge() -> None:
    info = EngineInfo.from_hello(hello(operations={"show": {"judges_input": False}}))
    rejections = [item for item in _corpus_items(("show",)) if item.profile == "six-card" and item.expects_rejection]
    message = nothing_applicable(info, rejections)
    assert message and "every selected case it claims expects a rejection" in message


# --- every report says what was not checked -------------------------------------------------------


def test_every_report_says_what_was_not_checked(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = shlex.join([*SERVE, "--operations", "show", "--trusting", "all"])
    paths, options = every_report(tmp_path)
    code = main(["run", "--engine", engine, "--cases", str(small_cases), "--no-progress", *options])
    terminal = capsys.readouterr().out
    assert code == 0
    # small cases: 6 show (one a duplicate card, rejected), 1 pegging (over 31, rejected)
    footer = read_report(paths["jsonl"])[-1]
    assert footer["not_checked"] == [
        {"kind": "operation", "name": "pegging", "count": 1},
        {"kind": "input", "name": "show", "count": 1},
    ]
    lines = [
        "not checked: 2 results (not applicable)",
        "operations the engine does not claim: pegging (1)",
        "cases expecting a rejection, of operations whose illegal input the engine does not judge: show (1)",
    ]
    assert all(line in terminal for line in lines), terminal
    verbose = main(["run", "--engine", engine, "--cases", str(small_cases), "--no-progress", "-v"])
    assert verbose == 0
    assert f"zoo-duplicate-card[six-card]: {NOT_JUDGED_SHOW}" in capsys.readouterr().out  # -v: each reason
    markdown = markdown_dom(paths["md"].read_text(encoding="utf-8"))  # as rendered
    # beside the figure: how much of the selection was checked, the breakdown one click away
    checked = "5 of 7 results checked: why not the rest"
    assert next(text_of(summary).strip() for summary in tags(markdown, "summary")) == checked
    assert all(line in [text_of(item).strip() for item in tags(markdown, "li")] for line in lines[1:])
    html = paths["html"].read_text(encoding="utf-8")
    figure_at = html.index(" of the applicable results passed</p>")
    checked_at = html.index(f"<summary>{checked}</summary>")
    assert 0 < checked_at - figure_at < 200
    assert all(f"<li>{line}</li>" in html[checked_at:] for line in lines[1:])
    junit = paths["xml"].read_text(encoding="utf-8")
    assert f'message="not_applicable: {NOT_JUDGED_SHOW}"' in junit
    # the summary of the saved report says the same
    again = tmp_path / "again.md"
    assert main(["summary", str(paths["jsonl"]), "--markdown", str(again)]) == 0
    assert again.read_text(encoding="utf-8") == paths["md"].read_text(encoding="utf-8")


def test_a_report_without_not_checked_is_still_read(tmp_path: Path, small_cases: Path) -> None:
    report = tmp_path / "r.jsonl"
    assert main(["run", "--cases", str(small_cases), "--no-progress", "-q", "--report", str(report)]) == 0
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    del lines[-1]["not_checked"]  # as a report of an older cribcheck
    report.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert main(["summary", str(report), "--markdown", str(tmp_path / "r.md")]) == 0


def test_serve_claims_per_operation_as_told(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*SERVE, "--operations", "show,play", "--features", "batch,show:breakdown", "--trusting", "play"]
    done = subprocess.run(
        argv,
        input=json.dumps({"hello": {"protocol": 1, "suite": "t"}}) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    hello = json.loads(done.stdout)["hello"]
    assert hello["operations"] == {"show": {"features": ["breakdown"]}, "play": {"judges_input": False}}
    assert hello["features"] == ["batch"]
    for wrong in (["--trusting", "shuffle"], ["--features", "shuffle:breakdown"], ["--features", "show:breakdowns"]):
        assert main(["serve", *wrong]) == 2
        assert "unknown operation or feature" in capsys.readouterr().err


def test_a_later_hello_differs_by_its_claims_and_who_it_is_not_by_its_notes() -> None:
    first = EngineInfo.from_hello(hello(operations=["show"]))
    noted = EngineInfo.from_hello(hello(operations=["show"], engine={**HELLO["engine"], "notes": "pid 4242"}))
    assert first.changes(noted) == []  # homepage and notes are free text
    other = EngineInfo.from_hello(hello(operations=["show"], engine={"name": "e", "version": "2", "language": "C"}))
    assert first.changes(other) == ["version '1' -> '2'"]
