"""Whether the processes a test's engines started are gone: each zoo process writes its pid to
the file named by CRIBCHECK_ZOO_PIDS (tests/harness/zoo/_common.py), and a test checks the
process table for every one of them after the run."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

PIDS_VARIABLE = "CRIBCHECK_ZOO_PIDS"


def recorded(path: Path) -> list[int]:
    """The pids written to `path` (none if it was never written)."""
    if not path.exists():
        return []
    return [int(line) for line in path.read_text(encoding="ascii").split()]


def alive(pid: int) -> bool:
    """Whether `pid` is a live process (a zombie, dead but not yet reaped, counts as gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # the pid was reused by another user's process: ours is gone
        return False
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as file:
            state = file.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True  # no /proc: os.kill said it exists
    return state not in ("Z", "X")


def survivors(pids: list[int], wait: float = 3.0) -> list[int]:
    """The pids still alive after up to `wait` seconds (a SIGKILL lands within milliseconds; the
    wait only covers a loaded machine)."""
    deadline = time.monotonic() + wait
    left = [pid for pid in pids if alive(pid)]
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = [pid for pid in left if alive(pid)]
    return left


def kill_all(pids: list[int]) -> None:
    """Clean up after a failed check, so that one failure does not leave sleepers behind."""
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, 9)


def process_table() -> Iterator[tuple[int, list[str]]]:
    """Every process of /proc, with the fields of its stat file after its name (state, parent
    pid, process group...); a process gone while it is read is left out."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            yield int(entry.name), fields
