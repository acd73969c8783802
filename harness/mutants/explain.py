"""`cribcheck explain NAME` for what a diagnosis names besides a case, a rule or a dispute: a known
bug (a mutant of the catalogue, or several joined by `+`) with its description, the rule it breaks
and the cases it fails; and a reading (a profile: a dispute's other reading or a variant) with its
description, its dispute and the cases whose answer under it is its own. Anything else goes to
the corpus's explain (harness/corpus/explain.py)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import Any

from cribcheck.harness.corpus import explain as corpus_explain
from cribcheck.harness.corpus.cases import Case, load_cases
from cribcheck.harness.corpus.explain import rule_lines, rules_by_id
from cribcheck.harness.mutants.catalogue import MUTANTS, mutants_named
from cribcheck.harness.mutants.kill_table import kill_tables
from cribcheck.reference import CribbageError, load_profile, profile_names

SHOWN = 10  # cases listed by name; the rest counted


def add_arguments(parser: argparse.ArgumentParser) -> None:
    corpus_explain.add_arguments(parser)


def main(args: argparse.Namespace) -> int:
    text = explain_named(args.case_id, args.cases, args.catalogue)
    if text is None:
        return corpus_explain.main(args)
    print(text)
    return 0


def explain_named(name: str, cases_root: Any, catalogue: Any) -> str | None:
    """The explanation of a known bug or a reading named `name`; None when it is neither."""
    known = {mutant.name for mutant in MUTANTS}
    if name and all(part in known for part in name.split("+")):
        return explain_bug(name, load_cases(cases_root), rules_by_id(catalogue))
    if name in profile_names():
        return explain_reading(name, load_cases(cases_root), rules_by_id(catalogue))
    return None


def explain_bug(name: str, cases: Sequence[Case], rules: Mapping[str, Mapping[str, Any]]) -> str:
    """A known bug: each of its mutants' description, rule and where the patch goes; then the
    corpus's case x profile runs whose answer under it disagrees with the expectation."""
    parts = mutants_named(name)
    lines = [f"known bug {name}: a mutant of the reference engine (harness/mutants/catalogue.py)"]
    for mutant in parts:
        lines += [f"  {mutant.name}: {mutant.description}", f"    patched: {mutant.patch.where}"]
        lines += ["    " + line for line in rule_lines(mutant.rule, rules.get(mutant.rule))]
    (table,) = kill_tables(cases, parts)
    for mutant in parts:
        failed = table[mutant.name]
        lines.append(f"cases {mutant.name} fails: {len(failed)} case x profile runs{':' if failed else ''}")
        lines += [f"  {label}" for label in failed[:SHOWN]]
        if len(failed) > SHOWN:
            lines.append(f"  ... and {len(failed) - SHOWN} more")
    return "\n".join(lines)


def explain_reading(name: str, cases: Sequence[Case], rules: Mapping[str, Mapping[str, Any]]) -> str:
    """A profile a diagnosis names as the engine's reading: its description, what it is a variant
    of, its dispute's rule, and the cases that give it an expectation of its own (where its
    answer is not its game's)."""
    try:
        profile = load_profile(name)
    except CribbageError as error:
        return f"profile {name}: {error.message}"
    lines = [f"reading {name}: {profile.description}"]
    if profile.variant_of:
        lines.append(f"  a variant of {profile.variant_of}: an engine that plays it claims {name} in its hello")
    dispute = [rule for rule, entry in rules.items() if profile.dispute and entry.get("dispute") == profile.dispute]
    for rule in dispute:
        lines += ["  " + line for line in rule_lines(rule, rules.get(rule))]
    own = [case.id for case in cases if name in case.profiles and name in case.expect]
    lines.append(f"cases whose answer under {name} is its own: {len(own)}{':' if own else ''}")
    lines += [f"  {case_id}" for case_id in own[:SHOWN]]
    if len(own) > SHOWN:
        lines.append(f"  ... and {len(own) - SHOWN} more")
    return "\n".join(lines)
