"""Case files: safe loading, validation against schema/case.schema.json, and the Case record.

Data flows one way: case files -> `load_cases` -> runner. Any bad input is reported as a
`CaseError` naming the file, the case id and the field path.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from harness.contract.files import CASES_DIR, CATALOGUE_FILE, SAFE_LOADER, SCHEMA_DIR, display_path


@dataclass(frozen=True)
class CaseError:
    """One problem with the case files: where it is and what is wrong."""

    file: str
    case_id: str | None
    path: str
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.case_id:
            where += f" [{self.case_id}]"
        if self.path:
            where += f" at {self.path}"
        return f"{where}: {self.message}"


class CaseFileError(Exception):
    def __init__(self, errors: list[CaseError]) -> None:
        super().__init__("\n".join(str(error) for error in errors))
        self.errors = errors


@dataclass(frozen=True)
class Case:
    id: str
    title: str
    rules: tuple[str, ...]
    tags: tuple[str, ...]
    profiles: tuple[str, ...]
    op: str
    input: Mapping[str, Any]
    expect: Mapping[str, Mapping[str, Any]]
    explain: str
    file: str
    topic: str
    request_profile: str | None = None
    raw: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def expected(self, profile: str) -> Mapping[str, Any]:
        """The expectation under `profile`: its own entry, else `default`."""
        if profile in self.expect:
            return self.expect[profile]
        return self.expect["default"]

    def profile_sent(self, profile: str) -> str:
        """The profile name the engine is asked to play (differs only for unknown_profile cases)."""
        return self.request_profile or profile


@cache
def case_schema() -> dict[str, Any]:
    return json.loads((SCHEMA_DIR / "case.schema.json").read_text(encoding="utf-8"))


def case_files(root: Path = CASES_DIR) -> list[Path]:
    """Every case file below `root` (a file or folder), the catalogue left out, in a stable order."""
    if root.is_file():
        return [root]
    return sorted(path for path in root.rglob("*.yaml") if path.resolve() != CATALOGUE_FILE.resolve())


def read_case_file(path: Path) -> tuple[dict[str, Any] | None, list[CaseError]]:
    """Safe-load one file and validate it against the case schema."""
    name = display_path(path)
    try:
        document = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    except (OSError, UnicodeDecodeError) as error:
        return None, [CaseError(name, None, "", f"cannot read: {error}")]
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = getattr(error, "problem", None) or str(error)
        return None, [CaseError(name, None, "", f"invalid YAML: {where}{problem}")]
    validator = jsonschema.Draft202012Validator(case_schema())
    errors = [
        CaseError(name, _case_id_at(document, error.absolute_path), _field_path(error.absolute_path), error.message)
        for error in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
    ]
    return (None if errors else document), errors


def _case_id_at(document: Any, path: Iterable[Any]) -> str | None:
    parts = list(path)
    if len(parts) >= 2 and parts[0] == "cases" and isinstance(document, dict):
        try:
            case = document["cases"][parts[1]]
        except (IndexError, KeyError, TypeError):
            return None
        if isinstance(case, dict) and isinstance(case.get("id"), str):
            return case["id"]
    return None


def _field_path(path: Iterable[Any]) -> str:
    parts = list(path)
    if len(parts) >= 2 and parts[0] == "cases":
        parts = parts[2:]  # the case id already names the case
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def cases_of(document: Mapping[str, Any], path: Path) -> list[Case]:
    name = display_path(path)
    return [
        Case(
            id=raw["id"],
            title=raw["title"],
            rules=tuple(raw["rules"]),
            tags=tuple(raw.get("tags", ())),
            profiles=tuple(raw["profiles"]),
            op=raw["op"],
            input=raw["input"],
            expect=raw["expect"],
            explain=raw.get("explain", ""),
            file=name,
            topic=document.get("topic", ""),
            request_profile=raw.get("request_profile"),
            raw=raw,
        )
        for raw in document["cases"]
    ]


def load_cases(root: Path = CASES_DIR) -> list[Case]:
    """Every case below `root`, schema-checked; raises CaseFileError listing every problem found."""
    cases: list[Case] = []
    errors: list[CaseError] = []
    for path in case_files(root):
        document, problems = read_case_file(path)
        errors.extend(problems)
        if document is not None:
            cases.extend(cases_of(document, path))
    if errors:
        raise CaseFileError(errors)
    return cases


@cache
def catalogue() -> dict[str, dict[str, Any]]:
    """The rules catalogue by id."""
    data = yaml.safe_load(CATALOGUE_FILE.read_text(encoding="utf-8"))
    return {rule["id"]: rule for rule in data["rules"]}


OLD_CASES_SPELLINGS = ("--cases-dir", "--cases-root")  # hidden, deprecated: `--cases` in every command


def existing_path(text: str) -> Path:
    """An argparse type: a path that exists (else argparse's exit 2, naming it)."""
    path = Path(text)
    if not path.exists():
        raise argparse.ArgumentTypeError(f"no such file or folder: {text}")
    return path


class _DeprecatedSpelling(argparse.Action):
    """An old spelling of an option: stores its value, with a warning on stderr."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: Any = None
    ) -> None:
        print(f"{parser.prog}: warning: {option} is deprecated, use --cases", file=sys.stderr)
        setattr(namespace, self.dest, values)


def add_cases_argument(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """`--cases DIR`, the one name of the corpus option in every command (`args.cases`)."""
    parser.add_argument(
        "--cases",
        type=existing_path,
        default=CASES_DIR,
        metavar="DIR",
        help="the corpus: a folder of case files, or one case file (default: the suite's own)",
    )
    for spelling in OLD_CASES_SPELLINGS:
        parser.add_argument(
            spelling,
            dest="cases",
            type=existing_path,
            default=argparse.SUPPRESS,
            action=_DeprecatedSpelling,
            help=argparse.SUPPRESS,
        )


def add_corpus_arguments(parser: argparse.ArgumentParser) -> None:
    """`--cases` and `--catalogue`: which corpus and catalogue a command reads."""
    add_cases_argument(parser)
    parser.add_argument(
        "--catalogue",
        type=existing_path,
        default=CATALOGUE_FILE,
        metavar="FILE",
        help="the rules catalogue (default: the suite's own rules.yaml)",
    )
