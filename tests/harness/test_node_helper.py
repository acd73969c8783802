"""The Node helper (harness/engine/adapter.js), the twin of the Python helper, run by the machine's
node as an engine author runs it: one file, no package. Its hello says what the Python helper's
says; it answers in the order of the requests even when handlers answer with Promises; it answers
batches, `unknown_profile` and bye; and it never dies on its input, answering or complaining about
exactly the lines the Python helper does (the same 10,000 malformed lines)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.contract.files import REPO_ROOT
from cribcheck.harness.engine.adapter import Adapter

from .reports import read_report
from .test_adapter import assert_every_line_answered_or_complained_of, malformed_lines
from .tools import need

HELPER = REPO_ROOT / "harness" / "engine" / "adapter.js"
ENGINE = Path(__file__).resolve().parent / "node" / "engine.js"
EXAMPLE = REPO_ROOT / "examples" / "node-show-only"
HELLO = json.dumps({"hello": {"protocol": 1, "suite": "test"}})
TWENTY_NINE = {"cards": ["5C", "5D", "5S", "JH"], "starter": "5H"}


def exchange(
    lines: list[str | bytes], config: dict[str, Any] | None = None, timeout: float = 60
) -> tuple[list[dict[str, Any]], str, int]:
    """Feed `lines` to the test engine (the helper, configured by `config`); its answers, stderr, exit code."""
    node = need("node")
    feed = b"".join((line if isinstance(line, bytes) else line.encode()) + b"\n" for line in lines)
    env = {"PATH": "/usr/bin:/bin", "CRIBCHECK_NODE_ENGINE": json.dumps(config or {})}
    done = subprocess.run([node, str(ENGINE)], input=feed, capture_output=True, timeout=timeout, check=False, env=env)
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    return answers, done.stderr.decode("utf-8", "replace"), done.returncode


def request(seq: str, op: str = "show", data: dict[str, Any] | None = None, profile: str = "six-card") -> str:
    return json.dumps({"seq": seq, "op": op, "profile": profile, "input": TWENTY_NINE if data is None else data})


def _python_twin(**claims: Any) -> Adapter:
    return Adapter(
        "node-test", "1", "JavaScript", claims.pop("profiles", ["six-card"]), {"show": print, "play": print}, **claims
    )


@pytest.mark.parametrize(
    ("node", "python"),
    [
        ({}, {}),
        ({"features": ["breakdown", "batch"]}, {"features": ["breakdown", "batch"]}),
        ({"operationFeatures": {"show": ["breakdown"]}}, {"operation_features": {"show": ["breakdown"]}}),
        ({"judgesInput": False}, {"judges_input": False}),
        ({"judgesInput": ["show"], "features": ["events"]}, {"judges_input": ["show"], "features": ["events"]}),
        ({"judgesInput": {"play": ["over_31"], "show": True}}, {"judges_input": {"play": ["over_31"], "show": True}}),
        ({"judgesInput": {"play": []}}, {"judges_input": {"play": []}}),
    ],
)
def test_the_hello_is_the_python_helper_s(node: dict[str, Any], python: dict[str, Any]) -> None:
    answers, stderr, code = exchange([HELLO, '{"bye": {}}'], node)
    assert code == 0 and stderr == ""
    assert answers == [{"hello": _python_twin(**python).hello()}]


def test_another_protocol_version_is_refused_as_the_python_helper_does() -> None:
    hello = json.dumps({"hello": {"protocol": 2, "suite": "test"}})
    answers, _, _ = exchange([hello])
    assert answers == [_python_twin().respond(json.loads(hello))]
    assert answers[0]["error"]["message"] == "this adapter speaks protocol 1, not 2"


def test_answers_come_in_the_order_of_the_requests_though_later_ones_are_quicker() -> None:
    # 30 pipelined requests, each answered (by a Promise) sooner than the one before it
    lines = [HELLO] + [request(str(n), data={**TWENTY_NINE, "delay": 3 * (30 - n)}) for n in range(30)]
    answers, stderr, code = exchange([*lines, '{"bye": {}}'], {"async": True})
    assert code == 0, stderr
    assert [answer["seq"] for answer in answers[1:]] == [str(n) for n in range(30)]
    assert {answer["ok"]["total"] for answer in answers[1:]} == {29}


def test_rejections_skips_errors_and_answers_json_cannot_hold() -> None:
    lines = [
        request("bad-card", data={"cards": ["5C", "5D", "5S", "1H"], "starter": "5H"}),
        request("broken", data={"fail": True}),
        request("nan", data={"nan": True}),
        request("nope", op="deal"),
    ]
    for config in ({}, {"async": True}):
        answers, _, code = exchange(lines, config)
        assert code == 0
        by_seq = {answer["seq"]: answer for answer in answers}
        assert by_seq["bad-card"]["rejected"] == {"code": "invalid_card", "message": 'invalid card "1H"'}
        assert by_seq["broken"]["error"]["message"] == "TypeError: the engine broke"
        assert "engine.js" in by_seq["broken"]["error"]["details"]  # the stack
        assert by_seq["nan"]["error"]["message"].startswith("the answer cannot be written as JSON")
        assert by_seq["nope"] == {"seq": "nope", "error": {"message": 'operation "deal" not supported'}}


def test_an_unknown_profile_is_rejected_without_calling_the_handler() -> None:
    lines = [
        request("1", data={"fail": True}, profile="seven-card"),  # the handler would fail: never called
        request("2", data={"cards": ["XX"], "starter": "5H"}, profile="seven-card"),  # a card first
    ]
    answers, _, _ = exchange(lines)
    assert answers[0]["rejected"] == {"code": "unknown_profile", "message": 'profile "seven-card" is not played here'}
    assert answers[1]["rejected"]["code"] == "invalid_card"


def test_batches_by_input_and_by_a_batch_handler() -> None:
    batch = json.dumps({"seq": "b", "op": "show", "profile": "six-card", "batch": [TWENTY_NINE, {"fail": True}]})
    answers, _, _ = exchange([batch], {"features": ["batch"], "async": True})
    assert answers[0]["batch"][0]["ok"]["total"] == 29
    assert answers[0]["batch"][1]["error"]["message"] == "TypeError: the engine broke"
    answers, _, _ = exchange([batch], {"features": ["batch"], "batchHandler": True})
    assert answers == [{"seq": "b", "batch": [{"ok": {"total": 0, "batched": True}}] * 2}]
    unknown = batch.replace('"six-card"', '"seven-card"')
    answers, _, _ = exchange([unknown], {"features": ["batch"], "batchHandler": True})
    assert [answer["rejected"]["code"] for answer in answers[0]["batch"]] == ["unknown_profile"] * 2


def test_bye_ends_the_session_after_the_answers_before_it() -> None:
    lines = [HELLO, request("1", data={**TWENTY_NINE, "delay": 200}), '{"bye": {}}', request("after-bye")]
    answers, stderr, code = exchange(lines, {"async": True}, timeout=10)
    assert code == 0, stderr
    assert [answer.get("seq") for answer in answers] == [None, "1"]


def test_a_line_over_the_limit_is_skipped_and_the_next_one_answered() -> None:
    huge = b'{"seq": "huge", "x": "' + b"a" * (8 * 1024 * 1024 + 10) + b'"}'
    answers, stderr, code = exchange([huge, request("next")])
    assert code == 0
    assert [answer["seq"] for answer in answers] == ["next"]
    assert f"node-test: line 1 not answered: a line longer than {8 * 1024 * 1024} bytes" in stderr


def test_a_hello_with_a_lone_surrogate_is_complained_of_by_both_helpers(capsys: pytest.CaptureFixture[str]) -> None:
    hello = b'{"hello": {"protocol": 1, "suite": "\\ud800"}}'
    complaint = "line 1 not answered: a string holding a lone surrogate: '\"\\\\ud800\"', and no seq to answer it under"
    answers, stderr, code = exchange([hello, request("1")])
    assert code == 0 and [answer["seq"] for answer in answers] == ["1"]
    assert "line 1 not answered: a string holding a lone surrogate" in stderr and "no seq to answer it under" in stderr
    # the Python helper says the same (before, it raised KeyError: 'seq' and died)
    assert _python_twin().answer_line(hello + b"\n", 1) is None
    assert complaint in capsys.readouterr().err


def test_every_malformed_line_is_answered_or_complained_of_as_by_the_python_helper() -> None:
    lines, expected = malformed_lines()  # the same lines as the Python helper's test
    answers, stderr, code = exchange([HELLO.encode(), *lines, request("last").encode(), b'{"bye": {}}'], timeout=120)
    assert code == 0
    assert "    at " not in stderr  # no stack trace: nothing thrown out of the helper
    assert_every_line_answered_or_complained_of(answers, stderr, expected)


def test_a_copy_of_the_helper_runs_the_example_smoke_and_corpus(tmp_path: Path) -> None:
    """As an author meets it: the helper copied beside the example, from an empty folder."""
    need("node")
    for name in ("adapter.js", "engine.js"):
        shutil.copy(EXAMPLE / name, tmp_path / name)
    assert main(["helpers", "--copy", str(tmp_path)]) == 0
    engine = f"node {tmp_path / 'adapter.js'}"
    assert main(["smoke", "--engine", engine]) == 0
    report = tmp_path / "r.jsonl"
    assert main(["run", "--engine", engine, "--no-progress", "-q", "--report", str(report)]) == 0
    lines = read_report(report)
    ran = [line for line in lines if line.get("status") not in (None, "not_applicable")]
    assert ran and {line["status"] for line in ran} == {"pass"} and {line["op"] for line in ran} == {"show"}
    assert {gap["kind"] for gap in lines[-1]["not_checked"]} >= {"operation", "input"}
    assert lines[0]["engine"]["info"]["operations"] == {"show": {"judges_input": False}}
