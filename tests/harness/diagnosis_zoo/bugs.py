"""One-bug engines that are NOT in the mutant catalogue (harness/mutants/catalogue.py): bugs the
diagnosis does not own, so it cannot replay them. benchmarks/diagnosis.py serves each one over the
protocol (`python tests/harness/diagnosis_zoo/engine.py NAME`) and reads how often the first likely
cause cites the rule the bug breaks. Never add these to the catalogue: they measure the diagnosis
on bugs it has never seen.

Each bug is a patch of the reference (harness/mutants/mutation.py's FunctionPatch or ProfilePatch),
different from every mutant of the catalogue, even where it breaks the same rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from cribcheck.harness.mutants.mutation import FunctionPatch, Patch, ProfilePatch
from cribcheck.reference import Card, Profile


@dataclass(frozen=True)
class ZooBug:
    name: str
    rule: str
    description: str
    patch: Patch

    def applied(self) -> AbstractContextManager[None]:
        return self.patch.applied()


def constant(value: Any) -> Callable[[Any], Any]:
    return lambda original: value


def runs_of_three_at_most(original: Callable[..., Any]) -> Callable[..., Any]:
    """The show's runs: a run of four or five counts as a run of three."""
    return lambda cards: tuple(run[:3] for run in original(cards))


def crib_flush_without_starter(original: Callable[..., Any]) -> Callable[..., Any]:
    """A crib flush of five (the starter matching) scores the crib's four cards only."""

    def crib_flush(crib: Any, starter: Card, profile: Profile) -> Any:
        return tuple(card for card in original(crib, starter, profile) if card != starter)

    return crib_flush


def nobs_in_the_crib_only(original: Callable[..., Any]) -> Callable[..., Any]:
    """Nobs is counted in the crib, never in a hand."""

    def nobs(cards: Any, starter: Card, *, crib: bool, profile: Profile) -> Card | None:
        return original(cards, starter, crib=crib, profile=profile) if crib else None

    return nobs


def worth(points: int) -> Callable[[Callable[..., int]], Callable[..., int]]:
    """A pegging reason that scores `points` whenever it scores at all."""
    return lambda original: lambda cards: points if original(cards) else 0


def runs_capped_at_three(original: Callable[[Sequence[Card]], int]) -> Callable[[Sequence[Card]], int]:
    return lambda cards: min(3, original(cards))


def double_pair_royal_8(original: Callable[[Sequence[Card]], int]) -> Callable[[Sequence[Card]], int]:
    return lambda cards: 8 if original(cards) == 12 else original(cards)


def last_card_worth_2(original: Callable[..., int]) -> Callable[..., int]:
    return lambda count, profile: 2 if original(count, profile) == 1 else original(count, profile)


def ace_high_in_the_cut(original: Callable[..., int]) -> Callable[..., int]:
    """The cut for deal ranks the ace above the king."""
    return lambda card, profile: 14 if card.rank == 1 else original(card, profile)


SHOW = "cribcheck.reference.show"
PEGGING = "cribcheck.reference.pegging"

BUGS: tuple[ZooBug, ...] = (
    ZooBug(
        "fifteens-worth-1",
        "show.fifteens",
        "each fifteen of the show scores 1",
        FunctionPatch(f"{SHOW}.POINTS_PER_FIFTEEN", constant(1)),
    ),
    ZooBug(
        "show-pairs-worth-1",
        "show.pairs",
        "each pair of the show scores 1",
        FunctionPatch(f"{SHOW}.POINTS_PER_PAIR", constant(1)),
    ),
    ZooBug(
        "show-runs-of-three-at-most",
        "show.runs",
        "a run of four or five in the show counts as three",
        FunctionPatch(f"{SHOW}.runs", runs_of_three_at_most),
    ),
    ZooBug(
        "crib-flush-without-starter",
        "show.crib-flush",
        "a crib flush of five counts four",
        FunctionPatch(f"{SHOW}.crib_flush", crib_flush_without_starter),
    ),
    ZooBug(
        "nobs-in-the-crib-only",
        "show.nobs",
        "nobs counts in the crib only, never in a hand",
        FunctionPatch(f"{SHOW}.nobs", nobs_in_the_crib_only),
    ),
    ZooBug(
        "peg-fifteen-worth-1",
        "peg.fifteen",
        "a fifteen in the pegging scores 1",
        FunctionPatch(f"{PEGGING}.fifteen_points", worth(1)),
    ),
    ZooBug(
        "thirty-one-worth-1",
        "peg.thirty-one",
        "thirty-one scores 1",
        FunctionPatch(f"{PEGGING}.thirty_one_points", worth(1)),
    ),
    ZooBug(
        "peg-runs-capped-at-three",
        "peg.runs",
        "a pegging run of four or more scores 3",
        FunctionPatch(f"{PEGGING}.run_points", runs_capped_at_three),
    ),
    ZooBug(
        "double-pair-royal-8",
        "peg.pairs",
        "a double pair royal in the pegging scores 8",
        FunctionPatch(f"{PEGGING}.pair_points", double_pair_royal_8),
    ),
    ZooBug(
        "last-card-worth-2",
        "peg.last-card",
        "the go or last card scores 2",
        FunctionPatch(f"{PEGGING}.last_card_points", last_card_worth_2),
    ),
    ZooBug("heels-worth-3", "deal.heels", "his heels scores 3", ProfilePatch("heels", lambda profile: 3)),
    ZooBug(
        "ace-high-in-the-cut",
        "deal.cut-for-deal",
        "the cut for deal ranks the ace high",
        FunctionPatch("cribcheck.reference.game.cut_rank", ace_high_in_the_cut),
    ),
    ZooBug(
        "target-one-short",
        "game.win",
        "the game is won one point short of the target",
        ProfilePatch("target", lambda profile: profile.target - 1),
    ),
)


def zoo_bug(name: str) -> ZooBug:
    for bug in BUGS:
        if bug.name == name:
            return bug
    raise KeyError(f"unknown zoo bug {name!r}; known: {', '.join(bug.name for bug in BUGS)}")
