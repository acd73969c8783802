"""The fuzzer's reach: how soon its draws show a bug that only a rare input shows. Each engine below
is the reference with one bug that the mutant catalogue does not have, found only by an input on a
line of the rules (issue 37):

- `heels-claim-pegged`: under muggins, a claim of his heels is pegged as claimed (a short one
  takes points off the dealer); only a short heels claim with a jack turned shows it;
- `last-card-claim-pegged`: under muggins, a claim of a go or last-card point is pegged as claimed;
  only a short claim on the card that ends a count shows it;
- `triple-skunk-at-31`: a loser on exactly 31 is triple skunked (below 32); only a game whose
  loser ends on 31, under the triple-skunk match profile, shows it.

    python3 benchmarks/fuzz_reach.py [--seconds 60] [--max-examples N] [--seed 0] [--bug NAME]...

Each engine is fuzzed in-process (the example counts are those of a run over the protocol, only
faster) until its first finding; prints the example and the second at which it was found.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

from cribcheck.harness.engine import serve
from cribcheck.harness.engine.adapter import Adapter
from cribcheck.harness.engine.engines import InProcessEngine
from cribcheck.harness.fuzz.fuzz import FuzzSettings, fuzz
from cribcheck.harness.mutants.catalogue import skunk_line_one_up, triple_skunk
from cribcheck.harness.mutants.mutation import FunctionPatch, Patch, ProfilePatch
from cribcheck.harness.operations.answers import OPERATIONS, cached_profiles, run_reference
from cribcheck.harness.operations.features import FEATURES
from cribcheck.reference import profile_names
from cribcheck.reference.hand import Credited, Heels
from cribcheck.reference.muggins import Claims, Muggins, credit
from cribcheck.reference.pegging import Go, LastCard, Play, Reset
from cribcheck.reference.seats import side_of

HAND = "cribcheck.reference.hand"
HEELS_KEY = "(heels)"  # where the bug keeps a heels claim among the show claims
LAST_CARD_KEY = "(last card {})"  # and a last-card claim, by the index of its card


def keeping_never_claimed(original: Callable[..., Claims]) -> Callable[..., Claims]:
    """read_claims that also keeps the heels and last-card claims, among the show claims."""

    def read_claims(claims: Any, plays: Any, seats: Any) -> Claims:
        read = original(claims, plays, seats)
        kept = dict(read.shows)
        for claim in claims or ():
            if "heels" in claim:
                kept[HEELS_KEY] = claim["points"]
            if "last_card" in claim:
                kept[LAST_CARD_KEY.format(claim["last_card"])] = claim["points"]
        return Claims(plays=read.plays, shows=kept)

    return read_claims


def pegging_claimed(kinds: tuple[type, ...]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """hand.credited with the claims of `kinds` (Heels, LastCard) pegged as claimed, as a play's."""

    def make(original: Callable[..., Any]) -> Callable[..., Any]:
        def credited(awards: Any, claims: Claims, profile: Any, sides: Any) -> Iterator[Credited]:
            last_index = None
            for event, seat in awards:
                if isinstance(event, Play):
                    last_index = event.index
                side = None if seat is None or isinstance(event, Reset | Go) else side_of(seat, profile)
                if isinstance(event, Heels) and Heels in kinds:
                    claim = claims.shows.get(HEELS_KEY)
                elif isinstance(event, LastCard) and LastCard in kinds:
                    claim = claims.shows.get(LAST_CARD_KEY.format(last_index))
                else:
                    yield from original([(event, seat)], claims, profile, sides)
                    continue
                given = credit(event.points, claim, muggins=profile.muggins)
                yield Credited(event, seat, side, given.points if side else 0, given.claimed)
                if given.overlooked and side is not None:
                    caller = next(other for other in sides if other != side)
                    yield Credited(Muggins(given.overlooked), caller, caller, given.overlooked)

        return credited

    return make


@dataclass(frozen=True)
class Patches:
    """Several patches at once."""

    parts: tuple[Patch, ...]

    @contextmanager
    def applied(self) -> Iterator[None]:
        with ExitStack() as stack:
            for part in self.parts:
                stack.enter_context(part.applied())
            yield


def claim_pegged(kind: type) -> Patches:
    return Patches(
        (
            FunctionPatch(f"{HAND}.read_claims", keeping_never_claimed),
            FunctionPatch(f"{HAND}.credited", pegging_claimed((kind,))),
        )
    )


BUGS: Mapping[str, Patch | Patches] = {
    "heels-claim-pegged": claim_pegged(Heels),
    "last-card-claim-pegged": claim_pegged(LastCard),
    "triple-skunk-at-31": ProfilePatch("skunk", skunk_line_one_up("triple_skunk"), triple_skunk),
}


def _answer(patch: Patch | Patches, op: str, data: Mapping[str, Any], profile: str) -> Mapping[str, Any]:
    with patch.applied():
        found = run_reference(op, data, profile)
    return serve.answered(found)


def engine(name: str) -> InProcessEngine:
    patch = BUGS[name]
    handlers = {op: partial(_answer, patch, op) for op in OPERATIONS}
    return InProcessEngine(Adapter(f"reach-{name}", "0", "Python", tuple(profile_names()), handlers, features=FEATURES))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="the cap per engine (default 60)")
    parser.add_argument("--max-examples", type=int, help="a cap on the examples too (on a busy machine, fix the work)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bug", action="append", choices=sorted(BUGS), help="only this bug (repeatable)")
    args = parser.parse_args(argv)
    wanted = FuzzSettings(
        seconds=args.seconds, max_examples=args.max_examples, seed=args.seed, shrink_seconds=0.0, simplify_seconds=0.0
    )
    missed = 0
    with cached_profiles():
        for name in args.bug or sorted(BUGS):
            result = fuzz(engine(name), wanted)
            if result.detected_after is None:
                missed += 1
                print(f"{name:24} not found in {result.examples} examples ({result.seconds:.1f} s)", flush=True)
            else:
                print(
                    f"{name:24} found at example {result.detected_after} ({result.detected_seconds:.1f} s, "
                    f"on {result.detected_op}, {result.examples} examples run)",
                    flush=True,
                )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
