"""Where the suite's own files are: the case corpus, the rules catalogue and the JSON Schemas.

Every room of the harness asks this module, so the one answer to "where is the corpus?" lives here.
"""

from __future__ import annotations

from pathlib import Path

import yaml

REPO_ROOT = Path(__file__).resolve().parents[2]
CASES_DIR = REPO_ROOT / "cases"
SCHEMA_DIR = REPO_ROOT / "schema"
CATALOGUE_FILE = CASES_DIR / "rules.yaml"
# Safe loading only; libyaml's safe loader when PyYAML was built with it (several times faster).
SAFE_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class NoAliasDumper(yaml.SafeDumper):
    """The safe dumper, writing a value used twice out twice: the suite's files are read without
    aliases (harness/corpus/strict_yaml.py), so nothing the suite writes may hold one."""

    def ignore_aliases(self, data: object) -> bool:
        return True


def resolved(path: Path) -> Path:
    """`path.resolve()`, or the absolute path when that fails (a symbolic link loop raises
    RuntimeError before Python 3.13, OSError after): reading the file then says what is wrong."""
    try:
        return path.resolve()
    except (RuntimeError, OSError):
        return path.absolute()


def display_path(path: Path) -> str:
    """A path as shown to a person: relative to the repository when inside it."""
    try:
        return str(resolved(path).relative_to(REPO_ROOT))
    except ValueError:
        return str(path)
