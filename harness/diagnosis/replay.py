"""Known bugs replayed on failing results, in-process, within a bounded cost.

A known bug is a mutant of harness/mutants/ (or two at once, `a+b`): the reference engine with the
mutant's patch applied. Each failing request is answered again under the bug, and the bug explains
the failure when its answer reproduces the engine's (harness/diagnosis/explains.py).

The cost is bounded by a budget in units of work: each operation costs what the reference takes to
answer it (a whole match several hundred times a single play), and the budget is the work of the
run itself, the same units for every result the engine answered. The budget is counted, not timed,
so that a saved report gives the same diagnosis as the live run. Answers are cached: a bug is
replayed on a failure once, however often the search asks. A bug whose patch cannot change a
failure's profile (a profile field a profile does not have) is not replayed at all, and a bug that
reproduced none of the first few failures of an operation is not replayed on that operation again.

Where a bug is checked on many failures at once (a name verified on every game of its cause), the
replays are shared out among worker processes, one per CPU (replay_workers): the verdicts are
read in the same order, and the budget spent the same, as if each were replayed here.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import ExitStack, contextmanager, suppress
from functools import cache
from types import MappingProxyType
from typing import Any

from cribcheck.harness.diagnosis.explains import explains, reproduces
from cribcheck.harness.diagnosis.failures import MAX_REPLAYED_CARDS, Failure
from cribcheck.harness.mutants.catalogue import mutants_named
from cribcheck.harness.mutants.mutation import Mutant, ProfilePatch
from cribcheck.harness.operations.answers import cached_profiles, run_reference
from cribcheck.harness.results.diagnosis import READING
from cribcheck.harness.results.digest import answer_digest
from cribcheck.harness.results.kept import HELD_BYTES, HELD_ITEMS, kept_answer, kept_value
from cribcheck.harness.results.results import CaseResult
from cribcheck.harness.results.status import Status
from cribcheck.reference import CribbageError, load_profile, profile_names

# What each operation costs the reference to answer, in units of 0.01 ms: measured on the corpus's
# cases that have a result (a failing case is mostly one; a rejection costs less), on the 2-core
# machine of docs/performance.md: a play 0.02 ms, a show 0.1, a cut 0.05, a deal 0.08, a pegging
# 0.45, a hand 0.9, a game 6.4, a match 20. The run's own work in these units is about the time
# the reference takes to answer the whole run.
COST = {"show": 10, "play": 2, "pegging": 45, "deal": 8, "cut": 5, "hand": 90, "game": 640, "match": 2000}
DEFAULT_COST = 90
EXACT, RESEMBLES = 2, 1  # a bug's answer is the engine's whole answer; or only where the engine is wrong
HOPELESS = 8  # failures of an operation a bug reproduces none of before it is no longer replayed on it
SHARED_FROM = 5_000  # units of replays waiting (0.05 s) before they are shared out among processes
SURE = 3  # failures a bug reproduces in a row before the rest of a probe is shared out
SHARED_PART = 2_000  # units of replays a worker is given at once (a match, or 22 hands)
MAX_WORKERS = 4  # worker processes at most, whatever the CPUs
PR_SET_PDEATHSIG = 1  # prctl's option (linux/prctl.h): the signal a process is sent when its parent ends
ANSWERED = frozenset({Status.PASS, Status.FAIL, Status.ERROR, Status.XFAIL, Status.XPASS, Status.SKIP})


def cost(op: str) -> int:
    return COST.get(op, DEFAULT_COST)


def run_cost(results: Iterable[CaseResult]) -> int:
    """The work of a run in the units of COST: every result the engine was asked for."""
    return sum(cost(result.case.op) for result in results if result.status in ANSWERED)


class Replayer:
    """Replays bugs on failures: each (bug, failure) once, while the budget lasts. Use it inside
    `session()` (profiles loaded once for all the replays)."""

    def __init__(self, budget: int, workers: int = 0) -> None:
        self.budget = budget
        self.spent = 0
        self.replays = 0
        self._workers = workers  # processes the replays of `share` go to (0: every replay here)
        self.shared = 0  # verdicts a worker gave
        self._pool: ProcessPoolExecutor | None = None
        # (bug, failure) -> the verdicts coming for its part of the replays shared out, and its place there
        self._pending: dict[tuple[str, str], tuple[Future[tuple[int, ...]], int]] = {}
        self._known: dict[tuple[str, str], int] = {}  # EXACT, RESEMBLES or 0
        self._starved: set[tuple[str, str]] = set()  # (bug, failure) left unreplayed: the budget was spent
        self._by_op: dict[tuple[str, str], tuple[int, int]] = {}  # (bug, op) -> replayed, reproduced

    @property
    def exhausted(self) -> bool:
        return self.spent >= self.budget

    def known(self, bug: str, failure: Failure) -> int | None:
        """The cached verdict (EXACT, RESEMBLES or 0), if this bug was replayed on this failure."""
        return self._known.get((bug, failure.name))

    def resembled(self, bug: str, failures: Iterable[Failure]) -> list[Failure]:
        """Of the failures this bug was replayed on, those whose answer it matches at least where
        the engine is wrong (explains.explains); no replay."""
        return [f for f in failures if self._known.get((bug, f.name), 0) >= RESEMBLES]

    def reproduced(self, bug: str, failures: Iterable[Failure]) -> list[Failure]:
        """Of the failures this bug was replayed on, those whose whole answer it reproduces; no replay."""
        return [f for f in failures if self._known.get((bug, f.name), 0) == EXACT]

    def probed(self, bug: str, failures: Sequence[Failure], at_least: int = EXACT) -> bool:
        """Does the bug reproduce every failure at least this well (EXACT, or RESEMBLES)? Replayed one
        by one, in order, and no further than the first that does not: most bugs tried fail on the first.
        One that gives the first SURE failures is likely to give the rest: those are shared out."""
        for count, failure in enumerate(failures):
            if count == SURE:
                self._share(bug, failures[count:])
            self.explained(bug, [failure])
            if self._known.get((bug, failure.name), 0) < at_least:
                self._unshare(bug)
                return False
        return True

    def affordable(self, failures: Sequence[Failure]) -> bool:
        return self.spent + sum(cost(failure.op) for failure in failures) <= self.budget

    def explained(self, bug: str, failures: Iterable[Failure]) -> list[Failure]:
        """The failures (explainable ones) whose whole compared answer bug `bug` reproduces,
        replaying those not replayed yet while the budget lasts (a failure left unreplayed counts
        as not explained). Several at once are shared out among the workers (`_share`)."""
        waiting = self._waiting(bug, failures)
        if waiting and self.exhausted:
            self._starved.update((bug, failure.name) for failure in waiting)
        elif waiting:
            if len(waiting) > 1:  # before the bug is applied here: a worker forked now must not inherit it
                self._share(bug, waiting)
            with applied(bug):
                for failure in waiting:
                    if self.exhausted:
                        self._starved.add((bug, failure.name))
                        continue
                    if self._hopeless(bug, failure.op):
                        continue
                    self.spent += cost(failure.op)
                    self.replays += 1
                    reproduced = self._verdict(bug, failure)
                    self._known[bug, failure.name] = reproduced
                    tried, hits = self._by_op.get((bug, failure.op), (0, 0))
                    self._by_op[bug, failure.op] = (tried + 1, hits + bool(reproduced))
        return [f for f in failures if self._known.get((bug, f.name), 0) == EXACT]

    def _waiting(self, bug: str, failures: Iterable[Failure]) -> list[Failure]:
        """The failures the bug is still to be replayed on: of a size to replay, not replayed yet,
        and whose answer it can change."""
        return [f for f in failures if replayable(f) and (bug, f.name) not in self._known and can_change(bug, f)]

    def _share(self, bug: str, failures: Sequence[Failure]) -> None:
        """Start replaying `bug` on the failures, in order, in the worker processes, when the
        replays the budget affords come to SHARED_FROM units or more: `explained` then reads their
        verdicts as if it replayed them itself (the same replays, spend and answers), sooner. A
        verdict never read costs none of the budget (`probed` stopped before it). Should a worker
        end (killed, out of memory), every replay is made here from then on."""
        if not self._workers:
            return
        ahead: list[Failure] = []
        units = 0
        for failure in self._waiting(bug, failures):
            if (bug, failure.name) in self._pending:
                continue
            if self.spent + units + cost(failure.op) > self.budget:
                break
            ahead.append(failure)
            units += cost(failure.op)
        if units < SHARED_FROM:
            return
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self._workers,
                mp_context=multiprocessing.get_context("fork"),
                initializer=_worker_start,
                initargs=(os.getpid(),),
            )
        try:
            for part in _parts(ahead):
                coming = self._pool.submit(verdicts, bug, part)
                for at, failure in enumerate(part):
                    self._pending[bug, failure.name] = (coming, at)
        except BrokenProcessPool:
            self._workers = 0

    def close(self) -> None:
        """The worker processes ended (each finishes the replay it is on), nothing left behind."""
        for coming, _ in self._pending.values():
            coming.cancel()
        self._pending.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def _unshare(self, bug: str) -> None:
        """The bug's replays not begun are not wanted: cancelled (the CPUs are the search's again)."""
        for key in [key for key in self._pending if key[0] == bug]:
            if self._pending[key][0].cancel():
                del self._pending[key]

    def _verdict(self, bug: str, failure: Failure) -> int:
        """The verdict of replaying the bug (already applied here) on the failure: from a worker if
        one has it, else replayed here."""
        coming = self._pending.pop((bug, failure.name), None)
        if coming is not None:
            try:
                found = coming[0].result()[coming[1]]
                self.shared += 1
                return found
            except Exception:  # cancelled, or the worker ended: replayed here, the same verdict
                pass
        return _reproduces(failure, reading_of(bug) or failure.sent)

    def starved(self, bug: str, failure: Failure) -> bool:
        """Was this bug to be replayed on this failure when the budget was already spent? (Not
        when it was judged unable to change the answer, or hopeless on the failure's operation.)"""
        return (bug, failure.name) in self._starved

    def _hopeless(self, bug: str, op: str) -> bool:
        """Has the bug reproduced none of the first HOPELESS failures of this operation it was
        replayed on? Then it is not replayed on that operation again (it explains none of them)."""
        tried, hits = self._by_op.get((bug, op), (0, 0))
        return tried >= HOPELESS and not hits

    def explains(self, bug: str, failure: Failure) -> bool:
        return bool(self.explained(bug, [failure]))


def replay_workers() -> int:
    """The worker processes replays may be shared among here: one per CPU (at most MAX_WORKERS),
    none with one CPU; on Linux only, where a forked worker starts with every module and profile
    loaded (elsewhere fork is unsafe or missing), and only from a process with no other thread (a
    fork copies one thread; a lock another held would stay held) that may have children."""
    if sys.platform != "linux":
        return 0
    cpus = len(os.sched_getaffinity(0))
    alone = threading.active_count() == 1 and not multiprocessing.current_process().daemon  # a daemon has no child
    return min(cpus, MAX_WORKERS) if cpus > 1 and alone else 0


def verdicts(bug: str, failures: Sequence[Failure]) -> tuple[int, ...]:
    """In a worker process: bug `bug` replayed on each failure, as Replayer.explained does."""
    with applied(bug):
        return tuple(_reproduces(failure, reading_of(bug) or failure.sent) for failure in failures)


def _parts(failures: Sequence[Failure]) -> Iterator[list[Failure]]:
    """The failures in order, in parts of about SHARED_PART units each (a match is one): a worker's
    task, so that a part's replays outweigh the cost of sending it."""
    part: list[Failure] = []
    units = 0
    for failure in failures:
        part.append(failure)
        units += cost(failure.op)
        if units >= SHARED_PART:
            yield part
            part, units = [], 0
    if part:
        yield part


def _worker_start(parent: int) -> None:
    """A worker leaves Ctrl-C to the run (which ends the workers), ends at SIGTERM whatever
    handlers the run had when it was forked, and is sent SIGTERM when the run's process ends, even
    killed (Linux's parent-death signal): no worker outlives it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    with suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:  # the run ended before the signal was asked for
        os._exit(0)


def replayable(failure: Failure) -> bool:
    """A wrong answer whose input is of a size the corpus knows: a saved report is read from
    anywhere, and its input could be a match of a million games (the corpus's largest holds
    1,199 cards)."""
    return failure.explainable and failure.cards <= MAX_REPLAYED_CARDS


def _reproduces(failure: Failure, profile: str) -> int:
    """EXACT when the bug's answer (under `profile`) is the engine's whole compared answer,
    RESEMBLES when it matches it where the engine is wrong only, else 0. A result whose answer was
    cut is EXACT only when the bug's whole answer has the digest of the engine's whole answer
    (harness.results.digest; a report without one: never), and RESEMBLES when the bug's answer,
    cut alike, matches where the engine's differs."""
    assert failure.expected is not None and failure.answer is not None
    try:
        answer = run_reference(failure.op, failure.data, profile)
        if failure.cut and "ok" in failure.answer:
            if failure.digest is not None and answer_digest(failure.expected, answer) == failure.digest:
                return EXACT
            return RESEMBLES if explains(failure.expected, failure.answer, held_answer(failure.expected, answer)) else 0
        if reproduces(failure.expected, failure.answer, answer):
            return EXACT
        return RESEMBLES if explains(failure.expected, failure.answer, answer) else 0
    except Exception:  # a mutant's code that raises, a value nested past Python's stack: nothing reproduced
        return 0


def held_answer(expected: Mapping[str, Any], answer: Mapping[str, Any]) -> Any:
    """A bug's answer as a run holds the engine's once reported (harness.results.kept: the form the
    reports show, then cut to HELD_BYTES and HELD_ITEMS), to compare with an engine's answer that
    was cut where the engine is wrong."""
    kept, _ = kept_answer(expected, answer)
    held, _ = kept_value(kept, HELD_BYTES, HELD_ITEMS)
    return held


@contextmanager
def applied(bug: str) -> Iterator[None]:
    """Every mutant of `bug` (`a` or `a+b`) in place for the block."""
    with ExitStack() as stack:
        for mutant in () if reading_of(bug) else mutants_named(bug):
            stack.enter_context(mutant.applied())
        yield


@contextmanager
def session() -> Iterator[None]:
    with cached_profiles():
        yield


def can_change(bug: str, failure: Failure) -> bool:
    """Can bug `bug` change the answer to this failure at all? Not when every one of its patches
    is a profile field that the failure's profile keeps as it is; a reading only another profile
    of the failure's game (`six-card--thirty-one-plus-last` for `six-card`)."""
    reading = reading_of(bug)
    if reading:
        return reading in readings_of(failure.sent)
    return any(_can_change(mutant, failure.sent) for mutant in mutants_named(bug))


def reading(profile: str) -> str:
    """The bug name of answering as another profile: a dispute's other reading or a variant."""
    return f"{READING}{profile}"


def reading_of(bug: str) -> str:
    """The profile a reading's bug name answers as; "" for a mutant."""
    return bug.removeprefix(READING) if bug.startswith(READING) else ""


def readings_of(profile_name: str) -> tuple[str, ...]:
    """The other profiles of the same game as `profile_name`: the variants of its base (and the
    base itself, for a variant), in name order."""
    bases = _bases()
    base = bases.get(profile_name)
    return tuple(name for name in bases if name != profile_name and base in (name, bases[name]))


@cache
def _bases() -> Mapping[str, str]:
    """Each profile's base (the profile it is a variant of, or itself), in name order: every
    profile read once."""
    bases = {}
    for name in profile_names():
        try:
            bases[name] = load_profile(name).variant_of or name
        except CribbageError:
            continue
    return MappingProxyType(bases)


def _can_change(mutant: Mutant, profile_name: str) -> bool:
    if not isinstance(mutant.patch, ProfilePatch):
        return True
    return _profile_changes(mutant.name, profile_name, mutant.patch)


@cache
def _profile_changes(name: str, profile_name: str, patch: ProfilePatch) -> bool:
    try:
        profile = load_profile(profile_name)
    except CribbageError:  # an unknown profile is rejected before any field is read
        return False
    return patch.mutate(profile) != profile
