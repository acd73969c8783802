"""Optional features, defined once: their names, and the result keys each one covers.

An engine claims features in its hello response. Most are optional parts of a result: keys of an
expectation that belong to a feature the engine did not claim are dropped before comparing; every
other key is always compared. One is a part of the protocol instead: `batch`, the batch form of a
request (docs/PROTOCOL.md), which the harness uses only with an engine that claims it. The
protocol schema (schema/protocol/definitions.schema.json, `$defs/feature`) lists the same names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

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
                "wins_match": "skunk",
                "events": "events",
            }
        ),
        "match": MappingProxyType({}),
    }
)


def features_of(op: str) -> frozenset[str]:
    """The features that matter to an operation's results."""
    return frozenset(FEATURE_KEYS.get(op, {}).values())


def compared_expectation(op: str, expected: Mapping[str, Any], claimed: Iterable[str]) -> dict[str, Any]:
    """The expectation less the keys of features the engine did not claim."""
    claimed = frozenset(claimed)
    gated = FEATURE_KEYS.get(op, {})
    return {key: value for key, value in expected.items() if key not in gated or gated[key] in claimed}
