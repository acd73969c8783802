"""What an engine claims in its hello, per operation: the profiles it plays, and for each operation
it answers the optional features it gives and whether it judges illegal input.

A hello says it in one of two forms (docs/PROTOCOL.md, "claims per operation"):

- `operations` a list (protocol 1 as first written): every operation listed gives every feature of
  the top-level `features` and judges illegal input;
- `operations` an object, `{op: {"features": [...], "judges_input": false}}`: each operation gives
  the top-level `features` and its own (`features` of a plain list still mean every operation),
  and judges illegal input unless it says `"judges_input": false`, or judges only the rejection
  codes it lists (`"judges_input": ["over_31"]`).

An operation is never sent a case that expects a rejection it does not judge: those are not
applicable to it (`gap`, `why_not`), so that an engine that trusts its callers (its own game loop
only makes legal moves), or checks one fault only, is checked on what it does, not on what it
leaves out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

GapKind = Literal["operation", "profile", "input"]
Judging = bool | frozenset[str]  # every rejection (True), none (False), or the rejection codes listed


@dataclass(frozen=True)
class OperationClaim:
    """One operation as an engine claims it: the features it gives there (the top-level ones
    included), and which of its illegal inputs it judges there."""

    features: frozenset[str] = frozenset()
    judges_input: Judging = True

    def judges(self, code: str) -> bool:
        """Whether the engine judges the illegal input that the rejection `code` answers."""
        return self.judges_input if isinstance(self.judges_input, bool) else code in self.judges_input


@dataclass(frozen=True)
class Gap:
    """Why a case x profile is not sent: an operation or a profile the engine does not claim, or a
    rejection case of an operation whose illegal input the engine does not judge (`input`; `code`
    is the case's rejection when the engine judges other codes of the operation)."""

    kind: GapKind
    name: str  # the operation (for `operation` and `input`) or the profile
    code: str | None = None


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
                op: OperationClaim(
                    common | frozenset(claim.get("features", ())), _judging(claim.get("judges_input", True))
                )
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

    def judges(self, op: str, code: str) -> bool:
        """Whether the engine judges the illegal input of `op` that the rejection `code` answers
        (False for an operation not claimed)."""
        claim = self.operations.get(op)
        return claim is not None and claim.judges(code)

    def gap(self, op: str, profile: str, *, rejection: str | None = None) -> Gap | None:
        """The first reason a case x profile expecting `rejection` (a code, or None for a result)
        is not sent (operation, then profile, then input), or None."""
        if op not in self.operations:
            return Gap("operation", op)
        if profile not in self.profiles:
            return Gap("profile", profile)
        judging = self.operations[op].judges_input
        if rejection is not None and not self.operations[op].judges(rejection):
            return Gap("input", op, None if judging is False else rejection)
        return None

    def why_not(self, op: str, profile: str, *, rejection: str | None = None) -> str | None:
        """Why a case x profile expecting `rejection` (a code, or None for a result) is not
        applicable to this engine, or None when it is."""
        missing = []
        if op not in self.operations:
            missing.append(f"operation {op!r}")
        if profile not in self.profiles:
            missing.append(f"profile {profile!r}")
        if missing:
            return f"the engine does not claim {' or '.join(missing)}"
        if rejection is None or self.operations[op].judges(rejection):
            return None
        judging = self.operations[op].judges_input
        if isinstance(judging, bool):
            return not_judged(op)
        judged = ", ".join(sorted(judging))
        return (
            f"the engine judges only the rejections {judged} of operation {op!r} (judges_input: [{judged}]), "
            f"and this case expects the rejection {rejection}"
        )

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
        board = ["the winner's score stops at the target"] if self.stops_at_target else []
        return "; ".join(parts + judging_parts({op: self.operations[op] for op in ops}) + board)

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
                found.append(f"judges_input of {op} {_listed(before.judges_input)} -> {_listed(after.judges_input)}")
        if self.stops_at_target != other.stops_at_target:
            found.append(f"stops_at_target {_listed(self.stops_at_target)} -> {_listed(other.stops_at_target)}")
        return found


def judging_parts(operations: Mapping[str, OperationClaim]) -> list[str]:
    """What the claims say of judging illegal input, when not everything, in the order of
    `operations`: `illegal input not judged: show` and `play judges only over_31` (none when every
    operation judges all of it)."""
    trusting = [op for op, claim in operations.items() if claim.judges_input is False]
    parts = [f"illegal input not judged: {', '.join(trusting)}"] if trusting else []
    for op, claim in operations.items():
        judging = claim.judges_input
        if not isinstance(judging, bool):
            parts.append(f"{op} judges only {', '.join(sorted(judging))}")
    return parts


def not_judged(op: str) -> str:
    """The reason a rejection case of `op` is not sent to an engine that does not judge its input."""
    return (
        f"the engine does not judge illegal input of operation {op!r} (judges_input: false), "
        "and this case expects a rejection"
    )


def _names(names: Iterable[str]) -> str:
    return "[" + ", ".join(sorted(names)) + "]"


def _judging(claim: bool | Iterable[str]) -> Judging:
    """A hello's `judges_input` as claimed: a list of no code judges nothing."""
    if isinstance(claim, bool):
        return claim
    return frozenset(claim) or False


def _listed(judging: Judging) -> str:
    """`true`, `false` or the codes judged: `[over_31]`."""
    if isinstance(judging, bool):
        return "true" if judging else "false"
    return _names(judging)
