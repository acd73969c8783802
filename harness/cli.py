"""The `cribcheck` command line: a thin layer that parses arguments and calls the pieces.

Each subcommand lives in its own module, which provides `add_arguments(parser)` and
`main(args) -> int` (exit status: 0 success, 1 failures found, 2 usage or setup error).
"""

from __future__ import annotations

import argparse
import importlib
import sys

SUBCOMMANDS = {
    "run": ("harness.runner", "run the case suite against an engine (default: the reference engine)"),
    "lint": ("harness.lint", "check the case files: schema, ids, rules, cards, coverage, expectations"),
    "explain": ("harness.explain", "print a case with its rules and the reference engine's worked derivation"),
    "smoke": ("harness.smoke", "a few cases to check an engine's wiring first"),
    "serve": ("harness.serve", "the reference engine as a protocol adapter on stdin/stdout"),
    "sweep": ("harness.sweep", "compare every hand + starter (or crib + starter) with the reference"),
    "fuzz": ("harness.fuzz", "differential fuzzing against the reference, shrinking to a YAML case"),
    "mutants": ("harness.mutants", "show which cases kill each mutant of the reference engine"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cribcheck", description="Cribbage rules-conformance suite and reference engine."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name != module_name:
                raise
            continue  # a subcommand not built yet
        sub = commands.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(sub)
        sub.set_defaults(handler=module.main)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
