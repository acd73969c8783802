"""The diagnosis of a run, as data: the likely causes of its failures, ranked, each with the
smallest failing case to look at first, and the rules ranked by how strongly failures point at them.

This module holds only the shape (what a RunFooter carries and the JSON Lines footer writes as
`diagnosis`); the room harness/diagnosis/ computes it from the results alone, and every reporter
renders it. A cause is either a known bug (a mutant of harness/mutants/ whose answers reproduce the
engine's on the failures it explains) or failures no known bug explains, named by their top rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cribcheck.harness.operations.divergence import Signature

READING = "reading:"  # a known answer that is another profile's (a dispute's other reading, a variant): `reading:NAME`


@dataclass(frozen=True)
class RankedRule:
    """One rule of the catalogue as spectrum-based fault localisation ranks it: cited by many
    failing results and few passing ones ranks high (`score`, Ochiai: failing / sqrt(all failing x
    all citing)); `share` is the part of all failing results that cite it."""

    rule: str
    score: float
    failing: int
    passing: int
    share: float

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "score": self.score,
            "failing": self.failing,
            "passing": self.passing,
            "share": self.share,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RankedRule:
        return cls(
            str(data["rule"]), float(data["score"]), int(data["failing"]), int(data["passing"]), float(data["share"])
        )


@dataclass(frozen=True)
class Cause:
    """One likely cause: the rules it points at (most likely first), how many failing results it
    explains, the known bug (a mutant's name, only when it reproduces the engine's whole answer on
    the cause's results; None otherwise), a plain description, the smallest failing case to look
    at first (`ID[profile]`), and every failing result it explains (`ID[profile]`, smallest
    first). A cause made from what differs has its divergence signatures; `reading` names the
    profile whose answers are the engine's (a dispute's other reading, a variant), `convention`
    the hello claim that accepts a known convention, `resembles` a known bug that matches the
    engine only where it is wrong (never named), and `shared` counts its results that another
    cause holds too (one result can show two bugs)."""

    rules: tuple[str, ...]
    explains: int
    mutant: str | None
    description: str
    case: str
    results: tuple[str, ...] = ()
    signatures: tuple[Signature, ...] = ()
    reading: str | None = None
    convention: str | None = None
    resembles: str | None = None
    shared: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": list(self.rules),
            "explains": self.explains,
            "mutant": self.mutant,
            "description": self.description,
            "case": self.case,
            "results": list(self.results),
            "signatures": [signature.to_json() for signature in self.signatures],
            "reading": self.reading,
            "convention": self.convention,
            "resembles": self.resembles,
            "shared": self.shared,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Cause:
        mutant = data.get("mutant")
        return cls(
            rules=tuple(str(rule) for rule in data["rules"]),
            explains=int(data["explains"]),
            mutant=None if mutant is None else str(mutant),
            description=str(data["description"]),
            case=str(data["case"]),
            results=tuple(str(name) for name in data.get("results", ())),
            signatures=tuple(
                Signature.from_json(one) for one in data.get("signatures", ()) if isinstance(one, Mapping)
            ),
            reading=_text_or_none(data.get("reading")),
            convention=_text_or_none(data.get("convention")),
            resembles=_text_or_none(data.get("resembles")),
            shared=int(data.get("shared", 0)),
        )


def _text_or_none(value: Any) -> str | None:
    return None if value is None else str(value)


@dataclass(frozen=True)
class Diagnosis:
    """The causes in rank order (the first explains the most failing results), the rules ranked,
    and the number of failing results diagnosed."""

    causes: tuple[Cause, ...]
    rules: tuple[RankedRule, ...] = ()
    failures: int = 0

    def cause_of(self, name: str) -> Cause | None:
        """The cause that explains the failing result `ID[profile]`, if any."""
        return next((cause for cause in self.causes if name in cause.results), None)

    def to_json(self) -> list[dict[str, Any]]:
        """The JSON Lines footer's `diagnosis`: the causes in rank order."""
        return [cause.to_json() for cause in self.causes]

    @classmethod
    def from_json(cls, causes: Sequence[Mapping[str, Any]]) -> Diagnosis:
        read = tuple(Cause.from_json(cause) for cause in causes)
        return cls(read, (), sum(cause.explains for cause in read))
