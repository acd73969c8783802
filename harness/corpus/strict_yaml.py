"""Reading the suite's YAML (case files, the catalogue, expectations files) strictly.

A YAML safe loader is not strict enough for files whose every value is sent to an engine or
compared: it keeps the last of two equal keys (a second `cases:` drops the first block unseen),
expands aliases (a "billion laughs" file of a few lines expands to more values than memory holds,
and checking it against the schema never ends), reads `.nan` and `.inf` (sent on as `NaN`, which
is not JSON), turns a run of 5,000 digits into a ValueError, and reads dates, binary and sets,
which JSON has no word for.

So the file is composed by the safe loader (libyaml's when PyYAML has it) and the node tree built
into values here, checking as it goes:

- no mapping key twice (YAML says keys are unique; PyYAML keeps the last silently);
- no alias, and no merge key (`<<`). All aliases are refused, not those beyond a bound: the
  corpus uses none, a case is meant to be read (and copied) on its own, and an alias makes one
  value stand for another place's, so that editing one case changes another; with none allowed,
  no bound needs choosing and no expansion can blow up;
- only what JSON holds: null, booleans, integers within ±(2^53 - 1), finite numbers of at most 100
  characters, strings without lone surrogates, lists, and mappings with string keys; nothing
  nested deeper than 64 levels (harness/contract/limits.py, the same limits as an engine's
  answers).

Every problem is a YamlProblem naming where it is: the field path (`cases[3].input.cards[0]`),
the line and column, and the `id` of the entry of the top-level list it is in (a case, a rule, an
expectation) when that entry has one.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from cribcheck.harness.contract.files import SAFE_LOADER
from cribcheck.harness.contract.limits import MAX_DEPTH, MAX_INTEGER, MAX_NUMBER_CHARS

TAG = "tag:yaml.org,2002:"
SYNTAX = "invalid YAML: "
MAX_INTEGER_CHARS = 40  # characters of an integer's text read at all (0x..., 1_000, signs)
SHOWN = 40  # characters of an offending value quoted in a problem
PathPart = str | int
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True)
class YamlProblem:
    """One reason a YAML file is refused: where (the field path, the line and column, the id of
    the top-level entry it is in) and what."""

    path: tuple[PathPart, ...]
    message: str
    line: int | None = None  # from 1
    column: int | None = None
    owner_id: str | None = None  # the `id` of cases[i] (rules[i], expected_failures[i]) it is in

    @property
    def where(self) -> str:
        return f"line {self.line}, column {self.column}" if self.line is not None else ""

    @property
    def text(self) -> str:
        """The message with its line and column (after `invalid YAML: ` for a syntax error)."""
        if not self.where:
            return self.message
        syntax, _, rest = self.message.partition(SYNTAX)
        return f"{SYNTAX}{self.where}: {rest}" if not syntax else f"{self.where}: {self.message}"


@dataclass(frozen=True)
class StrictYaml:
    """A file read strictly: every problem, and what could be built (each offending value left
    out or None; None when the file could not be read or composed at all)."""

    built: Any
    problems: tuple[YamlProblem, ...] = ()

    @property
    def value(self) -> Any:
        """The file's value, or None when it has any problem."""
        return None if self.problems else self.built


def field_path(parts: tuple[PathPart, ...]) -> str:
    """`cases[3].input.cards[0]` from ("cases", 3, "input", "cards", 0)."""
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def read_yaml(path: Path) -> StrictYaml:
    """Read and build one file; unreadable, not UTF-8, a symbolic link loop, not YAML, or any
    check above failing gives problems, never an exception."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        return _failed(f"not UTF-8 text: {error}")
    except OSError as error:
        if error.errno == 40:  # ELOOP
            return _failed("a symbolic link loop: the link never reaches a file")
        return _failed(f"cannot read: {error.strerror or error}")
    except RuntimeError as error:  # pathlib's own symlink-loop error
        return _failed(f"a symbolic link loop: {error}")
    return load_yaml(text)


def load_yaml(text: str) -> StrictYaml:
    """Compose `text` with the safe loader and build it with every check above."""
    try:
        node = yaml.compose(text, Loader=SAFE_LOADER)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error)
        return StrictYaml(None, (_problem((), f"{SYNTAX}{problem}", mark),))
    except RecursionError:
        return _failed(f"{SYNTAX}nested too deep to read")
    if node is None:
        return StrictYaml(None)  # an empty file: the schema says what is missing
    builder = _Builder()
    built = builder.build(node, (), 0)
    return StrictYaml(built, tuple(builder.problems))


def _failed(message: str) -> StrictYaml:
    return StrictYaml(None, (YamlProblem((), message),))


def _problem(path: tuple[PathPart, ...], message: str, mark: Any, owner: str | None = None) -> YamlProblem:
    line = mark.line + 1 if mark is not None else None
    column = mark.column + 1 if mark is not None else None
    return YamlProblem(path, message, line, column, owner)


def _shown(text: str) -> str:
    return repr(text) if len(text) <= SHOWN else f"{text[:SHOWN]!r}... ({len(text)} characters)"


class _Builder:
    """Builds values from one document's nodes, collecting problems (a builder per file)."""

    def __init__(self) -> None:
        self.problems: list[YamlProblem] = []
        self._seen: set[int] = set()  # the nodes built so far: a node met twice is an alias
        self._owner: str | None = None
        self._scalars = SafeConstructor()

    def _refuse(self, node: Node, path: tuple[PathPart, ...], message: str) -> None:
        self.problems.append(_problem(path, message, node.start_mark, self._owner))

    def _alias(self, node: Node, path: tuple[PathPart, ...]) -> None:
        """An alias is the node it names, met again: the composer keeps no place of the alias
        itself, so the problem has the field path and names the anchored value's line."""
        line = node.start_mark.line + 1
        message = f"an alias (*name) of the value on line {line}: aliases are not allowed; write the value out"
        self.problems.append(YamlProblem(path, message, owner_id=self._owner))

    def build(self, node: Node, path: tuple[PathPart, ...], depth: int) -> Any:
        if id(node) in self._seen:
            self._alias(node, path)
            return None
        self._seen.add(id(node))
        if isinstance(node, ScalarNode):
            return self._scalar(node, path)
        if depth >= MAX_DEPTH:
            self._refuse(node, path, f"nested more than {MAX_DEPTH} levels deep")
            return None
        if isinstance(node, SequenceNode) and node.tag == TAG + "seq":
            return [self._item(child, (*path, index), depth) for index, child in enumerate(node.value)]
        if isinstance(node, MappingNode) and node.tag == TAG + "map":
            return self._mapping(node, path, depth)
        self._refuse(node, path, f"a value tagged {node.tag}: only what JSON holds is allowed")
        return None

    def _item(self, child: Node, path: tuple[PathPart, ...], depth: int) -> Any:
        """An item of a list; an item of a top-level list names its entry's id in problems."""
        if len(path) != 2:
            return self.build(child, path, depth + 1)
        self._owner = _id_of(child)
        try:
            return self.build(child, path, depth + 1)
        finally:
            self._owner = None

    def _mapping(self, node: MappingNode, path: tuple[PathPart, ...], depth: int) -> dict[str, Any]:
        value: dict[str, Any] = {}
        first: dict[str, int] = {}  # key -> its line
        for key_node, value_node in node.value:
            if key_node.tag == TAG + "merge":
                self._refuse(key_node, path, "a merge key (<<): write the keys out")
                continue
            if not isinstance(key_node, ScalarNode) or key_node.tag != TAG + "str":
                shown = _shown(str(key_node.value)) if isinstance(key_node, ScalarNode) else "a collection"
                self._refuse(key_node, path, f"the key {shown} is not a string (quote it)")
                continue
            if id(key_node) in self._seen:
                self._alias(key_node, path)
                continue
            self._seen.add(id(key_node))
            key = self._string(key_node, path)
            if key in first:
                self._refuse(
                    key_node,
                    (*path, key),
                    f"the key {key!r} is given twice (first on line {first[key]}); YAML would keep only the last",
                )
                continue
            first[key] = key_node.start_mark.line + 1
            value[key] = self.build(value_node, (*path, key), depth + 1)
        return value

    def _scalar(self, node: ScalarNode, path: tuple[PathPart, ...]) -> Any:
        tag = node.tag.removeprefix(TAG)
        if tag == "str":
            return self._string(node, path)
        if tag == "null":
            return None
        if tag == "bool":
            return self._scalars.construct_yaml_bool(node)
        if tag == "int":
            return self._integer(node, path)
        if tag == "float":
            return self._number(node, path)
        self._refuse(node, path, f"{_shown(node.value)} is read as a {tag}: only what JSON holds is allowed (quote it)")
        return None

    def _string(self, node: ScalarNode, path: tuple[PathPart, ...]) -> str:
        text = str(node.value)
        lone = _LONE_SURROGATE.search(text)
        if lone is not None:
            self._refuse(node, path, f"a lone surrogate {lone.group()!r} in a string (not Unicode text)")
        return text

    def _integer(self, node: ScalarNode, path: tuple[PathPart, ...]) -> int | None:
        text = str(node.value)
        number = self._scalars.construct_yaml_int(node) if len(text) <= MAX_INTEGER_CHARS else None
        if number is None or abs(number) > MAX_INTEGER:
            self._refuse(node, path, f"the integer {_shown(text)} is beyond the limit of ±{MAX_INTEGER} (2^53 - 1)")
            return None
        return int(number)

    def _number(self, node: ScalarNode, path: tuple[PathPart, ...]) -> float | None:
        text = str(node.value)
        if len(text) > MAX_NUMBER_CHARS:
            self._refuse(node, path, f"the number {_shown(text)} is longer than {MAX_NUMBER_CHARS} characters")
            return None
        number = float(self._scalars.construct_yaml_float(node))
        if not math.isfinite(number):
            self._refuse(node, path, f"{text} is not a finite number (JSON has no NaN or infinity)")
            return None
        return number


def _id_of(node: Node) -> str | None:
    """The `id` of a mapping node, when it has a plain string one."""
    if not isinstance(node, MappingNode):
        return None
    ids = [value for key, value in _pairs(node) if key == "id"]
    value = ids[0] if ids else None
    return str(value.value) if isinstance(value, ScalarNode) and value.tag == TAG + "str" else None


def _pairs(node: MappingNode) -> Iterator[tuple[Any, Node]]:
    for key_node, value_node in node.value:
        if isinstance(key_node, ScalarNode):
            yield key_node.value, value_node
