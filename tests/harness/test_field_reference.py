"""docs/PROTOCOL.md's field reference (harness/contract/field_reference.py): made from the
schemas' descriptions, kept in step with them, and covering every field."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cribcheck.harness.contract.field_reference import BEGIN, END, Schemas, render, written_into
from cribcheck.harness.contract.files import REPO_ROOT, SCHEMA_DIR

PROTOCOL_FILE = REPO_ROOT / "docs" / "PROTOCOL.md"
PROTOCOL = PROTOCOL_FILE.read_text(encoding="utf-8")


def test_the_field_reference_is_up_to_date() -> None:
    assert written_into(PROTOCOL, render()) == PROTOCOL, (
        "docs/PROTOCOL.md's field reference is out of date: run "
        "`python -m cribcheck.harness.contract.field_reference docs/PROTOCOL.md`"
    )


def property_names(node: object) -> set[str]:
    """Every property name defined in a schema (conditions under `if` left out)."""
    names: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                names |= set(value)
            if key != "if":
                names |= property_names(value)
    elif isinstance(node, list):
        for value in node:
            names |= property_names(value)
    return names


def test_every_field_of_the_protocol_schemas_has_a_row() -> None:
    reference = PROTOCOL.split(BEGIN, 1)[1].split(END, 1)[0]
    fields = {cell.strip("`").rsplit(".", 1)[-1].removesuffix("[]") for cell in _first_cells(reference)}
    for path in sorted(SCHEMA_DIR.glob("protocol/*.schema.json")):
        missing = property_names(json.loads(path.read_text(encoding="utf-8"))) - fields
        assert not missing, f"{path.name}: fields with no row in the field reference: {sorted(missing)}"


def _first_cells(markdown: str) -> list[str]:
    return [line.split("|")[1].strip() for line in markdown.splitlines() if line.startswith("| `")]


def test_a_changed_description_changes_the_reference(tmp_path: Path) -> None:
    """The reference says what the schema says: edit a description and the rendering follows (so
    the test above fails until the docs are made again)."""
    copy = tmp_path / "schema"
    shutil.copytree(SCHEMA_DIR, copy)
    result = copy / "protocol" / "result.schema.json"
    schema = json.loads(result.read_text(encoding="utf-8"))
    schema["$defs"]["cut"]["properties"]["rounds"]["description"] = "How many times the cards were cut, say."
    result.write_text(json.dumps(schema), encoding="utf-8")
    changed = render(Schemas(copy))
    assert "| `rounds` | integer | no | How many times the cards were cut, say. |" in changed
    assert changed != render()


def test_the_meaning_of_wins_match_outright_comes_with_an_example() -> None:
    rows = [line for line in PROTOCOL.splitlines() if line.startswith("| `games[].wins_match_outright` |")]
    assert len(rows) == 1
    assert "True only when this game's result wins the match by itself" in rows[0]
    assert "Example: under six-card-match--triple-skunk" in rows[0]
    assert "one of `wins_match_outright` / `wins_match`" in rows[0]  # the old name still readable


def test_the_markers_must_be_there() -> None:
    with pytest.raises(ValueError, match="markers"):
        written_into("# no markers here", render())
