"""The field reference of docs/PROTOCOL.md, made from the protocol schemas' descriptions.

Every field of every message (hello, the hello response, a request, a response, bye), of every
operation's result, and of every event, with its type, whether it is required and what it means,
as the schemas' `description`s say (and their `examples`, where given). The events are those of
schema/case.schema.json (the protocol's result schema leaves them open; the corpus pins them
down). Written between two markers of docs/PROTOCOL.md by

    python -m cribcheck.harness.contract.field_reference docs/PROTOCOL.md

and kept up to date by tests/harness/test_field_reference.py.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from cribcheck.harness.contract.files import SCHEMA_DIR

BEGIN = "<!-- field reference: begin -->"
END = "<!-- field reference: end -->"
COMMAND = "python -m cribcheck.harness.contract.field_reference docs/PROTOCOL.md"
OPERATIONS = ("show", "play", "pegging", "deal", "cut", "hand", "game", "match")
# Definitions named by their role rather than spelled out again.
NAMED_TYPES: Mapping[str, str] = MappingProxyType(
    {
        "card": "card",
        "cards": "list of cards",
        "player": "seat",
        "side": "side",
        "roleOrSeat": "role or seat",
        "profile": "profile name",
        "operation": "operation",
        "feature": "feature",
        "rejection_code": "rejection code",
        "seq": "string",
        "protocol_version": "integer",
        "scores": "scores by side",
        "seatPoints": "points by side",
        "winner": "side or null",
        "events": "list of events",
        "points": "integer",
        "count": "integer",
        "status": "status",
        "counts": "counts by status",
    }
)
Json = Mapping[str, Any]


@dataclass(frozen=True)
class Row:
    field: str
    type: str
    required: str
    meaning: str


@dataclass(frozen=True)
class Table:
    """One message, result or event: a heading, a line saying what it is, and its fields (with
    whether each is required, except for events, whose fields are all given by an engine that
    claims `events` and compared as far as the expectation gives them)."""

    heading: str
    intro: str
    rows: tuple[Row, ...]
    required_column: bool = True


class Schemas:
    """The schema files by name, and `$ref`s resolved between them."""

    def __init__(self, root: Path = SCHEMA_DIR) -> None:
        self.root = root
        self.documents: dict[str, Json] = {}

    def document(self, name: str) -> Json:
        if name not in self.documents:
            self.documents[name] = json.loads((self.root / name).read_text(encoding="utf-8"))
        return self.documents[name]

    def at(self, name: str, pointer: str) -> Json:
        node: Any = self.document(name)
        for part in pointer.strip("/").split("/") if pointer.strip("/") else ():
            node = node[int(part)] if isinstance(node, list) else node[part]
        return node

    def resolve(self, name: str, reference: str) -> tuple[str, Json]:
        """The schema a `$ref` of file `name` points to, and the file it is in."""
        where, _, pointer = reference.partition("#")
        target = (Path(name).parent / where).as_posix() if where else name
        return target, self.at(target, pointer)


def type_text(schemas: Schemas, name: str, schema: Json) -> str:
    """A short name for a property's type."""
    if "$ref" in schema:
        reference = schema["$ref"]
        last = reference.rsplit("/", 1)[-1]
        if last in NAMED_TYPES:
            return NAMED_TYPES[last]
        target, resolved = schemas.resolve(name, reference)
        return type_text(schemas, target, resolved)
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    if "enum" in schema:
        return "one of " + ", ".join(f"`{json.dumps(value)}`" for value in schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema and all(isinstance(option, Mapping) and not _only_required(option) for option in schema[key]):
            return " or ".join(dict.fromkeys(type_text(schemas, name, option) for option in schema[key]))
    kinds = schema.get("type")
    if kinds is None:
        return "object" if "properties" in schema else "any"
    kinds = [kinds] if isinstance(kinds, str) else list(kinds)
    words = []
    for kind in kinds:
        if kind == "array" and isinstance(schema.get("items"), Mapping):
            words.append("list of " + _plural(type_text(schemas, name, schema["items"])))
        else:
            words.append(kind)
    return " or ".join(words)


def _plural(text: str) -> str:
    return text if text.startswith(("list", "one of", "`")) or text.endswith("s") else text + "s"


def _only_required(schema: Json) -> bool:
    return set(schema) <= {"required"}


def meaning(schema: Json) -> str:
    text = " ".join(str(schema.get("description", "")).split())
    if schema.get("deprecated"):
        text = text if text.startswith("Deprecated") else f"Deprecated. {text}"
    if "examples" in schema:
        text += " Example: " + "; ".join(f"`{json.dumps(value)}`" for value in schema["examples"]) + "."
    return text


def requirement(field: str, parent: Json) -> str:
    if field in parent.get("required", ()):
        return "yes"
    for key in ("anyOf", "oneOf"):
        groups = [option.get("required", ()) for option in parent.get(key, ()) if isinstance(option, Mapping)]
        if any(field in group for group in groups):
            return "one of " + " / ".join(", ".join(f"`{name}`" for name in group) for group in groups if group)
    return "no"


def rows(
    schemas: Schemas, name: str, schema: Json, prefix: str = "", expanded: set[int] | None = None
) -> Iterator[Row]:
    """A row per property of `schema`, and below it the properties of the objects it holds; an
    object met again (by `expanded`, shared by one table) is not spelled out twice."""
    expanded = set() if expanded is None else expanded
    if id(schema) in expanded:
        return
    expanded.add(id(schema))
    for field, property_schema in schema.get("properties", {}).items():
        if not isinstance(property_schema, Mapping):
            continue
        path = prefix + field
        yield Row(path, type_text(schemas, name, property_schema), requirement(field, schema), meaning(property_schema))
        for inner_name, inner, suffix in _objects_within(schemas, name, property_schema):
            yield from rows(schemas, inner_name, inner, f"{path}{suffix}.", expanded)


def _objects_within(schemas: Schemas, name: str, schema: Json) -> Iterator[tuple[str, Json, str]]:
    """The object schemas with properties that a property holds: itself (through a `$ref`), its
    list's items (suffix `[]`), a map's values (suffix `.<key>`), or each option of an anyOf /
    oneOf."""
    if "$ref" in schema and schema["$ref"].rsplit("/", 1)[-1] not in NAMED_TYPES:
        target, resolved = schemas.resolve(name, schema["$ref"])
        yield from _objects_within(schemas, target, resolved)
        return
    if "properties" in schema:
        yield name, schema, ""
    items = schema.get("items")
    if isinstance(items, Mapping):
        for inner_name, inner, suffix in _objects_within(schemas, name, items):
            yield inner_name, inner, "[]" + suffix
    extra = schema.get("additionalProperties")
    if isinstance(extra, Mapping):  # a map: its values' fields, under `<key>` (named by propertyNames)
        key = str(schema.get("propertyNames", {}).get("$ref", "key")).rsplit("/", 1)[-1]
        for inner_name, inner, suffix in _objects_within(schemas, name, extra):
            yield inner_name, inner, f".<{key}>" + suffix
    for key in ("anyOf", "oneOf"):
        for option in schema.get(key, ()):
            if isinstance(option, Mapping):
                yield from _objects_within(schemas, name, option)


def table(schemas: Schemas, heading: str, name: str, pointer: str, prefix: str = "") -> Table:
    schema = schemas.at(name, pointer)
    intro = " ".join(str(schema.get("description", "")).split())
    return Table(heading, intro, tuple(rows(schemas, name, schema, prefix)))


def message_tables(schemas: Schemas) -> list[Table]:
    capabilities = "protocol/hello-response.schema.json"
    response = "protocol/response.schema.json"
    return [
        table(schemas, "`hello` (harness → engine)", "protocol/hello.schema.json", ""),
        table(schemas, "the answer to `hello` (engine → harness)", capabilities, "/$defs/capabilities", "hello."),
        table(schemas, "a refusal of `hello` (engine → harness)", capabilities, "/then"),
        table(schemas, "a request (harness → engine)", "protocol/request.schema.json", ""),
        table(schemas, "a response (engine → harness)", response, ""),
        table(schemas, "`bye` (harness → engine)", "protocol/bye.schema.json", ""),
        table(
            schemas,
            "a line of a transcript (`cribcheck check`)",
            "protocol/transcript-line.schema.json",
            "/$defs/answerFields",
        ),
        table(
            schemas,
            "a game or hand begins, in a transcript (`cribcheck check`)",
            "protocol/transcript-line.schema.json",
            "/$defs/begin",
        ),
    ]


def result_tables(schemas: Schemas) -> list[Table]:
    return [table(schemas, f"`{op}`", "protocol/result.schema.json", f"/$defs/{op}", "") for op in OPERATIONS]


def event_tables(schemas: Schemas) -> list[Table]:
    """One table per kind of event, from the case schema's event definitions (each kind an
    `if: {type: ...}` / `then: {properties}` pair)."""
    name = "case.schema.json"
    found: dict[str, list[tuple[str, Json]]] = {}
    for source, pointer in (("a pegging", "/$defs/peggingEvent"), ("a hand or game", "/$defs/handEvent")):
        for pair in schemas.at(name, pointer).get("allOf", ()):
            for kind in _kinds(pair["if"]):
                found.setdefault(kind, []).append((source, pair["then"]))
    deal = schemas.at(name, "/$defs/gameEvent")
    found.setdefault("deal", []).append(("a game", deal["then"]))
    tables = []
    for kind, places in found.items():
        for source, then in places:
            described = [row for row in rows(schemas, name, then) if row.field != "type"]
            tables.append(Table(f"`{kind}`, in {source}", "", tuple(described), required_column=False))
    return tables


def _kinds(condition: Json) -> list[str]:
    kind = condition["properties"]["type"]
    return [kind["const"]] if "const" in kind else list(kind["enum"])


def markdown_table(item: Table, level: str = "####") -> list[str]:
    lines = [f"{level} {item.heading}", ""]
    if item.intro:
        lines += [item.intro, ""]
    if not item.rows:
        return [*lines, "No fields.", ""]
    if item.required_column:
        lines += ["| field | type | required | meaning |", "|---|---|---|---|"]
        lines += [
            f"| `{row.field}` | {_cell(row.type)} | {_cell(row.required)} | {_cell(row.meaning)} |" for row in item.rows
        ]
    else:
        lines += ["| field | type | meaning |", "|---|---|---|"]
        lines += [f"| `{row.field}` | {_cell(row.type)} | {_cell(row.meaning)} |" for row in item.rows]
    return [*lines, ""]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def render(schemas: Schemas | None = None) -> str:
    """The field reference, as the Markdown that stands between the markers."""
    schemas = schemas or Schemas()
    lines = [
        BEGIN,
        f"<!-- Made from schema/protocol/*.json and the events of schema/case.schema.json by `{COMMAND}`;",
        "do not edit by hand (a test fails when it is out of date). -->",
        "",
        "## Field reference",
        "",
        "Every field of every message, result and event: its type, whether it must be there, and what",
        "it means, as the schemas' descriptions say. A field of a result marked *no* belongs to a feature",
        "(compared only when the engine claims it) or is informative; other keys are allowed and ignored.",
        "",
        "### Messages",
        "",
    ]
    for item in message_tables(schemas):
        lines += markdown_table(item)
    lines += ["### Results, by operation (the `ok` of a response)", ""]
    for item in result_tables(schemas):
        lines += markdown_table(item)
    lines += [
        "### Events",
        "",
        "The `events` of `pegging`, `hand` and `game` results (feature `events`), one table per kind",
        "(`type`). In a pegging, players are roles with two players and seats with three or four; in a",
        "hand or a game, seats, and every event carries the `scores` after it. An engine that claims",
        "`events` gives every field of each event; an expectation is compared as far as it goes.",
        "",
    ]
    lines += markdown_table(table(schemas, "every event", "protocol/result.schema.json", "/$defs/events/items"))
    for item in event_tables(schemas):
        lines += markdown_table(item)
    return "\n".join([*lines, END])


def written_into(text: str, reference: str) -> str:
    """`text` (docs/PROTOCOL.md) with the part between the markers replaced by `reference`."""
    if BEGIN not in text or END not in text:
        raise ValueError(f"the markers {BEGIN} and {END} are missing")
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return head + reference + tail


def main(argv: Sequence[str] = ()) -> int:
    if len(argv) != 1:
        print(f"usage: {COMMAND}", file=sys.stderr)
        return 2
    path = Path(argv[0])
    path.write_text(written_into(path.read_text(encoding="utf-8"), render()), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
