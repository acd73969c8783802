"""Every field of the contract is defined: each property of every protocol and report schema, and of
the result parts of the case schema (what an engine's results are compared against), carries a
`description`. A property schema inside an `if` is a condition (it tests a field defined
elsewhere), not a definition, and is not asked for one; nor is a definition that only an `if`
refers to (a named condition, such as a transcript line's `isOp`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.contract.files import SCHEMA_DIR

CASE_SCHEMA = SCHEMA_DIR / "case.schema.json"
# The parts of the case schema an engine's answers are compared against: the results by operation
# and the expected rejection, with every definition they reach.
CASE_RESULT_PARTS = ("#/$defs/result", "#/$defs/rejection")


def contract_files() -> list[Path]:
    return sorted((*SCHEMA_DIR.glob("protocol/*.schema.json"), *SCHEMA_DIR.glob("report/*.schema.json")))


def undescribed(
    node: Any, path: str = "#", *, skip_defs: bool = False, conditions: frozenset[str] = frozenset()
) -> Iterator[str]:
    """The JSON pointers of the property schemas below `node` that have no description (those
    inside an `if`, or in a definition of `conditions`, left out; below `$defs` too when
    `skip_defs`, for a part walked on its own)."""
    if path in conditions:
        return
    if isinstance(node, dict):
        properties = node.get("properties")
        if isinstance(properties, dict):
            for name, schema in properties.items():
                if isinstance(schema, dict) and "description" not in schema:
                    yield f"{path}/properties/{name}"
        for key, value in node.items():
            if key == "if" or (skip_defs and key == "$defs"):
                continue
            yield from undescribed(value, f"{path}/{key}", skip_defs=skip_defs, conditions=conditions)
    elif isinstance(node, list):
        for place, value in enumerate(node):
            yield from undescribed(value, f"{path}/{place}", skip_defs=skip_defs, conditions=conditions)


def named_conditions(document: Any) -> frozenset[str]:
    """The definitions of `document` that an `if` refers to (by a local `$ref`)."""
    found: set[str] = set()

    def walk(node: Any, in_if: bool) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "$ref" and in_if and isinstance(value, str) and value.startswith("#/"):
                    found.add(value)
                walk(value, in_if or key == "if")
        elif isinstance(node, list):
            for value in node:
                walk(value, in_if)

    walk(document, False)
    return frozenset(found)


def resolve(document: Any, pointer: str) -> Any:
    node = document
    for part in pointer.removeprefix("#").strip("/").split("/") if pointer != "#" else ():
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def local_refs(node: Any) -> Iterator[str]:
    """The pointers of the case schema's own `$ref`s below `node`."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                reference = value.removeprefix("case.schema.json")
                if reference.startswith("#/"):
                    yield reference
            else:
                yield from local_refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from local_refs(value)


def reachable(document: Any, starts: tuple[str, ...]) -> set[str]:
    """The pointers of `starts` and of every definition they reach through `$ref`s."""
    seen: set[str] = set()
    todo = list(starts)
    while todo:
        pointer = todo.pop()
        if pointer not in seen:
            seen.add(pointer)
            todo.extend(local_refs(resolve(document, pointer)))
    return seen


@pytest.mark.parametrize("path", contract_files(), ids=lambda path: path.relative_to(SCHEMA_DIR).as_posix())
def test_every_property_of_the_protocol_and_report_schemas_has_a_description(path: Path) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    missing = list(undescribed(document, conditions=named_conditions(document)))
    assert not missing, f"{path.name}: properties without a description: {', '.join(missing)}"


def test_every_property_of_the_case_schemas_result_parts_has_a_description() -> None:
    document = json.loads(CASE_SCHEMA.read_text(encoding="utf-8"))
    parts = reachable(document, CASE_RESULT_PARTS)
    assert "#/$defs/matchGame" in parts and "#/$defs/handEvent" in parts  # what the walk must reach
    missing = sorted({where for part in parts for where in undescribed(resolve(document, part), part, skip_defs=True)})
    assert not missing, f"case.schema.json: result properties without a description: {', '.join(missing)}"


def test_the_check_finds_a_property_without_a_description() -> None:
    """The walk sees properties at every depth, in $defs, items and anyOf, and skips conditions."""
    schema = {
        "properties": {"a": {"description": "described", "properties": {"b": {"type": "string"}}}},
        "$defs": {"d": {"items": {"anyOf": [{"properties": {"c": {"type": "integer"}}}]}}},
        "if": {"properties": {"kind": {"const": "x"}}},
    }
    assert list(undescribed(schema)) == [
        "#/properties/a/properties/b",
        "#/$defs/d/items/anyOf/0/properties/c",
    ]
    named = {"allOf": [{"if": {"$ref": "#/$defs/isX"}, "then": {}}], "$defs": {"isX": {"properties": {"op": {}}}}}
    assert named_conditions(named) == {"#/$defs/isX"}
    assert list(undescribed(named, conditions=named_conditions(named))) == []
    assert list(undescribed(named)) == ["#/$defs/isX/properties/op"]
    document = {"$defs": {"result": {"$ref": "#/$defs/more"}, "more": {"properties": {"e": {}}}}}
    assert reachable(document, ("#/$defs/result",)) == {"#/$defs/result", "#/$defs/more"}
