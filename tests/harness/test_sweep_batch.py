"""The batch form of a request (feature `batch`): its schema, the adapter helper, reading the
answers strictly, the engines that send batches (pipelined, restarted after a crash), and the
reference's batch answers, fast and plain, equal to its single answers."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from typing import Any

import pytest

from cribcheck.harness.contract.files import REPO_ROOT
from cribcheck.harness.contract.schemas import problems
from cribcheck.harness.engine.adapter import Adapter, Rejected
from cribcheck.harness.engine.engines import AdapterEngine, EngineOptions, InProcessEngine
from cribcheck.harness.engine.protocol import BatchRequest, ProtocolViolation, parse_batch_response
from cribcheck.harness.engine.serve import reference_adapter
from cribcheck.harness.operations.answers import run_reference
from cribcheck.harness.operations.features import BATCH
from cribcheck.harness.operations.show_batch import ShowBatch

from .conftest import zoo

SERVE = [sys.executable, "-m", "cribcheck.harness.cli", "serve"]
HAND = {"cards": ["5C", "5D", "5S", "JH"], "starter": "5H"}
ZERO = {"cards": ["2C", "4D", "6H", "8S"], "starter": "KC", "crib": False}
TWICE = {"cards": ["5C", "5C", "5S", "JH"], "starter": "5H"}
BATCH_REQUEST = BatchRequest("b1", "show", "six-card", (HAND, ZERO, TWICE))

# inputs the reference must answer alike in a batch, fast or plain, and one at a time
ODD_INPUTS: list[Any] = [
    HAND,
    ZERO,
    TWICE,
    {"cards": ["5C", "5D", "5S"], "starter": "5H"},  # too few
    {"cards": ["10C", "5D", "5S", "JH"], "starter": "5♥"},  # accepted spellings, not canonical
    {"cards": ["5C", "5D", "5S", "JH"], "starter": "5X"},
    {"cards": ["5C", "5D", "5S", "5H"], "starter": "5H"},  # the starter held too
    {"cards": ["AH", "2H", "3H", "4H"], "starter": "KC", "crib": True},
    {"cards": ["AH", "2H", "3H", "4H"], "starter": "KH", "crib": 1},
    {"cards": [5, "5D", "5S", "JH"], "starter": "5H"},  # not even text
]


def message(seq: str, inputs: list[Any], profile: str = "six-card") -> dict[str, Any]:
    return {"seq": seq, "op": "show", "profile": profile, "batch": inputs}


def test_the_batch_form_matches_the_schemas() -> None:
    assert problems("protocol/request.schema.json", BATCH_REQUEST.message()) == []
    both = {**BATCH_REQUEST.message(), "input": HAND}
    assert problems("protocol/request.schema.json", both) != []
    assert problems("protocol/request.schema.json", message("1", [])) != []
    answer = reference_adapter().respond(BATCH_REQUEST.message())
    assert problems("protocol/response.schema.json", answer) == []
    assert problems("protocol/response.schema.json", {"seq": "1", "batch": [{"ok": {}, "error": {"message": "x"}}]})


def test_the_helper_answers_a_batch_one_input_at_a_time() -> None:
    def show(data, profile):
        if data.get("boom"):
            raise RuntimeError("kaboom")
        if data.get("bad"):
            raise Rejected("invalid_card", index=1)
        return {"total": data["total"]}

    adapter = Adapter("t", "1", "Python", ["six-card"], {"show": show}, features=[BATCH])
    answer = adapter.respond(message("9", [{"total": 3}, {"bad": True}, {"boom": True}]))
    assert answer is not None and answer["seq"] == "9"
    first, second, third = answer["batch"]
    assert first == {"ok": {"total": 3}}
    assert second == {"rejected": {"code": "invalid_card", "index": 1}}
    assert third["error"]["message"] == "RuntimeError: kaboom"
    assert adapter.respond({**message("10", []), "op": "deal"}) == {
        "seq": "10",
        "error": {"message": "operation 'deal' not supported"},
    }
    assert "not a list" in adapter.respond({**message("11", []), "batch": {"x": 1}})["error"]["message"]


def test_a_batch_handler_that_fails_fails_the_whole_batch() -> None:
    def broken(inputs, profile):
        raise ValueError("no")

    adapter = Adapter("t", "1", "Python", ["six-card"], {"show": dict}, batch_handlers={"show": broken})
    answer = adapter.respond(message("1", [HAND]))
    assert answer["error"]["message"] == "ValueError: no"


def test_a_batch_answer_is_read_and_checked_answer_by_answer() -> None:
    answers = [{"ok": {"total": 29}}, {"ok": {"total": "0"}}, {"rejected": {"code": "duplicate_card"}}]
    line = json.dumps({"seq": "b1", "batch": answers})
    outcome = parse_batch_response(line, BATCH_REQUEST)
    assert outcome.error is None
    assert outcome.answers[0] == {"ok": {"total": 29}}
    assert "ok/total: '0' is not of type 'integer'" in outcome.answers[1]["error"]["message"]
    assert [one.kind for one in outcome.outcomes(3)] == ["ok", "error", "rejected"]


@pytest.mark.parametrize(
    ("answer", "message_part"),
    [
        ({"batch": [{"ok": {"total": 29}}]}, "1 answers to a batch of 3 inputs"),
        ({"batch": {"ok": {"total": 29}}}, "a list of answers"),
        ({"ok": {"total": 29}}, "a list of answers"),
        ({"batch": [], "note": 1}, "a list of answers"),
        ({"error": {"message": "out of memory"}}, "the engine failed the whole batch: out of memory"),
    ],
)
def test_a_batch_answered_wrongly_as_a_whole_fails_as_a_whole(answer: dict[str, Any], message_part: str) -> None:
    outcome = parse_batch_response(json.dumps({"seq": "b1", **answer}), BATCH_REQUEST)
    assert outcome.answers == ()
    assert outcome.error is not None and message_part in outcome.error
    assert {one.kind for one in outcome.outcomes(3)} == {"error"}


@pytest.mark.parametrize("line", ["not json", '{"seq": "b2", "batch": []}', "[]"])
def test_a_batch_answer_out_of_step_is_a_violation(line: str) -> None:
    with pytest.raises(ProtocolViolation) as raised:
        parse_batch_response(line, BATCH_REQUEST)
    assert raised.value.resync


@pytest.mark.parametrize("profile", ["six-card", "five-card", "six-card--loose-flush", "no-such-profile"])
def test_the_reference_answers_a_batch_as_it_answers_one_at_a_time(profile: str) -> None:
    fast = ShowBatch(fast=True)(ODD_INPUTS, profile)
    plain = ShowBatch(fast=False)(ODD_INPUTS, profile)
    assert fast == plain
    for data, answer in zip(ODD_INPUTS, fast, strict=True):
        single = run_reference("show", data, profile)
        if "ok" in single:
            assert answer == {"ok": {"total": single["ok"]["total"], "breakdown": single["ok"]["breakdown"]}}
        else:
            assert answer["rejected"]["code"] == single["rejected"]["code"]


def test_an_adapter_answers_pipelined_batches_in_order() -> None:
    engine = AdapterEngine(EngineOptions(shlex.join(SERVE), window=3))
    try:
        assert BATCH in engine.info.features_for("show")
        batches = [BatchRequest(str(number), "show", "six-card", (HAND, ZERO) * (number + 1)) for number in range(10)]
        outcomes = list(engine.answer_batches(batches))
    finally:
        engine.close()
    assert [outcome.seq for outcome in outcomes] == [str(number) for number in range(10)]
    for number, outcome in enumerate(outcomes):
        assert [answer["ok"]["total"] for answer in outcome.answers] == [29, 0] * (number + 1)
    assert engine.restarts == 0


def test_a_crash_fails_one_batch_and_the_rest_are_sent_again() -> None:
    trigger = BatchRequest("t", "show", "six-card", (HAND, {"cards": ["AH", "2H", "3H", "4H"], "starter": "7C"}))
    batches = [BatchRequest(str(number), "show", "six-card", (HAND,)) for number in range(6)]
    engine = AdapterEngine(EngineOptions(zoo("batch_crashes"), window=4))
    try:
        outcomes = list(engine.answer_batches([*batches[:2], trigger, *batches[2:]]))
    finally:
        engine.close()
    assert [outcome.seq for outcome in outcomes] == ["0", "1", "t", "2", "3", "4", "5"]
    assert [outcome.error is None for outcome in outcomes] == [True, True, False, True, True, True, True]
    assert "exit code 70" in (outcomes[2].error or "")
    assert engine.restarts == 1


def test_the_reference_in_process_answers_batches() -> None:
    engine = InProcessEngine(reference_adapter())
    (outcome,) = engine.answer_batches([BATCH_REQUEST])
    assert [next(iter(answer)) for answer in outcome.answers] == ["ok", "ok", "rejected"]
    assert outcome.answers[0]["ok"]["total"] == 29


def test_serve_claims_batch_unless_told_otherwise() -> None:
    def hello(*args: str) -> dict[str, Any]:
        text = json.dumps({"hello": {"protocol": 1, "suite": "x"}}) + "\n" + json.dumps(message("1", [HAND])) + "\n"
        done = subprocess.run([*SERVE, *args], input=text, capture_output=True, text=True, timeout=60, cwd=REPO_ROOT)
        first, second = (json.loads(line) for line in done.stdout.splitlines())
        assert second["seq"] == "1"
        assert [answer["ok"]["total"] for answer in second["batch"]] == [29]
        return first["hello"]

    assert BATCH in hello()["features"]
    assert BATCH in hello("--plain")["features"]
    assert hello("--features", "breakdown")["features"] == ["breakdown"]
