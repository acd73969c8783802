"""`cribcheck mutants`: the kill table. Every mutant of harness/mutants/catalogue.py runs on every
case x profile of the corpus; a case kills a mutant when the mutant's answer disagrees with the
case's expectation (harness.operations.compare.mismatches). A mutant no case kills (a survivor)
names a hole in the corpus.

The table is seen by an engine that claims some optional features (harness/operations/features.py):
the keys of a feature it does not claim are not compared, as `cribcheck run` does. By default
every feature is claimed; `--features none` shows what an engine claiming none of them is held
to, `--features events,skunk` one that claims those two, and `--features show:breakdown,events`
one that claims `breakdown` for `show` only (claims per operation, docs/PROTOCOL.md). An engine
that does not judge illegal input (`--trusting all`, or `--trusting show,play`) is not sent the
cases of those operations that expect a rejection, as `cribcheck run` does not send them: a mutant
only such cases kill is not applicable to it. An input is sent as `cribcheck run`
sends it (harness.operations.features.input_sent): muggins claims under a profile without
muggins reach only an engine that claims the feature `claims`. For each mutant the table gives the
case x profile runs that kill it and the number of distinct cases among them.

    python3 -m cribcheck.harness.mutants.kill_table     # the kill table; exit 1 if any mutant survives
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from cribcheck.harness.corpus.cases import Case, CaseFileError, add_cases_argument, load_cases
from cribcheck.harness.mutants.catalogue import MUTANTS, get_mutant, mutant_names
from cribcheck.harness.mutants.mutation import Mutant
from cribcheck.harness.operations.answers import OPERATIONS, Json, cached_profiles, run_reference
from cribcheck.harness.operations.capabilities import Capabilities, OperationClaim, judging_parts
from cribcheck.harness.operations.compare import mismatches
from cribcheck.harness.operations.features import BATCH, FEATURES, compared_expectation, input_sent

SHOWN_KILLERS = 3  # case ids printed per mutant
NO_FEATURE = "none"  # `--features none`: an engine that claims no optional feature
DESCRIPTION = "run every mutant engine on the case corpus and print the kill table; exit 1 if any survives"

# A claim: features for every operation (an engine that judges illegal input everywhere), or the
# claims per operation of harness.operations.capabilities.
Claim = Iterable[str] | Capabilities
KillTable = dict[str, list[str]]  # mutant -> the `case-id[profile]` runs that kill it, in corpus order
ALL_FEATURES = frozenset(FEATURES)
OP_SEPARATOR = ":"  # `--features show:breakdown`: a feature of one operation only
ALL = "all"  # `--trusting all`


def as_capabilities(claim: Claim) -> Capabilities:
    """A claim as claims per operation (a plain feature set: those features for every operation,
    and every operation judging illegal input)."""
    if isinstance(claim, Capabilities):
        return claim
    return Capabilities.uniform(OPERATIONS, claim)


def case_label(case: Case, profile: str) -> str:
    return f"{case.id}[{profile}]"


def case_of(label: str) -> str:
    """The case id of a `case-id[profile]` label."""
    return label.rsplit("[", 1)[0]


def distinct_cases(killers: Iterable[str]) -> int:
    """How many distinct cases are among the killing runs (a case with three profiles counts once)."""
    return len({case_of(label) for label in killers})


class MutantCrash(RuntimeError):
    """A mutant raised instead of answering: a fault of the mutant's code, never counted as a kill."""


def disagrees(case: Case, profile: str, answer: Json, features: Claim = FEATURES) -> bool:
    """Does `answer` disagree with `case` under `profile`, as judged for an engine claiming `features`
    (the keys of the other features are not compared; a case expecting a rejection, of an operation
    whose illegal input the engine does not judge, is never sent, so never disagrees)?"""
    return _disagrees(case, profile, answer, as_capabilities(features))


def _disagrees(case: Case, profile: str, answer: Json, claim: Capabilities) -> bool:
    expected = case.expected(profile)
    if "rejected" in expected and not claim.judges(case.op, expected["rejected"]):
        return False
    return bool(mismatches(compared_expectation(case.op, expected, claim.features_for(case.op)), answer))


def kills(case: Case, profile: str, features: Claim = FEATURES) -> bool:
    """Does the engine as it is now (a mutant applied) disagree with `case` under `profile`, for an
    engine claiming `features`?"""
    claim = as_capabilities(features)
    sent = case.profile_sent(profile)
    answer = run_reference(case.op, input_sent(case.input, sent, claim.features_for(case.op)), sent)
    return _disagrees(case, profile, answer, claim)


def kill_tables(
    cases: Iterable[Case],
    mutants: Sequence[Mutant] = MUTANTS,
    claims: Sequence[Claim] = (FEATURES,),
    enough: int | None = None,
) -> list[KillTable]:
    """One kill table per claim (a set of features), each answer computed once for all the claims
    that send the same input.

    `enough` N: a mutant's runs stop once N distinct cases kill it in every table where it can be
    shown (its killers are then the first ones, not all): enough to tell survivors and thin kills
    apart, in a fraction of the time."""
    runs = [(case, profile) for case in cases for profile in case.profiles]
    wanted = [as_capabilities(claim) for claim in claims]
    sent = [inputs_sent(case, profile, wanted) for case, profile in runs]
    tables: list[KillTable] = [{} for _ in wanted]
    with cached_profiles():
        for mutant in mutants:
            for table in tables:
                table[mutant.name] = []
            shown = [index for index, claim in enumerate(wanted) if mutant.applies_to(claim)]
            killers: list[set[str]] = [set() for _ in wanted]
            with mutant.applied():
                for (case, profile), (inputs, asked) in zip(runs, sent, strict=True):
                    answers = [_answer(mutant, case, profile, data) for data in inputs]
                    for index, (table, claim) in enumerate(zip(tables, wanted, strict=True)):
                        if _disagrees(case, profile, answers[asked[index]], claim):
                            table[mutant.name].append(case_label(case, profile))
                            killers[index].add(case.id)
                    if enough is not None and shown and all(len(killers[index]) >= enough for index in shown):
                        break
    return tables


def kill_table(cases: Iterable[Case], mutants: Sequence[Mutant] = MUTANTS, features: Claim = FEATURES) -> KillTable:
    """For each mutant, the case x profile runs that kill it (`case-id[profile]`), in corpus order,
    as seen by an engine claiming `features` (default: every feature)."""
    return kill_tables(cases, mutants, (features,))[0]


def inputs_sent(case: Case, profile: str, claims: Sequence[Capabilities]) -> tuple[list[Mapping[str, Any]], list[int]]:
    """The case's input as `cribcheck run` sends it to an engine of each claim: the distinct inputs,
    and for each claim the index of its own among them (they differ only where muggins claims
    are left out, harness.operations.features.input_sent)."""
    inputs: list[Mapping[str, Any]] = []
    asked = []
    for claim in claims:
        data = input_sent(case.input, case.profile_sent(profile), claim.features_for(case.op))
        if data not in inputs:
            inputs.append(data)
        asked.append(inputs.index(data))
    return inputs, asked


def _answer(mutant: Mutant, case: Case, profile: str, data: Mapping[str, Any]) -> Json:
    try:
        return run_reference(case.op, data, case.profile_sent(profile))
    except Exception as error:
        raise MutantCrash(f"mutant {mutant.name} crashed on {case_label(case, profile)}: {error!r}") from error


def applicable(name: str, features: Claim = FEATURES) -> bool:
    """Can an engine claiming `features` show mutant `name`'s bug? (Mutant.shown_only_by)"""
    return get_mutant(name).applies_to(features)


def survivors(table: Mapping[str, Sequence[str]], features: Claim = FEATURES) -> list[str]:
    """The mutants no case kills, of those an engine claiming `features` can show."""
    return [name for name, killers in table.items() if not killers and applicable(name, features)]


def thinly_killed(table: Mapping[str, Sequence[str]], least: int, features: Claim = FEATURES) -> list[str]:
    """The mutants killed by fewer than `least` distinct cases (survivors included), of those an
    engine claiming `features` can show."""
    return [name for name, killers in table.items() if distinct_cases(killers) < least and applicable(name, features)]


def not_applicable(table: Mapping[str, Sequence[str]], features: Claim) -> list[str]:
    """The mutants whose bug only a feature not in `features` can show."""
    return [name for name in table if not applicable(name, features)]


def claim_text(features: Claim) -> str:
    if not isinstance(features, Capabilities):
        return _features_text(features)
    common = frozenset.intersection(*(claim.features for claim in features.operations.values()))
    parts = [_features_text(common)]
    for op, claim in features.operations.items():
        if claim.features - common:
            parts.append(f"{op} also {', '.join(sorted(claim.features - common - {BATCH}))}")
    return "; ".join(parts + judging_parts(features.operations))


def _features_text(features: Iterable[str]) -> str:
    claimed = sorted(frozenset(features) - {BATCH})
    if not claimed:
        return "no optional feature claimed"
    if frozenset(claimed) == ALL_FEATURES - {BATCH}:
        return "every optional feature claimed"
    return "features claimed: " + ", ".join(claimed)


def format_table(
    table: Mapping[str, Sequence[str]], runs: int, features: Claim = FEATURES, rejection_only: Sequence[str] = ()
) -> list[str]:
    """The kill table as text lines: each mutant, its number of killing runs, of distinct killing
    cases, and the first few runs. `rejection_only`: the mutants only cases expecting a rejection
    kill, which an engine that does not judge illegal input is not sent (not applicable to it)."""
    width = max(len(name) for name in table)
    lines = [f"{len(table)} mutants x {runs} case x profile runs ({claim_text(features)})"]
    lines.append(f"           {'mutant':<{width}}  runs  cases  first killing runs")
    for mutant in MUTANTS:
        if mutant.name not in table:
            continue
        killers = table[mutant.name]
        if not mutant.applies_to(features):
            lines.append(f"  n/a      {mutant.name:<{width}}     -      -  (only `{mutant.shown_only_by}` shows it)")
        elif mutant.name in rejection_only:
            lines.append(f"  n/a      {mutant.name:<{width}}     -      -  (only cases expecting a rejection show it)")
        elif killers:
            shown = ", ".join(killers[:SHOWN_KILLERS]) + (", ..." if len(killers) > SHOWN_KILLERS else "")
            counts = f"{len(killers):>4}  {distinct_cases(killers):>5}"
            lines.append(f"  killed   {mutant.name:<{width}}  {counts}  {shown}")
        else:
            lines.append(f"  SURVIVED {mutant.name:<{width}}     0      0  ({mutant.rule}: {mutant.description})")
    alive = [name for name in survivors(table, features) if name not in rejection_only]
    counted = [name for name in table if applicable(name, features) and name not in rejection_only]
    if alive:
        lines.append("")
        lines.append(f"!!! {len(alive)} MUTANT(S) SURVIVED: the corpus does not catch these bugs !!!")
        for name in alive:
            mutant = get_mutant(name)
            lines.append(f"!!!   {name}  [{mutant.rule}, patches {mutant.patch.where}]: {mutant.description}")
    else:
        fewest = min((distinct_cases(table[name]) for name in counted), default=0)
        lines.append(
            f"every mutant killed ({len(counted)} of {len(counted)}), each by at least {fewest} distinct case(s)"
        )
    skipped = not_applicable(table, features) + list(rejection_only)
    if skipped:
        lines.append(f"not applicable ({claim_text(features)}): {', '.join(skipped)}")
    return lines


# --- the command -------------------------------------------------------------------------------


def parse_features(text: str) -> Claim:
    """`--features LIST`: comma-separated feature names, each for every operation or, written
    `OP:FEATURE`, for one operation only; or `none` for no optional feature."""
    if text.strip() == NO_FEATURE:
        return frozenset()
    names = [name.strip() for name in text.split(",") if name.strip()]
    split = [name.partition(OP_SEPARATOR) for name in names]
    unknown = [
        name
        for name, (op, colon, feature) in zip(names, split, strict=True)
        if (feature if colon else op) not in FEATURES or (colon and op not in OPERATIONS)
    ]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown feature(s) {', '.join(unknown) or repr(text)}; give a comma-separated list of "
            f"{', '.join(FEATURES)} (each for every operation, or OPERATION:FEATURE for one), or {NO_FEATURE}"
        )
    if not any(colon for _, colon, _ in split):
        return frozenset(names)
    common = frozenset(op for op, colon, _ in split if not colon)
    own = {op: {feature for each, colon, feature in split if colon and each == op} for op in OPERATIONS}
    return Capabilities(frozenset(), MappingProxyType({op: OperationClaim(common | own[op]) for op in OPERATIONS}))


def parse_trusting(text: str) -> frozenset[str]:
    """`--trusting OPS|all`: the operations whose illegal input the engine does not judge."""
    if text.strip() == ALL:
        return frozenset(OPERATIONS)
    names = frozenset(name.strip() for name in text.split(",") if name.strip())
    unknown = sorted(names - set(OPERATIONS))
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown operation(s) {', '.join(unknown) or repr(text)}; give a comma-separated list of "
            f"{', '.join(OPERATIONS)}, or {ALL}"
        )
    return names


def with_trusting(features: Claim, trusting: frozenset[str]) -> Claim:
    """The claim of `--features` with the operations of `--trusting` not judging illegal input (the
    claim as it is when there are none)."""
    if not trusting:
        return features
    claims = as_capabilities(features).operations
    return Capabilities(
        frozenset(),
        MappingProxyType({op: replace(claim, judges_input=op not in trusting) for op, claim in claims.items()}),
    )


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
    parser.add_argument(
        "--features",
        type=parse_features,
        default=ALL_FEATURES,
        metavar="LIST|none",
        help="judge as an engine claiming only these optional features (comma-separated; OP:FEATURE for one "
        "operation only), or none; default: every feature",
    )
    parser.add_argument(
        "--trusting",
        type=parse_trusting,
        default=frozenset(),
        metavar="OPS|all",
        help="judge as an engine that does not judge illegal input of these operations (comma-separated), or of "
        "all: their cases expecting a rejection are not sent",
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
    trusting = getattr(args, "trusting", frozenset())
    claim = with_trusting(args.features, trusting)
    # with --trusting, the table of the same engine judging every input too: a mutant only it shows
    # is killed by cases expecting a rejection alone
    if trusting:
        table, judging = kill_tables(cases, chosen, (claim, args.features))
    else:
        table, judging = kill_table(cases, chosen, claim), {}
    rejection_only = [name for name, killers in table.items() if not killers and judging.get(name)]
    runs = sum(len(case.profiles) for case in cases)
    for line in format_table(table, runs, claim, rejection_only):
        print(line)
    print(f"({time.monotonic() - start:.1f} s)")
    return 1 if [name for name in survivors(table, claim) if name not in rejection_only] else 0


if __name__ == "__main__":
    command = argparse.ArgumentParser(prog="python3 -m cribcheck.harness.mutants.kill_table", description=DESCRIPTION)
    add_arguments(command)
    sys.exit(main(command.parse_args()))
