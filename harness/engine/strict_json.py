"""Reading one line of an engine's output as JSON: strictly, and within limits.

`json.loads` alone lets through what no engine may send, and fails in ways the harness must not:
`NaN` and `Infinity` (not JSON: written back, they make the JSON Lines report not JSON), `1e999`
(read as infinity), an integer of thousands of digits (Python refuses to turn more than 4,300
digits into an int, with a ValueError nobody expects from a parser), nesting a thousand levels
deep (a RecursionError, here or later in a report), a lone surrogate escape such as `"\\ud800"`
(a string that no UTF-8 writer can encode), bytes that are not UTF-8.

`read_json` reads a line and says, besides the value, the first `problem` it found: a sentence.
The value is still given when the text is JSON apart from the problem (an offending number or
constant read as None), so that the caller can tell whether the line answers the request it
waits for (then the problem is an error for that request alone) or is out of step. A text that
cannot be read as JSON at all raises NotJson. The fast path costs a few scans of the text in C;
the slow checks (the hooks, a walk of the value) run only when those scans say they might find
something.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

from cribcheck.harness.contract.limits import MAX_DEPTH, MAX_INTEGER, MAX_NUMBER_CHARS

MAX_INTEGER_DIGITS = len(str(MAX_INTEGER))  # 16
NUMBER_SHOWN = 24  # characters of an offending number quoted in a problem

_DIGITS_AS_ZERO = str.maketrans("123456789", "000000000")  # then a run of digits is a run of zeros
_LONG_DIGITS = "0" * MAX_INTEGER_DIGITS
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_CONTAINERS = (dict, list)


class NotJson(ValueError):
    """The text cannot be read as JSON at all. `garbled` is False when it is JSON nested too deep."""

    def __init__(self, reason: str, *, garbled: bool = True) -> None:
        super().__init__(reason)
        self.reason = reason
        self.garbled = garbled


@dataclass(frozen=True)
class JsonLine:
    """A line read as JSON: its value, and the first problem that makes it not strict JSON."""

    value: Any
    problem: str | None = None


def read_json(text: str, *, invalid_utf8_at: int | None = None, check_depth: bool = True) -> JsonLine:
    """Read `text` (a line the engine wrote, decoded) as strict JSON within the limits above.
    `invalid_utf8_at` is the offset of the first byte that was not UTF-8, when one was not (the
    text then holds U+FFFD in its place). Raises NotJson when the text is not JSON at all.
    `check_depth=False` leaves the depth (below the decoder's own limit, about a thousand) to the
    caller: a batch of a thousand answers checks each, with a cache (harness.engine.protocol)."""
    problems: list[str] = []
    zeroed = text.translate(_DIGITS_AS_ZERO)  # ten times faster than a regular expression
    long_digits = _LONG_DIGITS in zeroed
    exponent = "0e" in zeroed or "0E" in zeroed  # a number with an exponent has a digit just before its e
    hooks: dict[str, Any] = {}
    if long_digits or exponent or "NaN" in text or "Infinity" in text:
        hooks = {
            "parse_constant": lambda name: _refused(problems, f"{name} is not JSON (a number must be finite)"),
            "parse_float": lambda numeral: _float(problems, numeral),
        }
        if long_digits:
            hooks["parse_int"] = lambda numeral: _int(problems, numeral)
    # Without hooks (the default decoder, half the time): no NaN or Infinity can be read, and a
    # number has no exponent and no run of 16 digits, so it is an integer below 10^16 or a finite
    # fraction of at most 33 characters; nothing the hooks could refuse.
    try:
        value = json.loads(text, **hooks) if hooks else json.loads(text)
    except RecursionError:
        raise NotJson(f"nested more than {MAX_DEPTH} levels deep", garbled=False) from None
    except ValueError as error:  # json.JSONDecodeError is a ValueError
        raise NotJson(f"not JSON ({error})") from None
    if invalid_utf8_at is not None:
        problems.insert(0, f"invalid UTF-8 at byte {invalid_utf8_at} (the protocol is UTF-8)")
    strings = _SURROGATE_ESCAPE.search(text) is not None
    if strings or (check_depth and text.count("[") + text.count("{") > MAX_DEPTH):  # else it cannot be too deep
        problems += _walk(value, strings)
    return JsonLine(value, problems[0] if problems else None)


def _refused(problems: list[str], problem: str) -> None:
    problems.append(problem)


def _shown(numeral: str) -> str:
    if len(numeral) <= NUMBER_SHOWN:
        return numeral
    return f"{numeral[:NUMBER_SHOWN]}... ({len(numeral)} characters)"


def _int(problems: list[str], numeral: str) -> int | None:
    digits = len(numeral.lstrip("-"))
    if digits > MAX_INTEGER_DIGITS or (digits == MAX_INTEGER_DIGITS and abs(int(numeral)) > MAX_INTEGER):
        problems.append(f"the integer {_shown(numeral)} is beyond the limit of ±{MAX_INTEGER} (2^53 - 1)")
        return None
    return int(numeral)


def _float(problems: list[str], numeral: str) -> float | None:
    if len(numeral) > MAX_NUMBER_CHARS:
        problems.append(f"the number {_shown(numeral)} is longer than {MAX_NUMBER_CHARS} characters")
        return None
    value = float(numeral)
    if not math.isfinite(value):
        problems.append(f"the number {_shown(numeral)} is out of range (not finite)")
        return None
    return value


def _walk(value: Any, strings: bool) -> list[str]:
    """Nesting over MAX_DEPTH, and (when `strings`) a lone surrogate in a key or a string; level by
    level, so that the cost is a few list comprehensions."""
    kept = (*_CONTAINERS, str) if strings else _CONTAINERS
    frontier = [value]
    depth = 0  # of the containers in the frontier
    while True:
        if strings:
            for text in _strings_of(frontier):
                found = _LONE_SURROGATE.search(text)
                if found:
                    return [f"a lone surrogate {found.group()!r} in a string (not Unicode text)"]
        containers = [item for item in frontier if isinstance(item, _CONTAINERS)]
        if not containers:
            return []
        depth += 1
        if depth > MAX_DEPTH:
            return [f"nested more than {MAX_DEPTH} levels deep"]
        frontier = [
            item
            for container in containers
            for item in (container.values() if isinstance(container, dict) else container)
            if isinstance(item, kept)
        ]


def nested_deeper(value: Any, limit: int) -> bool:
    """Whether `value` (decoded JSON) nests arrays and objects more than `limit` levels deep."""
    frontier = [value]
    for _ in range(limit):
        frontier = [
            item
            for container in frontier
            if isinstance(container, _CONTAINERS)
            for item in (container.values() if isinstance(container, dict) else container)
            if isinstance(item, _CONTAINERS)
        ]
    return any(isinstance(item, _CONTAINERS) for item in frontier)


def _strings_of(frontier: list[Any]) -> list[str]:
    """The strings of one level: the strings themselves, and the keys of its objects."""
    found = [item for item in frontier if isinstance(item, str)]
    for item in frontier:
        if isinstance(item, dict):
            found += item.keys()
    return found
