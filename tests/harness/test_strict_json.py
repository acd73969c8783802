"""Every line an engine writes is read as strict JSON within limits: each violation is named, and
becomes an error for the request it answers (the stream stays in step), never a crash of the
harness. The limits are checked at their edges, by values written out by hand."""

from __future__ import annotations

import json

import pytest

from cribcheck.harness.engine.protocol import (
    BatchRequest,
    ProtocolViolation,
    Request,
    parse_batch_response,
    parse_hello_response,
    parse_response,
)
from cribcheck.harness.engine.serve import reference_adapter
from cribcheck.harness.engine.strict_json import MAX_DEPTH, MAX_INTEGER, NotJson, read_json

REQUEST = Request("7", "show", "six-card", {"cards": ["5C", "5D", "5S", "JH"], "starter": "5H"})
HUGE = "9" * 5000  # past Python's 4,300-digit limit on turning text into an int


def nested(depth: int) -> str:
    """`depth` arrays one inside the other: depth 2 is [[0]]."""
    return "[" * depth + "0" + "]" * depth


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"total": NaN}', "NaN is not JSON"),
        ('{"total": Infinity}', "Infinity is not JSON"),
        ('{"total": -Infinity}', "-Infinity is not JSON"),
        ('{"total": 1e999}', "the number 1e999 is out of range (not finite)"),
        ('{"total": -1e999}', "the number -1e999 is out of range"),
        ('{"total": 1.' + "5" * 200 + "}", "is longer than 100 characters"),
        ('{"total": 1E999}', "the number 1E999 is out of range"),  # a capital E is an exponent too
        ('{"total": 2e+400}', "the number 2e+400 is out of range"),
        ('{"total": 0.' + "0" * 120 + "1}", "is longer than 100 characters"),  # zeros are digits
        ('{"total": ' + "7" * 330 + ".5}", "is longer than 100 characters"),  # infinite as a float, no exponent
        ('["5e", {"total": NaN}]', "NaN is not JSON"),  # a word ending in e or E hides nothing
        ('{"total": ' + HUGE + "}", "the integer 999999999999999999999999... (5000 characters) is beyond the limit"),
        ('{"total": 9007199254740992}', "the integer 9007199254740992 is beyond the limit of ±9007199254740991"),
        ('{"total": -9007199254740992}', "the integer -9007199254740992 is beyond"),
        ('{"message": "\\ud800"}', "a lone surrogate '\\ud800' in a string"),
        ('{"message": "ok \\udfff"}', "a lone surrogate '\\udfff'"),
        ('{"\\udc00": 1}', "a lone surrogate '\\udc00'"),  # in a key
        ('[[[["\\ud83d"]]]]', "a lone surrogate '\\ud83d'"),  # the high half of a pair, alone
        (nested(MAX_DEPTH + 1), f"nested more than {MAX_DEPTH} levels deep"),
        ('{"a": ' * (MAX_DEPTH + 1) + "0" + "}" * (MAX_DEPTH + 1), "nested more than 64 levels deep"),
    ],
)
def test_each_violation_of_strict_json_is_named(text: str, problem: str) -> None:
    read = read_json(text)
    assert read.problem is not None
    assert problem in read.problem


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('{"total": 29}', {"total": 29}),
        ("[9007199254740991, -9007199254740991]", [MAX_INTEGER, -MAX_INTEGER]),  # the limits themselves
        ("[1234567890123456]", [1234567890123456]),  # sixteen digits, below the limit
        ("[1.5e300]", [1.5e300]),
        ('["\\ud83d\\ude00"]', ["\U0001f600"]),  # a surrogate pair is one character, allowed
        ('["\\\\ud800"]', ["\\ud800"]),  # an escaped backslash, then text: no surrogate at all
        ('["NaN", "Infinity"]', ["NaN", "Infinity"]),  # words in strings are strings
        ("[0.123456789012345, -123456789012345.5, 1e2, 25E-1]", [0.123456789012345, -123456789012345.5, 100.0, 2.5]),
        ('{"seq": "1e5", "ok": {"total": 0.5}}', {"seq": "1e5", "ok": {"total": 0.5}}),  # an exponent in a string
        (nested(MAX_DEPTH), json.loads(nested(MAX_DEPTH))),
        ("[" + ",".join(["[0]"] * 1000) + "]", [[0]] * 1000),  # many brackets, shallow
    ],
)
def test_strict_json_is_still_json(text: str, value: object) -> None:
    read = read_json(text)
    assert read.problem is None
    assert read.value == value


def test_invalid_utf8_is_named_with_its_offset() -> None:
    raw = b'{"seq": "7", "error": {"message": "caf\xe9"}}'
    offset = raw.index(b"\xe9")  # 38: counted by the reader, checked here against the bytes
    read = read_json(raw.decode("utf-8", "replace"), invalid_utf8_at=offset)
    assert read.problem == f"invalid UTF-8 at byte {offset} (the protocol is UTF-8)"
    assert read.value["seq"] == "7"


@pytest.mark.parametrize(
    ("text", "reason", "garbled"),
    [
        ("DEBUG scoring", "not JSON (Expecting value", True),
        ('{"seq": "7", "ok": {"tot', "not JSON (Unterminated string", True),
        ("", "not JSON (Expecting value", True),
        ("[" * 100_000, "nested more than 64 levels deep", False),
    ],
)
def test_what_is_not_json_at_all_raises(text: str, reason: str, garbled: bool) -> None:
    with pytest.raises(NotJson) as raised:
        read_json(text)
    assert reason in raised.value.reason
    assert raised.value.garbled is garbled


def test_a_violation_with_the_right_seq_is_an_error_for_that_request_only() -> None:
    line = '{"seq": "7", "ok": {"total": ' + HUGE + "}}"
    outcome = parse_response(line, REQUEST)
    assert outcome.kind == "error"
    assert outcome.message.startswith("the response is not strict JSON (the integer 9999")
    assert '\'{"seq": "7", "ok": {"total": 9999' in outcome.message  # a cut of the line
    assert "(5031 characters)" in outcome.message  # 29 before the 5,000 digits, 2 after
    assert len(outcome.message) < 800


@pytest.mark.parametrize(
    "line",
    [
        '{"seq": "7", "ok": {"total": NaN}}',
        '{"seq": "7", "error": {"message": "\\ud800"}}',
        '{"seq": "7", "ok": {"total": 29, "extra": ' + nested(MAX_DEPTH) + "}}",
    ],
)
def test_no_violation_reaches_the_schema_or_the_report(line: str) -> None:
    outcome = parse_response(line, REQUEST)
    assert outcome.kind == "error"
    assert "not strict JSON" in outcome.message


def test_invalid_utf8_in_a_response_is_an_error() -> None:
    outcome = parse_response('{"seq": "7", "error": {"message": "caf\ufffd"}}', REQUEST, invalid_utf8_at=38)
    assert outcome.kind == "error"
    assert "invalid UTF-8 at byte 38" in outcome.message


def test_a_violation_that_hides_the_seq_is_out_of_step() -> None:
    with pytest.raises(ProtocolViolation) as raised:
        parse_response('{"seq": NaN, "ok": {"total": 1}}', REQUEST)
    assert "got seq None (the line is not strict JSON: NaN is not JSON" in raised.value.message
    assert raised.value.resync


def test_a_huge_seq_is_quoted_short() -> None:
    with pytest.raises(ProtocolViolation) as raised:
        parse_response('{"seq": "' + "8" * 100_000 + '", "ok": {"total": 1}}', REQUEST)
    assert len(raised.value.message) < 1000


def test_too_deep_to_read_is_out_of_step_without_the_banner_advice() -> None:
    with pytest.raises(ProtocolViolation) as raised:
        parse_response("[" * 100_000, REQUEST)
    assert "the response is not JSON (nested more than 64 levels deep)" in raised.value.message
    assert "banners" not in raised.value.message


def hello_with(extra: str) -> str:
    hello = json.dumps({"hello": reference_adapter().hello()})
    return hello[:-2] + ', "x": ' + extra + "}}"


@pytest.mark.parametrize(
    ("extra", "problem"),
    [(HUGE, "the integer 9999"), ("NaN", "NaN is not JSON"), ('"\\ud800"', "a lone surrogate")],
)
def test_a_hello_that_is_not_strict_json_stops_the_handshake(extra: str, problem: str) -> None:
    with pytest.raises(ProtocolViolation) as raised:
        parse_hello_response(hello_with(extra))
    assert raised.value.message.startswith(f"the answer to hello is not strict JSON ({problem}")


def test_a_hello_engine_name_with_a_lone_surrogate_is_refused() -> None:
    hello = reference_adapter().hello()
    hello["engine"] = {**hello["engine"], "name": "crib\ud800"}
    line = json.dumps({"hello": hello})  # json.dumps escapes it as \ud800
    with pytest.raises(ProtocolViolation, match="a lone surrogate"):
        parse_hello_response(line)


def test_a_batch_answer_that_is_not_strict_json_fails_the_batch() -> None:
    batch = BatchRequest("3", "show", "six-card", (REQUEST.input,))
    outcome = parse_batch_response('{"seq": "3", "batch": [{"ok": {"total": Infinity}}]}', batch)
    assert outcome.error is not None
    assert outcome.error.startswith("the answer to a batch request is not strict JSON (Infinity is not JSON")


def test_a_batch_answer_nested_too_deep_is_an_error_for_its_input_alone() -> None:
    batch = BatchRequest("3", "show", "six-card", (REQUEST.input, REQUEST.input))
    # The line: the response object (1), its batch list (2), the answer (3), ok (4), then `extra`
    # nests 61 arrays (5 to 65): 65 levels, one over the limit. The other answer is fine.
    deep = '{"ok": {"total": 29, "extra": ' + nested(61) + "}}"
    outcome = parse_batch_response('{"seq": "3", "batch": [' + deep + ', {"ok": {"total": 29}}]}', batch)
    assert outcome.error is None
    first, second = outcome.answers
    assert "nested more than 62 levels deep" in first["error"]["message"]
    assert second == {"ok": {"total": 29}}
    fits = '{"ok": {"total": 29, "extra": ' + nested(60) + "}}"  # 64 levels: at the limit
    outcome = parse_batch_response('{"seq": "3", "batch": [' + fits + ', {"ok": {"total": 29}}]}', batch)
    assert "ok" in outcome.answers[0]
