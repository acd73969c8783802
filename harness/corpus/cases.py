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
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from cribcheck.harness.contract.files import CASES_DIR, CATALOGUE_FILE, SCHEMA_DIR, display_path, resolved
from cribcheck.harness.corpus.checked import CheckedFiles, cache_folder
from cribcheck.harness.corpus.strict_yaml import YamlProblem, field_path, load_yaml, read_yaml
from cribcheck.harness.operations.features import carries_claims


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

    @cached_property
    def carries_claims(self) -> bool:
        """Whether the input holds muggins claims anywhere, which are not always sent (looked up
        once per case: harness.operations.features.input_sent)."""
        return carries_claims(self.input)


@cache
def case_schema_bytes() -> bytes:
    return (SCHEMA_DIR / "case.schema.json").read_bytes()


@cache
def case_schema() -> dict[str, Any]:
    return json.loads(case_schema_bytes().decode("utf-8"))


@cache
def case_validator() -> Any:
    """The case schema's validator (jsonschema.Draft202012Validator), made when a file must be
    checked: a run whose case files are all in the cache (harness/corpus/checked.py) never
    imports jsonschema, a tenth of a second."""
    import jsonschema

    return jsonschema.Draft202012Validator(case_schema())


def checked_files() -> CheckedFiles:
    """The cache of contents found valid before (harness/corpus/checked.py), for this schema."""
    return CheckedFiles(cache_folder(), case_schema_bytes())


def case_files(root: Path = CASES_DIR) -> list[Path]:
    """Every case file below `root` (a file or folder), the catalogue left out, in a stable order."""
    if root.is_file():
        return [root]
    catalogue = resolved(CATALOGUE_FILE)
    return sorted(
        path
        for path in root.rglob("*.yaml")
        if path.name != CATALOGUE_FILE.name or resolved(path) != catalogue  # a lookup for that name only
    )


def read_case_file(path: Path) -> tuple[dict[str, Any] | None, list[CaseError]]:
    """Read one file strictly (harness.corpus.strict_yaml) and validate it against the case schema,
    once per content: a content found valid before is taken from the cache (harness/corpus/checked.py)."""
    name = display_path(path)
    cache = checked_files()
    try:
        content: bytes | None = path.read_bytes()
        text = content.decode("utf-8")
    except (OSError, RuntimeError, UnicodeDecodeError):
        content = None  # read_yaml says what is wrong with it
    if content is not None:
        known = cache.get(content)
        if known is not None:
            return known, []
    read = read_yaml(path) if content is None else load_yaml(text)
    if read.problems:
        return None, yaml_errors(name, read.problems)
    document = read.value
    errors = [
        CaseError(name, _case_id_at(document, error.absolute_path), _field_path(error.absolute_path), error.message)
        for error in sorted(case_validator().iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
    ]
    if errors:
        return None, errors
    cache.put(content, document)
    return document, []


def yaml_errors(name: str, problems: Iterable[YamlProblem], *, within_entry: bool = True) -> list[CaseError]:
    """The strict loader's problems as CaseErrors: the file, the id of the entry (case, rule) each
    is in, the field path (within that entry when `within_entry`, as the case files' schema
    errors have it), and the line and column."""
    errors = []
    for problem in problems:
        within = problem.path[2:] if problem.owner_id and within_entry else problem.path
        errors.append(CaseError(name, problem.owner_id, field_path(within), problem.text))
    return errors


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
    return field_path(tuple(parts))


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


def load_cases(root: Path = CASES_DIR, *, naming: Iterable[str] = ()) -> list[Case]:
    """Every case below `root`, read strictly and schema-checked, ids unique; raises CaseFileError
    listing every problem found. `naming`: only the files whose text holds one of these words (the
    ids a rerun names: its one file is read, not the whole corpus; the ids' uniqueness across the
    corpus is then lint's to check)."""
    words = [word.encode() for word in naming]
    cases: list[Case] = []
    errors: list[CaseError] = []
    for path in case_files(root):
        if words and not _holds_any(path, words):
            continue
        document, problems = read_case_file(path)
        errors.extend(problems)
        if document is not None:
            cases.extend(cases_of(document, path))
    errors += id_clashes(cases)
    if errors:
        raise CaseFileError(errors)
    return cases


def _holds_any(path: Path, words: list[bytes]) -> bool:
    """Whether the file's bytes hold one of `words` (a file that cannot be read: yes, to say why)."""
    try:
        content = path.read_bytes()
    except OSError:
        return True
    return any(word in content for word in words)


def id_clashes(cases: Iterable[Case], elsewhere: Mapping[str, str] | None = None) -> list[CaseError]:
    """A case whose id an earlier case (or one of `elsewhere`: id -> file) already has."""
    first: dict[str, str] = dict(elsewhere or {})
    errors = []
    for case in cases:
        if case.id in first:
            where = "earlier in this file" if first[case.id] == case.file else f"in {first[case.id]}"
            errors.append(CaseError(case.file, case.id, "id", f"id {case.id} is already used {where}"))
        else:
            first[case.id] = case.file
    return errors


CATALOGUE_PARSE = b"cribcheck-catalogue-parse-1"  # the cache's key for the catalogue's strict parse


@cache
def catalogue() -> dict[str, dict[str, Any]]:
    """The rules catalogue by id (its strict parse kept in the cache of checked files, by content:
    a tenth of a rerun's time otherwise; `cribcheck lint` checks it)."""
    parsed = CheckedFiles(cache_folder(), CATALOGUE_PARSE)
    try:
        content = CATALOGUE_FILE.read_bytes()
    except OSError:
        content = b""
    data: Any = parsed.get(content) if content else None
    if data is None:
        read = read_yaml(CATALOGUE_FILE)
        data = read.value
        if content and not read.problems and isinstance(data, dict):
            parsed.put(content, data)
    if not isinstance(data, dict) or not isinstance(data.get("rules"), list):
        raise OSError(f"{display_path(CATALOGUE_FILE)} cannot be read: run cribcheck lint")
    return {rule["id"]: rule for rule in data["rules"] if isinstance(rule, dict) and "id" in rule}


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
