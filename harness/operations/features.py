"""Optional features, defined once: their names, and the result keys each one covers.

An engine claims features in its hello response. Most are optional parts of a result: keys of an
expectation that belong to a feature the engine did not claim are dropped before comparing; every
other key is always compared. One is a part of the protocol instead: `batch`, the batch form of a
request (docs/PROTOCOL.md), which the harness uses only with an engine that claims it. The
protocol schema (schema/protocol/definitions.schema.json, `$defs/feature`) lists the same names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from cribcheck.harness.operations.at_target import at_target
from cribcheck.reference import CribbageError, load_profile

BATCH = "batch"  # the engine answers the batch form of a request
CLAIMS = "claims"  # the engine reads muggins claims in an input under every profile
FEATURES: tuple[str, ...] = ("breakdown", "events", "unplayed", "rounds", "first_dealer", "skunk", BATCH, CLAIMS)

# op -> result key -> the feature it belongs to (keys not listed are always compared)
FEATURE_KEYS: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "show": MappingProxyType({"breakdown": "breakdown"}),
        "play": MappingProxyType({"breakdown": "breakdown"}),
        "pegging": MappingProxyType({"events": "events", "unplayed": "unplayed"}),
        "deal": MappingProxyType({}),
        "cut": MappingProxyType({"rounds": "rounds"}),
        "hand": MappingProxyType({"events": "events"}),
        "game": MappingProxyType(
            {
                "first_dealer": "first_dealer",
                "skunk": "skunk",
                "game_points": "skunk",
                "wins_match_outright": "skunk",
                "wins_match": "skunk",  # the old name of wins_match_outright (compare.RENAMED)
                "events": "events",
            }
        ),
        "match": MappingProxyType({}),
    }
)


def input_sent(data: Mapping[str, Any], profile_name: str, claimed: Iterable[str]) -> Mapping[str, Any]:
    """The input as sent to an engine (docs/PROTOCOL.md, "three and four players, muggins,
    matches"): muggins `claims` are removed under a profile without muggins, where they change
    nothing (rule muggins.off), unless the engine claims the feature `claims`. A version 1 engine so
    never sees them."""
    if CLAIMS in frozenset(claimed) or not carries_claims(data) or _plays_muggins(profile_name):
        return data
    return _without_claims(data)


@cache
def _plays_muggins(profile_name: str) -> bool:
    """Whether the profile plays muggins, as the reference defines it: never as a mutant changes
    the harness's loader (answers.load_profile), since what is sent to an engine does not depend on
    the engine. Read once a profile (a check asks it for every line with claims): profiles are
    package data, and frozen."""
    try:
        return load_profile(profile_name).muggins
    except CribbageError:
        return False


_SCALARS = (str, int, float, type(None))


def carries_claims(value: Any) -> bool:
    """Whether a mapping in `value` (mappings and lists, at any depth) has the key `claims`."""
    waiting = [value]
    while waiting:
        item = waiting.pop()
        if isinstance(item, _SCALARS):  # most of an input: cards, numbers
            continue
        if isinstance(item, list):  # tested before Mapping, whose test is slower (an ABC)
            waiting.extend(item)
        elif isinstance(item, Mapping):
            if "claims" in item:
                return True
            waiting.extend(item.values())
    return False


def _without_claims(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _without_claims(item) for key, item in value.items() if key != "claims"}
    if isinstance(value, list):
        return [_without_claims(item) for item in value]
    return value


def features_of(op: str) -> frozenset[str]:
    """The features that matter to an operation's results."""
    return frozenset(FEATURE_KEYS.get(op, {}).values())


def compared_expectation(
    op: str, expected: Mapping[str, Any], claimed: Iterable[str], *, profile: str = "", stops_at_target: bool = False
) -> dict[str, Any]:
    """The expectation less the keys of features the engine did not claim; for an engine that stops
    the winner's score at the target (hello `stops_at_target`), with the winner's score as a board
    shows it under `profile` (harness.operations.at_target)."""
    claimed = frozenset(claimed)
    gated = FEATURE_KEYS.get(op, {})
    if stops_at_target:
        expected = at_target(op, expected, profile)
    return {key: value for key, value in expected.items() if key not in gated or gated[key] in claimed}
