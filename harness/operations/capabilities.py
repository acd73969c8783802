"""What an engine claims in its hello, per operation: the profiles it plays, and for each operation
it answers the optional features it gives and whether it judges illegal input.

A hello says it in one of two forms (docs/PROTOCOL.md, "claims per operation"):

- `operations` a list (protocol 1 as first written): every operation listed gives every feature of
  the top-level `features` and judges illegal input;
- `operations` an object, `{op: {"features": [...], "judges_input": false}}`: each operation gives
  the top-level `features` and its own (`features` of a plain list still mean every operation),
  and judges illegal input unless it says `"judges_input": false`.

An operation that does not judge illegal input is never sent a case that expects a rejection:
those are not applicable to it (`gap`, `why_not`), so that an engine that trusts its callers (its
own game loop only makes legal moves) is checked on what it does, not on what it leaves out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

GapKind = Literal["operation", "profile", "input"]


@dataclass(frozen=True)
class OperationClaim:
    """One operation as an engine claims it: the features it gives there (the top-level ones
    included), and whether it judges illegal input there."""

    features: frozenset[str] = frozenset()
    judges_input: bool = True


@dataclass(frozen=True)
class Gap:
    """Why a case x profile is not sent: an operation or a profile the engine does not claim, or a
    rejection case of an operation whose illegal input the engine does not judge (`input`)."""

    kind: GapKind
    name: str  # the operation (for `operation` and `input`) or the profile


@dataclass(frozen=True)
class Capabilities:
    """The profiles an engine plays and, per operation it answers, what it claims there."""

    profiles: frozenset[str]
    operations: Mapping[str, OperationClaim]
    # The winner's score stopped at the target (hello `stops_at_target`, harness.operations.at_target).
    stops_at_target: bool = False

    @classmethod
    def from_hello(cls, hello: Mapping[str, Any]) -> Capabilities:
        """From a hello object that matches schema/protocol/hello-response.schema.json."""
        common = frozenset(hello.get("features", ()))
        listed = hello["operations"]
        if isinstance(listed, Mapping):
            operations = {
                op: OperationClaim(common | frozenset(claim.get("features", ())), bool(claim.get("judges_input", True)))
                for op, claim in listed.items()
            }
        else:
            operations = {op: OperationClaim(common) for op in listed}
        return cls(
            frozenset(hello["profiles"]), MappingProxyType(operations), bool(hello.get("stops_at_target", False))
        )

    @classmethod
    def uniform(
        cls,
        operations: Iterable[str],
        features: Iterable[str] = (),
        profiles: Iterable[str] = (),
        *,
        judges_input: bool = True,
    ) -> Capabilities:
        """The same claim for every operation (what a list-form hello says, when `judges_input`)."""
        claim = OperationClaim(frozenset(features), judges_input)
        return cls(frozenset(profiles), MappingProxyType(dict.fromkeys(operations, claim)))

    def claims(self, op: str, profile: str) -> bool:
        return op in self.operations and profile in self.profiles

    def features_for(self, op: str) -> frozenset[str]:
        """The features claimed for `op` (none for an operation not claimed)."""
        claim = self.operations.get(op)
        return claim.features if claim is not None else frozenset()

    def judges_input(self, op: str) -> bool:
        """Whether the engine judges illegal input of `op` (False for an operation not claimed)."""
        claim = self.operations.get(op)
        return claim is not None and claim.judges_input

    def gap(self, op: str, profile: str, *, expects_rejection: bool = False) -> Gap | None:
        """The first reason a case x profile is not sent (operation, then profile, then input), or None."""
        if op not in self.operations:
            return Gap("operation", op)
        if profile not in self.profiles:
            return Gap("profile", profile)
        if expects_rejection and not self.operations[op].judges_input:
            return Gap("input", op)
        return None

    def why_not(self, op: str, profile: str, *, expects_rejection: bool = False) -> str | None:
        """Why a case x profile is not applicable to this engine, or None when it is."""
        missing = []
        if op not in self.operations:
            missing.append(f"operation {op!r}")
        if profile not in self.profiles:
            missing.append(f"profile {profile!r}")
        if missing:
            return f"the engine does not claim {' or '.join(missing)}"
        if expects_rejection and not self.operations[op].judges_input:
            return not_judged(op)
        return None

    def describe(self) -> str:
        """The claims as one line: `operations play, show; features events; show also breakdown;
        illegal input not judged: show` (the features of every operation, then each one's own)."""
        if not self.operations:
            return "no operation"
        ops = sorted(self.operations)
        common = frozenset.intersection(*(self.operations[op].features for op in ops))
        parts = [f"operations {', '.join(ops)}", f"features {', '.join(sorted(common)) or 'none'}"]
        for op in ops:
            own = self.operations[op].features - common
            if own:
                parts.append(f"{op} also {', '.join(sorted(own))}")
        trusting = [op for op in ops if not self.operations[op].judges_input]
        if trusting:
            parts.append(f"illegal input not judged: {', '.join(trusting)}")
        if self.stops_at_target:
            parts.append("the winner's score stops at the target")
        return "; ".join(parts)

    def differences(self, other: Capabilities) -> list[str]:
        """What `other` claims otherwise than this, one line per difference (empty when the same)."""
        found = []
        if self.profiles != other.profiles:
            found.append(f"profiles {_names(self.profiles)} -> {_names(other.profiles)}")
        if set(self.operations) != set(other.operations):
            found.append(f"operations {_names(self.operations)} -> {_names(other.operations)}")
        for op in sorted(set(self.operations) & set(other.operations)):
            before, after = self.operations[op], other.operations[op]
            if before.features != after.features:
                found.append(f"features of {op} {_names(before.features)} -> {_names(after.features)}")
            if before.judges_input != after.judges_input:
                found.append(f"judges_input of {op} {_flag(before.judges_input)} -> {_flag(after.judges_input)}")
        if self.stops_at_target != other.stops_at_target:
            found.append(f"stops_at_target {_flag(self.stops_at_target)} -> {_flag(other.stops_at_target)}")
        return found


def not_judged(op: str) -> str:
    """The reason a rejection case of `op` is not sent to an engine that does not judge its input."""
    return (
        f"the engine does not judge illegal input of operation {op!r} (judges_input: false), "
        "and this case expects a rejection"
    )


def _names(names: Iterable[str]) -> str:
    return "[" + ", ".join(sorted(names)) + "]"


def _flag(value: bool) -> str:
    return "true" if value else "false"
