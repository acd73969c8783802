"""`--jobs N` for one engine: N copies of it, each its own process with its own pipeline, sharing
the requests; the outcomes come back in the order of the requests, as from one engine.

Request k goes to copy k mod N, so each copy answers its share in order and the outcomes are
taken from the copies in turn. Each copy is driven by a thread of its own (the work is waiting on
pipes). A copy that stops answering never loses a request: whatever it did not answer is an
error outcome naming the copy. The in-process reference is never copied (one thread does it
fastest).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Generator, Iterable, Sequence
from contextlib import suppress

from cribcheck.harness.engine.engines import (
    Engine,
    EngineOptions,
    EngineSetupError,
    HelloChanged,
    hello_changed,
    open_engine,
)
from cribcheck.harness.engine.protocol import EngineInfo, Outcome, Request
from cribcheck.harness.engine.reaper import end_marked, new_mark

_END = None  # what a copy's thread puts once its share is answered (or it stopped)


class EnginePool:
    """Several copies of one engine behind the Engine interface."""

    def __init__(self, copies: Sequence[Engine]) -> None:
        if not copies:
            raise ValueError("a pool needs at least one engine")
        self._copies = tuple(copies)
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    @property
    def info(self) -> EngineInfo:
        return self._copies[0].info

    @property
    def mode(self) -> str:
        return self._copies[0].mode

    @property
    def command(self) -> str | None:
        return self._copies[0].command

    @property
    def restarts(self) -> int:
        return sum(copy.restarts for copy in self._copies)

    @property
    def size(self) -> int:
        return len(self._copies)

    def answer(self, requests: Iterable[Request]) -> Generator[Outcome, None, None]:
        """One outcome per request, in the order of the requests."""
        pending = list(requests)
        count = len(self._copies)
        queues: list[queue.Queue[Outcome | HelloChanged | None]] = [queue.Queue() for _ in self._copies]
        self._stop.clear()
        self._threads = [
            threading.Thread(target=self._drive, args=(copy, pending[number::count], out), daemon=True)
            for number, (copy, out) in enumerate(zip(self._copies, queues, strict=True))
        ]
        for thread in self._threads:
            thread.start()
        stopped = [False] * count
        try:
            for index, request in enumerate(pending):
                number = index % count
                outcome = None if stopped[number] else queues[number].get()
                if isinstance(outcome, HelloChanged):  # a copy restarted claiming otherwise: the run stops
                    raise HelloChanged(f"copy {number + 1}: {outcome.message}", outcome.stderr)
                if outcome is _END:
                    stopped[number] = True
                    yield Outcome.error(request.seq, f"not run: copy {number + 1} of the engine stopped answering")
                else:
                    yield outcome
        finally:
            self._stop.set()

    def _drive(self, copy: Engine, share: list[Request], out: queue.Queue[Outcome | HelloChanged | None]) -> None:
        outcomes = copy.answer(share)
        try:
            for outcome in outcomes:
                out.put(outcome)
                if self._stop.is_set():
                    break
        except HelloChanged as changed:
            out.put(changed)
        except Exception:
            pass
        finally:
            with suppress(Exception):
                outcomes.close()
            out.put(_END)

    def stderr_tail(self) -> list[str]:
        if len(self._copies) == 1:
            return self._copies[0].stderr_tail()
        return [f"[copy {number}] {line}" for number, copy in enumerate(self._copies, 1) for line in copy.stderr_tail()]

    def close(self) -> None:
        self._stop.set()
        for copy in self._copies:
            with suppress(Exception):
                copy.close()
        for thread in self._threads:
            thread.join(timeout=5)


class EngineStart:
    """Starting one engine, or `jobs` copies of it, so that no process of it is ever left behind:
    the mark of every copy (harness.engine.reaper) is made before anything starts, so `end` kills
    every process any copy started, whatever moment the run ended at (a signal while the copies
    start, or between their start and the caller's hold on them). The copies start at once, each
    in a thread (each may take a while to say hello); a signal to the main thread meanwhile kills
    every copy, waits for the threads and closes what started, then goes on."""

    def __init__(self, options: EngineOptions | None, jobs: int = 1) -> None:
        self.options = options
        self.jobs = max(1, jobs)
        external = options is not None
        self.marks = tuple(new_mark() for _ in range(self.jobs if external else 0))
        self._lock = threading.Lock()
        self._started: list[Engine | EngineSetupError | None] = [None] * self.jobs

    def start(self) -> Engine:
        """The engine, or a pool of its copies (all started, or none: EngineSetupError)."""
        if self.options is None or self.jobs == 1:  # in the caller's thread: a signal ends it there
            return open_engine(self.options, self.marks[0] if self.marks else None)
        threads = [
            threading.Thread(target=self._start_copy, args=(number,), daemon=True, name=f"engine-start-{number + 1}")
            for number in range(self.jobs)
        ]
        for thread in threads:
            thread.start()
        try:
            for thread in threads:
                thread.join()
        except BaseException:  # Ctrl-C or SIGTERM while the copies start
            self._abandon(threads)
            raise
        copies = [copy for copy in self._started if copy is not None and not isinstance(copy, EngineSetupError)]
        failed = next((copy for copy in self._started if isinstance(copy, EngineSetupError)), None)
        if failed is None and len(copies) == self.jobs:
            failed = _first_change(copies)
        if failed is not None or len(copies) < self.jobs:
            self._close(copies)
            raise failed or EngineSetupError("a copy of the engine did not start")
        return EnginePool(copies)

    def _start_copy(self, number: int) -> None:
        try:
            copy: Engine | EngineSetupError = open_engine(self.options, self.marks[number])
        except EngineSetupError as error:
            copy = error
        with self._lock:
            self._started[number] = copy

    def _abandon(self, threads: Sequence[threading.Thread]) -> None:
        """Kill every copy, starting or started, until no thread is left starting one (a copy
        killed while it waits for hello fails its start at once; one that had not yet begun when
        the processes were looked for is killed at the next look), then close those that started."""
        while any(thread.is_alive() for thread in threads):
            self.end()
            for thread in threads:
                thread.join(timeout=0.05)
        with self._lock:
            started = [copy for copy in self._started if copy is not None and not isinstance(copy, EngineSetupError)]
        self._close(started)

    def _close(self, copies: Sequence[Engine]) -> None:
        try:
            for copy in copies:
                with suppress(Exception):
                    copy.close()
        finally:
            self.end()

    def end(self) -> None:
        """Kill every process that carries the mark of a copy (none left: a cheap look)."""
        for mark in self.marks:
            end_marked(mark)


def _first_change(copies: Sequence[Engine]) -> EngineSetupError | None:
    """How the first copy whose hello differs from copy 1's differs (HelloChanged), if one does."""
    for number, copy in enumerate(copies[1:], start=2):
        changed = hello_changed(copies[0].info, copy.info, f"from copy 1 to copy {number}")
        if changed is not None:
            return changed
    return None


def open_engines(options: EngineOptions | None, jobs: int = 1) -> Engine:
    """One engine, or a pool of `jobs` copies of an external one (all started, or none). A caller
    that must end every process however it stops uses EngineStart and its `end`."""
    return EngineStart(options, jobs).start()
