"""The house holds its shape: every import of `reference/` and `harness/` (read with ast, including
imports inside functions and under TYPE_CHECKING) follows the direction of ROOMS, and no modules
import each other in a circle. docs/ARCHITECTURE.md draws the same table (tests/harness/test_docs.py
keeps the two equal).

The folders are installed as `cribcheck.reference` and `cribcheck.harness` (pyproject.toml maps
them); the rooms are named here by their folders, so an import's `cribcheck.` is read off, and an
import of the bare folder name (`import harness`, which would find another project's package) fails."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("reference", "harness")
TOP = "cribcheck"

# The one statement of the allowed direction: each room and the rooms it may import (besides itself).
# `harness` is the top: the command line (cli.py), the pytest plugin and the adapter shim.
ROOMS: dict[str, tuple[str, ...]] = {
    "reference": (),
    "harness.contract": (),
    "harness.operations": ("reference", "harness.contract"),
    "harness.corpus": ("reference", "harness.contract", "harness.operations"),
    "harness.engine": ("reference", "harness.contract", "harness.operations"),
    "harness.results": ("harness.contract", "harness.operations", "harness.corpus", "harness.engine"),
    "harness.diagnosis": (
        "reference",
        "harness.contract",
        "harness.operations",
        "harness.corpus",
        "harness.engine",
        "harness.results",
        "harness.mutants",
    ),
    "harness.report": (
        "harness.contract",
        "harness.operations",
        "harness.corpus",
        "harness.results",
        "harness.diagnosis",
    ),
    "harness.run": (
        "harness.contract",
        "harness.operations",
        "harness.corpus",
        "harness.engine",
        "harness.results",
        "harness.diagnosis",
        "harness.report",
    ),
    "harness.fuzz": (
        "reference",
        "harness.contract",
        "harness.operations",
        "harness.corpus",
        "harness.engine",
        "harness.results",
        "harness.report",
    ),
    "harness.mutants": ("reference", "harness.contract", "harness.operations", "harness.corpus", "harness.engine"),
    "harness.sweep": ("reference", "harness.contract", "harness.operations", "harness.engine", "harness.report"),
    "harness.transcripts": (
        "reference",
        "harness.contract",
        "harness.operations",
        "harness.corpus",
        "harness.engine",
        "harness.results",
        "harness.report",
        "harness.run",
        "harness.fuzz",
    ),
    "harness": (
        "reference",
        "harness.contract",
        "harness.operations",
        "harness.corpus",
        "harness.engine",
        "harness.results",
        "harness.report",
        "harness.run",
        "harness.fuzz",
        "harness.mutants",
        "harness.diagnosis",
        "harness.sweep",
        "harness.transcripts",
    ),
}


def module_files() -> dict[str, Path]:
    """Every module of the two packages by dotted name (a package by its own name)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


MODULES = module_files()


def room_of(module: str) -> str:
    """The deepest room that holds `module`."""
    parts = module.split(".")
    for size in range(len(parts), 0, -1):
        name = ".".join(parts[:size])
        if name in ROOMS:
            return name
    raise AssertionError(f"{module} is in no room of ROOMS: add its folder to the table")


def imported(path: Path) -> Iterator[tuple[int, str]]:
    """(line, module) for every import of ours in a file, resolved to the module it loads."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [
                f"{node.module}.{alias.name}"
                if f"{node.module}.{alias.name}".removeprefix(f"{TOP}.") in MODULES
                else node.module
                for alias in node.names
            ]
        elif isinstance(node, ast.ImportFrom):
            raise AssertionError(f"{path}:{node.lineno}: a relative import; write the absolute one")
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
            "import_module",
            "__import__",
        ):
            raise AssertionError(f"{path}:{node.lineno}: a dynamic import hides a dependency; import by name")
        else:
            continue
        for name in names:
            if name.split(".")[0] in PACKAGES:
                raise AssertionError(f"{path}:{node.lineno}: imports {name}; the package is {TOP}.{name}")
            top, _, inner = name.partition(".")
            if top == TOP and inner.split(".")[0] in PACKAGES:
                yield node.lineno, inner


def graph() -> dict[str, set[str]]:
    return {module: {name for _, name in imported(path)} - {module} for module, path in MODULES.items()}


def test_every_room_is_a_folder_and_the_table_has_no_circle():
    for room in ROOMS:
        assert room in MODULES, f"ROOMS names {room}, which is not a package"
    for room, allowed in ROOMS.items():
        for other in allowed:
            assert other in ROOMS, f"{room} may import {other}, which is not a room"
            assert room not in transitive(other), f"the table itself has a circle: {room} <-> {other}"


def transitive(room: str) -> set[str]:
    seen: set[str] = set()
    todo = [room]
    while todo:
        for other in ROOMS[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_follow_the_direction(module):
    room = room_of(module)
    wrong = [
        f"{MODULES[module].relative_to(ROOT)}:{line}: {room} imports {name} (room {room_of(name)}), "
        f"which it may not (ROOMS in {Path(__file__).name})"
        for line, name in imported(MODULES[module])
        if room_of(name) != room and room_of(name) not in ROOMS[room]
    ]
    assert not wrong, "\n".join(wrong)


def test_reference_imports_nothing_of_the_harness():
    for module, path in MODULES.items():
        if module.startswith("reference"):
            assert not [name for _, name in imported(path) if name.startswith("harness")], module


def find_cycles(edges: dict[str, set[str]]) -> list[str]:
    """Each circle found by a depth-first walk, as `a -> b -> a`."""
    cycles = []
    state: dict[str, int] = {}  # 1 on the stack, 2 done
    stack: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        stack.append(module)
        for other in sorted(edges.get(module, ())):
            if state.get(other) == 1:
                cycles.append(" -> ".join([*stack[stack.index(other) :], other]))
            elif other in edges and other not in state:
                visit(other)
        stack.pop()
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module)
    return cycles


def test_no_import_cycles():
    cycles = find_cycles(graph())
    assert not cycles, "modules that import each other in a circle:\n" + "\n".join(cycles)


def test_the_checks_can_fail(tmp_path):
    """The reader of imports sees an import inside a function and a TYPE_CHECKING one, and the
    cycle finder sees a circle: a check that cannot fail is no check."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from cribcheck.harness.run.runner import Plan\n"
        "def f():\n    import cribcheck.reference.show\n",
        encoding="utf-8",
    )
    assert [name for _, name in imported(sample)] == ["harness.run.runner", "reference.show"]
    bare = tmp_path / "bare.py"
    bare.write_text("import harness.cli\n", encoding="utf-8")
    with pytest.raises(AssertionError, match=r"the package is cribcheck\.harness\.cli"):
        list(imported(bare))
    assert room_of("harness.run.runner") not in ROOMS["harness.engine"]
    circle = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycles(circle) == ["a -> b -> c -> a"]
    assert find_cycles({"a": {"b"}, "b": set()}) == []
