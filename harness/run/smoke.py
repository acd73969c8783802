"""`cribcheck smoke --engine CMD`: three cases to check an adapter's wiring before the full run:
a hand worth nothing, the 29 hand, and a play over 31 that must be rejected. Every message is
shown, so a wiring mistake is plain to see. An engine that claims neither smoke profile, or
neither operation, is told so (exit 2), with the claims that matched nothing."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from cribcheck.harness.corpus.cases import Case
from cribcheck.harness.engine.engines import Engine, EngineSetupError, add_engine_arguments, engine_options, open_engine
from cribcheck.harness.engine.protocol import hello_message
from cribcheck.harness.report.common import diff_lines
from cribcheck.harness.report.escaping import SafeStream
from cribcheck.harness.results.results import Item
from cribcheck.harness.results.status import Status
from cribcheck.harness.results.verdict import judge, not_applicable
from cribcheck.harness.run.applicable import nothing_applicable

SMOKE_PROFILES = ("six-card", "six-card-61")  # the first one the engine claims is used


def _case(case_id: str, title: str, rules: tuple[str, ...], op: str, data: dict, expect: dict, explain: str) -> Case:
    return Case(
        id=case_id,
        title=title,
        rules=rules,
        tags=(),
        profiles=SMOKE_PROFILES,
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
        "smoke-over-31",
        "A play over 31 is rejected",
        ("input.legal-play", "peg.thirty-one"),
        "pegging",
        {"pone": ["KC", "QD", "JH", "5S"], "dealer": ["2C", "3D", "4H", "6S"], "plays": ["KC", "2C", "QD", "3D", "JH"]},
        {"rejected": "over_31", "index": 4},
        "K 2 Q 3 make 25; the jack would make 35, so play 4 is rejected with over_31.",
    ),
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_engine_arguments(parser, default=None)
    parser.add_argument("--timeout", type=float, default=5.0, metavar="S", help="seconds for one request")
    parser.add_argument("--startup-timeout", type=float, default=20.0, metavar="S", help="seconds for hello")


def main(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = SafeStream(out or sys.stdout)  # the engine's own lines are shown, never acted on by the terminal
    options = engine_options(args, window=1, max_failures=len(SMOKE_CASES) + 1)
    assert options is not None  # --engine is required here
    print(f"starting: {args.engine}", file=out)
    print(f"-> {json.dumps(hello_message())}", file=out)
    try:
        engine = open_engine(options)
    except EngineSetupError as error:
        print(f"FAILED: {error.message}", file=out)
        for line in error.stderr[-10:]:
            print(f"  stderr | {line}", file=out)
        return 2
    try:
        return _run(engine, out)
    finally:
        engine.close()


def _run(engine: Engine, out: TextIO) -> int:
    info = engine.info
    print(f"<- {json.dumps({'hello': dict(info.raw)})}", file=out)
    print(f"engine: {info.label}", file=out)
    bad = ran = 0
    profile = next((name for name in SMOKE_PROFILES if name in info.profiles), SMOKE_PROFILES[0])
    items = [Item(case, profile) for case in SMOKE_CASES]
    for item in items:
        case = item.case
        print(f"\n{case.id} [{profile}]: {case.title}", file=out)
        why = info.why_not(case.op, profile)
        if why:
            result = not_applicable(item, why)
        else:
            request = item.request("1")
            print(f"-> {json.dumps(request.message())}", file=out)
            outcome = next(iter(engine.answer([request])))
            if outcome.line:
                print(f"<- {outcome.line.rstrip()}", file=out)
            result = judge(item, outcome, info.features)
            ran += 1
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
    nothing = nothing_applicable(info, [Item(case, name) for case in SMOKE_CASES for name in SMOKE_PROFILES])
    if nothing:
        print(f"\nsmoke: {nothing}", file=out)
        return 2
    if bad:
        print(f"\nsmoke: {bad} of {len(SMOKE_CASES)} went wrong", file=out)
        return 1
    skipped = len(SMOKE_CASES) - ran
    print(
        "\nsmoke: the wiring works" + (f" ({skipped} of {len(SMOKE_CASES)} not applicable)" if skipped else ""),
        file=out,
    )
    return 0
