"""How fast the suite runs, in one go: the corpus in each engine mode, and the show sweeps.

    python3 benchmarks/throughput.py            # everything (about 6 minutes on 2 cores)
    python3 benchmarks/throughput.py --quick    # no full sweep, a smaller once-per-case sample

Measures, on this machine:

- results per second for the whole corpus (every case x profile) with `cribcheck run`: in-process;
  through `cribcheck serve` pipelined (window 16); unpipelined (window 1); and one process per
  case (`--once`, on an even sample of the corpus unless --once-all, the rate extrapolated);
- the wall time of the six-card hand sweep against `cribcheck serve`: canonical (one process), and
  full (every one of the 12,994,800 combinations, two shards run at once, as two CI jobs would);
  and, to show what batching buys, the canonical sweep with batching off (a shard, extrapolated).

Each corpus figure and the canonical sweep are the best of `--repeat` runs (3), the full sweep
one run. Prints the figures, their ratios to one process per case, and the targets met or missed;
`--json FILE` keeps them. Standard library only; run from anywhere.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cribcheck.harness.cli import build_parser  # noqa: E402
from cribcheck.harness.engine.engines import EngineOptions  # noqa: E402
from cribcheck.harness.results.status import Status  # noqa: E402
from cribcheck.harness.run.runner import Plan, execute, plan_from_args  # noqa: E402

CLI = [sys.executable, "-m", "cribcheck.harness.cli"]
SERVE = shlex.join([*CLI, "serve"])
SERVE_NO_BATCH = shlex.join([*CLI, "serve", "--features", "breakdown"])
TARGET_RATIO = 50  # persistent pipelined at least 50x one process per case
TARGET_FULL = 600.0  # the full six-card hand sweep under 10 minutes, 2 cores, two shards
TARGET_CANONICAL = 60.0  # the canonical one under a minute


@dataclass(frozen=True)
class Figure:
    name: str
    results: int
    seconds: float
    note: str = ""

    @property
    def rate(self) -> float:
        return self.results / self.seconds if self.seconds else 0.0


def machine() -> dict[str, Any]:
    model = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return {
        "load_average": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
        "cpus": os.cpu_count(),
        "cpu": model,
        "system": f"{platform.system()} {platform.release()} {platform.machine()}",
        "python": platform.python_version(),
    }


def corpus_plan() -> Plan:
    return plan_from_args(build_parser().parse_args(["run", "--no-progress"]))


def run_corpus(name: str, plan: Plan, options: EngineOptions | None, repeat: int, note: str = "") -> Figure:
    """`cribcheck run` on the plan's items, `repeat` times; the best time (the least disturbed)."""
    plan = replace(plan, engine_options=options)
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        outcome = execute(plan, [])
        best = min(best, time.perf_counter() - started)
        bad = [result for result in outcome.results if result.status is not Status.PASS]
        if bad or not outcome.footer.complete:
            raise SystemExit(f"{name}: the corpus did not pass ({len(bad)} not passed): {bad[:1]}")
    return Figure(name, len(plan.items), best, note)


def run_sweep(name: str, shards: int, *extra: str, engine: str = SERVE, repeat: int = 1) -> Figure:
    """The six-card hand sweep against `engine`, its shards run at once; the best wall time."""
    return min((_sweep_once(name, shards, *extra, engine=engine) for _ in range(repeat)), key=lambda f: f.seconds)


def _sweep_once(name: str, shards: int, *extra: str, engine: str) -> Figure:
    with tempfile.TemporaryDirectory() as folder:
        summaries = [Path(folder) / f"shard{index}.json" for index in range(1, shards + 1)]
        base = [*CLI, "sweep", "--engine", engine, "--profile", "six-card", "--set", "hand", "--no-progress"]
        started = time.perf_counter()
        processes = [
            subprocess.Popen(
                [*base, *extra, "--shard", f"{index}/{shards}", "--summary", str(summary)],
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
            )
            for index, summary in enumerate(summaries, start=1)
        ]
        codes = [process.wait() for process in processes]
        seconds = time.perf_counter() - started
        if any(codes):
            raise SystemExit(f"{name}: the sweep failed (exit statuses {codes})")
        results = [json.loads(summary.read_text(encoding="utf-8")) for summary in summaries]
    return Figure(name, sum(result["items"] for result in results), seconds)


def run_sweep_share(name: str, share: int, *extra: str, engine: str) -> Figure:
    """One shard of `share` of a sweep, timed, its figures scaled to the whole."""
    with tempfile.TemporaryDirectory() as folder:
        summary = Path(folder) / "share.json"
        command = [*CLI, "sweep", "--engine", engine, "--profile", "six-card", "--set", "hand", "--no-progress"]
        command += [*extra, "--shard", f"1/{share}", "--summary", str(summary)]
        started = time.perf_counter()
        subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
        seconds = time.perf_counter() - started
        items = json.loads(summary.read_text(encoding="utf-8"))["items"]
    return Figure(name, items * share, seconds * share, f"1/{share} of it measured ({items:,} requests), scaled")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="skip the full sweep; once-per-case sample of 30")
    parser.add_argument("--once-sample", type=int, default=60, metavar="N", help="results run once per case")
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        metavar="N",
        help="runs of each corpus figure and of the canonical sweep; the best is kept (default 3)",
    )
    parser.add_argument("--once-all", action="store_true", help="run the whole corpus once per case (slow)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the figures as JSON")
    args = parser.parse_args()
    sample = 30 if args.quick else args.once_sample

    info = machine()
    print(f"machine: {info['cpus']} CPUs, {info['cpu']}, {info['system']}, Python {info['python']}")
    print(f"load average before: {info['load_average']} (other work on the machine slows every figure)")
    plan = corpus_plan()
    print(f"corpus: {len(plan.items):,} case x profile results\n")

    repeat = max(1, args.repeat)
    figures = [
        run_corpus("in-process (the reference, no process)", plan, None, repeat),
        run_corpus("cribcheck serve, pipelined (window 16)", plan, EngineOptions(SERVE, window=16), repeat),
        run_corpus("cribcheck serve, unpipelined (window 1)", plan, EngineOptions(SERVE, window=1), repeat),
    ]
    once_plan = plan
    note = "the whole corpus"
    if not args.once_all and sample < len(plan.items):
        step = len(plan.items) / sample
        once_plan = replace(plan, items=tuple(plan.items[int(index * step)] for index in range(sample)))
        note = f"an even sample of {sample}, the rate applies to the whole"
    once_options = EngineOptions(SERVE, once=True)
    figures.append(run_corpus("cribcheck serve, one process per case", once_plan, once_options, repeat, note))
    once = figures[-1].rate
    width = max(len(figure.name) for figure in figures)
    print(f"{'corpus':<{width}}  {'results':>8}  {'seconds':>8}  {'results/s':>10}  {'x once':>7}")
    for figure in figures:
        print(
            f"{figure.name:<{width}}  {figure.results:>8,}  {figure.seconds:>8.2f}  {figure.rate:>10,.1f}  "
            f"{figure.rate / once:>7.1f}{'  (' + figure.note + ')' if figure.note else ''}"
        )

    print("\nsweeps of the six-card hand against cribcheck serve (wall time)")
    sweeps = [run_sweep("canonical, batched (one process)", 1, "--canonical", repeat=repeat)]
    if not args.quick:
        sweeps.append(run_sweep("full, batched, 2 shards at once", 2))
    sweeps.append(run_sweep_share("canonical, not batched", 20, "--canonical", engine=SERVE_NO_BATCH))
    width = max(len(figure.name) for figure in sweeps)
    print(f"{'sweep':<{width}}  {'requests':>11}  {'seconds':>8}  {'inputs/s':>9}")
    for figure in sweeps:
        print(
            f"{figure.name:<{width}}  {figure.results:>11,}  {figure.seconds:>8.1f}  {figure.rate:>9,.0f}"
            f"{'  (' + figure.note + ')' if figure.note else ''}"
        )

    pipelined = figures[1].rate / once
    print("\ntargets")
    print(f"  pipelined >= {TARGET_RATIO}x one process per case: {pipelined:.0f}x, {_met(pipelined >= TARGET_RATIO)}")
    print(f"  canonical sweep < {TARGET_CANONICAL:.0f} s: {sweeps[0].seconds:.1f} s, {_met(sweeps[0].seconds < 60)}")
    if not args.quick:
        full = sweeps[1].seconds
        print(f"  full sweep < {TARGET_FULL:.0f} s on 2 cores, 2 shards: {full:.1f} s, {_met(full < TARGET_FULL)}")
    after = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    print(f"\nload average after: {after} (the full sweep itself runs four processes)")
    if args.json:
        info["load_average_after"] = after
        document = {
            "machine": info,
            "corpus": [figure.__dict__ | {"rate": figure.rate, "vs_once": figure.rate / once} for figure in figures],
            "sweeps": [figure.__dict__ | {"rate": figure.rate} for figure in sweeps],
        }
        args.json.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    return 0


def _met(ok: bool) -> str:
    return "met" if ok else "MISSED"


if __name__ == "__main__":
    sys.exit(main())
