"""Does an engine's answer agree with a case's expectation? The one definition of "agrees".

An *expectation* is a case's `expect` entry for one profile (docs/case-format.md, "Results"):
either a result, of which only the keys given are compared, or a rejection
`{rejected: CODE, index?, hand?}`. An *answer* is what an engine gives for one operation, in the
form `cribcheck.harness.operations.answers.run_reference` returns: `{"ok": result}` or
`{"rejected": {"code": CODE, "message": TEXT, "index"?: N, "hand"?: N}}`.

`mismatches(expected, answer)` lists every disagreement, one line each, as
`<path>: expected <value>, got <value>`, and is empty when the answer agrees. The rules:

- a mapping: each key the expectation gives is compared, recursively; keys it leaves out are not
  (`breakdown: {runs: 6}` checks the runs only). A key the answer lacks is a mismatch.
- a list: the same length, then item by item in order. When the lengths differ, the first item
  that differs is reported too, to show where the two part. Two lists are sets of cards whose
  order carries no meaning, and are compared in sorted order: a show event's `cards` (a hand or
  the crib as counted) and the cards of `unplayed`.
- a scalar: equal, and a boolean never equals a number (JSON `true` is not `1`).
- a rejection agrees with a rejection of the same code, and the same `index`, `hand` and `game`
  (WHERE) where the expectation gives them: one missing from the answer is a mismatch. The message
  is never compared.
- a key renamed (RENAMED) is read under either name, in the expectation and in the answer, for one
  release: `wins_match` is the old name of `wins_match_outright` (docs/PROTOCOL.md, "Versions").

The function is pure: it reads its arguments and returns new strings.
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

MAX_SHOWN = 160  # characters of a value shown in a mismatch line
UNORDERED_KEYS = frozenset({"cards"})  # a list under this key is a set of cards
UNORDERED_UNDER = frozenset({"unplayed"})  # every list directly under this key is a set of cards
_SCALARS = (str, int, float, type(None))  # bool is an int
_TRUE, _FALSE = pickle.NEWTRUE, pickle.NEWFALSE  # how pickle (protocol 2 and later) writes a boolean
# Result keys renamed, new name -> old name: an answer or an expectation may use either for one
# release (cribcheck 0.2 reads both; 0.3 will read only the new name).
# Where a rejection says its fault is: the play's index, the hand of a game, the game of a match.
WHERE = ("index", "hand", "game")
RENAMED: Mapping[str, str] = MappingProxyType({"wins_match_outright": "wins_match"})
_OTHER_NAME: Mapping[str, str] = MappingProxyType({**RENAMED, **{old: new for new, old in RENAMED.items()}})


def mismatches(expected: Mapping[str, Any], answer: Mapping[str, Any]) -> list[str]:
    """Every way `answer` disagrees with `expected` (see the module doc); [] when it agrees."""
    if "rejected" in expected:
        return _rejection_mismatches(expected, answer)
    if "ok" not in answer:
        return [f"expected a result, got {describe_answer(answer)}"]
    if _plainly_the_same(expected, answer["ok"]):  # most answers: compared in C, not walked
        return []
    return _value_mismatches(expected, answer["ok"], "")


def compared_part(expected: Any, value: Any) -> Any:
    """`value` cut to what `mismatches` compares against `expected`: the keys the expectation
    gives, recursively (a list item by item, or whole where the lengths differ)."""
    if isinstance(expected, Mapping) and isinstance(value, Mapping):
        return {key: compared_part(item, value[key]) for key, item in expected.items() if key in value}
    if (
        isinstance(expected, Sequence)
        and not isinstance(expected, str)
        and isinstance(value, list | tuple)
        and len(expected) == len(value)
    ):
        return [compared_part(one, two) for one, two in zip(expected, value, strict=True)]
    return value


def _plainly_the_same(expected: Mapping[str, Any], result: Any) -> bool:
    """A quick test that is enough for agreement: each key the expectation gives is in the result
    and equal to it as Python compares values (so lists in the same order, dicts with the same
    keys), and neither side holds a boolean (Python takes `True == 1`; the rules above do not).
    Whether a boolean is held is read from the pickled values (in C): protocol 2 and later write
    every boolean as one of two opcodes, so their absence is proof; their bytes found anywhere
    else only send the answer to the rules above. Any answer this test does not pass is compared
    by those rules, which decide."""
    if not isinstance(result, dict):
        return False
    try:
        if any(key not in result or result[key] != value for key, value in expected.items()):
            return False
        both = pickle.dumps(([result[key] for key in expected], list(expected.values())), protocol=5)
    except Exception:  # a value Python cannot compare or pickle: the rules decide
        return False
    return _TRUE not in both and _FALSE not in both


def describe_answer(answer: Mapping[str, Any]) -> str:
    """A short human description of an answer: `a result` or `rejection CODE at index N: message`."""
    if "ok" in answer:
        return "a result"
    rejection = answer.get("rejected")
    if not isinstance(rejection, Mapping):
        return f"neither a result nor a rejection: {show(answer)}"
    text = f"rejection {rejection.get('code')}"
    for key in WHERE:
        if rejection.get(key) is not None:
            text += f" {key} {rejection[key]}"
    if rejection.get("message"):
        text += f" ({rejection['message']})"
    return text


def show(value: Any) -> str:
    """A value as compact JSON, cut short if long."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


def _rejection_mismatches(expected: Mapping[str, Any], answer: Mapping[str, Any]) -> list[str]:
    code = expected["rejected"]
    rejection = answer.get("rejected")
    if not isinstance(rejection, Mapping):
        return [f"rejected: expected rejection {code}, got {describe_answer(answer)}"]
    if rejection.get("code") != code:
        return [f"rejected: expected {code}, got {describe_answer(answer)}"]
    return [
        f"{key}: expected {show(expected[key])}, got {show(rejection.get(key))}"
        for key in WHERE
        if key in expected and not _same_scalar(expected[key], rejection.get(key))
    ]


def _value_mismatches(expected: Any, actual: Any, path: str) -> list[str]:
    if isinstance(expected, _SCALARS):  # neither a mapping nor a list: a quick test, before Mapping's
        return [] if _same_scalar(expected, actual) else [_differ(expected, actual, path)]
    if isinstance(expected, (dict, Mapping)):  # dict first: Mapping's test (an ABC) is slower
        if not isinstance(actual, (dict, Mapping)):
            return [f"{path or '(result)'}: expected {show(expected)}, got {show(actual)}"]
        found: list[str] = []
        for key, value in expected.items():
            if key in actual:
                got = actual[key]
            elif _OTHER_NAME.get(key) in actual:  # a renamed key, under its other name
                got = actual[_OTHER_NAME[key]]
            else:
                found.append(f"{_where(path, key)}: expected {show(value)}, got nothing (no such key)")
                continue
            if isinstance(value, _SCALARS):  # most keys: compared here, the path written only for a mismatch
                if not _same_scalar(value, got):
                    found.append(_differ(value, got, _where(path, key)))
            elif _is_card_set(key, path) and _all_text(value) and _all_text(got):
                found.extend(_value_mismatches(sorted(value), sorted(got), _where(path, key)))
            else:
                found.extend(_value_mismatches(value, got, _where(path, key)))
        return found
    if isinstance(expected, Sequence) and not isinstance(expected, str):
        return _list_mismatches(expected, actual, path)
    if not _same_scalar(expected, actual):
        return [_differ(expected, actual, path)]
    return []


def _where(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


def _differ(expected: Any, actual: Any, path: str) -> str:
    return f"{path or '(result)'}: expected {show(expected)}, got {show(actual)}"


def _list_mismatches(expected: Sequence[Any], actual: Any, path: str) -> list[str]:
    if not isinstance(actual, Sequence) or isinstance(actual, str):
        return [f"{path}: expected {show(expected)}, got {show(actual)}"]
    found: list[str] = []
    for index, (want, got) in enumerate(zip(expected, actual, strict=False)):
        found.extend(_value_mismatches(want, got, f"{path}[{index}]"))
    if len(expected) != len(actual):
        found = [f"{path}: expected {len(expected)} items, got {len(actual)}", *found[:1]]
        if not found[1:]:
            shorter = min(len(expected), len(actual))
            extra = expected[shorter] if len(expected) > shorter else actual[shorter]
            side = "expected" if len(expected) > shorter else "got"
            found.append(f"{path}[{shorter}]: first unmatched item ({side} only): {show(extra)}")
    return found


def _is_card_set(key: str, path: str) -> bool:
    parent = path.rsplit(".", 1)[-1] if path else ""
    return key in UNORDERED_KEYS or parent in UNORDERED_UNDER


def _all_text(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _same_scalar(expected: Any, actual: Any) -> bool:
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    return bool(expected == actual)
