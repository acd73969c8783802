"""The configuration file: `[tool.cribcheck]` in the project's pyproject.toml, or `cribcheck.toml`
(the same keys at its top) for a project that has no pyproject.toml.

The keys are the long options without their dashes (`engine`, `expectations`, `junit`,
`max-fail`); the top-level keys are `cribcheck run`'s, and every other command takes those of
them it also has (`engine` for `smoke` and `fuzz`, `cases` for `lint`), while a table per command
(`[tool.cribcheck.fuzz]`) holds what is that command's alone. A flag is `true` or `false`, a
repeatable option a list (or one value), a path relative to the file's folder. The command line
wins: an option given there replaces the file's value, a repeatable one included.

The file is looked for in the current folder, then in each folder above it, up to the first that
holds a `.git` (the repository's top): the first `cribcheck.toml`, or `pyproject.toml` with a
`[tool.cribcheck]` table, is read; `--config FILE` names one, `--no-config` reads none.
`--show-config` prints what was read from where, and which options the command line gave.
"""

from __future__ import annotations

import argparse
import os
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cribcheck.harness.contract.words import did_you_mean

CONFIG_FILE = "cribcheck.toml"
PYPROJECT = "pyproject.toml"
MAIN_COMMAND = "run"  # whose options the top-level keys are
NOT_FROM_A_FILE = frozenset({"help", "version", "config", "no-config", "show-config"})
PATH_TYPES = frozenset({"Path", "existing_path"})  # the argparse types whose values are paths


class ConfigError(Exception):
    """A configuration file that cannot be used: the message names the file, the table and the key."""


@dataclass(frozen=True)
class Config:
    """What one configuration file gives one command: key -> value, and where it came from."""

    path: Path | None = None
    table: str = ""  # `[tool.cribcheck]`, or `cribcheck.toml`
    values: Mapping[str, Any] = field(default_factory=dict)
    looked_in: tuple[Path, ...] = ()

    @property
    def source(self) -> str:
        return f"{self.path} {self.table}".strip() if self.path else "no configuration file"


class GivenNamespace(argparse.Namespace):
    """A namespace that records which of its attributes the command line set (once `watch()` is
    called, after the defaults): `given` names them."""

    def __init__(self, **defaults: Any) -> None:
        super().__init__(**defaults)
        object.__setattr__(self, "_watching", False)
        self.__dict__.setdefault("given", set())

    def watch(self) -> None:
        object.__setattr__(self, "_watching", True)

    def __setattr__(self, name: str, value: Any) -> None:
        # argparse sets a string default again after parsing (through its type): the same object
        if self.__dict__.get("_watching") and value is not self.__dict__.get(name):
            self.__dict__["given"].add(name)
        super().__setattr__(name, value)


def filled_namespace(parser: argparse.ArgumentParser) -> GivenNamespace:
    """A GivenNamespace holding `parser`'s defaults as argparse would set them (a string default
    already through the option's type), watching for what the command line sets."""
    defaults: dict[str, Any] = dict(parser._defaults)
    for action in parser._actions:
        if action.dest == argparse.SUPPRESS or action.default is argparse.SUPPRESS or action.dest in defaults:
            continue
        default = action.default
        if isinstance(default, str):
            default = parser._get_value(action, default)
        defaults[action.dest] = default
    namespace = GivenNamespace(**defaults)
    namespace.watch()
    return namespace


def find(start: Path) -> tuple[Path | None, tuple[Path, ...]]:
    """The configuration file that governs `start`, and the folders looked in."""
    looked: list[Path] = []
    for folder in (start, *start.parents):
        looked.append(folder)
        own = folder / CONFIG_FILE
        if own.is_file():
            return own, tuple(looked)
        pyproject = folder / PYPROJECT
        if pyproject.is_file() and _has_table(pyproject):
            return pyproject, tuple(looked)
        if (folder / ".git").exists():
            break
    return None, tuple(looked)


def _has_table(pyproject: Path) -> bool:
    try:
        document = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False  # not ours to judge: the file is the project's
    return isinstance(document.get("tool"), dict) and isinstance(document["tool"].get("cribcheck"), dict)


def read(path: Path, command: str, looked_in: tuple[Path, ...] = ()) -> Config:
    """The keys that `path` gives `command`; ConfigError naming the file when it cannot be read."""
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"{path}: cannot read: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not TOML: {error}") from None
    if path.name == PYPROJECT:
        tool = document.get("tool", {})
        table = tool.get("cribcheck") if isinstance(tool, dict) else None
        name = "[tool.cribcheck]"
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: no [tool.cribcheck] table")
    else:
        table, name = document, ""
    top = {key: value for key, value in table.items() if not isinstance(value, dict)}
    own = table.get(command, {})
    values = {
        "top": top,
        "own": own if isinstance(own, dict) else {},
        "tables": sorted(key for key, value in table.items() if isinstance(value, dict)),
    }
    return Config(path, name, values, looked_in)


def config_for(args: list[str], command: str) -> Config:
    """The configuration `command` reads, from the words `--config FILE` / `--no-config` in `args`."""
    if "--no-config" in args:
        return Config()
    for number, word in enumerate(args):
        if word == "--config" and number + 1 < len(args):
            return read(Path(args[number + 1]), command)
        if word.startswith("--config="):
            return read(Path(word.split("=", 1)[1]), command)
    path, looked = find(Path.cwd())
    return read(path, command, looked) if path else Config(looked_in=looked)


def keys_for(config: Config, command: str) -> set[str]:
    """The keys `config` may give `command` (its own table's and the top-level ones)."""
    if config.path is None:
        return set()
    return {*config.values["top"], *config.values["own"]}


def long_options(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    """A command's long options by their key (`--max-fail` -> `max-fail`), hidden ones left out."""
    return {
        option[2:]: action
        for action in parser._actions
        if action.help != argparse.SUPPRESS
        for option in action.option_strings
        if option.startswith("--") and option[2:] not in NOT_FROM_A_FILE
    }


def apply(
    config: Config,
    parser: argparse.ArgumentParser,
    namespace: argparse.Namespace,
    command: str,
    commands: Iterable[str] = (MAIN_COMMAND,),
) -> dict[str, str]:
    """Set in `namespace` every key of `config` for `command` that the command line did not give;
    the options set, key -> where from. The top-level keys are `run`'s (another command takes
    those it has); `commands`: every command's name, the tables the file may hold. ConfigError
    names the file, the key and what is wrong."""
    if config.path is None:
        return {}
    options = long_options(parser)
    given = getattr(namespace, "given", set())
    top, own = config.values["top"], config.values["own"]
    where = config.source
    known_tables = {MAIN_COMMAND, *commands}
    for table in config.values["tables"]:
        if table not in known_tables:
            raise ConfigError(f"{where}: [{table}]: no command of that name{did_you_mean(table, known_tables)}")
    chosen: dict[str, tuple[Any, str]] = {}
    for key, value in top.items():
        if key in options and command != MAIN_COMMAND and isinstance(value, list) and not _repeatable(options[key]):
            continue  # run's list (`profile = ["six-card", "six-card-61"]`) for a command that takes one value
        if key in options:
            chosen[key] = (value, where)
        elif command == MAIN_COMMAND:  # another command leaves out the keys it has not: `run` checks them
            raise ConfigError(
                f"{where}: {key}: not an option of `cribcheck {MAIN_COMMAND}`{did_you_mean(key, options)}"
            )
    for key, value in own.items():
        if key not in options:
            raise ConfigError(
                f"{where} [{command}]: {key}: not an option of `cribcheck {command}`{did_you_mean(key, options)}"
            )
        chosen[key] = (value, f"{where} [{command}]")
    applied: dict[str, str] = {}
    folder = config.path.parent
    excluded = {  # the other members of a mutually exclusive group whose member the command line gave
        other.dest
        for group in parser._mutually_exclusive_groups
        if any(action.dest in given for action in group._group_actions)
        for other in group._group_actions
    }
    for key, (value, source) in chosen.items():
        action = options[key]
        if action.dest in given or action.dest in excluded:
            continue
        try:
            _set(parser, namespace, action, value, folder)
        except (argparse.ArgumentError, argparse.ArgumentTypeError, ValueError, TypeError) as error:
            raise ConfigError(f"{source}: {key}: {_reason(error)}") from None
        applied[key] = source
    return applied


def _repeatable(action: argparse.Action) -> bool:
    return isinstance(action, argparse._AppendAction) or type(action).__name__ == "_EveryEngine"


def _reason(error: Exception) -> str:
    return str(getattr(error, "message", None) or error)


def _set(
    parser: argparse.ArgumentParser, namespace: argparse.Namespace, action: argparse.Action, value: Any, folder: Path
) -> None:
    """Set one option from the file as the command line would, through the option's own action."""
    if action.nargs == 0:  # a flag
        if not isinstance(value, bool):
            raise ValueError(f"a flag takes true or false, not {value!r}")
        if value:
            action(parser, namespace, None, None)
        return
    repeatable = _repeatable(action)
    if isinstance(value, list):
        if not repeatable:
            raise ValueError(f"takes one value, not a list: {value!r}")
        items = value
    else:
        items = [value]
    if repeatable:  # the file's list, not added to a default
        if type(action).__name__ == "_EveryEngine":
            namespace.engines = ()
            setattr(namespace, action.dest, None)
        else:
            setattr(namespace, action.dest, [])
    for item in items:
        if isinstance(item, (dict, list, bool)):
            raise ValueError(f"not a value this option takes: {item!r}")
        text = str(item)
        if getattr(action.type, "__name__", None) in PATH_TYPES and text != "-":
            text = _from(folder, text)
        action(parser, namespace, parser._get_values(action, [text]), None)


def _from(folder: Path, text: str) -> str:
    """A path of the file, relative to the file's folder, as the current folder reaches it."""
    path = folder / Path(text).expanduser()
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive
        return str(path)


def describe(
    config: Config,
    applied: Mapping[str, str],
    namespace: argparse.Namespace,
    parser: argparse.ArgumentParser,
    command: str,
) -> list[str]:
    """`--show-config`: the file read (or where none was found), then every option set, from where."""
    lines: list[str] = []
    if config.path is None:
        if config.looked_in:
            looked = ", ".join(str(folder) for folder in config.looked_in)
            lines.append(f"no configuration file: no {CONFIG_FILE}, nor {PYPROJECT} with [tool.cribcheck], in {looked}")
        else:
            lines.append("no configuration file read (--no-config)")
    else:
        lines.append(f"configuration: {config.source}")
    given = getattr(namespace, "given", set())
    rows: list[tuple[str, str, str]] = []
    for key, action in long_options(parser).items():
        if action.dest == "engines":
            continue
        if key in applied:
            source = applied[key]
        elif action.dest in given and key == _first_key(parser, action):
            source = "the command line"
        else:
            continue
        rows.append((key, _shown(getattr(namespace, action.dest, None)), source))
    if not rows:
        lines.append(f"every option of `cribcheck {command}` at its default")
    width = max((len(f"{key} = {value}") for key, value, _ in rows), default=0)
    lines += [f"  {f'{key} = {value}':<{width}}  ({source})" for key, value, source in rows]
    return lines


def _first_key(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    return next(option[2:] for option in action.option_strings if option.startswith("--"))


def _shown(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_shown(item) for item in value) + "]"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, Path):
        return f'"{value}"'
    return str(value).lower() if isinstance(value, bool) else str(value)
