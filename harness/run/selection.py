"""Which case x profile items a run holds: `--profile`, `--case` (globs on ids), `--rule`, `--tag`,
less `--exclude` (globs on ids).

`--case` also takes a result's name as every report prints it, `ID[profile]` or
`ID[profile, profile]`: that case under those profiles only. A glob's own character class
(`s5-[ab]*`) stays a glob: a trailing `[...]` is a list of profiles when every name in it is one.

Filters of one kind are alternatives; filters of different kinds must all hold; a case whose id
matches any `--exclude` is left out whatever else selects it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Any

from cribcheck.harness.contract.words import did_you_mean
from cribcheck.harness.corpus.cases import Case
from cribcheck.harness.results.results import Item, rule_area


@dataclass(frozen=True)
class Selection:
    profiles: tuple[str, ...] = ()
    cases: tuple[str, ...] = ()  # globs on case ids
    rules: tuple[str, ...] = ()  # see rule_matches
    tags: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()  # globs on case ids

    def takes_case(self, case: Case) -> bool:
        if any(fnmatchcase(case.id, pattern) for pattern in self.excluded):
            return False
        if self.rules and not any(rule_matches(rule, pattern) for rule in case.rules for pattern in self.rules):
            return False
        return not self.tags or any(tag in self.tags for tag in case.tags)

    def takes_profile(self, profile: str) -> bool:
        return not self.profiles or profile in self.profiles

    def named(self, profiles: frozenset[str]) -> tuple[tuple[str, frozenset[str]], ...]:
        """The `--case` values as (glob on ids, the profiles named), `profiles` being the names a
        trailing `[...]` may list."""
        return tuple(case_pattern(pattern, profiles) for pattern in self.cases)

    def takes(self, case: Case, profile: str, named: Sequence[tuple[str, frozenset[str]]]) -> bool:
        """Whether the case under `profile` is selected, `named` being `self.named(...)`."""
        return (
            self.takes_case(case)
            and self.takes_profile(profile)
            and (not named or any(_names(glob, only, case, profile) for glob, only in named))
        )

    def items(self, cases: Iterable[Case]) -> list[Item]:
        cases = list(cases)
        named = self.named(all_profiles(cases))
        return [Item(case, profile) for case in cases for profile in case.profiles if self.takes(case, profile, named)]

    def as_json(self) -> dict[str, Any]:
        return {
            "profiles": list(self.profiles),
            "cases": list(self.cases),
            "rules": list(self.rules),
            "tags": list(self.tags),
            "excluded": list(self.excluded),
        }

    def describe(self) -> str:
        parts = [
            f"{flag} {' '.join(values)}"
            for flag, values in (
                ("--profile", self.profiles),
                ("--case", self.cases),
                ("--rule", self.rules),
                ("--tag", self.tags),
                ("--exclude", self.excluded),
            )
            if values
        ]
        return ", ".join(parts) or "everything"


def _names(glob: str, only: frozenset[str], case: Case, profile: str) -> bool:
    """Whether a `--case` value (its glob, the profiles it names) selects this case under `profile`."""
    return fnmatchcase(case.id, glob) and (not only or profile in only)


def all_profiles(cases: Iterable[Case]) -> frozenset[str]:
    return frozenset(profile for case in cases for profile in case.profiles)


def case_pattern(pattern: str, profiles: frozenset[str]) -> tuple[str, frozenset[str]]:
    """A `--case` value as (glob on ids, the profiles it names: none for every profile).
    `s5-pair[five-card, six-card]` -> (`s5-pair`, {five-card, six-card}); `s5-[ab]*` stays a glob."""
    if pattern.endswith("]") and "[" in pattern:
        start = pattern.rindex("[")
        names = frozenset(name.strip() for name in pattern[start + 1 : -1].split(","))
        if start > 0 and names and names <= profiles:
            return pattern[:start], names
    return pattern, frozenset()


def rule_matches(rule: str, pattern: str) -> bool:
    """`pattern` is the rule id, its prefix (`peg` for `peg.go`), its area in the catalogue
    (`pegging`), or a glob on rule ids."""
    return rule == pattern or rule.startswith(pattern + ".") or fnmatchcase(rule, pattern) or rule_area(rule) == pattern


def unknown_filters(selection: Selection, cases: Sequence[Case]) -> list[str]:
    """Filters that match nothing in the whole suite: most likely typos."""
    problems = []
    profiles = {profile for case in cases for profile in case.profiles}
    problems += [
        f"--profile {name}: no case runs under it{did_you_mean(name, profiles)}; "
        f"the profiles: {', '.join(sorted(profiles))}"
        for name in selection.profiles
        if name not in profiles
    ]
    tags = {tag for case in cases for tag in case.tags}
    problems += [f"--tag {name}: no case has it" for name in selection.tags if name not in tags]
    rules = {rule for case in cases for rule in case.rules}
    problems += [
        f"--rule {pattern}: no case cites a matching rule"
        for pattern in selection.rules
        if not any(rule_matches(rule, pattern) for rule in rules)
    ]
    known = all_profiles(cases)
    problems += [
        f"--case {pattern}: no case id matches"
        for pattern in selection.cases
        for glob, only in [case_pattern(pattern, known)]
        if not any(fnmatchcase(case.id, glob) and (not only or only & set(case.profiles)) for case in cases)
    ]
    problems += [
        f"--exclude {pattern}: no case id matches"
        for pattern in selection.excluded
        if not any(fnmatchcase(case.id, pattern) for case in cases)
    ]
    return problems
