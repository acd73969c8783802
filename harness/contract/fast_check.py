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
        "$schema", "$id", "$ref", "$defs", "$comment", "title", "description", "examples", "default",
        "type", "enum", "const", "properties", "required", "additionalProperties", "patternProperties",
        "items", "minItems", "maxItems", "uniqueItems", "minLength", "maxLength", "pattern", "minimum",
        "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minProperties", "maxProperties",
        "oneOf", "anyOf", "allOf", "not", "if", "then", "else", "propertyNames",
    }
)  # fmt: skip
_NOT_KEYWORDS = ("properties", "patternProperties", "$defs")  # their values map names to schemas
_DATA = ("enum", "const", "examples", "default", "required", "title", "description", "$comment")


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

    compiled = fastjsonschema.compile(
        dict(target), handlers={"https": local, "http": local}, use_default=False, use_formats=False
    )

    def check(instance: Any) -> bool:
        try:
            compiled(instance)
        except fastjsonschema.JsonSchemaException:
            return False
        return True

    return check
