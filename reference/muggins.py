"""Muggins (source 003): each count comes with the points its owner claims; points overlooked
go to the opponent at once.

A claim names one count of a hand: a card of the plays (`play`, its index), a seat's hand or the
crib (`show`), or one of the counts that are never claimed (`last_card`, `heels`,
`three_for_last`). `read_claims` checks them (rule input.claims); `credit` turns one count into
what is pegged for it: without muggins the true points, whatever the claim (rule muggins.off);
with muggins the claim, and the points overlooked to the other side (rules muggins.claim,
muggins.overlooked, muggins.overclaim, muggins.never-claimed).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cribcheck.reference.errors import Code, CribbageError

CRIB = "crib"
CLAIMABLE = ("play", "show")  # the counts a claim changes under muggins
NEVER_CLAIMED = ("last_card", "heels", "three_for_last")  # pegged as they fall (muggins.never-claimed)
GO = "go"


@dataclass(frozen=True)
class Muggins:
    """The opponent pegs the points its owner overlooked in one count."""

    kind: ClassVar[str] = "muggins"
    points: int


@dataclass(frozen=True)
class Claims:
    """The points claimed, by count: a play's index in the plays, and a show's owner (a seat, or
    "crib"). A count not listed is claimed in full."""

    plays: Mapping[int, int]
    shows: Mapping[str, int]

    def for_play(self, index: int) -> int | None:
        return self.plays.get(index)

    def for_show(self, owner: str) -> int | None:
        return self.shows.get(owner)


NO_CLAIMS = Claims(plays={}, shows={})


@dataclass(frozen=True)
class Credit:
    """What is pegged for one count: `points` to its owner (its claim under muggins, never more
    than the true points), and `overlooked` to the other side (muggins only)."""

    points: int
    overlooked: int
    claimed: int | None


def read_claims(claims: object, plays: Sequence[object], seats: Sequence[str]) -> Claims:
    """Rule input.claims: each claim names one count of the hand and gives 0 or more points; a
    count claimed twice, a play index beyond the plays or on a "go", or a show of a seat not at
    the table is bad_claim (under every profile: the input is the same whatever is played)."""
    if claims is None:
        return NO_CLAIMS
    if isinstance(claims, str | bytes | Mapping) or not isinstance(claims, Iterable):
        raise TypeError(f"claims are a sequence of mappings, got {type(claims).__name__}")
    by_play: dict[int, int] = {}
    by_show: dict[str, int] = {}
    seen: set[tuple[str, Any]] = set()
    for number, claim in enumerate(claims):
        what, where, points = _one_claim(claim, number)
        if (what, where) in seen:
            raise CribbageError(Code.BAD_CLAIM, f"claim {number}: the {what} {where!r} is claimed twice")
        seen.add((what, where))
        if what in ("play", "last_card"):
            if isinstance(where, bool) or not isinstance(where, int) or not 0 <= where < len(plays):
                raise CribbageError(Code.BAD_CLAIM, f"claim {number}: {where!r} is not an index of the plays")
            if plays[where] == GO:
                raise CribbageError(Code.BAD_CLAIM, f"claim {number}: plays[{where}] is a go, not a card")
        if what == "play":
            by_play[where] = points
        elif what == "show":
            if where != CRIB and where not in seats:
                raise CribbageError(
                    Code.BAD_CLAIM, f"claim {number}: {where!r} is no hand of this table ({' '.join(seats)} or crib)"
                )
            by_show[where] = points
    return Claims(plays=by_play, shows=by_show)


def _one_claim(claim: object, number: int) -> tuple[str, Any, int]:
    if not isinstance(claim, Mapping):
        raise TypeError(f"claim {number} is a mapping such as {{'play': 3, 'points': 2}}, got {type(claim).__name__}")
    kinds = [key for key in claim if key in CLAIMABLE + NEVER_CLAIMED]
    unknown = [key for key in claim if key not in (*CLAIMABLE, *NEVER_CLAIMED, "points")]
    points = claim.get("points")
    if len(kinds) != 1 or unknown or "points" not in claim:
        raise CribbageError(
            Code.BAD_CLAIM,
            f"claim {number} names {len(kinds)} counts{' and ' + ', '.join(map(str, unknown)) if unknown else ''}: "
            "a claim is one of play, show, last_card, heels, three_for_last, with points",
        )
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise CribbageError(Code.BAD_CLAIM, f"claim {number}: points {points!r} is not a number of 0 or more")
    what = kinds[0]
    where = claim[what]
    if what in ("heels", "three_for_last") and where is not True:
        raise CribbageError(Code.BAD_CLAIM, f"claim {number}: {what} is claimed as {what}: true")
    return what, where, points


def credit(true_points: int, claim: int | None, *, muggins: bool) -> Credit:
    """Rules muggins.claim, muggins.overlooked, muggins.overclaim and muggins.off: under muggins the
    owner pegs the claim and the opponent the points overlooked; a claim above the true points is
    corrected down with no penalty; without muggins (or without a claim) the true points."""
    if not muggins or claim is None:
        return Credit(points=true_points, overlooked=0, claimed=claim if muggins else None)
    pegged = min(claim, true_points)
    return Credit(points=pegged, overlooked=true_points - pegged, claimed=claim)
