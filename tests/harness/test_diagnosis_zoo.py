"""The zoo of bugs the diagnosis does not own (tests/harness/diagnosis_zoo/): at least ten, none of
them a mutant of the catalogue (the diagnosis replays only those), each one live (it changes an
answer to a case of the rule it breaks) and unlike every mutant of that rule (for each, a case of
the rule that the two answer differently), so benchmarks/diagnosis.py measures the diagnosis on
bugs it has never seen."""

from __future__ import annotations

from typing import Any

import pytest

from cribcheck.harness.corpus.cases import Case, load_cases
from cribcheck.harness.mutants.catalogue import MUTANTS
from cribcheck.harness.operations.answers import cached_profiles, run_reference
from cribcheck.harness.results.results import rule_text

from .diagnosis_zoo.bugs import BUGS, ZooBug

ASKED = 40  # cases of the rule asked at most, each under its first profile


def test_at_least_ten_bugs_none_of_them_a_mutant() -> None:
    assert len(BUGS) >= 10  # issue 27: at least 10 one-bug engines outside the catalogue
    names = [bug.name for bug in BUGS]
    assert len(set(names)) == len(names)
    assert not set(names) & {mutant.name for mutant in MUTANTS}
    assert all(rule_text(bug.rule) is not None for bug in BUGS), "a zoo bug breaks a rule of the catalogue"


def answers(cases: list[Case], bug: Any = None) -> list[Any]:
    """The answers to `cases` (each under its first profile), with `bug` in place if given."""
    found = []
    for case in cases:
        op, data, profile = case.op, case.input, case.request_profile or case.profiles[0]
        try:
            if bug is None:
                found.append(run_reference(op, data, profile))
            else:
                with bug.applied():
                    found.append(run_reference(op, data, profile))
        except Exception as error:  # a bug whose code raises answers with its error
            found.append(repr(error))
    return found


@pytest.mark.parametrize("bug", BUGS, ids=lambda bug: bug.name)
def test_each_bug_is_live_and_unlike_every_mutant_of_its_rule(bug: ZooBug) -> None:
    cases = [case for case in load_cases() if bug.rule in case.rules and case.profiles][:ASKED]
    with cached_profiles():
        right = answers(cases)
        wrong = answers(cases, bug.patch)
        assert wrong != right, f"{bug.name} changes no answer to a case of {bug.rule}"
        for mutant in MUTANTS:
            if mutant.rule == bug.rule:
                assert answers(cases, mutant) != wrong, f"{bug.name} answers as the mutant {mutant.name}"
