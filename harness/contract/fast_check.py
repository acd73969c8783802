"""A compiled check for the protocol and report schemas (fastjsonschema), used as a fast path:
when it accepts an instance, the instance is valid; when it refuses one, the jsonschema validator
decides and gives the messages (harness/contract/schemas.py). So it can only save time, never
accept more: it is built only for schemas whose every keyword is in KEYWORDS, the keywords both
libraries read alike (tests/harness/test_fast_check.py holds them to the same verdicts), and a
schema with any other keyword gets no fast path at all.

Why a library: fastjsonschema turns a schema into Python code once, which checks an engine's
answer about ten times faster than jsonschema walks it (about 140 against 1,800 microseconds for a
show answer, measured on the 2-core machine); checking each answer was half of the harness's
time per request.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any
from urllib.parse import urljoin

import fastjsonschema

# Keywords of draft 7 that draft 2020-12 reads the same way, and the annotations that change nothing.
KEYWORDS = frozenset(
    {
        "$schema", "$id", "$ref", "$defs", "$comment", "title", "description", "examples", "default", "deprecated",
        "type", "enum", "const", "properties", "required", "additionalProperties", "patternProperties",
        "items", "minItems", "maxItems", "uniqueItems", "minLength", "maxLength", "pattern", "minimum",
        "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minProperties", "maxProperties",
        "oneOf", "anyOf", "allOf", "not", "if", "then", "else", "propertyNames",
    }
)  # fmt: skip
_NOT_KEYWORDS = ("properties", "patternProperties", "$defs")  # their values map names to schemas
_DATA = ("enum", "const", "examples", "default", "required", "title", "description", "$comment", "deprecated")


def unknown_keywords(schema: Any) -> set[str]:
    """The keywords of `schema` (and its subschemas) outside KEYWORDS."""
    found: set[str] = set()
    if isinstance(schema, list):
        for part in schema:
            found |= unknown_keywords(part)
    elif isinstance(schema, Mapping):
        for key, value in schema.items():
            if key not in KEYWORDS:
                found.add(key)
            if key in _NOT_KEYWORDS and isinstance(value, Mapping):
                for subschema in value.values():
                    found |= unknown_keywords(subschema)
            elif key not in _DATA:
                found |= unknown_keywords(value)
    return found


def _refs(schema: Any) -> Iterator[str]:
    if isinstance(schema, list):
        for part in schema:
            yield from _refs(part)
    elif isinstance(schema, Mapping):
        for key, value in schema.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            elif key not in _DATA:
                yield from _refs(value)


def reached(target: Mapping[str, Any], by_id: Mapping[str, Any], base: str = "") -> list[Any]:
    """The schema files `target`'s `$ref`s reach, directly or not (relative to each file's `$id`)."""
    seen: dict[str, Any] = {}
    waiting = [(base or str(target.get("$id", "")), target)]
    while waiting:
        where, schema = waiting.pop()
        for ref in _refs(schema):
            uri = urljoin(where, ref).split("#", 1)[0]
            if uri and uri not in seen and uri in by_id:
                seen[uri] = by_id[uri]
                waiting.append((uri, by_id[uri]))
    return list(seen.values())


def compile_check(target: Mapping[str, Any], by_id: Mapping[str, Any]) -> Callable[[Any], bool] | None:
    """A function telling whether an instance is valid against `target` (whose `$ref`s reach the
    schemas of `by_id`), or None when a schema it reaches has a keyword outside KEYWORDS."""
    if unknown_keywords(target) or any(unknown_keywords(schema) for schema in reached(target, by_id)):
        return None

    def local(uri: str) -> Any:
        return by_id[uri.split("#", 1)[0]]  # every schema is on disk: never fetched

    keys = _one_of_required(target)
    compiled = fastjsonschema.compile(
        {key: value for key, value in target.items() if keys is None or key != "oneOf"},
        handlers={"https": local, "http": local},
        use_default=False,
        use_formats=False,
    )

    def check(instance: Any) -> bool:
        if keys is not None and not _exactly_one(keys, instance):
            return False
        try:
            compiled(instance)
        except fastjsonschema.JsonSchemaException:
            return False
        return True

    return check


def _one_of_required(target: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The keys of a top-level `oneOf` whose every branch is `{"required": [KEY]}` (a response:
    exactly one of ok, rejected, skipped, error, batch), or None. Such a oneOf holds when exactly
    one branch does, checked in Python (_exactly_one): compiled, it raises and catches an exception
    for every branch that fails, most of the time of a check. The other keywords are compiled
    without it: each keyword here is read on its own (none of KEYWORDS looks at a sibling oneOf).
    Not done when the schema refers to its own top (then the copy without oneOf would be used)."""
    branches = target.get("oneOf")
    if not isinstance(branches, list) or not branches:
        return None
    keys = []
    for branch in branches:
        if not (isinstance(branch, Mapping) and set(branch) == {"required"} and isinstance(branch["required"], list)):
            return None
        if len(branch["required"]) != 1 or not isinstance(branch["required"][0], str):
            return None
        keys.append(branch["required"][0])
    top = str(target.get("$id", ""))
    if any(urljoin(top, ref).rstrip("#/") == top.rstrip("#/") for ref in _refs(target)):
        return None
    return tuple(keys)


def _exactly_one(keys: tuple[str, ...], instance: Any) -> bool:
    """Whether exactly one branch `{"required": [key]}` holds: on an object, the branches whose key
    it has; on anything else every branch holds (`required` says nothing of a non-object)."""
    if not isinstance(instance, dict):
        return len(keys) == 1
    return sum(key in instance for key in keys) == 1
