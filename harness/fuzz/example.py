"""What a fuzzer's example is, without drawing one: an operation, the profile it is played under and
its input (`Example`), the main profile of a profile name, and a profile as the reference reads it.
Kept apart from the strategies (harness/fuzz/strategies.py, which re-exports them) so that what only
reads examples and findings, `cribcheck check` among them, does not load Hypothesis."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from cribcheck.reference import Profile, load_profile

Json = dict[str, Any]


@dataclass(frozen=True)
class Example:
    """One request's worth: an operation, the profile it is played under, and its input."""

    op: str
    profile: str
    input: Json


def main_profile(name: str) -> str:
    """The main profile of a profile name: `six-card--loose-flush` is `six-card`."""
    return name.split("--")[0]


@cache
def reference_profile(name: str) -> Profile:
    """A profile as the reference reads it (profiles are frozen, so loading each once is safe)."""
    return load_profile(name)
