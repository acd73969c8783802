"""How big an adapter is: the code lines of each example, the engine's own and the adapter's (what
an author writes to connect the engine to cribcheck), now and, where the example existed before
claims per operation and the Node helper, as it was then (read from git at BEFORE_REVISION).

A code line is a line that is neither blank nor only a comment (nor, in Python, a docstring). In a
file that holds both, the engine is what lies between a `--- the engine` comment and a `--- the
adapter` comment; the older files had no such split, so their engine lines are given by number.

    python3 benchmarks/adapter_lines.py        # the table of docs/checking-your-engine.md
"""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BEFORE_REVISION = "ed2a7c3"  # main before this work (issue 29)


@dataclass(frozen=True)
class Source:
    """One file of an example: its path, the revision to read it at (None: the working tree), and
    the lines (from 1) of the engine in it, when no marker says so."""

    path: str
    revision: str | None = None
    engine_lines: tuple[tuple[int, int], ...] | None = None
    all_engine: bool = False


EXAMPLES: dict[str, dict[str, tuple[Source, ...]]] = {
    "node-show-only": {
        # the old adapter.js: one file; its engine was subsets, value, runPoints (52-79) and the
        # counting lines of show (92-103); the rest read and judged the input and spoke the protocol
        "before": (Source("examples/node-show-only/adapter.js", BEFORE_REVISION, ((52, 79), (92, 103))),),
        "after": (
            Source("examples/node-show-only/engine.js", all_engine=True),
            Source("examples/node-show-only/adapter.js"),
        ),
    },
    "python-show-only": {
        # the old engine.py: its engine was run_points (50-61) and the counting lines of show (74-86)
        "before": (Source("examples/python-show-only/engine.py", BEFORE_REVISION, ((50, 61), (74, 86))),),
        "after": (Source("examples/python-show-only/engine.py"),),
    },
    "c-show-only": {
        "after": (
            Source("examples/c-show-only/scorer.c", all_engine=True),
            Source("examples/c-show-only/scorer.h", all_engine=True),
            Source("examples/c-show-only/adapter.py"),
        ),
    },
    "java-jpype": {
        "after": (
            Source("examples/java-jpype/Crib.java", all_engine=True),
            Source("examples/java-jpype/adapter.py"),
        ),
    },
}


def text_of(source: Source) -> str:
    if source.revision is None:
        return (ROOT / source.path).read_text(encoding="utf-8")
    done = subprocess.run(
        ["git", "show", f"{source.revision}:{source.path}"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return done.stdout


def code_lines(path: str, text: str) -> list[int]:
    """The numbers (from 1) of the code lines of a file."""
    lines = text.splitlines()
    skipped: set[int] = set()
    if path.endswith(".py"):
        for node in ast.walk(ast.parse(text)):
            body = getattr(node, "body", None)
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
                value = body[0].value
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    skipped.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
        comment = ("#",)
    else:
        comment = ("//", "/*", "*", "*/")
    return [
        number
        for number, line in enumerate(lines, start=1)
        if line.strip() and not line.strip().startswith(comment) and number not in skipped
    ]


def engine_lines(source: Source, text: str) -> set[int]:
    """The lines of the engine in a file: by the given numbers, by the markers, or none."""
    lines = text.splitlines()
    if source.all_engine:
        return set(range(1, len(lines) + 1))
    if source.engine_lines is not None:
        return {number for start, end in source.engine_lines for number in range(start, end + 1)}
    engine: set[int] = set()
    inside = False
    for number, line in enumerate(lines, start=1):
        if "--- the engine" in line:
            inside = True
        elif "--- the adapter" in line:
            inside = False
        elif inside:
            engine.add(number)
    return engine


def measure(sources: tuple[Source, ...]) -> tuple[int, int]:
    """(engine, adapter) code lines of an example's files."""
    engine = adapter = 0
    for source in sources:
        text = text_of(source)
        ours = engine_lines(source, text)
        for number in code_lines(source.path, text):
            if number in ours:
                engine += 1
            else:
                adapter += 1
    return engine, adapter


def main() -> int:
    print(f"code lines (not blank, not a comment or docstring); before = {BEFORE_REVISION}, after = the working tree")
    print(f"{'example':18} {'engine before':>13} {'adapter before':>14} {'engine after':>12} {'adapter after':>13}")
    for name, versions in EXAMPLES.items():
        before = measure(versions["before"]) if "before" in versions else None
        after = measure(versions["after"])
        old = f"{before[0]:>13} {before[1]:>14}" if before else f"{'-':>13} {'-':>14}"
        print(f"{name:18} {old} {after[0]:>12} {after[1]:>13}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
