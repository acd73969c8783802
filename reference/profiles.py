"""Profiles: the rule knobs of each way to play, read from `profiles/*.yaml`.

A profile is data. Each file may name a profile it `inherits` from; its keys override the
parent's, a nested mapping replacing the parent's mapping whole. `base.yaml` holds what every
profile shares and is abstract (not loadable by name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from importlib.resources import abc as resources_abc
from typing import Any

import yaml

from cribcheck.reference.errors import Code, CribbageError


@dataclass(frozen=True)
class SkunkClass:
    """One skunk line: `below` the loser's score, or a margin `over` (dispute D1)."""

    name: str
    game_points: int
    below: int | None = None
    over: int | None = None
    wins_match: bool = False


@dataclass(frozen=True)
class SkunkRule:
    measure: str  # "loser_below" or "margin_over"
    win_points: int
    classes: tuple[SkunkClass, ...]  # deepest first


@dataclass(frozen=True)
class Profile:
    name: str
    description: str
    target: int
    cards_dealt: int
    cards_kept: int
    count: str  # "single" (one count per hand) or "restarting"
    three_for_last: int
    heels: int
    nobs: int
    nobs_in_crib: bool
    last_card_at_31: int
    cut_for_deal: str  # "lower_rank" or "lower_value"
    win: str  # "reach_immediately", "reach_exactly" or "end_of_hand"
    hand_flush_starter_completes: bool
    crib_four_card_flush: bool
    skunk: SkunkRule | None
    variant_of: str | None = None
    dispute: str | None = None
    seats: int = 2  # A, B (, C, D) clockwise
    crib_from_deck: int = 0  # cards dealt face down to the crib from the deck (three-player: 1)
    sides: tuple[tuple[str, tuple[str, ...]], ...] | None = None  # partnerships; None: each seat for itself
    muggins: bool = False  # overlooked points go to the opponent (variant.muggins)
    match_target: int | None = None  # game points that win a match (variant.matches); None: no match

    @property
    def discards_each(self) -> int:
        return self.cards_dealt - self.cards_kept

    @property
    def crib_size(self) -> int:
        return self.seats * self.discards_each + self.crib_from_deck

    @property
    def triple_skunk_ends_match(self) -> bool:
        """A skunk class of the profile ends a match at once (rule match.triple-skunk)."""
        return self.skunk is not None and any(line.wins_match for line in self.skunk.classes)


# Safe loading only: the C-accelerated safe loader where PyYAML has it, else the pure one.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def profile_names() -> list[str]:
    """Every loadable profile, main and variant, sorted."""
    names = []
    for entry in _profiles_dir().iterdir():
        if entry.name.endswith(".yaml"):
            name = entry.name.removesuffix(".yaml")
            if _is_playable(name):
                names.append(name)
    return sorted(names)


def load_profile(name: str) -> Profile:
    """The profile called `name`; an unknown name is rejected with the list of known ones."""
    if not isinstance(name, str):
        raise TypeError(f"a profile name is a string, got {type(name).__name__}")
    data = _merged(name) if _profile_file_exists(name) else {"abstract": True}
    if data.get("abstract", False):
        known = profile_names()
        raise CribbageError(Code.UNKNOWN_PROFILE, f"unknown profile {name!r}; known profiles: {', '.join(known)}")
    skunk = data["skunk"]
    return Profile(
        name=name,
        description=data["description"],
        target=data["target"],
        cards_dealt=data["cards_dealt"],
        cards_kept=data["cards_kept"],
        count=data["count"],
        three_for_last=data["three_for_last"],
        heels=data["heels"],
        nobs=data["nobs"],
        nobs_in_crib=data["nobs_in_crib"],
        last_card_at_31=data["last_card_at_31"],
        cut_for_deal=data["cut_for_deal"],
        win=data["win"],
        hand_flush_starter_completes=data["hand_flush"]["starter_completes"],
        crib_four_card_flush=data["crib_flush"]["four_card"],
        skunk=None if skunk is None else _skunk_rule(skunk),
        variant_of=data.get("variant_of"),
        dispute=data.get("dispute"),
        seats=data["seats"],
        crib_from_deck=data["crib_from_deck"],
        sides=None if data["sides"] is None else tuple((side, tuple(seats)) for side, seats in data["sides"].items()),
        muggins=data["muggins"],
        match_target=None if data["match"] is None else data["match"]["target"],
    )


PROFILE_NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*(--[a-z0-9]+(-[a-z0-9]+)*)?")
LONGEST_NAME = 100


def _profile_file_exists(name: object) -> bool:
    """A file of that name exists; a name that no profile could have (too long, other characters)
    is never looked up, so that no file-system error can come of it."""
    if not isinstance(name, str) or len(name) > LONGEST_NAME or not PROFILE_NAME.fullmatch(name):
        return False
    try:
        return _profiles_dir().joinpath(f"{name}.yaml").is_file()
    except (OSError, ValueError):  # a name too long for the file system, a NUL, a lone surrogate
        return False


def _is_playable(name: str) -> bool:
    """A profile file of that name exists and is not abstract."""
    return _profile_file_exists(name) and not _raw(name).get("abstract", False)


def _skunk_rule(data: dict[str, Any]) -> SkunkRule:
    return SkunkRule(
        measure=data["measure"],
        win_points=data["win_points"],
        classes=tuple(SkunkClass(**line) for line in data["classes"]),
    )


def _profiles_dir() -> resources_abc.Traversable:
    return resources.files("cribcheck.reference").joinpath("profiles")


def _raw(name: str) -> dict[str, Any]:
    text = _profiles_dir().joinpath(f"{name}.yaml").read_text(encoding="utf-8")
    return yaml.load(text, Loader=SAFE_LOADER) or {}


def _merged(name: str) -> dict[str, Any]:
    data = _raw(name)
    parent = data.pop("inherits", None)
    if parent is None:
        return data
    merged = _merged(parent)
    for key in ("abstract", "variant_of", "dispute"):  # these belong to the file that says them
        merged.pop(key, None)
    merged.update(data)
    return merged
