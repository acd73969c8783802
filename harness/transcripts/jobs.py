"""The lines of a transcript judged in order: here, or in several processes (`cribcheck check
--jobs N`).

The lines are independent: each is judged from its own input and answer. With more than one job
the file is cut into chunks of whole lines (about CHUNK_BYTES each), read here as bytes and judged
by N worker processes, each chunk as the check judges a line here (harness/transcripts/judge.py,
the reference's answers remembered within the chunk: harness/transcripts/memo.py). The results come
back in the order of the lines, so that the reports, `--max-fail` and the cases written are those
of a check in one process. At most IN_FLIGHT chunks per process are read ahead, so memory stays
flat however long the transcript. A worker ignores Ctrl-C: the check is interrupted here, and its
workers are ended (the pool is terminated) when the results stop being read, for whatever reason.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from cribcheck.harness.engine.protocol import EngineInfo
from cribcheck.harness.operations.answers import cached_profiles
from cribcheck.harness.results.status import Status
from cribcheck.harness.transcripts.judge import Judge, Judged
from cribcheck.harness.transcripts.lines import Begin, Hello, raw_lines, read_line, read_transcript
from cribcheck.harness.transcripts.memo import remembered_answers

CHUNK_BYTES = 4 << 20  # of lines sent to a worker at a time
IN_FLIGHT = 2  # chunks per worker read ahead
PARALLEL_FROM = 4 << 20  # bytes: a smaller transcript is judged here unless --jobs is given

Numbered = tuple[int, Judged | Begin]  # a line's result, or a begin line (not judged: followed)
Passed = tuple[
    int, str, str, tuple[str, ...]
]  # a line that agrees, as a worker sends it back: number, op, profile, rules


def default_jobs(path: Path) -> int:
    """Without --jobs: one process per core for a transcript of PARALLEL_FROM bytes or more (a
    hundred games or so), else this one."""
    try:
        large = path.stat().st_size >= PARALLEL_FROM
    except OSError:
        large = False
    return (os.cpu_count() or 1) if large else 1


Raw = tuple[int, bytes | None]  # a line's number, and its bytes as read (None: over the limit)


@dataclass(frozen=True)
class Chunk:
    """Whole lines of a transcript, numbered, as read, and what a worker needs to judge them: the
    file's name and its hello line, as read (the worker reads what it claims from it, as here).
    `first` is the number of the file's first line when it is in this chunk (only a first line may
    be a hello)."""

    path: Path
    hello: Raw | None
    lines: tuple[Raw, ...]
    first: int | None

    def info(self) -> EngineInfo | None:
        if self.hello is None:
            return None
        line = read_line(*self.hello, first=True)
        return line.info if isinstance(line, Hello) else None


def judged_lines(
    path: Path, info: EngineInfo | None, jobs: int, *, chunk_bytes: int = CHUNK_BYTES
) -> Iterator[Numbered]:
    """Every line but the hello, judged, with its number, in order (a begin line as itself).
    Close the iterator (or let it be collected) to end the workers early."""
    if jobs <= 1:
        judge = Judge(path, info)
        for line in read_transcript(path):
            judged = line if isinstance(line, Begin) else judge.line(line)
            if judged is not None:
                yield line.number, judged
        return
    yield from _in_processes(path, info, jobs, chunk_bytes)


def _in_processes(path: Path, info: EngineInfo | None, jobs: int, chunk_bytes: int) -> Iterator[Numbered]:
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ExitStack() as stack:
        pool = context.Pool(jobs, initializer=_ignore_interrupts)
        stack.callback(pool.join)
        stack.callback(pool.terminate)  # first: no chunk left to finish
        judge = Judge(path, info)
        waiting: deque[multiprocessing.pool.AsyncResult[list[Numbered | Passed]]] = deque()
        for chunk in chunks(path, info, chunk_bytes):
            waiting.append(pool.apply_async(judge_chunk, (chunk,)))
            if len(waiting) >= IN_FLIGHT * jobs:
                yield from _unpacked(waiting.popleft().get(), judge)
        while waiting:
            yield from _unpacked(waiting.popleft().get(), judge)


def _unpacked(judged: list[Numbered | Passed], judge: Judge) -> Iterator[Numbered]:
    """A chunk's results as judged here: a line that agrees came back as its number, op, rules and
    profile (a fraction of the bytes of its result), and is made again as the judge makes it."""
    for item in judged:
        if len(item) == 4:
            number, op, profile, rules = item
            yield number, judge.passed(number, op, profile, rules)
        else:
            yield item


def _ignore_interrupts() -> None:
    """A worker: Ctrl-C (sent to the terminal's whole group) is the check's to handle, here; the
    check ends its workers with SIGTERM, which ends them at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def chunks(path: Path, info: EngineInfo | None, size: int = CHUNK_BYTES) -> Iterator[Chunk]:
    """The file's lines, whole, about `size` bytes at a time; with the first line as the hello
    when `info` says the transcript has one."""
    held: list[Raw] = []
    first: Raw | None = None
    taken = 0
    for number, raw in raw_lines(path):
        if first is None:
            first = (number, raw)
        held.append((number, raw))
        taken += len(raw) if raw is not None else size
        if taken >= size:
            yield _chunk(path, info, first, held)
            held, taken = [], 0
    if held and first is not None:
        yield _chunk(path, info, first, held)


def _chunk(path: Path, info: EngineInfo | None, first: Raw, held: list[Raw]) -> Chunk:
    return Chunk(path, first if info is not None else None, tuple(held), first[0] if held[0] == first else None)


def judge_chunk(chunk: Chunk) -> list[Numbered | Passed]:
    """In a worker: the chunk's lines judged, with the reference's answers remembered within it;
    a line that agrees sent back as its number, op, profile and rules."""
    judge = Judge(chunk.path, chunk.info())
    judged: list[Numbered | Passed] = []
    with cached_profiles(), remembered_answers():
        for number, raw in chunk.lines:
            line = read_line(number, raw, first=number == chunk.first)
            if isinstance(line, Begin):
                judged.append((number, line))
                continue
            result = judge.line(line)
            if result is None:
                continue
            if result.result.status is Status.PASS and result.finding is None:
                passed = result.result
                judged.append((number, passed.case.op, passed.profile, passed.case.rules))
            else:
                judged.append((number, result))
    return judged
