"""The compiled fast path of the schema checks (harness/contract/fast_check.py) never accepts what
jsonschema refuses: on every answer the reference gives to the corpus, on those answers spoiled in
every way Hypothesis finds, and on the values where the two drafts could read a type apart."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cribcheck.harness.contract.fast_check import compile_check, unknown_keywords
from cribcheck.harness.contract.schemas import fast_check, validator
from cribcheck.harness.corpus.cases import load_cases
from cribcheck.harness.operations.answers import cached_profiles, run_reference

RESPONSE = "protocol/response.schema.json"
RESULT = "protocol/result.schema.json"


def slow_valid(name: str, instance: Any, pointer: str = "") -> bool:
    return validator(name, pointer).is_valid(instance)


@cache
def answers() -> tuple[tuple[str, dict[str, Any]], ...]:
    """(op, response) for every case of the corpus under its first profile, as the reference answers."""
    found = []
    with cached_profiles():
        for case in load_cases():
            answer = run_reference(case.op, case.input, case.profile_sent(case.profiles[0]))
            found.append((case.op, {"seq": "1", **answer}))
    return tuple(found)


def test_the_protocol_schemas_have_a_fast_path() -> None:
    assert fast_check(RESPONSE) is not None
    assert fast_check(RESULT, "/$defs/show") is not None
    assert fast_check("protocol/hello-response.schema.json") is not None


def test_both_accept_every_answer_of_the_reference() -> None:
    assert len(answers()) > 600
    for op, response in answers():
        assert fast_check(RESPONSE)(response) and slow_valid(RESPONSE, response), response
        if "ok" in response:
            assert fast_check(RESULT, f"/$defs/{op}")(response["ok"]), (op, response)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def spoil(value: Any, path: list[int], replacement: Any, drop: bool) -> Any:
    """`value` with one place (chosen by `path`) replaced, or dropped."""
    if not path or not isinstance(value, (dict, list)) or not value:
        return replacement
    spoiled = copy.copy(value)
    keys = list(spoiled) if isinstance(spoiled, dict) else list(range(len(spoiled)))
    key = keys[path[0] % len(keys)]
    if drop and len(path) == 1:
        del spoiled[key]
        return spoiled
    spoiled[key] = spoil(spoiled[key], path[1:], replacement, drop)
    return spoiled


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data(), st.lists(st.integers(0, 50), min_size=1, max_size=6), JSON, st.booleans())
def test_what_the_fast_path_accepts_jsonschema_accepts(
    data: st.DataObject, path: list[int], new: Any, drop: bool
) -> None:
    op, response = data.draw(st.sampled_from(answers()))
    spoiled = spoil(response, path, new, drop)
    if fast_check(RESPONSE)(spoiled):
        assert slow_valid(RESPONSE, spoiled), spoiled
    if "ok" in spoiled and fast_check(RESULT, f"/$defs/{op}")(spoiled["ok"]):
        assert slow_valid(RESULT, spoiled["ok"], f"/$defs/{op}"), spoiled


@pytest.mark.parametrize(
    "total", [True, False, 1.5, "1", None, [1], -1, 10**30, 1.0], ids=lambda value: repr(value)[:12]
)
def test_the_types_are_read_alike(total: Any) -> None:
    answer = {"total": total}
    fast = fast_check(RESULT, "/$defs/show")(answer)
    slow = slow_valid(RESULT, answer, "/$defs/show")
    assert not fast or slow  # never more lenient
    if isinstance(total, bool) or not isinstance(total, int | float):
        assert not fast and not slow  # a boolean is not a count


@pytest.mark.parametrize(
    ("scores", "valid"),
    [
        ({"A": 0, "B": 0}, True),  # two players
        ({"A": 0, "B": 0, "C": 0}, True),  # three players
        ({"AC": 0, "BD": 0}, True),  # four, in partnerships
        ({"A": 0, "B": 0, "X": 0}, False),  # X names no side (propertyNames)
        ({"A": 0, "B": 0, "": 0}, False),  # nor does the empty name
        ({"A": 0, "BD": 0}, False),  # neither A and B nor AC and BD
        ({"A": 0, "B": -1}, False),  # a score is never below 0
    ],
)
def test_the_names_of_the_sides_are_read_alike(scores: dict[str, int], valid: bool) -> None:
    fast = fast_check(RESULT, "/$defs/scores")(scores)
    assert fast == valid and slow_valid(RESULT, scores, "/$defs/scores") == valid


def test_a_schema_with_another_keyword_gets_no_fast_path() -> None:
    tuple_schema = {"$id": "https://cribcheck.invalid/x.json", "prefixItems": [{"type": "string"}]}
    assert unknown_keywords(tuple_schema) == {"prefixItems"}
    assert compile_check(tuple_schema, {tuple_schema["$id"]: tuple_schema}) is None
    nested = {"$id": "https://cribcheck.invalid/y.json", "$ref": "x.json"}
    assert compile_check(nested, {nested["$id"]: nested, tuple_schema["$id"]: tuple_schema}) is None
    assert fast_check("report/report-line.schema.json") is None  # format


OK = {"total": 0}
REJECTED = {"code": "over_31"}


@pytest.mark.parametrize(
    ("response", "valid"),
    [
        ({"seq": "1", "ok": OK}, True),
        ({"seq": "1", "rejected": REJECTED}, True),
        ({"seq": "1", "skipped": {"reason": "no crib"}}, True),
        ({"seq": "1", "error": {"message": "boom"}}, True),
        ({"seq": "1", "batch": [{"ok": OK}]}, True),
        ({"seq": "1"}, False),  # none of the five
        ({"seq": "1", "ok": OK, "rejected": REJECTED}, False),  # two of them
        ({"seq": "1", "ok": OK, "batch": []}, False),  # a result and a batch
        ({"seq": "1", "ok": OK, "skipped": {"reason": "x"}, "error": {"message": "x"}}, False),  # three
        ({"seq": "1", "ok": 5}, False),  # exactly one, but not an object
        ({"seq": "", "ok": OK}, False),  # exactly one, but an empty seq
        ({"seq": "1", "ok": OK, "extra": 1}, False),  # exactly one, and a key the schema does not know
        ({"seq": "1", "batch": [{"ok": OK, "error": {"message": "x"}}]}, False),  # two in a batch answer
        (["seq", "ok"], False),  # not an object
    ],
)
def test_the_response_oneof_checked_in_python_gives_the_verdicts_of_jsonschema(response: Any, valid: bool) -> None:
    # the response schema's oneOf (exactly one of ok, rejected, skipped, error, batch) is checked
    # outside the compiled code; each verdict is written by hand from the schema
    assert fast_check(RESPONSE)(response) == valid
    assert slow_valid(RESPONSE, response) == valid


def test_a_oneof_of_required_keys_gives_the_verdicts_of_jsonschema_on_any_value() -> None:
    schema = {
        "$id": "https://cribcheck.invalid/one-of.json",
        "oneOf": [{"required": ["a"]}, {"required": ["b"]}, {"required": ["a"]}],
        "properties": {"a": {"type": "integer"}},
    }
    single = {"$id": "https://cribcheck.invalid/single.json", "oneOf": [{"required": ["a"]}]}
    loop = {"$id": "https://cribcheck.invalid/loop.json", "oneOf": [{"required": ["a"]}, {"required": ["b"]}],
            "properties": {"a": {"$ref": "#"}}}  # fmt: skip
    for tested in (schema, single, loop):
        check = compile_check(tested, {tested["$id"]: tested})
        assert check is not None
        for value in ({"a": 1}, {"b": 1}, {"a": 1, "b": 1}, {"a": "x", "b": 1}, {}, 3, [], "a",
                      {"a": {"b": 1}}, {"a": {"a": 1, "b": 1}}, {"a": {}}):  # fmt: skip
            expected = jsonschema.Draft202012Validator(tested).is_valid(value)
            assert check(value) == expected, (tested["$id"], value)
