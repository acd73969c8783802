"""The `cribcheck` command line: a thin layer that parses arguments and calls the pieces.

`COMMANDS` names every subcommand once, with the module that implements it. Each command module
provides `add_arguments(parser)` and `main(args) -> int` (exit status: 0 success, 1 failures
found, 2 usage or setup error, 130 interrupted); the imports below are the whole of what the
command line depends on.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

import yaml

from harness.contract.files import CASES_DIR, SAFE_LOADER
from harness.contract.version import suite_version
from harness.contract.words import nearest
from harness.corpus import explain, lint
from harness.corpus.cases import case_files
from harness.engine import serve
from harness.engine.protocol import PROTOCOL_VERSION
from harness.fuzz import fuzz
from harness.mutants import engine as mutant_engine
from harness.mutants import kill_table
from harness.report import summary
from harness.run import multi, smoke
from harness.sweep import sweep


@dataclass(frozen=True)
class Command:
    """One subcommand: its name, its one-line help, and the functions that implement it."""

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    main: Callable[[argparse.Namespace], int]


def _serve_arguments(parser: argparse.ArgumentParser) -> None:
    """`serve` is the engine room's, plus the mutants room's hidden `--mutant NAME`."""
    serve.add_arguments(parser)
    mutant_engine.add_mutant_argument(parser)


COMMANDS: tuple[Command, ...] = (
    Command(
        "run",
        "run the case suite against an engine (default: the reference engine), or several side by side",
        multi.add_arguments,
        multi.main,
    ),
    Command(
        "lint", "check the case files: schema, ids, rules, cards, coverage, expectations", lint.add_arguments, lint.main
    ),
    Command(
        "explain",
        "print a case with its rules and the reference engine's worked derivation",
        explain.add_arguments,
        explain.main,
    ),
    Command("smoke", "a few cases to check an engine's wiring first", smoke.add_arguments, smoke.main),
    Command(
        "serve",
        "the reference engine as a protocol adapter on stdin/stdout",
        _serve_arguments,
        mutant_engine.serve_main,
    ),
    Command(
        "sweep", "compare every hand + starter (or crib + starter) with the reference", sweep.add_arguments, sweep.main
    ),
    Command(
        "fuzz", "differential fuzzing against the reference, shrinking to a YAML case", fuzz.add_arguments, fuzz.main
    ),
    Command(
        "summary",
        "re-render saved JSON Lines reports as Markdown, JUnit, HTML or badges, side by side",
        summary.add_arguments,
        summary.main,
    ),
    Command(
        "mutants",
        "show which cases kill each mutant of the reference engine",
        kill_table.add_arguments,
        kill_table.main,
    ),
)


def version_text() -> str:
    """`cribcheck --version`: the suite's version, the protocol's, and how many cases the corpus holds."""
    count = 0
    for path in case_files(CASES_DIR):
        document = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
        if isinstance(document, dict) and isinstance(document.get("cases"), list):
            count += len(document["cases"])
    return f"cribcheck {suite_version()} (protocol version {PROTOCOL_VERSION}, {count} cases in the corpus)"


class _VersionAction(argparse.Action):
    """Like argparse's "version" action, but the text (which reads the corpus) is made only when asked."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> NoReturn:
        print(version_text())
        parser.exit()


INVALID_CHOICE = re.compile(
    r"argument (?P<what>[^:]+): invalid choice: '(?P<word>[^']*)' \(choose from (?P<names>.*)\)"
)


class Parser(argparse.ArgumentParser):
    """argparse, with "did you mean" for a mistyped subcommand, option or choice, and the usage of
    the subcommand concerned (a mistyped option of `run` shows `run`'s usage, a mistyped command
    the usage of the nearest one)."""

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        namespace, extras = super().parse_known_args(args, namespace)
        command = self._subcommand(getattr(namespace, "command", None))
        if extras and command is not None:  # the subcommand's options, reported by the subcommand
            command.error(command.unrecognized(extras))
        return namespace, extras

    def unrecognized(self, extras: Sequence[str]) -> str:
        options = [
            option for action in self._actions if action.help != argparse.SUPPRESS for option in action.option_strings
        ]
        hints = [
            f"{word}: did you mean {found[0]}?"
            for word in extras
            if word.startswith("-")
            for found in [nearest(word.split("=")[0], options, 1)]
            if found
        ]
        return f"unrecognized arguments: {' '.join(extras)}" + "".join(f"\n  {hint}" for hint in hints)

    def error(self, message: str) -> NoReturn:
        shown: argparse.ArgumentParser = self
        choice = INVALID_CHOICE.fullmatch(message)
        if choice:
            names = [name.strip("'") for name in choice["names"].split(", ")]
            found = nearest(choice["word"], names, 1)
            if found:
                message += f"\n  did you mean {found[0]}?"
                shown = self._subcommand(found[0]) or self
        shown.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")

    def _subcommand(self, name: str | None) -> argparse.ArgumentParser | None:
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction) and name in action.choices:
                parser: argparse.ArgumentParser = action.choices[name]
                return parser
        return None


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="cribcheck", description="Cribbage rules-conformance suite and reference engine.")
    parser.add_argument(
        "--version", action=_VersionAction, help="print the suite version, the protocol version and the case count"
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        sub = commands.add_parser(command.name, help=command.help, description=command.help)
        command.add_arguments(sub)
        sub.set_defaults(handler=command.main)
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
