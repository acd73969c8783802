"""Ctrl-C and SIGTERM for a run: the first stops the run, and nothing after it stops the ending.

The first SIGINT (Ctrl-C) or SIGTERM raises KeyboardInterrupt where the run is, so that it ends as
an interrupted run: the engine is ended (and everything it started), and every report is written,
marked interrupted. A second signal while that happens (an impatient Ctrl-C, a supervisor's
SIGTERM after a SIGINT) is noted on stderr and changes nothing: raising it there would leave the
engine running or a report half written.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

SIGNALS = (signal.SIGINT, signal.SIGTERM)


class _Interrupts:
    """How many signals one run has received (its own count, not module state)."""

    def __init__(self) -> None:
        self.count = 0

    def handle(self, signum: int, frame: FrameType | None) -> None:
        self.count += 1
        if self.count == 1:
            raise KeyboardInterrupt
        print(
            f"cribcheck: {signal.Signals(signum).name} again: still ending the engine and writing the reports",
            file=sys.stderr,
        )


@contextmanager
def interrupt_once() -> Iterator[None]:
    """Within the block, the first SIGINT or SIGTERM raises KeyboardInterrupt, later ones do not.
    Outside the main thread (where Python cannot set handlers) the block runs as it is."""
    state = _Interrupts()
    previous = {}
    try:
        for signum in SIGNALS:
            previous[signum] = signal.signal(signum, state.handle)
    except ValueError:  # not the main thread
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        yield
        return
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@contextmanager
def terminate_is_interrupt() -> Iterator[None]:
    """Within the block, SIGTERM raises KeyboardInterrupt as Ctrl-C does (the main thread only):
    a command stopped by a supervisor ends as it would on Ctrl-C, never killed mid-way."""

    def handle(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, handle)
    except ValueError:
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
