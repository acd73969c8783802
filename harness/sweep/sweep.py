"""`cribcheck sweep`: compare every hand + starter (or crib + starter) with the reference.

The space (harness.sweep.space) -> show requests, in batches when the engine claims `batch` -> the
engine -> each answer compared with the reference's count (harness.operations.fast_show: the reference's own
rule functions, memoised) -> a tally: agreements, the first mismatches (printed as cases) and the
distribution of scores over the combinations compared. Exit 0 when every answer agrees, 1 when
any does not, 2 on usage or setup errors, 130 when interrupted (what was done is reported).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import islice
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

from cribcheck.harness.contract.words import did_you_mean
from cribcheck.harness.engine.engines import (
    AdapterEngine,
    BatchEngine,
    EngineSetupError,
    InProcessEngine,
    add_engine_arguments,
    engine_options,
)
from cribcheck.harness.engine.protocol import BatchRequest, Request
from cribcheck.harness.operations.compare import mismatches
from cribcheck.harness.operations.fast_show import BREAKDOWN_KEYS, TEXT, Parts, ShowScorer
from cribcheck.harness.operations.features import BATCH, compared_expectation
from cribcheck.harness.report.escaping import SafeStream
from cribcheck.harness.report.progress import ProgressBar
from cribcheck.harness.sweep.plan import EXIT_SETUP, Answer, Mismatch, SweepPlan, SweepResult
from cribcheck.harness.sweep.report import header_lines, report_lines, summary_json
from cribcheck.harness.sweep.space import Item, Shard
from cribcheck.reference import CribbageError, load_profile, profile_names

SETS = ("hand", "crib")

CANONICAL_HELP = (
    "send one representative per suit-symmetry class, weighted by the class's size (six-card: 652,353 requests "
    "for 12,994,800 combinations; three-card hands: 63,193 for 1,082,900). Every representative's starter is a "
    "club and its suits are given in a fixed order, so it cannot catch a bug that depends on which suit is which "
    "rather than on which cards share a suit (a miscounted heart flush, nobs missed for one suit, a suit letter "
    "misread), nor one that depends on the order of the cards: the full sweep can"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    what = parser.add_argument_group("what to sweep")
    what.add_argument("--profile", required=True, help="the profile, such as six-card or five-card")
    what.add_argument("--set", required=True, choices=SETS, dest="set_name", help="count hands or cribs")
    what.add_argument("--canonical", action="store_true", help=CANONICAL_HELP)
    what.add_argument(
        "--shard",
        type=_shard,
        default=Shard(),
        metavar="K/N",
        help="sweep the K-th of N shares (1 <= K <= N), for CI matrix jobs; the shares' counts add up",
    )
    engine = parser.add_argument_group("engine")
    add_engine_arguments(engine, default="the plain reference engine in-process", once=False)
    engine.add_argument(
        "--batch", type=int, default=1000, metavar="N", help="inputs per batch request, if the engine claims batch"
    )
    engine.add_argument("--window", type=int, default=8, metavar="N", help="requests in flight at once (default 8)")
    engine.add_argument(
        "--timeout", type=float, default=30.0, metavar="S", help="seconds for one request, a batch counting as one"
    )
    engine.add_argument(
        "--startup-timeout", type=float, default=20.0, metavar="S", help="seconds for the answer to hello (default 20)"
    )
    engine.add_argument("--stderr-log", type=Path, metavar="FILE", help="append the engine's stderr to FILE")
    output = parser.add_argument_group("output")
    output.add_argument("--show", type=int, default=10, metavar="N", help="mismatches printed as cases (default 10)")
    output.add_argument("--summary", type=Path, metavar="FILE.json", help="write the counts and tables as JSON")
    output.add_argument(
        "-q", "--quiet", "--no-progress", dest="no_progress", action="store_true", help="no progress bar"
    )


def _shard(text: str) -> Shard:
    try:
        return Shard.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


class Tally:
    """The counts of a sweep as it goes (local to one run)."""

    def __init__(self, plan: SweepPlan, features: frozenset[str]) -> None:
        self.plan = plan
        self.scorer = ShowScorer(plan.profile, crib=plan.crib)
        self.features = features
        self.breakdown = "breakdown" in features
        self.items = self.combinations = self.mismatched_items = self.mismatched_combinations = 0
        self.reference: Counter[int] = Counter()
        self.answered: Counter[int | None] = Counter()
        self.mismatches: list[Mismatch] = []
        self._expected: dict[Parts, dict[str, Any]] = {}

    def expected(self, held: tuple[int, ...], starter: int) -> dict[str, Any]:
        parts = self.scorer.parts(held, starter)
        expected = self._expected.get(parts)
        if expected is None:
            breakdown = dict(zip(BREAKDOWN_KEYS, parts, strict=True))
            expected = self._expected[parts] = {"total": sum(parts), "breakdown": breakdown}
        return expected

    def add(self, items: Sequence[Item], answers: Sequence[Answer]) -> None:
        """One chunk of items and the engine's answers to them, in order."""
        reference, answered = self.reference, self.answered
        for (held, starter, weight), answer in zip(items, answers, strict=True):
            expected = self.expected(held, starter)
            total = expected["total"]
            reference[total] += weight
            ok = answer.get("ok")
            if (
                ok is not None
                and ok.get("total") == total
                and (not self.breakdown or ok.get("breakdown") == expected["breakdown"])
            ):
                answered[total] += weight
                continue
            got = ok.get("total") if ok is not None else None
            answered[got if isinstance(got, int) and not isinstance(got, bool) else None] += weight
            lines = mismatches(compared_expectation("show", expected, self.features), answer)
            if lines:
                self.mismatched_items += 1
                self.mismatched_combinations += weight
                if len(self.mismatches) < self.plan.shown:
                    self.mismatches.append(Mismatch(held, starter, weight, expected, answer, tuple(lines)))
        self.items += len(items)
        self.combinations += sum(weight for _, _, weight in items)


def show_input(cards: list[str], starter: int, crib: bool) -> dict[str, Any]:
    return {"cards": cards, "starter": TEXT[starter], "crib": crib}


def inputs(items: Sequence[Item], crib: bool) -> Iterator[dict[str, Any]]:
    """The show inputs of items; consecutive items with the same held cards share its list."""
    last: tuple[int, ...] | None = None
    cards: list[str] = []
    for held, starter, _ in items:
        if held is not last:
            last, cards = held, [TEXT[card] for card in held]
        yield show_input(cards, starter, crib)


def chunks(items: Iterator[Item], size: int) -> Iterator[list[Item]]:
    while chunk := list(islice(items, size)):
        yield chunk


def answered_chunks(
    engine: BatchEngine, plan: SweepPlan, *, batched: bool
) -> Iterator[tuple[list[Item], Sequence[Answer]]]:
    """The space's items, chunk by chunk, with the engine's answers: in batch requests, or one
    request per item (pipelined) when the engine does not claim `batch`."""
    pending: dict[str, list[Item]] = {}
    name = plan.profile.name

    def batch_requests() -> Iterator[BatchRequest]:
        for number, chunk in enumerate(chunks(iter(plan.space), plan.batch)):
            pending[str(number)] = chunk
            yield BatchRequest(str(number), "show", name, tuple(inputs(chunk, plan.crib)))

    def single_requests() -> Iterator[Request]:
        for number, chunk in enumerate(chunks(iter(plan.space), 1)):
            pending[str(number)] = chunk
            yield Request(str(number), "show", name, next(inputs(chunk, plan.crib)))

    if batched:
        batch_outcomes = engine.answer_batches(batch_requests())
        try:
            for batch in batch_outcomes:
                chunk = pending.pop(batch.seq)
                if batch.error is not None:
                    yield chunk, [{"error": {"message": batch.error}}] * len(chunk)
                else:
                    yield chunk, batch.answers
        finally:
            batch_outcomes.close()
        return
    outcomes = engine.answer(single_requests())
    try:
        for outcome in outcomes:
            yield pending.pop(outcome.seq), [{outcome.kind: outcome.body}]
    finally:
        outcomes.close()


def run_sweep(
    plan: SweepPlan, engine: BatchEngine, *, where: str = "in-process", progress: ProgressBar | None = None
) -> SweepResult:
    """Sweep the plan's space through the engine. A first Ctrl-C (SIGINT, in the main thread)
    stops after the chunk in hand, and the result counts what was compared; a second one stops at
    once."""
    tally = Tally(plan, engine.info.features_for("show"))
    batched = BATCH in engine.info.features_for("show")
    started = time.monotonic()
    interrupted = False
    with _stop_on_interrupt() as stop:
        try:
            for items, answers in answered_chunks(engine, plan, batched=batched):
                tally.add(items, answers)
                if progress is not None:
                    progress.update(tally.items)
                if stop.is_set():
                    interrupted = True
                    break
        except KeyboardInterrupt:
            interrupted = True
        finally:
            if progress is not None:
                progress.close()
    return SweepResult(
        plan=plan,
        engine=engine.info,
        engine_where=where,
        batched=batched,
        items=tally.items,
        combinations=tally.combinations,
        mismatched_items=tally.mismatched_items,
        mismatched_combinations=tally.mismatched_combinations,
        reference=dict(tally.reference),
        answered=dict(tally.answered),
        mismatches=tuple(tally.mismatches),
        seconds=time.monotonic() - started,
        interrupted=interrupted,
    )


@contextlib.contextmanager
def _stop_on_interrupt() -> Iterator[threading.Event]:
    """An event set by the first SIGINT, after which SIGINT raises KeyboardInterrupt as usual."""
    stop = threading.Event()

    def first(signum: int, frame: FrameType | None) -> None:
        stop.set()
        signal.signal(signal.SIGINT, signal.default_int_handler)

    try:
        previous = signal.signal(signal.SIGINT, first)
    except ValueError:  # not the main thread: Ctrl-C stays a KeyboardInterrupt
        yield stop
        return
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)


def open_sweep_engine(args: argparse.Namespace) -> tuple[BatchEngine, str]:
    """The engine the arguments name (raises EngineSetupError), and where it runs."""
    if not args.engine:
        from cribcheck.harness.engine.serve import reference_adapter

        return InProcessEngine(reference_adapter(plain=True)), "in-process (plain reference)"
    options = engine_options(args)
    assert options is not None  # args.engine is set
    return AdapterEngine(options), f"persistent: {args.engine}"


def main(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = SafeStream(out or sys.stdout)  # the engine's name and words are shown, never acted on by the terminal
    err = SafeStream(sys.stderr)
    try:
        profile = load_profile(args.profile)
    except CribbageError as error:
        print(f"cribcheck sweep: {error.message}{did_you_mean(args.profile, profile_names())}", file=err)
        return EXIT_SETUP
    if args.batch < 1 or args.batch > 10_000:
        print("cribcheck sweep: --batch must be between 1 and 10000", file=err)
        return EXIT_SETUP
    plan = SweepPlan.of(
        profile, args.set_name, canonical=args.canonical, shard=args.shard, batch=args.batch, shown=max(0, args.show)
    )
    try:
        engine, where = open_sweep_engine(args)
    except EngineSetupError as error:
        tail = "".join(f"\n  {line}" for line in error.stderr[-5:])
        print(f"cribcheck sweep: the engine could not be started: {error.message}{tail}", file=err)
        return EXIT_SETUP
    try:
        why = engine.info.why_not("show", profile.name)
        if why is not None:
            print(f"cribcheck sweep: nothing to sweep: {why}", file=err)
            return EXIT_SETUP
        for line in header_lines(plan, engine.info, where, batched=BATCH in engine.info.features_for("show")):
            print(line, file=out)
        out.flush()
        unit = "classes" if plan.space.canonical else "combinations"
        progress = ProgressBar(plan.space.items, unit, enabled=False if args.no_progress else None)
        result = run_sweep(plan, engine, where=where, progress=progress)
    finally:
        engine.close()
    for line in report_lines(result):
        print(line, file=out)
    if args.summary:
        args.summary.write_text(json.dumps(summary_json(result), indent=1) + "\n", encoding="utf-8")
    return result.exit_status
