"""Expectations files: the cases an engine is known to fail, with a reason and an optional link.

A listed case that fails (or errors) is an expected failure, `xfail`; one that passes is `xpass`,
a stale entry that fails the run until it is removed. An entry naming an id the suite does not
have, or a profile its case does not list, is an error before anything runs. The file is YAML or
JSON, checked against schema/report/expectations.schema.json.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from cribcheck.harness.corpus.cases import Case
from cribcheck.harness.corpus.strict_yaml import YamlProblem, field_path, read_yaml

SCHEMA = "report/expectations.schema.json"


class ExpectationsError(Exception):
    """The expectations file cannot be used; the message lists every problem."""


@dataclass(frozen=True)
class Expectation:
    id: str
    reason: str
    profile: str | None = None
    link: str | None = None

    def as_json(self) -> dict[str, str]:
        out = {"id": self.id}
        if self.profile is not None:
            out["profile"] = self.profile
        out["reason"] = self.reason
        if self.link is not None:
            out["link"] = self.link
        return out


@dataclass(frozen=True)
class Expectations:
    entries: tuple[Expectation, ...] = ()
    source: str | None = None

    def for_item(self, case_id: str, profile: str) -> Expectation | None:
        """The first entry for this case under this profile (or every profile), if any."""
        for entry in self._by_id.get(case_id, ()):
            if entry.profile in (None, profile):
                return entry
        return None

    @cached_property
    def _by_id(self) -> dict[str, list[Expectation]]:
        """The entries by case id, in order (looked up for every result of a run)."""
        found: dict[str, list[Expectation]] = {}
        for entry in self.entries:
            found.setdefault(entry.id, []).append(entry)
        return found


def _located(problem: YamlProblem) -> str:
    """`expected_failures[2] (show-x) at reason: line 4, column 5: ...`: the entry, its id, the field."""
    where = field_path(problem.path[:2])
    if problem.owner_id:
        where += f" ({problem.owner_id})"
    if len(problem.path) > 2:
        where += f" at {field_path(problem.path[2:])}"
    return f"{where}: {problem.text}" if where else problem.text


def load_expectations(path: Path, cases: Iterable[Case]) -> Expectations:
    """Read and check an expectations file against the whole suite (not just the selection)."""
    from cribcheck.harness.contract.schemas import problems

    read = read_yaml(path)  # strictly: no key twice, no alias, only what JSON holds
    if read.problems:
        raise ExpectationsError(f"{path}: cannot be used:\n  " + "\n  ".join(_located(p) for p in read.problems))
    document = read.value
    found = problems(SCHEMA, document)
    if found:
        raise ExpectationsError(f"{path} does not match schema/{SCHEMA}:\n  " + "\n  ".join(found))
    entries = tuple(
        Expectation(id=raw["id"], reason=raw["reason"], profile=raw.get("profile"), link=raw.get("link"))
        for raw in document["expected_failures"]
    )
    known = {case.id: case for case in cases}
    errors = []
    seen: set[tuple[str, str | None]] = set()
    for number, entry in enumerate(entries):
        where = f"expected_failures[{number}] ({entry.id})"
        case = known.get(entry.id)
        if case is None:
            errors.append(f"{where}: unknown case id: the suite has no such case (renamed or retired?)")
        elif entry.profile is not None and entry.profile not in case.profiles:
            errors.append(
                f"{where}: the case does not run under profile {entry.profile!r} (it lists {', '.join(case.profiles)})"
            )
        if (entry.id, entry.profile) in seen:
            errors.append(f"{where}: listed twice")
        seen.add((entry.id, entry.profile))
    if errors:
        raise ExpectationsError(f"{path}: stale or unknown entries:\n  " + "\n  ".join(errors))
    return Expectations(entries, str(path))
