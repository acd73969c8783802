"""The reference engine's own games, written as a transcript: what a game loop's recorder writes,
with the reference's answers, so that `cribcheck check` must pass every line.

Each game is played from seeded random choices (the fuzzer's strategies, harness/fuzz/strategies.py:
a legal cut for the deal, then hands dealt from random cards or a shuffled deck, random discards,
random legal plays, an explicit "go" now and then), to the win. A game writes, as a recorder in a
game loop would: per hand, a `play` line for every card pegged (the cards of its count), a
`pegging` line, three `show` lines (the pone's hand, the dealer's, the crib) and a `hand` line
with the running scores; then the `game` line. Every answer is the reference's, with every
optional part (the first line, the hello, claims every feature the lines carry).

    python -m cribcheck.harness.transcripts.generate --games 1000 --seed 0 > games.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from cribcheck.harness.contract.version import suite_version
from cribcheck.harness.engine.protocol import PROTOCOL_VERSION
from cribcheck.harness.fuzz.strategies import (
    RandomPicker,
    cut_dealer,
    hand_body,
    hand_outcome,
    legal_cut_rounds,
    other_player,
    reference_profile,
)
from cribcheck.harness.operations.answers import cached_profiles, run_reference

Json = dict[str, Any]
OPERATIONS = ("show", "play", "pegging", "hand", "game")
FEATURES = ("breakdown", "events", "unplayed", "first_dealer", "skunk")
NAME = "cribcheck-reference"
MAX_HANDS = 60  # a game of random play ends long before; a bound all the same


def hello(profile: str) -> Json:
    """The first line: the reference's claims for the lines written."""
    engine = {"name": NAME, "version": suite_version(), "language": "Python"}
    return {
        "hello": {
            "protocol": PROTOCOL_VERSION,
            "engine": engine,
            "profiles": [profile],
            "operations": list(OPERATIONS),
            "features": list(FEATURES),
        }
    }


def line(op: str, profile: str, data: Mapping[str, Any]) -> Json:
    """A transcript line: the request and the reference's answer (without its message, which a
    recorder would not have)."""
    answer = run_reference(op, data, profile)
    if "rejected" in answer:
        rejected = {key: value for key, value in answer["rejected"].items() if key != "message"}
        return {"op": op, "profile": profile, "input": dict(data), "rejected": rejected}
    return {"op": op, "profile": profile, "input": dict(data), "ok": answer["ok"]}


def reference_transcript(games: int, seed: int = 0, profile: str = "six-card") -> Iterator[Json]:
    """The hello, then every line of `games` games played by the reference from `seed`."""
    yield hello(profile)
    rules = reference_profile(profile)
    if rules.seats != 2:
        raise ValueError(f"the generator plays two-player games; {profile} has {rules.seats} seats")
    pick = RandomPicker(random.Random(seed))
    with cached_profiles():
        for _ in range(games):
            yield from game_lines(pick, profile)


def game_lines(pick: RandomPicker, profile: str) -> Iterator[Json]:
    rules = reference_profile(profile)
    cuts = legal_cut_rounds(pick, rules)
    dealer = cut_dealer(cuts, rules)
    scores = {"A": 0, "B": 0}
    hands: list[Json] = []
    for number in range(MAX_HANDS):
        body = hand_body(pick, rules, dealer)
        hands.append(body)
        data = {"dealer": dealer, "scores": dict(scores), "first_hand": number == 0, **body}
        yield from hand_lines(profile, data)
        outcome = hand_outcome(rules, body, dealer, scores, number == 0)
        if outcome is None:
            break
        scores, winner = outcome
        if winner is not None:
            break
        dealer = other_player(dealer)
    yield line("game", profile, {"cuts": cuts, "hands": hands})


def hand_lines(profile: str, data: Mapping[str, Any]) -> Iterator[Json]:
    """The lines of one hand: each card pegged, the pegging, the three shows, the hand."""
    hand = line("hand", profile, data)
    if "ok" in hand:
        dealer = data["dealer"]
        pone = other_player(dealer)
        kept, starter, crib = kept_hands(profile, data)
        for count in counts(hand["ok"]["events"]):
            yield line("play", profile, {"count": count})
        pegging = {"pone": kept[pone], "dealer": kept[dealer], "plays": list(data["plays"])}
        yield line("pegging", profile, pegging)
        for cards, is_crib in ((kept[pone], False), (kept[dealer], False), (crib, True)):
            yield line("show", profile, {"cards": cards, "starter": starter, "crib": is_crib})
    yield hand


def kept_hands(profile: str, data: Mapping[str, Any]) -> tuple[dict[str, list[str]], str, list[str]]:
    """The cards each player keeps, the starter and the crib, from the cards dealt or the deck."""
    if "dealt" in data:
        dealt, starter = data["dealt"], data["starter"]
    else:
        deal = run_reference("deal", {"deck": data["deck"], "cut": data["cut"]}, profile)["ok"]
        dealer = data["dealer"]
        dealt = {dealer: deal["dealer"], other_player(dealer): deal["pone"]}
        starter = deal["starter"]
    discards = data["discards"]
    kept = {seat: [card for card in dealt[seat] if card not in discards[seat]] for seat in ("A", "B")}
    return kept, starter, [*discards["A"], *discards["B"]]


def counts(events: Sequence[Mapping[str, Any]]) -> Iterator[list[str]]:
    """For each card pegged, the cards of its count so far (a reset starts a new count)."""
    series: list[str] = []
    for event in events:
        if event["type"] == "reset":
            series = []
        elif event["type"] == "play":
            series.append(event["card"])
            yield list(series)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cribcheck.harness.transcripts.generate", description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="the random seed (default 0)")
    parser.add_argument("--profile", default="six-card", help="a two-player profile (default six-card)")
    args = parser.parse_args(argv)
    out = sys.stdout
    for entry in reference_transcript(args.games, args.seed, args.profile):
        out.write(json.dumps(entry, separators=(",", ":")) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
