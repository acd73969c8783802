"""The rule each part of an answer rests on: a part of a show's breakdown, a reason a pegged card
scores, a pegging event. One table for every place that cites them (the fuzzer's findings, the
sweep's report, `cribcheck count` and `cribcheck peg`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from cribcheck.reference import Profile

SHOW_PARTS: Mapping[str, str] = MappingProxyType(
    {"fifteens": "show.fifteens", "pairs": "show.pairs", "runs": "show.runs", "nobs": "show.nobs"}
)
PLAY_PARTS: Mapping[str, str] = MappingProxyType(
    {"fifteen": "peg.fifteen", "thirty_one": "peg.thirty-one", "pairs": "peg.pairs", "run": "peg.runs"}
)
FIVE_CARD_KEPT = 3  # a hand of three kept cards is the five-card game's


def flush_rule(profile: Profile, *, crib: bool) -> str:
    """The flush rule of the set shown: the crib's, or the hand's of the profile's family."""
    if crib:
        return "show.crib-flush"
    return f"show.hand-flush-{'five' if profile.cards_kept == FIVE_CARD_KEPT else 'six'}-card"


def show_part_rule(part: str, profile: Profile, *, crib: bool) -> str:
    """The rule of one part of a show's breakdown (fifteens, pairs, runs, flush, nobs)."""
    return flush_rule(profile, crib=crib) if part == "flush" else SHOW_PARTS[part]


def pegging_event_rules(event: Mapping[str, Any], profile: Profile) -> tuple[str, ...]:
    """The rules an event of a pegging rests on: a play's scoring reasons (and with three or four
    seats, pairs and runs made round the table), a go, a last-card point, a reset."""
    seats = profile.seats > 2
    kind = event.get("type")
    if kind == "play":
        reasons = [PLAY_PARTS[reason] for reason in event.get("scoring", {}) if reason in PLAY_PARTS]
        if len(reasons) > 1:
            reasons.append("peg.combined")
        if seats and {"pairs", "run"} & set(event.get("scoring", {})):
            reasons.append("peg.pairs-runs-round-table")
        return tuple(reasons)
    if kind == "go":
        return ("peg.go-seats",) if seats else ("peg.go",)
    if kind == "last_card":
        return ("peg.last-card",)
    if kind == "reset":
        return ("peg.restart-seats",) if seats else ("peg.restart",)
    return ()
