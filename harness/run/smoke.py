"""`cribcheck smoke --engine CMD`: one small request for every operation the engine claims, to
check an adapter's wiring before the full run, every message shown so that a wiring mistake is
plain to see.

The requests are written here, each worked by hand (SMOKE_CASES: the show of a hand worth nothing
and of the 29 hand, a play, a pegging, a play over 31 that must be rejected, a deal, a cut, a hand,
a game of one hand, a match of one unfinished game), under the six-card profiles (the match under
the match profiles). An operation the engine claims under none of those profiles is smoked with
the corpus's smallest case of that operation under a profile it claims (`corpus_stand_in`). The
rejection is sent only to an engine that judges illegal input of `pegging`. The last lines say
what was sent, and what was not and why. An engine to which nothing is applicable is told so
(exit 2), with the claims that matched nothing."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from cribcheck.harness.corpus.cases import Case, CaseFileError, add_cases_argument, load_cases
from cribcheck.harness.engine.engines import Engine, EngineSetupError, add_engine_arguments, engine_options, open_engine
from cribcheck.harness.engine.protocol import EngineInfo, hello_message
from cribcheck.harness.operations.answers import OPERATIONS
from cribcheck.harness.report.common import diff_lines
from cribcheck.harness.report.escaping import SafeStream
from cribcheck.harness.results.results import CaseResult, Item
from cribcheck.harness.results.status import Status
from cribcheck.harness.results.verdict import judge, not_applicable
from cribcheck.harness.run.applicable import nothing_applicable

SMOKE_PROFILES = ("six-card", "six-card-61")  # the first one the engine claims is used
MATCH_PROFILES = ("six-card-match", "six-card-match--double-skunk-4", "six-card-match--triple-skunk")

# The hand of cases/flow/show-order.yaml's f-order-six-full-hand: A deals, B is the pone.
HAND = {
    "dealt": {"A": ["4C", "5D", "6H", "6S", "QH", "7D"], "B": ["KD", "9C", "3H", "2H", "AC", "8S"]},
    "starter": "5S",
    "discards": {"A": ["QH", "7D"], "B": ["AC", "8S"]},
    "plays": ["KD", "5D", "9C", "6H", "3H", "4C", "2H", "6S"],
}
HAND_WORKED = (
    "Pone B keeps KD 9C 3H 2H, dealer A 4C 5D 6H 6S (crib AC 8S QH 7D), starter 5S. Pegging: B KD 10; A 5D 15 "
    "(2); B 9C 24; A 6H 30; B go, A go: go point A 1; B 3H 3; A 4C 7; B 2H 9, run 2-3-4 (3); A 6S 15 (2); last "
    "card A 1: A 6, B 3. Show: B K+5, K+3+2: 4; A four fifteens 8, two pairs 4, four runs 4-5-6 12: 24; crib "
    "8+7, Q+5: 4. A 6 + 24 + 4 = 34, B 3 + 4 = 7 (f-order-six-full-hand)."
)
NEW_DECK = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]


def _case(
    case_id: str,
    title: str,
    rules: tuple[str, ...],
    op: str,
    data: dict,
    expect: dict,
    explain: str,
    profiles: tuple[str, ...] = SMOKE_PROFILES,
) -> Case:
    return Case(
        id=case_id,
        title=title,
        rules=rules,
        tags=(),
        profiles=profiles,
        op=op,
        input=data,
        expect={"default": expect},
        explain=explain,
        file="(cribcheck smoke)",
        topic="smoke",
    )


SMOKE_CASES = (
    _case(
        "smoke-zero-hand",
        "A hand worth nothing",
        ("show.fifteens", "show.pairs", "show.runs"),
        "show",
        {"cards": ["2C", "4D", "6H", "8S"], "starter": "KC", "crib": False},
        {"total": 0},
        "No two or more cards make 15, no pair, no run, no flush, no jack: 0.",
    ),
    _case(
        "smoke-29-hand",
        "The 29 hand",
        ("show.fifteens", "show.pairs", "show.nobs"),
        "show",
        {"cards": ["5C", "5D", "5S", "JH"], "starter": "5H", "crib": False},
        {"total": 29, "breakdown": {"fifteens": 16, "pairs": 12, "runs": 0, "flush": 0, "nobs": 1}},
        "Eight fifteens (16), six pairs of fives (12), nobs (1): 29.",
    ),
    _case(
        "smoke-play-fifteen",
        "A ten on a five makes fifteen",
        ("peg.fifteen",),
        "play",
        {"count": ["5H", "TD"]},
        {"points": 2, "breakdown": {"fifteen": 2, "thirty_one": 0, "pairs": 0, "run": 0}},
        "5 + 10 = 15: 2 for the fifteen; no pair, no run, not 31.",
    ),
    _case(
        "smoke-pegging",
        "A whole pegging with a go",
        ("peg.fifteen", "peg.runs", "peg.go", "peg.last-card"),
        "pegging",
        {"pone": ["KD", "9C", "3H", "2H"], "dealer": ["4C", "5D", "6H", "6S"], "plays": HAND["plays"]},
        {"points": {"pone": 3, "dealer": 6}},
        "The pegging of f-order-six-full-hand: dealer 15 (2), go (1), 15 (2), last card (1): 6; pone the run 2-3-4: 3.",
    ),
    _case(
        "smoke-over-31",
        "A play over 31 is rejected",
        ("input.legal-play", "peg.thirty-one"),
        "pegging",
        {"pone": ["KC", "QD", "JH", "5S"], "dealer": ["2C", "3D", "4H", "6S"], "plays": ["KC", "2C", "QD", "3D", "JH"]},
        {"rejected": "over_31", "index": 4},
        "K 2 Q 3 make 25; the jack would make 35, so play 4 is rejected with over_31.",
    ),
    _case(
        "smoke-deal",
        "A new deck dealt, cut 4 deep",
        ("deal.dealing", "deal.starter"),
        "deal",
        {"deck": NEW_DECK, "cut": 4},
        {
            "pone": ["AC", "3C", "5C", "7C", "9C", "JC"],
            "dealer": ["2C", "4C", "6C", "8C", "TC", "QC"],
            "starter": "4D",
        },
        "One card each from the top, pone first: pone AC 3C ... JC, dealer 2C 4C ... QC; the stock KC AD 2D 3D "
        "4D ...; a cut 4 deep turns stock[4] = 4D (f-deal-six-shallowest-cut).",
    ),
    _case(
        "smoke-cut",
        "The lower card cut deals",
        ("deal.cut-for-deal",),
        "cut",
        {"cuts": [["3H", "9C"]]},
        {"dealer": "A", "rounds": 1},
        "A cuts 3H, B cuts 9C: the 3 is lower, A deals (f-cut-lower-rank-deals).",
    ),
    _case(
        "smoke-hand",
        "A whole hand from 0-0",
        ("game.show-order", "game.hand-order"),
        "hand",
        {"dealer": "A", "scores": {"A": 0, "B": 0}, "first_hand": False, **HAND},
        {"scores": {"A": 34, "B": 7}, "winner": None},
        HAND_WORKED,
    ),
    _case(
        "smoke-game",
        "A game of one hand, not won yet",
        ("deal.cut-for-deal", "game.hand-order"),
        "game",
        {"cuts": [["4D", "9H"]], "hands": [HAND]},
        {"scores": {"A": 34, "B": 7}, "winner": None, "hands_played": 1},
        "A cuts 4D, B 9H: A deals the one hand. " + HAND_WORKED,
    ),
    _case(
        "smoke-match",
        "A match of one game, not won yet",
        ("variant.matches", "match.game-points"),
        "match",
        {"cuts": [["4D", "9H"]], "games": [{"hands": [HAND]}]},
        {
            "winner": None,
            "decided_by": None,
            "totals": {"A": 0, "B": 0},
            "games": [
                {
                    "first_dealer": "A",
                    "winner": None,
                    "scores": {"A": 34, "B": 7},
                    "hands_played": 1,
                    "skunk": None,
                    "game_points": 0,
                    "wins_match_outright": False,
                    "totals": {"A": 0, "B": 0},
                }
            ],
        },
        "A cuts 4D and deals the one hand: A 34, B 7. The game is not won: no winner, no game points, totals "
        "0-0 (as vmatch-first-game-unfinished after its first hand).",
        MATCH_PROFILES,
    ),
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_engine_arguments(parser, default=None)
    parser.add_argument("--timeout", type=float, default=5.0, metavar="S", help="seconds for one request")
    parser.add_argument("--startup-timeout", type=float, default=20.0, metavar="S", help="seconds for hello")
    add_cases_argument(parser)


def main(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = SafeStream(out or sys.stdout)  # the engine's own lines are shown, never acted on by the terminal
    options = engine_options(args, window=1, max_failures=len(SMOKE_CASES) + 1)  # None: `--engine reference`
    print(f"starting: {args.engine or 'the reference engine (in-process)'}", file=out)
    print(f"-> {json.dumps(hello_message())}", file=out)
    try:
        engine = open_engine(options)
    except EngineSetupError as error:
        print(f"FAILED: {error.message}", file=out)
        for line in error.stderr[-10:]:
            print(f"  stderr | {line}", file=out)
        return 2
    try:
        return _run(engine, out, smoke_items(engine.info, lambda: load_cases(args.cases)))
    finally:
        engine.close()


def smoke_items(info: EngineInfo, corpus: object = None) -> list[Item]:
    """The smoke cases, each under the first of its profiles the engine claims (else its first), and
    for each operation the engine claims that none of them can be sent, a stand-in from the corpus
    (`corpus`: a callable giving the cases; None: no stand-in)."""
    items = []
    for case in SMOKE_CASES:
        profile = next((name for name in case.profiles if name in info.profiles), case.profiles[0])
        items.append(Item(case, profile))
    unsent = [op for op in OPERATIONS if op in info.operations and not _sends(info, items, op)]
    if unsent and callable(corpus):
        try:
            cases = corpus()
        except (CaseFileError, OSError):
            cases = []
        for op in unsent:
            stand_in = corpus_stand_in(info, op, cases)
            if stand_in is not None:
                items.append(stand_in)
    return items


def _sends(info: EngineInfo, items: Sequence[Item], op: str) -> bool:
    return any(item.case.op == op and item.why_not(info) is None for item in items)


def corpus_stand_in(info: EngineInfo, op: str, cases: Sequence[Case]) -> Item | None:
    """The corpus's smallest legal case of `op` (by the length of its input as JSON, then its id)
    under a profile the engine claims, or None."""
    found = [
        (len(json.dumps(case.input)), case.id, item)
        for case in cases
        if case.op == op
        for item in (Item(case, profile) for profile in case.profiles)
        if not item.expects_rejection and item.why_not(info) is None
    ]
    return min(found, key=lambda entry: entry[:2])[2] if found else None


def _run(engine: Engine, out: TextIO, items: Sequence[Item]) -> int:
    info = engine.info
    print(f"<- {json.dumps({'hello': dict(info.raw)})}", file=out)
    print(f"engine: {info.label}", file=out)
    bad = 0
    results: list[CaseResult] = []
    for item in items:
        case = item.case
        print(f"\n{case.id} [{item.profile}]: {case.title}", file=out)
        why = item.why_not(info)
        if why:
            result = not_applicable(item, why)
        else:
            features = info.features_for(case.op)
            request = item.request("1", features)
            print(f"-> {json.dumps(request.message())}", file=out)
            outcome = next(iter(engine.answer([request])))
            if outcome.line:
                print(f"<- {outcome.line.rstrip()}", file=out)
            result = judge(item, outcome, features, stops_at_target=info.stops_at_target)
        results.append(result)
        bad += result.status.fails_run
        print(f"{result.status.value.upper()}{': ' + result.message if result.message else ''}", file=out)
        if result.status is Status.FAIL:
            for line in diff_lines(result):
                print(f"    {line}", file=out)
    stderr = engine.stderr_tail()
    if stderr:
        print("\nthe engine's stderr ended with:", file=out)
        for line in stderr[-10:]:
            print(f"  | {line}", file=out)
    nothing = nothing_applicable(info, [Item(case, name) for case in SMOKE_CASES for name in case.profiles])
    if nothing and not any(result.status is not Status.NOT_APPLICABLE for result in results):
        print(f"\nsmoke: {nothing}", file=out)
        return 2
    print("", file=out)
    for line in sent_lines(info, results):
        print(f"smoke: {line}", file=out)
    ran = sum(result.status is not Status.NOT_APPLICABLE for result in results)
    if bad:
        print(f"smoke: {bad} of {ran} went wrong", file=out)
        return 1
    skipped = len(results) - ran
    print(
        "smoke: the wiring works" + (f" ({skipped} of {len(results)} not applicable)" if skipped else ""),
        file=out,
    )
    return 0


def sent_lines(info: EngineInfo, results: Sequence[CaseResult]) -> list[str]:
    """What smoke sent, by operation, and what it did not and why: every operation of the suite,
    and the rejection it did not send to an engine that does not judge illegal input."""
    counts = {op: 0 for op in OPERATIONS}
    for result in results:
        counts[result.case.op] += result.status is not Status.NOT_APPLICABLE
    sent = [f"{op} {count}" for op, count in counts.items() if count]
    lines = [f"requests sent: {', '.join(sent) or 'none'}"]
    unclaimed = [op for op in OPERATIONS if op not in info.operations]
    if unclaimed:
        lines.append(f"not sent: {', '.join(unclaimed)} (the engine does not claim them)")
    for op in OPERATIONS:
        if op in info.operations and not counts[op]:
            lines.append(f"not sent: {op} (claimed, but no smoke or corpus case of it is legal under its profiles)")
    for result in results:
        gap = result.item.gap(info) if result.status is Status.NOT_APPLICABLE else None
        if gap is not None and gap.kind == "input":
            lines.append(f"not sent: {result.case.id} ({result.message})")
    return lines
