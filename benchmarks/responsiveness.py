"""How fast the suite feels, as ratios measured side by side in one run on this machine:

    python3 benchmarks/responsiveness.py [--before REV] [--json FILE] [--skip-slow] [--only-single]

- the one-line rerun command (`cribcheck run --case ID`): this checkout against REV's (a git
  worktree made for the run), target at most 1/5 of REV's wall time;
- the whole corpus in-process: wall time against the run time the summary reports, at most 2x;
- the whole corpus through `cribcheck serve`, pipelined: REV's wall time against this one's, at
  least 3x;
- one request at a time (`--window 1`) against the echo engine (benchmarks/echo_engine.py, no
  work): the harness's time per request against a bare round trip over the same pipe (a loop that
  writes the request and reads the answer, nothing checked), within 3x; the run time (from its
  JSON Lines report) over the requests sent, which counts the run's fixed costs too (the engine's
  own start, the 1,018 results not applicable to it, the reports), and, on the next row, the cost
  of one more request: the difference of two runs of show cases (all profiles, and six-card
  only, run one after the other) over the difference of their requests, the median of `--repeat` pairs;
- `--jobs 2` against `--jobs 1` on an engine taking 20 ms an answer (benchmarks/slow_engine.py),
  the whole corpus, at least 1.8x;
- `cribcheck fuzz` for 60 s against a mutant with two unrelated bugs (nobs worth 2 in the show,
  a pair royal pegging 4 in the play): both reported.

`--only-single` measures the one-request-at-a-time row alone (no worktree of REV), in seconds.
Every figure is the median of `--repeat` runs (default 3; one for the slow engine and the fuzzer).
Prints a table (measure, figure, target, met), the machine and the load average; exit 1 when a
target is missed. REV defaults to the last commit before this work on speed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
BEFORE = "662f120"  # main before the speed work of issue 14 (case-file cache, fast answer check, --jobs)
CASE = "s5-pair-in-hand"
MUTANTS = "nobs-worth-2+peg-pair-royal-4"
SUMMARY = re.compile(r"(\d+) results in ([\d.]+) s")


@dataclass(frozen=True)
class Figure:
    measure: str
    value: float
    target: str
    met: bool
    detail: str


def cribcheck(tree: Path) -> list[str]:
    """The command running the cribcheck of `tree` (this checkout, or REV's worktree)."""
    return [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(tree)!r}); from harness.cli import main; "
            "sys.exit(main(sys.argv[1:]))"]  # fmt: skip


def timed(command: Sequence[str], cwd: Path, env: dict[str, str] | None = None) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env, check=False)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"failed ({done.returncode}): {shlex.join(command)}\n{done.stderr[-2000:]}")
    return seconds, done.stdout


def median(repeat: int, run: Callable[[], float]) -> float:
    return statistics.median(run() for _ in range(repeat))


def summary_seconds(text: str) -> tuple[int, float]:
    found = SUMMARY.search(text)
    if found is None:
        raise SystemExit(f"no summary line in:\n{text[-1000:]}")
    return int(found.group(1)), float(found.group(2))


def raw_round_trip(count: int = 3000) -> float:
    """Seconds per request over a bare pipe to the echo engine, nothing checked."""
    engine = subprocess.Popen(
        [sys.executable, str(HERE / "echo_engine.py")], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert engine.stdin is not None and engine.stdout is not None
    engine.stdin.write(json.dumps({"hello": {"protocol": 1}}) + "\n")
    engine.stdin.flush()
    engine.stdout.readline()
    request = json.dumps({"seq": "1", "op": "show", "profile": "six-card",
                          "input": {"cards": ["2C", "4D", "6H", "8S"], "starter": "KC"}}) + "\n"  # fmt: skip
    start = time.perf_counter()
    for _ in range(count):
        engine.stdin.write(request)
        engine.stdin.flush()
        engine.stdout.readline()
    seconds = (time.perf_counter() - start) / count
    engine.stdin.write('{"bye": {}}\n')
    engine.stdin.close()
    engine.wait(timeout=10)
    return seconds


def echo_run(now: list[str], work: Path, env: dict[str, str], *selection: str) -> tuple[float, int]:
    """One `--window 1` run against the echo engine: the run time its report gives (ms precision)
    and the requests sent (the results not `not_applicable`)."""
    echo = shlex.join([sys.executable, str(HERE / "echo_engine.py")])
    report = work / "echo.jsonl"
    timed([*now, "run", "--no-progress", "--window", "1", "--engine", echo, "--report", str(report), *selection],
          work, env)  # fmt: skip
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    sent = sum(1 for line in lines if line["type"] == "case" and line["status"] != "not_applicable")
    return next(line["duration_s"] for line in lines if line["type"] == "footer"), sent


def single_requests(now: list[str], repeat: int, work: Path, env: dict[str, str]) -> list[Figure]:
    """One request at a time against the echo engine, against a bare round trip over the same pipe:
    the whole corpus's run time over the requests sent (fixed costs included: the engine's start,
    the not-applicable results, the reports); and the steady cost of one more request, from two
    selections of show cases that differ only in their number of requests."""
    raw = statistics.median(raw_round_trip() for _ in range(repeat))
    runs = [echo_run(now, work, env) for _ in range(repeat)]
    harness = statistics.median(seconds / max(sent, 1) for seconds, sent in runs)
    pairs = []  # the two runs of each pair side by side in time, so that both see the same load
    for _ in range(repeat):
        (more, sent_more), (less, sent_less) = [echo_run(now, work, env, "--tag", "show", *only)
                                                for only in ((), ("--profile", "six-card"))]  # fmt: skip
        pairs.append(((more - less) / max(sent_more - sent_less, 1), more, less))
    steady, more, less = sorted(pairs)[len(pairs) // 2]  # the median pair
    return [
        Figure("one request at a time: harness / bare pipe (echo engine)", harness / raw, "<= 3", harness / raw <= 3,
               f"harness {harness * 1e6:.0f} us, bare {raw * 1e6:.0f} us"),
        Figure("  of which one more request (steady): / bare pipe", steady / raw, "<= 3", steady / raw <= 3,
               f"{steady * 1e6:.0f} us: ({more:.3f} s - {less:.3f} s) / ({sent_more} - {sent_less} requests)"),
    ]  # fmt: skip


def measure(before: Path, repeat: int, skip_slow: bool, work: Path) -> list[Figure]:
    now = cribcheck(REPO)
    old = cribcheck(before)
    figures: list[Figure] = []
    env = {**os.environ, "CRIBCHECK_CACHE_DIR": str(work / "cache")}
    timed([*now, "run", "--case", CASE], work, env)  # the cache filled once, as after any first run

    after = median(repeat, lambda: timed([*now, "run", "--case", CASE], work, env)[0])
    then = median(repeat, lambda: timed([*old, "run", "--case", CASE], work, env)[0])
    figures.append(Figure("run --case ID: wall time, REV / now", then / after, ">= 5", then / after >= 5,
                          f"now {after:.2f} s, REV {then:.2f} s"))  # fmt: skip

    walls, reported = [], []
    for _ in range(repeat):
        wall, text = timed([*now, "run", "--no-progress"], work, env)
        walls.append(wall)
        reported.append(summary_seconds(text)[1])
    wall, told = statistics.median(walls), statistics.median(reported)
    figures.append(Figure("whole corpus in-process: wall / reported run time", wall / told, "<= 2",
                          wall / told <= 2, f"wall {wall:.2f} s, summary {told:.2f} s"))  # fmt: skip

    serve_now = shlex.join([*now, "serve"])
    serve_old = shlex.join([*old, "serve"])
    after = median(repeat, lambda: timed([*now, "run", "--no-progress", "--engine", serve_now], work, env)[0])
    then = median(repeat, lambda: timed([*old, "run", "--no-progress", "--engine", serve_old], work, env)[0])
    figures.append(Figure("whole corpus through serve, pipelined: REV / now", then / after, ">= 3",
                          then / after >= 3, f"now {after:.2f} s, REV {then:.2f} s"))  # fmt: skip

    figures += single_requests(now, repeat, work, env)

    if skip_slow:
        return figures
    slow = shlex.join([sys.executable, str(HERE / "slow_engine.py")])
    one, _ = timed([*now, "run", "--no-progress", "--engine", slow, "--jobs", "1"], work, env)
    two, _ = timed([*now, "run", "--no-progress", "--engine", slow, "--jobs", "2"], work, env)
    figures.append(Figure("20 ms engine, whole corpus: --jobs 1 / --jobs 2", one / two, ">= 1.8", one / two >= 1.8,
                          f"jobs 1 {one:.1f} s, jobs 2 {two:.1f} s"))  # fmt: skip

    mutant = shlex.join([*now, "serve", "--mutant", MUTANTS])
    _, text = timed([*now, "fuzz", "--engine", mutant, "--seconds", "60", "--seed", "0", "--no-progress",
                     "--out", str(work / "findings")], work, env)  # fmt: skip
    ops = re.findall(r"^  op (\w+), profile (\S+) \(first difference: ([^)]*)\)", text, re.M)
    show = any(op in ("show", "hand", "game") and "nobs" in text for op, _, _ in ops)
    pegging = any(op in ("play", "pegging") for op, _, _ in ops)
    found = "; ".join(f"{op} {profile} {key}" for op, profile, key in ops)
    figures.append(Figure("fuzz 60 s, two unrelated bugs: both reported", float(len(ops)), "show and pegging",
                          show and pegging, found))  # fmt: skip
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default=BEFORE, metavar="REV", help=f"the revision to compare (default {BEFORE})")
    parser.add_argument("--repeat", type=int, default=3, metavar="N", help="runs per figure (median; default 3)")
    parser.add_argument("--skip-slow", action="store_true", help="leave out the 20 ms engine and the fuzzer")
    parser.add_argument("--only-single", action="store_true", help="measure one request at a time alone")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the figures as JSON too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cribcheck-bench-") as folder:
        work = Path(folder)
        if args.only_single:
            env = {**os.environ, "CRIBCHECK_CACHE_DIR": str(work / "cache")}
            timed([*cribcheck(REPO), "run", "--case", CASE], work, env)  # the cache filled once
            figures = single_requests(cribcheck(REPO), args.repeat, work, env)
            return report(figures, args)
        before = work / "before"
        add = ["git", "-C", str(REPO), "worktree", "add", "--detach", "-q", str(before), args.before]
        subprocess.run(add, check=True)
        try:
            figures = measure(before, args.repeat, args.skip_slow, work)
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(before)], check=False)
    return report(figures, args)


def report(figures: list[Figure], args: argparse.Namespace) -> int:
    """Print the table, the machine and the load; 0 when every target is met."""
    width = max(len(figure.measure) for figure in figures)
    for figure in figures:
        mark = "met" if figure.met else "MISSED"
        print(f"{figure.measure:<{width}}  {figure.value:8.2f}  target {figure.target:<16}  {mark:<6}  {figure.detail}")
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"machine: {os.cpu_count()} cores, {platform.machine()}, Python {platform.python_version()}; "
          f"load average {load}; REV {'(none)' if args.only_single else args.before}")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps([asdict(figure) for figure in figures], indent=2) + "\n", encoding="utf-8")
    return 0 if all(figure.met for figure in figures) else 1


if __name__ == "__main__":
    sys.exit(main())
