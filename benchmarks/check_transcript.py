"""How long `cribcheck check` takes over a transcript of a thousand games written by the reference.

The reference plays the games (harness/transcripts/generate.py, seed 0) and writes what a game
loop's recorder writes; `cribcheck check` then judges it, as a user runs it (a subprocess, `-q
--no-progress`), once in one process (`--jobs 1`: the time an idle core takes) and once with its
default (one process per core for a transcript this large). Two transcripts of the same games,
written in one pass: every line a recorder may write (a `play` line per card, a `pegging` line and
three `show` lines per hand, the `hand` lines, the `game` lines), and the `hand` and `game` lines
only. Reported: lines, bytes, the wall time, the CPU time of the check and its workers, lines per
CPU second, and the peak memory of the largest of its processes (maximum resident set), with the
load average before each check (the machine may be shared: the CPU time is then the figure to read).

    .venv/bin/python benchmarks/check_transcript.py [--games 1000] [--jobs 1 --jobs 0]   # 0: the default
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

SHORT = {"hand", "game"}  # the ops of the shorter transcript


def write(every: Path, short: Path, games: int) -> tuple[int, int]:
    """Both transcripts of the same games, in one pass; their numbers of lines."""
    counted = [0, 0]
    with every.open("w", encoding="utf-8") as all_lines, short.open("w", encoding="utf-8") as few:
        for entry in reference_transcript(games, seed=0):
            text = json.dumps(entry, separators=(",", ":")) + "\n"
            all_lines.write(text)
            counted[0] += 1
            if "hello" in entry or entry["op"] in SHORT:
                few.write(text)
                counted[1] += 1
    return counted[0], counted[1]


def measure(path: Path, jobs: int) -> tuple[float, float, int, int]:
    """Wall seconds, CPU seconds of the check (its workers included), the maximum resident set of
    the largest of its processes in KiB, its exit status. `jobs` 0: the check's default."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    command = [sys.executable, "-m", "cribcheck.harness.cli", "check", str(path), "-q", "--no-progress"]
    done = subprocess.run(
        command + (["--jobs", str(jobs)] if jobs else []),
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
    parser.add_argument(
        "--jobs", type=int, action="append", help="check with --jobs N (0: the default); default: 1, then 0"
    )
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        every, short = Path(folder) / "every.jsonl", Path(folder) / "short.jsonl"
        counts = write(every, short, args.games)
        for label, path, lines in (("every line", every, counts[0]), ("hand and game lines", short, counts[1])):
            for jobs in args.jobs or [1, 0]:
                load = os.getloadavg()[0]
                wall, cpu, peak, status = measure(path, jobs)
                print(
                    f"{args.games} games, {label}: {lines} lines, {path.stat().st_size / 1e6:.1f} MB; "
                    f"--jobs {jobs or 'default'}: check {wall:.1f} s wall, {cpu:.1f} s CPU "
                    f"({lines / cpu:.0f} lines per CPU second), peak {peak / 1024:.0f} MiB, exit {status}; "
                    f"load average {load:.1f}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
