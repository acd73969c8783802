"""`cribcheck fuzz`: differential fuzzing of an engine against the reference.

Hypothesis draws inputs for every operation the engine claims, under every profile it claims
(harness/fuzz/strategies.py: hands and starters, legal and illegal plays, whole hands and whole games
with random legal decisions), and each is sent to the engine through harness/engine/engines.py, the same
path as `cribcheck run` (so a crash or a hang is an `error`, and the engine is restarted). The
answer is compared with the reference's (harness/operations/compare.py), over the keys of the features the
engine claims for that operation; an input the reference rejects is not sent to an engine that
does not judge illegal input of that operation (`judges_input: false`, docs/PROTOCOL.md). At a
disagreement Hypothesis shrinks the input (for `--shrink-seconds` at most, and a quarter of the
time left), keeping the way it differs, and the smallest disagreement is written into `--out` as
a ready-to-commit case (harness/fuzz/findings.py), and printed. Then the search goes on, until
its time is up (or `--max-findings` distinct findings are found): a finding is distinct by its
divergence signature (harness/fuzz/distinct.py: the operation, the field that differs, the event
and the reference's reasons there, and how the engine's value stands to the reference's). A
disagreement whose every signature was already found is passed over, and one that differs in
a new way as well is a new finding, shrunk for that way: so two bugs that fail the same key are
two findings. One bug is seen under every main profile: a finding's input is sent again under
each other main profile, and those where it differs the same way are named with it. And each
later search draws the operations and main profiles where something was found last (and least
often), so that it looks elsewhere first.

Exit status: 0 when no disagreement was found, 1 when one was (and written), 2 on a usage or
setup error (an engine that cannot start, nothing to fuzz).
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import sys
import time
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any, TextIO

import hypothesis
from hypothesis import HealthCheck, Phase, Verbosity, given
from hypothesis.errors import Flaky

from cribcheck.harness.engine.engines import (
    Engine,
    EngineSetupError,
    add_engine_arguments,
    engine_options,
    engine_words,
    open_engine,
)
from cribcheck.harness.engine.protocol import Request
from cribcheck.harness.fuzz.distinct import found_before, resembles, signatures_of, words
from cribcheck.harness.fuzz.findings import Finding, case_document, case_expectation, write_case
from cribcheck.harness.fuzz.strategies import OPERATION_WEIGHTS, Example, examples, main_profile
from cribcheck.harness.operations.answers import OPERATIONS, cached_profiles, run_reference
from cribcheck.harness.operations.compare import mismatches
from cribcheck.harness.operations.divergence import Signature
from cribcheck.harness.operations.features import compared_expectation, input_sent
from cribcheck.harness.report.escaping import SafeStream
from cribcheck.harness.results.verdict import answer_of
from cribcheck.reference import profile_names

EXIT_CLEAN, EXIT_FOUND, EXIT_SETUP = 0, 1, 2
DEFAULT_SECONDS = 60.0
DEFAULT_SHRINK_SECONDS = 30.0
DEFAULT_SIMPLIFY_SECONDS = 5.0
SHRINK_SHARE = 4  # a finding is shrunk (and simplified) for at most 1/SHRINK_SHARE of the time left
PATIENCE = 50  # examples spent looking for a disagreement in new ways only, before one in known ways too
SIMPLER = tuple(OPERATION_WEIGHTS)  # the operations from the simplest
DEFAULT_OUT = Path("fuzz-findings")
UNLIMITED = 10**9  # examples, when only time limits the search
SHOWN_INPUT = 600  # characters of an input printed with a finding (the case file has it whole)


@dataclass(frozen=True)
class FuzzSettings:
    """How long to search, from which seed, and over what (empty: all the engine claims)."""

    seconds: float | None = DEFAULT_SECONDS
    max_examples: int | None = None
    seed: int = 0
    shrink_seconds: float = DEFAULT_SHRINK_SECONDS
    simplify_seconds: float = DEFAULT_SIMPLIFY_SECONDS
    profiles: tuple[str, ...] = ()
    operations: tuple[str, ...] = ()
    max_findings: int | None = 1  # distinct findings before the search stops (None: until the time is up)


@dataclass(frozen=True)
class Found:
    """One distinct finding, shrunk, and when it was first seen."""

    finding: Finding
    after: int  # examples run (since the start) until it was first seen
    seconds: float
    op: str  # the operation it was first seen on (before shrinking)
    also: tuple[str, ...] = ()  # the other profiles where the same input disagrees the same way
    signature: Signature | None = None  # the way it differs that made it a finding (kept while shrinking)


@dataclass(frozen=True)
class FuzzResult:
    """What a run found, and how long it took to find it."""

    seed: int
    found: tuple[Found, ...]  # each distinct finding, in the order found
    examples: int  # examples run, shrinking included
    seconds: float
    by_op: Mapping[str, int] = field(default_factory=dict)  # examples run per operation
    stopped: str = "examples"  # why the search ended: "found" (--max-findings), "time" or "examples"

    @property
    def signatures(self) -> tuple[Signature, ...]:
        """The signature of each finding, in the order found."""
        return tuple(found.signature for found in self.found if found.signature is not None)

    @property
    def finding(self) -> Finding | None:
        """The first finding, or None."""
        return self.found[0].finding if self.found else None

    @property
    def detected_after(self) -> int | None:
        return self.found[0].after if self.found else None

    @property
    def detected_seconds(self) -> float | None:
        return self.found[0].seconds if self.found else None

    @property
    def detected_op(self) -> str | None:
        return self.found[0].op if self.found else None


class Disagreement(Exception):
    """Raised inside the Hypothesis test when the engine disagrees: Hypothesis then shrinks."""

    def __init__(self, finding: Finding) -> None:
        super().__init__("; ".join(finding.mismatches[:3]))
        self.finding = finding


class _TimeUp(BaseException):
    """The time for searching (or shrinking) is over. Not an Exception: Hypothesis lets it pass."""


class Scope(Exception):
    """Nothing to fuzz: the engine claims no operation or profile the fuzzer can draw."""


def scope(engine: Engine, wanted: FuzzSettings) -> tuple[list[str], list[str]]:
    """The operations and profiles to draw: what the engine claims (and the reference knows), less
    what the settings leave out. Raises Scope when either is empty."""
    info = engine.info
    ops = [op for op in OPERATIONS if op in info.operations and (not wanted.operations or op in wanted.operations)]
    names = [name for name in profile_names() if name in info.profiles]
    if wanted.profiles:
        names = [name for name in names if name in wanted.profiles]
    if not ops:
        raise Scope(f"the engine claims none of the operations to fuzz ({', '.join(wanted.operations or OPERATIONS)})")
    if not names:
        raise Scope(f"the engine claims none of the profiles to fuzz ({', '.join(wanted.profiles or profile_names())})")
    return ops, names


def judge_example(engine: Engine, example: Example, seq: str) -> Finding | None:
    """Send one example to the engine and compare its answer with the reference's; a Finding when
    they disagree (an engine error counts; a skip does not). Muggins claims are sent as `cribcheck
    run` sends them (harness/operations/features.py): under a profile without muggins, only to an
    engine that claims the feature `claims` for the operation; the example judged is the input as
    sent. The answer is compared over the features the engine claims for the operation, and an
    input the reference rejects is not sent to an engine that does not judge illegal input of that
    operation (as `cribcheck run` does not send it a rejection case): None, as for an agreement."""
    features = engine.info.features_for(example.op)
    sent = input_sent(example.input, example.profile, features)
    if sent is not example.input:
        example = replace(example, input=dict(sent))
    expected = case_expectation(example.op, run_reference(example.op, example.input, example.profile))
    if "rejected" in expected and not engine.info.judges(example.op, expected["rejected"]):
        return None
    compared = compared_expectation(
        example.op, expected, features, profile=example.profile, stops_at_target=engine.info.stops_at_target
    )
    answers = engine.answer([Request(seq, example.op, example.profile, example.input)])
    try:
        outcome = next(answers)
    finally:
        answers.close()
    if outcome.kind == "skipped":
        return None
    if outcome.kind == "error":
        return Finding(example, expected, compared, None, outcome.message, (f"the engine failed: {outcome.message}",))
    answer = answer_of(outcome) or {}
    found = tuple(mismatches(compared, answer))
    return Finding(example, expected, compared, answer, None, found) if found else None


class _Search:
    """One Hypothesis search (local to `fuzz`): its counts, its clock, the signature it found
    (`target`: the shrinker keeps it, and adds no known signature the first disagreement did not
    show) and the smallest finding. A finding is one with a signature that `new` accepts: by
    default any not like one already `known` (distinct.found_before)."""

    def __init__(
        self,
        engine: Engine,
        wanted: FuzzSettings,
        progress: Progress,
        known: frozenset[Signature] = frozenset(),
        new: Callable[[Signature], bool] | None = None,
    ) -> None:
        self.engine = engine
        self.wanted = wanted
        self.progress = progress
        self.new = new or (lambda signature: not found_before(signature, known))  # those found: passed over
        self.start = time.monotonic()
        self.examples = 0
        self.by_op: Counter[str] = Counter()
        self.first: tuple[int, float, str] | None = None  # examples, seconds, op
        self.target: Signature | None = None
        self.seen: frozenset[Signature] = frozenset()  # the signatures of the first disagreement
        self.waiting: tuple[Finding, Signature, int, float, str] | None = None  # see _wait
        self.best: Finding | None = None
        self.stopped = "examples"

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def shrink_seconds(self, found_at: float) -> float:
        """How long a disagreement found `found_at` seconds into the search is shrunk: at most
        `shrink_seconds`, and a share of the time then left (so that the search goes on to others)."""
        if self.wanted.seconds is None:
            return self.wanted.shrink_seconds
        return min(self.wanted.shrink_seconds, max(0.0, self.wanted.seconds - found_at) / SHRINK_SHARE)

    def check(self, example: Example) -> None:
        """The body of the Hypothesis test."""
        elapsed = self.elapsed()
        if self.first is None and self.wanted.seconds is not None and elapsed > self.wanted.seconds:
            raise _TimeUp
        if self.first is not None and elapsed - self.first[1] > self.shrink_seconds(self.first[1]):
            raise _TimeUp
        self.examples += 1
        self.by_op[example.op] += 1
        self.progress.tick(self)
        finding = judge_example(self.engine, example, str(self.examples))
        if finding is None:
            return
        found = signatures_of(finding)
        if self.target is None:
            fresh = [signature for signature in found if self.new(signature)]
            if not fresh:
                return
            if len(fresh) < len(found) and self._wait(finding, fresh[0], elapsed):
                return  # it differs in a known way too: look a little longer for one that does not
            self.target, self.seen = fresh[0], frozenset(found)
            self.first = (self.examples, elapsed, example.op)
            self.progress.found(self)
        elif self.target not in found or not all(one in self.seen or self.new(one) for one in found):
            return  # shrinking: only a smaller input that differs the same way, and in no other known way
        self.best = finding  # the shrinker only tries smaller inputs: the last to fail is the smallest
        raise Disagreement(finding)

    def _wait(self, finding: Finding, new: Signature, elapsed: float) -> bool:
        """Whether to pass over a disagreement that differs in a new way and in a known way too
        (so that the case of a second bug does not show the first as well): for PATIENCE examples
        from the first such, kept meanwhile, the search looks for one that differs in new ways only."""
        if self.waiting is None:
            self.waiting = (finding, new, self.examples, elapsed, finding.example.op)
        return self.examples - self.waiting[2] < PATIENCE

    def _waited(self) -> Finding | None:
        """At the end of a search that found nothing else, the disagreement kept by _wait, unshrunk."""
        if self.waiting is None or self.target is not None:
            return self.best
        finding, self.target, examples, seconds, op = self.waiting
        self.seen, self.first, self.best = frozenset(signatures_of(finding)), (examples, seconds, op), finding
        return finding

    def run(
        self, ops: Sequence[str], names: Sequence[str], later: tuple[Collection[str], Collection[str]] = ((), ())
    ) -> Finding | None:
        """Search examples of `ops` under `names`, the operations and main profiles of `later` drawn
        last (strategies.examples); the smallest disagreement found, or None."""
        test = given(examples(ops, names, later))(self.check)
        test = hypothesis.settings(
            max_examples=self.wanted.max_examples or UNLIMITED,
            deadline=None,
            database=None,
            phases=(Phase.generate, Phase.shrink),
            suppress_health_check=list(HealthCheck),
            verbosity=Verbosity.quiet,
            report_multiple_bugs=False,
            print_blob=False,
        )(test)
        test = hypothesis.seed(self.wanted.seed)(test)
        try:
            test()
        except Disagreement as disagreement:
            return disagreement.finding
        except _TimeUp:
            self.stopped = "time"
            return self._waited()
        except Flaky:  # the engine answered the same input differently: keep what was seen
            if self.best is None:
                raise
            return self.best
        return self._waited()


def _alike(found: Signature, known: Collection[Signature], signature: Signature) -> bool:
    """A simpler search's finding: a signature not known yet that resembles the one found."""
    return signature not in known and resembles(signature, found)


def _rank(op: str) -> int:
    return SIMPLER.index(op) if op in SIMPLER else len(SIMPLER)


def fuzz(engine: Engine, wanted: FuzzSettings, progress: Progress | None = None) -> FuzzResult:
    """Search for disagreements between `engine` and the reference; raises Scope when there is
    nothing to fuzz. The engine is left open.

    Each disagreement is shrunk, keeping the signature that made it new; then short searches
    (`simplify_seconds` in all) look for one in simpler operations only (those before it in the
    mix: a hand rather than a game, then a show rather than a hand) that differs the same way
    (distinct.resembles), whose case is smaller and says more plainly what is wrong. Its input is
    then sent under the other main profiles (same_elsewhere). Then the search goes on, passing over
    the signatures found and drawing where something was found last (searched_last), until
    `max_findings` distinct findings (None: no limit), the time (`seconds`, from the start) or the
    examples (`max_examples` for each search) are used up."""
    ops, names = scope(engine, wanted)
    progress = progress or Progress(None)
    start = time.monotonic()
    found: list[Found] = []
    known: set[Signature] = set()
    by_op: Counter[str] = Counter()
    examples_run = 0
    stopped = "examples"

    def left() -> float | None:
        return None if wanted.seconds is None else wanted.seconds - (time.monotonic() - start)

    with cached_profiles():
        while wanted.max_findings is None or len(found) < wanted.max_findings:
            remaining = left()
            if remaining is not None and remaining <= 0:
                stopped = "time"
                break
            settings = replace(wanted, seconds=remaining, seed=wanted.seed + len(found))
            search = _Search(engine, settings, progress, frozenset(known))
            finding = search.run(ops, names, searched_last(found))
            by_op.update(search.by_op)
            if finding is None or search.first is None or search.target is None:
                examples_run += search.examples
                stopped = search.stopped
                break
            after, seconds, op = search.first
            target = search.target
            known.add(target)
            remaining = left()
            budget = wanted.simplify_seconds
            if remaining is not None:
                budget = min(budget, remaining / SHRINK_SHARE)
            finding, target, simplifying = _simplify(
                engine, replace(wanted, simplify_seconds=budget), (ops, names), (finding, target), known, progress
            )
            known.add(target)
            also = same_elsewhere(engine, finding, target, names)
            found.append(Found(finding, examples_run + after, search.start - start + seconds, op, also, target))
            progress.note(f"fuzz: finding {len(found)}: {words(target)}")
            examples_run += search.examples + simplifying
        else:
            stopped = "found"
    return FuzzResult(
        seed=wanted.seed,
        found=tuple(found),
        examples=examples_run,
        seconds=time.monotonic() - start,
        by_op=dict(by_op),
        stopped=stopped,
    )


def same_elsewhere(engine: Engine, finding: Finding, target: Signature, names: Sequence[str]) -> tuple[str, ...]:
    """The other main profiles where `finding`'s input differs the same way (with the signature
    `target`): the input is sent under each other main profile of `names` (by the first of its
    names there), as it is, so that where it does not fit the reference rejects it and it is not
    the same."""
    own = main_profile(finding.example.profile)
    firsts: dict[str, str] = {}
    for name in names:
        firsts.setdefault(main_profile(name), name)
    also: list[str] = []
    for main, name in firsts.items():
        if main == own:
            continue
        there = judge_example(engine, replace(finding.example, profile=name), f"also-{name}")
        if there is not None and target in signatures_of(there):
            also.append(name)
    return tuple(also)


def searched_last(found: Sequence[Found]) -> tuple[frozenset[str], frozenset[str]]:
    """The operations and main profiles where something was found (the finding's own and its
    `also`): later searches draw them last, so that they look elsewhere first."""
    ops = frozenset(item.finding.example.op for item in found)
    profiles = frozenset(main_profile(name) for item in found for name in (item.finding.example.profile, *item.also))
    return ops, profiles


def _simplify(
    engine: Engine,
    wanted: FuzzSettings,
    scope_: tuple[Sequence[str], Sequence[str]],
    found: tuple[Finding, Signature],
    known: Collection[Signature],
    progress: Progress,
) -> tuple[Finding, Signature, int]:
    """A disagreement in simpler operations than `found`'s that differs the same way (a new
    signature that resembles its own), if one is found within `simplify_seconds` and
    `max_examples` for each search (else `found`), with its signature, and the examples spent looking."""
    ops, names = scope_
    finding, target = found
    deadline = time.monotonic() + wanted.simplify_seconds
    examples_run = 0
    while time.monotonic() < deadline:
        simpler = [op for op in ops if _rank(op) < _rank(finding.example.op)]
        if not simpler:
            break
        progress.note(f"fuzz: looking for a simpler disagreement ({', '.join(simpler)})")
        again = FuzzSettings(
            seconds=deadline - time.monotonic(),
            max_examples=wanted.max_examples,
            seed=wanted.seed,
            shrink_seconds=wanted.shrink_seconds,
            simplify_seconds=0,
        )
        second = _Search(engine, again, Progress(None), new=partial(_alike, target, known))
        smaller = second.run(simpler, names)
        examples_run += second.examples
        if smaller is None or second.target is None:
            break
        finding, target = smaller, second.target
    return finding, target, examples_run


class Progress:
    """A status line while the search runs (on a terminal, redrawn in place), and a line when the
    first disagreement is found. `stream` None: silent."""

    def __init__(self, stream: TextIO | SafeStream | None, every: float | None = None) -> None:
        self.stream = None if stream is None else SafeStream(stream)
        self.live = bool(stream is not None and stream.isatty())
        self.every = every if every is not None else (0.5 if self.live else 10.0)
        self.next = time.monotonic() + self.every

    def tick(self, search: _Search) -> None:
        if self.stream is None or time.monotonic() < self.next:
            return
        self.next = time.monotonic() + self.every
        if search.first is None:
            ops = ", ".join(f"{op} {count}" for op, count in sorted(search.by_op.items()))
            text = f"fuzz: {search.elapsed():5.1f} s, {search.examples} examples ({ops}), no disagreement yet"
        else:
            text = f"fuzz: shrinking, {search.elapsed() - search.first[1]:.1f} s, {search.examples} examples"
        self._show(text)

    def found(self, search: _Search) -> None:
        if self.stream is None or search.first is None:
            return
        examples, seconds, op = search.first
        self._show(f"fuzz: disagreement on {op} after {examples} examples ({seconds:.1f} s); shrinking it", end=True)

    def note(self, text: str) -> None:
        if self.stream is not None:
            self._show(text, end=True)

    def finish(self) -> None:
        if self.stream is not None and self.live:
            self.stream.write("\n")
            self.stream.flush()
            self.live = False

    def _show(self, text: str, end: bool = False) -> None:
        assert self.stream is not None
        if self.live:
            self.stream.control("\r")
            self.stream.control("\033[K")
            self.stream.write(text + ("\n" if end else ""))
        else:
            self.stream.write(text + "\n")
        self.stream.flush()


# --- the command -------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    engine = parser.add_argument_group("engine")
    add_engine_arguments(engine)
    engine.add_argument("--timeout", type=float, default=5.0, metavar="S", help="seconds for one request (default 5)")
    search = parser.add_argument_group("search")
    search.add_argument(
        "--profile", action="append", default=[], metavar="P", help="fuzz under this profile only (repeatable)"
    )
    search.add_argument(
        "--op",
        action="append",
        default=[],
        choices=OPERATIONS,
        metavar="OP",
        help="fuzz this operation only (repeatable)",
    )
    limit = search.add_mutually_exclusive_group()
    limit.add_argument("--seconds", type=float, metavar="S", help=f"search for S seconds (default {DEFAULT_SECONDS:g})")
    limit.add_argument("--max-examples", type=int, metavar="N", help="search N examples")
    search.add_argument("--seed", type=int, metavar="N", help="the random seed (default: a new one, printed)")
    search.add_argument(
        "--max-findings",
        type=int,
        metavar="N",
        help="stop after N distinct findings (default: none; the search goes on to the end of its time, "
        "each finding distinct by the way the engine differs: the operation, the field, the event and "
        "the reference's reasons there, and how the engine's value stands to the reference's)",
    )
    search.add_argument(
        "--shrink-seconds",
        type=float,
        default=DEFAULT_SHRINK_SECONDS,
        metavar="S",
        help=f"seconds at most for shrinking a disagreement (default {DEFAULT_SHRINK_SECONDS:g})",
    )
    search.add_argument(
        "--simplify-seconds",
        type=float,
        default=DEFAULT_SIMPLIFY_SECONDS,
        metavar="S",
        help="after a disagreement, seconds spent looking for one in simpler operations only "
        f"(default {DEFAULT_SIMPLIFY_SECONDS:g}; 0: none)",
    )
    output = parser.add_argument_group("output")
    output.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, metavar="DIR", help=f"where to write the case (default {DEFAULT_OUT})"
    )
    output.add_argument(
        "-q", "--quiet", "--no-progress", dest="no_progress", action="store_true", help="no status line while searching"
    )


def settings_from_args(args: argparse.Namespace) -> FuzzSettings:
    if args.max_examples is not None and args.max_examples < 1:
        raise ValueError("--max-examples must be at least 1")
    if args.seconds is not None and args.seconds <= 0:
        raise ValueError("--seconds must be positive")
    if args.max_findings is not None and args.max_findings < 1:
        raise ValueError("--max-findings must be at least 1")
    seconds = args.seconds if args.seconds is not None or args.max_examples is not None else DEFAULT_SECONDS
    unknown = sorted(set(args.profile) - set(profile_names()))
    if unknown:
        raise ValueError(f"unknown profile(s): {', '.join(unknown)}")
    return FuzzSettings(
        seconds=seconds,
        max_examples=args.max_examples,
        seed=args.seed if args.seed is not None else random.SystemRandom().randrange(2**32),
        shrink_seconds=args.shrink_seconds,
        simplify_seconds=args.simplify_seconds,
        profiles=tuple(args.profile),
        operations=tuple(args.op),
        max_findings=args.max_findings,
    )


def main(args: argparse.Namespace, out: TextIO | None = None, open_with: Callable[..., Engine] = open_engine) -> int:
    # the engine's name, words and answers are shown, never acted on by the terminal
    out = SafeStream(out or sys.stdout)
    err = SafeStream(sys.stderr)
    try:
        wanted = settings_from_args(args)
    except ValueError as error:
        print(f"cribcheck fuzz: {error}", file=err)
        return EXIT_SETUP
    try:
        engine = open_with(engine_options(args))
    except EngineSetupError as error:
        print(f"cribcheck fuzz: the engine could not be started: {error.message}", file=err)
        for line in error.stderr[-5:]:
            print(f"  | {line}", file=err)
        return EXIT_SETUP
    label = args.engine or "the reference engine (in-process)"
    print(f"fuzzing {engine.info.label} with seed {wanted.seed}", file=out)
    progress = Progress(None if args.no_progress else err)
    try:
        result = fuzz(engine, wanted, progress)
    except Scope as error:
        print(f"cribcheck fuzz: {error}", file=err)
        return EXIT_SETUP
    finally:
        progress.finish()
        engine.close()
    for line in report_lines(result):
        print(line, file=out)
    for number, found in enumerate(result.found, start=1):
        path = write_case(case_document(found.finding, result.seed, _engine_text(args, label)), args.out)
        print(f"wrote finding {number}: {path}", file=out)
        print(f"  rerun it: {rerun_command(args, path)}", file=out)
    return EXIT_FOUND if result.found else EXIT_CLEAN


def _engine_text(args: argparse.Namespace, label: str) -> str:
    return f"`{args.engine}`" if args.engine else label


def rerun_command(args: argparse.Namespace, path: Path) -> str:
    return shlex.join(["cribcheck", "run", "--cases", str(path), *engine_words(args)])


def report_lines(result: FuzzResult) -> list[str]:
    """What a run found, for people."""
    counts = ", ".join(f"{op} {count}" for op, count in sorted(result.by_op.items()))
    why = {"time": "time is up", "examples": "all examples run", "found": "--max-findings reached"}[result.stopped]
    if not result.found:
        return [f"no disagreement in {result.examples} examples ({result.seconds:.1f} s, {why}): {counts}"]
    lines = [
        f"{len(result.found)} distinct finding(s) in {result.examples} examples ({result.seconds:.1f} s, {why}): "
        f"{counts}",
        "signatures found (how the engine differs from the reference):",
        *(f"  {number}. {words(signature)}" for number, signature in enumerate(result.signatures, start=1)),
    ]
    for number, found in enumerate(result.found, start=1):
        finding = found.finding
        example = finding.example
        lines += [
            f"DISAGREEMENT {number}: found on {found.op} after {found.after} examples ({_seconds(found.seconds)}), "
            "shrunk to:",
            f"  op {example.op}, profile {example.profile}",
            *([f"  differs: {words(found.signature)}"] if found.signature is not None else []),
            f"  input: {_short(example.input)}",
            *([f"  the same input disagrees the same way under: {', '.join(found.also)}"] if found.also else []),
            f"  the engine answered {finding.engine_said}",
            "  differences (expected is the reference's answer):",
            *(f"    {line}" for line in finding.mismatches),
        ]
    return lines


def _seconds(value: float | None) -> str:
    return "?" if value is None else f"{value:.1f} s"


def _short(data: Mapping[str, Any] | Sequence[Any]) -> str:
    text = json.dumps(data, separators=(", ", ": "))
    return text if len(text) <= SHOWN_INPUT else text[: SHOWN_INPUT - 3] + "... (in full in the case file)"


if __name__ == "__main__":
    command = argparse.ArgumentParser(
        prog="python3 -m cribcheck.harness.fuzz.fuzz", description=__doc__.splitlines()[0]
    )
    add_arguments(command)
    sys.exit(main(command.parse_args()))
