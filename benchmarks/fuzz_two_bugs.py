"""Every bug, not only the first: the differential fuzzer against engines with two bugs at once
(two mutants of different rules, `cribcheck serve --mutant A+B`, over the real protocol), for a
fixed time with one seed. A bug counts as found when a finding is its own: the finding's signature
(the way it differs, harness/fuzz/distinct.py) is what that bug alone gives on the finding's input.

    python3 benchmarks/fuzz_two_bugs.py [--seconds 60] [--seed 0] [--pair A+B]...

Prints, for each engine, the findings and which bug each belongs to, then how many engines had
both bugs found as separate findings. Exit 1 when one did not.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time

from cribcheck.harness.contract.files import REPO_ROOT
from cribcheck.harness.engine.engines import AdapterEngine, EngineOptions
from cribcheck.harness.fuzz.distinct import signatures_of, words
from cribcheck.harness.fuzz.fuzz import Found, FuzzSettings, fuzz, judge_example
from cribcheck.harness.mutants.catalogue import mutant_names
from cribcheck.harness.mutants.engine import mutant_engine

# Two bugs of different rules each, most of them seen first in the same key of the same operation
# (the points of a pegging, the scores of a hand), as the engine with bugs A and B.
PAIRS = (
    "no-point-for-last-card+peg-across-reset",  # the A and B, as mutants
    "nobs-worth-2+peg-pair-royal-4",
    "heels-worth-1+no-point-for-go",
    "go-point-to-go-sayer+thirty-one-plus-last",
    "peg-pairs-by-value+pone-leads-after-go",
    "runs-without-multiplicity+crib-four-card-flush",
    "three-for-last-missing+five-card-count-restarts",
    "skunk-off-by-one+win-needs-exact-target",
    "dealer-shows-first+heels-to-pone",
    "fifteens-of-two-cards-only+peg-run-in-order-only",
)


def serve_command(pair: str) -> str:
    return shlex.join([sys.executable, "-m", "cribcheck.harness.cli", "serve", "--mutant", pair])


def owner(found: Found, bugs: list[str]) -> str | None:
    """The bug whose engine alone differs from the reference on the finding's input with the
    finding's signature (the first, if both do)."""
    for bug in bugs:
        there = judge_example(mutant_engine(bug), found.finding.example, "owner")
        if there is not None and found.signature in signatures_of(there):
            return bug
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pair", action="append", help="an engine A+B (repeatable; default: PAIRS)")
    args = parser.parse_args(argv)
    pairs = args.pair or list(PAIRS)
    for pair in pairs:
        unknown = [bug for bug in pair.split("+") if bug not in mutant_names()]
        if unknown:
            parser.error(f"unknown mutant(s): {', '.join(unknown)}")
    both = 0
    for pair in pairs:
        bugs = pair.split("+")
        engine = AdapterEngine(EngineOptions(command=serve_command(pair), cwd=REPO_ROOT))
        started = time.monotonic()
        try:
            result = fuzz(engine, FuzzSettings(seconds=args.seconds, seed=args.seed, max_findings=None))
        finally:
            engine.close()
        owners = [owner(found, bugs) for found in result.found]
        found_both = set(bugs) <= set(owners)
        both += found_both
        print(f"{pair}: {'BOTH' if found_both else 'not both'}, {len(result.found)} findings, "
              f"{result.examples} examples, {time.monotonic() - started:.0f} s")  # fmt: skip
        for found, bug in zip(result.found, owners, strict=True):
            assert found.signature is not None
            print(f"  {found.after:6} {bug or '?':28} {found.finding.example.op:8} {words(found.signature)}")
        sys.stdout.flush()
    print(f"both bugs as separate findings: {both} of {len(pairs)} engines ({args.seconds:g} s each, "
          f"seed {args.seed}); load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    return 0 if both == len(pairs) else 1


if __name__ == "__main__":
    sys.exit(main())
