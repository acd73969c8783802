"""Counts by rule and by rule area x profile, and how a set of counts reads at a glance: a symbol
and a word besides any colour (✓ passed, ✗ failed, ! errors, ~ skipped or expected failures,
– not applicable), and a figure such as `12/15`.

A result counts under every rule its case cites, and once under each area of those rules; so a
case citing `show.runs` and `show.fifteens` counts for both rules and once for `show`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from cribcheck.harness.results.results import (
    CaseResult,
    applicable,
    compliance_percent,
    empty_counts,
    passed,
    rule_area,
)
from cribcheck.harness.results.status import Status

Counts = Mapping[str, int]


@dataclass(frozen=True)
class Verdict:
    symbol: str
    word: str
    css: str  # the class the HTML report colours by


PASSED = Verdict("✓", "passed", "pass")
FAILED = Verdict("✗", "failed", "fail")
ERRORS = Verdict("!", "errors", "error")
PARTIAL = Verdict("~", "skipped or expected to fail", "partial")
NOT_APPLICABLE = Verdict("–", "not applicable", "na")
NOTHING = Verdict("", "no cases", "none")
VERDICTS = (PASSED, FAILED, ERRORS, PARTIAL, NOT_APPLICABLE)


def verdict(counts: Counts) -> Verdict:
    """The worst that happened: a wrong answer (or a stale expected failure), then an error, then
    a skip or expected failure; all passed; or nothing applicable."""
    if counts.get(Status.FAIL.value, 0) or counts.get(Status.XPASS.value, 0):
        return FAILED
    if counts.get(Status.ERROR.value, 0):
        return ERRORS
    if counts.get(Status.SKIP.value, 0) or counts.get(Status.XFAIL.value, 0):
        return PARTIAL
    if applicable(counts):
        return PASSED
    return NOT_APPLICABLE if counts.get(Status.NOT_APPLICABLE.value, 0) else NOTHING


def figure(counts: Counts) -> str:
    """`passed/applicable`, or `n/a` when nothing was applicable, or `` for no results."""
    total = applicable(counts)
    if total:
        return f"{passed(counts):,}/{total:,}"
    return "n/a" if counts.get(Status.NOT_APPLICABLE.value, 0) else ""


def percent(counts: Counts) -> str:
    """`98.5%`, or `n/a`: the one compliance figure of every report (results.compliance_percent)."""
    return compliance_percent(counts)


def compliance_message(counts: Counts) -> str:
    """`98.5% (1,315/1,335)`."""
    total = applicable(counts)
    return f"{percent(counts)} ({passed(counts):,}/{total:,})" if total else "n/a"


def add(into: dict[str, int], status: Status) -> None:
    into[status.value] += 1


def by_rule(results: Iterable[CaseResult]) -> dict[str, dict[str, int]]:
    """Counts per rule id, rules ordered by area then id."""
    found: dict[str, dict[str, int]] = {}
    for result in results:
        for rule in dict.fromkeys(result.case.rules):
            add(found.setdefault(rule, empty_counts()), result.status)
    return {rule: found[rule] for rule in sorted(found, key=lambda rule: (rule_area(rule), rule))}


@dataclass(frozen=True)
class Matrix:
    """Rule areas and rules down, profiles across: the counts of every cell."""

    profiles: tuple[str, ...]
    areas: Mapping[str, Mapping[str, Counts]]  # area -> profile -> counts
    rules: Mapping[str, Mapping[str, Mapping[str, Counts]]]  # area -> rule -> profile -> counts

    @classmethod
    def of(cls, results: Iterable[CaseResult]) -> Matrix:
        profiles: set[str] = set()
        areas: dict[str, dict[str, dict[str, int]]] = {}
        rules: dict[str, dict[str, dict[str, dict[str, int]]]] = {}
        for result in results:
            profiles.add(result.profile)
            for area in dict.fromkeys(rule_area(rule) for rule in result.case.rules):
                add(areas.setdefault(area, {}).setdefault(result.profile, empty_counts()), result.status)
            for rule in dict.fromkeys(result.case.rules):
                row = rules.setdefault(rule_area(rule), {}).setdefault(rule, {})
                add(row.setdefault(result.profile, empty_counts()), result.status)
        return cls(
            profiles=tuple(sorted(profiles)),
            areas={area: areas[area] for area in sorted(areas)},
            rules={area: {rule: rules[area][rule] for rule in sorted(rules[area])} for area in sorted(rules)},
        )

    def total(self, row: Mapping[str, Counts]) -> dict[str, int]:
        """A row's counts over every profile."""
        out = empty_counts()
        for counts in row.values():
            for name, count in counts.items():
                out[name] += count
        return out
