"""The `cribcheck` command line: a thin layer that parses arguments and calls the pieces.

`COMMANDS` names every subcommand once, with the module that implements it. Each command module
provides `add_arguments(parser)` and `main(args) -> int` (exit status: 0 success, 1 failures
found, 2 usage or setup error, 130 interrupted); the imports in the small functions below are the
whole of what the command line depends on.

A command's module is imported only when that command is parsed (or its usage shown): `cribcheck
serve` does not load the fuzzer, the linter or the report writers, and `cribcheck --help` none of
them. Every process the harness or a user starts pays only for its own command.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, NoReturn

import yaml

from cribcheck.harness import config as config_file
from cribcheck.harness.config import filled_namespace
from cribcheck.harness.contract.files import CASES_DIR, SAFE_LOADER
from cribcheck.harness.contract.version import suite_version
from cribcheck.harness.contract.words import nearest
from cribcheck.harness.engine.protocol import PROTOCOL_VERSION


def _multi() -> ModuleType:
    from cribcheck.harness.run import multi

    return multi


def _lint() -> ModuleType:
    from cribcheck.harness.corpus import lint

    return lint


def _explain() -> ModuleType:
    from cribcheck.harness.mutants import explain  # a case, a rule, a dispute; and a known bug or reading

    return explain


def _count() -> ModuleType:
    from cribcheck.harness.corpus import count

    return count


def _peg() -> ModuleType:
    from cribcheck.harness.corpus import peg

    return peg


def _rules() -> ModuleType:
    from cribcheck.harness.report import rules_page

    return rules_page


def _smoke() -> ModuleType:
    from cribcheck.harness.run import smoke

    return smoke


def _helpers() -> ModuleType:
    from cribcheck.harness.engine import helpers

    return helpers


def _serve() -> ModuleType:
    """serve is the engine room's, plus the mutants room's hidden `--mutant NAME`."""
    from cribcheck.harness.mutants import engine

    return engine


def _sweep() -> ModuleType:
    from cribcheck.harness.sweep import sweep

    return sweep


def _fuzz() -> ModuleType:
    from cribcheck.harness.fuzz import fuzz

    return fuzz


def _check() -> ModuleType:
    from cribcheck.harness.transcripts import check

    return check


def _summary() -> ModuleType:
    from cribcheck.harness.report import summary

    return summary


def _kill_table() -> ModuleType:
    from cribcheck.harness.mutants import kill_table

    return kill_table


@dataclass(frozen=True)
class Command:
    """One subcommand: its name, its one-line help, the function that imports its module, and the
    names of the module's two functions."""

    name: str
    help: str
    module: Callable[[], ModuleType]
    add_arguments: str = "add_arguments"
    main: str = "main"

    def attach(self, parser: argparse.ArgumentParser) -> None:
        """Import the module; add its arguments and its handler to `parser`."""
        module = self.module()
        getattr(module, self.add_arguments)(parser)
        parser.set_defaults(handler=getattr(module, self.main))


COMMANDS: tuple[Command, ...] = (
    Command(
        "run", "run the case suite against an engine (default: the reference engine), or several side by side", _multi
    ),
    Command("lint", "check the case files: schema, ids, rules, cards, coverage, expectations", _lint),
    Command("explain", "print a case with its rules and the reference engine's worked derivation", _explain),
    Command("count", "count any hand or crib, its rules cited, under each reading of the disputes", _count),
    Command("peg", "replay any pegging event by event, its rules cited, under each reading of the disputes", _peg),
    Command("rules", "the rules book with worked examples, as Markdown or one HTML page with a search box", _rules),
    Command("smoke", "one small request for every operation an engine claims, to check its wiring first", _smoke),
    Command("helpers", "where the adapter helpers are (Python, Node.js, TypeScript), or copy them", _helpers),
    Command(
        "serve",
        "the reference engine as a protocol adapter on stdin/stdout",
        _serve,
        "add_serve_arguments",
        "serve_main",
    ),
    Command("sweep", "compare every hand + starter (or crib + starter) with the reference", _sweep),
    Command(
        "fuzz", "differential fuzzing against the reference: each way an engine differs, shrunk to a YAML case", _fuzz
    ),
    Command("check", "judge a transcript of what an engine did (JSON Lines), line by line, by the reference", _check),
    Command("summary", "re-render saved JSON Lines reports as Markdown, JUnit, HTML or badges, side by side", _summary),
    Command("mutants", "show which cases kill each mutant of the reference engine", _kill_table),
)


def version_text() -> str:
    """`cribcheck --version`: the suite's version, the protocol's, and how many cases the corpus holds."""
    from cribcheck.harness.corpus.cases import case_files  # only `--version` reads the corpus

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
    the usage of the nearest one). A subcommand's parser gets its arguments when first used."""

    def __init__(self, *args: Any, command: Command | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._unattached = command  # the subcommand whose arguments are not added yet
        self.command = command
        self.config, self.config_error = config_file.Config(), ""  # read when the subcommand is parsed

    def _attach(self) -> None:
        command, self._unattached = self._unattached, None
        if command is not None:
            command.attach(self)

    def format_usage(self) -> str:
        self._attach()
        return super().format_usage()

    def format_help(self) -> str:
        self._attach()
        return super().format_help()

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        self._attach()
        if namespace is None and self.command is not None:  # a subcommand: what the command line gives, noted
            namespace = filled_namespace(self)
            self._read_config(list(sys.argv[1:] if args is None else args))
        namespace, extras = super().parse_known_args(args, namespace)
        command = self._subcommand(getattr(namespace, "command", None))
        if extras and command is not None:  # the subcommand's options, reported by the subcommand
            command.error(command.unrecognized(extras))
        return namespace, extras

    def _read_config(self, words: list[str]) -> None:
        """The configuration file of this subcommand; an option it gives is no longer required."""
        assert self.command is not None
        self.config, self.config_error = config_file.Config(), ""
        try:
            self.config = config_file.config_for(words, self.command.name)
        except config_file.ConfigError as error:
            self.config_error = str(error)
        given = config_file.keys_for(self.config, self.command.name)
        for key, action in config_file.long_options(self).items():
            if action.required and key in given:
                action.required = False

    def unrecognized(self, extras: Sequence[str]) -> str:
        options = [
            option for action in self._actions if action.help != argparse.SUPPRESS for option in action.option_strings
        ]
        hints = [
            f"{word}: did you mean {found[0]}?"
            for word in extras
            if word.startswith("-")
            for found in [nearest(word.split("=")[0], options, 1, strip="-")]
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
        sub = commands.add_parser(command.name, help=command.help, description=command.help, command=command)
        add_config_arguments(sub)
    return parser


def add_config_arguments(parser: argparse.ArgumentParser) -> None:
    """`--config FILE`, `--no-config`, `--show-config`: every command's (harness/config.py)."""
    group = parser.add_argument_group("configuration file")
    chosen = group.add_mutually_exclusive_group()
    chosen.add_argument(
        "--config",
        type=Path,
        metavar="FILE",
        help="read this configuration file (default: cribcheck.toml, or pyproject.toml's [tool.cribcheck], "
        "in this folder or the nearest one above it)",
    )
    chosen.add_argument("--no-config", action="store_true", help="read no configuration file")
    group.add_argument(
        "--show-config", action="store_true", help="print the options read from the configuration file, and from where"
    )


def configured(parser: Parser, args: argparse.Namespace) -> argparse.Namespace | int:
    """`args` with the configuration file's options that the command line did not give; an exit
    status instead when there is nothing more to do (`--show-config`, a file that cannot be used).
    `cribcheck run` writes its reports even then: the file's fault is its setup error."""
    sub = parser._subcommand(args.command)
    assert isinstance(sub, Parser)
    config = sub.config
    try:
        if sub.config_error:
            raise config_file.ConfigError(sub.config_error)
        applied = config_file.apply(config, sub, args, args.command, [command.name for command in COMMANDS])
    except config_file.ConfigError as error:
        if args.command != config_file.MAIN_COMMAND or args.show_config:
            print(f"cribcheck {args.command}: {error}", file=sys.stderr)
            return 2
        args.config_error = str(error)
        return args
    if args.show_config:
        print("\n".join(config_file.describe(config, applied, args, sub, args.command)))
        return 0
    return args


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    parsed = configured(parser, parser.parse_args(argv))
    if isinstance(parsed, int):
        return parsed
    args = parsed
    try:
        return int(args.handler(args))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return output_closed()


OUTPUT_CLOSED = 141  # 128 + SIGPIPE: what a shell reports for a command its reader stopped reading


def output_closed() -> int:
    """Standard output closed by its reader (`cribcheck run --collect-only | head -1`): stop quietly,
    as the commands of a shell do. What is still buffered goes nowhere (standard output now writes
    to the null device, so Python's flush at exit raises nothing)."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)
    return OUTPUT_CLOSED


if __name__ == "__main__":
    sys.exit(main())
