"""A one-bug engine of the diagnosis zoo (bugs.py), served over the protocol:

    python tests/harness/diagnosis_zoo/engine.py NAME

The reference behind the adapter helper, the bug applied around each answer."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: the repository on the path for `tests.`
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from cribcheck.harness.engine import serve
from cribcheck.harness.engine.adapter import Adapter, Rejected
from cribcheck.harness.operations.answers import OPERATIONS, cached_profiles, run_reference
from cribcheck.harness.operations.features import FEATURES
from cribcheck.reference import profile_names
from tests.harness.diagnosis_zoo.bugs import ZooBug, zoo_bug


def answer(bug: ZooBug, op: str, data: Mapping[str, Any], profile: str) -> Mapping[str, Any]:
    with bug.patch.applied():
        found = run_reference(op, data, profile)
    if "rejected" in found:
        rejected = found["rejected"]
        raise Rejected(rejected["code"], rejected["message"], index=rejected.get("index"), hand=rejected.get("hand"))
    return found["ok"]


def before_unknown_profile(bug: ZooBug, op: str, data: Mapping[str, Any]) -> None:
    with bug.patch.applied():
        serve.before_unknown_profile(op, data)


def adapter(bug: ZooBug) -> Adapter:
    return Adapter(
        name=f"diagnosis-zoo-{bug.name}",
        version="0",
        language="Python",
        profiles=tuple(profile_names()),
        handlers={op: partial(answer, bug, op) for op in OPERATIONS},
        features=FEATURES,
        before_unknown_profile=partial(before_unknown_profile, bug),
    )


if __name__ == "__main__":
    with cached_profiles():
        sys.exit(adapter(zoo_bug(sys.argv[1])).serve())
