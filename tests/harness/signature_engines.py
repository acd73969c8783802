"""Engines with bugs found in real engines (not mutants of the catalogue), for the diagnosis's
signature causes, served over the protocol:

    python tests/harness/signature_engines.py last-card-of-all-one-more+pairs-across-one-reset [--trusting]

- `last-card-of-all-one-more`: the last card of all scores one more (2; at 31, where the 31's 2
  is the whole award, 1 more for the last card);
- `pairs-across-one-reset`: a card that leads a new count pairs with the last card of the series
  before (pairs reach one card back across a reset);
- `stops-at-target`: the winner's score stops at the target (a board's game hole), every event's
  points as the reference's.

`--trusting` claims `judges_input: false` (the harness then sends only legal input)."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from functools import partial
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: the repository on the path for `tests.`
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cribcheck.harness.engine import serve
from cribcheck.harness.engine.adapter import Adapter, Rejected
from cribcheck.harness.mutants.mutation import FunctionPatch
from cribcheck.harness.operations.answers import OPERATIONS, cached_profiles, run_reference
from cribcheck.harness.operations.features import FEATURES
from cribcheck.reference import load_profile, profile_names
from cribcheck.reference.pegging import LastCard, Play

PEGGER = "cribcheck.reference.pegging._Pegger"


def last_card_of_all_one_more(original: type) -> type:
    class Pegger(original):  # type: ignore[misc, valid-type]
        def end_series(self) -> None:
            last, before = self.last_player, len(self.events)
            super().end_series()
            if any(self.held.values()) or last is None:
                return
            at = next((i for i in range(before, len(self.events)) if isinstance(self.events[i], LastCard)), None)
            if at is not None:
                self.events[at] = LastCard(last, self.events[at].points + 1)
            else:  # the 31 of the last card of all: 1 more for the last card
                self.events.insert(before, LastCard(last, 1))

    return Pegger


def pairs_across_one_reset(original: type) -> type:
    class Pegger(original):  # type: ignore[misc, valid-type]
        def play(self, text: Any, index: int) -> None:
            previous = [event for event in self.events if isinstance(event, Play)]
            super().play(text, index)
            last = self.events[-1]
            if len(self.series) == 1 and previous and previous[-1].card.rank == last.card.rank:
                score = dataclasses.replace(last.score, pairs=2)
                self.events[-1] = Play(last.player, last.card, last.count, score, last.index)

    return Pegger


PATCHES: Mapping[str, FunctionPatch] = {
    "last-card-of-all-one-more": FunctionPatch(PEGGER, last_card_of_all_one_more),
    "pairs-across-one-reset": FunctionPatch(PEGGER, pairs_across_one_reset),
}
STOPS_AT_TARGET = "stops-at-target"
BUGS = (*PATCHES, STOPS_AT_TARGET)


@contextmanager
def applied(bugs: tuple[str, ...]) -> Iterator[None]:
    with ExitStack() as stack:
        for name in bugs:
            if name in PATCHES:
                stack.enter_context(PATCHES[name].applied())
        yield


def stopped_at(target: int, value: Any) -> Any:
    """Every score of `value` (a hand's, a game's or a match's answer) stopped at `target`."""
    if isinstance(value, list):
        return [stopped_at(target, item) for item in value]
    if not isinstance(value, Mapping):
        return value
    out = {key: stopped_at(target, item) for key, item in value.items()}
    if isinstance(value.get("scores"), Mapping):
        out["scores"] = {seat: min(points, target) for seat, points in value["scores"].items()}
    return out


def answer(bugs: tuple[str, ...], op: str, data: Mapping[str, Any], profile: str) -> Mapping[str, Any]:
    with applied(bugs):
        found = run_reference(op, data, profile)
    if "rejected" in found:
        rejected = found["rejected"]
        where = {key: rejected.get(key) for key in ("index", "hand", "game")}
        raise Rejected(rejected["code"], rejected["message"], **where)
    if STOPS_AT_TARGET in bugs and op in ("hand", "game", "match"):
        return stopped_at(load_profile(profile).target, found["ok"])
    return found["ok"]


def adapter(bugs: tuple[str, ...], trusting: bool) -> Adapter:
    before: Callable[[str, Mapping[str, Any]], None] = serve.before_unknown_profile
    return Adapter(
        name=f"signature-engine-{'+'.join(bugs)}",
        version="0",
        language="Python",
        profiles=tuple(profile_names()),
        handlers={op: partial(answer, bugs, op) for op in OPERATIONS},
        features=FEATURES,
        before_unknown_profile=before,
        judges_input=not trusting,
    )


if __name__ == "__main__":
    names = tuple(sys.argv[1].split("+"))
    unknown = [name for name in names if name not in BUGS]
    if unknown:
        sys.exit(f"no such bug: {unknown[0]} (known: {', '.join(BUGS)})")
    with cached_profiles():
        sys.exit(adapter(names, "--trusting" in sys.argv[2:]).serve())
