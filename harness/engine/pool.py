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


def open_engines(options: EngineOptions | None, jobs: int = 1) -> Engine:
    """One engine, or a pool of `jobs` copies of an external one (all started, or none)."""
    if options is None or jobs <= 1:
        return open_engine(options)
    started: list[Engine | EngineSetupError | None] = [None] * jobs

    def start(number: int) -> None:  # the copies start at once: each may take a while to say hello
        try:
            started[number] = open_engine(options)
        except EngineSetupError as error:
            started[number] = error

    threads = [threading.Thread(target=start, args=(number,), daemon=True) for number in range(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    copies = [copy for copy in started if copy is not None and not isinstance(copy, EngineSetupError)]
    failed = next((copy for copy in started if isinstance(copy, EngineSetupError)), None)
    if failed is None and len(copies) == jobs:
        failed = next(
            (
                changed
                for number, copy in enumerate(copies[1:], start=2)
                if (changed := hello_changed(copies[0].info, copy.info, f"from copy 1 to copy {number}")) is not None
            ),
            None,
        )
    if failed is not None or len(copies) < jobs:
        for copy in copies:
            copy.close()
        raise failed or EngineSetupError("a copy of the engine did not start")
    return EnginePool(copies)
