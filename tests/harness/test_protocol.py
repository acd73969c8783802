"""The protocol's messages and schemas: the closed sets agree with the code, every example in a
schema is valid, and the engine's lines are read strictly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cribcheck.harness.contract.schemas import problems, schema, schema_files
from cribcheck.harness.engine.protocol import (
    PROTOCOL_VERSION,
    HandshakeRefused,
    ProtocolViolation,
    Request,
    VersionMismatch,
    bye_message,
    hello_message,
    parse_hello_response,
    parse_response,
)
from cribcheck.harness.engine.serve import reference_adapter
from cribcheck.harness.operations.answers import OPERATIONS
from cribcheck.harness.operations.features import FEATURE_KEYS, FEATURES, compared_expectation
from cribcheck.harness.results.status import Status
from cribcheck.reference.errors import Code

DEFINITIONS = "protocol/definitions.schema.json"
REQUEST = Request("7", "show", "six-card", {"cards": ["5C", "5D", "5S", "JH"], "starter": "5H"})


def definitions(name: str) -> list[str]:
    return schema(DEFINITIONS)["$defs"][name]["enum"]


def test_the_closed_sets_in_the_schemas_are_the_code_s() -> None:
    assert definitions("operation") == list(OPERATIONS)
    assert definitions("feature") == list(FEATURES)
    assert definitions("rejection_code") == [code.value for code in Code]
    status_enum = schema("report/report-line.schema.json")["$defs"]["status"]["enum"]
    assert status_enum == [status.value for status in Status]


def test_every_operation_has_a_result_shape_and_feature_keys() -> None:
    results = schema("protocol/result.schema.json")["$defs"]
    assert set(OPERATIONS) <= set(results)
    assert set(FEATURE_KEYS) == set(OPERATIONS)
    for op, keys in FEATURE_KEYS.items():
        assert set(keys.values()) <= set(FEATURES)
        assert not set(keys) & set(results[op].get("required", [])), f"{op}: a feature key is required"


def examples() -> list[tuple[str, Any]]:
    return [
        (path.relative_to(path.parents[1]).as_posix(), example)
        for path in schema_files()
        for example in json.loads(path.read_text(encoding="utf-8")).get("examples", [])
    ]


@pytest.mark.parametrize(("name", "example"), examples())
def test_every_example_in_a_schema_is_valid(name: str, example: Any) -> None:
    assert problems(name, example) == []


def test_the_messages_the_harness_sends_match_their_schemas() -> None:
    assert problems("protocol/hello.schema.json", hello_message()) == []
    assert problems("protocol/request.schema.json", REQUEST.message()) == []
    assert problems("protocol/bye.schema.json", bye_message()) == []


@pytest.mark.parametrize(
    ("seq", "op", "profile", "data"),
    [
        ("7", "show", "six-card", {"cards": ["5C", "5D", "5S", "JH"], "starter": "5H", "crib": False}),
        ("x/1", "play", "six-card--loose-flush", {"plays": [], "count": 0, "nested": {"a": [1, 2.5, None, True]}}),
        ('q"u\\o', 'op "quoted"', "é ± 🂡", {"text": "tab\t newline\n nul\x00 \u2028 \x7f", "é": ["ß"]}),
    ],
)
def test_a_request_s_line_is_its_message_as_compact_json(seq: str, op: str, profile: str, data: Any) -> None:
    request = Request(seq, op, profile, data)
    compact = json.dumps(request.message(), separators=(",", ":"), ensure_ascii=False)
    assert request.line() == compact.encode() + b"\n"
    assert json.loads(request.line()) == {"seq": seq, "op": op, "profile": profile, "input": data}


def test_the_reference_adapter_s_hello_matches_its_schema() -> None:
    answer = reference_adapter().respond(hello_message())
    assert problems("protocol/hello-response.schema.json", answer) == []
    assert parse_hello_response(json.dumps(answer)).protocol == PROTOCOL_VERSION


def test_a_hello_for_another_protocol_is_refused_by_the_helper() -> None:
    answer = reference_adapter().respond({"hello": {"protocol": 99, "suite": "x"}})
    assert answer == {"error": {"message": "this adapter speaks protocol 1, not 99"}}
    with pytest.raises(HandshakeRefused, match="speaks protocol 1"):
        parse_hello_response(json.dumps(answer))


def test_a_hello_response_with_another_version_is_a_mismatch() -> None:
    hello = reference_adapter().hello() | {"protocol": 2}
    with pytest.raises(VersionMismatch, match="the engine speaks protocol 2, this cribcheck speaks protocol 1"):
        parse_hello_response(json.dumps({"hello": hello}))


def test_a_hello_response_claiming_an_unknown_operation_breaks_the_schema() -> None:
    hello = reference_adapter().hello() | {"operations": ["show", "shuffle"]}
    with pytest.raises(ProtocolViolation, match="hello/operations/1: 'shuffle' is not one of"):
        parse_hello_response(json.dumps({"hello": hello}))


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ('{"seq": "7", "ok": {"total": 29}}', "ok"),
        ('{"seq": "7", "rejected": {"code": "duplicate_card", "message": "5C twice"}}', "rejected"),
        ('{"seq": "7", "skipped": {"reason": "no crib yet"}}', "skipped"),
        ('{"seq": "7", "error": {"message": "boom", "details": "Traceback..."}}', "error"),
    ],
)
def test_each_kind_of_response_is_read(line: str, kind: str) -> None:
    outcome = parse_response(line, REQUEST)
    assert outcome.kind == kind
    assert outcome.seq == "7"
    assert outcome.line == line


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"seq": "7", "ok": {"score": 29}}', "ok: 'total' is a required property"),
        ('{"seq": "7", "ok": {"total": "29"}}', "ok/total: '29' is not of type 'integer'"),
        ('{"seq": "7", "rejected": {"code": "too_many"}}', "rejected/code: 'too_many' is not one of"),
        ('{"seq": "7", "ok": {"total": 1}, "error": {"message": "x"}}', "exactly one of ok, rejected, skipped, error"),
        ('{"seq": "7"}', "(this one has none)"),
        ('{"seq": "7", "ok": {"total": 1}, "note": "hi"}', "'note' was unexpected"),
    ],
)
def test_a_malformed_response_with_the_right_seq_is_an_error_outcome(line: str, message: str) -> None:
    outcome = parse_response(line, REQUEST)
    assert outcome.kind == "error"
    assert message in outcome.message
    assert line in outcome.message  # quoted


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Traceback (most recent call last):", "the response is not JSON"),
        ("[1, 2]", "not a JSON object"),
        ('{"seq": "8", "ok": {"total": 1}}', "wrong seq: expected '7'"),
        ('{"ok": {"total": 1}}', "got no seq"),
        ('{"seq": 7, "ok": {"total": 1}}', "got seq 7"),
    ],
)
def test_a_line_out_of_step_is_a_violation_that_needs_a_restart(line: str, message: str) -> None:
    with pytest.raises(ProtocolViolation, match=r".") as raised:
        parse_response(line, REQUEST)
    assert message in raised.value.message
    assert raised.value.resync


def test_a_long_line_is_quoted_short() -> None:
    line = '{"seq": "7", "ok": {"score": "' + "x" * 5000 + '"}}'
    outcome = parse_response(line, REQUEST)
    assert len(outcome.message) < 700
    assert "characters)" in outcome.message


def test_keys_of_unclaimed_features_are_dropped_before_comparing() -> None:
    expected = {"total": 12, "breakdown": {"pairs": 2}}
    assert compared_expectation("show", expected, []) == {"total": 12}
    assert compared_expectation("show", expected, ["breakdown"]) == expected
    game = {"scores": {"A": 121, "B": 80}, "winner": "A", "skunk": "skunk", "game_points": 2, "first_dealer": "B"}
    assert compared_expectation("game", game, ["skunk"]) == {k: v for k, v in game.items() if k != "first_dealer"}
    assert compared_expectation("show", {"rejected": "invalid_card"}, []) == {"rejected": "invalid_card"}
