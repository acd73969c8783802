"""The JSON Schemas of the protocol and the reports, loaded once and checked against.

Schemas refer to each other by relative `$ref`; every file below `schema/protocol/` and
`schema/report/` is registered under its `$id`, so any one of them can be used as the root.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource

from cribcheck.harness.contract.fast_check import compile_check
from cribcheck.harness.contract.files import SCHEMA_DIR

SCHEMA_FOLDERS = ("protocol", "report")


def schema_files() -> list[Path]:
    """The protocol and report schema files, in a stable order."""
    return sorted(path for folder in SCHEMA_FOLDERS for path in (SCHEMA_DIR / folder).glob("*.schema.json"))


@cache
def _schemas() -> dict[str, dict[str, Any]]:
    """Every schema by its path relative to schema/, such as `protocol/request.schema.json`."""
    return {
        path.relative_to(SCHEMA_DIR).as_posix(): json.loads(path.read_text(encoding="utf-8")) for path in schema_files()
    }


@cache
def _registry() -> Registry:
    resources = [(schema["$id"], Resource.from_contents(schema)) for schema in _schemas().values()]
    return Registry().with_resources(resources)


def schema(name: str) -> dict[str, Any]:
    """One schema by its path relative to schema/."""
    return _schemas()[name]


@cache
def validator(name: str, pointer: str = "") -> jsonschema.Draft202012Validator:
    """A validator for a schema file, or for a part of it (`pointer`, such as `/$defs/show`)."""
    root = schema(name)
    target: dict[str, Any] = {"$ref": root["$id"] + "#" + pointer} if pointer else root
    return jsonschema.Draft202012Validator(
        target, registry=_registry(), format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )


@cache
def fast_check(name: str, pointer: str = "") -> Callable[[Any], bool] | None:
    """The compiled fast path for a schema, or a part of it (harness/contract/fast_check.py)."""
    root = schema(name)
    target: dict[str, Any] = {"$ref": root["$id"] + "#" + pointer} if pointer else root
    return compile_check(target, {schema["$id"]: schema for schema in _schemas().values()})


@cache
def fast_check_apart(name: str, definition: str, others: tuple[str, ...]) -> Callable[[Any], bool] | None:
    """The compiled fast path for one definition of a schema file (`$defs/<definition>`) that the
    file's `others` definitions keep from having one, by a keyword outside fast_check.KEYWORDS
    (`format`, say): compiled with those other definitions left out, which an instance checked
    against `definition` never reaches (the caller knows it: a report's case line never reads the
    header's definition). None when `definition` itself, or a file it reaches, still has such a keyword."""
    root = schema(name)
    apart = {**root, "$defs": {key: value for key, value in root["$defs"].items() if key not in others}}
    by_id = {**{each["$id"]: each for each in _schemas().values()}, root["$id"]: apart}
    return compile_check({"$ref": f"{root['$id']}#/$defs/{definition}"}, by_id)


def problems(name: str, instance: Any, pointer: str = "", *, at: str = "") -> list[str]:
    """What is wrong with `instance` against a schema: one line per problem, empty when valid.
    Each line starts with the place, `at` (where `instance` itself sits) and the path inside it.
    An instance the compiled check accepts is valid; any other is checked by jsonschema."""
    fast = fast_check(name, pointer)
    if fast is not None and fast(instance):
        return []
    found = []
    for error in sorted(validator(name, pointer).iter_errors(instance), key=lambda e: list(map(str, e.path))):
        best = _best(error)
        where = "/".join([at, *(str(part) for part in best.absolute_path)] if at else map(str, best.absolute_path))
        found.append(f"{where or '(top)'}: {best.message}")
    return found


def _best(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """For a failed oneOf, the most telling sub-error rather than 'is not valid under any': not a
    branch's 'is not of type' for the value itself when another branch, of the value's own type,
    says what is wrong inside it (a list of operations with an unknown name is told so, not that
    it is not an object)."""
    if not error.context:
        return error
    inside = [sub for sub in error.context if not (sub.validator == "type" and not sub.relative_path)]
    return jsonschema.exceptions.best_match(inside or error.context) or error
