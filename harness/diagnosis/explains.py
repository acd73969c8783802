"""When does a known bug reproduce an engine's wrong answer? `reproduces`: when the bug's answer
equals the engine's whole compared answer, every key the expectation gives (those the engine got
right too), a rejection by its code, index, hand and game, and a result where a rejection was
due as the whole result (the engine's every key). Only then does the diagnosis name it.
`explains` is weaker: the bug's answer equals the engine's on the keys where the engine's differs
from the expectation, and may differ where the engine is right: such a bug only resembles the
engine's (the diagnosis says so inside a cause, and never names it).

The keys are those of harness/operations/compare.py (the one definition of "agrees"): only the
keys the expectation gives, recursively; a list item by item (a set of cards in sorted order),
or whole when its length differs; a rejection by its code, and its index and hand where the
expectation gives them. An answer is `{"ok": result}` or `{"rejected": {...}}`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cribcheck.harness.operations.compare import UNORDERED_KEYS, UNORDERED_UNDER, WHERE, compared_part, mismatches

_MISSING = object()
_SCALARS = (str, int, float, type(None))


def reproduces(expected: Mapping[str, Any], engine: Mapping[str, Any], bug: Mapping[str, Any]) -> bool:
    """Does the answer `bug` equal the answer `engine` on everything compared (see the module's
    doc)? False when the engine agrees with `expected`: there is nothing to reproduce."""
    rejection, theirs = engine.get("rejected"), bug.get("rejected")
    if isinstance(rejection, Mapping):  # a rejection's game, where an older report keeps none, is not compared
        keys = ("code", *(key for key in WHERE if key != "game" or "game" in rejection))
        return isinstance(theirs, Mapping) and all(
            _same(rejection.get(key, _MISSING), theirs.get(key, _MISSING)) for key in keys
        )
    if "ok" not in engine or "ok" not in bug:
        return False
    if "rejected" in expected:  # a result where a rejection is due: the bug gives the very same result
        return isinstance(engine["ok"], Mapping) and not mismatches(engine["ok"], bug)
    shaped = compared_part(expected, engine["ok"])
    return isinstance(shaped, dict) and bool(mismatches(expected, engine)) and not mismatches(shaped, bug)


def explains(expected: Mapping[str, Any], engine: Mapping[str, Any], bug: Mapping[str, Any]) -> bool:
    """Does the answer `bug` equal the answer `engine` wherever `engine` differs from `expected`?
    (False when the engine does not differ at all: there is nothing to explain.)"""
    if "rejected" in expected:
        return _explains_rejection(expected, engine, bug)
    if "ok" not in engine:  # a rejection where a result is due
        return _code(engine) is not None and _code(engine) == _code(bug)
    if "ok" not in bug:
        return False
    differs, same = _walk(expected, engine["ok"], bug["ok"], "", "")
    return differs and same


def _code(answer: Mapping[str, Any]) -> object:
    rejection = answer.get("rejected")
    return rejection.get("code") if isinstance(rejection, Mapping) else None


def _explains_rejection(expected: Mapping[str, Any], engine: Mapping[str, Any], bug: Mapping[str, Any]) -> bool:
    rejection = engine.get("rejected")
    if not isinstance(rejection, Mapping):  # a result where a rejection is due: the bug gives one too
        return "ok" in engine and "ok" in bug
    theirs = bug.get("rejected")
    if not isinstance(theirs, Mapping) or theirs.get("code") != rejection.get("code"):
        return False
    if rejection.get("code") != expected["rejected"]:
        return True
    differing = [key for key in WHERE if key in expected and not _same(expected[key], rejection.get(key))]
    return bool(differing) and all(_same(rejection.get(key), theirs.get(key)) for key in differing)


def _walk(expected: Any, actual: Any, bug: Any, key: str, parent: str) -> tuple[bool, bool]:
    """(does `actual` differ from `expected` anywhere, does `bug` equal `actual` wherever it does)."""
    if isinstance(expected, _SCALARS):
        if _same(expected, actual):
            return False, True
        return True, _same(actual, bug)
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return True, _same(actual, bug)
        differs, same = False, True
        theirs = bug if isinstance(bug, Mapping) else {}
        for name, value in expected.items():
            if name not in actual:
                differs = True
                same = same and name not in theirs
                continue
            one, two = _walk(value, actual[name], theirs.get(name, _MISSING), str(name), key)
            differs, same = differs or one, same and two
            if differs and not same:
                return True, False
        return differs, same
    if isinstance(expected, Sequence) and not isinstance(expected, str):
        return _walk_list(expected, actual, bug, key, parent)
    if _same(expected, actual):
        return False, True
    return True, _same(actual, bug)


def _walk_list(expected: Sequence[Any], actual: Any, bug: Any, key: str, parent: str) -> tuple[bool, bool]:
    if not isinstance(actual, list | tuple):
        return True, _same(actual, bug)
    if (key in UNORDERED_KEYS or parent in UNORDERED_UNDER) and _texts(expected) and _texts(actual):
        expected, actual = sorted(expected), sorted(actual)
        bug = sorted(bug) if _texts(bug) else bug
    if len(expected) != len(actual):
        return True, _same(actual, bug)
    theirs = bug if isinstance(bug, list | tuple) else ()
    differs, same = False, True
    for index, (want, got) in enumerate(zip(expected, actual, strict=True)):
        mine = theirs[index] if index < len(theirs) else _MISSING
        one, two = _walk(want, got, mine, "", key)
        differs, same = differs or one, same and two
        if differs and not same:
            return True, False
    return differs, same


def _texts(value: Any) -> bool:
    return isinstance(value, list | tuple) and all(isinstance(item, str) for item in value)


def _same(one: Any, two: Any) -> bool:
    """JSON equality: a boolean never equals a number, a mapping or list equals item by item."""
    if one is _MISSING or two is _MISSING:
        return one is two
    if isinstance(one, bool) or isinstance(two, bool):
        return type(one) is type(two) and one == two
    if isinstance(one, Mapping):
        return isinstance(two, Mapping) and one.keys() == two.keys() and all(_same(one[k], two[k]) for k in one)
    if isinstance(one, list | tuple):
        if not isinstance(two, list | tuple) or len(one) != len(two):
            return False
        return all(_same(a, b) for a, b in zip(one, two, strict=True))
    if isinstance(two, Mapping | list | tuple):
        return False
    return bool(one == two)
