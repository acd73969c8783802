"""The mechanics of a mutant engine: the reference with one patch applied for the time of a
`with` block, and nothing left behind when the block ends.

A patch is one of two kinds, both plain data:

- `FunctionPatch`: replace one name of the reference where it is LOOKED UP (say
  `cribcheck.reference.show.hand_flush`, which `cribcheck.reference.show.score_show` calls through its module's
  globals) by `make(original)`. The original is resolved when the patch is applied, so a
  replacement may wrap it.
- `ProfilePatch`: change one field of the loaded profile, for the profiles `applies` selects. It
  patches `cribcheck.harness.operations.answers.load_profile`, the one place the harness loads a profile.

Patches use `unittest.mock.patch`, so they are not thread-safe (the patched module is shared)
but always undone, even when the block raises. No module-level state is mutated.
"""

from __future__ import annotations

import dataclasses
import pkgutil
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any
from unittest import mock

from cribcheck.harness.operations.answers import PROFILE_LOADER
from cribcheck.harness.operations.capabilities import Capabilities
from cribcheck.reference import Profile


@dataclass(frozen=True)
class FunctionPatch:
    """Replace the reference name `target` (dotted, where it is looked up) by `make(original)`;
    and the same function where `also` names other modules that look it up (a name imported by
    several modules is looked up in each)."""

    target: str
    make: Callable[[Any], Any]
    also: tuple[str, ...] = ()

    @property
    def where(self) -> str:
        return ", ".join((self.target, *self.also))

    @contextmanager
    def applied(self) -> Iterator[None]:
        original = pkgutil.resolve_name(self.target)
        replacement = self.make(original)
        with ExitStack() as patches:
            for target in (self.target, *self.also):
                assert pkgutil.resolve_name(target) is original, f"{target} is not {self.target}"
                patches.enter_context(mock.patch(target, replacement))
            yield


def always(profile: Profile) -> bool:
    return True


@dataclass(frozen=True)
class ProfilePatch:
    """Give profile field `field` the value `change(profile)`, in the profiles `applies` accepts."""

    field: str
    change: Callable[[Profile], Any]
    applies: Callable[[Profile], bool] = always

    @property
    def where(self) -> str:
        return f"profile.{self.field}"

    def mutate(self, profile: Profile) -> Profile:
        if not self.applies(profile):
            return profile
        return dataclasses.replace(profile, **{self.field: self.change(profile)})

    @contextmanager
    def applied(self) -> Iterator[None]:
        load = pkgutil.resolve_name(PROFILE_LOADER)

        def load_mutated(name: str) -> Profile:
            return self.mutate(load(name))

        with mock.patch(PROFILE_LOADER, load_mutated):
            yield


Patch = FunctionPatch | ProfilePatch


@dataclass(frozen=True)
class Mutant:
    """The reference engine with exactly one plausible bug: `rule` is the rule id it breaks.

    `shown_only_by` names the optional feature (harness/operations/features.py) whose result keys
    alone can show the bug, for a bug in what only that feature reports (a skunk line shows only
    in `skunk`); None when the always-compared keys can show it. An engine that does not claim
    that feature is never asked about it, so for that engine the mutant is not applicable."""

    name: str
    description: str
    rule: str
    patch: Patch
    shown_only_by: str | None = None

    def applies_to(self, features: Iterable[str] | Capabilities) -> bool:
        """Can an engine claiming `features` (for every operation, or per operation) show this bug at all?"""
        if isinstance(features, Capabilities):
            features = {name for claim in features.operations.values() for name in claim.features}
        return self.shown_only_by is None or self.shown_only_by in frozenset(features)

    def applied(self) -> AbstractContextManager[None]:
        """A context manager: the bug is in place inside the `with` block, and only there."""
        return self.patch.applied()
