"""Where the suite's own files are: the case corpus, the rules catalogue and the JSON Schemas.

Every room of the harness asks this module, so the one answer to "where is the corpus?" lives here.
The corpus (`cases/`) and the schemas (`schema/`) sit at the top of the repository and are
installed with cribcheck as the data packages `cribcheck.harness._cases` and `cribcheck.harness._schema`
(pyproject.toml maps them), so they are found through importlib.resources alike in a checkout,
an editable install and an installed wheel, from any working directory.
"""

from __future__ import annotations

import hashlib
import re
from functools import cache
from importlib.resources import files
from pathlib import Path

import yaml


def _package_folder(package: str) -> Path:
    """The folder of one of the suite's data packages, as a path on disk."""
    folder = files(package)
    if not isinstance(folder, Path):
        raise RuntimeError(f"cribcheck's {package} is not a folder on disk ({folder!r}): install it unzipped")
    return folder


CASES_DIR = _package_folder("cribcheck.harness._cases")
SCHEMA_DIR = _package_folder("cribcheck.harness._schema")
CATALOGUE_FILE = CASES_DIR / "rules.yaml"
# The repository in a checkout; where the installed data sit otherwise. Paths are shown from here.
REPO_ROOT = CASES_DIR.parent
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


@cache
def _shown_roots() -> tuple[tuple[Path, str], ...]:
    """The folders display_path shows from, resolved once (a rerun of one case shows the path of
    every case file: resolving the three folders again for each was a tenth of its time)."""
    return tuple(
        (folder.resolve(), name) for folder, name in ((CASES_DIR, "cases"), (SCHEMA_DIR, "schema"), (REPO_ROOT, ""))
    )


def display_path(path: Path) -> str:
    """A path as shown to a person: a file of the corpus or the schemas as `cases/...` or
    `schema/...` (as in the repository, wherever it is installed), another relative to the
    repository when inside it, else as given."""
    if path.is_absolute() and path.is_relative_to(CASES_DIR):  # a case file as the corpus lists it: no lookup
        return (Path("cases") / path.relative_to(CASES_DIR)).as_posix()
    full = resolved(path)
    for folder, name in _shown_roots():
        if full.is_relative_to(folder):
            return (Path(name) / full.relative_to(folder)).as_posix()
    return str(path)


NAME_PART_MOST = 60  # characters of a file name the suite makes from engine or report text


def name_part(text: str, most: int = NAME_PART_MOST) -> str:
    """`text` as a bounded part of a file name: lower-case letters, digits and dashes, at most
    `most` characters. Text cut short keeps a digest of the whole in its last 11 characters, so two
    texts that differ only past the cut stay two names; `engine` when nothing is left."""
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "engine"
    if len(slug) <= most:
        return slug
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:10]
    return f"{slug[: most - 11].rstrip('-')}-{digest}"
