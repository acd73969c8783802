"""What a sweep is asked to do and what it found: the plan (profile, set, space, batch size), each
mismatch, and the result with its exit status. The sweep (harness/sweep/sweep.py) fills them in;
its report (harness/sweep/report.py) reads them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cribcheck.harness.engine.protocol import EngineInfo
from cribcheck.harness.operations.fast_show import TEXT
from cribcheck.harness.sweep.space import Shard, ShowSpace
from cribcheck.reference import Profile

EXIT_OK, EXIT_MISMATCHES, EXIT_SETUP, EXIT_INTERRUPTED = 0, 1, 2, 130

Answer = Mapping[str, Any]


@dataclass(frozen=True)
class SweepPlan:
    profile: Profile
    crib: bool
    space: ShowSpace
    batch: int = 1000
    shown: int = 10  # mismatches kept in full

    @property
    def set_name(self) -> str:
        return "crib" if self.crib else "hand"

    @classmethod
    def of(
        cls, profile: Profile, set_name: str, *, canonical: bool = False, shard: Shard | None = None, **options: int
    ) -> SweepPlan:
        crib = set_name == "crib"
        held = profile.crib_size if crib else profile.cards_kept
        return cls(profile, crib, ShowSpace(held, canonical, shard or Shard()), **options)


@dataclass(frozen=True)
class Mismatch:
    """A combination the engine counted otherwise: the reference's count (`total` and
    `breakdown`), the engine's answer, and how they differ."""

    held: tuple[int, ...]
    starter: int
    weight: int
    expected: Mapping[str, Any]
    answer: Answer
    lines: tuple[str, ...]

    @property
    def cards(self) -> list[str]:
        return [TEXT[card] for card in self.held]


@dataclass(frozen=True)
class SweepResult:
    plan: SweepPlan
    engine: EngineInfo
    engine_where: str  # "in-process" or "persistent: CMD"
    batched: bool
    items: int  # requests' inputs compared (classes when canonical)
    combinations: int  # combinations they stand for
    mismatched_items: int
    mismatched_combinations: int
    reference: Mapping[int, int]  # the reference's totals over the combinations compared
    answered: Mapping[int | None, int]  # the engine's (None: no result: a rejection, skip or error)
    mismatches: tuple[Mismatch, ...]  # the first plan.shown
    seconds: float
    interrupted: bool = False

    @property
    def complete(self) -> bool:
        return not self.interrupted and self.items == self.plan.space.items

    @property
    def exit_status(self) -> int:
        if self.interrupted:
            return EXIT_INTERRUPTED
        return EXIT_MISMATCHES if self.mismatched_items or not self.complete else EXIT_OK
