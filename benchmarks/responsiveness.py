"""How fast the suite feels, as ratios measured side by side in one run on this machine:

    python3 benchmarks/responsiveness.py [--before REV] [--json FILE] [--skip-slow] [--only-single] [--only-rerun]

- the one-line rerun command (`cribcheck run --case ID`) against `cribcheck --help`, both through
  the installed `cribcheck` script, each the median of `--rerun-repeat` runs (default 21) taken
  in turn: at most 2.5x (wall time; the processor time of each, user + system, beside it: a busy
  machine stretches wall times more than it does processor time);
- the one-line rerun command (`cribcheck run --case ID`): this checkout against REV's (a git
  worktree made for the run), target at most 1/5 of REV's wall time;
- the whole corpus in-process: wall time against the run time the summary reports, at most 2x;
- the whole corpus through `cribcheck serve`, pipelined: REV's wall time against this one's, at
  least 3x;
- one request at a time (`--window 1`) against the echo engine (benchmarks/echo_engine.py, no
  work): the harness's cost of one more request against a bare round trip over the same pipe (a
  loop that writes the request and reads the answer, nothing checked), within 3x. One more
  request: two runs of generated show cases (hands that score nothing, under six-card and
  six-card-61, so that every answer passes), 8,000 and 1,000 requests, run one after the other;
  the difference of their run times over the 7,000 requests between them, the median of
  `--repeat` pairs. Once with the terminal report only (how `cribcheck run` runs by default),
  once with the JSON Lines report too; the run's fixed cost (engine start, hello, compiling the
  schemas, the end of the run) is the intercept of the same runs;
- `--jobs 2` against `--jobs 1` on an engine taking 20 ms an answer (benchmarks/slow_engine.py),
  the whole corpus, at least 1.8x;
- `cribcheck fuzz` for 60 s against a mutant with two unrelated bugs (nobs worth 2 in the show,
  a pair royal pegging 4 in the play): both reported.

`--only-single` measures the one-request-at-a-time rows alone, in a minute or so; with `--before
REV`, REV's too (from a git worktree), their runs taken in turn with this checkout's.
Every figure is the median of `--repeat` runs (default 3; one for the slow engine and the fuzzer).
Prints a table (measure, figure, target, met), the machine and the load average; exit 1 when a
target is missed. REV defaults to the last commit before this work on speed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
BEFORE = "662f120"  # main before the speed work of issue 14 (case-file cache, fast answer check, --jobs)
CASE = "s5-pair-in-hand"
MUTANTS = "nobs-worth-2+peg-pair-royal-4"
RERUN_TARGET = 2.5  # `run --case ID` within this many times `cribcheck --help`
SUMMARY = re.compile(r"(\d+) results in ([\d.]+) s")
SMALL, LARGE = 1_000, 8_000  # show requests of the two runs whose difference gives one more request's cost


@dataclass(frozen=True)
class Figure:
    measure: str
    value: float
    target: str
    met: bool
    detail: str


def cribcheck(tree: Path) -> list[str]:
    """The command running the cribcheck of `tree` (this checkout, or REV's worktree)."""
    # a tree from before the one top-level package (cribcheck.harness) imports harness.cli
    load = "from cribcheck.harness.cli import main" if (tree / "cribcheck").is_dir() else "from harness.cli import main"
    return [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(tree)!r}); {load}; "
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


def zero_hands(count: int) -> list[tuple[list[str], str]]:
    """`count` distinct six-card hands (four cards, a starter) that score nothing, found at random
    (seeded) and each counted by the reference engine: the echo engine's fixed answer is right."""
    sys.path.insert(0, str(REPO))
    from cribcheck.reference import full_deck, load_profile, score_show

    profile = load_profile("six-card")
    deck = [str(card) for card in full_deck()]
    chosen = random.Random(1)
    found: dict[tuple[tuple[str, ...], str], list[str]] = {}
    while len(found) < count:
        *cards, starter = chosen.sample(deck, 5)
        if score_show(cards, starter, crib=False, profile=profile).total == 0:
            found.setdefault((tuple(sorted(cards)), starter), cards)
    return [(cards, starter) for (_, starter), cards in found.items()]


def show_cases(folder: Path, hands: Sequence[tuple[list[str], str]]) -> Path:
    """A cases folder of one show case per hand, each under six-card and six-card-61 (as the show
    cases of the corpus are), expecting 0: two requests a hand."""
    folder.mkdir(parents=True, exist_ok=True)
    for first in range(0, len(hands), 500):
        lines = ["topic: Generated hands that score nothing (benchmarks/responsiveness.py)", "cases:"]
        for number, (cards, starter) in enumerate(hands[first : first + 500], start=first):
            lines += [
                f"  - id: show-bench-{number:05d}",
                "    title: A hand that scores nothing",
                "    rules: [show.fifteens, show.pairs, show.runs, show.flush, show.nobs]",
                "    tags: [show]",
                "    profiles: [six-card, six-card-61]",
                "    op: show",
                f"    input: {{cards: [{', '.join(cards)}], starter: {starter}, crib: false}}",
                "    explain: No fifteen, pair, run, flush or nobs (counted by the reference engine).",
                "    expect:",
                "      default: {total: 0, breakdown: {fifteens: 0, pairs: 0, runs: 0, flush: 0, nobs: 0}}",
            ]
        (folder / f"bench-{first // 500:02d}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def echo_run(now: list[str], work: Path, env: dict[str, str], cases: Path, report: bool) -> float:
    """One `--window 1` run of `cases` against the echo engine: its run time (engine start to the
    last report written), from the JSON Lines report's footer (ms) with `report`, else from the
    terminal's summary line (10 ms)."""
    echo = shlex.join([sys.executable, str(HERE / "echo_engine.py")])
    path = work / "echo.jsonl"
    words = ["--report", str(path)] if report else []
    command = [*now, "run", "--no-progress", "--window", "1", "--engine", echo, "--cases", str(cases), *words]
    _, text = timed(command, work, env)
    if not report:
        return summary_seconds(text)[1]
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return next(line["duration_s"] for line in lines if line["type"] == "footer")


def single_requests(
    trees: dict[str, list[str]], repeat: int, work: Path, env: dict[str, str], cpu: int | None
) -> list[Figure]:
    """One request at a time against the echo engine: the harness's cost of one more request, the
    slope between runs of SMALL and LARGE show requests (the difference of their run times over the
    difference of their requests), against a bare round trip over the same pipe measured just
    before that pair of runs, so that both see the same load; the median of `repeat` such ratios.
    With the terminal report only (as `cribcheck run` runs by default), then with the JSON Lines
    report too; and the run's fixed cost. `trees`: the cribcheck commands to measure, by name
    ("now" first), their pairs taken in turn. With `cpu`, every process of the measure runs on
    that CPU alone (see pinned)."""
    hands = zero_hands(LARGE // 2)
    large = show_cases(work / "large", hands)
    small = show_cases(work / "small", hands[: SMALL // 2])
    for command in trees.values():  # the case-file cache filled, as after any first run
        for cases in (large, small):
            timed([*command, "run", "--cases", str(cases), "--case", "show-bench-00000"], work, env)
    with pinned(cpu):
        found = measure_pairs(trees, repeat, work, env, (large, small))
    figures = []
    for (report, name), runs in found.items():
        ratio, steady, raw, more, less = sorted(runs)[len(runs) // 2]  # the median ratio
        label = "with --report (JSON Lines)" if report else "terminal report only"
        target = name == "now" and not report  # the report's own cost is shown beside it, not held to 3x
        figures.append(
            Figure(f"one request at a time, {label}: harness / bare pipe{'' if name == 'now' else f' ({name})'}",
                   ratio, "<= 3" if target else "(none)", ratio <= 3 or not target,
                   f"{steady * 1e6:.1f} us against {raw * 1e6:.1f} us: ({more:.3f} s - {less:.3f} s) / "
                   f"({LARGE} - {SMALL} requests); ratios {', '.join(f'{run[0]:.2f}' for run in runs)}")
        )  # fmt: skip
        if report and name == "now":
            fixed = (less - SMALL * steady) * 1e3
            figures.append(Figure("  the run's fixed cost (engine start, hello, schemas, reports), ms", fixed,
                                  "(none)", True, "the intercept of the same runs"))  # fmt: skip
    return figures


def measure_pairs(
    trees: dict[str, list[str]], repeat: int, work: Path, env: dict[str, str], folders: tuple[Path, Path]
) -> dict[tuple[bool, str], list[tuple[float, float, float, float, float]]]:
    """(report, tree) -> per repeat: (ratio, one more request, bare round trip, large run, small run)."""
    large, small = folders
    found: dict[tuple[bool, str], list[tuple[float, float, float, float, float]]] = {}
    for _ in range(repeat):
        for report in (False, True):
            for name, command in trees.items():
                raw = raw_round_trip()
                more, less = (echo_run(command, work, env, cases, report) for cases in (large, small))
                steady = (more - less) / (LARGE - SMALL)
                found.setdefault((report, name), []).append((steady / raw, steady, raw, more, less))
    return found


@contextmanager
def pinned(cpu: int | None) -> Iterator[None]:
    """This process, and every process it starts meanwhile, on `cpu` alone (nothing without one).
    On this machine (a VM with 2 CPUs) a round trip between processes on two CPUs costs from 12 to
    over 70 us, depending on whether the other CPU sleeps and on what else runs: on one CPU both
    the bare loop and the harness pay the same hand-over between the two processes, and neither
    waits for a sleeping CPU. It denies the harness the other core (where the engine answers the
    next request while the harness reads this one): the harness's figure is the higher for it."""
    if cpu is None or not hasattr(os, "sched_setaffinity"):
        yield
        return
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {cpu})
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)


def rerun_against_help(work: Path, env: dict[str, str], repeat: int) -> Figure:
    """`cribcheck run --case ID` against `cribcheck --help`, as a user types them (the console
    script of this checkout's environment), taken in turn; wall and processor time, medians."""
    script = Path(sys.executable).parent / "cribcheck"
    command = [str(script)] if script.is_file() else cribcheck(REPO)
    timed([*command, "run", "--case", CASE], work, env)  # the cache filled once, as after any first run
    walls: dict[str, list[float]] = {"help": [], "rerun": []}
    cpus: dict[str, list[float]] = {"help": [], "rerun": []}
    for _ in range(repeat):
        for name, words in (("help", ["--help"]), ("rerun", ["run", "--case", CASE])):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            wall, _ = timed([*command, *words], work, env)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            walls[name].append(wall)
            cpus[name].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    wall = {name: statistics.median(values) for name, values in walls.items()}
    cpu = {name: statistics.median(values) for name, values in cpus.items()}
    ratio = wall["rerun"] / wall["help"]
    return Figure(
        "run --case ID / --help: wall time",
        ratio,
        f"<= {RERUN_TARGET}",
        ratio <= RERUN_TARGET,
        f"rerun {wall['rerun']:.3f} s, --help {wall['help']:.3f} s; processor time rerun {cpu['rerun']:.3f} s, "
        f"--help {cpu['help']:.3f} s ({cpu['rerun'] / cpu['help']:.2f}x)",
    )


def measure(before: Path, repeat: int, skip_slow: bool, work: Path, cpu: int | None) -> list[Figure]:
    now = cribcheck(REPO)
    old = cribcheck(before)
    figures: list[Figure] = []
    env = {**os.environ, "CRIBCHECK_CACHE_DIR": str(work / "cache")}
    timed([*now, "run", "--case", CASE], work, env)  # the cache filled once, as after any first run

    after = median(repeat, lambda: timed([*now, "run", "--case", CASE], work, env)[0])
    then = median(repeat, lambda: timed([*old, "run", "--case", CASE], work, env)[0])
    figures.append(Figure("run --case ID: wall time, REV / now", then / after, ">= 5", then / after >= 5,
                          f"now {after:.2f} s, REV {then:.2f} s"))  # fmt: skip
    figures.append(rerun_against_help(work, env, 21))

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

    figures += single_requests({"now": now}, repeat, work, env, cpu)

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
    parser.add_argument("--before", metavar="REV", help=f"the revision to compare (default {BEFORE}; with "
                        "--only-single, none unless given)")  # fmt: skip
    parser.add_argument("--repeat", type=int, default=3, metavar="N", help="runs per figure (median; default 3)")
    parser.add_argument("--skip-slow", action="store_true", help="leave out the 20 ms engine and the fuzzer")
    parser.add_argument("--only-single", action="store_true", help="measure one request at a time alone")
    parser.add_argument("--only-rerun", action="store_true", help="measure `run --case ID` against `--help` alone")
    parser.add_argument("--rerun-repeat", type=int, default=21, metavar="N", help="runs of each (default 21)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the figures as JSON too")
    parser.add_argument("--cpu", type=int, default=max(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                        else None, help="the CPU of the one-request-at-a-time rows (default: the last)")  # fmt: skip
    parser.add_argument("--no-pin", dest="cpu", action="store_const", const=None,
                        help="the one-request-at-a-time rows on any CPU")  # fmt: skip
    args = parser.parse_args()
    if args.only_rerun:
        with tempfile.TemporaryDirectory(prefix="cribcheck-bench-") as folder:
            env = {**os.environ, "CRIBCHECK_CACHE_DIR": str(Path(folder) / "cache")}
            return report([rerun_against_help(Path(folder), env, args.rerun_repeat)], args)
    if not args.only_single:
        args.before = args.before or BEFORE
    with tempfile.TemporaryDirectory(prefix="cribcheck-bench-") as folder:
        work = Path(folder)
        with worktree(args.before, work / "before") as before:
            if args.only_single:
                env = {**os.environ, "CRIBCHECK_CACHE_DIR": str(work / "cache")}
                trees = {"now": cribcheck(REPO), **({f"REV {args.before}": cribcheck(before)} if before else {})}
                figures = single_requests(trees, args.repeat, work, env, args.cpu)
            else:
                assert before is not None
                figures = measure(before, args.repeat, args.skip_slow, work, args.cpu)
    return report(figures, args)


@contextmanager
def worktree(rev: str | None, folder: Path) -> Iterator[Path | None]:
    """A git worktree of `rev` in `folder` while the block runs (None without a rev)."""
    if rev is None:
        yield None
        return
    subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "-q", str(folder), rev], check=True)
    try:
        yield folder
    finally:
        subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(folder)], check=False)


def report(figures: list[Figure], args: argparse.Namespace) -> int:
    """Print the table, the machine and the load; 0 when every target is met."""
    width = max(len(figure.measure) for figure in figures)
    for figure in figures:
        mark = "met" if figure.met else "MISSED"
        print(f"{figure.measure:<{width}}  {figure.value:8.2f}  target {figure.target:<16}  {mark:<6}  {figure.detail}")
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"machine: {os.cpu_count()} cores, {platform.machine()}, Python {platform.python_version()}; "
          f"load average {load}; REV {args.before or '(none)'}")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps([asdict(figure) for figure in figures], indent=2) + "\n", encoding="utf-8")
    return 0 if all(figure.met for figure in figures) else 1


if __name__ == "__main__":
    sys.exit(main())
