"""`cribcheck serve`: the reference engine as an adapter on stdin/stdout.

It speaks the protocol like any foreign engine, so `cribcheck run --engine "cribcheck serve"` runs
the suite through a real subprocess. `--operations` and `--features` narrow what it claims, to
try the not-applicable path or a runner's handling of missing features. It claims the `batch`
feature and answers batches of `show` through harness.operations.show_batch (fast by default; `--plain` counts
every input with `score_show` itself).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Mapping
from functools import partial
from typing import Any

from cribcheck.harness.contract.version import suite_version
from cribcheck.harness.engine.adapter import Adapter, JudgesInput, Rejected
from cribcheck.harness.operations.answers import OPERATIONS, cached_profiles, rejection, run_reference
from cribcheck.harness.operations.before_profile import faults_before_profile
from cribcheck.harness.operations.features import FEATURES
from cribcheck.harness.operations.show_batch import ShowBatch
from cribcheck.reference import CribbageError, profile_names

REFERENCE_NAME = "cribcheck-reference"


def reference_adapter(
    operations: Iterable[str] = OPERATIONS,
    features: Iterable[str] = FEATURES,
    profiles: Iterable[str] | None = None,
    *,
    plain: bool = False,
    operation_features: Mapping[str, Iterable[str]] | None = None,
    judges_input: JudgesInput = True,
) -> Adapter:
    """The reference engine behind the adapter helper: every profile, operation and feature.
    Batches of `show` are counted by the harness's memoised scorer unless `plain`.
    `operation_features` and `judges_input` claim per operation (the Adapter's fields)."""
    operations = tuple(operations)
    return Adapter(
        name=REFERENCE_NAME,
        version=suite_version(),
        language="Python",
        profiles=tuple(profile_names() if profiles is None else profiles),
        handlers={op: partial(_answer, op) for op in operations},
        features=tuple(features),
        batch_handlers={"show": ShowBatch(fast=not plain)} if "show" in operations else {},
        before_unknown_profile=before_unknown_profile,
        operation_features={op: tuple(names) for op, names in (operation_features or {}).items()},
        judges_input=judges_input,
    )


def before_unknown_profile(op: str, data: Mapping[str, Any]) -> None:
    """Rule input.rejection-order: what comes before an unknown profile is answered first (the
    adapter helper's hook, Adapter.before_unknown_profile)."""
    try:
        faults_before_profile(op, data)
    except CribbageError as error:
        _reject(rejection(error))


def _answer(op: str, data: Mapping[str, Any], profile: str) -> Mapping[str, Any]:
    return answered(run_reference(op, data, profile))


def answered(answer: Mapping[str, Any]) -> Mapping[str, Any]:
    """What an adapter handler gives for an answer as run_reference shapes it: the result, or the
    helper's Rejected for a rejection, with every place it names (index, hand, game)."""
    if "rejected" in answer:
        _reject(answer["rejected"])
    return answer["ok"]


def _reject(rejected: Mapping[str, Any]) -> None:
    raise Rejected(
        rejected["code"],
        rejected["message"],
        index=rejected.get("index"),
        hand=rejected.get("hand"),
        game=rejected.get("game"),
    )


def _names(text: str) -> list[str]:
    return [name for name in text.split(",") if name]


def common_features(names: Iterable[str]) -> list[str]:
    """The features of `--features` claimed for every operation (those without `OP:`)."""
    return [name for name in names if ":" not in name]


def own_features(names: Iterable[str]) -> dict[str, list[str]]:
    """The features of `--features` written `OP:FEATURE`, by operation."""
    own: dict[str, list[str]] = {}
    for name in names:
        op, colon, feature = name.partition(":")
        if colon:
            own.setdefault(op, []).append(feature)
    return own


def judged(args: argparse.Namespace) -> bool | list[str]:
    """The Adapter's judges_input from `--trusting`: True, False (`all`) or the operations judged."""
    trusting = getattr(args, "trusting", [])
    if not trusting:
        return True
    if trusting == ["all"]:
        return False
    return [op for op in args.operations if op not in trusting]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--operations",
        type=_names,
        default=list(OPERATIONS),
        metavar="OP,...",
        help="claim only these operations (default: all)",
    )
    parser.add_argument(
        "--features",
        type=_names,
        default=list(FEATURES),
        metavar="FEATURE,...",
        help="claim only these features (default: all; an empty string claims none); OP:FEATURE claims a feature "
        "for one operation only",
    )
    parser.add_argument(
        "--trusting",
        type=_names,
        default=[],
        metavar="OP,...|all",
        help="claim not to judge illegal input of these operations (judges_input: false), or of all: the harness "
        "then sends them legal input only",
    )
    parser.add_argument(
        "--profiles", type=_names, default=None, metavar="PROFILE,...", help="claim only these profiles"
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        help="count batches of show with the plain reference (score_show for each input), not the harness's "
        "memoised scorer: slower, and a check of that scorer",
    )


def unknown_claims(args: argparse.Namespace) -> int | None:
    """Exit status 2, with a message, when --operations or --features name something unknown."""
    trusting = set(getattr(args, "trusting", [])) - {"all"}
    unknown = sorted((set(args.operations) | trusting | set(own_features(args.features))) - set(OPERATIONS))
    unknown += sorted(
        {*common_features(args.features), *(name for names in own_features(args.features).values() for name in names)}
        - set(FEATURES)
    )
    if unknown:
        print(f"cribcheck serve: unknown operation or feature: {', '.join(unknown)}", file=sys.stderr)
        return 2
    return None


def main(args: argparse.Namespace) -> int:
    refused = unknown_claims(args)
    if refused is not None:
        return refused
    with cached_profiles():  # each profile's YAML read once, not for every request
        adapter = reference_adapter(
            args.operations,
            common_features(args.features),
            args.profiles,
            plain=args.plain,
            operation_features=own_features(args.features),
            judges_input=judged(args),
        )
        return adapter.serve()
