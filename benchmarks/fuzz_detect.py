"""Time to detect: the differential fuzzer alone (no case corpus) against every mutant of the
reference engine (harness/mutants/catalogue.py), each served over the real protocol by
`cribcheck serve --mutant NAME`, with a cap on the search and one fixed seed.

    python3 benchmarks/fuzz_detect.py [--seconds 60] [--seed 0] [--mutant NAME]... [--out DIR] [--with-corpus]

Prints a table (mutant, seconds to the first disagreement, examples tried by then, the operation
that found it, the operation of the case it shrank to), then the median and the slowest, and the
machine. With --out, each shrunk case is written there, then linted (harness.corpus.lint), run against the
reference (which passes it) and against its mutant (which fails it). Exit 1 when a mutant was not
found within the cap or a case is not sound. With --with-corpus the table also gives, for each
mutant, the corpus's kills (as `cribcheck mutants` counts them: case x profile runs and distinct
cases), whether it is killed with no optional feature claimed (`cribcheck mutants --features
none`) and the first killing case.
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from cribcheck.harness.contract.files import REPO_ROOT
from cribcheck.harness.corpus.cases import load_cases
from cribcheck.harness.corpus.lint import lint
from cribcheck.harness.engine.engines import AdapterEngine, EngineOptions
from cribcheck.harness.fuzz.findings import case_document, write_case
from cribcheck.harness.fuzz.fuzz import FuzzResult, FuzzSettings, fuzz
from cribcheck.harness.mutants.catalogue import get_mutant, mutant_names
from cribcheck.harness.mutants.kill_table import KillTable, applicable, distinct_cases, kill_tables, kills
from cribcheck.harness.operations.answers import cached_profiles
from cribcheck.harness.operations.features import FEATURES


@dataclass(frozen=True)
class Row:
    mutant: str
    result: FuzzResult
    case: Path | None = None


def serve_command(mutant: str) -> str:
    return shlex.join([sys.executable, "-m", "cribcheck.harness.cli", "serve", "--mutant", mutant])


def detect(mutant: str, wanted: FuzzSettings) -> FuzzResult:
    engine = AdapterEngine(EngineOptions(command=serve_command(mutant), cwd=REPO_ROOT))
    try:
        return fuzz(engine, wanted)
    finally:
        engine.close()


def no_feature_cell(mutant: str, killers: list[str]) -> str:
    """The "killed with no optional feature" cell: yes with the distinct cases, n/a, or NO."""
    if not applicable(mutant, ()):
        return f"n/a (only `{get_mutant(mutant).shown_only_by}` shows it)"
    return f"yes ({distinct_cases(killers)})" if killers else "NO"


def table(rows: list[Row], cap: float, corpus: tuple[KillTable, KillTable] | None = None) -> list[str]:
    """A Markdown table: each mutant, how long the fuzzer took to find it, with how many examples,
    on which operation, and the operation of the case it shrank to; with `corpus` (the kill tables
    of harness.mutants.catalogue with every optional feature and with none), first the number of
    case x profile runs of the corpus that kill it, of distinct cases, whether it is killed with no
    optional feature claimed (and by how many distinct cases), and the first killing run."""
    head = "| mutant "
    rule = "|---"
    if corpus is not None:
        head += "| corpus kills | distinct cases | killed with no optional feature | first killing case "
        rule += "|---:|---:|---|---"
    lines = [head + "| fuzz: seconds | examples | found by | shrunk to |", rule + "|---:|---:|---|---|"]
    for row in rows:
        result = row.result
        cells = [row.mutant]
        if corpus is not None:
            full, none = corpus
            killers = full.get(row.mutant, [])
            cells += [
                str(len(killers)),
                str(distinct_cases(killers)),
                no_feature_cell(row.mutant, none.get(row.mutant, [])),
                f"`{killers[0]}`" if killers else "SURVIVED",
            ]
        if result.detected_seconds is None:
            cells += [f"not found in {cap:g} s", str(result.examples), "", ""]
        else:
            case_op = result.finding.example.op if result.finding else ""
            cells += [f"{result.detected_seconds:.2f}", str(result.detected_after), str(result.detected_op), case_op]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def figures(rows: list[Row], cap: float, seed: int) -> list[str]:
    found = [row for row in rows if row.result.detected_seconds is not None]
    missed = [row.mutant for row in rows if row.result.detected_seconds is None]
    lines = [f"{len(found)} of {len(rows)} mutants found within {cap:g} s each (seed {seed})"]
    if found:
        seconds = [row.result.detected_seconds or 0.0 for row in found]
        slowest = max(found, key=lambda row: row.result.detected_seconds or 0.0)
        lines.append(f"median {statistics.median(seconds):.2f} s, mean {statistics.mean(seconds):.2f} s")
        lines.append(
            f"slowest {slowest.mutant}: {slowest.result.detected_seconds:.2f} s "
            f"({slowest.result.detected_after} examples)"
        )
    if missed:
        lines.append(f"NOT FOUND: {', '.join(missed)}")
    return lines


def machine() -> str:
    return (
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"{platform.system()} {platform.release()}, Python {platform.python_version()}"
    )


def check_cases(rows: list[Row]) -> list[str]:
    """Lint each written case (one at a time: two mutants may shrink to the same case); each must
    pass the reference and fail its mutant."""
    problems: list[str] = []
    with cached_profiles():
        for row in rows:
            if row.case is None:
                continue
            problems += [str(error) for error in lint([row.case]).errors]
            for case in load_cases(row.case):
                for profile in case.profiles:
                    if kills(case, profile):
                        problems.append(f"{case.id}: the reference fails it under {profile}")
                    with get_mutant(row.mutant).applied():
                        if not kills(case, profile):
                            problems.append(f"{case.id}: mutant {row.mutant} passes it under {profile}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="the cap per mutant (default 60)")
    parser.add_argument("--seed", type=int, default=0, help="the seed for every mutant (default 0)")
    parser.add_argument("--shrink-seconds", type=float, default=10.0, help="shrinking budget (default 10)")
    parser.add_argument("--simplify-seconds", type=float, default=5.0, help="simpler-case budget (default 5)")
    parser.add_argument("--mutant", action="append", choices=mutant_names(), help="only this mutant (repeatable)")
    parser.add_argument("--out", type=Path, help="write the shrunk cases here, then check them")
    parser.add_argument(
        "--with-corpus", action="store_true", help="add the corpus's kill table (cribcheck mutants) to the table"
    )
    args = parser.parse_args(argv)
    wanted = FuzzSettings(
        seconds=args.seconds,
        seed=args.seed,
        shrink_seconds=args.shrink_seconds,
        simplify_seconds=args.simplify_seconds,
    )
    started = time.monotonic()
    rows: list[Row] = []
    for name in args.mutant or mutant_names():
        result = detect(name, wanted)
        path = None
        if args.out is not None and result.finding is not None:
            path = write_case(case_document(result.finding, args.seed, f"mutant {name}"), args.out / name)
        rows.append(Row(name, result, path))
        detected = "not found" if result.detected_seconds is None else f"{result.detected_seconds:6.2f} s"
        print(f"{name:36} {detected}  ({result.examples} examples, {result.seconds:.1f} s in all)", flush=True)
    print()
    corpus = None
    if args.with_corpus:
        full, none = kill_tables(load_cases(), claims=(FEATURES, ()))
        corpus = (full, none)
    for line in [*table(rows, args.seconds, corpus), "", *figures(rows, args.seconds, args.seed)]:
        print(line)
    print(f"machine: {machine()}; wall time {time.monotonic() - started:.0f} s")
    problems = check_cases(rows) if args.out is not None else []
    if args.out is not None:
        sound = "lint clean, each passes the reference and fails its mutant" if not problems else "PROBLEMS:"
        print(f"cases in {args.out}: {sound}")
        for problem in problems:
            print(f"  {problem}")
    missed = any(row.result.detected_seconds is None for row in rows)
    return 1 if missed or problems else 0


if __name__ == "__main__":
    sys.exit(main())
