"""cribcheck.harness.contract.dumps writes what json.dumps writes with the same options, for any value."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from cribcheck.harness.contract.dumps import compact, plain, string

VALUES: list[Any] = [
    {"seq": "7", "op": "show", "input": {"cards": ["5C", "5D", "5S", "JH"], "starter": "5H", "crib": False}},
    {"total": 29, "breakdown": {"fifteens": 16, "pairs": 12}, "events": [[1, 2.5], [], {}, None, True]},
    [0.1, -0.0, 1e300, 2**53 - 1, -(2**70), 3.0, 1e-7],
    {"é": "± 🂡", "ctl": "tab\t nl\n nul\x00 del\x7f nel\x85 ls\u2028", "quote": 'a"b\\c', "lone": "\ud800"},
    {1: "int key", 2.5: "float key", None: "none key"},
    {True: "bool key", False: "another"},
    "a string alone",
    "",
    12,
    None,
    [],
    {},
]


@pytest.mark.parametrize("value", VALUES)
def test_the_text_is_json_dumps_s(value: Any) -> None:
    assert compact(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    assert plain(value) == json.dumps(value, ensure_ascii=False, allow_nan=False)


def test_a_string_is_written_as_json_dumps_writes_it() -> None:
    for text in ("plain", 'q"uo\\te', "\x00\x1f\u2028é", "\udfff"):
        assert string(text) == json.dumps(text, ensure_ascii=False)


def test_what_json_dumps_refuses_is_refused() -> None:
    assert compact([math.nan, math.inf]) == "[NaN,Infinity]"  # allowed by json.dumps's default, as before
    with pytest.raises(ValueError):
        plain({"total": math.nan})
    with pytest.raises(TypeError):
        plain({"set": {1, 2}})
    value: list[Any] = [1]
    value.append(value)
    with pytest.raises(RecursionError):  # json.dumps: ValueError (a circular check, not made here)
        plain(value)
