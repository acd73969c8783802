"""A mutant of the reference engine (harness/mutants/catalogue.py) as an engine: an adapter that answers every
request with the mutant's bug in place, in-process or served over the real protocol
(`cribcheck serve --mutant NAME`, a hidden option). The fuzzer's tests and time-to-detect
benchmark talk to mutants this way.

The bug is applied around each answer only, so the reference engine stays correct in between: the
fuzzer computes its expectations in the same process.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Mapping
from contextlib import ExitStack
from functools import partial
from typing import Any

from cribcheck.harness.contract.version import suite_version
from cribcheck.harness.engine import serve
from cribcheck.harness.engine.adapter import Adapter, JudgesInput
from cribcheck.harness.engine.engines import InProcessEngine
from cribcheck.harness.mutants.catalogue import mutants_named, run_mutant
from cribcheck.harness.operations.answers import OPERATIONS, cached_profiles
from cribcheck.harness.operations.features import FEATURES
from cribcheck.reference import profile_names

NAME_PREFIX = "cribcheck-mutant-"


def mutant_adapter(
    name: str,
    operations: Iterable[str] = OPERATIONS,
    features: Iterable[str] = FEATURES,
    profiles: Iterable[str] | None = None,
    *,
    operation_features: Mapping[str, Iterable[str]] | None = None,
    judges_input: JudgesInput = True,
) -> Adapter:
    """Mutant `name` (or `a+b`: both bugs at once) behind the adapter helper (KeyError for an
    unknown name), claiming per operation as `operation_features` and `judges_input` say (the
    Adapter's fields)."""
    description = "; and ".join(mutant.description for mutant in mutants_named(name))
    return Adapter(
        name=NAME_PREFIX + name,
        version=suite_version(),
        language="Python",
        profiles=tuple(profile_names() if profiles is None else profiles),
        handlers={op: partial(_answer, name, op) for op in operations},
        features=tuple(features),
        extra={"notes": f"a mutant of the reference engine, for testing the suite: {description}"},
        before_unknown_profile=partial(_before_unknown_profile, name),
        operation_features={op: tuple(names) for op, names in (operation_features or {}).items()},
        judges_input=judges_input,
    )


def _before_unknown_profile(name: str, op: str, data: Mapping[str, Any]) -> None:
    """What comes before an unknown profile (rule input.rejection-order), answered as the
    reference does, the bug in place."""
    with ExitStack() as stack:
        for mutant in mutants_named(name):
            stack.enter_context(mutant.applied())
        serve.before_unknown_profile(op, data)


def _answer(name: str, op: str, data: Mapping[str, Any], profile: str) -> Mapping[str, Any]:
    answer = run_mutant(name, op, data, profile)
    return serve.answered(answer)


def mutant_engine(name: str) -> InProcessEngine:
    """Mutant `name` as an in-process engine."""
    return InProcessEngine(mutant_adapter(name))


def serve_mutant(
    name: str,
    operations: Iterable[str],
    features: Iterable[str],
    profiles: Iterable[str] | None = None,
    *,
    operation_features: Mapping[str, Iterable[str]] | None = None,
    judges_input: JudgesInput = True,
) -> int:
    """`cribcheck serve --mutant NAME`: answer on stdin/stdout as the mutant (each profile read once)."""
    adapter = mutant_adapter(
        name, operations, features, profiles, operation_features=operation_features, judges_input=judges_input
    )
    with cached_profiles():
        return adapter.serve()


# --- `cribcheck serve --mutant NAME` -----------------------------------------------------------


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """`cribcheck serve`'s arguments: the engine room's, and the hidden `--mutant NAME` for the
    fuzzer's tests and benchmark."""
    serve.add_arguments(parser)
    parser.add_argument("--mutant", metavar="NAME", help=argparse.SUPPRESS)


def serve_main(args: argparse.Namespace) -> int:
    """`cribcheck serve`: the reference (harness/engine/serve.py), or with `--mutant NAME` that mutant."""
    if not args.mutant:
        return serve.main(args)
    refused = serve.unknown_claims(args)
    if refused is not None:
        return refused
    try:
        mutants_named(args.mutant)
    except KeyError as error:
        print(f"cribcheck serve: {error.args[0]}", file=sys.stderr)
        return 2
    return serve_mutant(
        args.mutant,
        args.operations,
        serve.common_features(args.features),
        args.profiles,
        operation_features=serve.own_features(args.features),
        judges_input=serve.judged(args),
    )
