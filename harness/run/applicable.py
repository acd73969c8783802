"""A run in which nothing is applicable: which of the engine's claims matched nothing.

An engine whose hello misspells a profile (`six_card` for `six-card`), or claims no profile or
operation of the selection, would otherwise "pass" a run of nothing but not-applicable results.
`nothing_applicable` says so, naming each claim that matched no selected case x profile; the
runner then stops with exit status 2, and `cribcheck smoke` says it instead of "the wiring works".
"""

from __future__ import annotations

from collections.abc import Sequence

from cribcheck.harness.contract.words import nearest
from cribcheck.harness.engine.protocol import EngineInfo
from cribcheck.harness.results.results import Item


def nothing_applicable(info: EngineInfo, items: Sequence[Item]) -> str | None:
    """Why not one of `items` is applicable to the engine, or None when some item is (or there are none)."""
    if not items or any(item.why_not(info) is None for item in items):
        return None
    profiles = sorted({item.profile for item in items})
    operations = sorted({item.case.op for item in items})
    claims = [
        *_claims("profile", info.profiles, profiles),
        *_claims("operation", info.operations, operations),
    ]
    if not claims and any(info.claims(item.case.op, item.profile) for item in items):
        claims = ["every selected case it claims expects a rejection, and it does not judge illegal input there"]
    elif not claims:  # each claim matches something, but never together in one item
        claims = ["its profiles and operations never meet in one selected case"]
    return (
        f"nothing is applicable: none of the {len(items)} case x profile results selected is of an operation "
        f"and a profile the engine claims ({'; '.join(claims)}). The selection's profiles: {', '.join(profiles)}; "
        f"its operations: {', '.join(operations)}"
    )


def _claims(kind: str, claimed: frozenset[str], wanted: Sequence[str]) -> list[str]:
    if not claimed:
        return [f"it claims no {kind}"]
    unmatched = []
    for name in sorted(claimed):
        if name not in wanted:
            near = nearest(name, wanted, 1)
            unmatched.append(
                f"{kind} {name!r} matches no selected case" + (f", did you mean {near[0]!r}?" if near else "")
            )
    if len(unmatched) == len(claimed):
        return unmatched
    return []
