"""How much memory a run and `cribcheck summary` take when what they read is huge.

    python3 benchmarks/memory.py run        # the whole corpus against an engine whose every answer is 8 MB
    python3 benchmarks/memory.py summary    # `cribcheck summary` of a 1 GB JSON Lines report
    python3 benchmarks/memory.py            # both

(a) `run`: `cribcheck run` over every case x profile of the corpus against
benchmarks/padded_engine.py, which pads every answer to one line of 8,000,000 bytes (a result
gets an extra key and a long tail of events, a rejection a long message...), writing every report
(`--report`, `--html`, `--markdown`, `--junit`, `--badge`).

(b) `summary`: a JSON Lines report of about 1 GB is made (the corpus run against the reference,
its case lines repeated under new case ids, one in eight made a failure), then `cribcheck
summary` reads it, printing the terminal report, and again writing every other report; and
`cribcheck summary` of two reports of half that size side by side.

Each command runs as a process tree (the harness and the engine it starts); every 20 ms the
benchmark reads /proc for every process of the tree: the resident memory of the tree at that
moment (the sum of VmRSS), and each process's own peak (VmHWM). It prints the tree's peak (the
largest sum seen), the sum of the processes' peaks (an upper bound of the tree's peak, which a
sample could miss) and the harness's own peak (its ru_maxrss from wait4, exact); the target is the
upper bound below 300 MB. A tree that passes `--limit` MB (default 6000) is killed and reported
as over it, so that a harness that keeps everything cannot exhaust the machine. `--python` runs
another installation of cribcheck (to measure an earlier version). Linux only; standard library.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
TARGET_MB = 300
SAMPLE_EVERY = 0.02  # seconds
REPORT_BYTES = 1_000_000_000


@dataclass(frozen=True)
class Measured:
    what: str
    command: str
    exit_status: int | None  # None: killed over the limit
    seconds: float
    tree_peak_mb: float  # the largest sum of VmRSS seen at one sample
    peaks_sum_mb: float  # the sum of every process's VmHWM: an upper bound of the tree's peak
    harness_peak_mb: float  # the harness process's ru_maxrss
    processes: int

    def line(self) -> str:
        verdict = "under" if self.exit_status is not None and self.peaks_sum_mb < TARGET_MB else "NOT under"
        status = f"exit {self.exit_status}" if self.exit_status is not None else "KILLED over the limit"
        return (
            f"{self.what}: {status}, {self.seconds:.1f} s, {self.processes} processes; peak resident memory of the "
            f"tree {self.tree_peak_mb:.0f} MB sampled, {self.peaks_sum_mb:.0f} MB at most (sum of each process's "
            f"peak), the harness alone {self.harness_peak_mb:.0f} MB: {verdict} {TARGET_MB} MB"
        )


def _status(pid: int) -> dict[str, int]:
    found: dict[str, int] = {}
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as file:
            for row in file:
                name, _, value = row.partition(":")
                if name in ("VmRSS", "VmHWM", "PPid"):
                    found[name] = int(value.split()[0])
    except (OSError, ValueError, IndexError):
        pass
    return found


def _tree(root: int) -> dict[int, dict[str, int]]:
    """Every live process descending from `root` (root included), with its status figures."""
    every: dict[int, dict[str, int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            every[int(name)] = _status(int(name))
    members = {root}
    grew = True
    while grew:
        grew = False
        for pid, status in every.items():
            if pid not in members and status.get("PPid") in members:
                members.add(pid)
                grew = True
    return {pid: every[pid] for pid in members if pid in every}


def measure(what: str, command: list[str], limit_mb: float, cwd: Path | None = None) -> Measured:
    started = time.monotonic()
    process = subprocess.Popen(
        command, cwd=cwd or Path(tempfile.gettempdir()), stdout=subprocess.DEVNULL, start_new_session=True
    )  # not run from a checkout: its folder would come first
    peaks: dict[int, int] = {}
    tree_peak = 0
    killed = False
    while True:
        waited = os.wait4(process.pid, os.WNOHANG)
        if waited[0] == process.pid:
            break
        tree = _tree(process.pid)
        tree_peak = max(tree_peak, sum(status.get("VmRSS", 0) for status in tree.values()))
        for pid, status in tree.items():
            peaks[pid] = max(peaks.get(pid, 0), status.get("VmHWM", 0))
        if tree_peak / 1024 > limit_mb and not killed:
            killed = True
            for pid in tree:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        time.sleep(SAMPLE_EVERY)
    code = os.waitstatus_to_exitcode(waited[1])
    harness_peak = waited[2].ru_maxrss
    peaks[process.pid] = max(peaks.get(process.pid, 0), harness_peak)
    return Measured(
        what=what,
        command=shlex.join(command),
        exit_status=None if killed else code,
        seconds=time.monotonic() - started,
        tree_peak_mb=tree_peak / 1024,
        peaks_sum_mb=sum(peaks.values()) / 1024,
        harness_peak_mb=harness_peak / 1024,
        processes=len(peaks),
    )


def run_benchmark(python: str, folder: Path, limit_mb: float, size: int) -> Measured:
    engine = shlex.join([python, str(HERE / "padded_engine.py"), str(size)])
    outputs = [f"--{kind}={folder / name}" for kind, name in
               (("report", "run.jsonl"), ("html", "run.html"), ("markdown", "run.md"), ("junit", "run.xml"),
                ("badge", "run-badge.json"))]  # fmt: skip
    command = [python, "-m", "cribcheck.harness.cli", "run", "--engine", engine, "--no-progress", "--timeout", "60",
               *outputs]  # fmt: skip
    measured = measure(f"run, every answer {size:,} bytes", command, limit_mb)
    report = folder / "run.jsonl"
    results = report.read_text(encoding="utf-8").count('"type": "case"') if report.exists() else 0
    return replace(measured, what=f"{measured.what}, {results:,} results in the report")


def make_report(python: str, path: Path, size: int) -> int:
    """A report of about `size` bytes: the corpus run against the reference (its lines full: each
    copy gets a new id, which no case file holds), its case lines again and again under new ids,
    one in eight a failure; the number of case lines."""
    seed = path.with_name("seed.jsonl")
    command = [python, "-m", "cribcheck.harness.cli", "run", "--no-progress", "-q"]
    command += ["--report", str(seed), "--report-full"]
    subprocess.run(command, stdout=subprocess.DEVNULL, check=False, cwd=path.parent)
    lines = [json.loads(line) for line in seed.read_text(encoding="utf-8").splitlines()]
    header, cases, footer = lines[0], lines[1:-1], lines[-1]
    per_copy = sum(len(json.dumps(line)) + 1 for line in cases)
    copies = max(1, size // per_copy)
    counts: dict[str, int] = dict.fromkeys(footer["counts"], 0)
    by_profile: dict[str, dict[str, int]] = {}
    by_area: dict[str, dict[str, int]] = {}
    written = 0
    with path.open("w", encoding="utf-8") as out:
        out.write(json.dumps(header) + "\n")
        for copy in range(copies):
            for number, line in enumerate(cases):
                case = dict(line)
                case["id"] = f"{line['id']}-{copy}"
                tail = shlex.join(["--case", line["id"], "--profile", line["profile"]])
                case["rerun"] = line["rerun"][: -len(tail)] + shlex.join(["--case", case["id"], "--profile",
                                                                          line["profile"]])  # fmt: skip
                if number % 8 == 3 and case["status"] == "pass":
                    case["status"] = "fail"
                    case["mismatches"] = ["total: expected 12, got 13"]
                    case["message"] = case["mismatches"][0]
                counts[case["status"]] += 1
                area = line["rules"][0].split(".", 1)[0] if line["rules"] else "none"
                for table, key in ((by_profile, line["profile"]), (by_area, area)):
                    row = table.setdefault(key, dict.fromkeys(footer["counts"], 0))
                    row[case["status"]] += 1
                out.write(json.dumps(case) + "\n")
                written += 1
        applicable = sum(count for name, count in counts.items() if name != "not_applicable")
        passed = counts["pass"]
        footer.update(counts=counts, applicable=applicable, passed=passed, compliance=passed / applicable,
                      by_profile=by_profile, by_area=by_area, exit_status=1)  # fmt: skip
        out.write(json.dumps(footer) + "\n")
    seed.unlink()
    return written


def summary_benchmarks(python: str, folder: Path, limit_mb: float, size: int, first: int = 4) -> list[Measured]:
    one = folder / "one.jsonl"
    half_a, half_b = folder / "a.jsonl", folder / "b.jsonl"
    count = make_report(python, one, size)
    make_report(python, half_a, size // 2)
    make_report(python, half_b, size // 2)
    mb = one.stat().st_size / 1e6
    cli = [python, "-m", "cribcheck.harness.cli", "summary"]
    every = [f"--html={folder / 's.html'}", f"--markdown={folder / 's.md'}", f"--junit={folder / 's.xml'}",
             f"--badge={folder / 's-badge.json'}"]  # fmt: skip
    side = (half_a.stat().st_size + half_b.stat().st_size) / 1e6
    commands = [
        (f"summary of a {mb:,.0f} MB report ({count:,} results), terminal", [*cli, str(one)]),
        ("summary of the same, every other report", [*cli, str(one), *every]),
        (f"summary of two reports side by side ({side:,.0f} MB), terminal", [*cli, str(half_a), str(half_b)]),
        ("summary of the same two, every other report", [*cli, str(half_a), str(half_b), *every]),
    ]
    return [measure(what, command, limit_mb) for what, command in commands[:first]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("which", nargs="?", choices=("run", "summary", "both"), default="both")
    parser.add_argument("--python", default=sys.executable, help="the Python of the cribcheck to measure")
    parser.add_argument("--limit", type=float, default=6000, metavar="MB", help="kill a tree above this (6000)")
    parser.add_argument("--answer-bytes", type=int, default=8_000_000, help="the size of every answer (8,000,000)")
    parser.add_argument("--report-bytes", type=int, default=REPORT_BYTES, help="the size of the report (1 GB)")
    parser.add_argument("--first", type=int, default=4, metavar="N", help="only the first N summary commands (4)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="keep the figures as JSON")
    args = parser.parse_args()
    if not sys.platform.startswith("linux"):
        print("benchmarks/memory.py reads /proc: Linux only", file=sys.stderr)
        return 2
    figures: list[Measured] = []
    with tempfile.TemporaryDirectory(prefix="cribcheck-memory-") as name:
        folder = Path(name)
        if args.which in ("run", "both"):
            figures.append(run_benchmark(args.python, folder, args.limit, args.answer_bytes))
            print(figures[-1].line(), flush=True)
        if args.which in ("summary", "both"):
            for measured in summary_benchmarks(args.python, folder, args.limit, args.report_bytes, args.first):
                figures.append(measured)
                print(measured.line(), flush=True)
    if args.json:
        rows: list[dict[str, Any]] = [figure.__dict__ for figure in figures]
        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0 if all(f.exit_status is not None and f.peaks_sum_mb < TARGET_MB for f in figures) else 1


if __name__ == "__main__":
    sys.exit(main())
