"""`cribcheck mutants`: the kill table. Every mutant of harness/mutants/catalogue.py runs on every
case x profile of the corpus; a case kills a mutant when the mutant's answer disagrees with the
case's expectation (harness.operations.compare.mismatches). A mutant no case kills (a survivor)
names a hole in the corpus.

    python3 -m harness.mutants.kill_table     # the kill table; exit 1 if any mutant survives
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterable, Mapping, Sequence

from harness.corpus.cases import Case, CaseFileError, add_cases_argument, load_cases
from harness.mutants.catalogue import MUTANTS, get_mutant, mutant_names
from harness.mutants.mutation import Mutant
from harness.operations.answers import cached_profiles, run_reference
from harness.operations.compare import mismatches

SHOWN_KILLERS = 3  # case ids printed per mutant
DESCRIPTION = "run every mutant engine on the case corpus and print the kill table; exit 1 if any survives"


def case_label(case: Case, profile: str) -> str:
    return f"{case.id}[{profile}]"


class MutantCrash(RuntimeError):
    """A mutant raised instead of answering: a fault of the mutant's code, never counted as a kill."""


def kills(case: Case, profile: str) -> bool:
    """Does the engine as it is now (a mutant applied) disagree with `case` under `profile`?"""
    answer = run_reference(case.op, case.input, case.profile_sent(profile))
    return bool(mismatches(case.expected(profile), answer))


def kill_table(cases: Iterable[Case], mutants: Sequence[Mutant] = MUTANTS) -> dict[str, list[str]]:
    """For each mutant, the case x profile runs that kill it (`case-id[profile]`), in corpus order.
    A case kills a mutant when the mutant's answer disagrees with the case's expectation."""
    runs = [(case, profile) for case in cases for profile in case.profiles]
    table: dict[str, list[str]] = {}
    with cached_profiles():
        for mutant in mutants:
            with mutant.applied():
                table[mutant.name] = [
                    case_label(case, profile) for case, profile in runs if _kills(mutant, case, profile)
                ]
    return table


def _kills(mutant: Mutant, case: Case, profile: str) -> bool:
    try:
        return kills(case, profile)
    except Exception as error:
        raise MutantCrash(f"mutant {mutant.name} crashed on {case_label(case, profile)}: {error!r}") from error


def survivors(table: Mapping[str, Sequence[str]]) -> list[str]:
    return [name for name, killers in table.items() if not killers]


def format_table(table: Mapping[str, Sequence[str]], runs: int) -> list[str]:
    """The kill table as text lines: each mutant, its number of killing runs and the first few."""
    width = max(len(name) for name in table)
    lines = [f"{len(table)} mutants x {runs} case x profile runs"]
    for mutant in MUTANTS:
        if mutant.name not in table:
            continue
        killers = table[mutant.name]
        if killers:
            shown = ", ".join(killers[:SHOWN_KILLERS]) + (", ..." if len(killers) > SHOWN_KILLERS else "")
            lines.append(f"  killed   {mutant.name:<{width}}  {len(killers):>4}  {shown}")
        else:
            lines.append(f"  SURVIVED {mutant.name:<{width}}     0  ({mutant.rule}: {mutant.description})")
    alive = survivors(table)
    if alive:
        lines.append("")
        lines.append(f"!!! {len(alive)} MUTANT(S) SURVIVED: the corpus does not catch these bugs !!!")
        for name in alive:
            mutant = get_mutant(name)
            lines.append(f"!!!   {name}  [{mutant.rule}, patches {mutant.patch.where}]: {mutant.description}")
    else:
        lines.append(f"every mutant killed ({len(table)} of {len(table)})")
    return lines


# --- the command -------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_cases_argument(parser)
    parser.add_argument(
        "--mutant",
        action="append",
        dest="mutants",
        choices=mutant_names(),
        metavar="NAME",
        help="run only this mutant (repeatable; default: every mutant)",
    )


def main(args: argparse.Namespace) -> int:
    """Print the kill table. Exit 0 when every mutant is killed, 1 if any survives, 2 when the case
    files cannot be loaded."""
    try:
        cases = load_cases(args.cases)
    except CaseFileError as error:
        print("cannot load the cases:", file=sys.stderr)
        for problem in error.errors:
            print(f"  {problem}", file=sys.stderr)
        return 2
    chosen = [get_mutant(name) for name in args.mutants] if args.mutants else list(MUTANTS)
    start = time.monotonic()
    table = kill_table(cases, chosen)
    runs = sum(len(case.profiles) for case in cases)
    for line in format_table(table, runs):
        print(line)
    print(f"({time.monotonic() - start:.1f} s)")
    return 1 if survivors(table) else 0


if __name__ == "__main__":
    command = argparse.ArgumentParser(prog="python3 -m harness.mutants.kill_table", description=DESCRIPTION)
    add_arguments(command)
    sys.exit(main(command.parse_args()))
