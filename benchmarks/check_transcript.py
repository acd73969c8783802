"""How long `cribcheck check` takes over a transcript of a thousand games written by the reference.

The reference plays the games (harness/transcripts/generate.py, seed 0) and writes what a game
loop's recorder writes; `cribcheck check` then judges it, as a user runs it (a subprocess, `-q
--no-progress`). Two transcripts of the same games: every line a recorder may write (a `play`
line per card, a `pegging` line and three `show` lines per hand, the `hand` lines, the `game`
lines), and the `hand` and `game` lines only. Reported: lines, bytes, the wall time, the CPU time
of the check's process, lines per CPU second, and its peak memory (maximum resident set).

    .venv/bin/python benchmarks/check_transcript.py [--games 1000]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cribcheck.harness.transcripts.generate import reference_transcript


def write(path: Path, games: int, ops: set[str] | None) -> int:
    lines = 0
    with path.open("w", encoding="utf-8") as out:
        for entry in reference_transcript(games, seed=0):
            if ops is None or "hello" in entry or entry["op"] in ops:
                out.write(json.dumps(entry, separators=(",", ":")) + "\n")
                lines += 1
    return lines


def measure(path: Path) -> tuple[float, float, int, int]:
    """Wall seconds, CPU seconds of the check, its maximum resident set in KiB, its exit status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "cribcheck.harness.cli", "check", str(path), "-q", "--no-progress"],
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss, done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        for label, ops in (("every line", None), ("hand and game lines", {"hand", "game"})):
            path = Path(folder) / "games.jsonl"
            lines = write(path, args.games, ops)
            wall, cpu, peak, status = measure(path)
            print(
                f"{args.games} games, {label}: {lines} lines, {path.stat().st_size / 1e6:.1f} MB; "
                f"check {wall:.1f} s wall, {cpu:.1f} s CPU ({lines / cpu:.0f} lines per CPU second), "
                f"peak {peak / 1024:.0f} MiB, exit {status}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
